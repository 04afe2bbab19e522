package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// SquaredDeviations returns (x - m)², the difference rounded to the
// result's dtype and squared, as NumPy's _var computes it: x - mean
// broadcast, then multiplied by itself in place. For a float32 or
// float64 x and a one-element m of its dtype (the mean over all axes),
// both steps run in one pass of vecmath.SubSquareFloat64, the same
// roundings; otherwise Sub, then Mul in place.
func SquaredDeviations(x, m *Tensor) (*Tensor, error) {
	if (x.dtype == Float64 || x.dtype == Float32) && m.dtype == x.dtype && m.Numel() == 1 && m.Dim() <= x.Dim() {
		var err error
		if !x.IsContiguous() {
			if x, err = x.Contiguous(); err != nil {
				return nil, err
			}
		}
		out, err := emptyOutput(x.dtype, x.shape...)
		if err != nil {
			return nil, err
		}
		n := x.Numel()
		if x.dtype == Float64 {
			err = subSquare(out.storage.data.([]float64)[:n], x.storage.data.([]float64)[x.offset:x.offset+n], m.storage.data.([]float64)[m.offset], vecmath.SubSquareFloat64)
		} else {
			err = subSquare(out.storage.data.([]float32)[:n], x.storage.data.([]float32)[x.offset:x.offset+n], m.storage.data.([]float32)[m.offset], vecmath.SubSquareFloat32)
		}
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	d, err := Sub(x, m)
	if err != nil {
		return nil, err
	}
	if err = MulSpec.ApplyInPlace(d, d); err != nil {
		return nil, err
	}
	return d, nil
}

// subSquare runs kernel (vecmath.SubSquareFloat64) over o and x in
// parallel chunks.
func subSquare[T float32 | float64](o, x []T, s T, kernel func(o, a []T, s T)) error {
	return ParallelFor(len(o), GrainSize, func(b, e int) { kernel(o[b:e], x[b:e], s) })
}
