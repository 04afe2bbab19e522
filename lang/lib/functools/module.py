"""Python's functools, as CPython 3.11's. Its Go part, the module
_functools, has reduce, wraps, update_wrapper, lru_cache, cache,
cached_property, total_ordering and cmp_to_key; partial is CPython's
class, written here as Lib/functools.py writes it, with the C type's
rules: nested partials are flattened when the inner one is a partial
(or a subclass that keeps partial's __call__) with no attributes of its
own, and the repr names functools.partial, or the subclass.
singledispatch, singledispatchmethod and partialmethod come from
dispatch.py (the module _functools_dispatch).
"""

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial', 'partialmethod', 'singledispatch',
           'singledispatchmethod', 'cached_property']

from _functools import (WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES, cache,
                        cached_property, cmp_to_key, lru_cache, reduce,
                        total_ordering, update_wrapper, wraps)

_SLOTS = frozenset(("func", "args", "keywords"))


class partial:
    """New function with partial application of the given arguments
    and keywords.
    """

    __slots__ = "func", "args", "keywords", "__dict__", "__weakref__"

    def __new__(cls, /, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, args = args[0], args[1:]
        if not callable(func):
            raise TypeError("the first argument must be callable")

        if (isinstance(func, partial) and type(func).__call__ is partial.__call__
                and not _SLOTS.symmetric_difference(vars(func))):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func

        self = super(partial, cls).__new__(cls)

        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        args = [repr(self.func)]
        args.extend(repr(x) for x in self.args)
        args.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        if type(self) is partial:
            return f"functools.partial({', '.join(args)})"
        return f"{type(self).__name__}({', '.join(args)})"


from _functools_dispatch import (partialmethod, singledispatch,
                                 singledispatchmethod)
