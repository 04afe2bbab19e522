package nn

import (
	"testing"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// BenchmarkBatchNorm2dStep is forward and backward of batch_norm in
// training mode on dcgan's second Discriminator layer at ndf 16, batch 16:
// [16, 32, 16, 16] float32, weight, bias and running statistics.
func BenchmarkBatchNorm2dStep(b *testing.B) {
	gen := tensor.NewGenerator(1)
	x := must(tensor.Randn(gen, tensor.Float32, 16, 32, 16, 16))
	w := must(tensor.Ones(tensor.Float32, 32))
	bias := must(tensor.Zeros(tensor.Float32, 32))
	for _, p := range []*tensor.Tensor{x, w, bias} {
		if err := autograd.SetRequiresGrad(p, true); err != nil {
			b.Fatal(err)
		}
	}
	rm := must(tensor.Zeros(tensor.Float32, 32))
	rv := must(tensor.Ones(tensor.Float32, 32))
	g := must(tensor.Randn(gen, tensor.Float32, 16, 32, 16, 16))
	b.ReportAllocs()
	for b.Loop() {
		y := must(BatchNormFunc(x, rm, rv, w, bias, true, 0.1, 1e-5))
		if err := autograd.Backward(y, g); err != nil {
			b.Fatal(err)
		}
		for _, p := range []*tensor.Tensor{x, w, bias} {
			autograd.ZeroGrad(p)
		}
	}
}
