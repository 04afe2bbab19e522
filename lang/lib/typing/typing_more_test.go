package typing_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const typingAllPrelude = "import typing, sys\nfrom typing import *\n"

// typingMoreCases are the names module.py adds, with CPython 3.11's
// outcomes; TestTypingMoreAgainstCPython checks them there.
var typingMoreCases = []langtest.Case{
	{"len(typing.__all__), [n for n in typing.__all__ if not hasattr(typing, n)]", "(97, [])"},
	// type variables
	{"T = TypeVar('T'); K = TypeVar('K', bound=int); C = TypeVar('C', int, str, covariant=True)\nT, K, C, K.__bound__, C.__constraints__, T.__name__, TypeVar('D', contravariant=True)", "(~T, ~K, +C, <class 'int'>, (<class 'int'>, <class 'str'>), 'T', -D)"},
	{"TypeVar('T', int)", "TypeError: A single constraint is not allowed"},
	{"TypeVar('T', int, str, bound=int)", "TypeError: Constraints cannot be combined with bound=..."},
	{"TypeVar('T', covariant=True, contravariant=True)", "ValueError: Bivariant types are not supported."},
	{"T = TypeVar('T')\nList[T], Dict[str, T], Optional[T], AnyStr, AnyStr.__constraints__", "(typing.List[~T], typing.Dict[str, ~T], typing.Optional[~T], ~AnyStr, (<class 'bytes'>, <class 'str'>))"},
	{"P = ParamSpec('P'); Ts = TypeVarTuple('Ts')\nP, P.args, P.kwargs, P.args.__origin__ is P, Concatenate[int, P], Ts, Unpack[Ts]", "(~P, P.args, P.kwargs, True, typing.Concatenate[int, ~P], Ts, *Ts)"},
	{"Concatenate[int, str]", "TypeError: The last parameter to Concatenate should be a ParamSpec variable or ellipsis."},
	// Generic
	{"T = TypeVar('T')\nclass Stack(Generic[T]):\n    def __init__(self):\n        self.items = []\n    def push(self, x: T) -> None:\n        self.items.append(x)\ns = Stack[int]()\ns.push(1)\nStack.__parameters__, Stack.__orig_bases__, Stack[int].__origin__ is Stack, Stack[int].__args__, s.items, s.__orig_class__ == Stack[int], Stack.__mro__[1]", "((~T,), (typing.Generic[~T],), True, (<class 'int'>,), [1], True, <class 'typing.Generic'>)"},
	{"K = TypeVar('K'); V = TypeVar('V')\nclass Pair(Generic[K, V]):\n    pass\nclass Named(Pair[str, V]):\n    pass\nPair.__parameters__, Pair[int, str].__args__, Named.__parameters__, Named.__orig_bases__[0].__args__, Named[int].__args__, Named.__mro__[1] is Pair", "((~K, ~V), (<class 'int'>, <class 'str'>), (~V,), (<class 'str'>, ~V), (<class 'int'>,), True)"},
	{"T = TypeVar('T')\nclass Box(Generic[T]):\n    pass\ntry:\n    Box[int, str]\nexcept TypeError as e:\n    msg = str(e)\nmsg.split(' for ')[0], msg.split(';')[1]", "('Too many arguments', ' actual 2, expected 1')"},
	{"Generic[int]", "TypeError: Parameters to Generic[...] must all be type variables or parameter specification variables."},
	{"T = TypeVar('T')\nGeneric[T, T]", "TypeError: Parameters to Generic[...] must all be unique"},
	{"class Plain(Generic):\n    pass\nPlain[int]", "TypeError: Cannot inherit from plain Generic"},
	// Protocol
	{"@runtime_checkable\nclass Closable(Protocol):\n    def close(self): ...\nclass F:\n    def close(self): pass\nisinstance(F(), Closable), isinstance(1, Closable), issubclass(F, Closable), issubclass(int, Closable)", "(True, False, True, False)"},
	{"class Sized2(Protocol):\n    def size(self) -> int: ...\nisinstance(1, Sized2)", "TypeError: Instance and class checks can only be used with @runtime_checkable protocols"},
	{"class Proto(Protocol):\n    x: int\nProto()", "TypeError: Protocols cannot be instantiated"},
	{"runtime_checkable(int)", "TypeError: @runtime_checkable can be only applied to protocol classes, got <class 'int'>"},
	{"isinstance(1, SupportsInt), isinstance(2.5, SupportsFloat), isinstance(3, SupportsIndex), isinstance(2.5, SupportsIndex), isinstance(-1, SupportsAbs), isinstance('a', SupportsInt)", "(True, True, True, False, True, False)"},
	{"isinstance(True, SupportsInt), isinstance([], SupportsAbs), SupportsInt, SupportsIndex.__name__", "(True, False, <class 'typing.SupportsInt'>, 'SupportsIndex')"},
	// NamedTuple
	{"class Point(NamedTuple):\n    \"\"\"A point.\"\"\"\n    x: int\n    y: int = 0\n    def norm(self):\n        return self.x + self.y\np = Point(1)\np, p.norm(), Point._fields, Point._field_defaults, Point.__annotations__, Point.__doc__", "(Point(x=1, y=0), 1, ('x', 'y'), {'y': 0}, {'x': <class 'int'>, 'y': <class 'int'>}, 'A point.')"},
	{"class Point(NamedTuple):\n    x: int\n    y: int = 0\np = Point(1, 2)\np._asdict(), p._replace(y=5), Point._make([3, 4]), isinstance(p, tuple), p == (1, 2), p[1], list(p)", "({'x': 1, 'y': 2}, Point(x=1, y=5), Point(x=3, y=4), True, True, 2, [1, 2])"},
	{"P2 = NamedTuple('P2', [('a', int), ('b', str)])\nP3 = NamedTuple('P3', x=float)\nP2(1, 'x'), P2.__annotations__, P3(2.5), P2._fields", "(P2(a=1, b='x'), {'a': <class 'int'>, 'b': <class 'str'>}, P3(x=2.5), ('a', 'b'))"},
	{"class Bad(NamedTuple):\n    x: int = 0\n    y: int", "TypeError: Non-default namedtuple field y cannot follow default field x"},
	{"class Bad(NamedTuple):\n    x: int\n    def _asdict(self):\n        return {}", "AttributeError: Cannot overwrite NamedTuple attribute _asdict"},
	{"NamedTuple('P', [('x', int)], y=int)", "TypeError: Either list of fields or keywords can be provided to NamedTuple, not both"},
	// TypedDict
	{"class Movie(TypedDict, total=False):\n    name: str\n    year: Required[int]\nm = Movie(name='x', year=1)\nm, type(m), Movie.__required_keys__, Movie.__optional_keys__, Movie.__total__, is_typeddict(Movie), is_typeddict(dict)", "({'name': 'x', 'year': 1}, <class 'dict'>, frozenset({'year'}), frozenset({'name'}), False, True, False)"},
	{"class Base(TypedDict):\n    a: int\nclass Sub(Base, total=False):\n    b: NotRequired[str]\n    c: float\nsorted(Sub.__required_keys__), sorted(Sub.__optional_keys__), list(Sub.__annotations__)", "(['a'], ['b', 'c'], ['a', 'b', 'c'])"},
	{"M2 = TypedDict('M2', {'a': int, 'b': 'str'}, total=False)\nM2(a=1), M2.__annotations__, M2.__total__, M2.__optional_keys__ == {'a', 'b'}", "({'a': 1}, {'a': <class 'int'>, 'b': ForwardRef('str', module='__main__')}, False, True)"},
	{"class Movie(TypedDict):\n    name: str\nisinstance({}, Movie)", "TypeError: TypedDict does not support instance and class checks"},
	{"class Movie(TypedDict):\n    name: str\nclass Other:\n    pass\nclass Bad(Movie, Other):\n    pass", "TypeError: cannot inherit from both a TypedDict type and a non-TypedDict base class"},
	// special forms
	{"Literal[1, 'a'], Literal[1, 1, 2], Literal[Literal[1], 2], Final[int], Annotated[int, 'm'], TypeGuard[int], Required[int], NotRequired[str]", "(typing.Literal[1, 'a'], typing.Literal[1, 2], typing.Literal[1, 2], typing.Final[int], typing.Annotated[int, 'm'], typing.TypeGuard[int], typing.Required[int], typing.NotRequired[str])"},
	{"Self, Never, NoReturn, LiteralString, TypeAlias, Literal, Final, Annotated, Text, type(Literal).__name__, type(Final).__name__", "(typing.Self, typing.Never, typing.NoReturn, typing.LiteralString, typing.TypeAlias, typing.Literal, typing.Final, <class 'typing.Annotated'>, <class 'str'>, '_LiteralSpecialForm', '_SpecialForm')"},
	{"Literal[1, 2] == Literal[2, 1], Literal[1] == Literal[True], Annotated[Annotated[int, 'a'], 'b'], hash(Literal[1, 2]) == hash(Literal[2, 1])", "(True, False, typing.Annotated[int, 'a', 'b'], True)"},
	{"Annotated[int]", "TypeError: Annotated[...] should be used with at least two arguments (a type and an annotation)."},
	{"Self[int]", "TypeError: typing.Self is not subscriptable"},
	{"Literal()", "TypeError: Cannot instantiate typing.Literal"},
	{"List[Literal['a', 'b']], Union[Literal[1], None]", "(typing.List[typing.Literal['a', 'b']], typing.Optional[typing.Literal[1]])"},
	{"NamedTuple('P', [('x', Final[int])])", "TypeError: typing.Final[int] is not valid as type argument"},
	// NewType and ForwardRef
	{"UserId = NewType('UserId', int)\nUserId, UserId(5), UserId.__supertype__, UserId.__name__, List[UserId]", "(__main__.UserId, 5, <class 'int'>, 'UserId', typing.List[__main__.UserId])"},
	{"UserId = NewType('UserId', int)\nclass Admin(UserId):\n    pass", "TypeError: Cannot subclass an instance of NewType. Perhaps you were looking for: `Admin = NewType('Admin', UserId)`"},
	{"ForwardRef('int'), ForwardRef('int') == ForwardRef('int'), ForwardRef('a').__forward_arg__", "(ForwardRef('int'), True, 'a')"},
	{"ForwardRef(3)", "TypeError: Forward reference must be a string -- got 3"},
	// decorators and helpers
	{"@overload\ndef f(x: int) -> int: ...\n@overload\ndef f(x: str) -> str: ...\ndef f(x):\n    return x\nlen(get_overloads(f)), f(2), [g.__name__ for g in get_overloads(f)]", "(2, 2, ['f', 'f'])"},
	{"@overload\ndef g(x: int) -> int: ...\ng(1)", "NotImplementedError: You should not call an overloaded function. A series of @overload-decorated functions outside a stub module should always be followed by an implementation that is not @overload-ed."},
	{"@overload\ndef h(x: int) -> int: ...\ndef h(x):\n    return x\nclear_overloads()\nget_overloads(h)", "[]"},
	{"@final\nclass Leaf:\n    @final\n    def m(self): pass\nLeaf.__final__, Leaf.m.__final__", "(True, True)"},
	{"@dataclass_transform(kw_only_default=True)\ndef model(cls):\n    return cls\nmodel.__dataclass_transform__['kw_only_default'], model.__dataclass_transform__['eq_default']", "(True, True)"},
	{"def deco(f):\n    return f\nd = no_type_check_decorator(deco)\n@d\ndef k(x: int): pass\nk.__no_type_check__", "True"},
	{"assert_never(3)", "AssertionError: Expected code to be unreachable, but got: 3"},
	{"assert_type(3, str), reveal_type([1])", "(3, [1])"},
	// get_origin, get_args, get_type_hints
	{"get_origin(List[int]), get_origin(list[int]), get_origin(Dict[str, int]), get_origin(Optional[int]), get_origin(Union[int, str]), get_origin(Literal[1]), get_origin(Annotated[int, 'x']), get_origin(int), get_origin(Generic), get_origin(Callable[[int], str])", "(<class 'list'>, <class 'list'>, <class 'dict'>, typing.Union, typing.Union, typing.Literal, <class 'typing.Annotated'>, None, <class 'typing.Generic'>, <class 'collections.abc.Callable'>)"},
	{"get_args(Dict[str, int]), get_args(Callable[[int], str]), get_args(Optional[int]), get_args(Annotated[int, 'x']), get_args(int), get_args(list[int]), get_args(Literal[1, 2]), get_args(Tuple[int, ...])", "((<class 'str'>, <class 'int'>), ([<class 'int'>], <class 'str'>), (<class 'int'>, <class 'NoneType'>), (<class 'int'>, 'x'), (), (<class 'int'>,), (1, 2), (<class 'int'>, Ellipsis))"},
	{"P = ParamSpec('P')\nget_origin(P.args) is P, get_origin(Deque[int]), get_origin(typing.Counter[str]), get_origin(typing.Sized), get_origin(List), get_origin(Any), get_origin(Union), get_args(List)", "(True, <class 'collections.deque'>, <class 'collections.Counter'>, <class 'collections.abc.Sized'>, <class 'list'>, None, None, ())"},
	{"def g(a: Annotated[int, 'x'], b: 'List[str]') -> None: pass\nget_type_hints(g), get_type_hints(g, include_extras=True)", "({'a': <class 'int'>, 'b': typing.List[str], 'return': <class 'NoneType'>}, {'a': typing.Annotated[int, 'x'], 'b': typing.List[str], 'return': <class 'NoneType'>})"},
	{"class HB:\n    a: Optional[int]\n    b: Annotated[str, 1]\nget_type_hints(HB)", "{'a': typing.Optional[int], 'b': <class 'str'>}"},
	// the aliases of collections.abc's and collections' classes
	{"Generator[int, None, None], Deque[int], DefaultDict[str, int], typing.Counter[str], ContextManager[int], AsyncIterator[int], Coroutine[int, int, str], ItemsView[str, int], typing.OrderedDict[str, int], typing.ChainMap[str, int]", "(typing.Generator[int, NoneType, NoneType], typing.Deque[int], typing.DefaultDict[str, int], typing.Counter[str], typing.ContextManager[int], typing.AsyncIterator[int], typing.Coroutine[int, int, str], typing.ItemsView[str, int], typing.OrderedDict[str, int], typing.ChainMap[str, int])"},
	{"typing.Hashable, typing.Sized, typing.ByteString, AbstractSet, MutableMapping, typing.Pattern, typing.Match, typing.Pattern[str], IO, TextIO, BinaryIO, Generic, Protocol", "(typing.Hashable, typing.Sized, typing.ByteString, typing.AbstractSet, typing.MutableMapping, typing.Pattern, typing.Match, typing.Pattern[str], <class 'typing.IO'>, <class 'typing.TextIO'>, <class 'typing.BinaryIO'>, <class 'typing.Generic'>, <class 'typing.Protocol'>)"},
	{"typing.Hashable[int]", "TypeError: typing.Hashable is not a generic class"},
	{"MutableMapping[str]", "TypeError: Too few arguments for typing.MutableMapping; actual 1, expected 2"},
	{"import collections\nisinstance([], MutableSequence), isinstance((), MutableSequence), isinstance({}, MutableMapping), isinstance(1, typing.Hashable), isinstance([], typing.Hashable), isinstance([], typing.Sized), isinstance(collections.deque(), Deque), isinstance({}, DefaultDict), isinstance(collections.defaultdict(int), DefaultDict)", "(True, False, True, True, False, True, True, False, True)"},
	{"isinstance(set(), AbstractSet), isinstance(frozenset(), MutableSet), isinstance({}.keys(), KeysView), isinstance([], Collection), isinstance([], Container), isinstance([], Reversible), issubclass(list, MutableSequence), issubclass(tuple, MutableSequence)", "(True, False, True, True, True, True, True, False)"},
	{"isinstance([], Generator[int, None, None])", "TypeError: Subscripted generics cannot be used with class and instance checks"},
	{"isinstance(1.5, SupportsRound), isinstance(2, SupportsRound), isinstance('a', SupportsRound)", "(True, True, False)"},
}

// typingMoreRefusals are where kael's answer is not CPython's.
var typingMoreRefusals = []langtest.Case{
	// CPython's special forms answer isinstance through their
	// __instancecheck__ ("typing.Literal cannot be used with
	// isinstance()"); kael's isinstance asks only classes for it.
	{"isinstance(1, Literal)", "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
	// kael's namedtuple values print, compare and hash in Go.
	{"class P(NamedTuple):\n    x: int\n    def __repr__(self):\n        return 'p'", "TypeError: kael's NamedTuple classes cannot define __repr__: their tuples print, compare and hash as namedtuple's do"},
	// kael's abstract classes cannot be bases.
	{"class It(Iterator[int]):\n    pass", "TypeError: kael classes cannot derive from 'typing._GenericAlias' object"},
}

func TestTypingMore(t *testing.T) {
	langtest.CheckCellCases(t, typingAllPrelude, typingMoreCases)
	langtest.CheckCellCases(t, typingAllPrelude, typingMoreRefusals)
}

func TestTypingMoreAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, typingAllPrelude, typingMoreCases)
}
