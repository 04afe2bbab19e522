"""Python's typing, as CPython 3.11's: what a program imports from it runs,
prints and answers isinstance as there.

List, Dict, Optional, Union, Callable, the aliases of collections.abc's
classes (Sized, MutableMapping, Generator, ...), cast, no_type_check and
get_type_hints come from _typing (written in Go). This file adds, in
kael's own words: TypeVar, ParamSpec, TypeVarTuple, the special forms
(Literal, Final, Annotated, TypeGuard, Concatenate, Unpack, ...), Generic
and Protocol as bases, NamedTuple and TypedDict class statements and
calls, NewType, overload and the other decorators, get_origin and
get_args.
"""

import collections as _collections
import collections.abc as _abc
import sys as _sys

from _typing import (TYPE_CHECKING, Any, Callable, ClassVar, Dict, FrozenSet,
                     Iterable, Iterator, List, Mapping, Optional, Sequence,
                     Set, Tuple, Type, Union, cast, no_type_check)
from _typing import get_type_hints as _get_type_hints
from _typing import (AbstractSet, AsyncContextManager, AsyncGenerator,
                     AsyncIterable, AsyncIterator, Awaitable, ByteString,
                     ChainMap, Collection, Container, ContextManager,
                     Coroutine, Counter, DefaultDict, Deque, Generator,
                     Hashable, ItemsView, KeysView, MappingView, Match,
                     MutableMapping, MutableSequence, MutableSet,
                     OrderedDict, Pattern, Reversible, Sized, ValuesView)
import _typing

_typing._set_origins({
    'List': list, 'Dict': dict, 'Set': set, 'FrozenSet': frozenset,
    'Tuple': tuple, 'Type': type, 'Iterable': _abc.Iterable,
    'Iterator': _abc.Iterator, 'Sequence': _abc.Sequence,
    'Mapping': _abc.Mapping, 'Callable': _abc.Callable,
    'Generator': _abc.Generator, 'Collection': _abc.Collection,
    'Container': _abc.Container, 'Hashable': _abc.Hashable,
    'Sized': _abc.Sized, 'ByteString': _abc.ByteString,
    'Reversible': _abc.Reversible, 'AbstractSet': _abc.Set,
    'MutableMapping': _abc.MutableMapping,
    'MutableSequence': _abc.MutableSequence,
    'MutableSet': _abc.MutableSet, 'MappingView': _abc.MappingView,
    'KeysView': _abc.KeysView, 'ItemsView': _abc.ItemsView,
    'ValuesView': _abc.ValuesView, 'Deque': _collections.deque,
    'DefaultDict': _collections.defaultdict,
    'OrderedDict': _collections.OrderedDict,
    'Counter': _collections.Counter, 'ChainMap': _collections.ChainMap,
})

Text = str


def _type_repr(obj):
    # a parameter as typing prints it: int, __main__.Point, ..., ~T
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if isinstance(obj, type(_type_repr)):
        return obj.__name__
    return repr(obj)


def _type_check(arg, msg, module=None):
    # None as type(None), a string as a ForwardRef; a special form that
    # takes parameters, Generic, Protocol and a tuple are a TypeError
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg, module=module)
    if isinstance(arg, _Alias) and arg._name in ('Final', 'ClassVar'):
        raise TypeError(f"{arg} is not valid as type argument")
    if isinstance(arg, _SpecialForm) and arg._getitem is None:
        return arg
    if isinstance(arg, _SpecialForm) or arg is Generic or arg is Protocol:
        raise TypeError(f"Plain {arg} is not valid as type argument")
    if type(arg) is tuple:
        raise TypeError(f"{msg} Got {arg!r:.100}.")
    return arg


