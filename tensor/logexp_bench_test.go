package tensor

import (
	"fmt"
	"testing"
)

// BenchmarkLogExpFloat32 times float32 log2, log10, log1p, expm1, exp2
// and softplus on a contiguous tensor of 1M elements (|randn| + 0.01 for
// the logs, randn/2 for the exps, randn for softplus), in CPU time
// (cpu-µs/op) beside the wall time, for a loaded machine. Run it with
// GOMAXPROCS=1 (or taskset) for one thread.
func BenchmarkLogExpFloat32(b *testing.B) {
	const n = 1 << 20
	x, err := Randn(NewGenerator(1), Float32, n)
	if err != nil {
		b.Fatal(err)
	}
	pos := mustOp(Add(mustOp(Abs(x)), MustScalar(float32(0.01))))
	half := mustOp(Mul(x, MustScalar(float32(0.5))))
	for _, c := range []struct {
		name string
		x    *Tensor
	}{{"log2", pos}, {"log10", pos}, {"log1p", pos}, {"expm1", half}, {"exp2", half}} {
		spec := UnaryByName(c.name)
		b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
			start, runs := cpuTime(b), 0
			for b.Loop() {
				if _, err := spec.Apply(c.x); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			b.ReportMetric(float64(cpuTime(b)-start)/1e3/float64(runs), "cpu-µs/op")
		})
	}
}
