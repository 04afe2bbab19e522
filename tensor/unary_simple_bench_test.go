package tensor

import (
	"fmt"
	"testing"
)

// BenchmarkSimpleUnaryAndPow times the rounding and sign ops and pow with
// one exponent (issue 34) on a contiguous float32 tensor of 131072
// elements (cache-resident, so the loop shows rather than the page
// faults of a fresh 4 MB output), with CPU time beside wall time.
func BenchmarkSimpleUnaryAndPow(b *testing.B) {
	const n = 131072
	x, err := Rand(NewGenerator(1), Float32, n)
	if err != nil {
		b.Fatal(err)
	}
	x = mustOp(Add(x, MustScalar(0.5)))
	bench := func(name string, f func() (*Tensor, error)) {
		b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
			start, runs := cpuTime(b), 0
			for b.Loop() {
				if _, err := f(); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			b.ReportMetric(float64(cpuTime(b)-start)/1e3/float64(runs), "cpu-µs/op")
		})
	}
	for _, name := range []string{"floor", "ceil", "round", "trunc", "frac", "sign", "reciprocal"} {
		spec := UnaryByName(name)
		if spec == nil {
			b.Fatalf("no unary %s", name)
		}
		bench(name, func() (*Tensor, error) { return spec.Apply(x) })
	}
	for _, e := range []float64{2, 3, 0.5, -0.5, -1, -2, 2.5} {
		exp := MustScalar(e)
		bench(fmt.Sprintf("pow%g", e), func() (*Tensor, error) { return Pow(x, exp) })
	}
	y := mustOp(Add(x, MustScalar(0.25)))
	bench("powTensor", func() (*Tensor, error) { return Pow(x, y) })
}
