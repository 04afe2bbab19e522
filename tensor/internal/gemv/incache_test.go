package gemv

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// BenchmarkInCache times one thread's VecMat and MatVec with the weights in
// the L2 cache (a 256×768 block, 768 KiB of float32, 384 KiB of 16-bit
// weights, used over and over): the kernels' own rate, with no memory
// stream to wait on, for each implementation and kind of weight. Set
// beside BenchmarkStream's rate from memory it says whether a kernel is
// bound by its instructions (the two rates close) or by the stream.
func BenchmarkInCache(b *testing.B) {
	const k, n = 256, 768
	r := rand.New(rand.NewPCG(5, 6))
	x, xv, y := randSlice(r, k), randSlice(r, n), make([]float32, n)
	yv := make([]float32, k)
	w32 := randSlice(r, k*n)
	w16 := map[Half][]uint16{BFloat16: randHalf(r, BFloat16, k*n), Float16: randHalf(r, Float16, k*n)}
	defer SetImpl(Impl())
	for _, name := range Impls() {
		for _, h := range []Half{0, BFloat16, Float16} {
			label := "float32"
			if h != 0 {
				label = h.String()
			}
			for _, form := range []string{"VecMat", "MatVec"} {
				b.Run(name+"/"+label+"/"+form, func(b *testing.B) {
					if err := SetImpl(name); err != nil {
						b.Fatal(err)
					}
					size := 4
					if h != 0 {
						size = 2
					}
					b.SetBytes(int64(size * k * n))
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					cpu0, ok := threadCPU()
					for b.Loop() {
						switch {
						case h == 0 && form == "VecMat":
							VecMat(y, x, w32, k, n, n, 1)
						case h == 0:
							MatVec(yv, w32, xv, k, n, n, 1)
						case form == "VecMat":
							VecMat16(y, x, w16[h], h, k, n, n, 1)
						default:
							MatVec16(yv, w16[h], xv, h, k, n, n, 1)
						}
					}
					if cpu1, _ := threadCPU(); ok && cpu1 > cpu0 {
						b.ReportMetric(float64(b.N)*float64(size*k*n)/float64(cpu1-cpu0), "cpu-GB/s")
					}
				})
			}
		}
	}
}
