package tensor

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refSoftmax computes softmax or log-softmax along dim in float64 with
// naive loops over row-major values.
func refSoftmax(x []float64, shape []int, dim int, log bool) []float64 {
	size, inner := 1, 1
	if len(shape) > 0 {
		size, inner = shape[dim], numel(shape[dim+1:])
	}
	outer := len(x) / max(size*inner, 1)
	out := make([]float64, len(x))
	for o := range outer {
		for in := range inner {
			at := func(r int) int { return (o*size+r)*inner + in }
			m := math.Inf(-1)
			for r := range size {
				m = math.Max(m, x[at(r)])
			}
			var s float64
			for r := range size {
				s += math.Exp(x[at(r)] - m)
			}
			for r := range size {
				if log {
					out[at(r)] = x[at(r)] - m - math.Log(s)
				} else {
					out[at(r)] = math.Exp(x[at(r)]-m) / s
				}
			}
		}
	}
	return out
}

func TestSoftmax(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	scaled := func(shape ...int) func(d DType) *Tensor {
		return func(d DType) *Tensor {
			x, err := Mul(randTensor(t, rng, d, shape...), MustScalar(8.0))
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
	}
	transposed := func(d DType) *Tensor { return scaled(9, 5)(d).T() }
	special := func(d DType) *Tensor {
		inf := math.Inf(1)
		x, err := mustTensor(t, []float64{
			1000, 1001, 999, -inf,
			-inf, -inf, -inf, -inf,
			0, -1000, -1e30, 5,
			1, math.NaN(), 2, 3,
		}, 4, 4).To(d)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name string
		x    func(d DType) *Tensor
		dim  int
	}{
		{"rows", scaled(5, 1024), 1},
		{"odd rows", scaled(6, 7), -1},
		{"1-D", scaled(33), 0},
		{"0-d", scaled(), 0},
		{"first of three", scaled(3, 4, 5), 0},
		{"middle of three", scaled(3, 4, 5), 1},
		{"many columns", scaled(3, 600, 2), 0},
		{"transposed input", transposed, 1},
		{"transposed input dim 0", transposed, 0},
		{"empty", scaled(2, 0, 3), 2},
		{"special values", special, 1},
		{"special values dim 0", special, 0},
	}
	for _, d := range []DType{Float32, Float64} {
		for _, tt := range tests {
			for _, log := range []bool{false, true} {
				name := d.String() + "/" + tt.name
				if log {
					name += "/log"
				}
				t.Run(name, func(t *testing.T) {
					x := tt.x(d)
					op := Softmax
					if log {
						op = LogSoftmax
					}
					got, err := op(x, tt.dim)
					if err != nil {
						t.Fatal(err)
					}
					if got.DType() != d || !slices.Equal(got.Shape(), x.Shape()) {
						t.Fatalf("dtype %s shape %v", got.DType(), got.Shape())
					}
					dim := tt.dim
					if dim < 0 {
						dim += x.Dim()
					}
					want := refSoftmax(f64s(t, x), x.Shape(), dim, log)
					tol := 1e-13
					if d == Float32 {
						tol = 4e-7
					}
					for i, g := range f64s(t, got) {
						w := want[i]
						if math.IsNaN(w) != math.IsNaN(g) || !math.IsNaN(w) && math.Abs(g-w) > tol*math.Max(1, math.Abs(w)) {
							t.Fatalf("element %d = %v, want %v", i, g, w)
						}
					}
				})
			}
		}
	}
}

func TestSoftmaxRowsSumToOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x := randTensor(t, rng, Float32, 64, 1000)
	x, _ = Mul(x, MustScalar(30.0))
	p, err := Softmax(x, -1)
	if err != nil {
		t.Fatal(err)
	}
	v := f64s(t, p)
	for r := range 64 {
		var s float64
		for _, e := range v[r*1000 : (r+1)*1000] {
			s += e
		}
		if math.Abs(s-1) > 1e-5 {
			t.Fatalf("row %d sums to %v", r, s)
		}
	}
}

