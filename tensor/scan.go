package tensor

import "math"

// The scans along a dimension besides cumsum: cumprod, logcumsumexp and
// cummax/cummin, each one pass over every line as PyTorch's CPU kernels
// (cpu_cum_base_kernel) make, accumulating float32 in float64 and
// complex64 in complex128 (at::acc_type on the CPU).

// scanKernel reads the contiguous src and writes the contiguous dst along
// the lines of g.
type scanKernel func(src, dst *Tensor, g scanGeom) error

var (
	cumprodKernels = computed(NoBoolDTypes(ByDType[scanKernel]{Float32: cumprodLoop[float32, float64], Float64: cumprodLoop[float64, float64], Int64: cumprodLoop[int64, int64],
		Complex64: cumprodComplexLoop[complex64, complex128], Complex128: cumprodComplexLoop[complex128, complex128]}))
	logcumsumexpKernels = computed(FloatingDTypes(ByDType[scanKernel]{Float32: logcumsumexpLoop[float32], Float64: logcumsumexpLoop[float64]}))
	cumExtremeKernels   = computed(NoBoolRealDTypes(ByDType[cumExtremeKernel]{Float32: cumExtremeLoop[float32], Float64: cumExtremeLoop[float64], Int64: cumExtremeLoop[int64]}))
)

// scanGeom lays out a scan of a contiguous tensor along a dimension: outer
// blocks of length×inner elements, the lines running along length. Work
// goes in chunks of up to width lines adjacent in memory, so that a scan
// along a leading dimension reads whole rows.
type scanGeom struct{ outer, length, inner, width, perBlock int }

func newScanGeom(shape []int, d int) scanGeom {
	g := scanGeom{outer: 1, length: 1, inner: 1}
	if len(shape) > 0 {
		g.outer, g.length, g.inner = numel(shape[:d]), shape[d], numel(shape[d+1:])
	}
	g.width = min(g.inner, 256)
	g.perBlock = (g.inner + g.width - 1) / g.width
	return g
}

// parallel runs body over ranges of the chunks.
func (g scanGeom) parallel(body func(begin, end int)) error {
	return ParallelFor(g.outer*g.perBlock, max(1, GrainSize/max(g.length*g.width, 1)), body)
}

// chunk returns the offset of chunk c's first element and its line count.
func (g scanGeom) chunk(c int) (base, n int) {
	o, j := c/g.perBlock, c%g.perBlock*g.width
	return o*g.length*g.inner + j, min(g.width, g.inner-j)
}

func cumprodLoop[T, A float32 | float64 | int64](src, dst *Tensor, g scanGeom) error {
	s, d := src.storage.data.([]T)[src.offset:], dst.storage.data.([]T)
	return g.parallel(func(b, e int) {
		buf := make([]A, g.width)
		for c := b; c < e; c++ {
			base, n := g.chunk(c)
			acc := buf[:n]
			for j := range acc {
				acc[j] = 1
			}
			for i := range g.length {
				row := base + i*g.inner
				for j := range acc {
					acc[j] *= A(s[row+j])
					d[row+j] = T(acc[j])
				}
			}
		}
	})
}

// cumprodComplexLoop is cumprodLoop for complex dtypes (Go converts
// between float and complex types only in separate generic functions).
func cumprodComplexLoop[T, A complex64 | complex128](src, dst *Tensor, g scanGeom) error {
	s, d := src.storage.data.([]T)[src.offset:], dst.storage.data.([]T)
	return g.parallel(func(b, e int) {
		buf := make([]A, g.width)
		for c := b; c < e; c++ {
			base, n := g.chunk(c)
			acc := buf[:n]
			for j := range acc {
				acc[j] = 1
			}
			for i := range g.length {
				row := base + i*g.inner
				for j := range acc {
					acc[j] *= A(s[row+j])
					d[row+j] = T(acc[j])
				}
			}
		}
	})
}

