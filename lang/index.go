package lang

import (
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// Index evaluates v[subs].
func Index(v Value, subs []Subscript) (Value, error) {
	subs = sliceSubscripts(subs)
	if n, ok := v.(*NamedTuple); ok {
		v = n.Elems // indexes as a tuple, and a slice of it is a tuple
	}
	if t, ok := v.(*tensor.Tensor); ok {
		idx, err := tensorIndices(subs)
		if err != nil {
			return nil, err
		}
		return ops.index(t, idx)
	}
	if d, ok := v.(*Dict); ok {
		key, err := subsKey(subs)
		if err != nil {
			return nil, err
		}
		val, found, err := d.Get(key)
		if err != nil {
			return nil, err
		}
		if !found {
			return d.missingKey(key)
		}
		return val, nil
	}
	if c, ok := v.(*UserClass); ok && len(subs) == 1 && !subs[0].IsSlice {
		if h := c.classHooks(); h != nil && h.GetItem != nil {
			if r, ok, err := h.GetItem(c, subs[0].Value); ok || err != nil {
				return r, err
			}
		}
	}
	if c, ok := v.(*UserClass); ok {
		if r, ok, err := classGetItem(c, subs); ok {
			return r, err
		}
	}
	if g, ok := v.(SubscriptGetter); ok {
		return g.GetSubscript(subs)
	}
	if g, ok := v.(ItemGetter); ok {
		key, err := subsKey(subs)
		if err != nil {
			return nil, err
		}
		return g.GetItem(key)
	}
	if len(subs) != 1 {
		if g, ok := genericAlias(v, subs); ok { // dict[str, int]
			return g, nil
		}
		return nil, indicesError(TypeName(v), Tuple(nil))
	}
	if r, ok := v.(*Range); ok {
		if subs[0].IsSlice {
			return r.slice(subs[0])
		}
		return r.at(subs[0].Value)
	}
	elems, isStr, ok := Sequence(v)
	if !ok {
		if g, ok := genericAlias(v, subs); ok { // list[int]
			return g, nil
		}
		if c, ok := v.(*UserClass); ok { // CPython's message for a class
			return nil, Errorf(TypeError, "type '%s' is not subscriptable", c.Name)
		}
		return nil, Errorf(TypeError, "'%s' object is not subscriptable", subscriptTypeName(v))
	}
	s := subs[0]
	if s.IsSlice {
		lo, hi, step, err := SliceBounds(s, len(elems))
		if err != nil {
			return nil, err
		}
		var out []Value
		for i := lo; (step > 0 && i < hi) || (step < 0 && i > hi); i += step {
			out = append(out, elems[i])
			if step > 0 && hi-i <= step || step < 0 && hi-i >= step {
				break // the last one; i + step could overflow
			}
		}
		return rebuild(v, out, isStr), nil
	}
	i, err := seqIndex(s.Value, len(elems), sequenceTypeName(v))
	if err != nil {
		return nil, err
	}
	return elems[i], nil
}

// Sequence returns the elements of a list, tuple, string or range.
func Sequence(v Value) ([]Value, bool, bool) {
	switch x := v.(type) {
	case *List:
		return x.Elems, false, true
	case Tuple:
		return x, false, true
	case *NamedTuple:
		return x.Elems, false, true
	case string:
		out := make([]Value, 0, len(x))
		for _, r := range x {
			out = append(out, string(r))
		}
		return out, true, true
	case *Range:
		if x.Len() > 1<<24 {
			return nil, false, false
		}
		elems, _ := Collect(x)
		return elems, false, true
	}
	return nil, false, false
}

func rebuild(orig Value, elems []Value, isStr bool) Value {
	switch x := orig.(type) {
	case *List:
		return &List{Elems: elems, size: x.size} // a torch.Size's slice is one
	case Tuple:
		return Tuple(elems)
	}
	if isStr {
		var b strings.Builder
		for _, e := range elems {
			b.WriteString(e.(string))
		}
		return b.String()
	}
	return &List{Elems: elems}
}

// errIndexSize is CPython's error for an int beyond 64 bits used as an
// index or a count.
var errIndexSize = Errorf(IndexError, "cannot fit 'int' into an index-sized integer")

func seqIndex(v Value, n int, typ string) (int, error) {
	i, ok := AsInt(v)
	if !ok {
		if _, big := v.(BigInt); big {
			return 0, errIndexSize
		}
		if isTensor(v) {
			return 0, notAnInteger(v)
		}
		// a list assignment's IndexError names it, its TypeError not
		return 0, indicesError(strings.TrimSuffix(typ, " assignment"), v)
	}
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return 0, Errorf(IndexError, "%s index out of range", typ)
	}
	return int(i), nil
}

