package tensor

import (
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/tensor/internal/pool"
	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// ---- softmax ----

// softmaxFunc computes softmax (or log-softmax) of the contiguous x into the
// contiguous out, both viewed as [outer, size, inner] with the reduction
// over size.
type softmaxFunc func(x, out *Tensor, outer, size, inner int, log bool) error

var softmaxKernels = computed(FloatingDTypes(ByDType[softmaxFunc]{Float32: softmaxKernel(softmaxRow32, expInPlace32), Float64: softmaxKernel(softmaxRow(expInto64), expInPlace64)}))

// Softmax returns exp(x) / sum(exp(x)) along dim, computed stably by
// subtracting the maximum along dim first. Only floating dtypes are
// accepted.
func Softmax(x *Tensor, dim int) (*Tensor, error) { return softmax("softmax", x, dim, false) }

// LogSoftmax returns log(Softmax(x, dim)), computed as x - max - log(sum(exp(x
// - max))) so that it stays finite where Softmax underflows.
func LogSoftmax(x *Tensor, dim int) (*Tensor, error) { return softmax("log_softmax", x, dim, true) }

func softmax(op string, x *Tensor, dim int, log bool) (*Tensor, error) {
	if d, err := normDim(dim, x.Dim()); err == nil {
		if err := refuseHalfKernel(softmaxHalfKernel(op, d, x.Dim()), x.dtype); err != nil {
			return nil, err
		}
	}
	if d := x.dtype; softmaxKernels.convertsIn(d) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		r, err := softmax(op, c, dim, log)
		return fromComputeIn(r, d, err)
	}
	kernel, err := softmaxKernels.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	src, out, err := contiguousWithOutput(x)
	if err != nil {
		return nil, err
	}
	size, inner := 1, 1
	if x.Dim() > 0 {
		size, inner = x.shape[d], numel(x.shape[d+1:])
	}
	outer := numel(x.shape) / max(size*inner, 1)
	if out.Numel() == 0 {
		return out, nil
	}
	if err := kernel(src, out, outer, size, inner, log); err != nil {
		return nil, err
	}
	return out, nil
}

// contiguousWithOutput returns x as a contiguous tensor and an output of
// its dtype and shape for a kernel that writes every element.
func contiguousWithOutput(x *Tensor) (src, out *Tensor, err error) {
	if src, err = x.Contiguous(); err != nil {
		return nil, nil, err
	}
	if out, err = emptyOutput(x.dtype, x.shape...); err != nil {
		return nil, nil, err
	}
	return src, out, nil
}

// softmaxColumns is how many columns one unit of work takes when softmax
// reduces over a dimension that is not the innermost.
const softmaxColumns = 256

// softmaxKernel builds the softmax kernel for T from row, which computes
// one contiguous row (see softmaxRow), and exp, which replaces each element
// of a slice by its exponential.
func softmaxKernel[T Float](row func(dst, src []T, log bool), exp func(x []T)) softmaxFunc {
	return func(x, out *Tensor, outer, size, inner int, log bool) error {
		xs := x.storage.data.([]T)[x.offset : x.offset+x.Numel()]
		os := out.storage.data.([]T)[out.offset:] // SoftmaxInto's out may start anywhere
		if inner == 1 {
			// Each row is contiguous: a few passes per row over cached data.
			return ParallelFor(outer, max(1, GrainSize/size), func(begin, end int) {
				for r := begin; r < end; r++ {
					row(os[r*size:(r+1)*size], xs[r*size:(r+1)*size], log)
				}
			})
		}
		// The reduction runs down columns: work on blocks of columns, one
		// row of the block at a time, with per-column maxima and sums.
		chunks := (inner + softmaxColumns - 1) / softmaxColumns
		return ParallelFor(outer*chunks, max(1, GrainSize/(size*softmaxColumns)), func(begin, end int) {
			mx := make([]T, softmaxColumns)
			sum := make([]float64, softmaxColumns)
			for u := begin; u < end; u++ {
				o, c0 := u/chunks, u%chunks*softmaxColumns
				w := min(softmaxColumns, inner-c0)
				base := o*size*inner + c0
				row := func(r int) ([]T, []T) {
					at := base + r*inner
					return xs[at : at+w], os[at : at+w]
				}
				m, s := mx[:w], sum[:w]
				first, _ := row(0)
				copy(m, first)
				for r := 1; r < size; r++ {
					src, _ := row(r)
					for i, v := range src {
						if v > m[i] {
							m[i] = v
						}
					}
				}
				clear(s)
				for r := range size {
					src, dst := row(r)
					for i, v := range src {
						dst[i] = v - m[i]
					}
					exp(dst)
					for i, v := range dst {
						s[i] += float64(v)
					}
				}
				// s becomes the log-sum-exp for log-softmax, 1/sum otherwise.
				for i := range s {
					if log {
						s[i] = float64(m[i]) + math.Log(s[i])
					} else {
						s[i] = 1 / s[i]
					}
				}
				for r := range size {
					src, dst := row(r)
					if log {
						for i, v := range src {
							dst[i] = T(float64(v) - s[i])
						}
						continue
					}
					for i, v := range dst {
						dst[i] = T(float64(v) * s[i])
					}
				}
			}
		})
	}
}

// softmaxRow returns the function that writes the softmax (or log-softmax)
// of the non-empty contiguous row src to dst, built on expInto: the
// maximum, a fused exp-and-sum pass, then a scaling pass.
func softmaxRow[T Float](expInto func(dst, src []T, shift float64) float64) func(dst, src []T, log bool) {
	return func(dst, src []T, log bool) {
		m := float64(rowMax(src))
		s := expInto(dst, src, m)
		if log {
			lse := m + math.Log(s)
			for i, v := range src {
				dst[i] = T(float64(v) - lse)
			}
			return
		}
		mulVS(dst, dst, T(1/s))
	}
}

// softmaxRow32 is softmaxRow for float32 with the vectorized loops of
// vecmath, which subtract the maximum in float32 (exactly near it) and
// return the sum of the exponentials in float64. A NaN anywhere makes the
// maximum, and so the whole row, NaN; so does +Inf (Inf - Inf) and a row
// of -Inf.
func softmaxRow32(dst, src []float32, log bool) {
	m := vecmath.MaxFloat32(src)
	s := vecmath.ExpSumFloat32(dst, src, m)
	if log {
		// x - m is exact near the maximum, where log_softmax is near 0.
		vecmath.Sub2Float32(dst, src, m, float32(math.Log(s)))
		return
	}
	vecmath.ScaleFloat32(dst, float32(1/s))
}