class ForwardRef:
    """A type written as a string, evaluated later: ForwardRef('int')."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f"Forward reference must be a string -- got {arg!r}")
        try:
            compile(arg, '<string>', 'eval')
        except SyntaxError:
            raise SyntaxError(f"Forward reference must be an expression -- got {arg!r}")
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__ and self.__forward_module__ == other.__forward_module__

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        if self.__forward_module__ is None:
            return f'ForwardRef({self.__forward_arg__!r})'
        return f'ForwardRef({self.__forward_arg__!r}, module={self.__forward_module__!r})'


# Type variables.

def _caller_module(depth=2):
    try:
        return _sys._getframe(depth).f_globals.get('__name__', '__main__')
    except (AttributeError, ValueError):
        return None


class TypeVar:
    """A type variable: T = TypeVar('T'), TypeVar('N', int, float),
    TypeVar('B', bound=Base), covariant= and contravariant=."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        msg = "TypeVar(name, constraint, ...): constraints must be types."
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        self.__bound__ = _type_check(bound, "Bound must be a type.") if bound is not None else None
        mod = _caller_module()
        if mod != 'typing':
            self.__module__ = mod

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class TypeVarTuple:
    """A variadic type variable: Ts = TypeVarTuple('Ts'); *Ts as Unpack[Ts]."""

    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__

    def __iter__(self):
        yield Unpack[self]


