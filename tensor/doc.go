// Package tensor is kael's tensor core: n-dimensional arrays whose element
// type is a runtime value (a DType), strided views over shared storage,
// PyTorch's type-promotion rules, a TensorIterator that broadcasts and
// coalesces operands, and the element-wise operations built on it.
//
// The element type is carried by each Tensor rather than by its Go type. Code
// that needs the concrete element type goes through one dispatch table per
// operation (see Kernels), which turns the runtime dtype into a generic
// function instantiated for float32, float64, int64 or uint8 (bool storage).
// docs/adr/0001-runtime-dtype.md records why.
//
// Errors are *Error values with a Kind (TypeError, ValueError, IndexError,
// ZeroDivisionError, ...); inspect them with errors.As.
package tensor