// rowMax returns the maximum of a non-empty slice, the shift of a softmax
// row. NaN elements are skipped, unless the first is NaN, which makes the
// result NaN; either way a NaN makes the whole softmax row NaN, through the
// sum.
func rowMax[T Float](x []T) T {
	m0, m1, m2, m3 := x[0], x[0], x[0], x[0]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		if v[0] > m0 {
			m0 = v[0]
		}
		if v[1] > m1 {
			m1 = v[1]
		}
		if v[2] > m2 {
			m2 = v[2]
		}
		if v[3] > m3 {
			m3 = v[3]
		}
	}
	for _, v := range x[i:] {
		if v > m0 {
			m0 = v
		}
	}
	for _, v := range []T{m1, m2, m3} {
		if v > m0 {
			m0 = v
		}
	}
	return m0
}

// expInPlace32 replaces each element of x, at most 0, by its exponential.
func expInPlace32(x []float32) { vecmath.ExpSumFloat32(x, x, 0) }

// expInPlace64 replaces each element of x by its exponential.
func expInPlace64(x []float64) { expInto64(x, x, 0) }

// expInto64 writes exp(src[i] - shift) to dst and returns their sum.
func expInto64(dst, src []float64, shift float64) float64 {
	dst = dst[:len(src)]
	var sum float64
	for i, v := range src {
		e := math.Exp(v - shift)
		dst[i] = e
		sum += e
	}
	return sum
}

// ---- losses ----

// LossOptions configures CrossEntropy and NllLoss. The zero value ignores
// class 0; start from DefaultLossOptions.
type LossOptions struct {
	// Reduction is "mean" (also when empty), "sum" or "none".
	Reduction string
	// IgnoreIndex is a target value that contributes nothing to the loss
	// and is left out of the mean's count.
	IgnoreIndex int64
}

// DefaultLossOptions returns PyTorch's defaults: mean reduction and
// ignore_index -100.
func DefaultLossOptions() LossOptions { return LossOptions{Reduction: "mean", IgnoreIndex: -100} }

// lossReduction validates a reduction name, defaulting to "mean".
func lossReduction(r string) (string, error) {
	switch r {
	case "":
		return "mean", nil
	case "mean", "sum", "none":
		return r, nil
	}
	return "", valueErrorf("%s is not a valid value for reduction", r).WithHint(`use "mean", "sum" or "none"`)
}

// nllFunc computes the negative log likelihood loss of the contiguous
// log-probabilities lp, viewed as [N, C, S], at the targets, laid out as
// [N, S]. It returns the sum of the losses and the number of targets not
// ignored, and when losses is not nil also writes each target's loss to it
// (ignored targets keep 0).
type nllFunc func(lp *Tensor, target []int64, c, s int, ignore int64, losses *Tensor) (float64, int, error)

var nllKernels = computed(FloatingDTypes(ByDType[nllFunc]{Float32: nllKernel[float32], Float64: nllKernel[float64]}))

func nllKernel[T Float](lp *Tensor, target []int64, c, s int, ignore int64, losses *Tensor) (float64, int, error) {
	x := lp.storage.data.([]T)[lp.offset:]
	var out []T
	if losses != nil {
		out = losses.storage.data.([]T)
	}
	var sum float64
	count := 0
	for i, t := range target {
		if t == ignore {
			continue
		}
		if t < 0 || t >= int64(c) {
			return 0, 0, indexErrorf("Target %d is out of bounds.", t).WithHint("class indices must lie in [0, %d)", c)
		}
		loss := -float64(x[i/s*c*s+int(t)*s+i%s])
		if out != nil {
			out[i] = T(loss)
		}
		sum += loss
		count++
	}
	return sum, count, nil
}

// NllLoss returns the negative log likelihood loss of log-probabilities
// logProbs of shape [C], [N, C] or [N, C, d1, ...] at the class indices
// target (int64, of shape [], [N] or [N, d1, ...]), as torch.nn.functional.
// nll_loss: -logProbs[n, target[n], ...] reduced by opt.Reduction. The mean
// is over targets not equal to opt.IgnoreIndex (NaN when all are ignored).
func NllLoss(logProbs, target *Tensor, opt LossOptions) (*Tensor, error) {
	if err := RefuseHalf("nll_loss_out_frame", logProbs); err != nil {
		return nil, err
	}
	return nllLoss("nll_loss", logProbs, target, opt)
}

// CrossEntropy returns the cross-entropy loss of unnormalized logits at the
// class indices target: NllLoss(LogSoftmax(logits, classDim), target),
// where the class dimension is 0 for 1-D logits and 1 otherwise.
func CrossEntropy(logits, target *Tensor, opt LossOptions) (*Tensor, error) {
	if logits.Dim() > 0 { // PyTorch's float16 error is its log_softmax's
		if err := refuseHalfKernel(softmaxHalfKernel("log_softmax", min(1, logits.Dim()-1), logits.Dim()), logits.dtype); err != nil {
			return nil, err
		}
	}
	if _, err := nllKernels.Select("cross_entropy", logits.dtype); err != nil {
		return nil, err
	}
	if err := checkNllShapes(logits, target); err != nil {
		return nil, err
	}
	lp, err := LogSoftmax(logits, min(1, logits.Dim()-1))
	if err != nil {
		return nil, err
	}
	return nllLoss("cross_entropy", lp, target, opt)
}

// checkNllShapes checks the shapes and target dtype of a classification
// loss, with PyTorch's messages.
func checkNllShapes(input, target *Tensor) error {
	if target.dtype != Int64 {
		return typeErrorf("expected target of dtype int64 (class indices), got %s", target.dtype).
			WithHint("convert the target with .to(int64)")
	}
	switch {
	case input.Dim() == 0:
		return valueErrorf("Expected 1 or more dimensions for the input (got 0)")
	case input.Dim() == 1:
		if target.Dim() != 0 {
			return runtimeErrorf("Expected a 0-d target for 1-D input of shape %s, got target of shape %s",
				FormatShape(input.shape), FormatShape(target.shape))
		}
	case target.Dim() == 0 || target.shape[0] != input.shape[0]:
		n := 1
		if target.Dim() > 0 {
			n = target.shape[0]
		}
		return valueErrorf("Expected input batch_size (%d) to match target batch_size (%d).", input.shape[0], n)
	default:
		want := slices.Delete(input.Shape(), 1, 2)
		if !slices.Equal(want, target.shape) {
			return Errorf(RuntimeError, "Expected target size %s, got %s", FormatShape(want), FormatShape(target.shape))
		}
	}
	return nil
}

