package tensor

import (
	"math/rand"
	"slices"
	"strconv"
	"testing"
)

// indexByPlan is x[idx...] by planAdvanced and take alone, the general
// path gather1D shortcuts, for comparing the two.
func indexByPlan(x *Tensor, idx ...Index) (*Tensor, error) {
	v, adv, err := x.basicIndex(idx)
	if err != nil {
		return nil, err
	}
	p, err := planAdvanced(v, adv)
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(x.dtype, p.shape...)
	if err != nil {
		return nil, err
	}
	return out, p.take(v, out)
}

// TestGather1DMatchesPlan checks the 1-d gather against the general
// advanced-indexing path: views with an offset and a stride, negative
// positions, index arrays of several shapes, each dtype, and the first
// bad index named when the gather runs in parallel chunks.
func TestGather1DMatchesPlan(t *testing.T) {
	big := 3*GrainSize + 5
	x := mustTensor(t, seq64(big), big)
	m := mustTensor(t, seq64(60), 10, 6)        // m[i, j] = 6i + j
	strided, err := m.Index(ixAll, IndexInt(2)) // m[:, 2]
	if err != nil || strided.strides[0] != 6 || strided.offset != 2 {
		t.Fatal("m[:, 2] is not a strided view with an offset", err)
	}
	bigIdx := make([]int64, big)
	for i := range bigIdx {
		bigIdx[i] = int64((i*7919)%big) - int64(big/2)
	}
	twoBad := append([]int64(nil), bigIdx...)
	twoBad[2*GrainSize+3], twoBad[GrainSize+1] = int64(big), -int64(big)-4
	tests := []struct {
		name    string
		x       *Tensor
		idx     []Index
		wantErr string
	}{
		{"contiguous", x, []Index{ixTensor(t, []int64{5, 0, 3, 3}, 4)}, ""},
		{"negative", x, []Index{ixTensor(t, []int64{-1, -int64(big), 2}, 3)}, ""},
		{"2-d index", x, []Index{ixTensor(t, []int64{1, 2, 3, -4, 5, 6}, 2, 3)}, ""},
		{"0-d index", x, []Index{ixTensor(t, []int64{7})}, ""},
		{"empty index", x, []Index{ixTensor(t, []int64{}, 0)}, ""},
		{"empty 2-d index", x, []Index{ixTensor(t, []int64{}, 0, 3)}, ""},
		{"row of a matrix", m, []Index{IndexInt(3), ixTensor(t, []int64{5, -6, 0}, 3)}, ""},
		{"strided view", strided, []Index{ixTensor(t, []int64{0, 7, -1, 2}, 4)}, ""},
		{"column gathered", m, []Index{ixTensor(t, []int64{9, 0, -1, 4}, 4), IndexInt(2)}, ""},
		{"parallel", x, []Index{ixTensor(t, bigIdx, big)}, ""},
		{"out of bounds", x, []Index{ixTensor(t, []int64{0, int64(big) + 2, -int64(big) - 1}, 3)}, "index " + strconv.Itoa(big+2) + " is out of bounds for dimension 0 with size " + strconv.Itoa(big)},
		{"too negative", m, []Index{IndexInt(1), ixTensor(t, []int64{-7}, 1)}, "index -7 is out of bounds for dimension 1 with size 6"},
		{"first bad of parallel chunks", x, []Index{ixTensor(t, twoBad, big)}, "index " + strconv.Itoa(-big-4) + " is out of bounds for dimension 0 with size " + strconv.Itoa(big)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.x.Index(tc.idx...)
			want, werr := indexByPlan(tc.x, tc.idx...)
			if tc.wantErr != "" {
				if want := "IndexError: " + tc.wantErr; err == nil || err.Error() != want || werr == nil || werr.Error() != want {
					t.Fatalf("errors %v and %v, want %q", err, werr, tc.wantErr)
				}
				return
			}
			if err != nil || werr != nil {
				t.Fatal(err, werr)
			}
			if !sameElements(t, got, want) {
				t.Fatalf("gather gave %v, the plan %v", got, want)
			}
		})
	}
	for _, d := range []DType{Float32, Float64, Int64, Bool, Uint8, Int8, Int16, Int32, Float16, BFloat16, Complex64, Complex128} {
		src, err := x.To(d)
		if err != nil {
			t.Fatal(err)
		}
		idx := ixTensor(t, []int64{3, -2, 1, 0}, 4)
		got, err := src.Index(idx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := indexByPlan(src, idx)
		if err != nil {
			t.Fatal(err)
		}
		if got.DType() != d || !sameElements(t, got, want) {
			t.Errorf("%v: gather gave %v, the plan %v", d, got, want)
		}
	}
}

