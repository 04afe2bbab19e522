package tensor

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time, user and system, this process has used.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkUnaryFloat32 times the float32 unary ops users hit most on a
// contiguous tensor of 131072 and of 4M elements (randn: log and sqrt
// see negative inputs too, NaN results, as in PyTorch's bench), in CPU
// time (cpu-µs/op) beside the wall time, for a loaded machine.
func BenchmarkUnaryFloat32(b *testing.B) {
	for _, n := range []int{131072, 4 << 20} {
		x, err := Randn(NewGenerator(1), Float32, n)
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range []string{"exp", "log", "sqrt", "rsqrt", "abs", "neg", "sin", "cos", "tanh", "sigmoid"} {
			spec := UnaryByName(name)
			if spec == nil {
				b.Fatalf("no unary %s", name)
			}
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				start, runs := cpuTime(b), 0
				for b.Loop() {
					if _, err := spec.Apply(x); err != nil {
						b.Fatal(err)
					}
					runs++
				}
				b.ReportMetric(float64(cpuTime(b)-start)/1e3/float64(runs), "cpu-µs/op")
			})
		}
	}
}