func nllLoss(op string, input, target *Tensor, opt LossOptions) (*Tensor, error) {
	if d := input.dtype; nllKernels.convertsIn(d) {
		c, err := toComputeIn(input)
		if err != nil {
			return nil, err
		}
		r, err := nllLoss(op, c, target, opt)
		return fromComputeIn(r, d, err)
	}
	kernel, err := nllKernels.Select(op, input.dtype)
	if err != nil {
		return nil, err
	}
	red, err := lossReduction(opt.Reduction)
	if err != nil {
		return nil, err
	}
	if err := checkNllShapes(input, target); err != nil {
		return nil, err
	}
	lp, err := input.Contiguous()
	if err != nil {
		return nil, err
	}
	tgt, err := Values[int64](target)
	if err != nil {
		return nil, err
	}
	c := input.shape[min(1, input.Dim()-1)]
	s := numel(input.shape[min(2, input.Dim()):])
	var losses *Tensor
	if red == "none" {
		if losses, err = Empty(input.dtype, target.shape...); err != nil {
			return nil, err
		}
	}
	sum, count, err := kernel(lp, tgt, c, s, opt.IgnoreIndex, losses)
	switch {
	case err != nil:
		return nil, err
	case red == "none":
		return losses, nil
	case red == "mean":
		sum /= float64(count)
	}
	return Full(sum, input.dtype)
}

// MseLoss returns the mean squared error between input and target, which
// broadcast together, reduced by reduction ("mean", "sum" or "none").
// Operands promote like element-wise operations; the result must be
// floating.
func MseLoss(input, target *Tensor, reduction string) (*Tensor, error) {
	red, err := lossReduction(reduction)
	if err != nil {
		return nil, err
	}
	d := ResultType(input, target)
	if mseKernels.convertsIn(d) {
		if input, err = input.To(d.ComputeIn()); err == nil {
			target, err = target.To(d.ComputeIn())
		}
		if err != nil {
			return nil, err
		}
		r, err := MseLoss(input, target, reduction)
		return fromComputeIn(r, d, err)
	}
	kernel, err := mseKernels.Select("mse_loss", d)
	if err != nil {
		return nil, err
	}
	if input, err = input.To(d); err != nil {
		return nil, err
	}
	if target, err = target.To(d); err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{OutDType: d, Inputs: []*Tensor{input, target}})
	if err != nil {
		return nil, err
	}
	sum, err := kernel(it)
	switch {
	case err != nil:
		return nil, err
	case red == "none":
		return it.Output(), nil
	case red == "mean":
		sum /= float64(it.numel)
	}
	return Full(sum, d)
}

// mseFunc writes the squared differences of the iterator's inputs to its
// output, which is dense, and returns their sum.
type mseFunc func(it *Iter) (float64, error)

var mseKernels = computed(FloatingDTypes(ByDType[mseFunc]{Float32: mseKernel[float32], Float64: mseKernel[float64]}))

func mseKernel[T Float](it *Iter) (float64, error) {
	if err := runBinary(it, func(a, b T) T { return (a - b) * (a - b) }, nil); err != nil {
		return 0, err
	}
	out := it.Output()
	return sumFloat64(out.storage.data.([]T)[out.offset : out.offset+out.Numel()]), nil
}

// sumFloat64 adds x up in float64, with four accumulators.
func sumFloat64[T Float](x []T) float64 {
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		s0 += float64(v[0])
		s1 += float64(v[1])
		s2 += float64(v[2])
		s3 += float64(v[3])
	}
	for _, v := range x[i:] {
		s0 += float64(v)
	}
	return s0 + s1 + s2 + s3
}

// ---- activations ----

// The activation functions, computed in float64 per element, except GELU
// for float32, which computes as PyTorch's vectorized float32 kernels do,
// its erf by PyTorch's formula (vecmath.GeluErfFloat32 and
// GeluTanhFloat32).
var (
	geluSpec = newUnary(&UnarySpec{Name: "gelu", dtypes: keepDType,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.GeluErfFloat32), Float64: mapLoop(geluErf)})})
	geluTanhSpec = newUnary(&UnarySpec{Name: "gelu", dtypes: keepDType,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.GeluTanhFloat32), Float64: mapLoop(geluTanh)})})
	siluSpec = newUnary(&UnarySpec{Name: "silu", dtypes: keepDType,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(SiluFloat32), Float64: mapLoop(silu)})})
)

// MapActivation applies the element-wise function f, computed in float64
// per element, to a floating-point tensor, keeping its dtype: the
// activations of torch.nn that are a formula of one element (elu,
// softplus, hardswish, ...). name is the kernel's name in PyTorch's error
// for other dtypes: "leaky_relu_cpu" not implemented for 'Long'. As in
// PyTorch 1.13's CPU, float16 is refused (under the kernel names of
// activationHalfKernels) and bfloat16 computes in float32, rounded once,
// except mish, which has no bfloat16 kernel.
func MapActivation(name string, x *Tensor, f func(float64) float64) (*Tensor, error) {
	return MapActivationWith(name, x, f, nil)
}

