package tensor

import (
	"math"
	"sync/atomic"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// binaryKernel runs one operation over a built iterator whose inputs share
// the dtype the kernel was instantiated for.
type binaryKernel func(it *Iter) error

// BinarySpec describes an element-wise operation of two operands.
type BinarySpec struct {
	Name   string // PyTorch's name: add, sub, ...
	Symbol string // the operator in the language, when it has one
	// dtypes maps the operands and their promoted dtype to the dtype the
	// kernel computes in and the dtype of the result, or refuses them.
	dtypes  func(a, b *Tensor, common DType) (compute, out DType, err error)
	kernels Kernels[binaryKernel]
	// intRefuses marks an operation whose int64 kernel can refuse an
	// operand (a zero divisor, a negative exponent) after it has written
	// part of its output; ApplyInPlace then computes into a new tensor.
	intRefuses bool
}

var binarySpecs []*BinarySpec

func defBinary(s *BinarySpec) *BinarySpec {
	binarySpecs = append(binarySpecs, s)
	s.kernels.computesIn() // run converts to the ComputeIn dtype
	return s
}

// BinarySpecs returns every binary operation, in the order of definition
// (autograd's tests check that each has a descriptor in its op table). The
// slice is shared: do not modify it.
func BinarySpecs() []*BinarySpec { return binarySpecs }

// sameDType computes in the promoted dtype.
func sameDType(_, _ *Tensor, common DType) (DType, DType, error) { return common, common, nil }

// comparison computes in the promoted dtype and returns bool.
func comparison(_, _ *Tensor, common DType) (DType, DType, error) { return common, Bool, nil }

// toFloat computes integer and bool inputs as DefaultFloat, as unary
// floatResult does.
func toFloat(_, _ *Tensor, common DType) (DType, DType, error) { return floatResult(common) }

func noBoolSub(a, b *Tensor, common DType) (DType, DType, error) {
	switch {
	case a.dtype == Bool && b.dtype == Bool:
		return 0, 0, typeErrorf("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.")
	case a.dtype == Bool || b.dtype == Bool:
		return 0, 0, typeErrorf("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
	}
	return common, common, nil
}

func integerOrBool(name string) func(a, b *Tensor, common DType) (DType, DType, error) {
	return func(a, b *Tensor, common DType) (DType, DType, error) {
		if common.IsFloating() {
			return 0, 0, typeErrorf("%s is only supported for integer and bool tensors, got %s", name, common).
				WithHint("use the logical_ functions or compare first, e.g. (x > 0)")
		}
		return common, common, nil
	}
}

func logical(_, _ *Tensor, _ DType) (DType, DType, error) { return Bool, Bool, nil }

// The binary operations.
var (
	AddSpec = defBinary(&BinarySpec{Name: "add", Symbol: "+", dtypes: sameDType,
		kernels: AllDTypes(ByDType[binaryKernel]{Float32: arith[float32](opAdd), Float64: arith[float64](opAdd), Int64: arith[int64](opAdd), Complex64: complexArith[complex64](opAdd), Complex128: complexArith[complex128](opAdd), Bool: boolLoop(func(a, b uint8) uint8 { return a | b })})})
	SubSpec = defBinary(&BinarySpec{Name: "sub", Symbol: "-", dtypes: noBoolSub,
		kernels: NoBoolDTypes(ByDType[binaryKernel]{Float32: arith[float32](opSub), Float64: arith[float64](opSub), Int64: arith[int64](opSub), Complex64: complexArith[complex64](opSub), Complex128: complexArith[complex128](opSub)})})
	MulSpec = defBinary(&BinarySpec{Name: "mul", Symbol: "*", dtypes: sameDType,
		kernels: AllDTypes(ByDType[binaryKernel]{Float32: arith[float32](opMul), Float64: arith[float64](opMul), Int64: arith[int64](opMul), Complex64: complexArith[complex64](opMul), Complex128: complexArith[complex128](opMul), Bool: boolLoop(func(a, b uint8) uint8 { return a & b })})})
	DivSpec = defBinary(&BinarySpec{Name: "div", Symbol: "/", dtypes: toFloat,
		kernels: InexactDTypes(ByDType[binaryKernel]{Float32: arith[float32](opDiv), Float64: arith[float64](opDiv), Complex64: complexArith[complex64](opDiv), Complex128: complexArith[complex128](opDiv)})})
	FloorDivideSpec = defBinary(&BinarySpec{Name: "floor_divide", Symbol: "//", dtypes: sameDType, intRefuses: true,
		kernels: NoBoolRealDTypes(ByDType[binaryKernel]{Float32: floatLoop(FloorDivFloat[float32]), Float64: floatLoop(FloorDivFloat[float64]), Int64: intDivLoop(FloorDivInt)})})
	DivTruncSpec = defBinary(&BinarySpec{Name: "div_trunc", dtypes: sameDType, intRefuses: true,
		kernels: NoBoolRealDTypes(ByDType[binaryKernel]{Float32: floatLoop(TruncDivFloat[float32]), Float64: floatLoop(TruncDivFloat[float64]), Int64: intDivLoop(TruncDivInt)})})
	RemainderSpec = defBinary(&BinarySpec{Name: "remainder", Symbol: "%", dtypes: sameDType, intRefuses: true,
		kernels: NoBoolRealDTypes(ByDType[binaryKernel]{Float32: remainder32Kernel, Float64: floatLoop(RemainderFloat[float64]), Int64: intDivLoop(RemainderInt)})})
	PowSpec = defBinary(&BinarySpec{Name: "pow", Symbol: "**", dtypes: sameDType, intRefuses: true,
		kernels: NoBoolDTypes(ByDType[binaryKernel]{Float32: powFloatKernel[float32](), Float64: powFloatKernel[float64](), Int64: powIntKernel, Complex64: complexPow[complex64], Complex128: complexPow[complex128]})})
	MaximumSpec = defBinary(&BinarySpec{Name: "maximum", dtypes: sameDType,
		kernels: RealDTypes(ByDType[binaryKernel]{Float32: extremeLoop(maxNaN[float32], true), Float64: extremeLoop(maxNaN[float64], true), Int64: intExtremeLoop(maxOf[int64], true), Bool: sameLoop(maxOf[uint8])})})
	MinimumSpec = defBinary(&BinarySpec{Name: "minimum", dtypes: sameDType,
		kernels: RealDTypes(ByDType[binaryKernel]{Float32: extremeLoop(minNaN[float32], false), Float64: extremeLoop(minNaN[float64], false), Int64: intExtremeLoop(minOf[int64], false), Bool: sameLoop(minOf[uint8])})})

	EqSpec = defBinary(&BinarySpec{Name: "eq", Symbol: "==", dtypes: comparison, kernels: equalityKernels(cmpEq, func(c int) bool { return c == 0 }, false)})
	NeSpec = defBinary(&BinarySpec{Name: "ne", Symbol: "!=", dtypes: comparison, kernels: equalityKernels(cmpNe, func(c int) bool { return c != 0 }, true)})
	LtSpec = defBinary(&BinarySpec{Name: "lt", Symbol: "<", dtypes: comparison, kernels: compareKernels(cmpLt, func(c int) bool { return c < 0 }, false)})
	LeSpec = defBinary(&BinarySpec{Name: "le", Symbol: "<=", dtypes: comparison, kernels: compareKernels(cmpLe, func(c int) bool { return c <= 0 }, false)})
	GtSpec = defBinary(&BinarySpec{Name: "gt", Symbol: ">", dtypes: comparison, kernels: compareKernels(cmpGt, func(c int) bool { return c > 0 }, false)})
	GeSpec = defBinary(&BinarySpec{Name: "ge", Symbol: ">=", dtypes: comparison, kernels: compareKernels(cmpGe, func(c int) bool { return c >= 0 }, false)})

	LogicalAndSpec = defBinary(&BinarySpec{Name: "logical_and", dtypes: logical, kernels: boolOnly(func(a, b uint8) uint8 { return a & b })})
	LogicalOrSpec  = defBinary(&BinarySpec{Name: "logical_or", dtypes: logical, kernels: boolOnly(func(a, b uint8) uint8 { return a | b })})
	LogicalXorSpec = defBinary(&BinarySpec{Name: "logical_xor", dtypes: logical, kernels: boolOnly(func(a, b uint8) uint8 { return a ^ b })})

	BitwiseAndSpec = defBinary(&BinarySpec{Name: "bitwise_and", Symbol: "&", dtypes: integerOrBool("bitwise_and"),
		kernels: IntegerBoolDTypes(ByDType[binaryKernel]{Int64: sameLoop(func(a, b int64) int64 { return a & b }), Bool: boolLoop(func(a, b uint8) uint8 { return a & b })})})
	BitwiseOrSpec = defBinary(&BinarySpec{Name: "bitwise_or", Symbol: "|", dtypes: integerOrBool("bitwise_or"),
		kernels: IntegerBoolDTypes(ByDType[binaryKernel]{Int64: sameLoop(func(a, b int64) int64 { return a | b }), Bool: boolLoop(func(a, b uint8) uint8 { return a | b })})})
	BitwiseXorSpec = defBinary(&BinarySpec{Name: "bitwise_xor", Symbol: "^", dtypes: integerOrBool("bitwise_xor"),
		kernels: IntegerBoolDTypes(ByDType[binaryKernel]{Int64: sameLoop(func(a, b int64) int64 { return a ^ b }), Bool: boolLoop(func(a, b uint8) uint8 { return a ^ b })})})
)

// Types returns the dtype spec computes a op b in and the dtype of the
// result, or the error the operation would report.
func (s *BinarySpec) Types(a, b *Tensor) (compute, out DType, err error) {
	if compute, out, err = s.dtypes(a, b, ResultType(a, b)); err == nil {
		err = refuseHalf(s.Name, compute)
	}
	return compute, out, err
}

// Apply computes a op b into a new tensor.
func (s *BinarySpec) Apply(a, b *Tensor) (*Tensor, error) {
	call, err := s.Prepare(a, b)
	if err != nil {
		return nil, err
	}
	return call.Run()
}

// BinaryCall is a binary operation with its operands and the dtypes Types
// gave them: what a caller needs to report the result's dtype (the
// language's promotion note) and then compute it, promoting once.
type BinaryCall struct {
	Spec         *BinarySpec
	A, B         *Tensor
	compute, out DType
}

// Prepare resolves the dtypes of a op b, or returns the error Apply would.
func (s *BinarySpec) Prepare(a, b *Tensor) (BinaryCall, error) {
	compute, out, err := s.Types(a, b)
	return BinaryCall{Spec: s, A: a, B: b, compute: compute, out: out}, err
}

// Out returns the dtype of the result.
func (c BinaryCall) Out() DType { return c.out }

// Run computes the operation into a new tensor.
func (c BinaryCall) Run() (*Tensor, error) { return c.Spec.run(c.A, c.B, c.compute, c.out, nil) }

// CheckInPlace returns the error ApplyInPlace(a, b) gives for the dtypes of
// a and b, without computing anything: a refused promotion, or a result that
// a's dtype cannot hold.
func (s *BinarySpec) CheckInPlace(a, b *Tensor) error {
	_, _, err := s.inPlaceTypes(a, b)
	return err
}

// inPlaceTypes is Types for a result written into a.
func (s *BinarySpec) inPlaceTypes(a, b *Tensor) (compute, out DType, err error) {
	compute, out, err = s.Types(a, b)
	if err == nil && !CanCast(out, a.dtype) {
		err = CastError(out, a.dtype).WithHint("write the result to a new variable, or convert with .to(%s) first", out)
	}
	return compute, out, err
}

// ApplyInPlace computes a op b and writes the result into a, as PyTorch's
// a.add_(b). The result must be castable to a's dtype and broadcast to a's
// shape. An error leaves a unchanged, except a KeyboardInterrupt, which can
// stop the kernel part-way.
func (s *BinarySpec) ApplyInPlace(a, b *Tensor) error {
	compute, out, err := s.inPlaceTypes(a, b)
	if err != nil {
		return err
	}
	if out != a.dtype || overlaps(a, b) || (s.intRefuses && compute == Int64) || compute.ComputeIn() != compute {
		r, err := s.run(a, b, compute, out, nil)
		if err != nil {
			return err
		}
		return a.CopyFrom(r)
	}
	if s == AddSpec && b.dtype == a.dtype {
		// a += bias, a row vector (a Linear's or Conv1D's bias, as GPT-2's
		// decoded token adds it 48 times): each row by vecmath's add,
		// the same sums, without building the broadcasting iterator.
		if done, err := addBiasRows(a, b); err != nil || done {
			if done {
				a.MarkModified()
			}
			return err
		}
	}
	if _, err := s.run(a, b, compute, out, a); err != nil {
		return err
	}
	a.MarkModified()
	return nil
}

// run computes into out, or into a new tensor of dtype outType when out is
// nil, converting as UnarySpec.run does.
func (s *BinarySpec) run(a, b *Tensor, compute, outType DType, out *Tensor) (*Tensor, error) {
	kernelType, iterType := computeTypes(compute, outType)
	if kernelType != compute && s.kernels.has[compute] {
		// A kernel of the dtype itself (a shift of a narrow integer) runs
		// without widening.
		kernelType = compute
		if outType == compute {
			iterType = compute
		}
	}
	kernel, err := s.kernels.Select(s.Name, kernelType)
	if err != nil {
		return nil, err
	}
	// As PyTorch, operands go to the common dtype first: a number beside an
	// int8 tensor wraps to int8 (clamp(x, -1) of a uint8 x is clamp(x, 255)),
	// one beside a float16 tensor rounds to float16.
	for _, x := range []**Tensor{&a, &b} {
		if compute != kernelType && (*x).dtype != compute {
			if *x, err = toKernelType(*x, compute); err != nil {
				return nil, err
			}
		}
		if *x, err = toKernelType(*x, kernelType); err != nil {
			return nil, err
		}
	}
	return runElementwise(kernel, out, iterType, outType, a, b)
}

// Add returns a + b.
func Add(a, b *Tensor) (*Tensor, error) { return AddSpec.Apply(a, b) }

// Sub returns a - b.
func Sub(a, b *Tensor) (*Tensor, error) { return SubSpec.Apply(a, b) }

// Mul returns a * b.
func Mul(a, b *Tensor) (*Tensor, error) { return MulSpec.Apply(a, b) }

// Div returns a / b with true division: integer inputs give float32.
func Div(a, b *Tensor) (*Tensor, error) { return DivSpec.Apply(a, b) }

// FloorDivide returns a // b, rounding toward negative infinity.
func FloorDivide(a, b *Tensor) (*Tensor, error) { return FloorDivideSpec.Apply(a, b) }

// DivTrunc returns a / b rounded towards zero (div with
// rounding_mode='trunc'); integers stay integers.
func DivTrunc(a, b *Tensor) (*Tensor, error) { return DivTruncSpec.Apply(a, b) }

// Remainder returns a % b with the sign of b, as Python's %.
func Remainder(a, b *Tensor) (*Tensor, error) { return RemainderSpec.Apply(a, b) }

// Pow returns a ** b.
func Pow(a, b *Tensor) (*Tensor, error) { return PowSpec.Apply(a, b) }

// Maximum returns the element-wise maximum; NaN propagates.
func Maximum(a, b *Tensor) (*Tensor, error) { return MaximumSpec.Apply(a, b) }

// Minimum returns the element-wise minimum; NaN propagates.
func Minimum(a, b *Tensor) (*Tensor, error) { return MinimumSpec.Apply(a, b) }

// Eq returns a == b as a bool tensor.
func Eq(a, b *Tensor) (*Tensor, error) { return EqSpec.Apply(a, b) }

// Ne returns a != b as a bool tensor.
func Ne(a, b *Tensor) (*Tensor, error) { return NeSpec.Apply(a, b) }

// Lt returns a < b as a bool tensor.
func Lt(a, b *Tensor) (*Tensor, error) { return LtSpec.Apply(a, b) }

// Le returns a <= b as a bool tensor.
func Le(a, b *Tensor) (*Tensor, error) { return LeSpec.Apply(a, b) }

// Gt returns a > b as a bool tensor.
func Gt(a, b *Tensor) (*Tensor, error) { return GtSpec.Apply(a, b) }

// Ge returns a >= b as a bool tensor.
func Ge(a, b *Tensor) (*Tensor, error) { return GeSpec.Apply(a, b) }

// LogicalAnd returns a && b element-wise, treating non-zero as true.
func LogicalAnd(a, b *Tensor) (*Tensor, error) { return LogicalAndSpec.Apply(a, b) }

// LogicalOr returns a || b element-wise, treating non-zero as true.
func LogicalOr(a, b *Tensor) (*Tensor, error) { return LogicalOrSpec.Apply(a, b) }

// LogicalXor returns a != b element-wise, treating non-zero as true.
func LogicalXor(a, b *Tensor) (*Tensor, error) { return LogicalXorSpec.Apply(a, b) }

// BitwiseAnd returns a & b for integer and bool tensors.
func BitwiseAnd(a, b *Tensor) (*Tensor, error) { return BitwiseAndSpec.Apply(a, b) }

// BitwiseOr returns a | b for integer and bool tensors.
func BitwiseOr(a, b *Tensor) (*Tensor, error) { return BitwiseOrSpec.Apply(a, b) }

// BitwiseXor returns a ^ b for integer and bool tensors.
func BitwiseXor(a, b *Tensor) (*Tensor, error) { return BitwiseXorSpec.Apply(a, b) }

// ---- kernels ----

// runBinary is the inner loop of every binary kernel: contiguous and
// scalar-broadcast runs take the fast paths when given, other runs the
// strided loop over f.
func runBinary[T, O Computable](it *Iter, f func(a, b T) O, fast *fastPaths[T, O]) error {
	out := it.ops[0].storage.data.([]O)
	x := it.ops[1].storage.data.([]T)
	y := it.ops[2].storage.data.([]T)
	if offs, inner, n, ok, err := it.singleRun(); ok {
		if err == nil {
			binaryRun(out, x, y, f, fast, offs, inner, n)
		}
		return err
	}
	return it.Run(func(offs, inner []int, n int) { binaryRun(out, x, y, f, fast, offs, inner, n) })
}

// binaryRun computes one run of n elements: operand k starts at offs[k]
// and advances by inner[k].
func binaryRun[T, O Computable](out []O, x, y []T, f func(a, b T) O, fast *fastPaths[T, O], offs, inner []int, n int) {
	o, a, b := offs[0], offs[1], offs[2]
	so, sa, sb := inner[0], inner[1], inner[2]
	if so == 1 {
		dst := out[o : o+n]
		switch {
		case sa == 1 && sb == 1:
			if fast != nil {
				fast.vv(dst, x[a:a+n], y[b:b+n])
				return
			}
			xs, ys := x[a:a+n], y[b:b+n]
			for i := range dst {
				dst[i] = f(xs[i], ys[i])
			}
			return
		case sa == 1 && sb == 0:
			if fast != nil {
				fast.vs(dst, x[a:a+n], y[b])
				return
			}
			xs, s := x[a:a+n], y[b]
			for i := range dst {
				dst[i] = f(xs[i], s)
			}
			return
		case sa == 0 && sb == 1:
			if fast != nil {
				fast.sv(dst, x[a], y[b:b+n])
				return
			}
			s, ys := x[a], y[b:b+n]
			for i := range dst {
				dst[i] = f(s, ys[i])
			}
			return
		}
	}
	for i := range n {
		out[o+i*so] = f(x[a+i*sa], y[b+i*sb])
	}
}

// fastPaths are hand-written loops for the hottest operations, which the Go
// compiler compiles without a call per element.
type fastPaths[T, O Computable] struct {
	vv func(o []O, a, b []T)
	vs func(o []O, a []T, b T)
	sv func(o []O, a T, b []T)
}

type arithOp int

const (
	opAdd arithOp = iota
	opSub
	opMul
	opDiv
)

// arith returns the kernel of one of the four arithmetic operators for T.
func arith[T Number](op arithOp) binaryKernel {
	var f func(a, b T) T
	var fast fastPaths[T, T]
	switch op {
	case opAdd:
		f = func(a, b T) T { return a + b }
		fast = fastPaths[T, T]{vv: addVV[T], vs: addVS[T], sv: func(o []T, a T, b []T) { addVS(o, b, a) }}
	case opSub:
		f = func(a, b T) T { return a - b }
		fast = fastPaths[T, T]{vv: subVV[T], vs: func(o []T, a []T, b T) { addVS(o, a, -b) }, sv: subSV[T]}
	case opMul:
		f = func(a, b T) T { return a * b }
		fast = fastPaths[T, T]{vv: mulVV[T], vs: mulVS[T], sv: func(o []T, a T, b []T) { mulVS(o, b, a) }}
	case opDiv:
		f = func(a, b T) T { return a / b }
		fast = fastPaths[T, T]{vv: divVV[T], vs: divVS[T], sv: divSV[T]}
	}
	if f32, ok := any(&float32Arith[op]).(*fastPaths[T, T]); ok {
		fast = *f32
	} else if f64, ok := any(&float64Arith[op]).(*fastPaths[T, T]); ok {
		fast = *f64
	}
	return func(it *Iter) error { return runBinary(it, f, &fast) }
}

// float32Arith are arith's fast paths for float32, in vector registers
// where the CPU has them (vecmath: the same bits as the loops below).
var float32Arith = [...]fastPaths[float32, float32]{
	opAdd: {vv: vecmath.AddVV, vs: vecmath.AddVS, sv: func(o []float32, a float32, b []float32) { vecmath.AddVS(o, b, a) }},
	opSub: {vv: vecmath.SubVV, vs: func(o []float32, a []float32, b float32) { vecmath.AddVS(o, a, -b) }, sv: vecmath.SubSV},
	opMul: {vv: vecmath.MulVV, vs: vecmath.MulVS, sv: func(o []float32, a float32, b []float32) { vecmath.MulVS(o, b, a) }},
	opDiv: {vv: vecmath.DivVV, vs: vecmath.DivVS, sv: vecmath.DivSV},
}

// float64Arith are arith's fast paths for float64, in vector registers
// where the CPU has them (vecmath: the same bits as the loops below).
// x - s is x + (-s), the same IEEE result.
var float64Arith = [...]fastPaths[float64, float64]{
	opAdd: {vv: vecmath.AddFloat64, vs: vecmath.AddVSFloat64, sv: func(o []float64, a float64, b []float64) { vecmath.AddVSFloat64(o, b, a) }},
	opSub: {vv: vecmath.SubVVFloat64, vs: func(o []float64, a []float64, b float64) { vecmath.AddVSFloat64(o, a, -b) }, sv: vecmath.SubSVFloat64},
	opMul: {vv: vecmath.MulVVFloat64, vs: vecmath.MulVSFloat64, sv: func(o []float64, a float64, b []float64) { vecmath.MulVSFloat64(o, b, a) }},
	opDiv: {vv: vecmath.DivVVFloat64, vs: vecmath.DivVSFloat64, sv: vecmath.DivSVFloat64},
}

func addVV[T Number](o, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = a[i] + b[i]
	}
}

func addVS[T Number](o, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = a[i] + s
	}
}

