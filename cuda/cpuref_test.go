package cuda

import (
	"math"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// cpuOps are the CPU backend's functions the kernels must agree with.
var cpuOps = map[Op]func(...*tensor.Tensor) (*tensor.Tensor, error){
	Add:     bin(tensor.Add),
	Sub:     bin(tensor.Sub),
	Mul:     bin(tensor.Mul),
	Div:     bin(tensor.Div),
	Maximum: bin(tensor.Maximum),
	Minimum: bin(tensor.Minimum),
	Eq:      bin(tensor.Eq),
	Ne:      bin(tensor.Ne),
	Lt:      bin(tensor.Lt),
	Le:      bin(tensor.Le),
	Gt:      bin(tensor.Gt),
	Ge:      bin(tensor.Ge),
	Neg:     func(x ...*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Neg(x[0]) },
	Abs:     func(x ...*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Abs(x[0]) },
}

func bin(f func(a, b *tensor.Tensor) (*tensor.Tensor, error)) func(...*tensor.Tensor) (*tensor.Tensor, error) {
	return func(x ...*tensor.Tensor) (*tensor.Tensor, error) { return f(x[0], x[1]) }
}

// testInput makes a tensor of dtype d and shape, with negative values,
// zeros and, for floats, a NaN and infinities.
func testInput(t *testing.T, d tensor.DType, seed int, shape ...int) *tensor.Tensor {
	t.Helper()
	n := 1
	for _, s := range shape {
		n *= s
	}
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = float64((i*7+seed*13)%11-5) * 0.75
	}
	if d.IsFloating() && n > 3 {
		vals[1], vals[2], vals[3] = math.NaN(), math.Inf(1), math.Inf(-1)
	}
	x, err := tensor.FromSlice(vals, shape...)
	if err != nil {
		t.Fatal(err)
	}
	if x, err = x.To(d); err != nil {
		t.Fatal(err)
	}
	return x
}

// TestKernelsCoverWhatTheCPUComputes checks that ElementwisePTX makes a
// kernel exactly for the op and dtype pairs the CPU backend computes with
// the same dtype out (or bool, for comparisons), and refuses the rest.
func TestKernelsCoverWhatTheCPUComputes(t *testing.T) {
	for op := Add; op <= Abs; op++ {
		for _, d := range []tensor.DType{tensor.Bool, tensor.Int64, tensor.Float32, tensor.Float64} {
			in := []*tensor.Tensor{testInput(t, d, 0, 4), testInput(t, d, 1, 4)}[:op.Arity()]
			want, cpuErr := cpuOps[op](in...)
			k, err := ElementwisePTX(op, d, 1)
			switch {
			case err != nil && cpuErr == nil && want.DType() == d:
				t.Errorf("%s %s: the CPU computes it, ElementwisePTX refuses: %v", op, d, err)
			case err == nil && cpuErr != nil:
				t.Errorf("%s %s: the CPU refuses (%v), ElementwisePTX makes a kernel", op, d, cpuErr)
			case err == nil && want.DType() != k.OutDType:
				t.Errorf("%s %s: CPU result %s, kernel writes %s", op, d, want.DType(), k.OutDType)
			}
		}
	}
}
