package vecmath

import (
	"runtime"
	"testing"
)

// BenchmarkLogExpFloat32 times the five kernels of logexp.go and
// LogFloat32, ExpFloat32 beside them on 1M float32 inputs of ordinary
// size (positive for the logs), in the implementation in use, with the
// thread's CPU time (cpu-µs/op) beside the wall time, for a loaded
// machine.
func BenchmarkLogExpFloat32(b *testing.B) {
	const n = 1 << 20
	pos, mixed, dst := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range pos {
		pos[i] = 0.01 + float32(i%4093)/512
		mixed[i] = float32(i%4093)/512 - 4
	}
	for _, c := range []struct {
		name string
		f    func(dst, src []float32)
		x    []float32
	}{{"log", LogFloat32, pos}, {"log2", Log2Float32, pos}, {"log10", Log10Float32, pos}, {"log1p", Log1pFloat32, pos},
		{"exp", ExpFloat32, mixed}, {"exp2", Exp2Float32, mixed}, {"expm1", Expm1Float32, mixed}} {
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.SetBytes(4 * n)
			cpu0, runs := threadCPU(), 0
			for b.Loop() {
				c.f(dst, c.x)
				runs++
			}
			if cpu1 := threadCPU(); cpu1 > cpu0 {
				b.ReportMetric((cpu1-cpu0)/float64(runs), "cpu-µs/op")
			}
		})
	}
}
