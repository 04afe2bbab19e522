package lang

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/pyhash"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The Python builtins tutorial code uses beyond builtins_core.go: id,
// iter, next, map, filter, dir, hasattr, getattr, setattr, callable, hash,
// divmod, chr, ord, bin, oct, hex, and more str methods. Their behaviour and
// messages are CPython's; builtins_python_test.go checks its table against
// python3.

// StopIteration is raised by next() on an exhausted iterator.
const StopIteration = tensor.StopIteration

// Iterator is the iterator iter() returns. Over a list, a dict, a dict's
// view or a set it is live, as CPython's: a list iterator reads the
// list's length at each step (it sees appends and stops at a shrunk
// list's end), a dict or set iterator raises RuntimeError when its
// container changed size (dictWalk). Over other iterables it yields the
// elements collected when it was made, once. An iterator that reached
// its end stays ended.
type Iterator struct {
	kind  string // "list_iterator", "set_iterator", ...
	elems []Value
	pos   int
	live  *liveSource // a live iterator's container; nil for a snapshot and a list iterator that ended
}

// liveSource is what a live Iterator walks: a list, read at each step,
// or a dict's or set's entries.
type liveSource struct {
	list *List     // a list_iterator's list
	walk *dictWalk // a dict iterator's walk
	set  *setWalk  // a set iterator's walk
	view viewKind  // what a dict iterator yields: keys, values or items
}

// NewIterator returns an iterator over elems, whose type is kind
// ("itertools.product"): it yields each element once.
func NewIterator(kind string, elems []Value) *Iterator {
	return &Iterator{kind: kind, elems: elems}
}

// liveIterator returns CPython's live iterator over v when v is a list,
// a dict, a dict's view or a set; ok is false for any other value.
func liveIterator(v Value) (*Iterator, bool) {
	switch x := v.(type) {
	case *List:
		return &Iterator{kind: "list_iterator", live: &liveSource{list: x}}, true
	case *Dict:
		return &Iterator{kind: "dict_keyiterator", live: &liveSource{walk: newDictWalk(x, false)}}, true
	case *dictView:
		kind := [...]string{"dict_keyiterator", "dict_valueiterator", "dict_itemiterator"}[x.kind]
		return &Iterator{kind: kind, live: &liveSource{walk: newDictWalk(x.d, false), view: x.kind}}, true
	case *Set:
		return &Iterator{kind: "set_iterator", live: &liveSource{set: newSetWalk(x)}}, true
	}
	return nil, false
}

// TypeName returns the iterator's kind, e.g. "list_iterator" or "map".
func (it *Iterator) TypeName() string { return it.kind }

// String returns <map object>.
func (it *Iterator) String() string {
	return "<" + it.kind + " object>"
}

