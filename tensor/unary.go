package tensor

import (
	"github.com/kael-dev/kael/tensor/internal/vecmath"
	"math"
	"math/cmplx"
)

type unaryKernel func(it *Iter) error

// UnarySpec describes an element-wise operation of one operand.
type UnarySpec struct {
	Name    string
	dtypes  func(d DType) (compute, out DType, err error)
	kernels Kernels[unaryKernel]
}

var unarySpecs []*UnarySpec

func defUnary(s *UnarySpec) *UnarySpec {
	unarySpecs = append(unarySpecs, newUnary(s))
	return s
}

// newUnary readies a spec, also one that UnarySpecs does not list: run
// converts a dtype that computes in another to that one, so the table needs
// kernels only for the dtypes that compute in themselves.
func newUnary(s *UnarySpec) *UnarySpec {
	s.kernels.computesIn()
	return s
}

// UnarySpecs returns every unary operation, in the order of definition
// (autograd's tests check that each has a descriptor in its op table). The
// slice is shared: do not modify it.
func UnarySpecs() []*UnarySpec { return unarySpecs }

// UnaryByName returns the kernel of one argument named name ("sign",
// "exp"), or nil.
func UnaryByName(name string) *UnarySpec {
	for _, s := range unarySpecs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func keepDType(d DType) (DType, DType, error) { return d, d, nil }

// floatResult computes integer and bool inputs as DefaultFloat, as PyTorch's
// exp, log, sqrt, ... do.
func floatResult(d DType) (DType, DType, error) {
	f := floatDType(d)
	return f, f, nil
}

func negDTypes(d DType) (DType, DType, error) {
	if d == Bool {
		return 0, 0, typeErrorf("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
	}
	return d, d, nil
}

func toBool(DType) (DType, DType, error) { return Bool, Bool, nil }

// toRealPart keeps a real dtype and gives a complex one's part dtype
// (abs and angle of complex64 are float32).
func toRealPart(d DType) (DType, DType, error) { return d, d.ToReal(), nil }

// expOverflow is where PyTorch's float64 exp (Sleef's) overflows to +inf,
// a hair below ln of the largest float64.
const expOverflow = 709.78271114955742909217217426

// exp is math.Exp, finite up to expOverflow as PyTorch's: Go's amd64 Exp
// gives +Inf from about 709.4 on, so e**x is taken there as (e**(x/2))².
// PyTorch's scalar loop (ATEN_CPU_CAPABILITY=default, mirrored under
// KAEL_ISA=generic) calls the C library's exp, finite up to ln of the
// largest float64, where the square overflows by itself.
func exp(x float64) float64 {
	if x > 709 && (x <= expOverflow || scalarKernels()) {
		h := math.Exp(x / 2)
		return h * h
	}
	return math.Exp(x)
}

func floatUnary(name string, f func(float64) float64) *UnarySpec {
	return defUnary(floatSpec(name, f))
}

// floatSpec is the spec floatUnary lists; newUnary(floatSpec(...)) is one
// UnarySpecs does not list (i1 and trigamma, derivatives only).
func floatSpec(name string, f func(float64) float64) *UnarySpec {
	return &UnarySpec{Name: name, dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: mapLoop(func(x float32) float32 { return float32(f(float64(x))) }), Float64: mapLoop(f)})}
}

// inexactUnary is floatUnary with complex kernels too: fc computes a
// complex128 (a complex64 is widened and rounded back once), with Go's
// math/cmplx, whose branch cuts are C99's, as PyTorch's std::complex.
func inexactUnary(name string, f func(float64) float64, fc func(complex128) complex128) *UnarySpec {
	return inexactUnaryKernels(name, f, mapLoop(func(x float32) float32 { return float32(f(float64(x))) }), fc)
}

// vectorUnary is inexactUnary with a float32 kernel of whole runs
// (vecmath's), which gives the bits of float32(f(float64(x))).
func vectorUnary(name string, f func(float64) float64, f32 func(dst, src []float32), fc func(complex128) complex128) *UnarySpec {
	return inexactUnaryKernels(name, f, sliceLoop(f32), fc)
}

