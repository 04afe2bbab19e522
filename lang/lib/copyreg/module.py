"""Helpers of pickle and copy, as Python's copyreg module: pickle()
registers the function that reduces the objects of a type (kept in
dispatch_table, which pickle and copy consult before an object's own
__reduce_ex__), __newobj__, __newobj_ex__ and _reconstructor rebuild the
objects reductions describe, and add_extension and remove_extension keep
the registry of pickle's extension codes.

kael's copyreg is written after CPython's Lib/copyreg.py; the dispatch
table is shared with pickle and copy through _copyreg."""

import _copyreg

__all__ = ["pickle", "constructor",
           "add_extension", "remove_extension", "clear_extension_cache"]

dispatch_table = _copyreg.dispatch_table
__newobj__ = _copyreg.__newobj__
_reconstructor = _copyreg._reconstructor


def pickle(ob_type, pickle_function, constructor_ob=None):
    """Registers pickle_function(obj), which returns a reduction (a
    callable and its arguments, and optionally a state), for the objects
    of ob_type."""
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    # constructor_ob is kept for backward compatibility, as CPython's
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    """Checks that object is callable (all CPython's copyreg does)."""
    if not callable(object):
        raise TypeError("constructors must be callable")


def __newobj_ex__(cls, args, kwargs):
    """cls.__new__(cls, *args, **kwargs): the object of a reduction with
    keyword arguments (pickle's NEWOBJ_EX)."""
    return cls.__new__(cls, *args, **kwargs)


def _slotnames(cls):
    """The names of the slots of cls and its bases, cached on the class as
    __slotnames__."""
    own = getattr(cls, "__dict__", None) or {}
    names = own.get("__slotnames__")
    if names is not None:
        return names
    names = []
    if hasattr(cls, "__slots__"):
        for c in cls.__mro__:
            d = getattr(c, "__dict__", None)
            if isinstance(d, dict) or hasattr(d, "get"):
                slots = d.get("__slots__")
            else:
                slots = None
            if slots is not None:
                if isinstance(slots, str):
                    slots = (slots,)
                for name in slots:
                    if name in ("__dict__", "__weakref__"):
                        continue
                    elif name.startswith('__') and not name.endswith('__'):
                        stripped = c.__name__.lstrip('_')
                        if stripped:
                            names.append('_%s%s' % (stripped, name))
                        else:
                            names.append(name)
                    else:
                        names.append(name)
    try:
        cls.__slotnames__ = names
    except Exception:
        pass
    return names


# The extension registry: (module, name) to code and back.

_extension_registry = {}
_inverted_registry = {}
_extension_cache = {}


def add_extension(module, name, code):
    """Registers code (1 to 0x7fffffff) as the extension code of the
    global module.name."""
    code = int(code)
    if not 1 <= code <= 0x7fffffff:
        raise ValueError("code out of range")
    key = (module, name)
    if (_extension_registry.get(key) == code and
            _inverted_registry.get(code) == key):
        return  # Redundant registrations are benign
    if key in _extension_registry:
        raise ValueError("key %s is already registered with code %s" %
                         (key, _extension_registry[key]))
    if code in _inverted_registry:
        raise ValueError("code %s is already in use for key %s" %
                         (code, _inverted_registry[code]))
    _extension_registry[key] = code
    _inverted_registry[code] = key


def remove_extension(module, name, code):
    """Unregisters the extension code of module.name."""
    key = (module, name)
    if (_extension_registry.get(key) != code or
            _inverted_registry.get(code) != key):
        raise ValueError("key %s is not registered with code %s" %
                         (key, code))
    del _extension_registry[key]
    del _inverted_registry[code]
    if code in _extension_cache:
        del _extension_cache[code]


def clear_extension_cache():
    """Empties the cache of the objects extension codes name."""
    _extension_cache.clear()
