// Package collections is Python's collections module: Counter,
// defaultdict and OrderedDict (dicts of a subclass, lang.DictKind), deque,
// ChainMap (a class with methods in Go),
// namedtuple (tuples of the engine's lang.NamedTuple) and collections.abc.
package collections

import "github.com/kael-dev/kael/lang"

func init() {
	defCounter()
	defDicts()
	defDeque()
	lang.RegisterModule("collections", "Python's collections: Counter, defaultdict, OrderedDict, deque, namedtuple, ChainMap, and collections.abc for isinstance.",
		func() *lang.Module {
			return &lang.Module{Name: "collections", Attrs: map[string]lang.Value{
				"Counter":     counterClass,
				"defaultdict": defaultdictClass,
				"OrderedDict": orderedClass,
				"deque":       dequeClass,
				"namedtuple":  namedtupleBuiltin,
				"ChainMap":    chainMapClass,
			}}
		})
	abc := abcModule()
	lang.RegisterModule("collections.abc", "The abstract classes of containers, for isinstance: Iterable, Sequence, Mapping, Callable, ...",
		func() *lang.Module { return abc })
}
