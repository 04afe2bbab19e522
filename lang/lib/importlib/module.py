"""Python's importlib: import_module (a module by name, relative names
with package) and reload (runs a module's file again in it).
importlib.util and importlib.machinery load a module from a file path."""

import sys as _sys

import _importlib

__all__ = ['__import__', 'import_module', 'invalidate_caches', 'reload']


def _resolve_name(name, package, level):
    bits = package.rsplit('.', level - 1)
    if len(bits) < level:
        raise ImportError('attempted relative import beyond top-level package')
    base = bits[0]
    return '{}.{}'.format(base, name) if name else base


def import_module(name, package=None):
    """Imports the module name and returns it: import_module('os.path'),
    or import_module('.sub', 'pkg') for pkg.sub."""
    level = 0
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a "
                            "relative import for {!r}".format(name))
        for character in name:
            if character != '.':
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    if not name:
        raise ValueError('Empty module name')
    return _importlib.import_module(name)


def __import__(name, globals=None, locals=None, fromlist=(), level=0):
    """The import statement's function: imports name and returns its top
    package, or the module itself when fromlist names what to take."""
    if level > 0:
        package = (globals or {}).get('__package__')
        if not package:
            raise ImportError('attempted relative import with no known parent package')
        name = _resolve_name(name, package, level)
    module = _importlib.import_module(name)
    if fromlist:
        return module
    return _importlib.import_module(name.partition('.')[0])


def reload(module):
    """Runs the file of module, imported before, again in it and returns
    it; a module of kael's own is returned as it is."""
    if type(module).__name__ != 'module':
        raise TypeError("reload() argument must be a module")
    name = module.__name__
    if _sys.modules.get(name) is not module:
        raise ImportError(f"module {name} not in sys.modules", name=name)
    if _importlib.module_file(module).endswith('.py'):
        _importlib.exec_module(module)
    return module


def invalidate_caches():
    """Does nothing: kael looks for module files at each import."""
    return None
