package tensor

import (
	"math"
	"slices"
	"testing"
)

// TestLinearBiasFirst checks that Linear with the bias written before the
// product (linearBiasFirst) gives the product plus the bias bit for bit,
// and that the operands it does not take are computed as before; for
// matrices, with the weight's transpose packed as well (LinearPacked).
func TestLinearBiasFirst(t *testing.T) {
	g := NewGenerator(7)
	for _, tc := range []struct {
		name    string
		dtype   DType
		x       []int // x's shape; the last dimension is the inner size
		out     int
		strided bool // x transposed from a contiguous tensor
		taken   bool // linearBiasFirst computes it
	}{
		{"matrix f32", Float32, []int{20, 50}, 60, false, true},
		{"matrix f64", Float64, []int{20, 50}, 60, false, true},
		{"stack of rows", Float32, []int{7, 5, 40}, 33, false, true},
		{"transposed matrix", Float32, []int{30, 24}, 17, true, true},
		{"transposed stack", Float32, []int{3, 4, 24}, 17, true, false},
		{"inner size at the bound", Float32, []int{9, linearBiasMaxK}, 70, false, true},
		{"inner size past the bound", Float32, []int{9, linearBiasMaxK + 1}, 70, false, false},
		{"one row", Float32, []int{1, 50}, 60, false, false},
		{"one output", Float64, []int{20, 50}, 1, false, false},
		{"one step of a layer", Float32, []int{20, 200}, 800, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := tc.x[len(tc.x)-1]
			x := mustOp(Randn(g, tc.dtype, tc.x...))
			if tc.strided {
				rev := slices.Clone(tc.x)
				rev[0], rev[len(rev)-1] = rev[len(rev)-1], rev[0]
				base := mustOp(Randn(g, tc.dtype, rev...))
				x = mustOp(base.Transpose(0, base.Dim()-1))
			}
			w := mustOp(Randn(g, tc.dtype, tc.out, k))
			bias := mustOp(Randn(g, tc.dtype, tc.out))
			want := mustOp(Add(mustOp(Matmul(x, w.T())), bias))
			got, err := linearBiasFirst(x, w, nil, bias)
			if err != nil {
				t.Fatal(err)
			}
			if (got != nil) != tc.taken {
				t.Fatalf("taken %v, want %v", got != nil, tc.taken)
			}
			if got := mustOp(Linear(x, w, bias)); !bitsEqual(got, want) {
				t.Errorf("Linear %v\nwant %v", got, want)
			}
			if x.Dim() != 2 {
				return
			}
			// A recurrent layer's step: the weight's transpose packed.
			pack := PackMatrix(w.T())
			if got, err := linearBiasFirst(x, w, pack, bias); err != nil || (got != nil) != tc.taken {
				t.Fatalf("packed: taken %v (%v), want %v", got != nil, err, tc.taken)
			}
			if got := mustOp(LinearPacked(x, w, pack, bias)); !bitsEqual(got, want) {
				t.Errorf("LinearPacked %v\nwant %v", got, want)
			}
		})
	}
}

// bitsEqual reports whether a and b have one shape and the same float
// bits in every element.
func bitsEqual(a, b *Tensor) bool {
	if !slices.Equal(a.Shape(), b.Shape()) {
		return false
	}
	av, bv := mustOp(a.To(Float64)), mustOp(b.To(Float64))
	x, y := mustOp(av.Contiguous()), mustOp(bv.Contiguous())
	xs, ys := x.storage.data.([]float64)[x.offset:x.offset+x.Numel()], y.storage.data.([]float64)[y.offset:y.offset+y.Numel()]
	for i := range xs {
		if math.Float64bits(xs[i]) != math.Float64bits(ys[i]) {
			return false
		}
	}
	return true
}