func TestSoftmaxErrors(t *testing.T) {
	ints := mustTensor(t, []int64{1, 2}, 2)
	bools := mustTensor(t, []uint8{1, 0}, 2)
	floats := mustTensor(t, []float32{1, 2}, 2)
	tests := []struct {
		name string
		op   func() (*Tensor, error)
		kind ErrorKind
		msg  string
	}{
		{"softmax int64", func() (*Tensor, error) { return Softmax(ints, 0) }, TypeError, "softmax only supports floating point dtypes, got int64"},
		{"softmax bool", func() (*Tensor, error) { return Softmax(bools, 0) }, TypeError, "softmax only supports floating point dtypes, got bool"},
		{"log_softmax int64", func() (*Tensor, error) { return LogSoftmax(ints, 0) }, TypeError, "log_softmax only supports floating point dtypes, got int64"},
		{"dim", func() (*Tensor, error) { return Softmax(floats, 1) }, IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op()
			wantError(t, err, tt.kind, tt.msg)
		})
	}
	_, err := Softmax(ints, 0)
	if h := err.(*Error).Hint; h != "convert the input with .to(float32) first" {
		t.Errorf("hint %q", h)
	}
}

func TestCrossEntropy(t *testing.T) {
	// Hand-computed: row 0 has log-sum-exp log(e + e² + e³) = 3.4076059644,
	// row 1 has 1 + log 3 = 2.0986122887.
	logits := [][]float64{{1, 2, 3}, {1, 1, 1}}
	loss0, loss1 := 3.4076059644443806-3, 2.09861228866811-1
	tests := []struct {
		name   string
		target []int64
		opt    LossOptions
		want   []float64
		shape  []int
	}{
		{"mean", []int64{2, 0}, DefaultLossOptions(), []float64{(loss0 + loss1) / 2}, []int{}},
		{"empty reduction is mean", []int64{2, 0}, LossOptions{IgnoreIndex: -100}, []float64{(loss0 + loss1) / 2}, []int{}},
		{"sum", []int64{2, 0}, LossOptions{Reduction: "sum", IgnoreIndex: -100}, []float64{loss0 + loss1}, []int{}},
		{"none", []int64{2, 0}, LossOptions{Reduction: "none", IgnoreIndex: -100}, []float64{loss0, loss1}, []int{2}},
		{"ignore_index mean", []int64{2, -100}, DefaultLossOptions(), []float64{loss0}, []int{}},
		{"ignore_index none", []int64{2, -100}, LossOptions{Reduction: "none", IgnoreIndex: -100}, []float64{loss0, 0}, []int{2}},
		{"ignore a class", []int64{2, 0}, LossOptions{IgnoreIndex: 2}, []float64{loss1}, []int{}},
		{"all ignored", []int64{-100, -100}, DefaultLossOptions(), []float64{math.NaN()}, []int{}},
	}
	for _, d := range []DType{Float32, Float64} {
		x, err := mustTensor(t, slices.Concat(logits...), 2, 3).To(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			t.Run(d.String()+"/"+tt.name, func(t *testing.T) {
				got, err := CrossEntropy(x, mustTensor(t, tt.target, 2), tt.opt)
				if err != nil {
					t.Fatal(err)
				}
				if got.DType() != d || !slices.Equal(got.Shape(), tt.shape) || !closeEnough(f64s(t, got), tt.want) {
					t.Fatalf("got %v, want %v shape %v", got, tt.want, tt.shape)
				}
			})
		}
	}
	// 1-D logits with a 0-d target.
	got, err := CrossEntropy(mustTensor(t, []float64{1, 2, 3}, 3), mustTensor(t, []int64{2}, []int{}...), DefaultLossOptions())
	if err != nil || !closeEnough(f64s(t, got), []float64{loss0}) || got.Dim() != 0 {
		t.Fatalf("1-D: %v %v", got, err)
	}
}

