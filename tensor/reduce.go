package tensor

import "math"

// The reductions, the functions autograd/reduce.go differentiates: sum,
// prod, mean, amax/amin, all/any, max/min and their arg forms, var/std,
// logsumexp and norm; and cumsum. The plan they walk is in reduce_plan.go,
// their element loops and dispatch tables in reduce_kernels.go.

// identity is the result of a reduction over no elements; ok is false for
// reductions that have none, such as max.
type identity struct {
	value float64
	ok    bool
}

var (
	noIdentity   = identity{}
	zeroIdentity = identity{0, true}
	oneIdentity  = identity{1, true}
)

// reduce runs the kernel of op for x's dtype over dims into a new tensor of
// dtype out.
func reduce(op string, x *Tensor, dims []int, keepdim bool, kernels Kernels[reduceKernel], out DType, id identity) (*Tensor, error) {
	if kernels.convertsIn(x.dtype) {
		if out == x.dtype {
			c, err := toComputeIn(x)
			if err != nil {
				return nil, err
			}
			r, err := reduce(op, c, dims, keepdim, kernels, c.dtype, id)
			return fromComputeIn(r, out, err)
		}
		var err error
		if x, err = toComputeIn(x); err != nil {
			return nil, err
		}
	}
	kernel, err := kernels.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	p, err := newReducePlan(op, x, dims, keepdim)
	if err != nil {
		return nil, err
	}
	if p.n == 0 && !id.ok {
		return nil, p.emptyError()
	}
	res, err := emptyOutput(out, p.outShape...)
	if err != nil || p.m == 0 {
		return res, err
	}
	if p.n == 0 {
		if err := fillStorage(res, id.value); err != nil {
			return nil, err
		}
		return res, nil
	}
	if err := kernel(p, res); err != nil {
		return nil, err
	}
	return res, nil
}

// intAccumulate converts integer and bool inputs to int64, the dtype their
// sums and products are computed and returned in.
func intAccumulate(x *Tensor) (*Tensor, error) {
	if x.dtype.IsFloating() || x.dtype.IsComplex() {
		return x, nil
	}
	return x.To(Int64)
}

// Sum returns the sum of x over dims (all dims when empty), as torch.sum.
// Integer and bool inputs give int64. float32 sums accumulate contiguous
// runs of up to GrainSize elements in float64 and combine the rest in
// float32 pairwise, so their error grows with the logarithm of the count.
func Sum(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	x, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	return reduce("sum", x, dims, keepdim, sumKernels, x.dtype, zeroIdentity)
}

// Prod returns the product of x over dims, as torch.prod. Integer and bool
// inputs give int64.
func Prod(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	if err := RefuseHalf("prod_cpu", x); err != nil {
		return nil, err
	}
	x, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	return reduce("prod", x, dims, keepdim, prodKernels, x.dtype, oneIdentity)
}

// Mean returns the mean of x over dims, as torch.mean. Only floating and
// complex inputs are accepted, as in PyTorch.
func Mean(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	if !x.dtype.IsFloating() && !x.dtype.IsComplex() {
		return nil, typeErrorf("mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s", x.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	// As PyTorch on the CPU: the sum (a 16-bit float's rounded once from
	// float32) divided by the count, rounded again.
	s, err := Sum(x, dims, keepdim)
	if err != nil || s.Numel() == 0 {
		return s, err
	}
	// Over no elements this is 0/0, NaN, as in PyTorch.
	return Div(s, MustScalar(float64(x.Numel()/s.Numel())))
}

// Amax returns the maximum of x over dims, as torch.amax. NaN propagates.
func Amax(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("amax", x, dims, keepdim, amaxKernels, x.dtype, noIdentity)
}

// Amin returns the minimum of x over dims, as torch.amin. NaN propagates.
func Amin(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	return reduce("amin", x, dims, keepdim, aminKernels, x.dtype, noIdentity)
}

// All reports, as a bool tensor, whether every element of x over dims is
// non-zero, as torch.all.
func All(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	if x.dtype.IsComplex() { // true unless both parts are zero
		t, err := Truth(x)
		if err != nil {
			return nil, err
		}
		x = t
	}
	return reduce("all", x, dims, keepdim, allKernels, Bool, oneIdentity)
}

// Any reports, as a bool tensor, whether some element of x over dims is
// non-zero, as torch.any.
func Any(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	if x.dtype.IsComplex() { // true unless both parts are zero
		t, err := Truth(x)
		if err != nil {
			return nil, err
		}
		x = t
	}
	return reduce("any", x, dims, keepdim, anyKernels, Bool, zeroIdentity)
}

// argReduce runs an arg kernel over one dimension (or over the flattened
// tensor when dim is nil). withValues asks for the extreme values as well.
func argReduce(op string, x *Tensor, dim *int, keepdim, withValues bool, kernels Kernels[argKernel]) (values, indices *Tensor, err error) {
	if d := x.dtype; kernels.convertsIn(d) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, nil, err
		}
		values, indices, err = argReduce(op, c, dim, keepdim, withValues, kernels)
		values, err = fromComputeIn(values, d, err)
		return values, indices, err
	}
	kernel, err := kernels.Select(op, x.dtype)
	if err != nil {
		return nil, nil, err
	}
	var dims []int
	if dim != nil {
		dims = []int{*dim}
	} else if x, err = x.Contiguous(); err != nil {
		return nil, nil, err
	}
	p, err := newReducePlan(op, x, dims, keepdim)
	if err != nil {
		return nil, nil, err
	}
	if p.n == 0 {
		return nil, nil, p.emptyError()
	}
	if indices, err = emptyOutput(Int64, p.outShape...); err != nil {
		return nil, nil, err
	}
	if withValues {
		if values, err = emptyOutput(x.dtype, p.outShape...); err != nil {
			return nil, nil, err
		}
	}
	if p.m == 0 {
		return values, indices, nil
	}
	if err := kernel(p, values, indices); err != nil {
		return nil, nil, err
	}
	return values, indices, nil
}