// indicesError is CPython's TypeError for the index v of a sequence of
// type typ that is no int (nor, for a list or tuple, a slice): a str's
// message is its own.
func indicesError(typ string, v Value) *Error {
	if r, ok := v.(ScalarRefuser); ok {
		if e, ok := r.ScalarError(ScalarIndex).(*Error); ok {
			return e
		}
	}
	if typ == "str" {
		return Errorf(TypeError, "string indices must be integers, not '%s'", TypeName(v))
	}
	return Errorf(TypeError, "%s indices must be integers or slices, not %s", typ, TypeName(v))
}

// errSliceIndices is CPython's TypeError for a slice bound of a sequence
// (list, tuple, str, bytes, range) that is not an integer or None:
// [1, 2][2.5:], 'ab'[None:'x'].
func errSliceIndices() *Error {
	return Errorf(TypeError, "slice indices must be integers or None or have an __index__ method")
}

// subscriptTypeName is the type name CPython's "'T' object is not
// subscriptable" shows: type(v).__name__, as builtin_function_or_method
// for len and [].append.
func subscriptTypeName(v Value) string {
	switch v.(type) {
	case *Builtin, *BoundMethod:
		return "builtin_function_or_method"
	}
	return TypeName(v)
}

// SliceBounds resolves a Python slice over n elements.
func SliceBounds(s Subscript, n int) (lo, hi, step int, err error) {
	step = 1
	if _, none := s.Step.(NoneType); !none {
		st, ok := AsInt(s.Step)
		if !ok {
			return 0, 0, 0, errSliceIndices()
		}
		if st == 0 {
			return 0, 0, 0, Errorf(ValueError, "slice step cannot be zero")
		}
		step = int(st)
	}
	bound := func(v Value, def int) (int, error) {
		if _, none := v.(NoneType); none {
			return def, nil
		}
		i, ok := AsInt(v)
		if !ok {
			return 0, errSliceIndices()
		}
		b := int(i)
		if b < 0 {
			b += n
		}
		if step > 0 {
			return min(max(b, 0), n), nil
		}
		return min(max(b, -1), n-1), nil
	}
	if step > 0 {
		lo, err = bound(s.Lo, 0)
		if err == nil {
			hi, err = bound(s.Hi, n)
		}
	} else {
		lo, err = bound(s.Lo, n-1)
		if err == nil {
			hi, err = bound(s.Hi, -1)
		}
	}
	return lo, hi, step, err
}

func subsKey(subs []Subscript) (Value, error) {
	if len(subs) == 1 && !subs[0].IsSlice {
		return subs[0].Value, nil
	}
	key := make(Tuple, len(subs))
	for i, s := range subs {
		if s.IsSlice {
			return nil, Errorf(TypeError, "unhashable type: 'slice'")
		}
		key[i] = s.Value
	}
	return key, nil
}

// tensorIndices converts subscripts to tensor indices.
// TensorIndices converts the subscripts of x[...] into the tensor
// package's indices, as a tensor reads them: ints, slices, None, ...,
// bools, tensors and arrays, and lists, tuples and ranges of indices.
func TensorIndices(subs []Subscript) ([]tensor.Index, error) { return tensorIndices(subs) }