class ParamSpecArgs:
    """P.args of a ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f"{self.__origin__.__name__}.args"

    def __eq__(self, other):
        if not isinstance(other, ParamSpecArgs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(('args', id(self.__origin__)))


class ParamSpecKwargs:
    """P.kwargs of a ParamSpec P."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f"{self.__origin__.__name__}.kwargs"

    def __eq__(self, other):
        if not isinstance(other, ParamSpecKwargs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(('kwargs', id(self.__origin__)))


class ParamSpec:
    """The parameters of a callable: P = ParamSpec('P'); P.args, P.kwargs."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__bound__ = _type_check(bound, "Bound must be a type.") if bound is not None else None
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __repr__(self):
        if self.__covariant__:
            return '+' + self.__name__
        if self.__contravariant__:
            return '-' + self.__name__
        return '~' + self.__name__


# Special forms and their subscripts.

class _SpecialForm:
    # typing.Literal, typing.Final, ...: subscripting one calls getitem

    def __init__(self, name, getitem, doc):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return 'typing.' + self._name

    def __call__(self, *args, **kwds):
        raise TypeError(f"Cannot instantiate {self!r}")

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f"{self} cannot be used with isinstance()")

    def __subclasscheck__(self, cls):
        raise TypeError(f"{self} cannot be used with issubclass()")

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError(f"{self} is not subscriptable")
        return self._getitem(self, parameters)


class _Alias:
    # a subscripted special form or generic class: Literal[1], Stack[int]

    def __init__(self, origin, args, name=None, metadata=()):
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self.__metadata__ = metadata
        params = []
        for a in args:
            if isinstance(a, (TypeVar, ParamSpec, TypeVarTuple)) and a not in params:
                params.append(a)
            for p in getattr(a, '__parameters__', ()):
                if p not in params:
                    params.append(p)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        if self._name == 'Unpack':
            return '*' + _type_repr(self.__args__[0])
        if self._name is not None:
            head = 'typing.' + self._name
        else:
            head = _type_repr(self.__origin__)
        if self._name == 'Annotated':
            parts = [_type_repr(self.__origin__)] + [repr(m) for m in self.__metadata__]
        elif self._name == 'Literal':
            parts = [repr(a) for a in self.__args__]
        else:
            parts = [_type_repr(a) for a in self.__args__]
        if not parts:
            parts = ['()']
        return f"{head}[{', '.join(parts)}]"

    def __eq__(self, other):
        if not isinstance(other, _Alias):
            return NotImplemented
        if self._name == 'Literal' and other._name == 'Literal':
            return set((type(a), a) for a in self.__args__) == set((type(a), a) for a in other.__args__)
        return (self.__origin__ == other.__origin__ and self.__args__ == other.__args__
                and self.__metadata__ == other.__metadata__)

    def __hash__(self):
        if self._name == 'Literal':
            return hash(frozenset((type(a), a) for a in self.__args__))
        return hash((self._name, self.__args__, self.__metadata__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __call__(self, *args, **kwargs):
        if self._name is not None:
            raise TypeError(f"Type {self._name} cannot be instantiated; use {self.__origin__.__name__}() instead")
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except AttributeError:
            pass
        return result

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return self._name or self.__origin__.__name__
        if '__origin__' in self.__dict__ and not (attr.startswith('__') and attr.endswith('__')):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __getitem__(self, params):
        # Stack[T][int]: the type variables replaced
        if not isinstance(params, tuple):
            params = (params,)
        if not self.__parameters__:
            raise TypeError(f"{self} is not a generic class")
        if len(params) != len(self.__parameters__):
            raise TypeError(f"Too {'many' if len(params) > len(self.__parameters__) else 'few'} arguments for {self};"
                            f" actual {len(params)}, expected {len(self.__parameters__)}")
        subst = dict(zip(self.__parameters__, params))
        args = tuple(subst.get(a, a) if isinstance(a, (TypeVar, ParamSpec)) else a for a in self.__args__)
        return _Alias(self.__origin__, args, self._name, self.__metadata__)

    def __mro_entries__(self, bases):
        if self._name is not None:
            raise TypeError(f"Cannot subclass {self!r}")
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _Alias) and b is not self and b.__origin__ is not Generic and isinstance(b.__origin__, type) and issubclass(b.__origin__, Generic):
                    return ()
                if isinstance(b, type) and issubclass(b, Generic):
                    return ()
        return (self.__origin__,)


def _params(parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return parameters


def _one(self, parameters, what='accepts only single type.'):
    if isinstance(parameters, tuple) and len(parameters) != 1:
        pass
    item = _type_check(parameters, f'{self} {what}')
    return _Alias(self, (item,), self._name)


def _literal(self, parameters):
    params = []
    for p in _params(parameters):
        if isinstance(p, _Alias) and p._name == 'Literal':
            for q in p.__args__:
                params.append(q)
        else:
            params.append(p)
    seen = []
    for p in params:
        if not any(type(p) is type(q) and p == q for q in seen):
            seen.append(p)
    return _Alias(self, tuple(seen), 'Literal')


def _annotated(self, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError("Annotated[...] should be used with at least two arguments (a type and an annotation).")
    origin = _type_check(params[0], "Annotated[t, ...]: t must be a type.")
    metadata = tuple(params[1:])
    if isinstance(origin, _Alias) and origin._name == 'Annotated':
        metadata = origin.__metadata__ + metadata
        origin = origin.__origin__
    a = _Alias(origin, (origin,), 'Annotated', metadata)
    return a


def _concatenate(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Concatenate of no types.")
    parameters = _params(parameters)
    if not isinstance(parameters[-1], ParamSpec) and parameters[-1] is not ...:
        raise TypeError("The last parameter to Concatenate should be a ParamSpec variable or ellipsis.")
    return _Alias(self, parameters, 'Concatenate')


def _not_subscriptable(self, parameters):
    raise TypeError(f"{self} is not subscriptable")


def _unpack(self, parameters):
    return _Alias(self, (_type_check(parameters, f'{self} accepts only single type.'),), 'Unpack')


class _LiteralSpecialForm(_SpecialForm):
    pass


Literal = _LiteralSpecialForm('Literal', _literal, "Literal[v1, v2]: a value equal to one of those given.")
Final = _SpecialForm('Final', _one, "Final[T]: a name that is not reassigned.")


class Annotated:
    """Annotated[T, x]: T with metadata x, which get_type_hints(include_extras=True) keeps."""

    def __init__(self, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")

    def __class_getitem__(cls, params):
        return _annotated(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError("Cannot subclass typing.Annotated")
TypeGuard = _SpecialForm('TypeGuard', _one, "TypeGuard[T]: a function's bool result that narrows its argument to T.")
Concatenate = _SpecialForm('Concatenate', _concatenate, "Concatenate[int, P]: a ParamSpec's parameters with some before.")
Required = _SpecialForm('Required', _one, "Required[T]: a TypedDict key that must be given.")
NotRequired = _SpecialForm('NotRequired', _one, "NotRequired[T]: a TypedDict key that may be left out.")
Unpack = _SpecialForm('Unpack', _unpack, "Unpack[Ts]: a TypeVarTuple unpacked, *Ts.")
TypeAlias = _SpecialForm('TypeAlias', None, "TypeAlias: marks X: TypeAlias = int as a type alias.")
Self = _SpecialForm('Self', None, "Self: the class of the instance a method is called on.")
Never = _SpecialForm('Never', None, "Never: a value that cannot exist.")
NoReturn = _SpecialForm('NoReturn', None, "NoReturn: the result of a function that never returns.")
LiteralString = _SpecialForm('LiteralString', None, "LiteralString: a str written as a literal.")


# Generic and Protocol.

class Generic:
    """The base of generic classes: class Stack(Generic[T]); Stack[int]()."""

    def __class_getitem__(cls, params):
        params = _params(params)
        if not params:
            raise TypeError(f"Parameter list to {cls.__qualname__}[...] cannot be empty")
        if cls is Generic or cls is Protocol:
            for p in params:
                if not isinstance(p, (TypeVar, ParamSpec, TypeVarTuple)):
                    raise TypeError(f"Parameters to {cls.__name__}[...] must all be type variables or parameter specification variables.")
            if len(set(params)) != len(params):
                raise TypeError(f"Parameters to {cls.__name__}[...] must all be unique")
            return _Alias(cls, params)
        if not cls.__parameters__:
            raise TypeError(f"{cls} is not a generic class")
        if len(params) != len(cls.__parameters__):
            raise TypeError(f"Too {'many' if len(params) > len(cls.__parameters__) else 'few'} arguments for {cls};"
                            f" actual {len(params)}, expected {len(cls.__parameters__)}")
        return _Alias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if '__orig_bases__' in cls.__dict__:
            plain = Generic in cls.__orig_bases__
        else:
            plain = Generic in cls.__bases__ and cls.__name__ != 'Protocol'
        if plain:
            raise TypeError("Cannot inherit from plain Generic")
        tvars = []
        gvars = None
        for base in cls.__dict__.get('__orig_bases__', ()):
            if isinstance(base, _Alias) and base.__origin__ in (Generic, Protocol):
                if gvars is not None:
                    raise TypeError("Cannot inherit from Generic[...] multiple times.")
                gvars = base.__parameters__
            for p in getattr(base, '__parameters__', ()):
                if isinstance(base, _Alias) and p not in tvars:
                    tvars.append(p)
        if gvars is not None:
            missing = [t for t in tvars if t not in gvars]
            if missing:
                s_vars = ', '.join(str(t) for t in missing)
                s_args = ', '.join(str(g) for g in gvars)
                raise TypeError(f"Some type variables ({s_vars}) are not listed in Generic[{s_args}]")
            tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


Generic.__parameters__ = ()


def _proto_members(cls):
    names = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        names.update(base.__dict__.get('__protocol_attrs__', ()))
        for attr in list(base.__dict__.keys()) + list(base.__dict__.get('__annotations__', {}).keys()):
            if not attr.startswith('_abc_') and attr not in (
                    '__abstractmethods__', '__annotations__', '__dict__', '__doc__',
                    '__init__', '__module__', '__new__', '__slots__',
                    '__subclasshook__', '__weakref__', '__class_getitem__',
                    '__parameters__', '__orig_bases__', '_is_protocol',
                    '_is_runtime_protocol', '__protocol_attrs__', '__qualname__',
                    '__init_subclass__', '__non_callable_proto_members__'):
                names.add(attr)
    return names


def _own(cls, name):
    # cls's own attribute name, None when it has none (a builtin class)
    try:
        return cls.__dict__.get(name)
    except AttributeError:
        return None


def _in_mro(cls, tp):
    # whether cls is a class of tp's MRO (a builtin class has none here)
    try:
        return cls in tp.__mro__
    except AttributeError:
        return False


class _ProtocolMeta(type):
    # isinstance against a runtime-checkable protocol asks for its members

    def __instancecheck__(cls, instance):
        if cls.__dict__.get('_is_protocol', False) or cls is Protocol:
            if cls is Protocol or not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError("Instance and class checks can only be used with @runtime_checkable protocols")
            if _in_mro(cls, type(instance)):
                return True
            for attr in _proto_members(cls):
                if not hasattr(instance, attr):
                    return False
                if callable(getattr(cls, attr, None)) and getattr(instance, attr) is None:
                    return False
            return True
        return _in_mro(cls, type(instance))

    def __subclasscheck__(cls, other):
        if cls.__dict__.get('_is_protocol', False) or cls is Protocol:
            if cls is Protocol or not cls.__dict__.get('_is_runtime_protocol', False):
                raise TypeError("Instance and class checks can only be used with @runtime_checkable protocols")
            if not isinstance(other, type):
                raise TypeError('issubclass() arg 1 must be a class')
            if _in_mro(cls, other):
                return True
            for attr in _proto_members(cls):
                if not hasattr(other, attr):
                    return False
            return True
        return isinstance(other, type) and _in_mro(cls, other)


class Protocol(Generic, metaclass=_ProtocolMeta):
    """The base of protocol classes: class Closable(Protocol); with
    @runtime_checkable, isinstance tells whether a value has its members."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if '_is_protocol' not in cls.__dict__:
            cls._is_protocol = any(b is Protocol or (isinstance(b, _Alias) and b.__origin__ is Protocol)
                                   for b in cls.__dict__.get('__orig_bases__', cls.__bases__))
        if cls._is_protocol and '__init__' not in cls.__dict__:
            def _no_init(self, *args, **kwargs):
                if type(self)._is_protocol:
                    raise TypeError('Protocols cannot be instantiated')
            cls.__init__ = _no_init


def runtime_checkable(cls):
    """Marks a protocol class for isinstance and issubclass."""
    if not isinstance(cls, type) or not _own(cls, '_is_protocol') or cls is Protocol:
        raise TypeError('@runtime_checkable can be only applied to protocol classes,'
                        f' got {cls!r}')
    cls._is_runtime_protocol = True
    return cls


def _supports(name, method, doc):
    # a runtime-checkable protocol of one special method; its members are
    # listed in __protocol_attrs__, as kael's class statements define only
    # the special methods kael calls
    return runtime_checkable(_ProtocolMeta(name, (Protocol,), {
        '__module__': 'typing', '__qualname__': name, '__doc__': doc,
        '__protocol_attrs__': frozenset({method}), '_is_protocol': True}))


SupportsInt = _supports('SupportsInt', '__int__', "A value with __int__.")
SupportsFloat = _supports('SupportsFloat', '__float__', "A value with __float__.")
SupportsComplex = _supports('SupportsComplex', '__complex__', "A value with __complex__.")
SupportsBytes = _supports('SupportsBytes', '__bytes__', "A value with __bytes__.")
SupportsIndex = _supports('SupportsIndex', '__index__', "A value with __index__.")
SupportsAbs = _supports('SupportsAbs', '__abs__', "A value with __abs__.")
SupportsRound = _supports('SupportsRound', '__round__', "A value with __round__.")


AnyStr = TypeVar('AnyStr', bytes, str)


class IO(Generic[AnyStr]):
    """The generic base of file objects."""
    __slots__ = ()


class BinaryIO(IO[bytes]):
    """A file of bytes."""
    __slots__ = ()


class TextIO(IO[str]):
    """A file of text."""
    __slots__ = ()


# NamedTuple and TypedDict.

_prohibited_nt = frozenset({'__new__', '__init__', '__slots__', '__getnewargs__',
                            '_fields', '_field_defaults', '_make', '_replace', '_asdict', '_source'})
_special_nt = frozenset({'__module__', '__name__', '__annotations__', '__qualname__', '__orig_bases__', '__classcell__'})


def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    types = {n: _type_check(t, f"field {n} annotation must be a type", module) for n, t in types}
    nm_tpl = _collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = types
    return nm_tpl


class _NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError('can only inherit from a NamedTuple type and Generic')
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} "
                                f"cannot follow default field{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = _make_nmtuple(typename, types.items(), ns['__module__'],
                               defaults=[ns[n] for n in default_names])
        for key in ns:
            if key in _prohibited_nt:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key.startswith('__') and key.endswith('__') and key not in _special_nt and key != '__doc__':
                raise TypeError(f"kael's NamedTuple classes cannot define {key}: "
                                "their tuples print, compare and hash as namedtuple's do")
            elif key not in _special_nt and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    """A namedtuple with types: class Point(NamedTuple): x: int; y: int = 0,
    or Point = NamedTuple('Point', [('x', int), ('y', int)])."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError("Either list of fields or keywords"
                        " can be provided to NamedTuple, not both")
    return _make_nmtuple(typename, fields, module=_caller_module())


_NamedTuple = type.__new__(_NamedTupleMeta, 'NamedTuple', (), {'__module__': 'typing'})


def _namedtuple_mro_entries(bases):
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


def _strip_required(tp):
    # (type, required): Required[int] as (int, True), NotRequired as False
    if isinstance(tp, _Alias) and tp._name in ('Required', 'NotRequired'):
        return tp.__args__[0], tp._name == 'Required'
    return tp, None


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta:
                raise TypeError('cannot inherit from both a TypedDict type and a non-TypedDict base class')
        own = ns.get('__annotations__', {})
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = {n: _type_check(tp, msg, ns.get('__module__')) for n, tp in own.items()}
        annotations = {}
        required = set()
        optional = set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own)
        for key, tp in own.items():
            _, req = _strip_required(tp)
            if req is None:
                req = total
            if req:
                required.add(key)
                optional.discard(key)
            else:
                optional.add(key)
                required.discard(key)
        body = dict(ns)
        body['__annotations__'] = annotations
        body['__required_keys__'] = frozenset(required)
        body['__optional_keys__'] = frozenset(optional)
        body['__total__'] = total
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), body)
        return tp_dict

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __instancecheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A dict whose keys have types: class Movie(TypedDict): name: str,
    or Movie = TypedDict('Movie', {'name': str}); Movie(name='x') is a
    plain dict."""
    if fields is None:
        fields = kwargs
    elif kwargs:
        raise TypeError("TypedDict takes either a dict or keyword arguments, but not both")
    ns = {'__annotations__': dict(fields)}
    module = _caller_module()
    if module is not None:
        ns['__module__'] = module
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (dict,), {'__module__': 'typing'})


