package numpy

import (
	"math"
	"math/big"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's unsigned integers wider than uint8 (uint16, uint32, uint64) are
// kael tensor dtypes that PyTorch lacks. Their arithmetic computes in
// int64 and wraps on store (tensor.DType.ComputeIn), which is exact for
// uint16 and uint32, and for uint64 in the ring operations (+ - * and the
// bitwise ones); the operations that order or divide uint64 values, which
// int64 would read as negative from 2^63 up, compute here in uint64
// (uint64Binary).

// unsignedAccumulate runs a running sum or product of an unsigned array
// in int64 and gives uint64, as NumPy's accumulate does for unsigned
// types (its default integer of unsigned kind), wrapping modulo 2^64.
func unsignedAccumulate(t *tensor.Tensor, axis int, run func(*tensor.Tensor, int) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	r, err := run(t, axis)
	if err != nil {
		return nil, err
	}
	return castTensor(r, tensor.Uint64)
}

// isUnsigned reports whether dt is one of NumPy's unsigned integer types.
func isUnsigned(dt tensor.DType) bool {
	return dt.Category() == tensor.IntegerCategory && !dt.IsSigned()
}

// unsignedTotal wraps a sum or product: of an unsigned array its int64
// result (wrapped modulo 2^64) becomes uint64, NumPy's type for the total
// of unsigned values.
func unsignedTotal(t *tensor.Tensor, fn func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error)) func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	if !isUnsigned(t.DType()) {
		return fn
	}
	return func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
		r, err := fn(x, dims, keep)
		if err != nil {
			return nil, err
		}
		return castTensor(r, tensor.Uint64)
	}
}

// uint64Compare are the comparisons of uint64 values.
var uint64Compare = map[syntax.Token]func(a, b uint64) bool{
	syntax.EQL: func(a, b uint64) bool { return a == b },
	syntax.NEQ: func(a, b uint64) bool { return a != b },
	syntax.LT:  func(a, b uint64) bool { return a < b },
	syntax.LE:  func(a, b uint64) bool { return a <= b },
	syntax.GT:  func(a, b uint64) bool { return a > b },
	syntax.GE:  func(a, b uint64) bool { return a >= b },
}

// uint64Binary computes the operations on two uint64 arrays (already
// cast) whose int64 kernels would misread values from 2^63 up: the
// comparisons, // and % (0 for a zero divisor, as NumPy gives). ok is
// false for the other operations, whose int64 kernels wrap correctly.
func uint64Binary(op syntax.Token, x, y *tensor.Tensor) (lang.Value, bool, error) {
	cmp, isCmp := uint64Compare[op]
	if !isCmp && op != syntax.SLASHSLASH && op != syntax.PERCENT {
		return nil, false, nil
	}
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, true, err
	}
	xs, err := broadcastValues[uint64](x, shape)
	if err != nil {
		return nil, true, err
	}
	ys, err := broadcastValues[uint64](y, shape)
	if err != nil {
		return nil, true, err
	}
	var r *tensor.Tensor
	if isCmp {
		out := make([]uint8, len(xs))
		for i := range xs {
			if cmp(xs[i], ys[i]) {
				out[i] = 1
			}
		}
		r, err = fromValues(out, shape)
	} else {
		out := make([]uint64, len(xs))
		for i := range xs {
			switch {
			case ys[i] == 0:
			case op == syntax.SLASHSLASH:
				out[i] = xs[i] / ys[i]
			default:
				out[i] = xs[i] % ys[i]
			}
		}
		r, err = fromValues(out, shape)
	}
	if err != nil {
		return nil, true, err
	}
	return wrap(r), true, nil
}

// uint64Item is the Python int a 0-d uint64 tensor holds (a big int from
// 2^63 up, which int64 cannot hold).
func uint64Item(t *tensor.Tensor) lang.Value {
	c, err := t.Contiguous()
	if err != nil {
		return int64(0)
	}
	vals, err := tensor.Values[uint64](c)
	if err != nil || len(vals) == 0 {
		return int64(0)
	}
	return lang.IntFromBig(new(big.Int).SetUint64(vals[0]))
}

