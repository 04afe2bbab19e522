package tensor

import (
	"math/rand/v2"
	"testing"
)

func benchMatmul(b *testing.B, d DType, n int) {
	rng := rand.New(rand.NewPCG(1, 1))
	x, y := randTensor(b, rng, d, n, n), randTensor(b, rng, d, n, n)
	matmul := func() error {
		_, err := Matmul(x, y)
		return err
	}
	for b.Loop() {
		if err := matmul(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(2*float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	reportMedian(b, medianCallsHeavy, 1, matmul)
}

// NumPy with OpenBLAS's best kernel: 6.2 ms on this machine class.
func BenchmarkMatmulFloat32_1024(b *testing.B) { benchMatmul(b, Float32, 1024) }

// NumPy with OpenBLAS's best kernel: 14.1 ms on this machine class.
func BenchmarkMatmulFloat64_1024(b *testing.B) { benchMatmul(b, Float64, 1024) }

func BenchmarkMatmulInt64_256(b *testing.B) { benchMatmul(b, Int64, 256) }
