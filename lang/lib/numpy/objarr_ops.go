package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The object dtype and the operators of object arrays: element by
// element through the elements' own Python operators (a Fraction's +, a
// user class's __lt__), broadcast; comparisons give bool arrays.

// ObjDType is np.dtype(object), dtype('O').
type ObjDType struct{}

var objDType = &ObjDType{}

var (
	_ lang.HasAttrs = (*ObjDType)(nil)
	_ lang.Reprer   = (*ObjDType)(nil)
)

// TypeName returns numpy.dtype[object_].
func (*ObjDType) TypeName() string { return "numpy.dtype[object_]" }

// ClassName returns the same.
func (d *ObjDType) ClassName() string { return d.TypeName() }

// String is str(dt): object.
func (*ObjDType) String() string { return "object" }

// PyRepr is repr(dt): dtype('O').
func (*ObjDType) PyRepr() string { return "dtype('O')" }

// Equal compares with what names the object dtype.
func (*ObjDType) Equal(other lang.Value) bool { return objDTypeArg(other) }

// HashKey hashes as its name.
func (*ObjDType) HashKey() (string, error) { return "dtype:object", nil }

// Attr gives name, kind, char, str, itemsize, byteorder, type.
func (*ObjDType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return "object", true
	case "kind", "char":
		return "O", true
	case "str":
		return "|O", true
	case "itemsize", "alignment":
		return int64(8), true
	case "byteorder":
		return "|", true
	case "type":
		return npObject, true
	case "shape":
		return lang.Tuple{}, true
	case "ndim":
		return int64(0), true
	}
	return nil, false
}

// AttrNames lists them.
func (*ObjDType) AttrNames() []string {
	return []string{"alignment", "byteorder", "char", "itemsize", "kind", "name", "ndim", "shape", "str", "type"}
}

// objDTypeArg reports whether v names the object dtype: object,
// np.object_, 'O', 'object' or dtype('O').
func objDTypeArg(v lang.Value) bool {
	switch x := v.(type) {
	case *ObjDType:
		return true
	case *AbstractType:
		return x == npObject
	case string:
		switch x {
		case "O", "|O", "O8", "object", "object_":
			return true
		}
		return false
	}
	return lang.ClassOf(v) == "object"
}

// objOperand is v as an object array: itself, or a new one of its data
// (a scalar is a 0-d array of it).
func objOperand(v lang.Value, sess *lang.Session) (*ObjArray, error) {
	if o, ok := v.(*ObjArray); ok {
		return o, nil
	}
	return objArrayFrom(v, true, sess)
}

// objOps are the builtins that apply an operator to pairs of elements,
// xs[i] op ys[i] into xs[i], called through the session (Operand has no
// interpreter of its own) once for a whole array: a hook a pair cost
// five times the operator itself.
var objOps = map[syntax.Token]*lang.Builtin{}

func init() {
	defineLater(func() {
		for _, op := range []syntax.Token{syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.STARSTAR, syntax.SLASH, syntax.SLASHSLASH, syntax.PERCENT, syntax.AMP, syntax.PIPE, syntax.CARET, syntax.LSHIFT, syntax.RSHIFT,
			syntax.EQL, syntax.NEQ, syntax.LT, syntax.LE, syntax.GT, syntax.GE} {
			op := op
			objOps[op] = lang.NewBuiltin(lang.AsValue, "objop(xs, ys)", "xs[i] "+op.String()+" ys[i] into xs[i].", func(a *lang.Args) (lang.Value, error) {
				xs, ys := a.Value("xs").(*lang.List).Elems, a.Value("ys").(*lang.List).Elems
				for i := range xs {
					r, err := a.Binary(op, xs[i], ys[i])
					if err != nil {
						return nil, err
					}
					xs[i] = r
				}
				return lang.None, nil
			})
		}
	})
}

// objUnary are the builtins that apply -x, +x and ~x to each element of
// a list, in place.
var objUnary = map[syntax.Token]*lang.Builtin{}

func init() {
	defineLater(func() {
		for _, op := range []syntax.Token{syntax.MINUS, syntax.PLUS, syntax.TILDE} {
			op := op
			objUnary[op] = lang.NewBuiltin(lang.AsValue, "objunary(xs)", op.String()+"x of each x in xs, in place.", func(a *lang.Args) (lang.Value, error) {
				xs := a.Value("xs").(*lang.List).Elems
				for i, x := range xs {
					r, err := a.Unary(op, x)
					if err != nil {
						return nil, err
					}
					xs[i] = r
				}
				return lang.None, nil
			})
		}
	})
}

var _ lang.UnaryOperand = (*ObjArray)(nil)