func TestCrossEntropyHigherDims(t *testing.T) {
	// logits [N, C, d] against a naive log-softmax over C.
	rng := rand.New(rand.NewPCG(4, 4))
	const n, c, d = 3, 4, 5
	x := randTensor(t, rng, Float64, n, c, d)
	xv := f64s(t, x)
	target := make([]int64, n*d)
	for i := range target {
		target[i] = int64(rng.IntN(c))
	}
	target[3] = -100
	got, err := CrossEntropy(x, mustTensor(t, target, n, d), LossOptions{Reduction: "none", IgnoreIndex: -100})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float64, n*d)
	var sum float64
	for i := range n {
		for j := range d {
			if target[i*d+j] == -100 {
				continue
			}
			var s float64
			for k := range c {
				s += math.Exp(xv[(i*c+k)*d+j])
			}
			want[i*d+j] = math.Log(s) - xv[(i*c+int(target[i*d+j]))*d+j]
			sum += want[i*d+j]
		}
	}
	if !slices.Equal(got.Shape(), []int{n, d}) || !closeEnough(f64s(t, got), want) {
		t.Fatalf("got %v, want %v", f64s(t, got), want)
	}
	mean, err := CrossEntropy(x, mustTensor(t, target, n, d), DefaultLossOptions())
	if err != nil || !closeEnough(f64s(t, mean), []float64{sum / (n*d - 1)}) {
		t.Fatalf("mean %v, want %v (%v)", mean, sum/(n*d-1), err)
	}
}

func TestNllLoss(t *testing.T) {
	lp := mustTensor(t, []float32{-1, -2, -0.5, -3}, 2, 2)
	got, err := NllLoss(lp, mustTensor(t, []int64{1, 0}, 2), DefaultLossOptions())
	if err != nil || !closeEnough(f64s(t, got), []float64{1.25}) || got.DType() != Float32 {
		t.Fatalf("nll_loss = %v (%v), want 1.25", got, err)
	}
	got, err = NllLoss(lp, mustTensor(t, []int64{1, 0}, 2), LossOptions{Reduction: "none", IgnoreIndex: 0})
	if err != nil || !closeEnough(f64s(t, got), []float64{2, 0}) {
		t.Fatalf("nll_loss none = %v (%v)", got, err)
	}
}

func TestLossErrors(t *testing.T) {
	x := mustTensor(t, []float32{1, 2, 3, 4, 5, 6}, 2, 3)
	x3 := mustTensor(t, make([]float32, 12), 2, 3, 2)
	tgt := func(v ...int64) *Tensor { return mustTensor(t, v, len(v)) }
	opt := DefaultLossOptions()
	tests := []struct {
		name string
		op   func() (*Tensor, error)
		kind ErrorKind
		msg  string
	}{
		{"target out of bounds", func() (*Tensor, error) { return CrossEntropy(x, tgt(5, 0), opt) }, IndexError, "Target 5 is out of bounds."},
		{"negative target", func() (*Tensor, error) { return NllLoss(x, tgt(0, -1), opt) }, IndexError, "Target -1 is out of bounds."},
		{"float target", func() (*Tensor, error) { return CrossEntropy(x, mustTensor(t, []float32{0, 1}, 2), opt) }, TypeError, "expected target of dtype int64"},
		{"batch size", func() (*Tensor, error) { return CrossEntropy(x, tgt(0, 1, 2), opt) }, ValueError, "Expected input batch_size (2) to match target batch_size (3)."},
		{"target size", func() (*Tensor, error) { return CrossEntropy(x3, mustTensor(t, []int64{0, 0, 0, 0, 0, 0}, 2, 3), opt) }, RuntimeError, "Expected target size [2, 2], got [2, 3]"},
		{"0-d input", func() (*Tensor, error) { return NllLoss(mustTensor(t, []float32{1}, []int{}...), tgt(0), opt) }, ValueError, "Expected 1 or more dimensions"},
		{"1-D input, 1-D target", func() (*Tensor, error) { return NllLoss(mustTensor(t, []float32{1, 2}, 2), tgt(0), opt) }, RuntimeError, "Expected a 0-d target"},
		{"int logits", func() (*Tensor, error) { return CrossEntropy(mustTensor(t, []int64{1, 2}, 1, 2), tgt(0), opt) }, TypeError, "cross_entropy only supports floating point dtypes, got int64"},
		{"int log-probs", func() (*Tensor, error) { return NllLoss(mustTensor(t, []int64{1, 2}, 1, 2), tgt(0), opt) }, TypeError, "nll_loss only supports floating point dtypes, got int64"},
		{"reduction", func() (*Tensor, error) { return CrossEntropy(x, tgt(0, 1), LossOptions{Reduction: "avg"}) }, ValueError, "avg is not a valid value for reduction"},
		{"mse reduction", func() (*Tensor, error) { return MseLoss(x, x, "avg") }, ValueError, "avg is not a valid value for reduction"},
		{"mse int", func() (*Tensor, error) { return MseLoss(tgt(1), tgt(2), "mean") }, TypeError, "mse_loss only supports floating point dtypes, got int64"},
		{"mse shapes", func() (*Tensor, error) { return MseLoss(x, tgt(1, 2), "mean") }, RuntimeError, "must match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op()
			wantError(t, err, tt.kind, tt.msg)
		})
	}
}

