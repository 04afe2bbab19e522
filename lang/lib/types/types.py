"""Define names for built-in types, as CPython 3.11's types does.

The classes of the interpreter's values, found as CPython's types.py finds
them (type(f), type(None), ...), SimpleNamespace, an object whose
attributes are the keywords it was made with, new_class, prepare_class and
resolve_bases, which make classes as a class statement does, coroutine and
DynamicClassAttribute.
"""

import sys
from _types import MappingProxyType, new_class, prepare_class, _mark_function, _mark_generator

__all__ = ["FunctionType", "LambdaType", "CodeType", "MappingProxyType", "SimpleNamespace",
           "CellType", "GeneratorType", "CoroutineType", "AsyncGeneratorType",
           "MethodType", "BuiltinFunctionType", "BuiltinMethodType",
           "WrapperDescriptorType", "MethodWrapperType", "MethodDescriptorType",
           "ClassMethodDescriptorType", "ModuleType", "TracebackType", "FrameType",
           "GetSetDescriptorType", "MemberDescriptorType", "new_class", "resolve_bases",
           "prepare_class", "DynamicClassAttribute", "coroutine", "GenericAlias",
           "UnionType", "EllipsisType", "NoneType", "NotImplementedType"]


def _f(): pass
FunctionType = type(_f)
LambdaType = type(lambda: None)         # Same as FunctionType
CodeType = type(_f.__code__)


def _cell_factory():
    a = 1

    def f():
        nonlocal a
    return f.__closure__[0]
CellType = type(_cell_factory())


def _g():
    yield 1


async def _c():
    pass


async def _ag():
    yield 1


GeneratorType = type(_g())
_c = _c()
CoroutineType = type(_c)
_c.close()
AsyncGeneratorType = type(_ag())


class _C:
    def _m(self): pass


MethodType = type(_C()._m)

BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)     # Same as BuiltinFunctionType

# kael's slot wrappers and method descriptors are builtin functions, so
# these are the classes of the values CPython's types.py takes them from.
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__str__)
MethodDescriptorType = type(str.join)
ClassMethodDescriptorType = type(dict.fromkeys)

ModuleType = type(sys)

try:
    raise TypeError
except TypeError as exc:
    TracebackType = type(exc.__traceback__)
    FrameType = type(exc.__traceback__.tb_frame)


class _S:
    __slots__ = ("_a",)


GetSetDescriptorType = type(_C.__dict__["__dict__"])
MemberDescriptorType = type(_S.__dict__["_a"])

del sys, _f, _g, _C, _S, _c, _ag

GenericAlias = type(list[int])
UnionType = type(int | str)

EllipsisType = type(Ellipsis)
NoneType = type(None)
NotImplementedType = type(NotImplemented)


def resolve_bases(bases):
    """Resolve MRO entries dynamically as specified by PEP 560."""
    new_bases = list(bases)
    updated = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, "__mro_entries__"):
            continue
        new_base = base.__mro_entries__(bases)
        updated = True
        if not isinstance(new_base, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        else:
            new_bases[i+shift:i+shift+1] = new_base
            shift += len(new_base) - 1
    if not updated:
        return bases
    return tuple(new_bases)


class DynamicClassAttribute(property):
    """Route attribute access on a class to __getattr__.

    This is a descriptor, used to define attributes that act differently when
    accessed through an instance and through a class.  Instance access remains
    normal, but access to an attribute through a class will be routed to the
    class's __getattr__ method; this is done by raising AttributeError.

    This allows one to have properties active on an instance, and have virtual
    attributes on the class with the same name.  (Enum used this between Python
    versions 3.4 - 3.9 .)

    Subclass from this to use a different method of accessing virtual attributes
    and still be treated properly by the inspect module. (Enum uses this since
    Python 3.10 .)

    """
    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        # next two lines make DynamicClassAttribute act the same as property
        self.__doc__ = doc or fget.__doc__
        self.overwrite_doc = doc is None
        # support for abstract methods
        self.__isabstractmethod__ = bool(getattr(fget, '__isabstractmethod__', False))

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            if self.__isabstractmethod__:
                return self
            raise AttributeError()
        elif self.fget is None:
            raise AttributeError("unreadable attribute")
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("can't set attribute")
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("can't delete attribute")
        self.fdel(instance)

    def getter(self, fget):
        fdoc = fget.__doc__ if self.overwrite_doc else None
        result = type(self)(fget, self.fset, self.fdel, fdoc or self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result

    def setter(self, fset):
        result = type(self)(self.fget, fset, self.fdel, self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result

    def deleter(self, fdel):
        result = type(self)(self.fget, self.fset, fdel, self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result


def coroutine(func):
    """Convert regular generator function to a coroutine."""
    if not callable(func):
        raise TypeError('types.coroutine() expects a callable')
    if _mark_function(func):
        return func

    def wrapped(*args, **kwargs):
        return _mark_generator(func(*args, **kwargs))

    wrapped.__name__ = getattr(func, "__name__", "wrapped")
    wrapped.__qualname__ = getattr(func, "__qualname__", "wrapped")
    wrapped.__doc__ = getattr(func, "__doc__", None)
    wrapped.__wrapped__ = func
    return wrapped

# The ids of the namespaces whose repr is being written: a namespace met
# again inside its own repr shows as namespace(...), as CPython's does.
_repr_running = set()


class SimpleNamespace:
    """A simple attribute-based namespace.

    SimpleNamespace(**kwargs)"""

    def __init__(self, /, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        self.__dict__.update(kwargs)

    def __repr__(self):
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        key = id(self)
        if key in _repr_running:
            return name + "(...)"
        _repr_running.add(key)
        try:
            items = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        finally:
            _repr_running.discard(key)
        return f"{name}({items})"

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __getattr__(self, name):
        cls = type(self)
        shown = "types.SimpleNamespace" if cls is SimpleNamespace else cls.__name__
        raise AttributeError(f"'{shown}' object has no attribute '{name}'")

    def __reduce__(self):
        return (type(self), (), self.__dict__)