// UnaryOp is -a, +a, ~a: the operator on each element.
func (o *ObjArray) UnaryOp(op syntax.Token) (lang.Value, error) {
	fn, ok := objUnary[op]
	if !ok || o.sess == nil {
		return nil, lang.Errorf(lang.TypeError, "bad operand type for unary %s: 'numpy.ndarray'", op)
	}
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	if _, err := o.sess.CallHook(fn, &lang.List{Elems: vals}); err != nil {
		return nil, err
	}
	return newObjArray(vals, o.shape(), o.sess)
}

// applyAll is xs[i] op ys[i] for each i, into xs.
func (o *ObjArray) applyAll(op syntax.Token, xs, ys []lang.Value) error {
	if o.sess == nil {
		return lang.Errorf(lang.TypeError, "kael's object arrays: this array has no session to run operators in")
	}
	_, err := o.sess.CallHook(objOps[op], &lang.List{Elems: xs}, &lang.List{Elems: ys})
	return err
}

// apply is x op y for two elements.
func (o *ObjArray) apply(op syntax.Token, x, y lang.Value) (lang.Value, error) {
	xs := []lang.Value{x}
	if err := o.applyAll(op, xs, []lang.Value{y}); err != nil {
		return nil, err
	}
	return xs[0], nil
}

// elementwise is x op y over x and y broadcast: the results and shape.
func (o *ObjArray) elementwise(op syntax.Token, x, y *ObjArray) ([]lang.Value, []int, error) {
	shape, err := tensor.BroadcastShapes(x.shape(), y.shape())
	if err != nil {
		return nil, nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes %s %s ", tupleText(x.shape()), tupleText(y.shape()))
	}
	xs, err := x.broadcastValues(shape)
	if err != nil {
		return nil, nil, err
	}
	ys, err := y.broadcastValues(shape)
	if err != nil {
		return nil, nil, err
	}
	return xs, shape, o.applyAll(op, xs, ys) // xs is a new slice: the results go in it
}

// BinaryOp is x op y element by element: an object array of the
// results, a bool array for comparisons.
func (o *ObjArray) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	_, known := objOps[op]
	if !known && op != syntax.AT {
		return nil, false, nil
	}
	y, err := objOperand(other, o.sess)
	if err != nil {
		return nil, true, err
	}
	x := o
	if reflected {
		x, y = y, x
	}
	if op == syntax.AT {
		r, err := o.matmul(x, y)
		return r, true, err
	}
	out, shape, err := o.elementwise(op, x, y)
	if err != nil {
		return nil, true, err
	}
	switch op {
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.LE, syntax.GT, syntax.GE:
		bs := make([]bool, len(out))
		for i, v := range out {
			if bs[i], err = lang.Truth(v); err != nil {
				return nil, true, err
			}
		}
		t, err := boolTensor(bs, shape)
		if err != nil {
			return nil, true, err
		}
		if len(shape) == 0 {
			return wrap(t), true, nil
		}
		return wrapArray(t), true, nil
	}
	r, err := newObjArray(out, shape, o.sess)
	if err != nil {
		return nil, true, err
	}
	if len(shape) == 0 {
		return out[0], true, nil // NumPy gives the element of a 0-d result
	}
	return r, true, nil
}

// matmul is x @ y of 1-d and 2-d object arrays, as NumPy's object dot:
// each result the products added from the first on.
func (o *ObjArray) matmul(x, y *ObjArray) (lang.Value, error) {
	xs, ys := x.shape(), y.shape()
	if len(xs) == 0 || len(ys) == 0 {
		return nil, lang.Errorf(lang.ValueError, "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)", map[bool]int{true: 0, false: 1}[len(xs) == 0])
	}
	if len(xs) > 2 || len(ys) > 2 {
		return nil, lang.Errorf(notImplementedError, "kael's object arrays have @ of 1-d and 2-d arrays only")
	}
	n, k := 1, xs[len(xs)-1]
	if len(xs) == 2 {
		n = xs[0]
	}
	k2, m := ys[0], 1
	if len(ys) == 2 {
		m = ys[1]
	}
	if k != k2 {
		return nil, lang.Errorf(lang.ValueError, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)", k2, k)
	}
	xv, err := x.values()
	if err != nil {
		return nil, err
	}
	yv, err := y.values()
	if err != nil {
		return nil, err
	}
	out := make([]lang.Value, n*m)
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			var acc lang.Value = int64(0)
			for l := 0; l < k; l++ {
				p, err := o.apply(syntax.STAR, xv[i*k+l], yv[l*m+j])
				if err != nil {
					return nil, err
				}
				if l == 0 {
					acc = p
				} else if acc, err = o.apply(syntax.PLUS, acc, p); err != nil {
					return nil, err
				}
			}
			out[i*m+j] = acc
		}
	}
	var shape []int
	if len(xs) == 2 {
		shape = append(shape, n)
	}
	if len(ys) == 2 {
		shape = append(shape, m)
	}
	if len(shape) == 0 {
		return out[0], nil
	}
	return newObjArray(out, shape, o.sess)
}
