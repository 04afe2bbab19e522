package numpy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	defineLater(func() {
		recordMethods["view"] = lang.NewBuiltin(lang.AsValue, "view(self, dtype)", "The same records as np.recarray (a.view(np.recarray): fields as attributes) or as the array's own dtype.", func(a *lang.Args) (lang.Value, error) {
			return recordView(a.Value("self").(*RecordArray), a.Value("dtype"))
		})
	})
}

// recNames reads np.rec's names=: 'a,b' or a sequence of str; nil for
// NumPy's f0, f1, ...
func recNames(v lang.Value, n int) ([]string, error) {
	var names []string
	switch x := v.(type) {
	case lang.NoneType:
	case string:
		for _, s := range strings.Split(x, ",") {
			names = append(names, strings.TrimSpace(s))
		}
	default:
		elems, err := lang.Collect(v)
		if err != nil {
			return nil, err
		}
		for _, e := range elems {
			s, ok := e.(string)
			if !ok {
				return nil, lang.Errorf(lang.NameError, "illegal input names %s", lang.Repr(v))
			}
			names = append(names, s)
		}
	}
	for i := len(names); i < n; i++ {
		names = append(names, fmt.Sprintf("f%d", i))
	}
	return names[:n], nil
}

// recFromColumns is the recarray of columns (each a field), named names,
// in dtype dt when given (else each column's own).
func recFromColumns(cols []*tensor.Tensor, names []string, dt *StructDType) (lang.Value, error) {
	if dt == nil {
		dt = &StructDType{names: names}
		for _, c := range cols {
			dt.dts = append(dt.dts, c.DType())
		}
	}
	if len(dt.names) != len(cols) {
		return nil, lang.Errorf(lang.ValueError, "mismatch between the number of fields and the number of arrays")
	}
	r := &RecordArray{dt: dt, rec: true}
	for i, c := range cols {
		if len(c.Shape()) != len(cols[0].Shape()) || !slices.Equal(c.Shape(), cols[0].Shape()) {
			return nil, lang.Errorf(lang.ValueError, "array-shape mismatch in array %d (%s)", i, strconv.Quote(dt.names[i]))
		}
		f, err := c.To(dt.dts[i])
		if err == nil && f == c {
			f, err = c.Clone()
		}
		if err != nil {
			return nil, err
		}
		r.fields = append(r.fields, f)
	}
	return r, nil
}

func init() {
	defineLater(func() {
		recModule.Attrs["fromarrays"] = lang.NewBuiltin(lang.AsValue, "fromarrays(arrayList, dtype=None, names=None)", "A record array (np.recarray) whose fields are copies of the arrays, named names ('a,b' or a list; f0, f1, ... by default), of their dtypes or the structured dtype=.", func(a *lang.Args) (lang.Value, error) {
			elems, err := lang.Collect(a.Value("arrayList"))
			if err != nil {
				return nil, err
			}
			if len(elems) == 0 {
				return nil, lang.Errorf(lang.ValueError, "Must define formats (or dtype) if object is empty")
			}
			cols := make([]*tensor.Tensor, len(elems))
			for i, e := range elems {
				if cols[i], err = arrayFrom(e, 0, false); err != nil {
					return nil, err
				}
			}
			dt, err := structDTypeArg(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			names, err := recNames(a.Value("names"), len(cols))
			if err != nil {
				return nil, err
			}
			return recFromColumns(cols, names, dt)
		})
		recModule.Attrs["fromrecords"] = lang.NewBuiltin(lang.AsValue, "fromrecords(recList, dtype=None, names=None)", "A record array (np.recarray) of a list of tuples, one per record: each field's dtype what np.array makes of its column, or the structured dtype=; names as fromarrays'.", func(a *lang.Args) (lang.Value, error) {
			dt, err := structDTypeArg(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			if dt != nil {
				r, err := recordArrayFrom(a.Value("recList"), dt)
				if err != nil {
					return nil, err
				}
				r.rec = true
				return r, nil
			}
			rows, err := lang.Collect(a.Value("recList"))
			if err != nil {
				return nil, err
			}
			if len(rows) == 0 {
				return nil, lang.Errorf(notImplementedError, "kael's np.rec.fromrecords takes at least one record, or dtype=")
			}
			first, err := lang.Collect(rows[0])
			if err != nil {
				return nil, err
			}
			cols := make([][]lang.Value, len(first))
			for _, row := range rows {
				items, err := lang.Collect(row)
				if err != nil {
					return nil, err
				}
				if len(items) != len(cols) {
					return nil, lang.Errorf(lang.ValueError, "kael's np.rec.fromrecords takes records of one length (%d), not %d", len(cols), len(items))
				}
				for j, v := range items {
					cols[j] = append(cols[j], v)
				}
			}
			ts := make([]*tensor.Tensor, len(cols))
			for j, c := range cols {
				if ts[j], err = arrayFrom(&lang.List{Elems: c}, 0, false); err != nil {
					return nil, err
				}
			}
			names, err := recNames(a.Value("names"), len(cols))
			if err != nil {
				return nil, err
			}
			return recFromColumns(ts, names, nil)
		})
	})
}