// logcumsumexpLoop is PyTorch's _log_add_exp_helper run from -inf in
// float64: a NaN propagates, and two infinities of one sign give that
// infinity.
func logcumsumexpLoop[T float32 | float64](src, dst *Tensor, g scanGeom) error {
	s, d := src.storage.data.([]T)[src.offset:], dst.storage.data.([]T)
	return g.parallel(func(b, e int) {
		buf := make([]float64, g.width)
		for c := b; c < e; c++ {
			base, n := g.chunk(c)
			acc := buf[:n]
			for j := range acc {
				acc[j] = math.Inf(-1)
			}
			for i := range g.length {
				row := base + i*g.inner
				for j, a := range acc {
					x := float64(s[row+j])
					lo, hi := math.Min(x, a), math.Max(x, a)
					if lo != hi || !math.IsInf(lo, 0) {
						a = hi + math.Log1p(math.Exp(lo-hi))
					} else {
						a = x
					}
					acc[j] = a
					d[row+j] = T(a)
				}
			}
		}
	})
}

type cumExtremeKernel func(src, values, indices *Tensor, g scanGeom, isMax bool) error

// cumExtremeLoop is PyTorch's cummax_cummin_helper: an element becomes the
// running extreme when it is NaN, or when the extreme is not NaN and the
// element is >= it (cummax) or <= it (cummin), so the latest of equal ones
// wins and a NaN stays.
func cumExtremeLoop[T float32 | float64 | int64](src, values, indices *Tensor, g scanGeom, isMax bool) error {
	s, v, ix := src.storage.data.([]T)[src.offset:], values.storage.data.([]T), indices.storage.data.([]int64)
	return g.parallel(func(b, e int) {
		buf, ibuf := make([]T, g.width), make([]int64, g.width)
		for c := b; c < e; c++ {
			base, n := g.chunk(c)
			run, at := buf[:n], ibuf[:n]
			copy(run, s[base:base+n])
			clear(at)
			for i := range g.length {
				row := base + i*g.inner
				for j, x := range s[row : row+n] {
					r := run[j]
					if x != x || r == r && (isMax && x >= r || !isMax && x <= r) {
						run[j], at[j] = x, int64(i)
					}
					v[row+j], ix[row+j] = run[j], at[j]
				}
			}
		}
	})
}

// scan runs the kernel of table k on x along dim into a new tensor of x's
// dtype (x converted to its ComputeIn dtype first where k says so).
func scan(op string, k *Kernels[scanKernel], x *Tensor, dim int) (*Tensor, error) {
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if k.convertsIn(x.dtype) {
		c, err := toComputeIn(x)
		if err != nil {
			return nil, err
		}
		r, err := scan(op, k, c, dim)
		return fromComputeIn(r, x.dtype, err)
	}
	kernel, err := k.Select(op, x.dtype)
	if err != nil {
		return nil, err
	}
	src, err := x.Contiguous()
	if err != nil {
		return nil, err
	}
	out, err := emptyOutput(x.dtype, x.shape...)
	if err != nil || out.Numel() == 0 {
		return out, err
	}
	return out, kernel(src, out, newScanGeom(x.shape, d))
}

// Cumprod returns the running product of x along dim, as torch.cumprod:
// integers and bools give int64, float16 is refused as on PyTorch's CPU.
func Cumprod(x *Tensor, dim int) (*Tensor, error) {
	if err := RefuseHalf("cumprod_out_cpu", x); err != nil {
		return nil, err
	}
	x, err := intAccumulate(x)
	if err != nil {
		return nil, err
	}
	return scan("cumprod_out_cpu", &cumprodKernels, x, dim)
}

// Logcumsumexp returns log(cumsum(exp(x))) along dim without overflow, as
// torch.logcumsumexp: floating x only (float16 refused as on PyTorch's CPU).
func Logcumsumexp(x *Tensor, dim int) (*Tensor, error) {
	if err := RefuseHalf("logcumsumexp_out_cpu", x); err != nil {
		return nil, err
	}
	if !x.dtype.IsFloating() {
		return nil, NotImplementedFor("logcumsumexp_out_cpu", x.dtype)
	}
	return scan("logcumsumexp_out_cpu", &logcumsumexpKernels, x, dim)
}