func subVV[T Number](o, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = a[i] - b[i]
	}
}

func subSV[T Number](o []T, s T, b []T) {
	b = b[:len(o)]
	for i := range o {
		o[i] = s - b[i]
	}
}

func mulVV[T Number](o, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = a[i] * b[i]
	}
}

func mulVS[T Number](o, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = a[i] * s
	}
}

func divVV[T Number](o, a, b []T) {
	a, b = a[:len(o)], b[:len(o)]
	for i := range o {
		o[i] = a[i] / b[i]
	}
}

func divVS[T Number](o, a []T, s T) {
	a = a[:len(o)]
	for i := range o {
		o[i] = a[i] / s
	}
}

func divSV[T Number](o []T, s T, b []T) {
	b = b[:len(o)]
	for i := range o {
		o[i] = s / b[i]
	}
}

func sameLoop[T Computable](f func(a, b T) T) binaryKernel {
	return func(it *Iter) error { return runBinary[T, T](it, f, nil) }
}

func floatLoop[T Float](f func(a, b T) T) binaryKernel { return sameLoop(f) }

func boolLoop(f func(a, b uint8) uint8) binaryKernel { return sameLoop(f) }

// boolOnly builds a logical kernel table: inputs are converted to bool first.
func boolOnly(f func(a, b uint8) uint8) Kernels[binaryKernel] {
	return BoolDTypes(ByDType[binaryKernel]{Bool: boolLoop(f)})
}