func TestMseLoss(t *testing.T) {
	a := mustTensor(t, []float32{1, 2, 3, 4}, 2, 2)
	b := mustTensor(t, []float32{0, 2, 5, 1}, 2, 2) // squared errors 1, 0, 4, 9
	row := mustTensor(t, []int64{1, 1}, 2)          // int target promotes to float32
	tests := []struct {
		name      string
		a, b      *Tensor
		reduction string
		want      []float64
		shape     []int
	}{
		{"mean", a, b, "mean", []float64{3.5}, []int{}},
		{"default", a, b, "", []float64{3.5}, []int{}},
		{"sum", a, b, "sum", []float64{14}, []int{}},
		{"none", a, b, "none", []float64{1, 0, 4, 9}, []int{2, 2}},
		{"broadcast int target", a, row, "none", []float64{0, 1, 4, 9}, []int{2, 2}},
		{"transposed", a.T(), b, "none", []float64{1, 1, 9, 9}, []int{2, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MseLoss(tt.a, tt.b, tt.reduction)
			if err != nil {
				t.Fatal(err)
			}
			if got.DType() != Float32 || !slices.Equal(got.Shape(), tt.shape) || !closeEnough(f64s(t, got), tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
	got, err := MseLoss(mustTensor(t, []float64{0.5}, 1), mustTensor(t, []float32{0}, 1), "mean")
	if err != nil || got.DType() != Float64 || !closeEnough(f64s(t, got), []float64{0.25}) {
		t.Fatalf("float64 mse = %v (%v)", got, err)
	}
}

func TestActivations(t *testing.T) {
	xs := []float64{-3, -1, 0, 0.5, 1, 2}
	// Φ(x) from tables of the normal distribution.
	phi := []float64{0.0013498980316301, 0.15865525393145707, 0.5, 0.6914624612740131, 0.8413447460685429, 0.9772498680518208}
	gelu := make([]float64, len(xs))
	geluTanh := make([]float64, len(xs))
	silu := make([]float64, len(xs))
	for i, x := range xs {
		gelu[i] = x * phi[i]
		geluTanh[i] = 0.5 * x * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(x+0.044715*x*x*x)))
		silu[i] = x / (1 + math.Exp(-x))
	}
	tests := []struct {
		name string
		op   func(x *Tensor) (*Tensor, error)
		want []float64
	}{
		{"gelu", func(x *Tensor) (*Tensor, error) { return Gelu(x, "none") }, gelu},
		{"gelu default", func(x *Tensor) (*Tensor, error) { return Gelu(x, "") }, gelu},
		{"gelu tanh", func(x *Tensor) (*Tensor, error) { return Gelu(x, "tanh") }, geluTanh},
		{"silu", Silu, silu},
	}
	for _, d := range []DType{Float32, Float64} {
		x, err := mustTensor(t, xs, len(xs)).To(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			t.Run(d.String()+"/"+tt.name, func(t *testing.T) {
				got, err := tt.op(x)
				if err != nil {
					t.Fatal(err)
				}
				tol := 1e-12
				if d == Float32 {
					tol = 1e-7
				}
				for i, g := range f64s(t, got) {
					tol := tol
					if d == Float32 && strings.HasPrefix(tt.name, "gelu") && tt.name != "gelu tanh" {
						// PyTorch's float32 erf, which kael's follows, is
						// within 1.5e-7 of erf (Abramowitz and Stegun 7.1.26).
						tol += 0.5 * math.Abs(xs[i]) * 1.5e-7
					}
					if math.Abs(g-tt.want[i]) > tol {
						t.Fatalf("%s(%v) = %v, want %v", tt.name, xs[i], g, tt.want[i])
					}
				}
				if got.DType() != d {
					t.Fatalf("dtype %s", got.DType())
				}
			})
		}
	}
	// GELU(1) with the tanh approximation, computed by hand.
	got, _ := Gelu(mustTensor(t, []float64{1}, 1), "tanh")
	if v := f64s(t, got)[0]; math.Abs(v-0.8411919906082768) > 1e-12 {
		t.Errorf("gelu_tanh(1) = %v", v)
	}
	ints := mustTensor(t, []int64{1}, 1)
	_, err := Gelu(ints, "none")
	wantError(t, err, TypeError, "gelu only supports floating point dtypes, got int64")
	_, err = Silu(ints)
	wantError(t, err, TypeError, "silu only supports floating point dtypes, got int64")
	_, err = Gelu(mustTensor(t, []float32{1}, 1), "erf")
	wantError(t, err, RuntimeError, "approximate argument must be either none or tanh")
}

// refLayerNorm normalizes rows of length n naively in float64.
func refLayerNorm(x []float64, n int, w, b []float64, eps float64) []float64 {
	out := make([]float64, len(x))
	for r := 0; r < len(x); r += n {
		row := x[r : r+n]
		var mean, v float64
		for _, e := range row {
			mean += e
		}
		mean /= float64(n)
		for _, e := range row {
			v += (e - mean) * (e - mean)
		}
		v /= float64(n)
		for i, e := range row {
			y := (e - mean) / math.Sqrt(v+eps)
			if w != nil {
				y *= w[i]
			}
			if b != nil {
				y += b[i]
			}
			out[r+i] = y
		}
	}
	return out
}

func TestLayerNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, d := range []DType{Float32, Float64} {
		for _, tt := range []struct {
			name       string
			shape      []int
			normalized []int
			affine     bool
		}{
			{"rows", []int{4, 768}, []int{768}, true},
			{"no affine", []int{3, 5}, []int{5}, false},
			{"two dims", []int{2, 3, 4}, []int{3, 4}, true},
			{"whole tensor", []int{6}, []int{6}, true},
			{"empty", []int{0, 4}, []int{4}, true},
		} {
			t.Run(d.String()+"/"+tt.name, func(t *testing.T) {
				x := randTensor(t, rng, d, tt.shape...)
				var w, b *Tensor
				var wv, bv []float64
				if tt.affine {
					w, b = randTensor(t, rng, Float64, tt.normalized...), randTensor(t, rng, d, tt.normalized...)
					wv, bv = f64s(t, w), f64s(t, b)
				}
				got, err := LayerNorm(x, tt.normalized, w, b, 1e-5)
				if err != nil {
					t.Fatal(err)
				}
				want := refLayerNorm(f64s(t, x), numel(tt.normalized), wv, bv, 1e-5)
				tol := 1e-12
				if d == Float32 {
					tol = 1e-5
				}
				for i, g := range f64s(t, got) {
					if math.Abs(g-want[i]) > tol {
						t.Fatalf("element %d = %v, want %v", i, g, want[i])
					}
				}
				if got.DType() != d || !slices.Equal(got.Shape(), tt.shape) {
					t.Fatalf("dtype %s shape %v", got.DType(), got.Shape())
				}
			})
		}
	}
	// A transposed input and a large eps.
	x := mustTensor(t, []float64{1, 3, 2, 6}, 2, 2).T() // rows [1 2] and [3 6]
	got, err := LayerNorm(x, []int{2}, nil, nil, 1)
	want := []float64{-0.5 / math.Sqrt(1.25), 0.5 / math.Sqrt(1.25), -1.5 / math.Sqrt(3.25), 1.5 / math.Sqrt(3.25)}
	if err != nil || !closeEnough(f64s(t, got), want) {
		t.Fatalf("transposed: %v (%v), want %v", got, err, want)
	}

	f := mustTensor(t, make([]float32, 6), 2, 3)
	errTests := []struct {
		name string
		op   func() (*Tensor, error)
		kind ErrorKind
		msg  string
	}{
		{"shape", func() (*Tensor, error) { return LayerNorm(f, []int{2}, nil, nil, 1e-5) }, RuntimeError, "Given normalized_shape=[2], expected input with shape [*, 2], but got input of size[2, 3]"},
		{"too long", func() (*Tensor, error) { return LayerNorm(f, []int{1, 2, 3}, nil, nil, 1e-5) }, RuntimeError, "expected input with shape [*, 1, 2, 3]"},
		{"empty", func() (*Tensor, error) { return LayerNorm(f, nil, nil, nil, 1e-5) }, RuntimeError, "Expected normalized_shape to be at least 1-dimensional"},
		{"weight", func() (*Tensor, error) { return LayerNorm(f, []int{3}, mustTensor(t, []float32{1, 2}, 2), nil, 1e-5) }, RuntimeError, "Expected weight to be of same shape as normalized_shape, but got weight of shape [2] and normalized_shape = [3]"},
		{"bias", func() (*Tensor, error) { return LayerNorm(f, []int{3}, nil, mustTensor(t, []float32{1}, 1), 1e-5) }, RuntimeError, "Expected bias to be of same shape"},
		{"int", func() (*Tensor, error) {
			return LayerNorm(mustTensor(t, []int64{1, 2}, 2), []int{2}, nil, nil, 1e-5)
		}, TypeError, "layer_norm only supports floating point dtypes, got int64"},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op()
			wantError(t, err, tt.kind, tt.msg)
		})
	}
}

func TestLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for _, d := range []DType{Float32, Float64, Int64} {
		for _, tt := range []struct {
			name  string
			shape []int
			bias  bool
		}{
			{"batch", []int{2, 3, 4}, true},
			{"matrix", []int{5, 4}, true},
			{"vector", []int{4}, true},
			{"no bias", []int{3, 4}, false},
		} {
			t.Run(d.String()+"/"+tt.name, func(t *testing.T) {
				x, w := randTensor(t, rng, d, tt.shape...), randTensor(t, rng, d, 6, 4)
				var b *Tensor
				if tt.bias {
					b = randTensor(t, rng, d, 6)
				}
				got, err := Linear(x, w, b)
				if err != nil {
					t.Fatal(err)
				}
				shape, want := refMatmul(f64s(t, x), f64s(t, w.T()), x.Shape(), []int{4, 6})
				if tt.bias {
					bv := f64s(t, b)
					for i := range want {
						want[i] += bv[i%6]
					}
				}
				if got.DType() != d || !slices.Equal(got.Shape(), shape) || !closeEnough(f64s(t, got), want) {
					t.Fatalf("got %v, want %v", f64s(t, got), want)
				}
			})
		}
	}
	// As in PyTorch, a float64 bias is an error for a 2-D input (addmm)
	// and is added in place, keeping the product's dtype, for a 1-D one.
	x, w := mustTensor(t, []float32{1, 2}, 1, 2), mustTensor(t, []float32{1, 1}, 1, 2)
	_, err := Linear(x, w, mustTensor(t, []float64{0.5}, 1))
	wantError(t, err, RuntimeError, "self and mat2 must have the same dtype")
	got, err := Linear(mustTensor(t, []float32{1, 2}, 2), w, mustTensor(t, []float64{0.5}, 1))
	if err != nil || got.DType() != Float32 || !closeEnough(f64s(t, got), []float64{3.5}) {
		t.Fatalf("linear with a float64 bias = %v (%v)", got, err)
	}
	// A 1-D weight is a vector product, as matmul's.
	got, err = Linear(x, mustTensor(t, []float32{1, 1}, 2), nil)
	if err != nil || !slices.Equal(got.Shape(), []int{1}) || !closeEnough(f64s(t, got), []float64{3}) {
		t.Fatalf("linear with a 1-D weight = %v (%v)", got, err)
	}
	_, err = Linear(x, mustTensor(t, []float32{1, 1, 1, 1}, 1, 2, 2), nil)
	wantError(t, err, RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is 3D")
	_, err = Linear(x, mustTensor(t, []float32{1, 1, 1}, 1, 3), nil)
	wantError(t, err, RuntimeError, "mat1 and mat2 shapes cannot be multiplied (1x2 and 3x1)")
}

