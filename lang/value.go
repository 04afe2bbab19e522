package lang

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/internal/pyrepr"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Value is a kael value. The concrete types are:
//
//	*tensor.Tensor          a tensor
//	int64, float64, bool    Python-like scalars
//	string                  a string
//	NoneType                None
//	EllipsisType            ...
//	*List, Tuple, *Dict     containers
//	tensor.DType            float32, float64, int64, bool as values
//	*Function, *Builtin,    callables
//	*BoundMethod
//	*Range                  the result of range()
//	*ContextManager         the result of no_grad()
type Value any

// NoneType is the type of None.
type NoneType struct{}

// None is kael's None.
var None = NoneType{}

// EllipsisType is the type of ..., used in indexing.
type EllipsisType struct{}

// List is a mutable sequence. A list marked size is a torch.Size, the
// shape of a tensor: it prints as torch.Size([2, 3]), is hashable and has
// the methods of torch.Size, and otherwise works as a list (equal to lists
// and tuples of the same ints).
type List struct {
	Elems []Value
	size  bool
}

// Tuple is an immutable sequence.
type Tuple []Value

// Dict is a mapping with insertion order. Keys are numbers, strings, bools,
// None, dtypes or tuples of those.
type Dict struct {
	keys []Value
	// index, ints and shared map keys to entry serials: an entry's serial
	// is its position when it was added. Until the first deletion serials
	// are positions and order is nil; from then on order holds the live
	// entries' serials, ascending, beside keys, and pos finds a position
	// by binary search, so that a deletion renumbers nothing.
	index map[any]int // by dictKey, except int keys
	ints  intIndex    // the int keys (and the bools and floats equal to ints), which hash faster (dict_ints.go)
	// shared holds the further serials of keys whose user __hash__
	// equals that of the key in index but whose __eq__ does not (a
	// userHashKey, checked with == as CPython checks a hash match).
	shared map[userHashKey][]int
	order  []int
	next   int // the next serial, once order is in use
	vals   []Value
	kind   *DictKind // a subclass implemented in Go (dict_kind.go); nil for dict
	state  Value     // the subclass's state (NewDictOf)
	// ns is the global table whose dict this is (namespace.go): a module's
	// globals() or a dict exec() ran code in; nil for other dicts.
	ns *globalTable
}

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{index: map[any]int{}} }

// dictKey returns the key under which a dict indexes k: numbers equal to
// an integer as that int64 (True == 1 == 1.0, as in Python), other numbers
// as float64, strings as themselves, and the rest by hashKey's text. It
// allocates nothing for ints and strings.
func dictKey(k Value) (any, error) {
	switch x := k.(type) {
	case *Instance:
		if hashesAsValue(x) {
			return dictKey(x.Native()) // class A(int): A(3) is the key 3
		}
		if h := x.cls.base().HashValue; h != nil && !x.cls.definesHash() {
			if _, own, err := x.userHash(); err != nil {
				return nil, err
			} else if !own {
				return dictKey(h(x)) // keys as its base's value: Decimal(1) is the key 1
			}
		}
	case int64:
		return x, nil
	case string:
		return x, nil
	case bool:
		return boolInt(x), nil
	case float64:
		if x != x {
			return nanKey(k), nil // a NaN is a key of its own, by identity
		}
		if x == math.Trunc(x) && x >= -1<<63 && x < 1<<63 {
			return int64(x), nil
		}
		if x != math.Trunc(x) {
			return x, nil
		} // an integral float beyond int64 is keyed as the int it equals (hashKey)
	case Complex:
		if isNaNValue(x) {
			return nanKey(k), nil
		}
		if imag(x) == 0 {
			return dictKey(real(x)) // equal to the real number
		}
	case HashesAs:
		return dictKey(x.HashesAs())
	case Number:
		// a library's scalar is the key of the Python number it equals,
		// as NumPy's np.int64(1) is the key 1.
		return dictKey(numberValue(x))
	}
	var byUser bool
	key, err := hashKeyOf(k, 0, &byUser)
	if err == nil && byUser {
		return userHashKey(key), nil
	}
	return hashedKey(key), err
}