// compareKernels builds the table of a comparison from a test on the sign of
// compare(a, b). NaN compares unequal to everything: only ne is true.
func compareKernels(op cmpOp, test func(c int) bool, nanResult bool) Kernels[binaryKernel] {
	return RealDTypes(ByDType[binaryKernel]{Float32: compareLoop[float32](op, test, nanResult), Float64: compareLoop[float64](op, test, nanResult), Int64: compareLoop[int64](op, test, nanResult), Bool: compareLoop[uint8](op, test, nanResult)})
}

// equalityKernels are compareKernels with complex kernels too: == and !=
// compare complex numbers part by part (NaN in either part is unequal).
func equalityKernels(op cmpOp, test func(c int) bool, nanResult bool) Kernels[binaryKernel] {
	return AllDTypes(ByDType[binaryKernel]{Float32: compareLoop[float32](op, test, nanResult), Float64: compareLoop[float64](op, test, nanResult), Int64: compareLoop[int64](op, test, nanResult), Bool: compareLoop[uint8](op, test, nanResult),
		Complex64: complexEqual[complex64](test(0)), Complex128: complexEqual[complex128](test(0))})
}

// compareLoop runs a comparison: the typed loops of compareFast for
// contiguous and scalar operands, compareFunc's closure for strided ones.
func compareLoop[T Native](op cmpOp, test func(c int) bool, nanResult bool) binaryKernel {
	f, fast := compareFunc[T](test, nanResult), compareFast[T](op)
	return func(it *Iter) error { return runBinary(it, f, fast) }
}