func TestEmbedding(t *testing.T) {
	for _, d := range []DType{Float32, Float64, Int64, Bool} {
		t.Run(d.String(), func(t *testing.T) {
			w, err := mustTensor(t, []float64{0, 1, 2, 3, 4, 5, 6, 0}, 4, 2).To(d)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Embedding(mustTensor(t, []int64{3, 0, 1, 3}, 2, 2), w)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := mustTensor(t, []float64{6, 0, 0, 1, 2, 3, 6, 0}, 8).To(d)
			if got.DType() != d || !slices.Equal(got.Shape(), []int{2, 2, 2}) || !slices.Equal(f64s(t, got), f64s(t, want)) {
				t.Fatalf("got %v", got)
			}
		})
	}
	w := mustTensor(t, []float32{1, 2, 3, 4, 5, 6}, 3, 2)
	got, err := Embedding(mustTensor(t, []int64{2}, []int{}...), w.T().T())
	if err != nil || !slices.Equal(got.Shape(), []int{2}) || !slices.Equal(f64s(t, got), []float64{5, 6}) {
		t.Fatalf("0-d index: %v (%v)", got, err)
	}
	_, err = Embedding(mustTensor(t, []int64{3}, 1), w)
	wantError(t, err, IndexError, "index out of range in self")
	_, err = Embedding(mustTensor(t, []int64{-1}, 1), w)
	wantError(t, err, IndexError, "index out of range in self")
	_, err = Embedding(mustTensor(t, []float32{1}, 1), w)
	wantError(t, err, TypeError, "embedding(): expected indices of dtype int64, got float32")
	_, err = Embedding(mustTensor(t, []int64{1}, 1), mustTensor(t, []float32{1, 2}, 2))
	wantError(t, err, RuntimeError, "'weight' must be 2-D")
}

