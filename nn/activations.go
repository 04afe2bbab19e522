package nn

import (
	"math"
	"strconv"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The activation functions of torch.nn.functional beyond relu, gelu, silu
// and softmax, each recorded with PyTorch's derivative (its value at the
// kinks included) and node name. The layers (nn.LeakyReLU, nn.ELU, ...)
// are NewActivation modules over these functions.

// SELU's constants, PyTorch's.
const (
	seluAlpha = 1.6732632423543772848170429916717
	seluScale = 1.0507009873554804934193349852946
)

// LeakyReLU is x for x > 0, else slope·x.
// In float32 the slope is rounded to float32 first, as PyTorch's kernels
// take it, and the backward is g or g·slope.
func LeakyReLU(x *tensor.Tensor, slope float64) (*tensor.Tensor, error) {
	slope32 := float32(slope)
	return autograd.ActivationFloat32("LeakyReluBackward0", "leaky_relu", x,
		func(v float64) float64 { return pick(v > 0, v, v*slope) },
		func(v float64) float64 { return pick(v > 0, 1, slope) },
		flat,
		func(dst, x []float32) { tensor.LeakyReLUFloat32(dst, x, slope32) },
		func(dst, g, x []float32) { tensor.LeakyReLUGradFloat32(dst, g, x, slope32) })
}

// LeakyReLUInPlace writes LeakyReLU(x, slope) into x (F.leaky_relu_,
// nn.LeakyReLU(inplace=True)). Under autograd a float32 x with a slope of
// zero or more is changed in place and the node saves the result, whose
// sign is the input's (autograd.ActivationInPlaceFloat32), as PyTorch's
// LeakyReluBackward1; otherwise it is RewriteInPlace (a negative slope
// records a node whose backward fails, as PyTorch's).
func LeakyReLUInPlace(x *tensor.Tensor, slope float64) error {
	if slope >= 0 {
		slope32 := float32(slope)
		handled, err := autograd.ActivationInPlaceFloat32("LeakyReluBackward1", "leaky_relu_", x,
			func(dst, src []float32) { tensor.LeakyReLUFloat32(dst, src, slope32) },
			func(dst, g, y []float32) { tensor.LeakyReLUGradFloat32(dst, g, y, slope32) },
			func(y float64) float64 { return pick(y > 0, 1, slope) })
		if handled {
			return err
		}
	}
	return RewriteInPlace(x, "leaky_relu_", func(x *tensor.Tensor) (*tensor.Tensor, error) { return LeakyReLU(x, slope) })
}

// ELU is x for x > 0, else alpha·(eˣ - 1).
func ELU(x *tensor.Tensor, alpha float64) (*tensor.Tensor, error) {
	return eluScaled("EluBackward0", x, alpha, 1, 1)
}

// SELU is scale·ELU(x) with PyTorch's alpha and scale.
func SELU(x *tensor.Tensor) (*tensor.Tensor, error) {
	return eluScaled("EluBackward0", x, seluAlpha, seluScale, 1)
}

// CELU is x for x > 0, else alpha·(e^(x/alpha) - 1).
func CELU(x *tensor.Tensor, alpha float64) (*tensor.Tensor, error) {
	return eluScaled("CeluBackward0", x, alpha, 1, 1/alpha)
}

// eluScaled is ATen's elu: scale·x for x > 0, else
// scale·alpha·(e^(inputScale·x) - 1).
func eluScaled(name string, x *tensor.Tensor, alpha, scale, inputScale float64) (*tensor.Tensor, error) {
	return autograd.Activation(name, "elu", x,
		func(v float64) float64 { return pick(v > 0, scale*v, scale*alpha*math.Expm1(v*inputScale)) },
		func(v float64) float64 { return pick(v > 0, scale, scale*alpha*inputScale*math.Exp(v*inputScale)) },
		func(v float64) float64 {
			return pick(v > 0, 0, scale*alpha*inputScale*inputScale*math.Exp(v*inputScale))
		})
}

// Softplus is log(1 + e^(beta·x))/beta, and x where beta·x > threshold;
// float32 computes in float32 as PyTorch's kernels (tensor.SoftplusFloat32).
func Softplus(x *tensor.Tensor, beta, threshold float64) (*tensor.Tensor, error) {
	beta32, threshold32 := float32(beta), float32(threshold)
	return autograd.ActivationFloat32("SoftplusBackward0", "softplus", x,
		func(v float64) float64 {
			return pick(v*beta > threshold, v, math.Log1p(math.Exp(v*beta))/beta)
		},
		func(v float64) float64 {
			z := math.Exp(v * beta)
			return pick(v*beta > threshold, 1, z/(z+1))
		},
		func(v float64) float64 {
			z := math.Exp(v * beta)
			return pick(v*beta > threshold, 0, beta*z/((z+1)*(z+1)))
		},
		func(dst, x []float32) { tensor.SoftplusFloat32(dst, x, beta32, threshold32) },
		func(dst, g, x []float32) { tensor.SoftplusGradFloat32(dst, g, x, beta32, threshold32) })
}

// Softsign is x/(1 + |x|), composed as PyTorch does.
func Softsign(x *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chain{}
	return c.div(x, c.add(c.unary(autograd.Abs, x), c.scalar(1, x.DType()))), c.err
}

// Hardtanh clamps x into [lo, hi]; the gradient passes strictly inside.
func Hardtanh(x *tensor.Tensor, lo, hi float64) (*tensor.Tensor, error) {
	return autograd.Activation("HardtanhBackward0", "hardtanh", x,
		func(v float64) float64 { return math.Min(math.Max(v, lo), hi) },
		func(v float64) float64 { return pick(v > lo && v < hi, 1, 0) }, flat)
}

// Hardswish is x·relu6(x + 3)/6.
func Hardswish(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.Activation("HardswishBackward0", "hardswish", x,
		func(v float64) float64 { return v * math.Min(math.Max(v+3, 0), 6) / 6 },
		func(v float64) float64 {
			switch {
			case v < -3:
				return 0
			case v <= 3:
				return v/3 + 0.5
			}
			return 1
		},
		func(v float64) float64 { return pick(v >= -3 && v <= 3, 1.0/3, 0) })
}

// Hardsigmoid is relu6(x + 3)/6.
func Hardsigmoid(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.Activation("HardsigmoidBackward0", "hardsigmoid", x,
		func(v float64) float64 { return math.Min(math.Max(v+3, 0), 6) / 6 },
		func(v float64) float64 { return pick(v > -3 && v < 3, 1.0/6, 0) }, flat)
}

// Mish is x·tanh(softplus(x)).
func Mish(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.Activation("MishBackward0", "mish", x,
		func(v float64) float64 { return v * math.Tanh(math.Log1p(math.Exp(v))) },
		func(v float64) float64 {
			t := math.Tanh(math.Log1p(math.Exp(v)))
			return t + v*(1-t*t)/(1+math.Exp(-v))
		}, nil)
}

// LogSigmoid is log(1/(1 + e^-x)), computed stably.
func LogSigmoid(x *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.Activation("LogSigmoidBackward0", "log_sigmoid_forward", x,
		func(v float64) float64 { return math.Min(v, 0) - math.Log1p(math.Exp(-math.Abs(v))) },
		func(v float64) float64 { return 1 / (1 + math.Exp(v)) },
		func(v float64) float64 {
			e := math.Exp(v)
			return -e / ((1 + e) * (1 + e))
		})
}

// Tanhshrink is x - tanh(x), composed as PyTorch does.
func Tanhshrink(x *tensor.Tensor) (*tensor.Tensor, error) {
	c := &chain{}
	return c.sub(x, c.tanh(x)), c.err
}

// Threshold is x where x > threshold, else value.
func Threshold(x *tensor.Tensor, threshold, value float64) (*tensor.Tensor, error) {
	return autograd.Activation("ThresholdBackward0", "threshold", x,
		func(v float64) float64 { return pick(v > threshold, v, value) },
		func(v float64) float64 { return pick(v > threshold, 1, 0) }, flat)
}

// Hardshrink is x where |x| > lambd, else 0.
func Hardshrink(x *tensor.Tensor, lambd float64) (*tensor.Tensor, error) {
	return autograd.Activation("HardshrinkBackward0", "hardshrink", x,
		func(v float64) float64 { return pick(v >= -lambd && v <= lambd, 0, v) },
		func(v float64) float64 { return pick(v >= -lambd && v <= lambd, 0, 1) }, flat)
}

// Softshrink moves x toward 0 by lambd, and is 0 within ±lambd.
func Softshrink(x *tensor.Tensor, lambd float64) (*tensor.Tensor, error) {
	return autograd.Activation("SoftshrinkBackward0", "softshrink", x,
		func(v float64) float64 {
			switch {
			case v > lambd:
				return v - lambd
			case v < -lambd:
				return v + lambd
			}
			return 0
		},
		func(v float64) float64 { return pick(v >= -lambd && v <= lambd, 0, 1) }, flat)
}

// Softmin is softmax(-x) along dim.
func Softmin(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	c := &chain{}
	neg := c.unary(autograd.Neg, x)
	return c.do(func() (*tensor.Tensor, error) { return autograd.Softmax(neg, dim) }), c.err
}

// GLU splits x in two halves a, b along dim and returns a·sigmoid(b).
func GLU(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if x.Dim() == 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "glu does not support scalars because halving size must be even")
	}
	d := dim
	if d < 0 {
		d += x.Dim()
	}
	if d < 0 || d >= x.Dim() {
		return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -x.Dim(), x.Dim()-1, dim)
	}
	if n := x.Shape()[d]; n%2 != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Halving dimension must be even, but dimension %d is size %d", d, n)
	}
	c := &chain{}
	halves := c.do2(func() ([]*tensor.Tensor, error) { return autograd.Chunk(x, 2, d) })
	if c.err != nil {
		return nil, c.err
	}
	return c.mul(halves[0], c.sigmoid(halves[1])), c.err
}