// compareFunc is a comparison of two elements from a test on the sign of
// their order; NaN gives nanResult.
func compareFunc[T Native](test func(c int) bool, nanResult bool) func(a, b T) uint8 {
	return func(a, b T) uint8 {
		switch {
		case a < b:
			return boolByte(test(-1))
		case a > b:
			return boolByte(test(1))
		case a == b:
			return boolByte(test(0))
		}
		return boolByte(nanResult)
	}
}

// The functions below are Python's // and % (the remainder has the sign
// of the divisor), for the tensor kernels and for the language's numbers
// alike, and the division rounded towards zero. The integer ones need
// b != 0; FloorDivInt(MinInt64, -1) wraps.

// FloorDivFloat returns a // b: the quotient rounded towards -inf, as
// PyTorch (div_floor_floating) and CPython (float_floor_div) compute it:
// from the exact remainder, not by flooring a / b, which rounds first
// (1 // 0.1 is 9, though 1 / 0.1 rounds to 10).
func FloorDivFloat[T Float](a, b T) T {
	x, y := float64(a), float64(b)
	if y == 0 {
		return T(x / y)
	}
	mod := math.Mod(x, y)
	div := (x - mod) / y
	if mod != 0 && (y < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return T(math.Copysign(0, x/y))
	}
	q := math.Floor(div)
	if div-q > 0.5 {
		q++
	}
	return T(q)
}

