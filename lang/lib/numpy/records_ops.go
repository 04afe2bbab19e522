package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Operations on structured arrays and their records: == and != compare
// field by field (all fields equal), the other ufuncs have no loop for a
// structured dtype, and a[['x', 'z']] is a view of some fields.

var (
	_ lang.Operand = (*RecordArray)(nil)
	_ lang.Operand = (*Record)(nil)
)

// structOperand is the dtype and fields of a record array or a record.
func structOperand(v lang.Value) (*StructDType, []*tensor.Tensor, bool) {
	switch x := v.(type) {
	case *RecordArray:
		return x.dt, x.fields, true
	case *Record:
		return x.dt, x.fields, true
	}
	return nil, nil, false
}

// BinaryOp is == and != field by field; see structBinary.
func (r *RecordArray) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	return structBinary(op, r, other, reflected)
}

// BinaryOp is == and != field by field; see structBinary.
func (r *Record) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	return structBinary(op, r, other, reflected)
}

// structBinary is NumPy's binary operators on structured values: == is
// True where every field is equal (!= where any differs), with the
// fields broadcast as arrays; == with a value that is not structured is
// NumPy's TypeError; arithmetic between structured values is its
// UFuncTypeError; the ordering comparisons are Python's TypeError.
func structBinary(op syntax.Token, self, other lang.Value, reflected bool) (lang.Value, bool, error) {
	sdt, sf, _ := structOperand(self)
	odt, of, structured := structOperand(other)
	switch op {
	case syntax.EQL, syntax.NEQ:
		if !structured {
			return nil, true, lang.Errorf(lang.TypeError, "Cannot compare structured or void to non-void arrays.")
		}
		if !sameFieldNames(sdt, odt) {
			return nil, false, nil
		}
		var acc *tensor.Tensor
		for i := range sf {
			j, _ := odt.field(sdt.names[i])
			v, _, err := binaryOp(op, &Array{store: sf[i]}, &Array{store: of[j]}, false)
			if err != nil {
				return nil, true, err
			}
			o, _, err := asOperand(v)
			if err != nil {
				return nil, true, err
			}
			if acc == nil {
				acc = o.t
				continue
			}
			if op == syntax.EQL {
				acc, err = tensor.LogicalAnd(acc, o.t)
			} else {
				acc, err = tensor.LogicalOr(acc, o.t)
			}
			if err != nil {
				return nil, true, err
			}
		}
		return wrap(acc), true, nil
	}
	name, arith := ufuncNames[op]
	if !arith || !structured || op == syntax.LT || op == syntax.LE || op == syntax.GT || op == syntax.GE {
		return nil, false, nil
	}
	left, right := self, other
	if reflected {
		left, right = right, left
	}
	return nil, true, structUfuncError(name, left, right)
}

// structUfuncError is NumPy's UFuncTypeError for ufunc name of two
// structured values, nil when x or y is not one.
func structUfuncError(name string, x, y lang.Value) error {
	xdt, _, okX := structOperand(x)
	ydt, _, okY := structOperand(y)
	if !okX || !okY {
		return nil
	}
	return lang.Errorf(UFuncTypeError, "ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> None", name, xdt.PyRepr(), ydt.PyRepr())
}

// sameFieldNames reports whether two structured dtypes have the same
// fields, by name, in some order.
func sameFieldNames(a, b *StructDType) bool {
	if len(a.names) != len(b.names) {
		return false
	}
	for _, n := range a.names {
		if _, err := b.field(n); err != nil {
			return false
		}
	}
	return true
}

// fieldNames reads a list of field names, a[['x', 'z']].
func fieldNames(v lang.Value) ([]string, bool) {
	l, ok := v.(*lang.List)
	if !ok || len(l.Elems) == 0 {
		return nil, false
	}
	out := make([]string, len(l.Elems))
	for i, e := range l.Elems {
		s, isStr := e.(string)
		if !isStr {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// selectFields is a[['x', 'z']]: a view of those fields, whose dtype
// keeps their offsets and the record's itemsize, as NumPy's.
func (r *RecordArray) selectFields(names []string) (lang.Value, error) {
	offs := r.dt.fieldOffsets()
	dt := &StructDType{record: r.dt.record, size: r.dt.itemsize(), offsets: []int{}}
	out := &RecordArray{dt: dt, rec: r.rec}
	seen := map[string]bool{}
	for _, n := range names {
		i, err := r.dt.field(n)
		if err != nil {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(n))
		}
		if seen[n] {
			return nil, lang.Errorf(lang.ValueError, "duplicate field of name %s", lang.Repr(n))
		}
		seen[n] = true
		dt.names = append(dt.names, n)
		dt.dts = append(dt.dts, r.dt.dts[i])
		dt.offsets = append(dt.offsets, offs[i])
		out.fields = append(out.fields, r.fields[i])
	}
	return out, nil
}

// recordView is a.view(dtype): a.view(np.recarray) is the same fields as
// a recarray; a.view(a.dtype) the same array.
func recordView(r *RecordArray, v lang.Value) (lang.Value, error) {
	if v == lang.Value(recarrayClass) {
		c := *r
		c.rec = true
		return &c, nil
	}
	if d, ok := v.(*StructDType); ok && d.Equal(r.dt) {
		c := *r
		return &c, nil
	}
	return nil, lang.Errorf(notImplementedError, "kael's record arrays are viewed as np.recarray or as their own dtype, not as %s", lang.Repr(v))
}

func init() {
	recordMethods["view"] = lang.NewBuiltin(lang.AsValue, "view(self, dtype)", "The same records as np.recarray (a.view(np.recarray): fields as attributes) or as the array's own dtype.", func(a *lang.Args) (lang.Value, error) {
		return recordView(a.Value("self").(*RecordArray), a.Value("dtype"))
	})
}
