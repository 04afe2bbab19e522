package autograd

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// Softmax returns softmax(x) along dim. With y the output, the gradient is
// y·(g - Σ g·y) (the sum along dim).
func Softmax(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Softmax(x, dim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("SoftmaxBackward0", x)
	n.recordable = true
	n.save(out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		dot := c.sum(c.mul(g, out), []int{dim}, true)
		return []*tensor.Tensor{c.mul(out, c.sub(g, dot))}
	}
	return n.attach(out), nil
}

// LogSoftmax returns log(softmax(x)) along dim. With y the output, the
// gradient is g - exp(y)·Σ g (the sum along dim).
func LogSoftmax(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.LogSoftmax(x, dim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("LogSoftmaxBackward0", x)
	n.recordable = true
	n.save(out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if d := out.DType(); !c.rec && g.DType() == d && (d == tensor.Float32 || d == tensor.Float64) {
			// One pass a row, as ATen's _log_softmax_backward_data, into g
			// when nothing else holds it (nll's gradient, which dies here).
			if c.writable(g) {
				return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return tensor.LogSoftmaxBackwardInPlace(g, out, dim) })}
			}
			return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return tensor.LogSoftmaxBackward(g, out, dim) })}
		}
		return []*tensor.Tensor{c.sub(g, c.mul(c.exp(out), c.sum(g, []int{dim}, true)))}
	}
	return n.attach(out), nil
}

// CrossEntropy returns the cross-entropy loss of logits at the class
// indices target. As in PyTorch it is NllLoss(LogSoftmax(logits)), and the
// graph shows both nodes.
func CrossEntropy(logits, target *tensor.Tensor, opt tensor.LossOptions) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&logits, &target); err != nil {
		return nil, err
	}
	if !IsGradEnabled() || !logits.RequiresGrad() {
		return tensor.CrossEntropy(logits, target, opt)
	}
	lp, err := LogSoftmax(logits, min(1, logits.Dim()-1))
	if err != nil {
		return nil, err
	}
	return NllLoss(lp, target, opt)
}

// NllLoss returns the negative log likelihood loss of logProbs at the class
// indices target. Each counted target's log-probability gets -1 times the
// gradient of its loss (divided by the count for the mean); everything
// else gets 0.
func NllLoss(logProbs, target *tensor.Tensor, opt tensor.LossOptions) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&logProbs, &target); err != nil {
		return nil, err
	}
	return nllLoss(logProbs, target, nil, opt, func(lp, t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.NllLoss(lp, t, opt) })
}

// WeightedNllLoss is NllLoss with class weights (a [C] tensor): forward
// computes the loss of detached log-probabilities and a target (it checks
// the arguments), and the graph gets NllLoss's one node, whose gradient
// at each counted target is -weight[target] times the loss's gradient
// (divided by the counted targets' total weight for the mean).
func WeightedNllLoss(logProbs, target, weight *tensor.Tensor, opt tensor.LossOptions, forward func(logProbs, target *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	return nllLoss(logProbs, target, weight, opt, forward)
}

// nllLoss computes forward(logProbs, target) and records it as PyTorch
// does: NllLossBackward0 for a [C] or [N, C] input, NllLoss2DBackward0
// for [N, C, H, W], and a view to and from 4-D for the other shapes.
func nllLoss(logProbs, target, weight *tensor.Tensor, opt tensor.LossOptions, forward func(lp, t *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	out, err := forward(logProbs.Detach(), target)
	if err != nil || !track(out, logProbs) {
		return out, err
	}
	if d := logProbs.Dim(); d == 3 || d > 4 {
		return nllLossViewed(logProbs, target, weight, opt, forward)
	}
	name := "NllLossBackward0"
	if logProbs.Dim() == 4 {
		name = "NllLoss2DBackward0"
	}
	n := newNode(name, logProbs)
	n.recordable = true
	n.save(target)
	shape, dtype := logProbs.Shape(), logProbs.DType()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{nllGradRecorded(c, shape, dtype, target, weight, opt, g)}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return nllGrad(shape, dtype, target, weight, opt, g) })}
	}
	return n.attach(out), nil
}