// TruncDivFloat returns a / b rounded towards zero, as PyTorch's
// div(rounding_mode='trunc') computes it: trunc of the rounded quotient.
func TruncDivFloat[T Float](a, b T) T { return T(math.Trunc(float64(a / b))) }

// TruncDivInt returns a / b rounded towards zero: Go's integer division.
func TruncDivInt(a, b int64) int64 { return a / b }

// RemainderFloat returns a % b, with the sign of b.
func RemainderFloat[T Float](a, b T) T {
	r := T(math.Mod(float64(a), float64(b)))
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

// FloorDivInt returns a // b: the quotient rounded towards -inf.
func FloorDivInt(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// RemainderInt returns a % b, with the sign of b.
func RemainderInt(a, b int64) int64 {
	r := a % b
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

// intDivLoop runs an integer division kernel, reporting a zero divisor as a
// ZeroDivisionError instead of Go's run-time panic.
func intDivLoop(f func(a, b int64) int64) binaryKernel {
	return func(it *Iter) error {
		var zero atomic.Bool
		err := runBinary(it, func(a, b int64) int64 {
			if b == 0 {
				zero.Store(true)
				return 0
			}
			if b == -1 { // MinInt64 / -1 overflows: wrap as two's complement does
				return f(a, 1) * -1
			}
			return f(a, b)
		}, nil)
		if err == nil && zero.Load() {
			return Errorf(ZeroDivisionError, "integer division or modulo by zero").
				WithHint("convert to float first for inf/nan results: x.to(float32)")
		}
		return err
	}
}

func powFloat[T Float](a, b T) T { return T(math.Pow(float64(a), float64(b))) }

func powIntLoop(it *Iter) error {
	var negative atomic.Bool
	err := runBinary(it, func(a, b int64) int64 {
		if b < 0 {
			negative.Store(true)
			return 0
		}
		return powInt(a, b)
	}, nil)
	if err == nil && negative.Load() {
		return Errorf(RuntimeError, "Integers to negative integer powers are not allowed.").
			WithHint("use a float base, e.g. x.to(float32) ** -1")
	}
	return err
}

// powInt raises a to the non-negative power b by squaring; overflow wraps.
func powInt(a, b int64) int64 {
	r := int64(1)
	for b > 0 {
		if b&1 == 1 {
			r *= a
		}
		a *= a
		b >>= 1
	}
	return r
}

func maxNaN[T Float](a, b T) T {
	if a != a || a > b {
		return a
	}
	return b
}

func minNaN[T Float](a, b T) T {
	if a != a || a < b {
		return a
	}
	return b
}

// extremeLoop runs maximum (isMax) or minimum of a float type: f for
// strided operands, extremeFast's loops for contiguous and scalar ones.
func extremeLoop[T Float](f func(a, b T) T, isMax bool) binaryKernel {
	fast := extremeFast[T](isMax)
	return func(it *Iter) error { return runBinary(it, f, fast) }
}

// intExtremeLoop is extremeLoop for int64: Go's max and min, a CMOV.
func intExtremeLoop(f func(a, b int64) int64, isMax bool) binaryKernel {
	fast := &fastPaths[int64, int64]{vv: maxVVInt, vs: maxVSInt, sv: func(o []int64, s int64, b []int64) { maxVSInt(o, b, s) }}
	if !isMax {
		fast = &fastPaths[int64, int64]{vv: minVVInt, vs: minVSInt, sv: func(o []int64, s int64, b []int64) { minVSInt(o, b, s) }}
	}
	return func(it *Iter) error { return runBinary(it, f, fast) }
}

func maxOf[T int64 | uint8](a, b T) T { return max(a, b) }

func minOf[T int64 | uint8](a, b T) T { return min(a, b) }