// MapActivationWith is MapActivation with f32, f's float32 form over a
// slice (dst[i] = f(src[i])) computed in float32 as PyTorch's float32
// kernel computes it (leaky_relu's x·slope with the slope rounded to
// float32, for one), used for float32 and bfloat16 in place of f rounded
// from float64. f32 may be nil.
func MapActivationWith(name string, x *Tensor, f func(float64) float64, f32 func(dst, src []float32)) (*Tensor, error) {
	if !x.dtype.IsFloating() || x.dtype == BFloat16 && name == "mish" {
		return nil, Errorf(RuntimeError, "%q not implemented for '%s'", name+"_cpu", x.dtype.ScalarTypeName())
	}
	if x.dtype == Float16 {
		kernel, ok := activationHalfKernels[name]
		if !ok {
			kernel = name + "_cpu"
		}
		return nil, refuseHalfKernel(kernel, Float16)
	}
	if x.dtype == BFloat16 {
		c, err := x.To(Float32)
		if err != nil {
			return nil, err
		}
		r, err := MapActivationWith(name, c, f, f32)
		if err != nil {
			return nil, err
		}
		return r.To(BFloat16)
	}
	c, err := x.Contiguous()
	if err != nil {
		return nil, err
	}
	var out *Tensor
	switch {
	case x.dtype == Float32 && f32 != nil:
		out, err = mapSlice(c, f32)
	case x.dtype == Float32:
		out, err = mapValues(c, viaFloat64[float32](f))
	default:
		out, err = mapValues(c, f)
	}
	if err != nil {
		return nil, err
	}
	return out.Reshape(x.shape...)
}

// mapSlice applies f, a loop over a slice, to the elements of the
// contiguous c, into a new one-dimensional tensor of its dtype; large
// slices are cut among the threads (parallelSlice).
func mapSlice[T Float](c *Tensor, f func(dst, src []T)) (*Tensor, error) {
	vals, err := contiguousValues[T](c)
	if err != nil {
		return nil, err
	}
	t, err := emptyOutput(c.dtype, len(vals))
	if err != nil {
		return nil, err
	}
	out := t.storage.data.([]T)[:len(vals)]
	if err := parallelSlice(len(vals), func(b, e int) { f(out[b:e], vals[b:e]) }); err != nil {
		return nil, err
	}
	return t, nil
}

// mapValues applies f to each element of the contiguous c, into a new
// one-dimensional tensor of its dtype.
func mapValues[T Float](c *Tensor, f func(T) T) (*Tensor, error) {
	vals, err := contiguousValues[T](c)
	if err != nil {
		return nil, err
	}
	t, err := emptyOutput(c.dtype, len(vals))
	if err != nil {
		return nil, err
	}
	out := t.storage.data.([]T)[:len(vals)]
	for i, v := range vals {
		out[i] = f(v)
	}
	return t, nil
}

// contiguousValues returns the elements of the contiguous c in its own
// storage, without Values's copy: the caller only reads them.
func contiguousValues[T Element](c *Tensor) ([]T, error) {
	d, err := Data[T](c)
	if err != nil {
		return nil, err
	}
	return d[c.offset : c.offset+c.Numel()], nil
}

// MapGrad returns g·deriv(x), element-wise, for g and x of one shape and
// one dtype, float32 or float64: the backward of a MapActivation function
// whose derivative is deriv. Each derivative is computed in float64 and
// rounded to the dtype before the product, so the result is that of
// mapping deriv over x and multiplying by g, in one pass without the two
// intermediate tensors.
func MapGrad(g, x *Tensor, deriv func(float64) float64) (*Tensor, error) {
	if g.dtype != x.dtype || !slices.Equal(g.shape, x.shape) {
		return nil, Errorf(RuntimeError, "MapGrad: gradient %s %s and input %s %s differ",
			g.dtype, FormatShape(g.shape), x.dtype, FormatShape(x.shape))
	}
	if kernel, ok := mapGradKernels[x.dtype]; ok {
		return kernel(g, x, deriv)
	}
	return nil, Errorf(RuntimeError, "MapGrad: %s is neither float32 nor float64", x.dtype)
}

// mapGradKernels are MapGrad's loops by dtype.
var mapGradKernels = map[DType]func(g, x *Tensor, deriv func(float64) float64) (*Tensor, error){
	Float32: mapGrad[float32],
	Float64: mapGrad[float64],
}

func mapGrad[T Float](g, x *Tensor, deriv func(float64) float64) (*Tensor, error) {
	return gradLoop(g, x, func(out, gv, xv []T) {
		for i, v := range xv {
			out[i] = gv[i] * T(deriv(float64(v)))
		}
	})
}

// gradLoop returns a new tensor of x's shape whose contiguous elements
// loop sets from those of g and x (of that shape and dtype T), large
// tensors cut among the threads (parallelSlice).
func gradLoop[T Float](g, x *Tensor, loop func(out, g, x []T)) (*Tensor, error) {
	gc, err := g.Contiguous()
	if err != nil {
		return nil, err
	}
	xc, err := x.Contiguous()
	if err != nil {
		return nil, err
	}
	gv, err := contiguousValues[T](gc)
	if err != nil {
		return nil, err
	}
	xv, err := contiguousValues[T](xc)
	if err != nil {
		return nil, err
	}
	t, err := emptyOutput(x.dtype, x.shape...)
	if err != nil {
		return nil, err
	}
	out := t.storage.data.([]T)[:len(xv)]
	if err := parallelSlice(len(xv), func(b, e int) { loop(out[b:e], gv[b:e], xv[b:e]) }); err != nil {
		return nil, err
	}
	return t, nil
}

// MapGradFloat32 returns an activation's gradient g·f'(x) computed in
// float32 as PyTorch's float32 backward kernel computes it, for float32 g
// and x of one shape: grad(dst, g, x) sets it element by element. ok is
// false for other dtypes or shapes, which the caller handles with MapGrad.
func MapGradFloat32(g, x *Tensor, grad func(dst, g, x []float32)) (t *Tensor, ok bool, err error) {
	if x.dtype != Float32 || g.dtype != Float32 || !slices.Equal(g.shape, x.shape) {
		return nil, false, nil
	}
	t, err = gradLoop(g, x, grad)
	return t, true, err
}

// MapGradFloat32InPlace is MapGradFloat32 written into g instead of a new
// tensor: for float32 g and x of one shape, g contiguous and sharing no
// memory with x, it sets g to grad(g, g, x) and returns g. grad must allow
// dst to be g (an element-wise kernel that reads each element before
// writing it). ok is false, with g untouched, for the other cases, which
// the caller handles with MapGradFloat32. Only a caller that holds g alone
// may use it: autograd's incoming gradient that dies with its node, as
// PyTorch's engine lets an in-place backward reuse a gradient buffer.
func MapGradFloat32InPlace(g, x *Tensor, grad func(dst, g, x []float32)) (t *Tensor, ok bool, err error) {
	if x.dtype != Float32 || g.dtype != Float32 || !slices.Equal(g.shape, x.shape) || !g.IsContiguous() || g.SharesMemory(x) {
		return nil, false, nil
	}
	xc, err := x.Contiguous()
	if err != nil {
		return nil, true, err
	}
	gv, err := contiguousValues[float32](g)
	if err != nil {
		return nil, true, err
	}
	xv, err := contiguousValues[float32](xc)
	if err != nil {
		return nil, true, err
	}
	if err := parallelSlice(len(xv), func(b, e int) { grad(gv[b:e], gv[b:e], xv[b:e]) }); err != nil {
		return nil, true, err
	}
	return g, true, nil
}