func TestDropout(t *testing.T) {
	x, err := Ones(Float32, 100, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		p        float64
		training bool
	}{{"eval", 0.5, false}, {"p=0", 0, true}} {
		got, err := Dropout(x, tt.p, tt.training, nil)
		if err != nil || got != x {
			t.Errorf("%s: got a new tensor (%v), want x itself", tt.name, err)
		}
	}
	got, err := Dropout(x, 1, true, NewGenerator(1))
	if err != nil || slices.ContainsFunc(f64s(t, got), func(v float64) bool { return v != 0 }) {
		t.Fatalf("p=1: %v", err)
	}
	for _, d := range []DType{Float32, Float64} {
		xd, _ := x.To(d)
		a, err := Dropout(xd, 0.3, true, NewGenerator(7))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Dropout(xd, 0.3, true, NewGenerator(7))
		c, _ := Dropout(xd, 0.3, true, NewGenerator(8))
		av := f64s(t, a)
		kept := 0
		for _, v := range av {
			switch {
			case math.Abs(v-1/0.7) < 1e-6:
				kept++
			case v != 0:
				t.Fatalf("element %v, want 0 or 1/0.7", v)
			}
		}
		if frac := float64(kept) / float64(len(av)); math.Abs(frac-0.7) > 0.02 {
			t.Errorf("%s: kept %v of the elements, want about 0.7", d, frac)
		}
		if !slices.Equal(av, f64s(t, b)) || slices.Equal(av, f64s(t, c)) {
			t.Errorf("%s: the mask does not follow the seed", d)
		}
		if a.DType() != d {
			t.Errorf("dtype %s", a.DType())
		}
	}
	_, err = Dropout(x, 1.5, true, nil)
	wantError(t, err, ValueError, "dropout probability has to be between 0 and 1, but got 1.5")
	_, err = Dropout(mustTensor(t, []int64{1}, 1), 0.5, true, nil)
	wantError(t, err, TypeError, "dropout only supports floating point dtypes, got int64")
}
