package tensor

import "testing"

const benchN = 1 << 24

func benchAdd(b *testing.B, x, y, out *Tensor) {
	b.SetBytes(int64(3 * 4 * benchN))
	add := func() error {
		if out == nil {
			_, err := Add(x, y)
			return err
		}
		// Like NumPy's add(x, y, out=z): no allocation in the loop.
		it, err := NewIter(IterConfig{Out: out, Inputs: []*Tensor{x, y}})
		if err != nil {
			return err
		}
		k, _ := AddSpec.kernels.Select("add", Float32)
		return k(it)
	}
	b.ResetTimer()
	for b.Loop() {
		if err := add(); err != nil {
			b.Fatal(err)
		}
	}
	reportMedian(b, medianCallsLarge, 1, add)
}

// BenchmarkAddFloat32Contiguous adds two contiguous 2^24 float32 vectors
// into a preallocated output (REFERENCE.md §5: NumPy 5.6 ms).
func BenchmarkAddFloat32Contiguous(b *testing.B) {
	x, _ := Ones(Float32, benchN)
	y, _ := Ones(Float32, benchN)
	out, _ := Empty(Float32, benchN)
	benchAdd(b, x, y, out)
}

// BenchmarkAddFloat32Alloc is the same addition allocating its result.
func BenchmarkAddFloat32Alloc(b *testing.B) {
	x, _ := Ones(Float32, benchN)
	y, _ := Ones(Float32, benchN)
	benchAdd(b, x, y, nil)
}

// BenchmarkAddFloat32Broadcast adds a 4096-vector to every row of a
// 4096×4096 matrix.
func BenchmarkAddFloat32Broadcast(b *testing.B) {
	x, _ := Ones(Float32, 4096, 4096)
	y, _ := Ones(Float32, 4096)
	out, _ := Empty(Float32, 4096, 4096)
	benchAdd(b, x, y, out)
}

// BenchmarkAddFloat32Transposed adds a transposed 4096×4096 matrix to a
// contiguous one: one operand is read with a stride of 4096.
func BenchmarkAddFloat32Transposed(b *testing.B) {
	x, _ := Ones(Float32, 4096, 4096)
	y, _ := Ones(Float32, 4096, 4096)
	out, _ := Empty(Float32, 4096, 4096)
	benchAdd(b, x, y.T(), out)
}

// BenchmarkAddTiny measures the fixed cost of one operation on 2 elements.
func BenchmarkAddTiny(b *testing.B) {
	x, _ := Ones(Float32, 2)
	add := func() error {
		_, err := Add(x, x)
		return err
	}
	for b.Loop() {
		if err := add(); err != nil {
			b.Fatal(err)
		}
	}
	reportMedian(b, medianCallsTiny, medianBatchTiny, add)
}