// TanhGradFloat32 sets dst[i] to g[i]·(1 - y[i]·y[i]), tanh's backward
// from its output, as PyTorch's float32 tanh_backward
// (vecmath.TanhGradFloat32).
func TanhGradFloat32(dst, g, y []float32) { vecmath.TanhGradFloat32(dst, g, y) }

// LeakyReLUFloat32 sets dst[i] to src[i] where it is above zero, else to
// src[i]·slope, as PyTorch's float32 leaky_relu, without a branch per
// element (vecmath.LeakyReLUFloat32).
func LeakyReLUFloat32(dst, src []float32, slope float32) { vecmath.LeakyReLUFloat32(dst, src, slope) }

// AdamFloat32 is one Adam (or AdamW, after its weight decay) step on
// float32 slices: m = m·β1 + g·(1−β1), v = v·β2 + g·g·(1−β2), and
// p += (m·(−stepSize)) / (√v/bc2Sqrt + eps), each operation rounded to
// float32 in that order, as PyTorch's single-tensor Adam does with
// tensor operations, and the scalars rounded to float32 as those take
// them (1−β computed in float64 first). In vector registers where the CPU
// has them (vecmath.AdamFloat32), with the same bits as a scalar loop.
// A parameter of more than adamGrain elements is split across the
// threads (NumThreads) in ranges starting at multiples of vectorBlock,
// element by element the same bits: dcgan's fourth convolution, 131,072
// weights, was the step's largest serial pass (issue 34). The update is
// never stopped part way by an interrupt.
func AdamFloat32(p, g, m, v []float32, b1, b2, stepSize, bc2Sqrt, eps float64) {
	ap := vecmath.AdamParams{
		Beta1: float32(b1), OneMinusBeta1: float32(1 - b1),
		Beta2: float32(b2), OneMinusBeta2: float32(1 - b2),
		BiasCorrection2Sqrt: float32(bc2Sqrt), Eps: float32(eps), NegStepSize: float32(-stepSize),
	}
	n := len(p)
	workers := min(NumThreads(), (n+adamGrain-1)/adamGrain)
	if workers < 2 {
		vecmath.AdamFloat32(p, g, m, v, ap)
		return
	}
	per := (n + workers - 1) / workers
	per = (per + vectorBlock - 1) / vectorBlock * vectorBlock
	pool.Run(workers, func(w int) {
		if b, e := w*per, min((w+1)*per, n); b < e {
			vecmath.AdamFloat32(p[b:e], g[b:e], m[b:e], v[b:e], ap)
		}
	})
}

// adamGrain is the least number of elements an Adam update gives a
// thread: a quarter of GrainSize, for the update reads four streams and
// writes three, some seven of PyTorch's element-wise passes at its grain.
const adamGrain = GrainSize / 4

// LeakyReLUGradFloat32 sets dst[i] to g[i] where x[i] is above zero, else
// to g[i]·slope: leaky_relu's backward, as PyTorch's float32 kernel.
func LeakyReLUGradFloat32(dst, g, x []float32, slope float32) {
	vecmath.LeakyReLUGradFloat32(dst, g, x, slope)
}

// GeluErfGrad returns g·(Φ(x) + x·φ(x)), the backward of the exact form of
// Gelu, for float32 g and x of one shape, computed as PyTorch's vectorized
// gelu_backward computes it (vecmath.GeluErfGradFloat32). ok is false for
// other dtypes or shapes, which the caller handles with MapGrad.
func GeluErfGrad(g, x *Tensor) (t *Tensor, ok bool, err error) {
	if x.dtype != Float32 || g.dtype != Float32 || !slices.Equal(g.shape, x.shape) {
		return nil, false, nil
	}
	t, err = gradLoop(g, x, vecmath.GeluErfGradFloat32)
	return t, true, err
}

// viaFloat64 lifts a float64 function to T, computing in float64.
func viaFloat64[T Float](f func(float64) float64) func(T) T {
	return func(x T) T { return T(f(float64(x))) }
}

func geluErf(x float64) float64 { return 0.5 * x * (1 + math.Erf(x/math.Sqrt2)) }

func geluTanh(x float64) float64 {
	const c = 0.7978845608028654 // sqrt(2/pi)
	return 0.5 * x * (1 + math.Tanh(c*(x+0.044715*x*x*x)))
}

func silu(x float64) float64 { return x / (1 + math.Exp(-x)) }

// Gelu returns the Gaussian error linear unit x·Φ(x). approximate is "none"
// (or empty) for the exact form with erf, or "tanh" for 0.5·x·(1 +
// tanh(sqrt(2/π)·(x + 0.044715·x³))), the form GPT-2 uses.
func Gelu(x *Tensor, approximate string) (*Tensor, error) {
	switch approximate {
	case "", "none":
		return geluSpec.Apply(x)
	case "tanh":
		return geluTanhSpec.Apply(x)
	}
	return nil, runtimeErrorf("approximate argument must be either none or tanh, got %q", approximate)
}

// Silu returns x·sigmoid(x), also called swish.
func Silu(x *Tensor) (*Tensor, error) { return siluSpec.Apply(x) }

// ---- layers ----

// layerNormFunc normalizes each of rows contiguous rows of length n of x
// into out, then scales by w and shifts by b when they are not nil.
type layerNormFunc func(x, w, b, out *Tensor, rows, n int, eps float64) error

var layerNormKernels = computed(FloatingDTypes(ByDType[layerNormFunc]{Float32: layerNormKernel[float32], Float64: layerNormKernel[float64]}))

func layerNormKernel[T Float](x, w, b, out *Tensor, rows, n int, eps float64) error {
	return normRows[T](out, x, nil, w, b, rows, n, eps, nil)
}