// Iterate yields the remaining elements, consuming them.
func (it *Iterator) Iterate(yield func(Value) bool) error {
	for {
		v, ok, err := it.next()
		if !ok || err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// next returns the next element, consuming it; ok is false at the end,
// and err a dict's or set's change during the walk.
func (it *Iterator) next() (Value, bool, error) {
	if it.pos < len(it.elems) {
		it.pos++
		return it.elems[it.pos-1], true, nil
	}
	if it.live == nil {
		return nil, false, nil
	}
	return it.step()
}

// step is next for a live iterator: a list's (CPython's listiterator,
// the length read now) or a dict's or set's walk.
func (it *Iterator) step() (Value, bool, error) {
	if l := it.live.list; l != nil {
		if it.pos < len(l.Elems) {
			it.pos++
			return l.Elems[it.pos-1], true, nil
		}
		it.live = nil // ended for good, whatever is appended later
		return nil, false, nil
	}
	if w := it.live.set; w != nil {
		return w.next()
	}
	return it.live.walk.next(it.live.view)
}

// iteratorKind names the iterator Python makes for v.
func iteratorKind(v Value) string {
	switch v.(type) {
	case string:
		return "str_ascii_iterator"
	case *Range:
		return "range_iterator"
	}
	return TypeName(v) + "_iterator"
}

// ID returns id(v): the address of a mutable object, and for the
// immutable values a number derived from the value, so equal ones share it
// (CPython shares small ints and strings too).
func ID(v Value) int64 {
	switch x := v.(type) {
	case *GradFnValue: // a new wrapper at each read of the one node
		return x.id()
	case *AccumulateGradValue:
		return x.id()
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map:
		return int64(rv.Pointer())
	case reflect.Slice:
		if rv.Len() > 0 {
			return int64(rv.Pointer())
		}
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%T:%s", v, Repr(v))
	return int64(h.Sum64() >> 1)
}

// PythonHash is hash(v), as Python's hash() computes it, for libraries
// that hash a value they hold (decimal's Decimal).
func PythonHash(v Value) (int64, error) { return pythonHash(v) }

// pythonHash returns hash(v): CPython's value for ints and floats (see
// internal/pyhash), else a number derived from the value's hash key, equal
// for equal values.
func pythonHash(v Value) (int64, error) {
	switch x := v.(type) {
	case int64:
		return pyhash.Int(x), nil
	case string:
		return strHash(x), nil
	case bool:
		return boolInt(x), nil
	case BigInt:
		return bigHash(x.v), nil
	case Complex:
		if isNaNValue(x) {
			return nanHash(v), nil
		}
		return complexHash(x), nil
	case float64:
		if h, ok := pyhash.Float(x); ok {
			return h, nil
		}
		return nanHash(v), nil
	case *Instance:
		if n, ok, err := x.userHash(); ok || err != nil {
			if n == -1 {
				n = -2 // -1 marks an error in CPython's C API
			}
			return n, err // what __hash__ returns, as Python's hash()
		}
		if isValueInstance(x) { // class A(int): hash(A(3)) == hash(3)
			return pythonHash(x.Native())
		}
		if h := x.cls.base().HashValue; h != nil {
			return pythonHash(h(x))
		}
	case Tuple:
		return tupleHashOf(x, pythonHash) // CPython's xxHash of the elements' hashes
	case *NamedTuple:
		return tupleHashOf(x.Elems, pythonHash) // hashes as the tuple of its elements
	case *List:
		if x.size {
			return tupleHashOf(Tuple(x.Elems), pythonHash) // a torch.Size hashes as the tuple of its sizes
		}
	case HashesAs:
		return pythonHash(x.HashesAs())
	case PythonHasher:
		return x.PythonHash()
	}
	k, err := hashKey(v)
	if err != nil {
		return 0, err
	}
	h := fnv.New64a()
	h.Write([]byte(k))
	return int64(h.Sum64() >> 1), nil
}

// strHash is hash(s) for a str: FNV-1a of its hash key ("s" and its
// bytes), halved to stay positive, computed without building the key. It
// is the same in every run (CPython's changes with PYTHONHASHSEED), and
// it places strings in a set's table (orderHash).
func strHash(s string) int64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	h ^= 's'
	h *= prime
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	return int64(h >> 1)
}

// intConversion is bin, oct or hex.
func intConversion(name, prefix string, base int) func(a *Args) (Value, error) {
	return func(a *Args) (Value, error) {
		v := a.Value("x")
		if _, isFloat := v.(float64); isFloat {
			return nil, Errorf(TypeError, "'float' object cannot be interpreted as an integer")
		}
		if b, ok := v.(BigInt); ok {
			t := new(big.Int).Abs(b.v).Text(base)
			if b.v.Sign() < 0 {
				return "-" + prefix + t, nil
			}
			return prefix + t, nil
		}
		n, ok := AsInt(v)
		if !ok {
			return nil, notAnInteger(v)
		}
		mag := uint64(n)
		sign := ""
		if n < 0 {
			mag, sign = -mag, "-"
		}
		return sign + prefix + strconv.FormatUint(mag, base), nil
	}
}

func init() {
	NewBuiltin(AsFunc, "id(obj)", "A number identifying obj: the same for the same object while it lives.", func(a *Args) (Value, error) {
		return ID(a.Value("obj")), nil
	})
	NewBuiltin(AsFunc, "iter(iterable, *sentinel)", "An iterator over iterable, for next(): it = iter([1, 2]); next(it) is 1. iter(f, sentinel) calls f with no arguments for each element until it returns sentinel: iter(lambda: f.read(4), b'') reads a file in blocks.", func(a *Args) (Value, error) {
		v := a.Value("iterable")
		if sentinel := a.Value("sentinel").(Tuple); len(sentinel) > 0 {
			if len(sentinel) > 1 {
				return nil, arityError("iter", 1+len(sentinel), nil)
			}
			return callableIterator(a, v, sentinel[0])
		}
		switch it := v.(type) {
		case *Iterator, *Generator, *lazyIterator:
			return it, nil
		case IterMaker:
			return it.Iter()
		case Nexter: // an iterator of a library's (csv.reader): itself
			return it, nil
		case *Instance:
			r, ok, err := it.hook("__iter__")
			if ok || err != nil {
				if err != nil || isIterator(r) {
					return r, err
				}
				if err := notIterator(r); err != nil {
					return nil, err
				}
				return r, nil // a library's iterator (a file): itself, as CPython's
			} else if it.HasOwn("__getitem__") {
				return it.sequenceIterator(), nil // x[0], x[1], ... may never end
			}
		}
		if it, ok := liveIterator(v); ok {
			return it, nil
		}
		elems, err := Collect(v)
		if err != nil {
			return nil, err
		}
		return &Iterator{kind: iteratorKind(v), elems: elems}, nil
	})
	NewBuiltin(AsFunc, "next(iterator, *default)", "The next element of an iterator (from iter, map or filter, a generator, an object with __next__), or default when it is exhausted; without a default, an exhausted iterator raises StopIteration.", func(a *Args) (Value, error) {
		dflt := a.VarArgs("default") // read only: no tuple made per call
		if len(dflt) > 1 {
			return nil, Errorf(TypeError, "next expected at most 2 arguments, got %d", 1+len(dflt))
		}
		it, ok := a.Value("iterator").(*Iterator)
		if !ok {
			v, err := nextOf(a.Value("iterator"))
			if err != nil && len(dflt) == 1 && isStopIteration(err) {
				return dflt[0], nil
			}
			return v, err
		}
		v, ok, err := it.next()
		if ok || err != nil { // a dict or set changed during the walk
			return v, err
		}
		if len(dflt) == 1 {
			return dflt[0], nil
		}
		e := exhausted()
		e.Hint = "the iterator is exhausted: next(it, default) returns default instead"
		return nil, e
	}).setFast(func(_ *interp, n int, x, dflt Value) (Value, bool) {
		// next(it) and next(it, default) of an engine iterator, which
		// runs no user code: an element, or the default once exhausted.
		// An exhausted iterator without a default (StopIteration) and
		// every other iterable go to the Go function, as do a dict's
		// and a set's iterators, whose step may raise. A snapshot's
		// step is written out here, where Iterator.next would not be
		// inlined.
		it, ok := x.(*Iterator)
		if !ok {
			return nil, false
		}
		if it.pos < len(it.elems) {
			it.pos++
			return it.elems[it.pos-1], true
		}
		if it.live != nil {
			if it.live.walk != nil || it.live.set != nil {
				return nil, false
			}
			if v, ok, _ := it.step(); ok { // a list's: no error
				return v, true
			}
		}
		if n == 2 {
			return dflt, true
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "dir(*object)", "The names of object's attributes and methods, sorted (those its class's __dir__ returns, when it defines one); without object, the names of the variables in scope.", func(a *Args) (Value, error) {
		var names []string
		args := a.Value("object").(Tuple)
		if len(args) > 1 {
			return nil, Errorf(TypeError, "dir expected at most 1 argument, got %d", len(args))
		}
		if len(args) == 0 {
			names = a.in.scopeNames()
		} else if x, ok := args[0].(*Instance); ok {
			// A class's __dir__ gives the names, sorted, as CPython's.
			listing, found, err := a.in.callSpecial(x, "__dir__")
			if err != nil {
				return nil, err
			}
			if found {
				sorted, _ := LookupBuiltin("sorted")
				return a.Call(sorted, listing)
			}
			names = dirNames(x)
		} else if m, ok := args[0].(*Module); ok && m.file == nil {
			names = a.in.builtinModuleDir(m)
		} else {
			names = dirNames(args[0])
		}
		out := make([]Value, len(names))
		for i, n := range names {
			out[i] = n
		}
		return &List{Elems: out}, nil
	})
	NewBuiltin(AsFunc, "locals()", "A new dict of the variables bound where it is called, by name: a function's locals (its arguments first) and the variables of enclosing functions it uses; at a module's top level, its globals. Changing the dict changes no variable, as in CPython's functions.", func(a *Args) (Value, error) {
		return a.in.localsDict()
	})
	NewBuiltin(AsFunc, "getattr(obj, name, *default)", "obj.name, or default when obj has no attribute name.", func(a *Args) (Value, error) {
		if d := a.Value("default").(Tuple); len(d) > 1 {
			return nil, Errorf(TypeError, "getattr expected at most 3 arguments, got %d", 2+len(d))
		}
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(a.Value("name")))
		}
		// obj.name's own path: a built-in module's source submodules are
		// its attributes in the session (interp.getAttr)
		v, err := a.in.getAttr(a.Value("obj"), name)
		if err != nil && ToError(err).Kind == AttributeError {
			if d := a.Value("default").(Tuple); len(d) > 0 {
				return d[0], nil
			}
		}
		return v, err
	})
	NewBuiltin(AsFunc, "hasattr(obj, name)", "Whether obj has an attribute or method called name.", func(a *Args) (Value, error) {
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(a.Value("name")))
		}
		_, err := a.in.getAttr(a.Value("obj"), name) // as getattr
		if err != nil && ToError(err).Kind == AttributeError {
			return false, nil
		}
		return err == nil, err
	})
	NewBuiltin(AsFunc, "setattr(obj, name, value)", "obj.name = value, for the attributes that can be set (a tensor's grad and requires_grad).", func(a *Args) (Value, error) {
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(a.Value("name")))
		}
		_, err := a.in.warned(nil, setAttr(a.Value("obj"), name, a.Value("value")))
		return None, err
	})
	NewBuiltin(AsFunc, "delattr(obj, name)", "del obj.name, for the attributes of instances of your own classes.", func(a *Args) (Value, error) {
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(a.Value("name")))
		}
		remove, err := delAttr(a.Value("obj"), name)
		if err != nil {
			return nil, err
		}
		return None, remove()
	})
	NewBuiltin(AsFunc, "callable(obj)", "Whether obj can be called: a function, builtin, method or class, or an object whose class defines __call__ (or derives from nn.Module).", func(a *Args) (Value, error) {
		return Callable(a.Value("obj")), nil
	})
	NewBuiltin(AsFunc, "hash(obj)", "A number from obj's value, equal for equal values; lists, dicts, sets and tensors are unhashable.", func(a *Args) (Value, error) {
		if _, ok := a.Value("obj").(*tensor.Tensor); ok {
			return ID(a.Value("obj")), nil // tensors hash by identity in PyTorch
		}
		return pythonHash(a.Value("obj"))
	})
	divmod := NewBuiltin(AsFunc, "divmod(a, b)", "The pair (a // b, a % b) of two numbers.", func(a *Args) (Value, error) {
		x, y := valueOf(a.Value("a")), valueOf(a.Value("b"))
		if v, ok := numberDivmod(x, y); ok {
			return v, nil
		}
		for i, p := range [2][2]Value{{x, y}, {y, x}} { // a class's __divmod__, then the other's __rdivmod__
			if inst, ok := p[0].(*Instance); ok {
				r, found, err := a.in.callSpecial(inst, [2]string{"__divmod__", "__rdivmod__"}[i], p[1])
				if found && (err != nil || r != NotImplemented) {
					return r, err
				}
			}
		}
		_, xOp := x.(Operand)
		_, yOp := y.(Operand)
		if _, ok := asNumber(x); !ok && !IsInt(x) && !xOp && !yOp {
			return nil, Errorf(TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'", TypeName(a.Value("a")), TypeName(a.Value("b")))
		}
		if _, ok := asNumber(y); !ok && !IsInt(y) && !xOp && !yOp {
			return nil, Errorf(TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'", TypeName(x), TypeName(y))
		}
		q, err := a.in.binary(syntax.SLASHSLASH, x, y, a.in.stmtNode())
		if err != nil {
			if _, isFloat := y.(float64); ToError(err).Kind == ZeroDivisionError && (isFloat || !IsInt(x)) {
				return nil, Errorf(ZeroDivisionError, "float divmod()")
			}
			return nil, err
		}
		r, err := a.in.binary(syntax.PERCENT, x, y, a.in.stmtNode())
		if err != nil {
			return nil, err
		}
		return Tuple{q, r}, nil
	})
	divmod.setFast(func(in *interp, n int, a, b Value) (Value, bool) {
		if n != 2 {
			return nil, false
		}
		x, xInt := a.(int64)
		y, yInt := b.(int64)
		if xInt && yInt && y != 0 && !(x == math.MinInt64 && y == -1) {
			// intBinary's // and %, boxed in the session's slabs: the
			// remainder x - q*y wraps in its product but not in its value
			q := tensor.FloorDivInt(x, y)
			return pair(boxInt(in.s, q), boxInt(in.s, x-q*y)), true
		}
		return numberDivmod(a, b)
	})
	divmod.setPair(func(in *interp, a, b Value) (Value, Value, bool) {
		// q, r = divmod(x, y) of ints: the fast path's pair, unpacked
		x, xInt := a.(int64)
		y, yInt := b.(int64)
		if !xInt || !yInt || y == 0 || x == math.MinInt64 && y == -1 {
			return nil, nil, false
		}
		q := tensor.FloorDivInt(x, y)
		return boxInt(in.s, q), boxInt(in.s, x-q*y), true
	})
	NewBuiltin(AsFunc, "chr(i)", "The one-character string of the Unicode code point i: chr(97) is 'a'.", func(a *Args) (Value, error) {
		i := a.Int64("i")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if i < 0 || i > unicode.MaxRune {
			return nil, Errorf(ValueError, "chr() arg not in range(0x110000)")
		}
		return string(rune(i)), nil
	})
	NewBuiltin(AsFunc, "ord(c)", "The Unicode code point of a one-character string: ord('a') is 97.", func(a *Args) (Value, error) {
		s, ok := a.Value("c").(string)
		if !ok {
			return nil, Errorf(TypeError, "ord() expected string of length 1, but %s found", TypeName(a.Value("c")))
		}
		if n := utf8.RuneCountInString(s); n != 1 {
			return nil, Errorf(TypeError, "ord() expected a character, but string of length %d found", n)
		}
		r, _ := utf8.DecodeRuneInString(s)
		return int64(r), nil
	})
	NewBuiltin(AsFunc, "bin(x)", "The binary text of an int: bin(5) is '0b101'.", intConversion("bin", "0b", 2))
	NewBuiltin(AsFunc, "oct(x)", "The octal text of an int: oct(8) is '0o10'.", intConversion("oct", "0o", 8))
	NewBuiltin(AsFunc, "hex(x)", "The hexadecimal text of an int: hex(255) is '0xff'.", intConversion("hex", "0x", 16))
	defPythonStrMethods()
	defStrSearchMethods()
}

// defPythonStrMethods adds the str methods builtins_seq.go lacks.
func defPythonStrMethods() {
	predicate := func(name, doc string, f func(r rune) bool, cased bool) {
		defMethod("str", name+"(self)", doc, func(a *Args) (Value, error) {
			s := self[string](a)
			if s == "" {
				return false, nil
			}
			seen := false
			for _, r := range s {
				if cased {
					if unicode.IsLetter(r) && !f(r) {
						return false, nil
					}
					seen = seen || unicode.IsLetter(r)
					continue
				}
				if !f(r) {
					return false, nil
				}
			}
			return seen || !cased, nil
		})
	}
	predicate("isdigit", "Whether the string is non-empty and all digits (decimal ones, and others such as ² and ①).", isDigitRune, false)
	predicate("isalpha", "Whether the string is non-empty and all letters.", unicode.IsLetter, false)
	predicate("isalnum", "Whether the string is non-empty and all letters and numeric characters.", func(r rune) bool { return unicode.IsLetter(r) || isNumericRune(r) }, false)
	predicate("isspace", "Whether the string is non-empty and all white space.", unicode.IsSpace, false)
	predicate("isupper", "Whether the string has letters and all of them are upper case.", unicode.IsUpper, true)
	predicate("islower", "Whether the string has letters and all of them are lower case.", unicode.IsLower, true)
	defMethod("str", "title(self)", "The string with each word capitalized: a character after a cased one in lower case, every other in title case.", func(a *Args) (Value, error) {
		return strTitle(self[string](a)), nil
	})
	defMethod("str", "capitalize(self)", "The string with its first character in title case and the rest in lower case.", func(a *Args) (Value, error) {
		return strCapitalize(self[string](a)), nil
	})
	defMethod("str", "swapcase(self)", "The string with upper and lower case swapped.", func(a *Args) (Value, error) {
		return strSwapcase(self[string](a)), nil
	})
	pad := func(name, doc string, place func(s, fill string, n, width int) string) {
		defMethod("str", name+"(self, width, fillchar=' ')", doc, func(a *Args) (Value, error) {
			s, width, fill := self[string](a), a.Int("width"), a.Str("fillchar")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if utf8.RuneCountInString(fill) != 1 {
				return nil, Errorf(TypeError, "The fill character must be exactly one character long")
			}
			if err := checkLength(float64(width), "width %d is too large", width); err != nil {
				return nil, err
			}
			n := width - utf8.RuneCountInString(s)
			if n <= 0 {
				return s, nil
			}
			return place(s, fill, n, width), nil
		})
	}
	pad("ljust", "The string padded on the right to width.", func(s, f string, n, _ int) string { return s + strings.Repeat(f, n) })
	pad("rjust", "The string padded on the left to width.", func(s, f string, n, _ int) string { return strings.Repeat(f, n) + s })
	pad("center", "The string centred in width.", func(s, f string, n, width int) string {
		left := n/2 + n&width&1 // CPython's rule for where the odd fill character goes
		return strings.Repeat(f, left) + s + strings.Repeat(f, n-left)
	})
	defMethod("str", "zfill(self, width)", "The string padded with zeros on the left to width, after a sign.", func(a *Args) (Value, error) {
		s, width := self[string](a), a.Int("width")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkLength(float64(width), "width %d is too large", width); err != nil {
			return nil, err
		}
		n := width - utf8.RuneCountInString(s)
		if n <= 0 {
			return s, nil
		}
		sign := ""
		if s != "" && (s[0] == '+' || s[0] == '-') {
			sign, s = s[:1], s[1:]
		}
		return sign + strings.Repeat("0", n) + s, nil
	})
	partition := func(name, doc string, cut func(s, sep string) (int, bool)) {
		defMethod("str", name+"(self, sep)", doc, func(a *Args) (Value, error) {
			s, sep := self[string](a), a.Str("sep")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, Errorf(ValueError, "empty separator")
			}
			i, ok := cut(s, sep)
			if !ok {
				if name == "rpartition" {
					return Tuple{"", "", s}, nil
				}
				return Tuple{s, "", ""}, nil
			}
			return Tuple{s[:i], sep, s[i+len(sep):]}, nil
		})
	}
	partition("partition", "(before, sep, after) around the first sep, or (s, '', '').", func(s, sep string) (int, bool) {
		i := strings.Index(s, sep)
		return i, i >= 0
	})
	partition("rpartition", "(before, sep, after) around the last sep, or ('', '', s).", func(s, sep string) (int, bool) {
		i := strings.LastIndex(s, sep)
		return i, i >= 0
	})
	defMethod("str", "removeprefix(self, prefix)", "The string without prefix at its start, if it is there.", func(a *Args) (Value, error) {
		return strings.TrimPrefix(self[string](a), a.Str("prefix")), a.Err()
	})
	defMethod("str", "removesuffix(self, suffix)", "The string without suffix at its end, if it is there.", func(a *Args) (Value, error) {
		return strings.TrimSuffix(self[string](a), a.Str("suffix")), a.Err()
	})
}