// inexactUnaryKernels is the spec of inexactUnary and vectorUnary, whose
// float32 kernel is f32.
func inexactUnaryKernels(name string, f func(float64) float64, f32 unaryKernel, fc func(complex128) complex128) *UnarySpec {
	return defUnary(&UnarySpec{Name: name, dtypes: floatResult,
		kernels: InexactDTypes(ByDType[unaryKernel]{Float32: f32, Float64: mapLoop(f),
			Complex64: mapLoop(func(z complex64) complex64 { return complex64(fc(complex128(z))) }), Complex128: mapLoop(fc)})})
}

// roundingUnary builds floor, ceil or round: integers are already whole, so
// they keep their dtype and values, as in PyTorch.
// f32 and f64 are its loops over a run (unary_simple.go).
func roundingUnary(name string, f32 func(dst, src []float32), f64 func(dst, src []float64)) *UnarySpec {
	return defUnary(&UnarySpec{Name: name, dtypes: keepDType,
		kernels: NoBoolRealDTypes(ByDType[unaryKernel]{Float32: sliceLoop(f32), Float64: sliceLoop(f64), Int64: mapLoop(func(x int64) int64 { return x })})})
}

// The unary operations.
var (
	NegSpec = defUnary(&UnarySpec{Name: "neg", dtypes: negDTypes,
		kernels: NoBoolDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.NegFloat32), Float64: sliceLoop(negSlice[float64]), Int64: mapLoop(func(x int64) int64 { return -x }),
			Complex64: mapLoop(func(x complex64) complex64 { return -x }), Complex128: complexNegKernel})})
	AbsSpec = defUnary(&UnarySpec{Name: "abs", dtypes: toRealPart,
		kernels: NoBoolDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.AbsFloat32), Float64: sliceLoop(absFloat64), Int64: mapLoop(func(x int64) int64 { return max(x, -x) }),
			Complex64: complexToReal[complex64](func(c complex128) float32 { return float32(complexAbs(c)) }), Complex128: complexToReal[complex128](complexAbs)})})
	ExpSpec  = vectorUnary("exp", exp, vecmath.ExpFloat32, cmplx.Exp)
	LogSpec  = vectorUnary("log", math.Log, vecmath.LogFloat32, cmplx.Log)
	SqrtSpec = vectorUnary("sqrt", math.Sqrt, vecmath.SqrtFloat32, cmplx.Sqrt)
	SinSpec  = vectorUnary("sin", math.Sin, vecmath.SinFloat32, cmplx.Sin)
	CosSpec  = vectorUnary("cos", math.Cos, vecmath.CosFloat32, cmplx.Cos)
	// tanh in float32 as PyTorch's vectorized kernel (SLEEF's tanhf).
	TanhSpec = defUnary(&UnarySpec{Name: "tanh", dtypes: floatResult,
		kernels: InexactDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.TanhFloat32), Float64: mapLoop(math.Tanh),
			Complex64: mapLoop(func(z complex64) complex64 { return complex64(cmplx.Tanh(complex128(z))) }), Complex128: mapLoop(cmplx.Tanh)})})
	// sigmoid in float32 as PyTorch's vectorized kernel: 1/(1 + exp(-x)).
	SigmoidSpec = defUnary(&UnarySpec{Name: "sigmoid", dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(vecmath.SigmoidFloat32), Float64: mapLoop(func(x float64) float64 { return 1 / (1 + math.Exp(-x)) })})})
	FloorSpec = roundingUnary("floor", roundFloat32(vecmath.RoundDown), floorSlice[float64])
	CeilSpec  = roundingUnary("ceil", roundFloat32(vecmath.RoundUp), ceilSlice[float64])
	RoundSpec = roundingUnary("round", roundFloat32(vecmath.RoundToEven), roundSlice[float64])
	ReluSpec  = defUnary(&UnarySpec{Name: "relu", dtypes: keepDType,
		kernels: NoBoolRealDTypes(ByDType[unaryKernel]{Float32: sliceLoop(reluFloat32), Float64: sliceLoop(reluFloat64), Int64: mapLoop(relu[int64])})})
	SignSpec = defUnary(&UnarySpec{Name: "sign", dtypes: keepDType,
		kernels: RealDTypes(ByDType[unaryKernel]{Float32: sliceLoop(signFloat32), Float64: sliceLoop(signFloat64), Int64: mapLoop(sign[int64]), Bool: mapLoop(func(x uint8) uint8 { return x })})})
	LogicalNotSpec = defUnary(&UnarySpec{Name: "logical_not", dtypes: toBool,
		kernels: BoolDTypes(ByDType[unaryKernel]{Bool: mapLoop(func(x uint8) uint8 { return 1 - x })})})
	BitwiseNotSpec = defUnary(&UnarySpec{Name: "bitwise_not", dtypes: func(d DType) (DType, DType, error) {
		if d.IsFloating() {
			return 0, 0, typeErrorf("bitwise_not is only supported for integer and bool tensors, got %s", d).
				WithHint("for a mask, compare first: ~(x > 0)")
		}
		return d, d, nil
	}, kernels: IntegerBoolDTypes(ByDType[unaryKernel]{Int64: mapLoop(func(x int64) int64 { return ^x }), Bool: mapLoop(func(x uint8) uint8 { return 1 - x })})})
)