// uint64Array is the uint64 array of data whose ints include some from
// 2^63 to 2^64-1 (which lang.ToGo and the core refuse, as PyTorch does),
// as NumPy makes it; ok is false for data with a negative int, a big int
// out of range, a non-int or ragged nesting.
func uint64Array(v lang.Value) (*tensor.Tensor, bool) {
	var vals []uint64
	var shape []int
	var walk func(v lang.Value, dim int) bool
	walk = func(v lang.Value, dim int) bool {
		var elems []lang.Value
		switch x := v.(type) {
		case *lang.List:
			elems = x.Elems
		case lang.Tuple:
			elems = x
		default:
			if dim != len(shape) {
				return false
			}
			b, ok := lang.BigOf(v)
			if !ok || b.Sign() < 0 || !b.IsUint64() {
				return false
			}
			vals = append(vals, b.Uint64())
			return true
		}
		if dim == len(shape) && len(vals) == 0 {
			shape = append(shape, len(elems))
		} else if dim >= len(shape) || shape[dim] != len(elems) {
			return false
		}
		for _, e := range elems {
			if !walk(e, dim+1) {
				return false
			}
		}
		return true
	}
	if !walk(v, 0) {
		return nil, false
	}
	t, err := fromValues(vals, shape)
	return t, err == nil
}

// orderedUint64 maps a uint64 tensor to the int64 tensor of its values
// with the top bit flipped, which int64's order sorts as uint64's: the
// core's ordering kernels (max, argmax, sort) then order uint64 values
// from 2^63 up correctly. fromOrderedUint64 maps back.
func orderedUint64(t *tensor.Tensor) (*tensor.Tensor, error) {
	i, err := castTensor(t, tensor.Int64) // the same bits
	if err != nil {
		return nil, err
	}
	top, err := tensor.Scalar(int64(math.MinInt64))
	if err != nil {
		return nil, err
	}
	return tensor.BitwiseXor(i, top.Detach())
}

func fromOrderedUint64(t *tensor.Tensor) (*tensor.Tensor, error) {
	r, err := orderedUint64(t) // flipping the bit again
	if err != nil {
		return nil, err
	}
	return castTensor(r, tensor.Uint64)
}

// uint64Ordered wraps a max or min reduction to order uint64 values.
func uint64Ordered(fn func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error)) func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	return func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
		o, err := orderedUint64(x)
		if err != nil {
			return nil, err
		}
		r, err := fn(o, dims, keep)
		if err != nil {
			return nil, err
		}
		return fromOrderedUint64(r)
	}
}

// sortUint64 is tensor.Sort for uint64 values.
func sortUint64(t *tensor.Tensor, axis int) (*tensor.Tensor, *tensor.Tensor, error) {
	o, err := orderedUint64(t)
	if err != nil {
		return nil, nil, err
	}
	vals, idx, err := tensor.Sort(o, axis, false)
	if err != nil {
		return nil, nil, err
	}
	vals, err = fromOrderedUint64(vals)
	return vals, idx, err
}

// intMax is np.iinfo(dt).max: IntRange's, but 2^64-1 for uint64, which
// int64 cannot hold.
func intMax(dt tensor.DType) lang.Value {
	if dt == tensor.Uint64 {
		return lang.IntFromBig(new(big.Int).SetUint64(math.MaxUint64))
	}
	_, hi, _ := tensor.IntRange(dt)
	return hi
}

// uint64Pairwise wraps the core's maximum or minimum so that two uint64
// operands compare as unsigned (the core's kernels read them as int64).
func uint64Pairwise(kernel func(a, b *tensor.Tensor) (*tensor.Tensor, error)) func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
		if a.DType() != tensor.Uint64 || b.DType() != tensor.Uint64 {
			return kernel(a, b)
		}
		oa, err := orderedUint64(a)
		if err != nil {
			return nil, err
		}
		ob, err := orderedUint64(b)
		if err != nil {
			return nil, err
		}
		r, err := kernel(oa, ob)
		if err != nil {
			return nil, err
		}
		return fromOrderedUint64(r)
	}
}
