"""Python's importlib.util: spec_from_file_location, module_from_spec and
find_spec, to load a module from a file path (a configuration file, a
plug-in) or ask where an import would find one."""

import sys as _sys

import _importlib
from importlib.machinery import ModuleSpec, SourceFileLoader, BuiltinImporter
from importlib.machinery import NamespaceLoader as _NamespaceLoader


def resolve_name(name, package):
    """The absolute name of name, relative to package when it starts
    with dots: resolve_name('..b', 'p.q.r') is 'p.q.b'."""
    if not name.startswith('.'):
        return name
    if not package:
        raise ImportError(f'no package specified for {name!r} (required for relative module names)')
    level = len(name) - len(name.lstrip('.'))
    from importlib import _resolve_name
    return _resolve_name(name[level:], package, level)


def spec_from_loader(name, loader, *, origin=None, is_package=None):
    """The ModuleSpec of the module name loaded by loader."""
    if is_package is None and loader is not None and hasattr(loader, 'is_package'):
        try:
            is_package = loader.is_package(name)
        except ImportError:
            is_package = None
    if origin is None and loader is not None and hasattr(loader, 'get_filename'):
        return spec_from_file_location(name, loader.get_filename(name), loader=loader)
    return ModuleSpec(name, loader, origin=origin, is_package=bool(is_package))


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=None):
    """The ModuleSpec of the module name in the Python file location;
    None when location is not a .py file and no loader is given."""
    import os
    if location is None:
        return None
    location = os.path.abspath(os.fspath(location))
    if loader is None:
        if not location.endswith('.py'):
            return None
        loader = SourceFileLoader(name, location)
    spec = ModuleSpec(name, loader, origin=location)
    spec._set_fileattr = True
    if submodule_search_locations is not None:
        spec.submodule_search_locations = list(submodule_search_locations)
    elif hasattr(loader, 'is_package') and loader.is_package(name):
        spec.submodule_search_locations = [os.path.dirname(location)]
    return spec


def module_from_spec(spec):
    """A new module for spec, its code not run yet: spec.loader's
    exec_module(module) runs it."""
    module = None
    if hasattr(spec.loader, 'create_module'):
        module = spec.loader.create_module(spec)
    elif hasattr(spec.loader, 'exec_module'):
        pass
    else:
        raise ImportError('loaders that define exec_module() must also define create_module()')
    if module is None:
        module = _importlib.new_module(spec.name, spec.origin if spec.has_location else '')
    module.__spec__ = spec
    module.__loader__ = spec.loader
    if spec.submodule_search_locations is not None:
        module.__path__ = spec.submodule_search_locations
    return module


def _find(name):
    found, path = _importlib.find(name)
    if not found:
        return None
    if not path:
        return _builtin_spec(name, _importlib.is_package(name))
    return _spec_at(name, path)


def _builtin_spec(name, is_pkg):
    """The spec of kael's own module name, built into its executable as
    CPython's math and sys are: BuiltinImporter, origin 'built-in'; a
    package's submodule_search_locations is []. Its import sets it as
    __spec__ (lang.SetImportSpecs)."""
    return ModuleSpec(name, BuiltinImporter, origin='built-in', is_package=is_pkg)


def _spec_at(name, path):
    """The spec of module name made from path: a .py file, a package's
    __init__.py, or a namespace package's directory. The import of a
    file module sets it as __spec__ (lang.SetImportSpecs)."""
    is_pkg = path.endswith('__init__.py') or not path.endswith('.py')
    if not path.endswith('.py'):
        spec = ModuleSpec(name, _NamespaceLoader(name, [path], None), is_package=True)
        spec.submodule_search_locations = spec.loader._path
        return spec
    spec = ModuleSpec(name, SourceFileLoader(name, path), origin=path, is_package=is_pkg)
    spec._set_fileattr = True
    if is_pkg:
        import os
        spec.submodule_search_locations = [os.path.dirname(path)]
    return spec


def find_spec(name, package=None):
    """The ModuleSpec of the module an import of name would find, None
    when there is none; the module's own __spec__ when it is imported."""
    name = resolve_name(name, package)
    if name in _sys.modules:
        module = _sys.modules[name]
        try:
            spec = module.__spec__
        except AttributeError:
            spec = _find(name)
            if spec is None:
                raise ValueError('{}.__spec__ is not set'.format(name)) from None
            return spec
        if spec is None:
            raise ValueError('{}.__spec__ is None'.format(name))
        return spec
    parent = name.rpartition('.')[0]
    if parent:
        import importlib
        pkg = importlib.import_module(parent)
        if not hasattr(pkg, '__path__') and _importlib.module_file(pkg).endswith('.py') and not _importlib.module_file(pkg).endswith('__init__.py'):
            raise ModuleNotFoundError(f"__path__ attribute not found on {parent!r} while trying to find {name!r}", name=name)
    return _find(name)
