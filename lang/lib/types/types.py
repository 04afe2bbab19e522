"""Dynamic type creation, as CPython 3.11's types for what programs use of it.

SimpleNamespace, an object whose attributes are the keywords it was made
with, and new_class and prepare_class, which make classes as a class
statement does.
"""

from _types import MappingProxyType, new_class, prepare_class, _mark_function, _mark_generator

__all__ = ["MappingProxyType", "SimpleNamespace", "new_class", "prepare_class", "coroutine",
           "GeneratorType", "CoroutineType", "AsyncGeneratorType",
           "GenericAlias", "UnionType"]


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
del _g, _c, _ag
GenericAlias = type(list[int])
UnionType = type(int | str)


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