// nllLossViewed is nllLoss of a 3-D or 5-D and larger input as PyTorch
// records it: the (contiguous) input viewed as [N, C, 1, -1] and the
// target as [N, 1, -1] go through the 4-D loss (NllLoss2DBackward0), and
// reduction 'none' views the losses back to [N, d1, ...]. The caller has
// checked the arguments on the original shapes.
func nllLossViewed(logProbs, target, weight *tensor.Tensor, opt tensor.LossOptions, forward func(lp, t *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	shape := logProbs.Shape()
	x, err := Contiguous(logProbs)
	if err != nil {
		return nil, err
	}
	if x, err = View(x, shape[0], shape[1], 1, -1); err != nil {
		return nil, err
	}
	t, err := target.Reshape(shape[0], 1, -1)
	if err != nil {
		return nil, err
	}
	out, err := nllLoss(x, t, weight, opt, forward)
	if err != nil || opt.Reduction != "none" {
		return out, err
	}
	return View(out, append([]int{shape[0]}, shape[2:]...)...)
}

// nllGrad computes NllLoss's gradient for log-probabilities of the given
// shape ([C], [N, C] or [N, C, d1, ...]), with class weights when weight
// is not nil.
func nllGrad(shape []int, d tensor.DType, target, weight *tensor.Tensor, opt tensor.LossOptions, g *tensor.Tensor) (*tensor.Tensor, error) {
	tgt, err := tensor.Values[int64](target)
	if err != nil {
		return nil, err
	}
	gv, err := g.Float64s()
	if err != nil {
		return nil, err
	}
	var wv []float64
	if weight != nil {
		if wv, err = weight.Float64s(); err != nil {
			return nil, err
		}
	}
	// classWeight is the weight of sample i's target class.
	classWeight := func(i int) float64 {
		if wv == nil {
			return 1
		}
		return wv[tgt[i]]
	}
	classes := shape[min(1, len(shape)-1)]
	inner := 1
	for _, s := range shape[min(2, len(shape)):] {
		inner *= s
	}
	total := 0.0
	for i, t := range tgt {
		if t != opt.IgnoreIndex {
			total += classWeight(i)
		}
	}
	scale := func(i int) float64 {
		w := gv[0]
		switch opt.Reduction {
		case "none":
			w = gv[i]
		case "", "mean":
			w /= total
		}
		return -w * classWeight(i)
	}
	at := func(i int, t int64) int { return i/inner*classes*inner + int(t)*inner + i%inner }
	if d == tensor.Float32 || d == tensor.Float64 {
		// Zeros in the dtype, and the few counted targets written there.
		out, err := tensor.Zeros(d, shape...)
		if err != nil {
			return nil, err
		}
		if d == tensor.Float32 {
			err = nllGradInto[float32](out, tgt, opt.IgnoreIndex, at, scale)
		} else {
			err = nllGradInto[float64](out, tgt, opt.IgnoreIndex, at, scale)
		}
		return out, err
	}
	grad := make([]float64, len(tgt)*classes)
	for i, t := range tgt {
		if t != opt.IgnoreIndex {
			grad[at(i, t)] = scale(i)
		}
	}
	return fromFloat64s(grad, shape, d)
}

// nllGradInto writes nllGrad's weights into the zeroed contiguous out,
// each rounded once to T.
func nllGradInto[T float32 | float64](out *tensor.Tensor, tgt []int64, ignore int64, at func(int, int64) int, weight func(int) float64) error {
	data, err := tensor.Data[T](out)
	if err != nil {
		return err
	}
	for i, t := range tgt {
		if t != ignore {
			data[at(i, t)] = T(weight(i))
		}
	}
	return nil
}

// nllGradRecorded is nllGrad in a recording pass. The gradient is linear
// in g: it is the constant weights nllGrad gives for a g of ones (minus the
// class weight, divided by the counted total for the mean, at each counted
// target) times g, spread over the classes (for reduction "none", g has one
// element per target and gets a class dimension at 1), so that g's own
// graph carries through the product.
func nllGradRecorded(c *calc, shape []int, d tensor.DType, target, weight *tensor.Tensor, opt tensor.LossOptions, g *tensor.Tensor) *tensor.Tensor {
	ones := c.do(func() (*tensor.Tensor, error) { return tensor.Ones(g.DType(), g.Shape()...) })
	w := c.do(func() (*tensor.Tensor, error) { return nllGrad(shape, d, target, weight, opt, ones) })
	if c.err != nil {
		return nil
	}
	if opt.Reduction == "none" && len(shape) > 1 {
		g = c.do(func() (*tensor.Tensor, error) { return Unsqueeze(g, 1) })
	}
	return c.mul(w, g)
}

// MseLoss returns the mean squared error between input and target. The
// gradient of (x - y)² is 2(x - y) for x and -2(x - y) for y, times g and
// divided by the element count for the mean.
func MseLoss(input, target *tensor.Tensor, reduction string) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&input, &target); err != nil {
		return nil, err
	}
	out, err := tensor.MseLoss(input, target, reduction)
	if err != nil || !track(out, input, target) {
		return out, err
	}
	n := newNode("MseLossBackward0", input, target)
	n.recordable = true
	n.save(input, target)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		diff := c.to(c.sub(input, target), g.DType())
		if c.err != nil {
			return nil
		}
		scale := 2.0
		if reduction == "" || reduction == "mean" {
			scale /= float64(diff.Numel())
		}
		d := c.mul(diff, c.mul(g, num(scale))) // g is one number unless reduction is "none"
		var gi, gt *tensor.Tensor
		if n.needs(0) {
			gi = n.toInput(c, 0, d)
		}
		if n.needs(1) {
			gt = n.toInput(c, 1, c.neg(d))
		}
		return []*tensor.Tensor{gi, gt}
	}
	return n.attach(out), nil
}