// tensorMethodBuiltins are the builtins whose Python form is the tensor's
// method for a tensor argument: abs(t) calls t.__abs__, which is torch.abs.
// The others treat a tensor as Python treats any iterable or number under
// PyTorch 1.13: sum(t) and max(t) iterate over its rows (max of a 2-d
// tensor compares rows, PyTorch's ambiguity error), any(t) and all(t) give
// a bool, round(t) is a TypeError (Tensor has no __round__), pow(t, e) is
// t ** e.
var tensorMethodBuiltins = map[string]bool{"abs": true}

// pythonKeywords are the keyword arguments the Python forms of the
// overloaded builtins take.
var pythonKeywords = map[string][]string{
	"max": {"key", "default"}, "min": {"key", "default"}, "sum": {"start"},
	"pow": {"exp", "mod"}, "round": {"ndigits"},
}

// kwArg returns a keyword argument an overloaded builtin collected.
func kwArg(a *Args, name string) (Value, bool) {
	for i, n := range a.kwNames {
		if n == name {
			return a.kwVals[i], true
		}
	}
	return nil, false
}

// sumStart reads the start value of Python's sum(iterable, start=0).
func sumStart(a *Args) (Value, error) {
	var start Value = int64(0)
	rest := a.Value("args").(Tuple)
	kw, hasKW := kwArg(a, "start")
	switch { // at most two in all, as defOverloaded's count checks
	case len(rest) == 1 && hasKW:
		return nil, Errorf(TypeError, "sum() got multiple values for argument 'start'")
	case len(rest) == 1:
		start = rest[0]
	case hasKW:
		start = kw
	}
	if _, isStr := start.(string); isStr {
		return nil, Errorf(TypeError, "sum() can't sum strings [use ''.join(seq) instead]")
	}
	return start, nil
}

