package tensor

import (
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZCPU(t *testing.T) {
	x := mustOp(Rand(NewGenerator(1), Float32, 1<<24))
	m := mustOp(Rand(NewGenerator(1), Float32, 4096, 4096))
	for _, c := range []struct {
		name string
		x    *Tensor
		dims []int
	}{{"full", x, nil}, {"rows", m, []int{1}}, {"cols", m, []int{0}}} {
		Sum(c.x, c.dims, false)
		n := 30
		best := time.Hour
		c0, w0 := cpuNow(), time.Now()
		for range n {
			s := time.Now()
			Sum(c.x, c.dims, false)
			best = min(best, time.Since(s))
		}
		t.Logf("%s: cpu/op %v wall/op %v best wall %v", c.name, (cpuNow()-c0)/time.Duration(n), time.Since(w0)/time.Duration(n), best)
	}
}
