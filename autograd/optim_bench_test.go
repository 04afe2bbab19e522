package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// BenchmarkAdamStep times one Adam step on a 1M-element float32 parameter.
func BenchmarkAdamStep(b *testing.B) {
	g := tensor.NewGenerator(1)
	p := must(tensor.Randn(g, tensor.Float32, 1000, 1000))
	must(0, SetRequiresGrad(p, true))
	must(0, SetGrad(p, must(tensor.Randn(g, tensor.Float32, 1000, 1000))))
	opt := DefaultAdamOptions()
	opt.WeightDecay = 0.01
	o := must(NewAdam([]*tensor.Tensor{p}, opt))
	b.ReportAllocs()
	for b.Loop() {
		if err := o.Step(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSGDMomentumStep times one SGD step with momentum on a
// 1M-element float32 parameter.
func BenchmarkSGDMomentumStep(b *testing.B) {
	g := tensor.NewGenerator(1)
	p := must(tensor.Randn(g, tensor.Float32, 1000, 1000))
	must(0, SetRequiresGrad(p, true))
	must(0, SetGrad(p, must(tensor.Randn(g, tensor.Float32, 1000, 1000))))
	o := must(NewSGD([]*tensor.Tensor{p}, SGDOptions{LR: 0.01, Momentum: 0.9}))
	b.ReportAllocs()
	for b.Loop() {
		if err := o.Step(); err != nil {
			b.Fatal(err)
		}
	}
}
