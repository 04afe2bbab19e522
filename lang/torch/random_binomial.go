package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.binomial: ATen's sample_binomial on the CPU, element by element
// in order from the generator's float64 uniforms, so that a seed gives
// PyTorch's counts: BTRS (Hörmann's transformed rejection) when
// count*min(p, 1-p) >= 10, the inversion by geometric sums below. The
// arithmetic ATen does in the tensor's dtype (float for float32) is
// rounded to float32 here too.

func defBinomial() {
	lang.NewBuiltin(lang.AsFunc, "binomial(count, prob, generator=None)", "Counts of successes in count trials of success probability prob (tensors of one floating dtype, float32 or float64, prob broadcast to count's shape), drawn as PyTorch's CPU sampler draws them for the same seed: binomial(tensor([10., 100.]), tensor([0.5, 0.3])). A count <= 0 or prob <= 0 gives 0, prob >= 1 the count, a NaN prob NaN; a NaN count gives NaN (PyTorch never returns). Its result has PyTorch's grad_fn NotImplemented: there is no derivative.", func(a *lang.Args) (lang.Value, error) {
		for i, name := range []string{"count", "prob"} {
			if _, ok := a.Value(name).(*tensor.Tensor); !ok {
				return nil, lang.Errorf(lang.TypeError, "binomial(): argument '%s' (position %d) must be Tensor, not %s", name, i+1, lang.TypeName(a.Value(name)))
			}
		}
		count, prob, g := a.Tensor("count"), a.Tensor("prob"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, warn, err := binomialSample(count, prob, g)
		if err != nil {
			return nil, err
		}
		if warn != "" {
			if err := warnUser(a, warn); err != nil {
				return nil, err
			}
		}
		return autograd.SampleNotImplemented("binomial", out, count, prob), nil
	})
}

// binomialSample draws torch.binomial(count, prob, generator=g). The
// result takes count's shape, or, as PyTorch resizes its output, the
// broadcast shape with the deprecation warning it gives then (warn).
func binomialSample(count, prob *tensor.Tensor, g *tensor.Generator) (out *tensor.Tensor, warn string, err error) {
	d := count.DType()
	if prob.DType() != d {
		return nil, "", lang.Errorf(lang.RuntimeError, "Found dtype %s but expected %s", prob.DType().ScalarTypeName(), d.ScalarTypeName())
	}
	if d != tensor.Float32 && d != tensor.Float64 {
		return nil, "", tensor.NotImplementedFor("binomial_cpu", d)
	}
	shape, err := tensor.BroadcastShapes(count.Shape(), prob.Shape())
	if e, ok := err.(*tensor.Error); ok { // ATen's TensorIterator raises RuntimeError
		e.Kind = tensor.RuntimeError
	}
	if err != nil {
		return nil, "", err
	}
	if !slices.Equal(shape, count.Shape()) {
		warn = resizeWarning(count.Shape(), shape)
	}
	if count, err = count.Expand(shape...); err != nil {
		return nil, "", err
	}
	if prob, err = prob.Expand(shape...); err != nil {
		return nil, "", err
	}
	ns, err := count.Float64s()
	if err != nil {
		return nil, "", err
	}
	ps, err := prob.Float64s()
	if err != nil {
		return nil, "", err
	}
	if g == nil {
		g = tensor.DefaultGenerator()
	}
	s := binomialSampler{g: g, f32: d == tensor.Float32}
	for i := range ns {
		ns[i] = s.draw(ns[i], ps[i])
	}
	t, err := tensor.FromValue(ns, d)
	if err != nil {
		return nil, "", err
	}
	t, err = t.Reshape(shape...)
	return t, warn, err
}

// resizeWarning is ATen's warning when it resizes a non-empty output of
// shape had to shape want.
func resizeWarning(had, want []int) string {
	return "An output with one or more elements was resized since it had shape " + sizeList(had) +
		", which does not match the required output shape " + sizeList(want) +
		". This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0)."
}

// binomialSampler is ATen's sample_binomial with scalar_t float (f32) or
// double and accscalar_t double, drawing from g.
type binomialSampler struct {
	g   *tensor.Generator
	f32 bool
}

// r rounds x to scalar_t.
func (s binomialSampler) r(x float64) float64 {
	if s.f32 {
		return float64(float32(x))
	}
	return x
}

// draw is sample_binomial(count, prob).
func (s binomialSampler) draw(count, prob float64) float64 {
	switch {
	case math.IsNaN(count):
		return math.NaN()
	case count <= 0 || prob <= 0:
		return 0
	case prob >= 1:
		return count
	case prob <= 0.5:
		if s.r(count*prob) >= 10 {
			return s.btrs(count, prob)
		}
		return s.inversion(count, prob)
	case prob > 0.5:
		q := s.r(1 - prob)
		if s.r(count*q) >= 10 {
			return s.r(count - s.btrs(count, q))
		}
		return s.r(count - s.inversion(count, q))
	}
	return math.NaN()
}

// inversion is binomial_inversion: the number of geometric variables of
// parameter prob whose sum stays within count.
func (s binomialSampler) inversion(count, prob float64) float64 {
	logprob := libm.Log1p(-prob)
	if s.f32 {
		logprob = float64(libm.Log1pf(float32(-prob)))
	}
	sum, n := 0.0, 0.0
	for {
		sum += math.Ceil(libm.Log(s.g.Float64()) / logprob)
		if sum > count {
			return n
		}
		n++
	}
}

// btrs is ATen's btrs (Hörmann 1993, with ATen's bound): count*prob >= 10,
// prob <= 0.5.
func (s binomialSampler) btrs(count, prob float64) float64 {
	r := s.r
	stddev := r(math.Sqrt(r(r(count*prob) * r(1-prob))))
	b := 1.15 + 2.53*stddev
	a := -0.0873 + 0.0248*b + 0.01*prob
	c := r(count*prob) + 0.5
	vr := 0.92 - 4.2/b
	ratio := r(prob / r(1-prob))
	alpha := (2.83 + 5.1/b) * stddev
	m := math.Floor(r(r(count+1) * prob))
	for {
		u := s.g.Float64() - 0.5
		v := s.g.Float64()
		us := 0.5 - math.Abs(u)
		k := r(math.Floor((2*a/us+b)*u + c))
		if k < 0 || k > count {
			continue
		}
		if us >= 0.07 && v <= vr {
			return k
		}
		v = libm.Log(v * alpha / (a/(us*us) + b))
		nk1 := r(count - k + 1)
		upper := (m+0.5)*libm.Log((m+1)/(ratio*(count-m+1))) +
			r(count+1)*libm.Log((count-m+1)/nk1) +
			(k+0.5)*libm.Log(ratio*nk1/r(k+1)) +
			stirlingTail(m) + stirlingTail(count-m) - stirlingTail(k) - stirlingTail(r(count-k))
		if v <= upper {
			return k
		}
	}
}

// stirlingTailValues are ATen's stirling_approx_tail for k = 0..9.
var stirlingTailValues = [10]float64{0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
	0.02079067210376509, 0.0166446911898211, 0.0138761288230707, 0.0118967099458917,
	0.0104112652619720, 0.00925546218271273, 0.00833056343336287}

// stirlingTail is ATen's stirling_approx_tail: log(k!) less Stirling's
// approximation, tabulated up to 9.
func stirlingTail(k float64) float64 {
	if k <= 9 {
		return stirlingTailValues[int(k)]
	}
	kp1sq := (k + 1) * (k + 1)
	return (1.0/12 - (1.0/360-1.0/1260/kp1sq)/kp1sq) / (k + 1)
}
