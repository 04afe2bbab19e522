package tensor

// Kernels is the dispatch table of one operation: the instantiations of a
// generic kernel for each dtype it supports. Select is the single switch that
// turns a runtime dtype into typed code; the element loop inside the kernel
// then runs with a compile-time element type and no dtype checks.
//
// Build a table with AllDTypes, or with the restricted FloatingDTypes and
// NoBoolDTypes, which refuse the other dtypes with a TypeError that names the
// operation.
type Kernels[F any] struct {
	f32, f64, i64, b F
	has              func(DType) bool
	refusal          string // format: operation, dtype
}

// AllDTypes builds a table for a kernel that supports every dtype; b is the
// instantiation for bool storage (uint8).
func AllDTypes[F any](f32, f64, i64, b F) Kernels[F] {
	return Kernels[F]{f32: f32, f64: f64, i64: i64, b: b, has: func(DType) bool { return true }}
}

// FloatingDTypes builds a table for a kernel that only makes sense for
// floating point values, such as softmax.
func FloatingDTypes[F any](f32, f64 F) Kernels[F] {
	return Kernels[F]{f32: f32, f64: f64, has: DType.IsFloating,
		refusal: "%s only supports floating point dtypes, got %s"}
}

// NoBoolDTypes builds a table for a kernel that supports every dtype but bool,
// such as matmul.
func NoBoolDTypes[F any](f32, f64, i64 F) Kernels[F] {
	return Kernels[F]{f32: f32, f64: f64, i64: i64, has: func(d DType) bool { return d != Bool },
		refusal: "%s does not support %s tensors"}
}

// Select returns the kernel instantiated for d, or a TypeError naming op when
// the table does not support d.
func (k Kernels[F]) Select(op string, d DType) (F, error) {
	var zero F
	if !k.has(d) {
		err := typeErrorf(k.refusal, op, d)
		if d.IsFloating() {
			return zero, err
		}
		if k.has(Float32) && !k.has(Int64) {
			return zero, err.WithHint("convert the input with .to(float32) first")
		}
		return zero, err.WithHint("convert the input with .to(int64) first")
	}
	switch d {
	case Float32:
		return k.f32, nil
	case Float64:
		return k.f64, nil
	case Int64:
		return k.i64, nil
	case Bool:
		return k.b, nil
	}
	return zero, typeErrorf("invalid dtype %d", uint8(d))
}
