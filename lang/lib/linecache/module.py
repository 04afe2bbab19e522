"""Python's linecache: the lines of text files, read once and cached,
by file name and line number (getline, getlines, clearcache, checkcache,
updatecache, lazycache)."""

import os
import sys

__all__ = ["getline", "clearcache", "checkcache", "lazycache"]

# cache maps a file name to (size, mtime, lines, fullname); a lazily
# cached entry is a 1-tuple of a function that gives the source.
cache = {}


def clearcache():
    """Forgets every cached file."""
    cache.clear()


def getline(filename, lineno, module_globals=None):
    """Line lineno (from 1) of the file, with its newline; '' when the
    file or the line does not exist."""
    lines = getlines(filename, module_globals)
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ''


def getlines(filename, module_globals=None):
    """The lines of the file, each with its newline; [] when it cannot be
    read."""
    if filename in cache:
        entry = cache[filename]
        if len(entry) != 1:
            return cache[filename][2]
    try:
        return updatecache(filename, module_globals)
    except MemoryError:
        clearcache()
        return []


def checkcache(filename=None):
    """Drops the cached files (or the one named) that changed or
    disappeared on disk."""
    if filename is None:
        filenames = list(cache.keys())
    elif filename in cache:
        filenames = [filename]
    else:
        return
    for filename in filenames:
        entry = cache[filename]
        if len(entry) == 1:
            continue  # lazily cached: no file to look at
        size, mtime, lines, fullname = entry
        if mtime is None:
            continue  # not read from a file
        try:
            stat = os.stat(fullname)
        except OSError:
            cache.pop(filename, None)
            continue
        if size != stat.st_size or mtime != stat.st_mtime:
            cache.pop(filename, None)


def updatecache(filename, module_globals=None):
    """Reads the file anew into the cache and returns its lines ([] when
    it cannot be read). A relative name is looked for in the directories
    of sys.path too."""
    if filename in cache:
        if len(cache[filename]) != 1:
            cache.pop(filename, None)
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        return []
    if filename in cache and len(cache[filename]) == 1:
        data = None
        try:
            data = cache[filename][0]()
        except (ImportError, OSError):
            pass
        if data is None:
            cache.pop(filename, None)
            return []
        lines = data.splitlines(True)
        if lines and not lines[-1].endswith('\n'):
            lines[-1] += '\n'
        cache[filename] = (len(data), None, lines, filename)
        return lines
    fullname = filename
    try:
        stat = os.stat(fullname)
    except OSError:
        if os.path.isabs(filename):
            return []
        for dirname in sys.path:
            try:
                fullname = os.path.join(dirname, filename)
            except (TypeError, AttributeError):
                continue
            try:
                stat = os.stat(fullname)
                break
            except OSError:
                pass
        else:
            return []
    try:
        with open(fullname, 'r', encoding='utf-8') as fp:
            lines = fp.readlines()
    except (OSError, UnicodeDecodeError, SyntaxError):
        return []
    if lines and not lines[-1].endswith('\n'):
        lines[-1] += '\n'
    cache[filename] = stat.st_size, stat.st_mtime, lines, fullname
    return lines


def lazycache(filename, module_globals):
    """Records a module's loader for the file, to be asked for its source
    on first use: True when one was recorded (or the file is cached)."""
    if filename in cache:
        return len(cache[filename]) == 1
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        return False
    if module_globals and '__name__' in module_globals:
        name = module_globals['__name__']
        loader = module_globals.get('__loader__')
        if loader is None:
            spec = module_globals.get('__spec__')
            loader = getattr(spec, 'loader', None)
        get_source = getattr(loader, 'get_source', None)
        if name and get_source:
            cache[filename] = (lambda: get_source(name),)
            return True
    return False