// Gelu returns the Gaussian error linear unit (approximate "none" or
// "tanh"). Its derivative is Φ(x) + x·φ(x) for the exact form.
func Gelu(x *tensor.Tensor, approximate string) (*tensor.Tensor, error) {
	forward := func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Gelu(x, approximate) }
	if approximate == "tanh" {
		return activation("GeluBackward0", forward, x, geluTanhDeriv, geluTanhDeriv2, geluTanhDeriv3)
	}
	return activationWithGrad("GeluBackward0", forward, x, geluDeriv, geluDeriv2, geluDeriv3, tensor.GeluErfGrad)
}

// Silu returns x·σ(x); its derivative is σ(x)·(1 + x·(1 - σ(x))), for
// float32 by tensor.SiluGradFloat32 in PyTorch's float32 expression.
func Silu(x *tensor.Tensor) (*tensor.Tensor, error) {
	grad := func(g, x *tensor.Tensor) (*tensor.Tensor, bool, error) {
		return tensor.MapGradFloat32(g, x, tensor.SiluGradFloat32)
	}
	return activationWithGrad("SiluBackward0", tensor.Silu, x, func(x float64) float64 {
		s := 1 / (1 + math.Exp(-x))
		return s * (1 + x*(1-s))
	}, func(x float64) float64 {
		s := 1 / (1 + math.Exp(-x))
		return s * (1 - s) * (2 + x*(1-2*s))
	}, siluDeriv3, grad)
}

// Activation computes the element-wise function f of a floating-point x
// (in float64 per element; op names it in errors, as tensor.MapActivation)
// and records it under the node name, with the derivative deriv of each
// element: LeakyReluBackward0, EluBackward0, ... deriv2, the second
// derivative (nil when not given), makes the derivative recordable: a
// pass with create_graph records g·deriv(x) as a node of its own
// (activationBackward).
func Activation(name, op string, x *tensor.Tensor, f, deriv, deriv2 func(float64) float64) (*tensor.Tensor, error) {
	return activation(name, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.MapActivation(op, x, f) }, x, deriv, deriv2, nil)
}