// TestAddBiasRows checks that addBiasRows adds the bias to every row, each
// element y + b rounded once as the scalar loop rounds it, at one to three
// threads (rows shared among them, vector kernels with scalar tails), and
// that the shapes it does not take are left to AddSpec.
func TestAddBiasRows(t *testing.T) {
	defer func(n int) { _ = SetNumThreads(n) }(NumThreads())
	g := NewGenerator(13)
	for _, tc := range []struct {
		name  string
		dtype DType
		y     []int
		bias  int
		taken bool
	}{
		{"prefill's projection f32", Float32, []int{128, 768}, 768, true},
		{"rows past the grain f32", Float32, []int{300, 1000}, 1000, true},
		{"rows past the grain f64", Float64, []int{300, 1000}, 1000, true},
		{"odd width f32", Float32, []int{5, 3, 37}, 37, true},
		{"odd width f64", Float64, []int{70, 13}, 13, true},
		{"one output", Float32, []int{9, 1}, 1, true},
		{"bias of another width", Float32, []int{4, 6}, 3, false},
		{"float16", Float16, []int{4, 6}, 6, false},
	} {
		for _, threads := range []int{1, 2, 3} {
			if err := SetNumThreads(threads); err != nil {
				t.Fatal(err)
			}
			y := mustOp(mustOp(Randn(g, Float32, tc.y...)).To(tc.dtype))
			bias := mustOp(mustOp(Randn(g, Float32, tc.bias)).To(tc.dtype))
			want := mustOp(y.Clone())
			got := mustOp(y.Clone())
			done, err := addBiasRows(got, bias)
			if err != nil || done != tc.taken {
				t.Fatalf("%s, %d threads: taken %v (%v), want %v", tc.name, threads, done, err, tc.taken)
			}
			if !done {
				continue
			}
			if tc.dtype == Float32 {
				scalarAddRows(want.storage.data.([]float32), bias.storage.data.([]float32))
			} else {
				scalarAddRows(want.storage.data.([]float64), bias.storage.data.([]float64))
			}
			if !bitsEqual(got, want) {
				t.Errorf("%s, %d threads: %v\nwant %v", tc.name, threads, got, want)
			}
		}
	}
}

// scalarAddRows is the reference for addRows: b added to each row of y,
// element by element.
func scalarAddRows[T float32 | float64](y, b []T) {
	for i := range y {
		y[i] += b[i%len(b)]
	}
}

// TestApplyInPlaceBiasRowsIsAdd checks AddSpec.ApplyInPlace of a row
// vector, which adds the rows without the broadcasting iterator
// (addBiasRows; GPT-2's decoded token adds its biases so, moved here from
// gpt2's addBiasInPlace), against Add through the iterator bit for bit:
// rows of a contiguous matrix, a view at an offset, and the shapes it
// leaves to the iterator (a transposed matrix, a 1-D x), and a bias that
// is a row of x itself.
func TestApplyInPlaceBiasRowsIsAdd(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(data *Tensor) (*Tensor, error)
		n    int
	}{
		{"one row", func(d *Tensor) (*Tensor, error) { return d.Narrow(0, 0, 1) }, 24},
		{"rows", func(d *Tensor) (*Tensor, error) { return d, nil }, 24},
		{"at an offset", func(d *Tensor) (*Tensor, error) { return d.Narrow(0, 2, 3) }, 24},
		{"transposed", func(d *Tensor) (*Tensor, error) { return d.Transpose(0, 1) }, 5},
		{"1-D", func(d *Tensor) (*Tensor, error) { return d.Select(0, 1) }, 24},
		{"bias a row of x", nil, 24},
	} {
		t.Run(c.name, func(t *testing.T) {
			vals := make([]float32, 5*24)
			for i := range vals {
				vals[i] = float32(math.Sin(float64(i) * 1.7))
			}
			bias := make([]float32, c.n)
			for i := range bias {
				bias[i] = float32(math.Cos(float64(i)*0.3)) / 3
			}
			b, err := FromSlice(bias)
			if err != nil {
				t.Fatal(err)
			}
			var got, want *Tensor
			for _, p := range []**Tensor{&got, &want} {
				d, err := FromSlice(slices.Clone(vals), 5, 24)
				if err != nil {
					t.Fatal(err)
				}
				if c.make == nil { // b is x's second row: they overlap
					*p = d
					continue
				}
				if *p, err = c.make(d); err != nil {
					t.Fatal(err)
				}
			}
			bGot, bWant := b, b
			if c.make == nil {
				if bGot, err = got.Select(0, 1); err != nil {
					t.Fatal(err)
				}
				if bWant, err = want.Select(0, 1); err != nil {
					t.Fatal(err)
				}
			}
			if err := AddSpec.ApplyInPlace(got, bGot); err != nil {
				t.Fatal(err)
			}
			if want, err = Add(want, bWant); err != nil {
				t.Fatal(err)
			}
			g, err := Values[float32](got)
			if err != nil {
				t.Fatal(err)
			}
			w, err := Values[float32](want)
			if err != nil {
				t.Fatal(err)
			}
			for i := range w {
				if math.Float32bits(g[i]) != math.Float32bits(w[i]) {
					t.Fatalf("[%d] = %v, Add gives %v", i, g[i], w[i])
				}
			}
		})
	}
}