func tensorIndices(subs []Subscript) ([]tensor.Index, error) {
	if len(subs) == 1 && !subs[0].IsSlice {
		tup, ok := subs[0].Value.(Tuple)
		if l, isList := subs[0].Value.(*List); isList && listIsTupleIndex(l) {
			tup, ok = Tuple(l.Elems), true
		}
		if ok {
			// x[idx] with idx a tuple is x[idx[0], idx[1], ...]: in Python
			// x[a, b] passes the tuple (a, b), so the two are one index.
			subs = make([]Subscript, len(tup))
			for i, v := range tup {
				subs[i] = Subscript{Value: v}
			}
		}
	}
	subs = sliceSubscripts(subs)
	out := make([]tensor.Index, 0, len(subs))
	for _, s := range subs {
		if s.IsSlice {
			var bounds [3]*int
			for j, v := range []Value{s.Lo, s.Hi, s.Step} {
				if _, none := v.(NoneType); none {
					continue
				}
				i, ok := AsInt(v)
				if !ok {
					return nil, Errorf(TypeError, "slice indices must be integers or None, not %s", TypeName(v))
				}
				n := int(i)
				bounds[j] = &n
			}
			out = append(out, tensor.IndexSlice(bounds[0], bounds[1], bounds[2]))
			continue
		}
		switch x := s.Value.(type) {
		case NoneType:
			out = append(out, tensor.IndexNone())
		case EllipsisType:
			out = append(out, tensor.IndexEllipsis())
		case int64:
			out = append(out, tensor.IndexInt(int(x)))
		case bool:
			t, _ := tensor.Scalar(x)
			out = append(out, tensor.IndexTensor(t))
		case *tensor.Tensor:
			if x.Dim() == 0 && x.DType() == tensor.Int64 {
				i, _ := AsInt(x)
				out = append(out, tensor.IndexInt(int(i)))
				continue
			}
			out = append(out, tensor.IndexTensor(x))
		case ArrayProvider:
			t := x.ArrayTensor()
			if t.Dim() == 0 && t.DType() == tensor.Int64 {
				i, _ := AsInt(t)
				out = append(out, tensor.IndexInt(int(i)))
				continue
			}
			out = append(out, tensor.IndexTensor(t))
		case Number:
			i, ok := x.Index()
			if !ok {
				return nil, Errorf(IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
			}
			out = append(out, tensor.IndexInt(int(i)))
		case *List, Tuple, *Range:
			t, err := sequenceIndex(x)
			if err != nil {
				return nil, err
			}
			out = append(out, tensor.IndexTensor(t))
		default:
			return nil, Errorf(TypeError, "tensor indices must be integers, slices, None, ..., or tensors, not %s", TypeName(s.Value))
		}
	}
	return out, nil
}

// listIsTupleIndex reports whether a list used as a whole index is read
// as a tuple of indices, as PyTorch's treatSequenceAsTuple (NumPy's old
// rule) reads one: a list shorter than 32 holding a tensor, a sequence, a
// slice, ... or None (x[[slice(None), mask]] is x[:, mask]); a list of
// numbers stays one index tensor.
func listIsTupleIndex(l *List) bool {
	if len(l.Elems) >= 32 {
		return false
	}
	for _, e := range l.Elems {
		switch e.(type) {
		case *tensor.Tensor, *List, Tuple, *Range, *Slice, EllipsisType, NoneType:
			return true
		}
	}
	return false
}

// sequenceIndex is the index tensor of a list, tuple or range inside a
// subscript (x[[0, 2]], x[range(3)]), as PyTorch reads one: a sequence of
// ints or bools; an empty one is an empty int64 index.
func sequenceIndex(v Value) (*tensor.Tensor, error) {
	if r, ok := v.(*Range); ok {
		elems, err := Collect(r)
		if err != nil {
			return nil, err
		}
		v = &List{Elems: elems}
	}
	if n, _ := Len(v); n == int64(0) {
		return tensor.Zeros(tensor.Int64, 0)
	}
	return ToTensor(v)
}

// SetItem runs v[key] = value.
func SetItem(v, key, value Value) error { return setIndex(v, []Subscript{{Value: key}}, value) }

// DelItem runs del v[key].
func DelItem(v, key Value) error {
	del, err := delIndex(v, []Subscript{{Value: key}})
	if err != nil {
		return err
	}
	return del()
}

// setIndex runs v[subs] = value.
func setIndex(v Value, subs []Subscript, value Value) error {
	subs = sliceSubscripts(subs)
	switch x := v.(type) {
	case SubscriptSetter:
		return x.SetSubscript(subs, value)
	case *tensor.Tensor:
		idx, err := tensorIndices(subs)
		if err != nil {
			return err
		}
		src, err := ToTensor(value)
		if err != nil {
			return Errorf(TypeError, "can only assign a Tensor or a number to a tensor index, not %s", TypeName(value))
		}
		return ops.indexPut(x, idx, src)
	case *Dict:
		key, err := subsKey(subs)
		if err != nil {
			return err
		}
		return x.Set(key, value)
	case *List:
		if x.size {
			return Errorf(TypeError, "'torch.Size' object does not support item assignment")
		}
		if len(subs) != 1 {
			return Errorf(TypeError, "list indices must be integers or slices, not tuple")
		}
		if subs[0].IsSlice {
			lo, hi, step, err := SliceBounds(subs[0], len(x.Elems))
			if err != nil {
				return err
			}
			repl, err := Collect(value)
			if err != nil && !IsIterable(value) && ToError(err).Kind == TypeError {
				if step != 1 {
					return Errorf(TypeError, "must assign iterable to extended slice")
				}
				return Errorf(TypeError, "can only assign an iterable")
			}
			if err != nil {
				return err
			}
			if step != 1 {
				at := sliceIndices(lo, hi, step)
				if len(at) != len(repl) {
					return Errorf(ValueError, "attempt to assign sequence of size %d to extended slice of size %d", len(repl), len(at))
				}
				for k, i := range at {
					x.Elems[i] = repl[k]
				}
				return nil
			}
			hi = max(hi, lo)
			x.Elems = append(append(append([]Value(nil), x.Elems[:lo]...), repl...), x.Elems[hi:]...)
			return nil
		}
		i, err := seqIndex(subs[0].Value, len(x.Elems), "list assignment")
		if err != nil {
			return err
		}
		x.Elems[i] = value
		return nil
	}
	return Errorf(TypeError, "'%s' object does not support item assignment", TypeName(v))
}

// delIndex checks that del v[subs] can run and returns what runs it, so
// that a del of several targets can check them all first.
func delIndex(v Value, subs []Subscript) (func() error, error) {
	subs = sliceSubscripts(subs)
	switch x := v.(type) {
	case *Dict:
		key, err := subsKey(subs)
		if err != nil {
			return nil, err
		}
		_, found, err := x.Get(key)
		if err == nil && !found {
			return nil, keyError(key)
		}
		return func() error {
			if found, err := x.Delete(key); err != nil || !found {
				return keyError(key) // deleted by an earlier target
			}
			return nil
		}, err
	case *Instance:
		if c, ok := x.nativeContainer("__delitem__"); ok {
			return delIndex(c, subs)
		}
		key, err := x.itemKey(subs)
		if err != nil {
			return nil, err
		}
		if !x.HasOwn("__delitem__") {
			return nil, Errorf(TypeError, "'%s' object doesn't support item deletion", x.cls.Name)
		}
		return func() error {
			_, _, err := x.hook("__delitem__", key)
			return err
		}, nil
	case *List:
		if x.size {
			return nil, Errorf(TypeError, "'torch.Size' object doesn't support item deletion")
		}
		if len(subs) != 1 {
			return nil, Errorf(TypeError, "list indices must be integers or slices, not tuple")
		}
		if subs[0].IsSlice {
			if _, _, _, err := SliceBounds(subs[0], len(x.Elems)); err != nil {
				return nil, err
			}
			return func() error { return deleteSlice(x, subs[0]) }, nil
		}
		if _, ok := AsInt(subs[0].Value); !ok {
			return nil, Errorf(TypeError, "list indices must be integers or slices, not %s", TypeName(subs[0].Value))
		}
		if _, err := seqIndex(subs[0].Value, len(x.Elems), "list assignment"); err != nil {
			return nil, err
		}
		// The index is resolved again when deleting: an earlier target of
		// the same del may have shortened the list, as in Python.
		return func() error {
			i, err := seqIndex(subs[0].Value, len(x.Elems), "list assignment")
			if err != nil {
				return err
			}
			x.Elems = append(x.Elems[:i:i], x.Elems[i+1:]...)
			return nil
		}, nil
	case SubscriptDeleter:
		return x.DelSubscript(subs)
	}
	if isTensor(v) {
		return nil, Errorf(TypeError, "Tensor does not support deleting items") // PyTorch's
	}
	return nil, Errorf(TypeError, "'%s' object doesn't support item deletion", TypeName(v))
}

// deleteSlice runs del x[s] for a slice s of the list x, with the bounds
// x has then.
func deleteSlice(x *List, s Subscript) error {
	lo, hi, step, err := SliceBounds(s, len(x.Elems))
	if err != nil {
		return err
	}
	drop := make([]bool, len(x.Elems))
	for _, i := range sliceIndices(lo, hi, step) {
		drop[i] = true
	}
	kept := x.Elems[:0]
	for i, e := range x.Elems {
		if !drop[i] {
			kept = append(kept, e)
		}
	}
	clear(x.Elems[len(kept):])
	x.Elems = kept
	return nil
}

// sliceIndices lists the positions lo, lo+step, ... before hi that a
// slice of bounds (lo, hi, step) from SliceBounds selects, in its order.
func sliceIndices(lo, hi, step int) []int {
	var at []int
	for i := lo; (step > 0 && i < hi) || (step < 0 && i > hi); i += step {
		at = append(at, i)
		if step > 0 && hi-i <= step || step < 0 && hi-i >= step {
			break // the last one; i + step could overflow
		}
	}
	return at
}
