"""Read and write ZIP files, as CPython 3.11's zipfile.

ZipFile, ZipInfo and is_zipfile are kael's _zipfile, in Go; Path, the
pathlib-like view of an archive's members, is here, as in CPython's
zipfile.py.
"""

import io
import os.path as _posixpath

from _zipfile import (ZipFile, ZipInfo, is_zipfile, BadZipFile,
                      BadZipfile, error, LargeZipFile, ZIP_STORED,
                      ZIP_DEFLATED, ZIP_BZIP2, ZIP_LZMA, ZIP64_LIMIT,
                      ZIP_MAX_COMMENT)

__all__ = ["BadZipFile", "BadZipfile", "error",
           "ZIP_STORED", "ZIP_DEFLATED", "ZIP_BZIP2", "ZIP_LZMA",
           "is_zipfile", "ZipInfo", "ZipFile", "LargeZipFile", "Path"]


def _parents(name):
    """The directories above name, nearest first: 'a/b/c' gives 'a/b'
    and 'a'."""
    name = name.rstrip('/')
    out = []
    while True:
        name = _posixpath.dirname(name)
        if not name or name == '/':
            return out
        out.append(name)


def _all_names(zf):
    """The archive's names and then the directories they imply but the
    archive does not list (each with its '/'), in order."""
    names = zf.namelist()
    listed = set(names)
    implied = []
    for name in names:
        for parent in _parents(name):
            d = parent + '/'
            if d not in listed:
                listed.add(d)
                implied.append(d)
    return names + implied


class Path:
    """A member of a zip archive (or its root) as a path: / and
    joinpath, iterdir, parent, name, exists, is_dir, is_file, open,
    read_text and read_bytes.

    Path(root, at=''): root is a ZipFile or the archive's file name, and
    at the member's name in it ('' for the root, a directory ending in
    '/').
    """

    def __init__(self, root, at=""):
        if not isinstance(root, ZipFile):
            root = ZipFile(root)
        self.root = root
        self.at = at

    def open(self, mode='r', *args, pwd=None, **kwargs):
        """The member opened: bytes for a mode with 'b', else text (a
        TextIOWrapper taking encoding and the rest)."""
        if self.is_dir():
            raise IsADirectoryError(self)
        zip_mode = mode[0]
        if not self.exists() and zip_mode == 'r':
            raise FileNotFoundError(self)
        stream = self.root.open(self.at, zip_mode, pwd=pwd)
        if 'b' in mode:
            if args or kwargs:
                raise ValueError("encoding args invalid for binary operation")
            return stream
        return io.TextIOWrapper(stream, *args, **kwargs)

    @property
    def name(self):
        return _posixpath.basename(self.at.rstrip('/')) or \
            _posixpath.basename(self.root.filename)

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        return name[i:] if 0 < i < len(name) - 1 else ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        return ['.' + s for s in name.lstrip('.').split('.')[1:]]

    @property
    def stem(self):
        suffix = self.suffix
        return self.name[:-len(suffix)] if suffix else self.name

    @property
    def filename(self):
        import pathlib
        return pathlib.Path(self.root.filename).joinpath(self.at)

    def read_text(self, *args, **kwargs):
        with self.open('r', *args, **kwargs) as strm:
            return strm.read()

    def read_bytes(self):
        with self.open('rb') as strm:
            return strm.read()

    def _is_child(self, path):
        return _posixpath.dirname(path.at.rstrip('/')) == self.at.rstrip('/')

    def _next(self, at):
        return self.__class__(self.root, at)

    def is_dir(self):
        return not self.at or self.at.endswith('/')

    def is_file(self):
        return self.exists() and not self.is_dir()

    def exists(self):
        return self.at in set(_all_names(self.root))

    def iterdir(self):
        if not self.is_dir():
            raise ValueError("Can't listdir a file")
        subs = (self._next(name) for name in _all_names(self.root))
        return (p for p in subs if self._is_child(p))

    def __str__(self):
        return _posixpath.join(self.root.filename, self.at)

    def __repr__(self):
        return f"{type(self).__name__}({self.root.filename!r}, {self.at!r})"

    def joinpath(self, *other):
        at = _posixpath.join(self.at, *other)
        names = set(_all_names(self.root))
        if at not in names and at + '/' in names:
            at += '/'
        return self._next(at)

    __truediv__ = joinpath

    @property
    def parent(self):
        if not self.at:
            return self.filename.parent
        parent_at = _posixpath.dirname(self.at.rstrip('/'))
        if parent_at:
            parent_at += '/'
        return self._next(parent_at)