// normRows normalizes each of rows contiguous rows of n elements of h into
// out (layerNormMoments, then normalizeRow), both read from their offsets;
// when a is not nil, each row of h first gains a's row in place (add, each
// sum rounded once): AddLayerNormInto's residual add.
func normRows[T Float](out, h, a, w, b *Tensor, rows, n int, eps float64, add func(o, x, y []T)) error {
	hs, os := h.storage.data.([]T)[h.offset:], out.storage.data.([]T)[out.offset:]
	var as, ws, bs []T
	if a != nil {
		as = a.storage.data.([]T)[a.offset:]
	}
	if w != nil {
		ws = w.storage.data.([]T)[w.offset : w.offset+n]
	}
	if b != nil {
		bs = b.storage.data.([]T)[b.offset : b.offset+n]
	}
	return ParallelFor(rows, max(1, GrainSize/n), func(begin, end int) {
		for r := begin; r < end; r++ {
			row := hs[r*n : (r+1)*n]
			if as != nil {
				add(row, row, as[r*n:(r+1)*n])
			}
			mean, rstd := layerNormMoments(row, eps)
			normalizeRow(os[r*n:(r+1)*n], row, ws, bs, mean, rstd)
		}
	})
}

// normalizeRow writes ((x − mean)·rstd)·w + b for each element x of src
// into dst, in float64 rounded once to T, without w or b where they are
// nil. Each case is its own loop, so that the loops carry no test and no
// bounds check; float32 with both goes to vecmath's vector kernel.
func normalizeRow[T Float](dst, src, ws, bs []T, mean, rstd float64) {
	dst = dst[:len(src)]
	switch d32, ok := any(dst).([]float32); {
	case ok && ws != nil && bs != nil:
		vecmath.LayerNormAffineFloat32(d32, any(src).([]float32), any(ws).([]float32), any(bs).([]float32), mean, rstd)
	case ws != nil && bs != nil:
		ws, bs = ws[:len(src)], bs[:len(src)]
		for i, v := range src {
			y := (float64(v) - mean) * rstd
			y *= float64(ws[i])
			dst[i] = T(y + float64(bs[i]))
		}
	case ws != nil:
		ws = ws[:len(src)]
		for i, v := range src {
			y := (float64(v) - mean) * rstd
			dst[i] = T(y * float64(ws[i]))
		}
	case bs != nil:
		bs = bs[:len(src)]
		for i, v := range src {
			y := (float64(v) - mean) * rstd
			dst[i] = T(y + float64(bs[i]))
		}
	default:
		for i, v := range src {
			dst[i] = T((float64(v) - mean) * rstd)
		}
	}
}

// LayerNorm normalizes x over its trailing dimensions normalizedShape to
// zero mean and unit (biased) variance, y = (x - mean) / sqrt(var + eps),
// then computes y·weight + bias. weight and bias, of shape normalizedShape,
// may be nil; they are converted to x's dtype.
func LayerNorm(x *Tensor, normalizedShape []int, weight, bias *Tensor, eps float64) (*Tensor, error) {
	if err := RefuseHalf("LayerNormKernelImpl", x); err != nil {
		return nil, err
	}
	if d := x.dtype; layerNormKernels.convertsIn(d) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		r, err := LayerNorm(c, normalizedShape, weight, bias, eps)
		return fromComputeIn(r, d, err)
	}
	kernel, err := layerNormKernels.Select("layer_norm", x.dtype)
	if err != nil {
		return nil, err
	}
	if len(normalizedShape) == 0 {
		return nil, runtimeErrorf("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []")
	}
	lead := x.Dim() - len(normalizedShape)
	if lead < 0 || !slices.Equal(x.shape[lead:], normalizedShape) {
		ns := FormatShape(normalizedShape)
		return nil, Errorf(RuntimeError, "Given normalized_shape=%s, expected input with shape [*, %s], but got input of size%s",
			ns, strings.Trim(ns, "[]"), FormatShape(x.shape))
	}
	params := []*Tensor{weight, bias}
	for i, p := range params {
		if p == nil {
			continue
		}
		if !slices.Equal(p.shape, normalizedShape) {
			return nil, Errorf(RuntimeError, "Expected %s to be of same shape as normalized_shape, but got %s of shape %s and normalized_shape = %s",
				[]string{"weight", "bias"}[i], []string{"weight", "bias"}[i], FormatShape(p.shape), FormatShape(normalizedShape))
		}
		if p, err = p.To(x.dtype); err != nil {
			return nil, err
		}
		if params[i], err = p.Contiguous(); err != nil {
			return nil, err
		}
	}
	src, out, err := contiguousWithOutput(x)
	if err != nil {
		return nil, err
	}
	n := numel(normalizedShape)
	if out.Numel() == 0 {
		return out, nil
	}
	if err := kernel(src, params[0], params[1], out, out.Numel()/n, n, eps); err != nil {
		return nil, err
	}
	return out, nil
}

// Linear returns x·weightᵀ + bias, as torch.nn.functional.linear: x is
// [..., in], weight [out, in] and bias, which may be nil, broadcasts to
// [..., out]. The transposed weight is a view; no copy is made.
func Linear(x, weight, bias *Tensor) (*Tensor, error) {
	return LinearPacked(x, weight, nil, bias)
}

// LinearPacked is Linear with weightT, when not nil, the PackMatrix of
// weight.T(): a layer that applies one weight to many inputs in turn (a
// recurrent layer's steps) packs it once for all of them. The values are
// Linear's bit for bit (MatmulPacked).
func LinearPacked(x, weight *Tensor, weightT *PackedMatrix, bias *Tensor) (*Tensor, error) {
	if err := CheckLinear(x, weight, bias); err != nil {
		return nil, err
	}
	var y *Tensor
	var err error
	packed := weightT != nil && x.Dim() == 2 && weightT.isTransposeOf(weight)
	if !packed {
		weightT = nil
	}
	if y, err = linearBiasFirst(x, weight, weightT, bias); y != nil || err != nil {
		return y, err
	} else if packed {
		y, err = MatmulPacked(x, weightT)
	} else {
		y, err = Matmul(x, weight.T())
	}
	if err != nil || bias == nil {
		return y, err
	}
	if done, err := addBiasRows(y, bias); err != nil {
		return nil, err
	} else if done {
		return y, nil
	}
	if shape, err := BroadcastShapes(y.shape, bias.shape); err == nil && slices.Equal(shape, y.shape) && ResultType(y, bias) == y.dtype {
		// y is new: add the bias in place instead of allocating again.
		if err := AddSpec.ApplyInPlace(y, bias); err != nil {
			return nil, err
		}
		return y, nil
	}
	if bias.dtype != y.dtype {
		// PyTorch adds the bias in place (add_): y keeps its dtype.
		if bias, err = bias.To(y.dtype); err != nil {
			return nil, err
		}
	}
	return Add(y, bias)
}

