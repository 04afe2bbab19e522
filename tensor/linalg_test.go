package tensor

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randTensor returns a tensor of dtype d with values from rng: integers in
// [-5, 5] for int64 and bool (as non-zero), uniform in [-1, 1) for floats.
func randTensor(t testing.TB, rng *rand.Rand, d DType, shape ...int) *Tensor {
	t.Helper()
	vals := make([]float64, numel(shape))
	for i := range vals {
		if d.IsFloating() {
			vals[i] = rng.Float64()*2 - 1
		} else {
			vals[i] = float64(rng.IntN(11) - 5)
		}
	}
	x, err := FromSlice(vals, append([]int{}, shape...)...) // nil shape: 0-d
	if err == nil {
		x, err = x.To(d)
	}
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// matrixLayout makes a rows×cols matrix view in some memory layout.
type matrixLayout struct {
	name string
	make func(t *testing.T, rng *rand.Rand, d DType, rows, cols int) *Tensor
}

var matrixLayouts = []matrixLayout{
	{"contiguous", func(t *testing.T, rng *rand.Rand, d DType, r, c int) *Tensor { return randTensor(t, rng, d, r, c) }},
	{"transposed", func(t *testing.T, rng *rand.Rand, d DType, r, c int) *Tensor { return randTensor(t, rng, d, c, r).T() }},
	{"strided", func(t *testing.T, rng *rand.Rand, d DType, r, c int) *Tensor {
		x := randTensor(t, rng, d, r+1, 2*c+1)
		x, err := x.Slice(0, 1, r+1, 1)
		if err == nil {
			x, err = x.Slice(1, 1, 2*c+1, 2)
		}
		if err != nil {
			t.Fatal(err)
		}
		return x
	}},
}

// refMatmul is torch.matmul computed naively in float64 on row-major
// values, with broadcasting of batch dimensions.
func refMatmul(a, b []float64, as, bs []int) ([]int, []float64) {
	a2, b2 := as, bs
	if len(as) == 1 {
		a2 = []int{1, as[0]}
	}
	if len(bs) == 1 {
		b2 = []int{bs[0], 1}
	}
	m, k, n := a2[len(a2)-2], a2[len(a2)-1], b2[len(b2)-1]
	ab, bb := a2[:len(a2)-2], b2[:len(b2)-2]
	batch, err := BroadcastShapes(ab, bb)
	if err != nil {
		panic(err)
	}
	// matrixAt maps a batch multi-index to the first element of the
	// operand's matrix, with broadcasting.
	matrixAt := func(idx, shape []int, size int) int {
		at, lead := 0, len(idx)-len(shape)
		for d, s := range shape {
			i := idx[lead+d]
			if s == 1 {
				i = 0
			}
			at = at*s + i
		}
		return at * size
	}
	out := make([]float64, numel(batch)*m*n)
	idx := make([]int, len(batch))
	for bi := range numel(batch) {
		rem := bi
		for d := len(batch) - 1; d >= 0; d-- {
			idx[d] = rem % batch[d]
			rem /= batch[d]
		}
		ao, bo := matrixAt(idx, ab, m*k), matrixAt(idx, bb, k*n)
		for i := range m {
			for j := range n {
				var s float64
				for p := range k {
					s += a[ao+i*k+p] * b[bo+p*n+j]
				}
				out[bi*m*n+i*n+j] = s
			}
		}
	}
	shape := slices.Clone(batch)
	if len(as) > 1 {
		shape = append(shape, m)
	}
	if len(bs) > 1 {
		shape = append(shape, n)
	}
	return shape, out
}

// checkMatmul compares Matmul(a, b) with refMatmul; floats within a bound
// proportional to k and the dtype's epsilon, integers exactly.
func checkMatmul(t *testing.T, a, b *Tensor) {
	t.Helper()
	got, err := Matmul(a, b)
	if err != nil {
		t.Fatal(err)
	}
	av, bv := f64s(t, a), f64s(t, b)
	shape, want := refMatmul(av, bv, a.Shape(), b.Shape())
	if !slices.Equal(got.Shape(), shape) {
		t.Fatalf("shape %v, want %v", got.Shape(), shape)
	}
	if d := PromoteTypes(a.DType(), b.DType()); got.DType() != d {
		t.Fatalf("dtype %s, want %s", got.DType(), d)
	}
	k := a.Shape()[a.Dim()-1]
	tol := 0.0
	switch got.DType() {
	case Float32:
		tol = 4 * float64(k) * 0x1p-23
	case Float64:
		tol = 4 * float64(k) * 0x1p-52
	case Float16:
		tol = 4 * float64(k) * 0x1p-10
	case BFloat16:
		tol = 4 * float64(k) * 0x1p-7
	case Complex64:
		tol = 8 * float64(k) * 0x1p-23
	case Complex128:
		tol = 8 * float64(k) * 0x1p-52
	case Int64, Bool, Uint8, Int8, Int16, Int32, Uint16, Uint32, Uint64: // exact
	}
	for i, g := range f64s(t, got) {
		if math.Abs(g-want[i]) > tol {
			t.Fatalf("element %d = %v, want %v", i, g, want[i])
		}
	}
}

func TestMatmul2D(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := [][3]int{{1, 1, 1}, {7, 7, 7}, {33, 33, 33}, {129, 129, 129}, {7, 33, 1}, {129, 7, 33}, {1, 129, 7}, {33, 1, 129}, {5, 0, 3}}
	for _, d := range []DType{Float32, Float64, Int64} {
		for _, la := range matrixLayouts {
			for _, lb := range matrixLayouts {
				for _, s := range sizes {
					m, k, n := s[0], s[1], s[2]
					t.Run(fmt.Sprintf("%s/%s·%s/%dx%dx%d", d, la.name, lb.name, m, k, n), func(t *testing.T) {
						checkMatmul(t, la.make(t, rng, d, m, k), lb.make(t, rng, d, k, n))
					})
				}
			}
		}
	}
}

func TestMatmulShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	permuted := func(t *testing.T, d DType) *Tensor { // [3, 5, 7] with batch stride 7
		x, err := randTensor(t, rng, d, 5, 3, 7).Permute(1, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	expanded := func(t *testing.T, d DType) *Tensor { // [3, 7, 2] with batch stride 0
		x, err := randTensor(t, rng, d, 1, 7, 2).Expand(3, 7, 2)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name string
		a, b func(t *testing.T, d DType) *Tensor
	}{
		{"dot", shaped(rng, 7), shaped(rng, 7)},
		{"matrix·vector", shaped(rng, 5, 7), shaped(rng, 7)},
		{"vector·matrix", shaped(rng, 7), shaped(rng, 7, 4)},
		{"vector·batch", shaped(rng, 7), shaped(rng, 3, 7, 4)},
		{"batch·vector", shaped(rng, 2, 3, 5, 7), shaped(rng, 7)},
		{"batch·matrix (one tall product)", shaped(rng, 2, 3, 5, 7), shaped(rng, 7, 4)},
		{"permuted batch·matrix", permuted, shaped(rng, 7, 4)},
		{"matrix·batch", shaped(rng, 5, 7), shaped(rng, 3, 7, 4)},
		{"broadcast batches", shaped(rng, 2, 1, 5, 7), shaped(rng, 3, 7, 4)},
		{"expanded batch", permuted, expanded},
		{"large batch of small products", shaped(rng, 300, 2, 3), shaped(rng, 300, 3, 2)},
		{"empty batch", shaped(rng, 0, 5, 7), shaped(rng, 7, 4)},
	}
	for _, d := range []DType{Float32, Float64, Int64} {
		for _, tt := range tests {
			t.Run(d.String()+"/"+tt.name, func(t *testing.T) { checkMatmul(t, tt.a(t, d), tt.b(t, d)) })
		}
	}
}

func shaped(rng *rand.Rand, shape ...int) func(t *testing.T, d DType) *Tensor {
	return func(t *testing.T, d DType) *Tensor { return randTensor(t, rng, d, shape...) }
}

func TestMatmulNoCopyViews(t *testing.T) {
	// Results do not alias the inputs, and the output is a fresh
	// contiguous tensor even for folded batches.
	rng := rand.New(rand.NewPCG(5, 6))
	a := randTensor(t, rng, Float32, 2, 3, 4)
	b := randTensor(t, rng, Float32, 4, 5)
	c, err := Matmul(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if c.SharesStorage(a) || !c.IsContiguous() || !slices.Equal(c.Shape(), []int{2, 3, 5}) {
		t.Fatalf("result shape %v contiguous %v", c.Shape(), c.IsContiguous())
	}
}

func TestMatmulPromotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tests := []struct{ a, b DType }{{Int64, Float32}, {Float32, Float64}, {Int64, Float64}, {Bool, Int64}, {Float32, Bool}}
	for _, tt := range tests {
		t.Run(tt.a.String()+"·"+tt.b.String(), func(t *testing.T) {
			checkMatmul(t, randTensor(t, rng, tt.a, 3, 4), randTensor(t, rng, tt.b, 4, 2))
		})
	}
}

// wantError checks that err is a tensor error of kind with msg in its
// message.
func wantError(t *testing.T, err error, kind ErrorKind, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s %q", kind, msg)
	}
	if KindOf(err) != kind || !strings.Contains(err.Error(), msg) {
		t.Fatalf("error %v, want %s containing %q", err, kind, msg)
	}
}

func TestMatmulErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	f := func(shape ...int) *Tensor { return randTensor(t, rng, Float32, shape...) }
	bools := func(shape ...int) *Tensor { return randTensor(t, rng, Bool, shape...) }
	tests := []struct {
		name string
		op   func() (*Tensor, error)
		kind ErrorKind
		msg  string
	}{
		{"matmul 2-D", func() (*Tensor, error) { return Matmul(f(2, 3), f(4, 5)) }, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"},
		{"matmul batched", func() (*Tensor, error) { return Matmul(f(6, 2, 3), f(4, 5)) }, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (12x3 and 4x5)"},
		{"matmul batched both", func() (*Tensor, error) { return Matmul(f(6, 2, 3), f(6, 4, 5)) }, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"},
		{"matmul vector", func() (*Tensor, error) { return Matmul(f(3), f(4, 5)) }, RuntimeError, "(1x3 and 4x5)"},
		{"matmul dot", func() (*Tensor, error) { return Matmul(f(3), f(4)) }, RuntimeError, "inconsistent tensor size, expected tensor [3] and src [4]"},
		{"matmul 0-d", func() (*Tensor, error) { return Matmul(f(), f(3)) }, RuntimeError, "both arguments to matmul need to be at least 1D, but they are 0D and 1D"},
		{"matmul batch broadcast", func() (*Tensor, error) { return Matmul(f(2, 2, 3), f(3, 3, 4)) }, RuntimeError, "must match the size of tensor b"},
		{"matmul bool", func() (*Tensor, error) { return Matmul(bools(2, 2), bools(2, 2)) }, TypeError, "matmul does not support bool tensors"},
		{"mm 1-D", func() (*Tensor, error) { return Mm(f(3), f(3, 2)) }, RuntimeError, "self must be a matrix"},
		{"mm 3-D", func() (*Tensor, error) { return Mm(f(3, 2), f(1, 2, 2)) }, RuntimeError, "mat2 must be a matrix"},
		{"mm shapes", func() (*Tensor, error) { return Mm(f(2, 3), f(2, 3)) }, RuntimeError, "(2x3 and 2x3)"},
		{"mm bool", func() (*Tensor, error) { return Mm(bools(2, 2), bools(2, 2)) }, TypeError, "mm does not support bool tensors"},
		{"bmm 2-D", func() (*Tensor, error) { return Bmm(f(2, 3), f(2, 3, 4)) }, RuntimeError, "batch1 must be a 3D tensor"},
		{"bmm 2-D second", func() (*Tensor, error) { return Bmm(f(2, 2, 3), f(3, 4)) }, RuntimeError, "batch2 must be a 3D tensor"},
		{"bmm batch", func() (*Tensor, error) { return Bmm(f(2, 2, 3), f(1, 3, 4)) }, RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [1, 3]."},
		{"bmm inner", func() (*Tensor, error) { return Bmm(f(2, 2, 3), f(2, 4, 4)) }, RuntimeError, "to be: [2, 3] but got: [2, 4]."},
		{"dot 2-D", func() (*Tensor, error) { return Dot(f(2, 2), f(2, 2)) }, RuntimeError, "1D tensors expected, but got 2D and 2D tensors"},
		{"dot sizes", func() (*Tensor, error) { return Dot(f(2), f(3)) }, RuntimeError, "inconsistent tensor size"},
		{"dot bool", func() (*Tensor, error) { return Dot(bools(2), bools(2)) }, TypeError, "dot does not support bool tensors"},
		{"outer 2-D", func() (*Tensor, error) { return Outer(f(2, 2), f(2)) }, RuntimeError, "outer: Expected 1-D argument self, but got 2-D"},
		{"outer 0-d", func() (*Tensor, error) { return Outer(f(2), f()) }, RuntimeError, "argument vec2, but got 0-D"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op()
			wantError(t, err, tt.kind, tt.msg)
		})
	}
	_, err := Matmul(bools(2, 2), bools(2, 2))
	if e := err.(*Error); e.Hint != "convert the input with .to(int64) first" {
		t.Errorf("hint %q", e.Hint)
	}
}

func TestMmBmmDotOuter(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, d := range []DType{Float32, Float64, Int64} {
		t.Run(d.String(), func(t *testing.T) {
			a, b := randTensor(t, rng, d, 4, 3), randTensor(t, rng, d, 3, 5)
			checkOp(t, "mm", Mm, a, b)
			a, b = randTensor(t, rng, d, 2, 4, 3), randTensor(t, rng, d, 2, 3, 5)
			checkOp(t, "bmm", Bmm, a, b)
			a, b = randTensor(t, rng, d, 6), randTensor(t, rng, d, 6)
			checkOp(t, "dot", Dot, a, b)
		})
	}
	x := mustTensor(t, []int64{1, 2, 3}, 3)
	y := mustTensor(t, []float32{10, -1}, 2)
	got, err := Outer(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if got.DType() != Float32 || !slices.Equal(got.Shape(), []int{3, 2}) ||
		!slices.Equal(f64s(t, got), []float64{10, -1, 20, -2, 30, -3}) {
		t.Fatalf("outer = %v", got)
	}
	p, q := mustTensor(t, []uint8{1, 0}, 2), mustTensor(t, []uint8{1, 1, 0}, 3)
	got, err = Outer(p, q)
	if err != nil {
		t.Fatal(err)
	}
	if got.DType() != Bool || !slices.Equal(f64s(t, got), []float64{1, 1, 0, 0, 0, 0}) {
		t.Fatalf("bool outer = %v", got)
	}
}

// checkOp compares op(a, b) with Matmul(a, b), which the other tests check
// against the naive reference.
func checkOp(t *testing.T, name string, op func(a, b *Tensor) (*Tensor, error), a, b *Tensor) {
	t.Helper()
	got, err := op(a, b)
	if err != nil {
		t.Fatal(err)
	}
	shape, want := refMatmul(f64s(t, a), f64s(t, b), a.Shape(), b.Shape())
	if !slices.Equal(got.Shape(), shape) || !closeEnough(f64s(t, got), want) {
		t.Fatalf("%s = %v, want shape %v values %v", name, got, shape, want)
	}
}

func TestMatmulInterrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, d := range []DType{Float32, Int64} {
		a, b := randTensor(t, rng, d, 256, 256), randTensor(t, rng, d, 256, 256)
		ctx, cancel := context.WithCancel(context.Background())
		err := Interruptible(ctx, func() error {
			cancel()
			for !Interrupted() {
			}
			_, err := Matmul(a, b)
			return err
		})
		wantError(t, err, KeyboardInterrupt, "interrupted")
	}
}