def _typeddict_mro_entries(bases):
    return (_TypedDict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries


def is_typeddict(tp):
    """Whether tp is a TypedDict class."""
    return isinstance(tp, _TypedDictMeta) and tp is not _TypedDict


# NewType.

class NewType:
    """A distinct name for a type, for type checkers: UserId = NewType('UserId', int);
    UserId(5) is 5."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        mod = _caller_module()
        if mod != 'typing':
            self.__module__ = mod

    def __mro_entries__(self, bases):
        # the class statement's name is known once its class is made: a
        # stand-in base raises from its __init_subclass__
        superclass_name = self.__name__

        class _Refused:
            def __init_subclass__(cls):
                name = cls.__name__
                raise TypeError(f"Cannot subclass an instance of NewType. Perhaps you were looking for: "
                                f"`{name} = NewType({name!r}, {superclass_name})`")
        return (_Refused,)

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


# Decorators and helpers.

_overload_registry = {}


def _overload_dummy(*args, **kwds):
    """Helper for @overload to raise when called."""
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed.")


def _overload_key(func):
    f = getattr(func, '__func__', func)
    return (getattr(f, '__module__', None), getattr(f, '__qualname__', None))


def overload(func):
    """Marks a signature of a function for type checkers: the decorated
    stub is replaced by one that raises NotImplementedError, and
    get_overloads(f) lists it."""
    key = _overload_key(func)
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    """The @overload-decorated signatures of func, in order."""
    return list(_overload_registry.get(_overload_key(func), []))


def clear_overloads():
    """Forgets every @overload signature."""
    _overload_registry.clear()


def final(f):
    """Marks a method or class as final: f.__final__ = True."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check_decorator(decorator):
    """A decorator whose results are no_type_check'ed."""
    def wrapped_decorator(*args, **kwds):
        func = decorator(*args, **kwds)
        func = no_type_check(func)
        return func
    wrapped_decorator.__name__ = getattr(decorator, '__name__', 'wrapped_decorator')
    wrapped_decorator.__doc__ = getattr(decorator, '__doc__', None)
    return wrapped_decorator


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        field_specifiers=(), **kwargs):
    """Marks a decorator, class or metaclass as making dataclass-like classes."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            "eq_default": eq_default,
            "order_default": order_default,
            "kw_only_default": kw_only_default,
            "field_specifiers": field_specifiers,
            "kwargs": kwargs,
        }
        return cls_or_fn
    return decorator


def assert_never(arg, /):
    """Raises AssertionError: code a type checker proves unreachable was reached."""
    raise AssertionError(f"Expected code to be unreachable, but got: {arg!r}")


def assert_type(val, typ, /):
    """val itself; a type checker checks that it is of type typ."""
    return val


def reveal_type(obj, /):
    """Prints the runtime type of obj to stderr and returns obj."""
    print(f"Runtime type is {type(obj).__name__!r}", file=_sys.stderr)
    return obj


def get_origin(tp):
    """The unsubscripted form of tp: list for List[int] and list[int],
    typing.Union for Optional[int], None for a plain class."""
    if isinstance(tp, _Alias):
        if tp._name == 'Annotated':
            return Annotated
        if tp._name is not None:
            return tp.__origin__
        return tp.__origin__
    if isinstance(tp, (ParamSpecArgs, ParamSpecKwargs)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if tp is Annotated:
        return None
    parts = _typing._alias_parts(tp)
    if parts is not None:
        return parts[0]
    if type(tp).__name__ in ('GenericAlias', 'UnionType'):
        return getattr(tp, '__origin__', type(tp))
    return None


def get_args(tp):
    """The parameters of tp: (str, int) for Dict[str, int], ([int], str)
    for Callable[[int], str], () for a plain class."""
    if isinstance(tp, _Alias):
        if tp._name == 'Annotated':
            return (tp.__origin__,) + tp.__metadata__
        return tp.__args__
    parts = _typing._alias_parts(tp)
    if parts is not None:
        return parts[1]
    if type(tp).__name__ in ('GenericAlias', 'UnionType'):
        return tuple(tp.__args__)
    return ()


def _strip_annotations(t):
    if isinstance(t, _Alias) and t._name == 'Annotated':
        return _strip_annotations(t.__origin__)
    if isinstance(t, _Alias) and t._name in ('Required', 'NotRequired'):
        return _strip_annotations(t.__args__[0])
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a function, method, module or class, strings
    evaluated, None as NoneType; Annotated[T, x] as T unless include_extras."""
    if globalns is None and isinstance(obj, type) and getattr(obj, '__module__', None) == '__main__':
        globalns = _sys._getframe(1).f_globals
    hints = _get_type_hints(obj, globalns, localns)
    if include_extras:
        return hints
    return {k: _strip_annotations(t) for k, t in hints.items()}


