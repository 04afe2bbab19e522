package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's shifts, << and >> (np.left_shift, np.right_shift), on integer
// arrays: npy_lshift and npy_rshift, which, unlike C (and PyTorch, whose
// semantics the tensor kernels keep), give 0 for a count at or past the
// dtype's width or negative, and for >> of a negative value -1.

// shiftWidths are the widths of the integer dtypes.
var shiftWidths = map[tensor.DType]int64{tensor.Int64: 64, tensor.Int32: 32, tensor.Int16: 16, tensor.Int8: 8,
	tensor.Uint8: 8, tensor.Uint16: 16, tensor.Uint32: 32, tensor.Uint64: 64}

// shiftOp is a << b or a >> b with NumPy's dtype rules: the operands'
// common integer dtype (int8 for two bools, which NumPy's loops lack).
func shiftOp(op syntax.Token, a, b operand) (lang.Value, error) {
	dt, err := resultType(a, b)
	if err != nil {
		return nil, err
	}
	if dt == tensor.Bool {
		dt = tensor.Int8
	}
	width, ok := shiftWidths[dt]
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", ufuncNames[op])
	}
	x, y, err := castBoth(a.t, b.t, tensor.Int64)
	if err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	xs, err := broadcastValues[int64](x, shape)
	if err != nil {
		return nil, err
	}
	ys, err := broadcastValues[int64](y, shape)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(xs))
	unsigned := isUnsigned(dt) // a uint64 from 2^63 up reads negative in int64
	for i, v := range xs {
		n := ys[i]
		inRange := n >= 0 && n < width
		switch {
		case op == syntax.LSHIFT && inRange:
			out[i] = v << n // the cast to dt below wraps it to dt's width
		case op == syntax.RSHIFT && inRange && unsigned:
			out[i] = int64(uint64(v) >> n)
		case op == syntax.RSHIFT && inRange:
			out[i] = v >> n
		case op == syntax.RSHIFT && v < 0 && !unsigned:
			out[i] = -1
		}
	}
	r, err := fromValues(out, shape)
	if err != nil {
		return nil, err
	}
	if r, err = castTensor(r, dt); err != nil {
		return nil, err
	}
	return wrap(r), nil
}
