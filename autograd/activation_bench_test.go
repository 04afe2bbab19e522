package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// BenchmarkLeakyReLUStep is forward and backward of leaky_relu(x, 0.2) on
// dcgan's second Discriminator activation, [16, 32, 16, 16] float32.
func BenchmarkLeakyReLUStep(b *testing.B) {
	x := must(tensor.Randn(tensor.NewGenerator(1), tensor.Float32, 16, 32, 16, 16))
	must(0, SetRequiresGrad(x, true))
	g := must(tensor.OnesLike(x))
	f := func(v float64) float64 {
		if v > 0 {
			return v
		}
		return 0.2 * v
	}
	d := func(v float64) float64 {
		if v > 0 {
			return 1
		}
		return 0.2
	}
	b.ReportAllocs()
	for b.Loop() {
		y := must(Activation("LeakyReluBackward0", "leaky_relu", x, f, d, nil))
		must(0, Backward(y, g))
		ZeroGrad(x)
	}
}