// ActivationFloat32 is Activation with float32 forms of f and of the
// gradient over slices, f32(dst, x) and grad32(dst, g, x) = g·f'(x),
// computed in float32 as PyTorch's float32 kernels compute them (used for
// float32, and for bfloat16 through float32); float64 uses f and deriv.
func ActivationFloat32(name, op string, x *tensor.Tensor, f, deriv, deriv2 func(float64) float64,
	f32 func(dst, x []float32), grad32 func(dst, g, x []float32)) (*tensor.Tensor, error) {
	forward := func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.MapActivationWith(op, x, f, f32) }
	grad := func(g, x *tensor.Tensor) (*tensor.Tensor, bool, error) { return tensor.MapGradFloat32(g, x, grad32) }
	return activationWithGrad(name, forward, x, deriv, deriv2, nil, grad)
}

// activation records an element-wise function whose derivative deriv is
// computed per element in float64; for float16 and bfloat16 the gradient
// g·deriv is computed in float32 and rounded once, as PyTorch's fused
// backward kernels (gelu_backward, silu_backward, elu_backward, ...) do.
func activation(name string, f func(*tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor, deriv, deriv2, deriv3 func(float64) float64) (*tensor.Tensor, error) {
	return activationWithGrad(name, f, x, deriv, deriv2, deriv3, nil)
}

// activationWithGrad is activation with a kernel for the gradient, tried
// first: grad returns g·f'(x) and true, or false for the dtypes and shapes
// it leaves to deriv.
func activationWithGrad(name string, f func(*tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor, deriv, deriv2, deriv3 func(float64) float64,
	grad func(g, x *tensor.Tensor) (*tensor.Tensor, bool, error)) (*tensor.Tensor, error) {
	out, err := f(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(name, x)
	n.save(x)
	back := fused(func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		if grad != nil {
			var handled bool
			if t := c.do(func() (*tensor.Tensor, error) {
				t, ok, err := grad(g, x)
				handled = ok
				return t, err
			}); handled {
				return t
			}
		}
		if d := x.DType(); (d == tensor.Float32 || d == tensor.Float64) && g.DType() == d && slices.Equal(g.Shape(), x.Shape()) {
			return c.do(func() (*tensor.Tensor, error) { return tensor.MapGrad(g, x, deriv) })
		}
		return c.mul(g, c.do(func() (*tensor.Tensor, error) { return mapFloat(x, deriv) }))
	})
	n.recordable = deriv2 != nil
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec && deriv2 != nil {
			return []*tensor.Tensor{c.activationBackward(name, g, x, deriv, deriv2, deriv3, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
				return back(c, g, x) // c is a plain calc (activationBackward)
			})}
		}
		return []*tensor.Tensor{back(c, g, x)}
	}
	return n.attach(out), nil
}

func geluDeriv(x float64) float64 {
	cdf := 0.5 * (1 + math.Erf(x/math.Sqrt2))
	pdf := math.Exp(-x*x/2) / math.Sqrt(2*math.Pi)
	return cdf + x*pdf
}

// geluDeriv2 is the second derivative of the exact gelu: φ(x)·(2 - x²).
func geluDeriv2(x float64) float64 {
	return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) * (2 - x*x)
}

func geluTanhDeriv(x float64) float64 {
	const k, a = 0.7978845608028654, 0.044715 // sqrt(2/pi)
	t := math.Tanh(k * (x + a*x*x*x))
	return 0.5*(1+t) + 0.5*x*(1-t*t)*k*(1+3*a*x*x)
}

