// Package collections is Python's collections module. As CPython writes
// part of it in C (_collections) and the rest in Python, kael writes
// Counter, defaultdict and OrderedDict (dicts of a subclass,
// lang.DictKind), deque and namedtuple (tuples of the engine's
// lang.NamedTuple) in Go, as the module _collections, and collections
// itself in Python (module.py): those names, and CPython's ChainMap,
// UserDict, UserList and UserString. collections.abc is CPython's
// _collections_abc (abc.py), whose isinstance asks Go's tests (abc.go).
package collections

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/abc"  // abc.py's ABCMeta and abstractmethod
	_ "github.com/kael-dev/kael/lang/lib/copy" // the __copy__ hook module.py's classes define
	_ "github.com/kael-dev/kael/lang/lib/sys"  // module.py imports sys, as CPython's does
)

//go:embed module.py
var source string

//go:embed abc.py
var abcSource string

func init() {
	defCounter()
	defDicts()
	defDeque()
	defDequeBase() // class History(deque)
	// class LRU(OrderedDict), class Tally(Counter), class Tree(defaultdict)
	lang.RegisterDictKindBase(counterKind, counterClass)
	lang.RegisterDictKindBase(defaultdictKind, defaultdictClass)
	lang.RegisterDictKindBase(orderedKind, orderedClass)
	lang.RegisterSourceModule("collections", "Python's collections: Counter, defaultdict, OrderedDict, deque, namedtuple, ChainMap, UserDict, UserList, UserString, and collections.abc for isinstance.", source)
	lang.RegisterModule("_collections", "The part of collections written in Go: Counter, defaultdict, OrderedDict, deque and namedtuple.",
		func() *lang.Module {
			return &lang.Module{Attrs: map[string]lang.Value{
				"Counter":     counterClass,
				"defaultdict": defaultdictClass,
				"OrderedDict": orderedClass,
				"deque":       dequeClass,
				"namedtuple":  namedtupleBuiltin,
			}}
		})
	kinds := abcKindsModule()
	lang.RegisterModule("_abc_kinds", "The tests of what a value can do that collections.abc's classes ask in isinstance and issubclass.",
		func() *lang.Module { return kinds })
	lang.RegisterSourceModule("_collections_abc", "The abstract classes of containers, as CPython's: Iterable, Sequence, Mapping, MutableMapping, Callable, ... for isinstance and to derive from, with their mixin methods.", abcSource)
	lang.RegisterSourceModule("collections.abc", "The abstract classes of containers (from _collections_abc): Iterable, Sequence, Mapping, MutableMapping, Callable, ... for isinstance and to derive from.",
		"from _collections_abc import *\nfrom _collections_abc import __all__\n")
}