// sumOf is Python's sum(iterable, start=0): it adds the elements as they
// come, as CPython does (a generator's are never held in a list), and,
// as CPython's fast paths do, keeps a running int or float total unboxed
// while the elements are ints (and the total fits in an int64) or
// floats.
func sumOf(a *Args) (Value, error) {
	total, err := sumStart(a)
	if err != nil {
		return nil, err
	}
	var (
		addErr error
		n      int
		ints   bool // the total is iacc
		floats bool // the total is facc
		iacc   int64
		facc   float64
	)
	unbox := func() {
		switch t := total.(type) {
		case int64:
			ints, iacc = true, t
		case float64:
			floats, facc = true, t
		}
	}
	unbox()
	// addIntElem adds an int element that comes unboxed, from a range or
	// a generator expression over one (iterateInts): boxed only when the
	// total is not an int64.
	addIntElem := func(y int64) bool {
		if n++; n%pollEvery == 0 { // PollInterrupt, inlined
			if addErr = PollInterrupt(n); addErr != nil {
				return false
			}
		}
		if ints {
			if r, ok := addInt(iacc, y); ok {
				iacc = r
				return true
			}
			ints, total = false, boxInt(a.in.s, iacc)
		} else if floats {
			floats, total = false, boxFloat(a.in.s, facc)
		}
		total, addErr = a.in.binary(syntax.PLUS, total, boxInt(a.in.s, y), a.in.stmtNode())
		unbox()
		return addErr == nil
	}
	input := a.Value("input")
	if ok, err := iterateInts(input, addIntElem); ok {
		switch {
		case addErr != nil:
			return nil, addErr
		case err != nil:
			return nil, err
		case ints:
			return boxInt(a.in.s, iacc), nil
		case floats:
			return boxFloat(a.in.s, facc), nil
		}
		return total, nil
	}
	err = Iterate(input, func(e Value) bool {
		if n++; n%pollEvery == 0 { // PollInterrupt, inlined
			if addErr = PollInterrupt(n); addErr != nil {
				return false
			}
		}
		switch {
		case ints:
			if y, ok := e.(int64); ok {
				if r, ok := addInt(iacc, y); ok {
					iacc = r
					return true
				}
			}
			ints, total = false, boxInt(a.in.s, iacc)
		case floats:
			if y, ok := e.(float64); ok {
				facc += y
				return true
			}
			floats, total = false, boxFloat(a.in.s, facc)
		}
		total, addErr = a.in.binary(syntax.PLUS, total, e, a.in.stmtNode())
		unbox()
		return addErr == nil
	})
	switch {
	case addErr != nil:
		return nil, addErr
	case err != nil:
		return nil, err
	case ints:
		return boxInt(a.in.s, iacc), nil
	case floats:
		return boxFloat(a.in.s, facc), nil
	}
	return total, nil
}

