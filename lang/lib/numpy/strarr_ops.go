package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Comparisons and sorting of string arrays: element by element with a
// str, a list or another string array, broadcast, ordered by code point
// (bytes by byte), as NumPy orders them; arithmetic is NumPy's
// UFuncTypeError.

var _ lang.Operand = (*StrArray)(nil)

// strOperand is v as a string array, when it is text: a str, bytes,
// np.str_, a string array or lists holding text.
func strOperand(v lang.Value) (*StrArray, bool, error) {
	if s, ok := v.(*StrArray); ok {
		return s, true, nil
	}
	if !hasText(v) {
		return nil, false, nil
	}
	s, err := strArrayFrom(v, nil, false)
	return s, err == nil, err
}

// broadcastText is the elements of x and y broadcast together, with the
// shape.
func broadcastText(x, y *StrArray) ([]string, []string, []int, error) {
	shape, err := tensor.BroadcastShapes(x.shape(), y.shape())
	if err != nil {
		return nil, nil, nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes %s %s ", tupleText(x.shape()), tupleText(y.shape()))
	}
	xs, err := x.broadcastValues(shape)
	if err != nil {
		return nil, nil, nil, err
	}
	ys, err := y.broadcastValues(shape)
	return xs, ys, shape, err
}

// BinaryOp is ==, !=, <, <=, >, >= element by element; arithmetic is
// NumPy's UFuncTypeError.
func (s *StrArray) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	o, ok, err := strOperand(other)
	if err != nil {
		return nil, true, err
	}
	var cmp func(c int) bool
	switch op {
	case syntax.EQL:
		cmp = func(c int) bool { return c == 0 }
	case syntax.NEQ:
		cmp = func(c int) bool { return c != 0 }
	case syntax.LT:
		cmp = func(c int) bool { return c < 0 }
	case syntax.LE:
		cmp = func(c int) bool { return c <= 0 }
	case syntax.GT:
		cmp = func(c int) bool { return c > 0 }
	case syntax.GE:
		cmp = func(c int) bool { return c >= 0 }
	}
	if !ok || o.dt.bytes != s.dt.bytes {
		switch {
		case cmp == nil:
			return nil, true, s.ufuncError(op, other, reflected)
		case op != syntax.EQL && op != syntax.NEQ:
			return nil, false, nil // Python's TypeError: '<' not supported between ...
		}
		if _, isNone := other.(lang.NoneType); isNone {
			vals := make([]bool, s.idx.Numel())
			for i := range vals {
				vals[i] = op == syntax.NEQ
			}
			t, err := boolTensor(vals, s.shape())
			return wrap(t), true, err
		}
		return nil, true, failedComparison(op)
	}
	if cmp == nil {
		return nil, true, s.ufuncError(op, other, reflected)
	}
	x, y := s, o
	if reflected {
		x, y = y, x
	}
	xs, ys, shape, err := broadcastText(x, y)
	if err != nil {
		if op == syntax.EQL || op == syntax.NEQ {
			return nil, true, failedComparison(op)
		}
		return nil, true, err
	}
	out := make([]bool, len(xs))
	for i := range xs {
		out[i] = cmp(strings.Compare(xs[i], ys[i]))
	}
	t, err := boolTensor(out, shape)
	if err != nil {
		return nil, true, err
	}
	return wrap(t), true, nil
}

// failedComparison is NumPy 1.24 giving up on == or !=: a scalar and a
// FutureWarning.
func failedComparison(op syntax.Token) error {
	return &lang.Warned{Value: op == syntax.NEQ, Category: "FutureWarning",
		Messages: []string{"elementwise comparison failed; returning scalar instead, but in the future will perform elementwise comparison"}}
}

// textOperandError is NumPy's error for an arithmetic operator between a
// numeric array or scalar x and text (a str, bytes, a string array, a list
// of str): NumPy makes the text a string array, for which the ufunc has no
// loop (== and != give up with a FutureWarning). ok is false for an
// ordering comparison (NumPy's own rules), for 'x' % x
// (str's formatting, x taken as a mapping) and for anything not text.
func textOperandError(op syntax.Token, x, other lang.Value, reflected bool) (error, bool) {
	_, ordering := swapped[op]
	formats := op == syntax.PERCENT && reflected
	if ordering || formats || ufuncNames[op] == "" {
		return nil, false
	}
	s, isText, _ := strOperand(other)
	if !isText {
		return nil, false
	}
	if op == syntax.EQL || op == syntax.NEQ { // a == 'x': a scalar and NumPy's FutureWarning
		return failedComparison(op), true
	}
	return s.ufuncError(op, x, !reflected), true
}

// ufuncError is NumPy 1.24's error for an operator between a string
// array and other: for +, -, * and @ the UFuncTypeError "ufunc 'add' did
// not contain a loop with signature matching types (dtype('<U1'),
// dtype('int64')) -> None", for the others the TypeError "ufunc 'divide'
// not supported for the input types, ...".
func (s *StrArray) ufuncError(op syntax.Token, other lang.Value, reflected bool) error {
	name, ok := ufuncNames[op]
	if !ok {
		return lang.Errorf(lang.TypeError, "unsupported operand type(s) for %s: 'numpy.ndarray' and '%s'", op, lang.TypeName(other))
	}
	mine := s.dt.PyRepr()
	theirs := "dtype('O')"
	if o, ok, _ := strOperand(other); ok {
		theirs = o.dt.PyRepr()
	} else if t, err := arrayFrom(other, 0, false); err == nil {
		theirs = dtypeOf(t.DType()).PyRepr()
	}
	if reflected {
		mine, theirs = theirs, mine
	}
	switch name {
	case "add", "subtract", "multiply", "matmul":
		return lang.Errorf(UFuncTypeError, "ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> None", name, mine, theirs)
	case "true_divide":
		name = "divide" // NumPy 1.24 names the / ufunc so in this message
	}
	return lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
}

// strAxis reads an axis argument for an array of ndim dimensions: the
// axis, or -1 for None (the flattened array).
func strAxis(v lang.Value, ndim int) (int, error) {
	if _, isNone := v.(lang.NoneType); isNone {
		return -1, nil
	}
	n, ok := lang.AsInt(v)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
	}
	if n < -int64(ndim) || n >= int64(ndim) {
		return 0, lang.Errorf(AxisError, "axis %d is out of bounds for array of dimension %d", n, ndim)
	}
	if n < 0 {
		n += int64(ndim)
	}
	return int(n), nil
}

// strLess orders text by code point, as NumPy.
func strLess(x, y string) (bool, error) { return x < y, nil }

// strArgsort is np.argsort of a string array.
func strArgsort(s *StrArray, axis lang.Value) (lang.Value, error) {
	return sortOrder(s.goArray, axis, strLess)
}

// strSort is np.sort of a string array: a sorted copy.
func strSort(s *StrArray, axis lang.Value) (*StrArray, error) {
	return sortedCopy(s.goArray, axis, strLess, func(vals []string, shape []int) (*StrArray, error) {
		return newStrArray(vals, shape, s.dt)
	})
}

// boolTensor is a bool tensor of vals in shape.
func boolTensor(vals []bool, shape []int) (*tensor.Tensor, error) {
	b := make([]uint8, len(vals))
	for i, v := range vals {
		if v {
			b[i] = 1
		}
	}
	t, err := tensor.FromSlice(b, shape...)
	if err != nil {
		return nil, err
	}
	return t.To(tensor.Bool)
}