// relu is x above zero and NaN (as PyTorch's clamp_min(x, 0), which
// propagates NaN), else 0.
func relu[T Number](x T) T {
	if x > 0 || x != x {
		return x
	}
	return 0
}

// reluFloat32 and reluFloat64 are relu over a run as PyTorch's kernel
// computes it, x < 0 ? 0 : x (NaN and -0 stay): clamp with the lower
// bound 0 alone, whose vector kernels select without branches (a random
// sign mispredicts half of them).
func reluFloat32(dst, src []float32) { vecmath.ClampFloat32(dst, src, 0, float32(math.Inf(1))) }

func reluFloat64(dst, src []float64) { vecmath.ClampFloat64(dst, src, 0, math.Inf(1)) }

func sign[T Number](x T) T {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x // 0, -0 or NaN
}

// types returns the compute and result dtypes for an input of dtype d, or
// the error for a dtype the operation refuses (PyTorch's for float16
// where its CPU has no kernel: refuseHalf).
func (s *UnarySpec) types(d DType) (compute, out DType, err error) {
	if compute, out, err = s.dtypes(d); err == nil {
		err = refuseHalf(s.Name, compute)
	}
	return compute, out, err
}

// Apply computes the operation into a new tensor.
func (s *UnarySpec) Apply(x *Tensor) (*Tensor, error) {
	compute, out, err := s.types(x.dtype)
	if err != nil {
		return nil, err
	}
	return s.run(x, compute, out, nil)
}

// ApplyInPlace computes the operation and writes the result into x.
func (s *UnarySpec) ApplyInPlace(x *Tensor) error {
	compute, out, err := s.types(x.dtype)
	if err != nil {
		return err
	}
	if !CanCast(out, x.dtype) {
		return CastError(out, x.dtype)
	}
	if out != x.dtype || compute.ComputeIn() != compute {
		r, err := s.run(x, compute, out, nil)
		if err != nil {
			return err
		}
		return x.CopyFrom(r)
	}
	if _, err := s.run(x, compute, out, x); err != nil {
		return err
	}
	x.MarkModified()
	return nil
}

// run computes into out, or into a new tensor of dtype outType when out is
// nil. A compute dtype that computes in another (DType.ComputeIn) runs the
// other's kernel, and a result of the compute dtype is converted back.
func (s *UnarySpec) run(x *Tensor, compute, outType DType, out *Tensor) (*Tensor, error) {
	kernelType, iterType := computeTypes(compute, outType)
	kernel, err := s.kernels.Select(s.Name, kernelType)
	if err != nil {
		return nil, err
	}
	if x, err = toKernelType(x, kernelType); err != nil {
		return nil, err
	}
	return runElementwise(kernel, out, iterType, outType, x, nil)
}

// toKernelType converts an operand to the dtype its kernel runs in. A
// complex operand of a logical kernel is true unless both its parts are
// zero, as PyTorch's logical operations read it (its conversion to bool,
// To, reads the real part only).
func toKernelType(x *Tensor, kernelType DType) (*Tensor, error) {
	if kernelType == Bool && x.dtype.IsComplex() {
		return Truth(x)
	}
	return x.To(kernelType)
}

// Truth is x != 0 element by element: for a complex x, true unless both
// parts are zero (torch.nonzero's and the logical operations' reading).
func Truth(x *Tensor) (*Tensor, error) {
	if x.dtype.IsComplex() {
		return Ne(x, MustScalar(complex(0, 0)))
	}
	return x.To(Bool)
}