// LayerNorm normalizes x over its trailing dimensions normalizedShape and
// applies weight and bias (either may be nil). With x̂ the normalized input
// and r = 1/√(var + eps): bias gets Σg, weight Σg·x̂ (sums over the leading
// dimensions), and x gets r·(ĝ - mean(ĝ) - x̂·mean(ĝ·x̂)) with ĝ = g·weight.
func LayerNorm(x *tensor.Tensor, normalizedShape []int, weight, bias *tensor.Tensor, eps float64) (*tensor.Tensor, error) {
	out, err := tensor.LayerNorm(x, normalizedShape, weight, bias, eps)
	if err != nil || !track(out, x, weight, bias) {
		return out, err
	}
	n := newNode("NativeLayerNormBackward0", x, weight, bias)
	n.save(x, weight)
	n.recordable = true // nn_double.go
	dims := make([]int, len(normalizedShape))
	for i := range dims {
		dims[i] = x.Dim() - len(normalizedShape) + i
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return layerNormGradsRecorded(c, n, x, weight, g, dims, eps)
		}
		if d := x.DType(); !c.rec && c.err == nil && g.DType() == d && (d == tensor.Float32 || d == tensor.Float64) {
			// One pass over each row (tensor.LayerNormBackward), the
			// formulas below fused.
			r, err := tensor.LayerNormBackward(g, x, normalizedShape, weight, eps, n.needs(0), n.needs(1), n.needs(2))
			if err != nil {
				return []*tensor.Tensor{c.keep(nil, err), nil, nil}
			}
			grads := make([]*tensor.Tensor, 3)
			for i, t := range []*tensor.Tensor{r.Input, r.Weight, r.Bias} {
				if t != nil {
					grads[i] = n.toInput(c, i, t)
				}
			}
			return grads
		}
		mean := func(t *tensor.Tensor) *tensor.Tensor {
			return c.do(func() (*tensor.Tensor, error) { return tensor.Mean(t, dims, true) })
		}
		xc := c.sub(x, mean(x))
		rstd := c.div(num(1), c.sqrt(c.add(mean(c.mul(xc, xc)), num(eps))))
		xhat := c.mul(xc, rstd)
		grads := make([]*tensor.Tensor, 3)
		gh := g
		if weight != nil {
			gh = c.mul(g, weight)
		}
		if n.needs(0) {
			inner := c.sub(c.sub(gh, mean(gh)), c.mul(xhat, mean(c.mul(gh, xhat))))
			grads[0] = n.toInput(c, 0, c.mul(rstd, inner))
		}
		if n.needs(1) {
			grads[1] = n.toInput(c, 1, c.mul(g, xhat))
		}
		if n.needs(2) {
			grads[2] = n.toInput(c, 2, g)
		}
		return grads
	}
	return n.attach(out), nil
}

// Embedding returns the rows of weight picked by the int64 indices. Each
// row's gradient is the sum of g over the places that picked it, added in
// the weight's dtype in the order of the indices, as PyTorch's
// (tensor.EmbeddingDenseBackward).
func Embedding(indices, weight *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Embedding(indices, weight)
	if err != nil || !track(out, weight) {
		return out, err
	}
	n := newNode("EmbeddingBackward0", weight)
	n.save(indices)
	n.recordable = true
	rows, dtype := weight.Shape()[0], weight.DType()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{embeddingGradRecorded(c, indices, rows, c.to(g, dtype))} // nn_double.go
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) {
			g, err := g.To(dtype)
			if err != nil {
				return nil, err
			}
			return tensor.EmbeddingDenseBackward(g, indices, rows)
		})}
	}
	return n.attach(out), nil
}

// Dropout zeroes each element of x with probability p and scales the rest
// by 1/(1-p) when training. Recording it, the scaled mask is
// tensor.DropoutMask (the draws tensor.Dropout would make for x) and the
// output is x times the mask, whose gradient is g times the mask.
func Dropout(x *tensor.Tensor, p float64, training bool, g *tensor.Generator) (*tensor.Tensor, error) {
	if !IsGradEnabled() || !x.RequiresGrad() || !training || p == 0 || !(p >= 0 && p <= 1) || x.Numel() == 0 || !x.DType().IsFloating() {
		return tensor.Dropout(x, p, training, g) // its result, or its error
	}
	mask, err := tensor.DropoutMask(x.DType(), x.Shape(), p, g)
	if err != nil {
		return nil, err
	}
	out, err := tensor.Mul(x, mask)
	if err != nil {
		return nil, err
	}
	n := newNode("MulBackward0", x) // PyTorch on the CPU: input * mask, saving the mask
	n.save(mask)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.mul(g, mask)}
	}
	return n.attach(out), nil
}
