package typing_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/typing"

	// typingTorchCases import torch, which lang/std links in (once torch
	// leaves lang, lang/torch).
	_ "github.com/kael-dev/kael/lang/std"
)

const typingPrelude = "import typing\n" +
	"from typing import List, Optional, Tuple, Dict, Any, Callable, Union, Iterable, Sequence, TYPE_CHECKING, cast, TypeVar\n"

// typingCases hold CPython 3.11's outcomes; TestTypingAgainstCPython
// checks them there.
var typingCases = []langtest.Case{
	{"from typing import Set, FrozenSet, Iterator, Mapping, Type", "<none>"},
	{"import typing as t", "<none>"},
	// get_type_hints: strings evaluated, None as NoneType, bases' first
	{"def f(a: int, b: 'str' = 'x', *args: 'List[int]', c: None = None, **kw: dict) -> 'Optional[float]':\n    pass\ntyping.get_type_hints(f)", "{'a': <class 'int'>, 'b': <class 'str'>, 'args': typing.List[int], 'c': <class 'NoneType'>, 'kw': <class 'dict'>, 'return': typing.Optional[float]}"},
	{"def g(x):\n    pass\ntyping.get_type_hints(g), typing.get_type_hints(lambda y: y)", "({}, {})"},
	{"class A:\n    x: int\n    y: 'List[str]' = []\nclass B(A):\n    z: Optional[int] = None\n    x: float\ntyping.get_type_hints(B, globals()), typing.get_type_hints(A, globals())", "({'x': <class 'float'>, 'y': typing.List[str], 'z': typing.Optional[int]}, {'x': <class 'int'>, 'y': typing.List[str]})"},
	{"def h(a: 'Undefined'):\n    pass\ntyping.get_type_hints(h)", "NameError: name 'Undefined' is not defined"},
	{"typing.get_type_hints(3)", "TypeError: 3 is not a module, class, method, or function."},
	{"typing.ClassVar, typing.ClassVar[int], type(typing.ClassVar).__name__", "(typing.ClassVar, typing.ClassVar[int], '_SpecialForm')"},
	{"@typing.no_type_check\nclass NTC:\n    def meth(self, p: complex) -> None: ...\n    class Inner: ...\n    other = len\n@typing.no_type_check\ndef f(x: int): pass\nNTC.__no_type_check__, f.__no_type_check__, hasattr(len, '__no_type_check__')", "(True, True, False)"},
	{"typing.List, typing.Optional, typing.Any, typing.Union, typing.Callable, typing.Tuple", "(typing.List, typing.Optional, typing.Any, typing.Union, typing.Callable, typing.Tuple)"},
	{"List[int], Sequence[str], Iterable[float], typing.Set[bool], typing.Type[int]", "(typing.List[int], typing.Sequence[str], typing.Iterable[float], typing.Set[bool], typing.Type[int])"},
	{"Dict[str, int], typing.Mapping[str, List[int]]", "(typing.Dict[str, int], typing.Mapping[str, typing.List[int]])"},
	{"Optional[int], Optional[List[str]]", "(typing.Optional[int], typing.Optional[typing.List[str]])"},
	{"Union[int, str], Union[int, None], Union[None, int], Union[int, str, None]", "(typing.Union[int, str], typing.Optional[int], typing.Optional[int], typing.Union[int, str, NoneType])"},
	{"Union[int], Union[int, int], Union[int, str, int]", "(<class 'int'>, <class 'int'>, typing.Union[int, str])"},
	{"Tuple[int, ...], Tuple[()], Tuple[int, str]", "(typing.Tuple[int, ...], typing.Tuple[()], typing.Tuple[int, str])"},
	{"Callable[[int], str], Callable[..., int], Callable[[], None], Callable[[int, float], Any]", "(typing.Callable[[int], str], typing.Callable[..., int], typing.Callable[[], NoneType], typing.Callable[[int, float], typing.Any])"},
	{"List[None], Dict[str, Any]", "(typing.List[NoneType], typing.Dict[str, typing.Any])"},
	{"TypeVar('T'), List[TypeVar('T')]", "(~T, typing.List[~T])"},
	{"T = TypeVar('T')\nhash(list[T]) == hash(list[T]), {list[T]: 1}[list[T]], {T: 2}[T], {typing.Any: 4}[typing.Any], len({typing.Union, typing.Optional, typing.Any, typing.Union})", "(True, 1, 2, 4, 3)"},
	{"List[int] == List[int], List[int] == List[str], Optional[int] == Union[int, None]", "(True, False, True)"},
	{"{Dict[str, int]: 1}[Dict[str, int]]", "1"},
	{"TYPE_CHECKING", "False"},
	{"cast(int, 3.5), cast(List[int], 'x'), cast('Foo', None)", "(3.5, 'x', None)"},
	{"str(List[int]), str(Optional[str])", "('typing.List[int]', 'typing.Optional[str]')"},
	// isinstance and issubclass with typing's forms.
	{"isinstance([], List), isinstance((), List), isinstance({}, Dict), isinstance((1,), Tuple), isinstance([], Tuple)", "(True, False, True, True, False)"},
	{"isinstance(set(), typing.Set), isinstance([], typing.Set), isinstance({}, typing.Mapping), isinstance([], typing.Mapping)", "(True, False, True, False)"},
	{"isinstance('ab', Iterable), isinstance(3, Iterable), isinstance({}, Iterable), isinstance(range(3), Iterable), isinstance(iter([1]), Iterable)", "(True, False, True, True, True)"},
	{"isinstance('ab', Sequence), isinstance([], Sequence), isinstance((), Sequence), isinstance({}, Sequence), isinstance(range(2), Sequence), isinstance(3, Sequence)", "(True, True, True, False, True, False)"},
	{"isinstance(len, Callable), isinstance(lambda: 0, Callable), isinstance(int, Callable), isinstance(3, Callable), isinstance('f', Callable)", "(True, True, True, False, False)"},
	{"isinstance(iter([]), typing.Iterator), isinstance([], typing.Iterator), isinstance(map(str, []), typing.Iterator), isinstance(filter(None, []), typing.Iterator)", "(True, False, True, True)"},
	{"def g():\n    yield 1\nclass It:\n    def __iter__(self):\n        return self\n    def __next__(self):\n        raise StopIteration\nisinstance(g(), typing.Iterator), isinstance(zip([]), typing.Iterator), isinstance(enumerate([]), typing.Iterator), isinstance(reversed([1]), typing.Iterator), isinstance(It(), typing.Iterator), isinstance(range(2), typing.Iterator)", "(True, True, True, True, True, False)"},
	{"isinstance(int, typing.Type), isinstance(3, typing.Type), isinstance(str, typing.Type)", "(True, False, True)"},
	{"isinstance(1, Union[int, str]), isinstance(1.5, Optional[int]), isinstance(None, Optional[int]), isinstance('a', Union[int, List])", "(True, False, True, False)"},
	{"isinstance([], (List, Dict)), isinstance(True, Union[int, str]), isinstance(1, Union[int, List[int]]), isinstance(2.5, (int, Optional[float]))", "(True, True, True, True)"},
	{"class Bag:\n    def __iter__(self):\n        return iter([1])\nclass Box:\n    pass\nisinstance(Bag(), Iterable), isinstance(Box(), Iterable), isinstance(Box(), Callable), isinstance(Box, Callable), isinstance(Box, typing.Type)", "(True, False, False, True, True)"},
	{"x = [1, 2]\nif isinstance(x, List):\n    x = tuple(x)\nx", "(1, 2)"},
	{"issubclass(list, List), issubclass(dict, typing.Mapping), issubclass(bool, Union[int, str]), issubclass(str, Sequence), issubclass(int, Sequence)", "(True, True, True, True, False)"},
	{"isinstance([], List[int])", "TypeError: Subscripted generics cannot be used with class and instance checks"},
	{"isinstance('a', Union[int, List[int]])", "TypeError: Subscripted generics cannot be used with class and instance checks"},
	{"isinstance((1,), Tuple[int, ...])", "TypeError: Subscripted generics cannot be used with class and instance checks"},
	{"isinstance(1, Callable[[int], int])", "TypeError: Subscripted generics cannot be used with class and instance checks"},
	{"isinstance(1, Any)", "TypeError: typing.Any cannot be used with isinstance()"},
	{"isinstance(1, Union)", "TypeError: typing.Union cannot be used with isinstance()"},
	{"isinstance(1, Optional)", "TypeError: typing.Optional cannot be used with isinstance()"},
	{"isinstance(1, TypeVar('T'))", "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
	// CPython's errors.
	{"List[int, str]", "TypeError: Too many arguments for typing.List; actual 2, expected 1"},
	{"Dict[str]", "TypeError: Too few arguments for typing.Dict; actual 1, expected 2"},
	{"List[()]", "TypeError: Too few arguments for typing.List; actual 0, expected 1"},
	{"Any[int]", "TypeError: type 'Any' is not subscriptable"},
	{"Optional[int, str]", "TypeError: typing.Optional requires a single type. Got (<class 'int'>, <class 'str'>)."},
	{"Union[()]", "TypeError: Cannot take a Union of no types."},
	{"Callable[[int]]", "TypeError: Callable must be used as Callable[[arg, ...], result]."},
}

// typingTorchCases hold PyTorch's outcomes, with torch imported after
// typingPrelude; TestTypingAgainstPyTorch checks them there.
var typingTorchCases = []langtest.Case{
	{"Optional[List[torch.Tensor]], Tuple[torch.Tensor, torch.Tensor]", "(typing.Optional[typing.List[torch.Tensor]], typing.Tuple[torch.Tensor, torch.Tensor])"},
	{"Dict[str, torch.Tensor], Callable[[torch.Tensor], torch.Tensor]", "(typing.Dict[str, torch.Tensor], typing.Callable[[torch.Tensor], torch.Tensor])"},
	{"isinstance(torch.ones(2), Iterable), isinstance(torch.tensor(1.), Iterable), isinstance(torch.ones(2), Sequence), isinstance(torch.Size([2]), Sequence), isinstance(torch.Size([2]), Tuple)", "(True, True, False, True, True)"},
	{"isinstance(torch.nn.Linear(1, 1), Callable), isinstance(torch.nn.ModuleList(), Iterable), isinstance(torch.nn.Linear(1, 1), Iterable), isinstance(torch.Tensor, typing.Type)", "(True, True, False, True)"},
	{"from torch.utils.data import TensorDataset, DataLoader\nds = TensorDataset(torch.ones(2))\nisinstance(ds, Iterable), isinstance(DataLoader(ds), Iterable)", "(False, True)"},
	{"class Net(torch.nn.Module):\n    def forward(self, x):\n        return x\nclass Plain:\n    pass\ncallable(Net()), isinstance(Net(), Callable), callable(Plain()), isinstance(Net(), Iterable)", "(True, True, False, False)"},
	{"isinstance([torch.ones(1)], List), isinstance(torch.ones(1), Optional[torch.Tensor]), isinstance(None, Optional[torch.Tensor]), isinstance(3, Optional[torch.Tensor])", "(True, True, True, False)"},
	{"def f(x: torch.Tensor, n: Optional[int] = None) -> Tuple[torch.Tensor, ...]:\n    return (cast(torch.Tensor, x) * 2,)\nf(torch.ones(1))[0].tolist()", "[2.0]"},
}

// typingRefusals are where kael's typing refuses what CPython's does or
// words it otherwise: kael's errors, not CPython's.
var typingRefusals = []langtest.Case{
	// CPython names its typing.py file in the message.
	{"from typing import Lst", "ImportError: cannot import name 'Lst' from 'typing' (<frozen typing>)"},
	// CPython takes any value as a parameter and prints its repr.
	{"List[3]", "TypeError: kael's typing.List takes types as parameters, not 3"},
	{"Callable[[1], int]", "TypeError: kael's typing.Callable takes types as parameters, not 1"},
	// CPython flattens the inner Union.
	{"Union[int, Union[str, float]]", "TypeError: kael's typing cannot put a Union inside a Union: typing.Union[str, float]"},
	// CPython gives the class NoneType.
	{"Optional[None]", "<class 'NoneType'>"},
	// CPython reads Callable[int, str] as Callable[[int], str].
	{"Callable[int, str]", "TypeError: Callable must be used as Callable[[arg, ...], result]."},
}

func TestTyping(t *testing.T) {
	langtest.CheckCellCases(t, typingPrelude, typingCases)
	langtest.CheckCellCases(t, typingPrelude, typingRefusals)
	langtest.CheckCellCases(t, typingPrelude+"import torch\n", typingTorchCases)
}

func TestTypingAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, typingPrelude, typingCases)
}

func TestTypingAgainstPyTorch(t *testing.T) {
	cpython.CheckCellCasesTorch(t, typingPrelude+"import torch\n", typingTorchCases)
}

// TestAliasAttributesMatchCPython checks __args__, __origin__,
// __parameters__ and _name of the subscripted forms, and a namedtuple
// class as a parameter.
func TestAliasAttributesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "from typing import Iterator, NamedTuple, List, Dict, Optional, Union, Callable, Tuple\nfrom collections import namedtuple\nP = namedtuple('P', 'x', module='m')\n", []string{
		"Iterator[P], List[P], Iterator[P].__args__",
		"[(tp.__args__, tp.__origin__, tp._name, tp.__parameters__) for tp in [List[int], Dict[str, List[int]], Optional[int], Union[int, str], Callable[[int, str], float], Tuple[int, ...], Tuple[()]]]",
	})
}