// computeTypes returns the dtype an element-wise kernel runs in for an
// operation that computes in compute and returns outType, and the dtype of
// the kernel's output: compute's ComputeIn dtype, and that same dtype in
// place of a result of the compute dtype, which is then converted back.
func computeTypes(compute, outType DType) (kernelType, iterType DType) {
	kernelType, iterType = compute.ComputeIn(), outType
	if outType == compute {
		iterType = kernelType
	}
	return kernelType, iterType
}

// mapLoop builds a same-dtype unary kernel from an element function.
func mapLoop[T Computable](f func(T) T) unaryKernel {
	return func(it *Iter) error { return runUnary(it, f) }
}

// sliceLoop is mapLoop for a function of a whole contiguous run, dst[i] =
// g(src[i]); strided runs call it one element at a time.
func sliceLoop[T Computable](f func(dst, src []T)) unaryKernel {
	return func(it *Iter) error {
		out := it.ops[0].storage.data.([]T)
		x := it.ops[1].storage.data.([]T)
		run := func(offs, inner []int, n int) {
			o, a, so, sa := offs[0], offs[1], inner[0], inner[1]
			if so == 1 && sa == 1 {
				f(out[o:o+n], x[a:a+n])
				return
			}
			for i := range n {
				f(out[o+i*so:][:1], x[a+i*sa:][:1])
			}
		}
		if offs, inner, n, ok, err := it.singleRun(); ok {
			if err == nil {
				run(offs, inner, n)
			}
			return err
		}
		return it.Run(run)
	}
}

func runUnary[T, O Computable](it *Iter, f func(T) O) error {
	out := it.ops[0].storage.data.([]O)
	x := it.ops[1].storage.data.([]T)
	if offs, inner, n, ok, err := it.singleRun(); ok {
		if err == nil {
			unaryRun(out, x, f, offs, inner, n)
		}
		return err
	}
	return it.Run(func(offs, inner []int, n int) { unaryRun(out, x, f, offs, inner, n) })
}

// unaryRun computes one run of n elements: operand k starts at offs[k]
// and advances by inner[k].
func unaryRun[T, O Computable](out []O, x []T, f func(T) O, offs, inner []int, n int) {
	o, a := offs[0], offs[1]
	so, sa := inner[0], inner[1]
	if so == 1 && sa == 1 {
		dst, src := out[o:o+n], x[a:a+n]
		for i := range dst {
			dst[i] = f(src[i])
		}
		return
	}
	for i := range n {
		out[o+i*so] = f(x[a+i*sa])
	}
}

// Neg returns -x.
func Neg(x *Tensor) (*Tensor, error) { return NegSpec.Apply(x) }

// Abs returns |x|.
func Abs(x *Tensor) (*Tensor, error) { return AbsSpec.Apply(x) }

// Exp returns e**x.
func Exp(x *Tensor) (*Tensor, error) { return ExpSpec.Apply(x) }

// Log returns the natural logarithm of x.
func Log(x *Tensor) (*Tensor, error) { return LogSpec.Apply(x) }

// Sqrt returns the square root of x.
func Sqrt(x *Tensor) (*Tensor, error) { return SqrtSpec.Apply(x) }

// Sin returns the sine of x.
func Sin(x *Tensor) (*Tensor, error) { return SinSpec.Apply(x) }

// Cos returns the cosine of x.
func Cos(x *Tensor) (*Tensor, error) { return CosSpec.Apply(x) }

// Tanh returns the hyperbolic tangent of x.
func Tanh(x *Tensor) (*Tensor, error) { return TanhSpec.Apply(x) }

// Sigmoid returns 1 / (1 + e**-x).
func Sigmoid(x *Tensor) (*Tensor, error) { return SigmoidSpec.Apply(x) }

// Relu returns max(x, 0).
func Relu(x *Tensor) (*Tensor, error) { return ReluSpec.Apply(x) }

// LogicalNot returns the element-wise negation of x's truth values.
func LogicalNot(x *Tensor) (*Tensor, error) { return LogicalNotSpec.Apply(x) }

// BitwiseNot returns ~x for integer and bool tensors.
func BitwiseNot(x *Tensor) (*Tensor, error) { return BitwiseNotSpec.Apply(x) }
