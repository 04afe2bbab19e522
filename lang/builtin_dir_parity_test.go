package lang

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// dirParityGaps are the names dir() of a builtin value or class lists
// in CPython 3.11 that kael's lacks (or lists and CPython does not), by
// the sample's key ("*" for every one), each with its reason. The parity
// test removes them from both sides and compares the rest.
var dirParityGaps = map[string]map[string]string{
	"*": {
		"__sizeof__":    "kael's values have no CPython memory layout to measure",
		"__reduce__":    "pickle and copy handle the builtin values themselves; instances of classes have it",
		"__reduce_ex__": "as __reduce__",
		"__weakref__":   "weakref.ref rests on Go's weak pointers: an object keeps no list of its weak references",
	},
	"type": {
		"__abstractmethods__": metaGap, "__annotations__": metaGap, "__base__": metaGap, "__bases__": metaGap,
		"__basicsize__": metaGap, "__dict__": metaGap, "__dictoffset__": metaGap, "__flags__": metaGap,
		"__instancecheck__": metaGap, "__itemsize__": metaGap, "__module__": metaGap, "__mro__": metaGap,
		"__name__": metaGap, "__or__": metaGap, "__prepare__": metaGap, "__qualname__": metaGap, "__ror__": metaGap,
		"__subclasscheck__": metaGap, "__subclasses__": metaGap, "__text_signature__": metaGap,
		"__weakrefoffset__": metaGap, "mro": metaGap,
	},
	"bytearray": {
		"__alloc__": "CPython's allocation size: kael's buffers have no over-allocation to report",
		"__iadd__":  "kael's b += x on a bytearray makes a new one rather than extending it in place, so the in-place methods wait for it",
		"__imul__":  "as __iadd__",
	},
	"list_iterator":    iteratorGaps,
	"dict_keyiterator": iteratorGaps,
	"set_iterator":     iteratorGaps,
	"str_iterator":     iteratorGaps,
	"range_iterator":   iteratorGaps,
	"tuple_iterator":   iteratorGaps,
	"generator": {
		"__del__": frameGap, "gi_code": frameGap, "gi_yieldfrom": frameGap,
		"__iter__": classAttrGap, "__next__": classAttrGap, "__name__": classAttrGap, "__qualname__": classAttrGap,
		"close": classAttrGap, "gi_frame": classAttrGap, "gi_running": classAttrGap, "gi_suspended": classAttrGap,
		"send": classAttrGap, "throw": classAttrGap,
	},
	"coroutine": {
		"__del__": frameGap, "cr_code": frameGap,
		"__await__": classAttrGap, "__name__": classAttrGap, "__qualname__": classAttrGap, "close": classAttrGap,
		"cr_await": classAttrGap, "cr_frame": classAttrGap, "cr_origin": classAttrGap, "cr_running": classAttrGap,
		"cr_suspended": classAttrGap, "send": classAttrGap, "throw": classAttrGap,
	},
	"function": {
		"__builtins__": frameGap, "__closure__": frameGap, "__defaults__": frameGap, "__kwdefaults__": frameGap,
		"__get__":         descrGap,
		"__annotations__": classAttrGap, "__code__": classAttrGap, "__dict__": classAttrGap, "__globals__": classAttrGap,
		"__module__": classAttrGap, "__name__": classAttrGap, "__qualname__": classAttrGap, "__call__": classAttrGap,
	},
	"builtin_function_or_method": {
		"__module__": classAttrGap, "__name__": classAttrGap, "__qualname__": classAttrGap, "__call__": classAttrGap,
		"__self__":           "kael's builtin functions belong to no module object",
		"__text_signature__": "kael's signatures are its help text's (inspect.signature reads them)",
	},
	"method": {
		"__call__": classAttrGap, "__func__": classAttrGap, "__self__": classAttrGap,
		// a bound method of a class forwards the function's attributes,
		// which kael's dir lists and CPython's does not
		"__annotations__": "kael lists the function's attributes a method forwards",
		"__code__":        "as __annotations__", "__dict__": "as __annotations__", "__globals__": "as __annotations__",
		"__module__": "as __annotations__", "__name__": "as __annotations__", "__qualname__": "as __annotations__",
		"__closure__": "as __annotations__",
	},
	"property": {
		"__delete__": descrGap, "__get__": descrGap, "__set__": descrGap, "__set_name__": descrGap,
		"__isabstractmethod__": "kael has no abstract-method flag on descriptors",
		"deleter":              classAttrGap, "fdel": classAttrGap, "fget": classAttrGap, "fset": classAttrGap,
		"getter": classAttrGap, "setter": classAttrGap,
	},
	"staticmethod": wrapperGaps,
	"classmethod":  wrapperGaps,
	"OSError":      {"characters_written": "only a BlockingIOError sets it; kael's OSError has no such slot"},
}