// iterateInts iterates v's elements as ints, unboxed, when v is a range
// or a consumed generator expression over one's ints (genState.ints);
// ok is false, with nothing iterated, for anything else.
func iterateInts(v Value, yield func(int64) bool) (ok bool, err error) {
	switch x := v.(type) {
	case *Range:
		for k, n := int64(0), x.Len(); k < n; k++ {
			if !yield(x.Start + k*x.Step) {
				break
			}
		}
		return true, nil
	case *Generator:
		return x.st.iterateInts(yield)
	}
	return false, nil
}

// IsIterator reports whether next() can step v, as isinstance(v,
// collections.abc.Iterator): a generator, an iterator of iter(), map(),
// zip() and the other lazy builtins, an instance whose class defines
// __next__.
func IsIterator(v Value) bool { return isIterator(v) }

// isIterator reports whether next() can step v: a generator, an iterator
// of iter(), an instance whose class defines __next__.
func isIterator(v Value) bool {
	switch x := v.(type) {
	case *Iterator, *Generator, *lazyIterator, *coroutineWrapper, *asyncGenOp:
		return true
	case *Instance:
		return x.HasOwn("__next__")
	}
	return false
}

// nextOf is next(v) for the iterators other than *Iterator: a generator's
// next value, an instance's __next__().
func nextOf(v Value) (Value, error) {
	switch x := v.(type) {
	case *Generator:
		return x.Next()
	case *coroutineWrapper:
		return x.co.Send(None)
	case *asyncGenOp:
		r, done, err := x.resume(None, nil)
		if err != nil {
			return nil, err
		}
		if done {
			return nil, stopIteration(r)
		}
		return r, nil
	case *lazyIterator:
		v, ok, err := x.next()
		if ok || err != nil {
			return v, err
		}
		return nil, exhausted()
	case *Instance:
		if r, ok, err := x.hook("__next__"); ok || err != nil {
			return r, err
		}
	case Nexter:
		v, ok, err := x.Next()
		if ok || err != nil {
			return v, err
		}
		return nil, exhausted()
	}
	return nil, Errorf(TypeError, "'%s' object is not an iterator", TypeName(v)).
		WithHint("make one with iter(...)")
}