// LinearAddmm reports whether at::linear computes input @ weight.T + bias
// with one addmm (a 2-D input, or a contiguous 3-D one seen as 2-D, with a
// bias), whose checks then apply, rather than matmul and an added bias.
func LinearAddmm(x, bias *Tensor) bool {
	return bias != nil && (x.Dim() == 2 || x.Dim() == 3 && x.IsContiguous())
}

// CheckLinear returns PyTorch 1.13's error for linear's arguments, in its
// order: weight.t() needs at most 2 dimensions; the addmm form (see
// LinearAddmm) needs bias, input and weight of one dtype, a matrix weight,
// matching inner sizes and a bias that expands to the output; matmul
// needs input and weight of one dtype (its shape errors are Matmul's).
func CheckLinear(x, weight, bias *Tensor) error {
	if weight.Dim() > 2 {
		return Errorf(RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD", weight.Dim())
	}
	if !LinearAddmm(x, bias) {
		if x.Dim() >= 1 && weight.Dim() >= 1 && x.dtype != weight.dtype {
			return Errorf(RuntimeError, "expected scalar type %s but found %s", x.dtype.ScalarTypeName(), weight.dtype.ScalarTypeName())
		}
		return nil
	}
	if bias.dtype != weight.dtype {
		return Errorf(RuntimeError, "self and mat2 must have the same dtype")
	}
	if x.dtype != weight.dtype {
		return Errorf(RuntimeError, "mat1 and mat2 must have the same dtype")
	}
	if weight.Dim() != 2 {
		return Errorf(RuntimeError, "mat2 must be a matrix, got %d-D tensor", weight.Dim())
	}
	rows, k := 1, x.shape[x.Dim()-1]
	for _, s := range x.shape[:x.Dim()-1] {
		rows *= s
	}
	out, in := weight.shape[0], weight.shape[1]
	if k != in {
		return Errorf(RuntimeError, "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", rows, k, in, out)
	}
	if bias.Dim() > 2 {
		return Errorf(RuntimeError, "expand(torch.%sTensor{%s}, size=[%d, %d]): the number of sizes provided (2) must be greater or equal to the number of dimensions in the tensor (%d)", bias.dtype.ScalarTypeName(), FormatShape(bias.shape), rows, out, bias.Dim())
	}
	_, err := bias.Expand(rows, out)
	return err
}

// linearBiasMaxK is the largest inner size for which linearBiasFirst
// writes the bias before the product: up to the micro-kernels' smallest
// block along K (KC, 256), gemm.MulAdd adds the product's tiles to C as
// it stores them; past it, MulAdd would compute the product aside and
// add it in a pass of its own, which is addBiasRows' cost again.
const linearBiasMaxK = 256

// linearBiasFirst returns Linear(x, weight, bias) for a float32 or
// float64 x (a matrix, or a contiguous stack of rows) of weight's dtype
// with a [out] contiguous bias of that dtype, at least two rows and two
// outputs and an inner size up to linearBiasMaxK, computed as addmm does
// (beta·C with C the bias): the output's rows are set to the bias and the
// product is added to them as the kernels store their tiles
// (MatmulAddInPlace), so the output is written once instead of being
// stored by the product and then read and written again by addBiasRows.
// Each element is bias + product, rounded once: addBiasRows' product +
// bias bit for bit. With weightT, the current PackMatrix of weight.T()
// (a recurrent layer's step), the product reads its packed panels
// (MatmulPacked's, added by gemm.MulPackedAdd). It returns nil and no
// error for other operands, which Linear computes as before.
func linearBiasFirst(x, weight *Tensor, weightT *PackedMatrix, bias *Tensor) (*Tensor, error) {
	d := x.dtype
	if bias == nil || (d != Float32 && d != Float64) || weight.dtype != d || bias.dtype != d || weight.Dim() != 2 || bias.Dim() != 1 {
		return nil, nil
	}
	if x.Dim() < 2 || x.Dim() > 2 && !x.IsContiguous() {
		return nil, nil
	}
	out, k := weight.shape[0], weight.shape[1]
	rows := x.Numel() / max(k, 1)
	if x.shape[x.Dim()-1] != k || bias.shape[0] != out || bias.strides[0] != 1 || k < 1 || k > linearBiasMaxK || rows < 2 || out < 2 {
		return nil, nil
	}
	x2 := x
	if x.Dim() > 2 {
		x2 = x.view([]int{rows, k}, []int{k, 1}, x.offset)
	}
	shape := append(slices.Clone(x.shape[:x.Dim()-1]), out)
	y, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	y2 := y.view([]int{rows, out}, []int{out, 1}, y.offset)
	if d == Float32 {
		fillRows(y2.storage.data.([]float32)[y2.offset:y2.offset+rows*out], bias.storage.data.([]float32)[bias.offset:bias.offset+out])
	} else {
		fillRows(y2.storage.data.([]float64)[y2.offset:y2.offset+rows*out], bias.storage.data.([]float64)[bias.offset:bias.offset+out])
	}
	var done bool
	if weightT != nil && x.Dim() == 2 && weightT.current() {
		done, err = matmulPackedAddInPlace(y2, x2, weightT)
	} else {
		done, err = MatmulAddInPlace(y2, x2, weight.T())
	}
	if err != nil {
		return nil, err
	}
	if !done {
		// MatmulAddInPlace took none of these shapes; compute as before.
		return nil, nil
	}
	return y, nil
}

// fillRows copies b into each len(b) elements of y.
func fillRows[T float32 | float64](y, b []T) {
	for i := 0; i+len(b) <= len(y); i += len(b) {
		copy(y[i:i+len(b)], b)
	}
}

// addBiasRows adds bias, a [n] tensor, to each row of y, a contiguous
// [..., n] tensor of the same dtype, float32 or float64, that bias does not
// overlap, in place, and reports whether it did: each element y + b rounded once, as
// AddSpec's kernel, without the broadcast iterator that costs more than
// the additions for a layer's few outputs. Other shapes and dtypes are
// left to AddSpec. The error is ParallelFor's (an interrupt).
func addBiasRows(y, bias *Tensor) (bool, error) {
	if y.dtype != bias.dtype || bias.Dim() != 1 || y.Dim() == 0 || !y.IsContiguous() {
		return false, nil
	}
	n := bias.shape[0]
	if n == 0 || y.shape[len(y.shape)-1] != n || n > 1 && bias.strides[0] != 1 {
		return false, nil
	}
	if ys, ok := y.storage.data.([]float32); ok && y.dtype == Float32 {
		return true, addRows(ys[y.offset:y.offset+y.Numel()], bias.storage.data.([]float32)[bias.offset:bias.offset+n], vecmath.AddVV)
	}
	if ys, ok := y.storage.data.([]float64); ok && y.dtype == Float64 {
		return true, addRows(ys[y.offset:y.offset+y.Numel()], bias.storage.data.([]float64)[bias.offset:bias.offset+n], vecmath.AddFloat64)
	}
	return false, nil // AddSpec's kernels add the other dtypes
}

// addRows adds b to each len(b) elements of y with add (o = a + b, each
// sum rounded once, in vector registers), the rows shared among the
// threads by GrainSize elements as AddSpec's kernel shares them: each
// element's sum is the same whatever the split, so the bits are the
// one-thread loop's.
func addRows[T float32 | float64](y, b []T, add func(o, a, b []T)) error {
	n := len(b)
	return ParallelFor(len(y)/n, max(1, GrainSize/n), func(begin, end int) {
		for i := begin; i < end; i++ {
			row := y[i*n : (i+1)*n]
			add(row, row, b)
		}
	})
}

// Embedding returns the rows of weight ([num_embeddings, dim]) picked by
// the int64 indices: the result has shape indices.shape + [dim] and
// weight's dtype. An index outside [0, num_embeddings) is an IndexError.
func Embedding(indices, weight *Tensor) (*Tensor, error) {
	if indices.dtype != Int64 {
		return nil, typeErrorf("embedding(): expected indices of dtype int64, got %s", indices.dtype).
			WithHint("convert the indices with .to(int64)")
	}
	if weight.Dim() != 2 {
		return nil, Errorf(RuntimeError, "'weight' must be 2-D, got shape %s", FormatShape(weight.shape))
	}
	idx, err := int64Elems(indices)
	if err != nil {
		return nil, err
	}
	rows := weight.shape[0]
	for _, i := range idx {
		if i < 0 || i >= int64(rows) {
			return nil, indexErrorf("index out of range in self").
				WithHint("index %d is not in [0, %d), the number of embeddings", i, rows)
		}
	}
	if weight.strides[1] != 1 && weight.shape[1] > 1 {
		return takeAlong(weight, 0, indices.shape, idx)
	}
	out, err := emptyOutput(weight.dtype, append(slices.Clone(indices.shape), weight.shape[1])...)
	if err != nil || out.Numel() == 0 {
		return out, err
	}
	kernel, err := embeddingRowKernels.Select("embedding", weight.dtype)
	if err != nil {
		return nil, err
	}
	kernel(out, weight, idx)
	return out, nil
}

// Dropout zeroes each element of x with probability p and scales the others
// by 1/(1-p), drawing from g (the default generator when nil) the mask
// PyTorch's dropout draws (see DropoutMask). When training is false, or p
// is 0, it returns x itself, as PyTorch does.
func Dropout(x *Tensor, p float64, training bool, g *Generator) (*Tensor, error) {
	if !(p >= 0 && p <= 1) {
		return nil, valueErrorf("dropout probability has to be between 0 and 1, but got %v", p)
	}
	if !training || p == 0 || x.Numel() == 0 {
		return x, nil
	}
	if !x.dtype.IsFloating() {
		return nil, typeErrorf("dropout only supports floating point dtypes, got %s", x.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	mask, err := DropoutMask(x.dtype, x.shape, p, g)
	if err != nil {
		return nil, err
	}
	return Mul(x, mask)
}

// MapFloat32InPlace computes f32(dst, src) over the elements of a
// contiguous float32 x into x itself (dst and src the same slice, so f32
// must be element-wise), in parallel blocks as MapActivationWith, and
// marks x modified. ok is false, with x untouched, for another dtype or a
// tensor that is not contiguous.
func MapFloat32InPlace(x *Tensor, f32 func(dst, src []float32)) (ok bool, err error) {
	if x.dtype != Float32 || !x.IsContiguous() {
		return false, nil
	}
	v, err := contiguousValues[float32](x)
	if err != nil {
		return true, err
	}
	x.MarkModified()
	return true, parallelSlice(len(v), func(b, e int) { f32(v[b:e], v[b:e]) })
}

// ReluGrad returns relu's gradient from its result y: zero where
// y <= 0 and g elsewhere (a NaN y passes g, an inf or NaN g where y <= 0
// gives 0), PyTorch's threshold_backward(g, y, 0), in one pass. ok is
// false unless g and y are float32 or float64 of one dtype and shape,
// which the caller handles otherwise.
func ReluGrad(g, y *Tensor) (t *Tensor, ok bool, err error) {
	if g.dtype != y.dtype || !slices.Equal(g.shape, y.shape) {
		return nil, false, nil
	}
	switch {
	case y.dtype == Float32:
		t, err = gradLoop(g, y, reluGradLoop[float32])
	case y.dtype == Float64:
		t, err = gradLoop(g, y, reluGradLoop[float64])
	default:
		return nil, false, nil
	}
	return t, true, err
}

// reluGradLoop sets dst[i] to 0 where y[i] <= 0, else to g[i].
func reluGradLoop[T float32 | float64](dst, g, y []T) {
	g, y = g[:len(dst)], y[:len(dst)]
	for i := range dst {
		if y[i] <= 0 {
			dst[i] = 0
		} else {
			dst[i] = g[i]
		}
	}
}
