package nn

import (
	"testing"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// BenchmarkLeakyReLUFloat32Step is forward and backward of nn's
// leaky_relu(x, 0.2), the float32 kernels, on dcgan's second
// Discriminator activation, [16, 32, 16, 16] of both signs.
func BenchmarkLeakyReLUFloat32Step(b *testing.B) {
	x := must(tensor.Randn(tensor.NewGenerator(1), tensor.Float32, 16, 32, 16, 16))
	if err := autograd.SetRequiresGrad(x, true); err != nil {
		b.Fatal(err)
	}
	g := must(tensor.OnesLike(x))
	b.ReportAllocs()
	for b.Loop() {
		y := must(LeakyReLU(x, 0.2))
		if err := autograd.Backward(y, g); err != nil {
			b.Fatal(err)
		}
		autograd.ZeroGrad(x)
	}
}

// BenchmarkLeakyReLUInPlaceDcgan is forward and backward of
// Σ leaky_relu_(x·1.5, 0.2)·c on dcgan's second Discriminator activation,
// [16, 128, 8, 8] of both signs: leaky_relu_'s incoming gradient is the
// product's, which the pass holds alone and which the backward writes
// into (issue 34).
func BenchmarkLeakyReLUInPlaceDcgan(b *testing.B) {
	g := tensor.NewGenerator(1)
	x := must(tensor.Randn(g, tensor.Float32, 16, 128, 8, 8))
	c := must(tensor.Randn(g, tensor.Float32, 16, 128, 8, 8))
	if err := autograd.SetRequiresGrad(x, true); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		y := must(autograd.MulScalar(x, 1.5))
		if err := LeakyReLUInPlace(y, 0.2); err != nil {
			b.Fatal(err)
		}
		loss := must(autograd.Sum(must(autograd.Mul(y, c)), nil, false))
		if err := autograd.Backward(loss, nil); err != nil {
			b.Fatal(err)
		}
		autograd.ZeroGrad(x)
	}
}
