"""Python's contextvars: ContextVar, Token, Context and copy_context.
kael runs one context at a time; Context.run switches to another for
the length of a call."""

__all__ = ('Context', 'ContextVar', 'Token', 'copy_context')

_NO_DEFAULT = object()
_creating_token = False


class Context:
    """A mapping from ContextVars to their values; copy_context() copies
    the current one, and ctx.run(f) calls f with ctx current."""

    def __init__(self):
        self._data = {}
        self._prev = None
        self._entered = False

    def run(self, callable, /, *args, **kwargs):
        global _current
        if self._entered:
            raise RuntimeError(f'cannot enter context: {self} is already entered')
        self._prev = _current
        self._entered = True
        _current = self
        try:
            return callable(*args, **kwargs)
        finally:
            _current = self._prev
            self._prev = None
            self._entered = False

    def copy(self):
        new = Context()
        new._data = dict(self._data)
        return new

    def __getitem__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return self._data[var]

    def __contains__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return var in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def get(self, var, default=None):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return self._data.get(var, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return self._data == other._data

    __hash__ = None


_current = Context()


def copy_context():
    """A copy of the current Context."""
    return _current.copy()


class ContextVar:
    """A variable whose value belongs to the current Context: get() reads
    it, set() assigns it and returns a Token that reset() undoes."""

    __slots__ = ('_name', '_default')

    def __init__(self, name, *, default=_NO_DEFAULT):
        if not isinstance(name, str):
            raise TypeError("context variable name must be a str")
        self._name = name
        self._default = default

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type '_contextvars.ContextVar' is not an acceptable base type")

    @property
    def name(self):
        return self._name

    def get(self, *args):
        if len(args) > 1:
            raise TypeError(f"get expected at most 1 argument, got {len(args)}")
        try:
            return _current._data[self]
        except KeyError:
            pass
        if args:
            return args[0]
        if self._default is not _NO_DEFAULT:
            return self._default
        raise LookupError(self)

    def set(self, value):
        global _creating_token
        ctx = _current
        old = ctx._data.get(self, Token.MISSING)
        ctx._data[self] = value
        _creating_token = True
        try:
            return Token(ctx, self, old)
        finally:
            _creating_token = False

    def reset(self, token):
        if not isinstance(token, Token):
            raise TypeError(f"expected an instance of Token, got {token!r}")
        if token._used:
            raise RuntimeError(f"{token!r} has already been used once")
        if token._var is not self:
            raise ValueError(f"{token!r} was created by a different ContextVar")
        if token._ctx is not _current:
            raise ValueError(f"{token!r} was created in a different Context")
        if token._old is Token.MISSING:
            del _current._data[self]
        else:
            _current._data[self] = token._old
        token._used = True

    def __repr__(self):
        d = ''
        if self._default is not _NO_DEFAULT:
            d = f' default={self._default!r}'
        return f'<ContextVar name={self._name!r}{d} at 0x{id(self):x}>'

    def __hash__(self):
        return id(self) >> 4

    def __eq__(self, other):
        return self is other


class _Missing:
    __slots__ = ()

    def __repr__(self):
        return '<Token.MISSING>'


class Token:
    """What ContextVar.set returns: var, old_value (Token.MISSING when the
    variable had none), for ContextVar.reset."""

    MISSING = _Missing()

    def __init__(self, *args):
        if not _creating_token:
            raise RuntimeError("Tokens can only be created by ContextVars")
        self._ctx, self._var, self._old = args
        self._used = False

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old

    def __repr__(self):
        used = ' used' if self._used else ''
        return f'<Token{used} var={self._var!r} at 0x{id(self):x}>'