// hashedKey is a dict key given as hashKey's text, so that it never equals
// a string key.
type hashedKey string

// userHashKey is the key of a value whose hash comes from a user class's
// __hash__ (itself or inside a tuple or frozenset). Equal keys share it,
// as with the other keys, but unequal ones may too, so a lookup compares
// with == among the entries that share it, as CPython's dict does after a
// hash match.
type userHashKey string

// hashedByUser reports whether v's hash key holds a user __hash__'s
// result: an Instance of a class with __hash__, or a tuple, named tuple
// or frozenset holding one. Nesting is bounded as hashKeyOf bounds it.
// hashKeyOf tells it for the key it makes; this walk is for a
// frozenset's elements, whose key the set makes.
func hashedByUser(v Value, depth int) bool {
	if depth > maxNesting {
		return false
	}
	switch x := v.(type) {
	case *Instance:
		return x.cls.definesHash()
	case Tuple:
		for _, e := range x {
			if hashedByUser(e, depth+1) {
				return true
			}
		}
	case *NamedTuple:
		return hashedByUser(x.Elems, depth)
	case *Set:
		for _, e := range x.d.keys {
			if hashedByUser(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// Set stores v under k.
func (d *Dict) Set(k, v Value) error {
	_, err := d.insert(k, v)
	return err
}

// insert is Set, reporting whether k was a new key. A set needs it from
// the Dict itself: a user __eq__ run by the lookup may add other keys, so
// that a longer Dict does not mean k went in.
func (d *Dict) insert(k, v Value) (added bool, err error) {
	if ik, isInt := k.(int64); isInt && d.ns == nil { // the common case, without dictKey
		if serial, found := d.ints.get(ik); found {
			d.vals[d.pos(serial)] = v
			return false, nil
		}
	}
	if d.ns != nil {
		d.ns.store(k, v)
	}
	key, err := dictKey(k)
	if err != nil {
		return false, err
	}
	if i, ok := d.quickFind(key); ok {
		d.vals[i] = v
		return false, nil
	} else if d.order != nil || isUserHashKey(key) {
		if i, _, ok := d.find(key, k); ok {
			d.vals[i] = v
			return false, nil
		}
	}
	if err := checkLength(float64(len(d.keys)+1), "a dict or set of more than %d elements needs too much memory", len(d.keys)); err != nil {
		return false, err
	}
	serial := len(d.keys)
	if d.order != nil {
		serial = d.next
		d.next++
		d.order = append(d.order, serial)
	}
	if ik, isInt := key.(int64); isInt {
		d.ints.set(ik, serial)
	} else if uk, shares := key.(userHashKey); shares && d.hasIndex(uk) {
		if d.shared == nil {
			d.shared = map[userHashKey][]int{}
		}
		d.shared[uk] = append(d.shared[uk], serial)
	} else {
		d.index[key] = serial
	}
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	return true, nil
}

// Get returns the value stored under k.
func (d *Dict) Get(k Value) (Value, bool, error) {
	if ik, isInt := k.(int64); isInt && d.ns == nil { // the common case, without dictKey
		serial, found := d.ints.get(ik)
		if !found {
			return nil, false, nil
		}
		return d.vals[d.pos(serial)], true, nil
	}
	if d.ns != nil {
		if s, isStr := k.(string); isStr { // the name's cell holds it (namespace.go)
			v, found := d.ns.get(s)
			return v, found, nil
		}
		d.ns.mirror(d)
	}
	key, err := dictKey(k)
	if err != nil {
		return nil, false, err
	}
	if i, ok := d.quickFind(key); ok {
		return d.vals[i], true, nil
	} else if d.order == nil && !isUserHashKey(key) {
		return nil, false, nil
	}
	i, _, ok := d.find(key, k)
	if !ok {
		return nil, false, nil
	}
	return d.vals[i], true, nil
}

// quickFind is find's common case, small enough to inline into Get and
// Set: before any deletion (serials are positions) and for a key not
// hashed by a user __hash__. ok is false when the key is absent or when
// find must decide.
func (d *Dict) quickFind(key any) (int, bool) {
	if d.order != nil {
		return 0, false
	}
	if ik, isInt := key.(int64); isInt {
		return d.ints.get(ik)
	}
	i, ok := d.index[key]
	return i, ok && !isUserHashKey(key)
}

// isUserHashKey reports whether key, a dictKey, comes from a user
// __hash__ (then == decides among the entries sharing it).
func isUserHashKey(key any) bool {
	_, shares := key.(userHashKey)
	return shares
}

// find returns the position of the entry for k, whose dictKey is key,
// and its serial. It stays small enough to inline: keys hashed by a user
// __hash__ take findShared.
func (d *Dict) find(key any, k Value) (pos, serial int, found bool) {
	if ik, isInt := key.(int64); isInt {
		serial, found = d.ints.get(ik)
	} else if serial, found = d.index[key]; found {
		if uk, shares := key.(userHashKey); shares {
			return d.findShared(uk, serial, k)
		}
	}
	return d.pos(serial), serial, found
}

// findShared is find for a key hashed by a user __hash__: the entry
// indexed under uk (serial first) or one sharing it, whichever == k.
// A user __eq__ may change d while it runs, so the candidates are copied
// first and each is looked up again, before and after ==: an entry gone
// meanwhile is skipped, as CPython's lookup gives up on a changed table.
func (d *Dict) findShared(uk userHashKey, first int, k Value) (pos, serial int, found bool) {
	for _, j := range append([]int{first}, d.shared[uk]...) {
		if i, ok := d.live(j); !ok || !elemEqual(d.keys[i], k) {
			continue
		}
		if i, ok := d.live(j); ok {
			return i, j, true
		}
	}
	return 0, 0, false
}

// live returns the position of the entry whose serial is serial,
// reporting whether that entry is still in d.
func (d *Dict) live(serial int) (int, bool) {
	i := d.pos(serial)
	if d.order == nil {
		return i, i < len(d.keys)
	}
	return i, i < len(d.order) && d.order[i] == serial
}

// pos returns the position of the live entry whose serial is serial.
func (d *Dict) pos(serial int) int {
	if d.order == nil {
		return serial
	}
	i, _ := slices.BinarySearch(d.order, serial)
	return i
}

// hasIndex reports whether some entry's key is uk.
func (d *Dict) hasIndex(uk userHashKey) bool {
	_, ok := d.index[uk]
	return ok
}

// Delete removes k, reporting whether it was present.
func (d *Dict) Delete(k Value) (bool, error) {
	if d.ns != nil {
		return d.ns.remove(d, k)
	}
	key, err := dictKey(k)
	if err != nil {
		return false, err
	}
	i, serial, ok := d.find(key, k)
	if !ok {
		return false, nil
	}
	d.deleteEntry(key, i, serial)
	return true, nil
}

// DeleteLast removes the entry added last, found by its place rather than
// by ==, as dict.popitem does (a user __eq__ is not called), and returns
// it; ok is false for an empty dict.
func (d *Dict) DeleteLast() (k, v Value, ok bool, err error) {
	n := d.Len()
	if n == 0 {
		return nil, nil, false, nil
	}
	k, v = d.keys[n-1], d.vals[n-1]
	if d.ns != nil {
		_, err = d.Delete(k)
		return k, v, true, err
	}
	key, err := dictKey(k)
	if err != nil {
		return nil, nil, false, err
	}
	serial := n - 1
	if d.order != nil {
		serial = d.order[n-1]
	}
	d.deleteEntry(key, n-1, serial)
	return k, v, true, nil
}

// deleteEntry removes the entry at position i, whose dictKey is key and
// whose serial is serial, from the index maps and the slices.
func (d *Dict) deleteEntry(key any, i, serial int) {
	if ik, isInt := key.(int64); isInt {
		d.ints.remove(ik)
	} else if uk, shares := key.(userHashKey); shares && len(d.shared[uk]) > 0 {
		d.unshare(uk, serial)
	} else {
		delete(d.index, key)
	}
	d.removeAt(i)
}

// removeAt takes the entry at position i out of keys, vals and order.
// The first and the last entry go in constant time (a FIFO or popitem
// loop stays linear); another shifts the entries after it.
func (d *Dict) removeAt(i int) {
	if d.order == nil {
		d.order = make([]int, len(d.keys))
		for j := range d.order {
			d.order[j] = j
		}
		d.next = len(d.keys)
	}
	if i == 0 {
		d.keys[0], d.vals[0] = nil, nil // not kept alive by the array
		d.keys, d.vals, d.order = d.keys[1:], d.vals[1:], d.order[1:]
		return
	}
	d.keys = slices.Delete(d.keys, i, i+1)
	d.vals = slices.Delete(d.vals, i, i+1)
	d.order = slices.Delete(d.order, i, i+1)
}

// unshare removes serial i from the entries that share uk: the first
// further entry takes the index's place when i is the one indexed.
func (d *Dict) unshare(uk userHashKey, i int) {
	js := d.shared[uk]
	if d.index[uk] == i {
		d.index[uk], js = js[0], js[1:]
	} else {
		js = slices.DeleteFunc(js, func(j int) bool { return j == i })
	}
	if len(js) == 0 {
		delete(d.shared, uk)
		return
	}
	d.shared[uk] = js
}

// sync brings a dict of globals up to date with its table's cells
// (namespace.go) before its entries are read; other dicts are as they
// are. Every reader of a dict's keys and vals that does not go through
// Get, Keys, Values or Len calls it.
func (d *Dict) sync() {
	if d.ns != nil {
		d.ns.mirror(d)
	}
}

// Keys returns the keys in insertion order.
func (d *Dict) Keys() []Value {
	d.sync()
	return append([]Value(nil), d.keys...)
}

// Values returns the values in insertion order (a copy), matching Keys.
func (d *Dict) Values() []Value {
	d.sync()
	return append([]Value(nil), d.vals...)
}

// Len returns the number of entries.
func (d *Dict) Len() int {
	d.sync()
	return len(d.keys)
}

// hashKey returns a string that identifies an immutable value, or a
// TypeError for unhashable ones (lists, dicts, tensors).
func hashKey(v Value) (string, error) { return hashKeyOf(v, 0, nil) }

// hashKeyOf is hashKey at a nesting depth: it follows at most
// maxNesting levels of tuples, so that a tuple built by t = (t,) in a
// loop cannot recurse without bound. When byUser is not nil it also sets
// *byUser when the key holds a user __hash__'s result (as hashedByUser
// tells), in the same walk.
func hashKeyOf(v Value, depth int, byUser *bool) (string, error) {
	if byUser != nil {
		switch x := v.(type) {
		case *Instance:
			if x.cls.definesHash() {
				*byUser = true
			}
		case *Set:
			if hashedByUser(x, depth) {
				*byUser = true
			}
		}
	}
	switch x := v.(type) {
	case bool:
		if x {
			return "n1", nil // True == 1 == 1.0, as in Python
		}
		return "n0", nil
	case int64:
		return "n" + strconv.FormatInt(x, 10), nil
	case float64:
		if x != x {
			return nanKey(v), nil // a NaN is a key of its own, by identity
		}
		if x == math.Trunc(x) && x >= -1<<63 && x < 1<<63 {
			return "n" + strconv.FormatInt(int64(x), 10), nil
		}
		if x == math.Trunc(x) && !math.IsInf(x, 0) { // equal to a big int
			z, _ := new(big.Float).SetFloat64(x).Int(nil)
			return "n" + z.String(), nil
		}
		return "f" + strconv.FormatFloat(x, 'g', -1, 64), nil
	case BigInt:
		return "n" + x.v.String(), nil
	case Complex:
		if isNaNValue(x) {
			return nanKey(v), nil
		}
		if imag(x) == 0 {
			return hashKeyOf(real(x), depth, byUser) // equal to the real number
		}
		return x.HashKey()
	case string:
		return "s" + x, nil
	case NoneType:
		return "none", nil
	case tensor.DType:
		return "d" + x.String(), nil
	case *tensor.Tensor: // by identity, as PyTorch's Tensor.__hash__ is id()
		return "T" + strconv.FormatInt(ID(x), 16), nil
	case *List:
		if x.size {
			return hashKeyOf(Tuple(x.Elems), depth, byUser) // a torch.Size hashes as the tuple of its sizes
		}
	case Tuple:
		if depth >= maxNesting {
			return "", Errorf(ValueError, "tuple nested deeper than %d levels cannot be a key", maxNesting)
		}
		parts := make([]string, len(x))
		for i, e := range x {
			k, err := hashKeyOf(e, depth+1, byUser)
			if err != nil {
				return "", err
			}
			parts[i] = k
		}
		return "t(" + strings.Join(parts, ",") + ")", nil
	case *NamedTuple:
		return hashKeyOf(x.Elems, depth, byUser) // a named tuple is one key with its tuple
	case *Instance:
		if h := x.cls.base().HashValue; h != nil && !x.cls.definesHash() {
			return hashKeyOf(h(x), depth, byUser) // keys as its base's value: a path
		}
	}
	if h, ok := v.(HashesAs); ok {
		return hashKeyOf(h.HashesAs(), depth, byUser)
	}
	if h, ok := v.(Hashable); ok {
		k, err := h.HashKey()
		return "h" + k, err
	}
	if k, ok := identityKey(v); ok {
		return k, nil
	}
	return "", Errorf(TypeError, "unhashable type: '%s'", TypeName(v))
}

// identityKey is the key of a value that Python hashes by identity, as
// object.__hash__ does: functions, builtins, methods, modules, classes,
// generators, iterators, properties and the objects of libraries (a
// layer, an optimizer, a data loader), which compare by identity too.
// The mutable containers (list, dict, set, bytearray, memoryview) and
// values that compare by value without a HashKey of their own (Equaler)
// stay unhashable, as a library's type does that refuses in its HashKey.
// Go's collector does not move objects, so an object's address is its
// identity for as long as a dict holds it.
func identityKey(v Value) (string, bool) {
	switch x := v.(type) {
	case *Range: // equal ranges are one key, as range.__hash__
		n := x.count()
		switch n {
		case 0:
			return "r0", true
		case 1:
			return "r1," + strconv.FormatInt(x.Start, 10), true
		}
		return "r" + strconv.FormatUint(n, 10) + "," + strconv.FormatInt(x.Start, 10) + "," + strconv.FormatInt(x.Step, 10), true
	case *bigRange:
		return x.hashKey(), true
	case *List, *Dict, *Set, *ByteArray, *MemoryView, Equaler:
		return "", false
	case EllipsisType, notImplementedType:
		return "c" + TypeName(v), true // one object each
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return "i" + strconv.FormatUint(uint64(rv.Pointer()), 16), true
	}
	return "", false
}

// Range is the lazy sequence range() returns.
type Range struct{ Start, Stop, Step int64 }

// Equal is Python's == of ranges: the same sequence of ints, so that
// range(0) == range(3, 3) and range(0, 3, 2) == range(0, 4, 2).
func (r *Range) Equal(other Value) bool {
	o, ok := other.(*Range)
	if !ok {
		return rangesEqual(r, other) // a *bigRange, or no range
	}
	n := r.count()
	switch {
	case n != o.count():
		return false
	case n == 0:
		return true
	case n == 1:
		return r.Start == o.Start
	}
	return r.Start == o.Start && r.Step == o.Step
}

// at is r[i], with CPython's errors.
func (r *Range) at(v Value) (Value, error) {
	i, ok := AsInt(v)
	if !ok || r.count() > math.MaxInt64 { // an index beyond int64, or a range as long
		start, stop, step, _ := rangeBounds(r)
		return rangeItem(start, step, bigRangeLen(start, stop, step), v)
	}
	n := r.Len()
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return nil, Errorf(IndexError, "range object index out of range")
	}
	return r.Start + i*r.Step, nil
}

// slice is r[lo:hi:step], a range as in Python: range(10)[2:8:2] is
// range(2, 8, 2). Computed in big ints, a slice's bounds may lie beyond
// the int64s (a *bigRange), as range(2**62, 2**63-1)[::-1] does.
func (r *Range) slice(s Subscript) (Value, error) {
	start, stop, step, _ := rangeBounds(r)
	return rangeSlice(start, step, bigRangeLen(start, stop, step), s)
}

// Len returns the number of elements, at most math.MaxInt64 (only ranges
// spanning nearly all of the int64 values have more; see count).
func (r *Range) Len() int64 { return int64(min(r.count(), math.MaxInt64)) }

// count returns the number of elements. Computed in uint64, the distance
// between the bounds cannot overflow.
func (r *Range) count() uint64 {
	var dist, step uint64
	switch {
	case r.Step > 0 && r.Start < r.Stop:
		dist, step = uint64(r.Stop)-uint64(r.Start), uint64(r.Step)
	case r.Step < 0 && r.Start > r.Stop:
		dist, step = uint64(r.Start)-uint64(r.Stop), -uint64(r.Step)
	default:
		return 0
	}
	return (dist-1)/step + 1
}

// contains reports whether v == some element, without iterating: a
// number equal to an integer in the range, as in Python.
func (r *Range) contains(v Value) bool {
	var i int64
	switch x := v.(type) {
	case int64:
		i = x
	case bool:
		i = boolInt(x)
	case float64:
		if x != math.Trunc(x) || x < -1<<63 || x >= 1<<63 {
			return false // also NaN and the infinities
		}
		i = int64(x)
	default:
		return false // only numbers equal ints
	}
	switch {
	case r.Step > 0 && r.Start <= i && i < r.Stop:
		return (uint64(i)-uint64(r.Start))%uint64(r.Step) == 0
	case r.Step < 0 && r.Stop < i && i <= r.Start:
		return (uint64(r.Start)-uint64(i))%-uint64(r.Step) == 0
	}
	return false
}

// Function is a function defined with def or lambda.
type Function struct {
	Name     string
	Params   []*syntax.Param
	Defaults []Value // one per parameter; nil where there is none
	params   []param // Params with Defaults, less **kwargs, for binding
	kwargs   string  // the name of the **kwargs parameter, if any
	Body     []syntax.Stmt
	Expr     syntax.Expr // the body of a lambda
	Doc      string
	src      string // the cell the function was defined in, for error snippets
	filename string
	code     *funcCode    // the compiled body
	free     []*varCell   // the closure: the enclosing functions' variables it uses
	glob     *globalTable // the globals of the session it was defined in
	qualname string       // Net.forward for a function of a class; "" for others
	// attrs are the attributes assigned to the function (f.x = v, its
	// __dict__), nil until one is.
	attrs *Dict
	// annotations is __annotations__: the parameters' and the return's
	// annotations, evaluated when the def ran (their source text under
	// from __future__ import annotations); nil until asked for when the
	// def has none.
	annotations *Dict
}

// ContextManager is a value usable in a with statement.
type ContextManager struct {
	Name  string
	Enter func() error
	Exit  func()
}

// BoundMethod is a builtin method bound to its receiver: x.sum.
type BoundMethod struct {
	Recv   Value
	Method *Builtin
}

// TypeName returns the Python-style name of v's type.
func TypeName(v Value) string {
	switch v.(type) {
	case *tensor.Tensor:
		return "Tensor"
	case int64:
		return "int"
	case float64:
		return "float"
	case bool:
		return "bool"
	case string:
		return "str"
	case NoneType:
		return "NoneType"
	case EllipsisType:
		return "ellipsis"
	case *List:
		if v.(*List).size {
			return "torch.Size"
		}
		return "list"
	case Tuple:
		return "tuple"
	case *Dict:
		if k := v.(*Dict).kind; k != nil {
			return k.Name
		}
		return "dict"
	case tensor.DType:
		return "dtype"
	case *Function:
		return "function"
	case *Builtin:
		return "builtin_function"
	case *BoundMethod:
		return "method"
	case *Range:
		return "range"
	case *ContextManager:
		return "context_manager"
	case *Module:
		return "module"
	case *GradFnValue:
		return v.(*GradFnValue).Fn.Name()
	case TypeNamer:
		return v.(TypeNamer).TypeName()
	}
	return fmt.Sprintf("%T", v)
}

// Truth returns the truth value of v as Python's bool() does. A tensor is
// true or false only when it has exactly one element.
func Truth(v Value) (bool, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int64:
		return x != 0, nil
	case float64:
		return x != 0, nil
	case string:
		return x != "", nil
	case NoneType:
		return false, nil
	case *List:
		return len(x.Elems) > 0, nil
	case Tuple:
		return len(x) > 0, nil
	case *Dict:
		return x.Len() > 0, nil
	case *Range:
		return x.count() > 0, nil
	case *Set:
		return x.Len() > 0, nil
	case *dictView:
		return x.d.Len() > 0, nil
	case *Instance:
		return x.truth()
	case Truther:
		return x.Truth()
	case *tensor.Tensor:
		if x.Numel() != 1 {
			how := "more than one value"
			if x.Numel() == 0 {
				how = "no values"
			}
			return false, Errorf(RuntimeError, "Boolean value of Tensor with %s is ambiguous", how).
				WithHint("use .any() or .all() to reduce the tensor to one value")
		}
		item, err := x.Item()
		if err != nil {
			return false, err
		}
		switch i := item.(type) {
		case bool:
			return i, nil
		case int64:
			return i != 0, nil
		case float64:
			return i != 0, nil
		case complex128:
			return i != 0, nil
		}
	case Complex:
		return x != 0, nil
	case Bytes:
		return len(x.b) > 0, nil
	case *ByteArray:
		return len(x.b) > 0, nil
	case Sized: // a library's container: false when empty
		n, err := x.Length()
		return n > 0, err
	}
	return true, nil
}

// Repr returns the text form of v that the REPL prints for a result, like
// Python's repr(). A list or dict that contains itself shows as [...] or
// {...} where it recurs.
func Repr(v Value) string {
	switch x := v.(type) { // no container to track: no map (a KeyError's key)
	case int64:
		return strconv.FormatInt(x, 10)
	case string:
		return quoteString(x)
	}
	return repr(v, map[any]bool{})
}

// repr keeps in active the containers it is inside: lists and dicts by
// pointer, tuples by their level (nestingKey). len(active) is thus the
// nesting depth, which it bounds by maxNesting.
func repr(v Value, active map[any]bool) string {
	switch v.(type) {
	case *List, Tuple, *Dict, *dictView:
		if len(active) >= maxNesting {
			return "..."
		}
	}
	switch x := v.(type) {
	case *tensor.Tensor:
		return tensorText(x)
	case string:
		return quoteString(x)
	case *List:
		if active[x] {
			return "[...]"
		}
		active[x] = true
		defer delete(active, x)
		if x.size {
			return "torch.Size([" + joinRepr(x.Elems, active) + "])"
		}
		return "[" + joinRepr(x.Elems, active) + "]"
	case Tuple:
		depth := nestingKey{len(active)}
		active[depth] = true
		defer delete(active, depth)
		if len(x) == 1 {
			return "(" + repr(x[0], active) + ",)"
		}
		return "(" + joinRepr(x, active) + ")"
	case *Dict:
		if active[x] {
			return "{...}"
		}
		active[x] = true
		defer delete(active, x)
		if x.kind != nil && x.kind.Repr != nil {
			return x.kind.Repr(x, func(e Value) string { return repr(e, active) })
		}
		x.sync()
		parts := make([]string, 0, len(x.keys))
		size := 0
		for i, k := range x.keys {
			if reprStopped(i, size, active) {
				parts = append(parts, "...")
				break
			}
			parts = append(parts, repr(k, active)+": "+repr(x.vals[i], active))
			size += len(parts[i]) + 2
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *dictView:
		return x.repr(active)
	case BigInt:
		if intTextError(x.v) {
			active[intTooLong{}] = true
			return "..."
		}
		return x.String()
	case Reprer:
		return x.PyRepr()
	}
	return Str(v)
}

// nestingKey marks a tuple's level in repr's active set.
type nestingKey struct{ depth int }

// Str returns the text print() shows for v, like Python's str().
func Str(v Value) string {
	switch x := v.(type) {
	case *tensor.Tensor:
		return tensorText(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return FormatFloat(x)
	case bool:
		if x {
			return "True"
		}
		return "False"
	case string:
		return x
	case NoneType:
		return "None"
	case EllipsisType:
		return "Ellipsis"
	case tensor.DType:
		return tensor.TorchName(x)
	case *Function:
		return "<function " + x.Name + ">"
	case *Builtin:
		if c := ClassOf(x); c != "" {
			return "<class '" + c + "'>"
		}
		if d := x.descr(); d != "" {
			owner := strings.TrimSuffix(x.qualName(), "."+x.Name)
			return "<" + d + " '" + x.Name + "' of '" + owner + "' objects>"
		}
		return "<built-in function " + x.Name + ">"
	case *BoundMethod:
		return "<built-in method " + x.Method.Name + " of " + TypeName(x.Recv) + ">"
	case *Range:
		if x.Step == 1 {
			return fmt.Sprintf("range(%d, %d)", x.Start, x.Stop)
		}
		return fmt.Sprintf("range(%d, %d, %d)", x.Start, x.Stop, x.Step)
	case *ContextManager:
		return "<" + x.Name + ">"
	case *Module:
		return "<module '" + x.Name + "'>"
	case fmt.Stringer:
		return x.String()
	case *List, Tuple, *Dict:
		return Repr(v)
	case Reprer: // a value without a str() of its own shows its repr, as in Python
		return x.PyRepr()
	}
	return fmt.Sprint(v)
}

func joinRepr(vs []Value, active map[any]bool) string {
	parts := make([]string, 0, len(vs))
	size := 0
	for i, v := range vs {
		if reprStopped(i, size, active) {
			// The caller, a builtin or Session.Render, raises the
			// KeyboardInterrupt or MemoryError (ReprText); what is left
			// is elided.
			parts = append(parts, "...")
			break
		}
		parts = append(parts, repr(v, active))
		size += len(parts[i]) + 2
	}
	return strings.Join(parts, ", ")
}

// FormatFloat formats like Python's repr of a float: shortest round-trip
// digits, always with a point or exponent.
func FormatFloat(f float64) string { return pyrepr.Float(f) }

// quoteString is Python's repr of a str: in single quotes, or in double
// quotes when s has a ' and no "; \n, \r, \t, \\ and the quote escaped,
// other characters that do not print as \xhh, \uhhhh or \Uhhhhhhhh.
func quoteString(s string) string {
	quote := '\''
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	if plainASCII(s, byte(quote)) {
		return string(quote) + s + string(quote)
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteRune(quote)
	for _, r := range s {
		switch {
		case r == quote || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteRune(quote)
	return b.String()
}

// plainASCII reports whether s is printable ASCII without quote or a
// backslash: its repr is s between quotes, with nothing escaped.
func plainASCII(s string, quote byte) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == quote || c == '\\' {
			return false
		}
	}
	return true
}

// tensorText is the text of a tensor, as repr and print show it: that of
// its registered subclass, if it has one (a Parameter adds PyTorch's
// "Parameter containing:" line).
func tensorText(t *tensor.Tensor) string {
	if c, ok := tensorSubclass(t); ok && c.Text != nil {
		return c.Text(t)
	}
	return t.String()
}