// PReLU is x for x > 0, else weight·x, with weight one number or one per
// channel (dimension 1 of x).
func PReLU(x, weight *tensor.Tensor) (*tensor.Tensor, error) {
	n := weight.Numel()
	w := weight
	c := &chain{}
	if n != 1 {
		channels := 1
		if x.Dim() >= 2 {
			channels = x.Shape()[1]
		}
		if channels != n {
			return nil, tensor.Errorf(tensor.RuntimeError, "Mismatch of parameter numbers and input channel size. Found parameter numbers = %d and channel size = %d.", n, channels)
		}
		shape := make([]int, x.Dim()-1)
		shape[0] = n
		for i := 1; i < len(shape); i++ {
			shape[i] = 1
		}
		w = c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(weight, shape...) })
	} else {
		w = c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(weight) })
	}
	zero := c.scalar(0, x.DType())
	positive := c.do(func() (*tensor.Tensor, error) { return tensor.Gt(x, zero) })
	scaled := c.mul(w, x)
	return c.do(func() (*tensor.Tensor, error) { return autograd.Where(positive, x, scaled) }), c.err
}

// flat is the second derivative of a piecewise linear function: zero
// (its kinks are ignored, as PyTorch's double backward does).
func flat(float64) float64 { return 0 }

// pick is a if cond, else b.
func pick(cond bool, a, b float64) float64 {
	if cond {
		return a
	}
	return b
}