// TestGather1DVectorsMatchPlan checks the vector gathers of the 4- and
// 8-byte dtypes (and the scalar loop of the others) against the general
// path on index arrays long enough for the vectors: every dtype, mixed
// signs, a strided source, and one bad index (too large or too negative)
// at each of the first 40 positions, so at every lane of the first
// vectors, which the error must name as the plan's does.
func TestGather1DVectorsMatchPlan(t *testing.T) {
	const size, n = 50, 40
	r := rand.New(rand.NewSource(29))
	vals := make([]int64, n)
	for k := range vals {
		vals[k] = int64(r.Intn(2*size) - size)
	}
	x := mustTensor(t, seq64(2*size), 2*size)
	two, start := 2, size
	strided, err := x.Index(IndexSlice(nil, nil, &two)) // x[::2]
	if err != nil || strided.strides[0] != 2 {
		t.Fatal("x[::2] is not a strided view", err)
	}
	contiguous, err := x.Index(IndexSlice(&start, nil, nil)) // x[50:], an offset
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []DType{Float64, Float32, Int64, Int32, Uint64, Uint32, Complex64, Complex128, Int16, Uint8, Bool, Float16, BFloat16} {
		for _, view := range []struct {
			name string
			x    *Tensor
		}{{"contiguous", contiguous}, {"strided", strided}} {
			src, err := view.x.To(d)
			if err != nil {
				t.Fatal(err)
			}
			check := func(name string, vals []int64) {
				idx := ixTensor(t, vals, len(vals))
				got, err := src.Index(idx)
				want, werr := indexByPlan(src, idx)
				if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Fatalf("%v %s %s: error %v, the plan's %v", d, view.name, name, err, werr)
				}
				if err == nil && (got.DType() != d || !sameElements(t, got, want)) {
					t.Fatalf("%v %s %s: gather gave %v, the plan %v", d, view.name, name, got, want)
				}
			}
			check("in range", vals)
			for bad := range n {
				for _, v := range []int64{size, -size - 1 - int64(bad)} {
					b := slices.Clone(vals)
					b[bad] = v
					check("bad at "+strconv.Itoa(bad), b)
				}
			}
		}
	}
}

// BenchmarkGather1D is a[idx] on a million float64s with every seventh
// index, as kaelbench's NumPy row: the 1-d gather beside the general
// plan, in one run, and the gather with the sum of its output.
func BenchmarkGather1D(b *testing.B) {
	a, err := Arange(0, 1_000_000, 1, Float64)
	if err != nil {
		b.Fatal(err)
	}
	ix, err := Arange(0, 1_000_000, 7, Int64)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		fn   func(*Tensor, ...Index) (*Tensor, error)
	}{{"gather", (*Tensor).Index}, {"plan", indexByPlan}, {"gather+sum", gatherSum}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.fn(a, IndexTensor(ix)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// gatherSum is x[idx...].sum(), a gathered array read at once, as real
// programs do (the row's loop does not).
func gatherSum(x *Tensor, idx ...Index) (*Tensor, error) {
	g, err := x.Index(idx...)
	if err != nil {
		return nil, err
	}
	return Sum(g, nil, false)
}

// sameElements reports whether a and b have the same shape and elements,
// compared as complex128 (which holds every dtype's values exactly).
func sameElements(t *testing.T, a, b *Tensor) bool {
	t.Helper()
	ac, err := a.Contiguous()
	if err != nil {
		t.Fatal(err)
	}
	if ac, err = ac.To(Complex128); err != nil {
		t.Fatal(err)
	}
	bc, err := b.Contiguous()
	if err != nil {
		t.Fatal(err)
	}
	if bc, err = bc.To(Complex128); err != nil {
		t.Fatal(err)
	}
	av, _ := Data[complex128](ac)
	bv, _ := Data[complex128](bc)
	return slices.Equal(a.shape, b.shape) && slices.Equal(av[ac.offset:ac.offset+ac.Numel()], bv[bc.offset:bc.offset+bc.Numel()])
}

// BenchmarkGather1DCached is the 1-d gather kernel alone into one
// output, from a source that stays in the cache (4,096 elements) at
// 100,000 random positions, half of them negative: a lookup table or a
// permutation, where the scalar loop's instructions and not the memory
// bound it; each dtype the vector kernels take.
func BenchmarkGather1DCached(b *testing.B) {
	r := rand.New(rand.NewSource(29))
	const size, n = 4096, 100_000
	vals := make([]int64, n)
	for k := range vals {
		vals[k] = int64(r.Intn(2*size) - size)
	}
	for _, d := range []DType{Float64, Float32, Int64, Int32} {
		b.Run(d.String(), func(b *testing.B) {
			a, err := Arange(0, size, 1, d)
			if err != nil {
				b.Fatal(err)
			}
			out, err := Empty(d, n)
			if err != nil {
				b.Fatal(err)
			}
			kernel, err := gather1DKernels.Select("index", d)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if k := kernel(a, out, vals, 0, n); k >= 0 {
					b.Fatalf("index %d out of bounds", k)
				}
			}
		})
	}
}
