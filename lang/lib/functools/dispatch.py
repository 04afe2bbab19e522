"""functools' single dispatch, as CPython 3.11's: singledispatch,
singledispatchmethod and partialmethod, which functools takes from here.

A dispatch picks, of the registered classes the first argument's class
derives from, the most derived one (CPython walks the class's MRO, ABCs
merged in; kael's builtin types have no __mro__, so the choice is made with
issubclass, which gives the same answer where the registered classes form
a chain); two unrelated candidates are ambiguous, a RuntimeError.
"""

from functools import partial as _partial, update_wrapper as _update_wrapper


def _is(obj, kind):
    # kael's staticmethod and classmethod are functions, not classes that
    # isinstance takes: their objects' type names say what they are
    return type(obj).__name__ == kind


def _is_valid_dispatch_type(cls):
    return isinstance(cls, type)


def _find_impl(cls, registry):
    match = None
    for typ, func in registry:
        if not issubclass(cls, typ):
            continue
        if match is None or issubclass(typ, match[0]):
            match = (typ, func)
        elif not issubclass(match[0], typ):
            raise RuntimeError(f"Ambiguous dispatch: {match[0]} or {typ}")
    return match[1]


def singledispatch(func):
    """Single-dispatch generic function decorator.

    Transforms a function into a generic function, which can have different
    behaviours depending upon the type of its first argument. The decorated
    function acts as the default implementation, and additional
    implementations can be registered using the register() attribute of the
    generic function.
    """
    registry = [(object, func)]
    cache = []

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>

        Runs the dispatch algorithm to return the best available
        implementation for the given *cls* registered on *generic_func*.
        """
        for typ, impl in cache:
            if typ is cls:
                return impl
        impl = _find_impl(cls, registry)
        cache.append((cls, impl))
        return impl

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func

        Registers a new implementation for the given *cls* on a
        *generic_func*.
        """
        if _is_valid_dispatch_type(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(
                    f"Invalid first argument to `register()`. "
                    f"{cls!r} is not a class or union type."
                )
            ann = getattr(cls, "__annotations__", {})
            if not ann:
                raise TypeError(
                    f"Invalid first argument to `register()`: {cls!r}. "
                    f"Use either `@register(some_class)` or plain `@register` "
                    f"on an annotated function."
                )
            func = cls
            argname, cls = next(iter(ann.items()))
            if isinstance(cls, str):  # a string annotation, as get_type_hints reads it
                cls = eval(cls, getattr(func, "__globals__", {}))
            if not _is_valid_dispatch_type(cls):
                raise TypeError(
                    f"Invalid annotation for {argname!r}. "
                    f"{cls!r} is not a class."
                )
        for i, (typ, _) in enumerate(registry):
            if typ is cls:
                registry[i] = (cls, func)
                break
        else:
            registry.append((cls, func))
        cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f"{funcname} requires at least 1 positional argument")
        return dispatch(type(args[0]))(*args, **kw)

    funcname = getattr(func, "__name__", "singledispatch function")
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper._clear_cache = cache.clear
    _update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """Single-dispatch generic method descriptor.

    Supports wrapping existing descriptors and handles non-descriptor
    callables as instance methods.
    """

    def __init__(self, func):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        """generic_method.register(cls, func) -> func

        Registers a new implementation for the given *cls* on a *generic_method*.
        """
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        def _method(*args, **kwargs):
            method = self.dispatcher.dispatch(type(args[0]))
            if _is(method, "staticmethod"):
                return method.__func__(*args, **kwargs)
            if _is(method, "classmethod"):
                return method.__func__(cls if cls is not None else type(obj), *args, **kwargs)
            if obj is None:
                return method(*args, **kwargs)
            return method(obj, *args, **kwargs)

        _method.register = self.register
        _update_wrapper(_method, self.func)
        return _method


class partialmethod:
    """Method descriptor with partial application of the given arguments
    and keywords.

    Supports wrapping existing descriptors and handles non-descriptor
    callables as instance methods.
    """

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, "__get__"):
            raise TypeError(f"{func!r} is not callable or a descriptor")
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = {**func.keywords, **keywords}
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        args = ", ".join(map(repr, self.args))
        keywords = ", ".join(f"{k}={v!r}" for k, v in self.keywords.items())
        return f"functools.partialmethod({self.func!r}, {args}, {keywords})"

    def __get__(self, obj, cls=None):
        func = self.func
        if _is(func, "classmethod"):
            return _partial(func.__func__, cls if cls is not None else type(obj), *self.args, **self.keywords)
        if _is(func, "staticmethod"):
            return _partial(func.__func__, *self.args, **self.keywords)

        def _method(cls_or_self, /, *args, **keywords):
            keywords = {**self.keywords, **keywords}
            return func(cls_or_self, *self.args, *args, **keywords)

        _method._partialmethod = self
        if obj is None:
            return _method
        return _partial(_method, obj)
