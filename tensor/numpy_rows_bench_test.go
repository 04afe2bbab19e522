package tensor

import "testing"

// The kernels of kaelbench's two large NumPy rows alone, to set beside
// NumPy's time for the same operation (docs/performance.md, "a[idx] and
// a + b beside NumPy"): np.add(a, b, out=c) on 1000x1000 float64, and
// a[idx] of a million float64s at every seventh index, each into an output
// made once (Into) and into a fresh one per iteration (Alloc).

// BenchmarkRowAddFloat64Into is np.add(a, b, out=c), 1000x1000 float64.
func BenchmarkRowAddFloat64Into(b *testing.B) {
	x, _ := Ones(Float64, 1000, 1000)
	y, _ := Ones(Float64, 1000, 1000)
	out, _ := Empty(Float64, 1000, 1000)
	k, err := AddSpec.kernels.Select("add", Float64)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(3 * 8 * 1000 * 1000)
	for b.Loop() {
		it, err := NewIter(IterConfig{Out: out, Inputs: []*Tensor{x, y}})
		if err != nil {
			b.Fatal(err)
		}
		if err := k(it); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRowAddFloat64Alloc is c = a + b, 1000x1000 float64.
func BenchmarkRowAddFloat64Alloc(b *testing.B) {
	x, _ := Ones(Float64, 1000, 1000)
	y, _ := Ones(Float64, 1000, 1000)
	b.SetBytes(3 * 8 * 1000 * 1000)
	for b.Loop() {
		if _, err := Add(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRowGatherInto is the 1-d gather kernel of a[idx] into one
// output (NumPy's take loop alone).
func BenchmarkRowGatherInto(b *testing.B) {
	a, _ := Arange(0, 1_000_000, 1, Float64)
	ix, _ := Arange(0, 1_000_000, 7, Int64)
	vals := ix.storage.data.([]int64)
	out, _ := Empty(Float64, len(vals))
	kernel, err := gather1DKernels.Select("index", Float64)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if k := kernel(a, out, vals, 0, len(vals)); k >= 0 {
			b.Fatalf("index %d out of bounds", k)
		}
	}
}