// Max returns the maximum of x along dim and the index of its first
// occurrence, as torch.max(x, dim). NaN counts as the maximum.
func Max(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return argReduce("max", x, &dim, keepdim, true, maxKernels)
}

// Min returns the minimum of x along dim and the index of its first
// occurrence, as torch.min(x, dim). NaN counts as the minimum.
func Min(x *Tensor, dim int, keepdim bool) (values, indices *Tensor, err error) {
	return argReduce("min", x, &dim, keepdim, true, minKernels)
}

// Argmax returns the int64 index of the first maximum of x along dim, as
// torch.argmax. NaN counts as the maximum.
func Argmax(x *Tensor, dim int, keepdim bool) (*Tensor, error) {
	_, idx, err := argReduce("argmax", x, &dim, keepdim, false, argmaxKernels)
	return idx, err
}

// Argmin returns the int64 index of the first minimum of x along dim.
func Argmin(x *Tensor, dim int, keepdim bool) (*Tensor, error) {
	_, idx, err := argReduce("argmin", x, &dim, keepdim, false, argminKernels)
	return idx, err
}

// ArgmaxAll returns, as a 0-d int64 tensor, the index of the first maximum
// of x flattened in row-major order, as torch.argmax without dim.
func ArgmaxAll(x *Tensor) (*Tensor, error) {
	_, idx, err := argReduce("argmax", x, nil, false, false, argmaxKernels)
	return idx, err
}

// ArgminAll returns the index of the first minimum of x flattened.
func ArgminAll(x *Tensor) (*Tensor, error) {
	_, idx, err := argReduce("argmin", x, nil, false, false, argminKernels)
	return idx, err
}

// floatingOnly refuses integer and bool inputs of op with message msg.
func floatingOnly(x *Tensor, msg string) error {
	if x.dtype.IsFloating() {
		return nil
	}
	return typeErrorf("%s", msg).WithHint("convert the input with .to(float32) first")
}

// Var returns the variance of x over dims: the sum of squared deviations
// from the mean divided by N - correction (correction 1 is torch's
// unbiased=True). Only floating inputs are accepted. It computes the mean
// first, then the squared deviations, which is accurate where the one-pass
// formula cancels.
func Var(x *Tensor, dims []int, correction int, keepdim bool) (*Tensor, error) {
	if err := floatingOnly(x, "std and var only support floating point and complex dtypes"); err != nil {
		return nil, err
	}
	if d := x.dtype; d.ComputeIn() != d { // in float32, rounded once, as PyTorch's kernel
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		r, err := Var(c, dims, correction, keepdim)
		return fromComputeIn(r, d, err)
	}
	mean, err := Mean(x, dims, true)
	if err != nil {
		return nil, err
	}
	dev, err := Sub(x, mean)
	if err != nil {
		return nil, err
	}
	ss, err := reduce("var", dev, dims, keepdim, sumSqKernels, x.dtype, zeroIdentity)
	if err != nil {
		return nil, err
	}
	if ss.Numel() == 0 {
		return ss, nil
	}
	return Div(ss, MustScalar(float64(max(x.Numel()/ss.Numel()-correction, 0))))
}

// Std returns the standard deviation of x over dims, the square root of Var.
func Std(x *Tensor, dims []int, correction int, keepdim bool) (*Tensor, error) {
	v, err := Var(x, dims, correction, keepdim)
	if err != nil {
		return nil, err
	}
	return sqrtInCompute(v)
}

// sqrtInCompute is Sqrt computed in x's ComputeIn dtype and rounded once
// to x's: the square root inside std and norm, which PyTorch computes for
// float16 on the CPU although its sqrt refuses float16 (refuseHalf).
func sqrtInCompute(x *Tensor) (*Tensor, error) {
	w, err := toComputeIn(x)
	if err != nil {
		return nil, err
	}
	r, err := Sqrt(w)
	return fromComputeIn(r, x.dtype, err)
}

