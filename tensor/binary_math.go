package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The element-wise functions of two operands beyond the arithmetic of
// binary.go, and the three-operand lerp.
var (
	// Atan2Spec is atan2(input, other), the angle of the point (other,
	// input); integers compute in float32.
	Atan2Spec = defBinary(&BinarySpec{Name: "atan2", dtypes: toFloat,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(func(a, b float32) float32 { return float32(math.Atan2(float64(a), float64(b))) }), Float64: floatLoop(math.Atan2)})})
	// HypotSpec is sqrt(input² + other²) without overflow; PyTorch has no
	// integer kernel, so int64 and bool are refused.
	HypotSpec = defBinary(&BinarySpec{Name: "hypot", dtypes: sameDType,
		kernels: FloatingDTypes(ByDType[binaryKernel]{Float32: floatLoop(func(a, b float32) float32 { return float32(math.Hypot(float64(a), float64(b))) }), Float64: floatLoop(math.Hypot)})})
)

// Atan2 returns atan2(a, b) element-wise.
func Atan2(a, b *Tensor) (*Tensor, error) { return Atan2Spec.Apply(a, b) }

// Hypot returns sqrt(a² + b²) element-wise.
func Hypot(a, b *Tensor) (*Tensor, error) { return HypotSpec.Apply(a, b) }

// Lerp returns start + weight·(end − start), computed as PyTorch 1.13's
// CPU kernel does (from end when weight ≥ 0.5, so that weight 1 gives end
// exactly, each form one fused multiply-add). start and
// end must have one floating dtype and weight (a tensor or a wrapped number)
// that dtype too unless it is a wrapped number; all three broadcast.
func Lerp(start, end, weight *Tensor) (*Tensor, error) {
	if err := lerpTypes(start, end, weight); err != nil {
		return nil, err
	}
	if d := start.dtype; lerpKernels.convertsIn(d) {
		var err error
		if start, err = toComputeIn(start); err == nil {
			if end, err = toComputeIn(end); err == nil {
				weight, err = weight.To(start.dtype)
			}
		}
		if err != nil {
			return nil, err
		}
		r, err := Lerp(start, end, weight)
		return fromComputeIn(r, d, err)
	}
	w, err := weight.To(start.dtype)
	if err != nil {
		return nil, err
	}
	kernel, err := lerpKernels.Select("lerp", start.dtype)
	if err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{OutDType: start.dtype, Inputs: []*Tensor{start, end, w}})
	if err != nil {
		return nil, err
	}
	if err := kernel(it); err != nil {
		return nil, err
	}
	return it.Output(), nil
}

func lerpTypes(start, end, weight *Tensor) error {
	if !start.dtype.IsFloating() {
		return typeErrorf("lerp only supports floating point dtypes, got %s", start.dtype).
			WithHint("convert the input with .to(float32) first")
	}
	if end.dtype != start.dtype {
		return typeErrorf("expected dtype %s for `end` but got dtype %s", start.dtype, end.dtype).
			WithHint("convert end with .to(%s) first", start.dtype)
	}
	if !weight.IsWrappedNumber() && weight.dtype != start.dtype {
		return typeErrorf("expected dtype %s for `weight` but got dtype %s", start.dtype, weight.dtype).
			WithHint("convert weight with .to(%s) first", start.dtype)
	}
	return nil
}

var lerpKernels = computed(FloatingDTypes(ByDType[func(*Iter) error]{
	Float32: lerpLoop(vecmath.LerpF32, vecmath.LerpFloat32, vecmath.LerpFloat32S),
	Float64: lerpLoop(vecmath.LerpF64, vecmath.LerpFloat64, vecmath.LerpFloat64S)}))

// lerpLoop runs lerp: f is one element, PyTorch 1.13's CPU form
// (w < 0.5 ? fma(w, end−start, start) : end − (1−w)·(end−start), each
// fused multiply-add rounded once), vv and vs its vector kernels for
// contiguous runs with a weight tensor or one weight; strided runs take f
// element by element, the same bits.
func lerpLoop[T Float](f func(a, b, w T) T, vv func(dst, a, b, w []T), vs func(dst, a, b []T, w T)) func(*Iter) error {
	return func(it *Iter) error {
		out := it.ops[0].storage.data.([]T)
		a, b, w := it.ops[1].storage.data.([]T), it.ops[2].storage.data.([]T), it.ops[3].storage.data.([]T)
		return it.Run(func(offs, inner []int, n int) {
			if inner[0] == 1 && inner[1] == 1 && inner[2] == 1 {
				o, x, y := out[offs[0]:offs[0]+n], a[offs[1]:offs[1]+n], b[offs[2]:offs[2]+n]
				switch inner[3] {
				case 1:
					vv(o, x, y, w[offs[3]:offs[3]+n])
					return
				case 0:
					vs(o, x, y, w[offs[3]])
					return
				}
			}
			for i := range n {
				out[offs[0]+i*inner[0]] = f(a[offs[1]+i*inner[1]], b[offs[2]+i*inner[2]], w[offs[3]+i*inner[3]])
			}
		})
	}
}

// Isclose reports element-wise whether |a − b| <= atol + rtol·|b|, as
// torch.isclose: both operands must have one dtype ("Float did not match
// Double"), they broadcast, infinities are close only to themselves, and
// NaN is close to NaN only with equalNaN. Integers and bools compare
// exactly when rtol and atol are 0, and through float64 otherwise.
func Isclose(a, b *Tensor, rtol, atol float64, equalNaN bool) (*Tensor, error) {
	if a.dtype != b.dtype {
		return nil, typeErrorf("%s did not match %s", a.dtype.String(), b.dtype.String()).
			WithHint("convert one operand with .to(%s) first", a.dtype)
	}
	if rtol < 0 || atol < 0 {
		return nil, runtimeErrorf("isclose(): rtol and atol must be non-negative, got rtol=%g atol=%g", rtol, atol)
	}
	close := func(x, y float64) uint8 {
		if x == y {
			return 1
		}
		if x != x || y != y {
			return boolByte(equalNaN && x != x && y != y)
		}
		if math.IsInf(x, 0) || math.IsInf(y, 0) {
			return 0
		}
		return boolByte(math.Abs(x-y) <= atol+rtol*math.Abs(y))
	}
	af, err := a.To(Float64)
	if err != nil {
		return nil, err
	}
	bf, err := b.To(Float64)
	if err != nil {
		return nil, err
	}
	it, err := NewIter(IterConfig{OutDType: Bool, Inputs: []*Tensor{af, bf}})
	if err != nil {
		return nil, err
	}
	out := it.ops[0].storage.data.([]uint8)
	x, y := it.ops[1].storage.data.([]float64), it.ops[2].storage.data.([]float64)
	if err := it.Run(func(offs, inner []int, n int) {
		for i := range n {
			out[offs[0]+i*inner[0]] = close(x[offs[1]+i*inner[1]], y[offs[2]+i*inner[2]])
		}
	}); err != nil {
		return nil, err
	}
	return it.Output(), nil
}