// NewActivation is an activation layer named name (LeakyReLU, ELU, ...)
// with the extra repr and hyper-parameters given, applying fn; with
// inplace (not nil) it calls inplace to overwrite its input (recorded as
// an in-place operation, see RewriteInPlace and LeakyReLUInPlace) and
// returns it.
func NewActivation(name, extra string, hypers []Hyper, fn func(x *tensor.Tensor) (*tensor.Tensor, error), inplace func(x *tensor.Tensor) error) *Func {
	f := fn
	if inplace != nil {
		f = func(x *tensor.Tensor) (*tensor.Tensor, error) { return x, inplace(x) }
	}
	return NewFunc(name, extra, hypers, f)
}

// inPlaceNodes are the nodes PyTorch records for the in-place forms of
// the activations whose in-place derivative is its own overload (written
// from the result): EluBackward1 for elu_ where elu records
// EluBackward0, and so on.
var inPlaceNodes = map[string]string{
	"elu_": "EluBackward1", "selu_": "EluBackward1", "celu_": "CeluBackward1",
	"leaky_relu_": "LeakyReluBackward1", "threshold_": "ThresholdBackward1",
	"rrelu_": "RreluWithNoiseBackward1",
}

// RewriteInPlace writes fn(x) into x as the in-place operation op (F.elu_,
// F.elu(x, inplace=True), nn.ELU(inplace=True)): autograd.Rewrite, the
// result recorded as one node under PyTorch's name for op where it has
// one of its own (inPlaceNodes).
func RewriteInPlace(x *tensor.Tensor, op string, fn func(x *tensor.Tensor) (*tensor.Tensor, error)) error {
	if node, ok := inPlaceNodes[op]; ok {
		inner := fn
		fn = func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Composite(node, []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) { return inner(in[0]) })
		}
	}
	return autograd.Rewrite(x, op, fn)
}

// NewFunc is a layer without parameters named name (ZeroPad2d,
// PixelShuffle, ...) with the extra repr and hyper-parameters given,
// applying fn.
func NewFunc(name, extra string, hypers []Hyper, fn func(x *tensor.Tensor) (*tensor.Tensor, error)) *Func {
	return newFunc(name, extra, hypers, fn)
}

// PReLULayer is nn.PReLU(num_parameters=1, init=0.25): a learned slope
// for the negative part, one or one per channel.
type PReLULayer struct {
	base          Base
	NumParameters int
	Init          float64
}

// NewPReLU makes a PReLU layer with its weight filled with init.
func NewPReLU(n int, init float64, dtype tensor.DType) (*PReLULayer, error) {
	w, err := newParam(dtype, n)
	if err != nil {
		return nil, err
	}
	if err := w.Fill(init); err != nil {
		return nil, err
	}
	p := &PReLULayer{base: NewBase(), NumParameters: n, Init: init}
	p.base.SetParameter("weight", w)
	return p, nil
}

func (p *PReLULayer) Base() *Base      { return &p.base }
func (p *PReLULayer) TypeName() string { return "PReLU" }
func (p *PReLULayer) ExtraRepr() string {
	return "num_parameters=" + strconv.Itoa(p.NumParameters)
}
func (p *PReLULayer) Hypers() []Hyper {
	return []Hyper{{"num_parameters", p.NumParameters}, {"init", p.Init}}
}
func (p *PReLULayer) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := p.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "PReLU.weight is None")
	}
	return PReLU(x, w)
}