// The reasons shared by several gaps.
const (
	metaGap      = "type's own attributes: kael's builtin classes answer __name__, __mro__ and the rest, but type lists none of them"
	frameGap     = "kael's functions and frames are not CPython's code objects"
	classAttrGap = "the attribute is read from the value; its class (a type without a constructor) lists object's only"
	descrGap     = "kael binds functions and properties in the class machinery, not through a __get__ method"
)

// iteratorGaps are the names kael's builtin iterators lack.
var iteratorGaps = map[string]string{
	"__length_hint__": "kael's iterators do not know their remaining length",
	"__setstate__":    "pickling an iterator is not supported",
	"__iter__":        classAttrGap, "__next__": classAttrGap,
}

// wrapperGaps are the names staticmethod and classmethod objects lack.
var wrapperGaps = map[string]string{
	"__annotations__": "kael's staticmethod and classmethod objects forward no attributes of their function",
	"__dict__":        "as __annotations__", "__module__": "as __annotations__", "__name__": "as __annotations__",
	"__qualname__": "as __annotations__", "__wrapped__": "as __annotations__", "__func__": classAttrGap,
	"__call__": classAttrGap, "__get__": descrGap, "__isabstractmethod__": "kael has no abstract-method flag on descriptors",
}

// dirParitySamples are the builtin values whose dir(), and their
// class's, the test compares with CPython's, by key.
var dirParitySamples = [][2]string{
	{"object", "object()"}, {"type", "int"}, {"int", "1"}, {"bool", "True"}, {"float", "1.5"},
	{"complex", "1j"}, {"str", "'a'"}, {"bytes", "b'a'"}, {"bytearray", "bytearray(b'a')"},
	{"memoryview", "memoryview(b'a')"}, {"list", "[1]"}, {"tuple", "(1,)"}, {"dict", "{1: 2}"},
	{"set", "{1}"}, {"frozenset", "frozenset([1])"}, {"range", "range(3)"}, {"slice", "slice(1)"},
	{"dict_keys", "{1: 2}.keys()"}, {"dict_values", "{1: 2}.values()"}, {"dict_items", "{1: 2}.items()"},
	{"list_iterator", "iter([])"}, {"dict_keyiterator", "iter({})"}, {"set_iterator", "iter(set())"},
	{"str_iterator", "iter('')"}, {"range_iterator", "iter(range(1))"}, {"tuple_iterator", "iter(())"},
	{"generator", "_gen()"}, {"coroutine", "_coro"}, {"function", "_f"},
	{"builtin_function_or_method", "len"}, {"method", "_C().m"}, {"property", "property()"},
	{"staticmethod", "staticmethod(_f)"}, {"classmethod", "classmethod(_f)"}, {"NoneType", "None"},
	{"NotImplementedType", "NotImplemented"}, {"ellipsis", "..."},
	{"BaseException", "BaseException()"}, {"Exception", "Exception()"}, {"ValueError", "ValueError('x')"},
	{"KeyError", "KeyError(1)"}, {"StopIteration", "StopIteration()"}, {"OSError", "OSError()"},
	{"user_class", "_C()"}, {"user_exception", "_E('x')"}, {"user_list", "_L()"},
}

// dirParityPrelude defines the samples' helpers and _dir, dir() without
// the gaps.
func dirParityPrelude() string {
	var b strings.Builder
	b.WriteString("def _gen():\n    yield 1\nasync def _co():\n    pass\n_coro = _co()\n")
	b.WriteString("def _f():\n    pass\nclass _C:\n    def m(self):\n        pass\nclass _E(Exception):\n    pass\nclass _L(list):\n    pass\n")
	b.WriteString("_GAPS = {")
	keys := make([]string, 0, len(dirParityGaps))
	for k := range dirParityGaps {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		names := make([]string, 0, len(dirParityGaps[k]))
		for n := range dirParityGaps[k] {
			names = append(names, fmt.Sprintf("%q", n))
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "%q: {%s}, ", k, strings.Join(names, ", "))
	}
	b.WriteString("}\n")
	b.WriteString("def _dir(key, x):\n    skip = _GAPS['*'] | _GAPS.get(key, set())\n    return [n for n in sorted(dir(x)) if n not in skip]\n")
	return b.String()
}

// TestBuiltinDirMatchesCPython compares sorted(dir(x)) and
// sorted(dir(type(x))) of each sample with CPython 3.11's, but for the
// gaps listed, each with its reason, in dirParityGaps.
func TestBuiltinDirMatchesCPython(t *testing.T) {
	var srcs []string
	for _, s := range dirParitySamples {
		srcs = append(srcs, fmt.Sprintf("_x = %s\n%q, _dir(%q, _x), _dir(%q, type(_x))", s[1], s[0], s[0], s[0]))
	}
	checkMatchesCPython(t, dirParityPrelude(), srcs)
}