// CumExtreme returns the running maximum (isMax) or minimum of x along dim
// and the index where each was found, as torch.cummax and torch.cummin:
// every real dtype (complex and float16 refused, as on PyTorch's CPU).
func CumExtreme(x *Tensor, dim int, isMax bool) (values, indices *Tensor, err error) {
	op := "cummin_cpu"
	if isMax {
		op = "cummax_cpu"
	}
	if err := RefuseHalf(op, x); err != nil {
		return nil, nil, err
	}
	if x.dtype.IsComplex() {
		return nil, nil, NotImplementedFor(op, x.dtype)
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, nil, err
	}
	in := x
	switch {
	case x.dtype == BFloat16:
		in, err = x.To(Float32) // exact, and compared the same
	case !x.dtype.IsFloating() && x.dtype != Int64:
		in, err = x.To(Int64)
	}
	if err != nil {
		return nil, nil, err
	}
	kernel, err := cumExtremeKernels.Select(op, in.dtype)
	if err != nil {
		return nil, nil, err
	}
	src, err := in.Contiguous()
	if err != nil {
		return nil, nil, err
	}
	if values, err = emptyOutput(in.dtype, x.shape...); err != nil {
		return nil, nil, err
	}
	if indices, err = emptyOutput(Int64, x.shape...); err != nil {
		return nil, nil, err
	}
	if x.Numel() > 0 {
		if err := kernel(src, values, indices, newScanGeom(x.shape, d), isMax); err != nil {
			return nil, nil, err
		}
	}
	if values, err = values.To(x.dtype); err != nil {
		return nil, nil, err
	}
	return values, indices, nil
}

// CumprodBackward returns the gradient of out = cumprod(x, dim) for the
// output gradient g, in one pass over each line: before the line's first
// zero z, the reversed cumsum of g·out divided by x_i; at z, out[z-1] times
// Σ_{j≥z} g_j·Π_{z<k≤j} x_k; after it, zero. For complex x pass conj(x)
// and conj(out) (PyTorch's convention for complex gradients).
func CumprodBackward(x, out, g *Tensor, dim int) (*Tensor, error) {
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	ct := x.dtype.ComputeIn()
	if !ct.IsFloating() && !ct.IsComplex() {
		return nil, NotImplementedFor("cumprod_backward", x.dtype)
	}
	kernel, err := cumprodBackwardKernels.Select("cumprod_backward", ct)
	if err != nil {
		return nil, err
	}
	ts := [3]*Tensor{x, out, g}
	for i, t := range ts {
		if t, err = t.To(ct); err == nil {
			if t, err = t.Expand(x.shape...); err == nil {
				t, err = t.Contiguous()
			}
		}
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	res, err := emptyOutput(ct, x.shape...)
	if err != nil {
		return nil, err
	}
	if res.Numel() > 0 {
		if err := kernel(ts, res, newScanGeom(x.shape, d)); err != nil {
			return nil, err
		}
	}
	return res.To(x.dtype)
}

type cumprodBackwardKernel func(in [3]*Tensor, res *Tensor, g scanGeom) error

var cumprodBackwardKernels = computed(InexactDTypes(ByDType[cumprodBackwardKernel]{Float32: cumprodBackwardLoop[float32], Float64: cumprodBackwardLoop[float64],
	Complex64: cumprodBackwardLoop[complex64], Complex128: cumprodBackwardLoop[complex128]}))

func cumprodBackwardLoop[T float32 | float64 | complex64 | complex128](in [3]*Tensor, res *Tensor, geom scanGeom) error {
	x, out, g := in[0].storage.data.([]T)[in[0].offset:], in[1].storage.data.([]T)[in[1].offset:], in[2].storage.data.([]T)[in[2].offset:]
	r := res.storage.data.([]T)
	length, stride := geom.length, geom.inner
	return geom.parallel(func(b, e int) {
		for c := b; c < e; c++ {
			base, n := geom.chunk(c)
			for start := base; start < base+n; start++ {
				z := length // the line's first zero
				for i, p := 0, start; i < length; i, p = i+1, p+stride {
					if x[p] == 0 {
						z = i
						break
					}
				}
				var acc T
				for i := z - 1; i >= 0; i-- {
					p := start + i*stride
					acc += g[p] * out[p]
					r[p] = acc / x[p]
				}
				if z == length {
					continue
				}
				before := T(1)
				if z > 0 {
					before = out[start+(z-1)*stride]
				}
				pz := start + z*stride
				sum, run := g[pz], T(1)
				for i, p := z+1, pz+stride; i < length; i, p = i+1, p+stride {
					run *= x[p]
					sum += g[p] * run
					r[p] = 0
				}
				r[pz] = before * sum
			}
		}
	})
}