// Logsumexp returns log(sum(exp(x))) over dims, computed stably by shifting
// by the maximum, as torch.logsumexp. Integer and bool inputs give float32.
// A reduction over no elements gives -inf.
func Logsumexp(x *Tensor, dims []int, keepdim bool) (*Tensor, error) {
	x, err := x.To(floatDType(x.dtype))
	if err != nil {
		return nil, err
	}
	p, err := newReducePlan("logsumexp", x, dims, keepdim)
	if err != nil {
		return nil, err
	}
	if p.n == 0 || p.m == 0 {
		return Full(math.Inf(-1), x.dtype, p.outShape...)
	}
	shift, err := Amax(x, dims, true)
	if err != nil {
		return nil, err
	}
	// An infinite maximum would give inf - inf = NaN; shift by 0 there.
	inf, err := Abs(shift)
	if err == nil {
		inf, err = Eq(inf, MustScalar(math.Inf(1)))
	}
	if err == nil {
		shift, err = MaskedFill(shift, inf, MustScalar(0.0))
	}
	if err != nil {
		return nil, err
	}
	e, err := Sub(x, shift)
	if err == nil {
		e, err = Exp(e)
	}
	if err == nil {
		e, err = Sum(e, dims, true)
	}
	if err == nil {
		e, err = Log(e)
	}
	if err == nil {
		e, err = Add(e, shift)
	}
	if err != nil {
		return nil, err
	}
	return e.Reshape(p.outShape...)
}

// floatDType is the dtype floating-only computations use for d.
func floatDType(d DType) DType {
	if d.IsFloating() || d.IsComplex() {
		return d
	}
	return DefaultFloat
}

// Norm returns the vector p-norm of x over dims, as
// torch.linalg.vector_norm: p = 2 is the Euclidean norm, 1 the sum of
// absolute values, +inf / -inf the largest / smallest absolute value, 0 the
// number of non-zero elements, other p (sum |x|^p)^(1/p). Only floating
// inputs are accepted.
func Norm(x *Tensor, p float64, dims []int, keepdim bool) (*Tensor, error) {
	if err := floatingOnly(x, "linalg.vector_norm: Expected a floating point or complex tensor as input. Got "+x.dtype.String()); err != nil {
		return nil, err
	}
	switch {
	case p == 2:
		ss, err := reduce("norm", x, dims, keepdim, sumSqKernels, x.dtype, zeroIdentity)
		if err != nil {
			return nil, err
		}
		return sqrtInCompute(ss)
	case p == 0:
		nz, err := Ne(x, MustScalar(0))
		if err == nil {
			nz, err = nz.To(x.dtype)
		}
		if err != nil {
			return nil, err
		}
		return Sum(nz, dims, keepdim)
	}
	a, err := Abs(x)
	if err != nil {
		return nil, err
	}
	switch {
	case math.IsInf(p, 0):
		plan, err := newReducePlan("norm", x, dims, keepdim)
		if err != nil {
			return nil, err
		}
		if plan.n == 0 && plan.m > 0 {
			name := "inf"
			if p < 0 {
				name = "-inf"
			}
			return nil, Errorf(RuntimeError, "linalg.vector_norm cannot compute the %s norm on an empty tensor because the operation does not have an identity", name)
		}
		if p > 0 {
			return Amax(a, dims, keepdim)
		}
		return Amin(a, dims, keepdim)
	case p == 1:
		return Sum(a, dims, keepdim)
	case math.IsNaN(p):
		return nil, valueErrorf("norm order must be a number, got nan")
	}
	if a, err = Pow(a, MustScalar(p)); err != nil {
		return nil, err
	}
	if a, err = Sum(a, dims, keepdim); err != nil {
		return nil, err
	}
	return Pow(a, MustScalar(1/p))
}

// Cumsum returns the cumulative sum of x along dim, as torch.cumsum. Integer
// and bool inputs give int64.
func Cumsum(x *Tensor, dim int) (*Tensor, error) {
	if err := RefuseHalf("cumsum_out_cpu", x); err != nil {
		return nil, err
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if cumsumKernels.convertsIn(x.dtype) && x.dtype.IsFloating() {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		r, err := Cumsum(c, dim)
		return fromComputeIn(r, x.dtype, err)
	}
	out, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	kernel, err := cumsumKernels.Select("cumsum", out.dtype)
	if err != nil {
		return nil, err
	}
	if out == x {
		if out, err = out.Clone(); err != nil {
			return nil, err
		}
	}
	if x.Dim() == 0 {
		return out, nil
	}
	shape := out.shape
	if err := kernel(out, numel(shape[:d]), shape[d], numel(shape[d+1:])); err != nil {
		return nil, err
	}
	return out, nil
}