__all__ = sorted([
    'AbstractSet', 'Annotated', 'Any', 'AnyStr', 'AsyncContextManager', 'AsyncGenerator',
    'AsyncIterable', 'AsyncIterator', 'Awaitable', 'BinaryIO', 'ByteString', 'Callable',
    'ChainMap', 'ClassVar', 'Collection', 'Concatenate', 'Container', 'ContextManager',
    'Coroutine', 'Counter', 'DefaultDict', 'Deque', 'Dict', 'Final', 'ForwardRef',
    'FrozenSet', 'Generator', 'Generic', 'Hashable', 'IO', 'ItemsView', 'Iterable',
    'Iterator', 'KeysView', 'List', 'Literal', 'LiteralString', 'Mapping', 'MappingView',
    'Match', 'MutableMapping', 'MutableSequence', 'MutableSet', 'NamedTuple', 'Never',
    'NewType', 'NoReturn', 'NotRequired', 'Optional', 'OrderedDict', 'ParamSpec',
    'ParamSpecArgs', 'ParamSpecKwargs', 'Pattern', 'Protocol', 'Required', 'Reversible',
    'Self', 'Sequence', 'Set', 'Sized', 'SupportsAbs', 'SupportsBytes', 'SupportsComplex',
    'SupportsFloat', 'SupportsIndex', 'SupportsInt', 'SupportsRound', 'TYPE_CHECKING', 'Text',
    'TextIO', 'Tuple', 'Type', 'TypeAlias', 'TypeGuard', 'TypeVar', 'TypeVarTuple',
    'TypedDict', 'Union', 'Unpack', 'ValuesView', 'assert_never', 'assert_type', 'cast',
    'clear_overloads', 'dataclass_transform', 'final', 'get_args', 'get_origin',
    'get_overloads', 'get_type_hints', 'is_typeddict', 'no_type_check',
    'no_type_check_decorator', 'overload', 'reveal_type', 'runtime_checkable',
])
