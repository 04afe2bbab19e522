package tensor

import "testing"

// benchInput returns a float32 tensor of the given shape with values in
// [0, 1).
func benchInput(b *testing.B, shape ...int) *Tensor {
	b.Helper()
	x, err := Rand(NewGenerator(1), Float32, shape...)
	if err != nil {
		b.Fatal(err)
	}
	return x
}

func benchSum(b *testing.B, x *Tensor, dims []int) {
	b.SetBytes(int64(x.Nbytes()))
	b.ResetTimer()
	sum := func() error {
		_, err := Sum(x, dims, false)
		return err
	}
	for b.Loop() {
		if err := sum(); err != nil {
			b.Fatal(err)
		}
	}
	reportMedian(b, medianCallsLarge, 1, sum)
}

// BenchmarkSumFloat32_16M sums 2^24 contiguous float32 values; PyTorch
// takes 1.95 ms on the reference machine (shared/REFERENCE.md §5).
func BenchmarkSumFloat32_16M(b *testing.B) { benchSum(b, benchInput(b, 1<<24), nil) }

// BenchmarkSumRows4096 reduces the contiguous inner dimension.
func BenchmarkSumRows4096(b *testing.B) { benchSum(b, benchInput(b, 4096, 4096), []int{1}) }

// BenchmarkSumCols4096 reduces the outer dimension into a vector.
func BenchmarkSumCols4096(b *testing.B) { benchSum(b, benchInput(b, 4096, 4096), []int{0}) }
