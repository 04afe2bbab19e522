"""Python's importlib.machinery: ModuleSpec, SourceFileLoader and
NamespaceLoader, which importlib.util uses to load a module from a file
and an import gives its modules, and the file suffixes."""

import _importlib

SOURCE_SUFFIXES = ['.py']
BYTECODE_SUFFIXES = ['.pyc']
EXTENSION_SUFFIXES = []


def all_suffixes():
    return SOURCE_SUFFIXES + BYTECODE_SUFFIXES + EXTENSION_SUFFIXES


class ModuleSpec:
    """What an import knows of a module before loading it: name, loader,
    origin (its file, or 'built-in'), submodule_search_locations (a
    package's directories), parent, has_location."""

    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self._set_fileattr = False
        self.cached = None

    def __repr__(self):
        args = ['name={!r}'.format(self.name), 'loader={!r}'.format(self.loader)]
        if self.origin is not None:
            args.append('origin={!r}'.format(self.origin))
        if self.submodule_search_locations is not None:
            args.append('submodule_search_locations={}'.format(self.submodule_search_locations))
        return '{}({})'.format(self.__class__.__name__, ', '.join(args))

    def __eq__(self, other):
        if not isinstance(other, ModuleSpec):
            return NotImplemented
        return (self.name == other.name and self.loader == other.loader and
                self.origin == other.origin and
                self.submodule_search_locations == other.submodule_search_locations and
                self.has_location == other.has_location)

    __hash__ = None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition('.')[0]
        return self.name

    @property
    def has_location(self):
        return self._set_fileattr


class SourceFileLoader:
    """Loads the module name from the Python file path."""

    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def __eq__(self, other):
        return self.__class__ == other.__class__ and self.__dict__ == other.__dict__

    def __hash__(self):
        return hash(self.name) ^ hash(self.path)

    def get_filename(self, name=None):
        return self.path

    def get_source(self, name=None):
        with open(self.path, encoding='utf-8') as f:
            return f.read()

    def is_package(self, fullname=None):
        import os
        return os.path.basename(self.path).rpartition('.')[0] == '__init__'

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        """Runs the file in module."""
        _importlib.exec_module(module)


class NamespaceLoader:
    """The loader of a namespace package (a directory without
    __init__.py): its module has no code to run."""

    def __init__(self, name, path, path_finder):
        self._path = path

    def is_package(self, fullname):
        return True

    def get_source(self, fullname):
        return ''

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        pass


class BuiltinImporter:
    """The loader of kael's own modules."""

    @classmethod
    def create_module(cls, spec):
        return None

    @classmethod
    def exec_module(cls, module):
        return None
