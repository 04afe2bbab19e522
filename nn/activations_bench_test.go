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