// callableIterator is iter(f, sentinel), CPython's callable_iterator: each
// element is f(), until one equals sentinel (the same object, or ==) or f
// raises StopIteration; after that it stays exhausted.
func callableIterator(a *Args, f, sentinel Value) (Value, error) {
	if !Callable(f) {
		return nil, Errorf(TypeError, "iter(v, w): v must be callable")
	}
	s := a.Session()
	done := false
	return &lazyIterator{kind: "callable_iterator", pull: func() (Value, bool, error) {
		if done {
			return nil, false, nil
		}
		v, err := s.CallHook(f)
		if err != nil {
			done = true
			if isStopIteration(err) {
				return nil, false, nil
			}
			return nil, false, err
		}
		if eq, err := elemEqualE(v, sentinel); err != nil || eq {
			done = true
			return nil, false, err
		}
		return v, true, nil
	}}, nil
}

// numberDivmod is divmod(x, y) of two ints or two floats and a divisor
// that is not zero, the common call, as the operators // and % compute
// it (numberBinary); ok is false for anything else, which divmod's
// general code takes, its errors included.
func numberDivmod(x, y Value) (Value, bool) {
	switch x.(type) {
	case int64, float64:
	default:
		return nil, false
	}
	switch d := y.(type) {
	case int64:
		if d == 0 {
			return nil, false
		}
	case float64:
		if d == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	q, ok, err := numberBinary(syntax.SLASHSLASH, x, y)
	if !ok || err != nil {
		return nil, false
	}
	r, ok, err := numberBinary(syntax.PERCENT, x, y)
	if !ok || err != nil {
		return nil, false
	}
	return pair(q, r), true
}
