package tensor

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// ByDType holds one value per dtype, indexed by DType. Write it as a keyed
// literal, ByDType[F]{Float32: ..., Int64: ...}, so that every entry names
// its dtype; the entries a literal leaves out are missing kernels.
type ByDType[F any] [numDTypes]F

// Kernels is the dispatch table of one operation: the instantiations of a
// generic kernel for each dtype it supports, indexed by dtype. Select is the
// single place that turns a runtime dtype into typed code; the element loop
// inside the kernel then runs with a compile-time element type and no dtype
// checks.
//
// Build a table with one of the constructors below. Each says which dtypes
// the operation accepts; the others are refused with a TypeError naming the
// operation. Every accepted dtype needs a kernel, except in the tables of
// element-wise specs (defBinary, defUnary), whose operations convert a
// dtype that computes in another (DType.ComputeIn) to that one first and so
// need kernels only for the dtypes that compute in themselves.
// TestEveryDTypeHasKernels checks every table built during package
// initialization against that rule, so a new dtype fails the test at every
// table that lacks it.
type Kernels[F any] struct {
	fns     ByDType[F]
	has     ByDType[bool]
	accepts func(DType) bool
	refusal string // format: operation, dtype
	record  int    // index in tables, or -1
}

// tableClass names which dtypes a table accepts.
type tableClass struct {
	name    string // the constructor, for messages
	accepts func(DType) bool
	refusal string
}

var (
	allClass   = tableClass{name: "AllDTypes", accepts: func(DType) bool { return true }}
	floatClass = tableClass{name: "FloatingDTypes", accepts: DType.IsFloating,
		refusal: "%s only supports floating point dtypes, got %s"}
	noBoolClass = tableClass{name: "NoBoolDTypes", accepts: func(d DType) bool { return d.Category() != BoolCategory },
		refusal: "%s does not support %s tensors"}
	intBoolClass = tableClass{name: "IntegerBoolDTypes", accepts: func(d DType) bool { return d.Category() <= IntegerCategory },
		refusal: "%s does not support %s tensors"}
	intClass  = tableClass{name: "IntegerDTypes", accepts: func(d DType) bool { return d.Category() == IntegerCategory }}
	boolClass = tableClass{name: "BoolDTypes", accepts: func(d DType) bool { return d.Category() == BoolCategory },
		refusal: "%s does not support %s tensors"}
	realClass       = tableClass{name: "RealDTypes", accepts: func(d DType) bool { return !d.IsComplex() }}
	noBoolRealClass = tableClass{name: "NoBoolRealDTypes", accepts: func(d DType) bool { return d.Category() == IntegerCategory || d.IsFloating() },
		refusal: "%s does not support %s tensors"}
	inexactClass = tableClass{name: "InexactDTypes", accepts: func(d DType) bool { return d.IsFloating() || d.IsComplex() },
		refusal: "%s only supports floating point and complex dtypes, got %s"}
)

// AllDTypes builds a table for a kernel that supports every dtype, such as
// copy or add (logical or on bool).
func AllDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(allClass, fns) }

// FloatingDTypes builds a table for a kernel that only makes sense for
// floating point values, such as softmax.
func FloatingDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(floatClass, fns) }

// NoBoolDTypes builds a table for a kernel that supports every dtype but bool,
// such as matmul.
func NoBoolDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(noBoolClass, fns) }

// IntegerBoolDTypes builds a table for a kernel of integers and bools, such
// as bitwise_and.
func IntegerBoolDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(intBoolClass, fns) }

// IntegerDTypes builds a table for a kernel of integers only, such as
// gcd; another dtype is PyTorch's "not implemented for" error.
func IntegerDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(intClass, fns) }

// BoolDTypes builds a table for a kernel of bools only, such as logical_and.
func BoolDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(boolClass, fns) }

// RealDTypes builds a table for a kernel of every dtype but the complex
// ones, such as the comparison lt, which has no meaning for complex
// numbers (PyTorch refuses them: "lt" not implemented for 'ComplexFloat').
func RealDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(realClass, fns) }

// NoBoolRealDTypes builds a table for a kernel of integers and real
// floats, such as floor_divide.
func NoBoolRealDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(noBoolRealClass, fns) }

// InexactDTypes builds a table for a kernel of floating and complex
// dtypes, such as true division.
func InexactDTypes[F any](fns ByDType[F]) Kernels[F] { return newKernels(inexactClass, fns) }

func newKernels[F any](c tableClass, fns ByDType[F]) Kernels[F] {
	k := Kernels[F]{fns: fns, accepts: c.accepts, refusal: c.refusal}
	for d := range fns {
		k.has[d] = !isNil(fns[d])
	}
	k.record = registerTable(c, k.has)
	return k
}

// computesIn records that the operation of table k converts operands of a
// dtype that computes in another dtype (DType.ComputeIn) to that dtype
// before it selects a kernel, so k needs kernels only for the dtypes that
// compute in themselves.
func (k *Kernels[F]) computesIn() {
	if k.record >= 0 {
		tables[k.record].computeIn = true
	}
}

// computed marks table k as one whose operation converts its operands to
// their ComputeIn dtype first (computesIn), and returns it: for tables
// built as package-level values by a var declaration.
func computed[F any](k Kernels[F]) Kernels[F] {
	k.computesIn()
	return k
}

// convertsIn reports whether the operation of table k, given operands of
// dtype d, converts them to d's ComputeIn dtype first: k accepts d, and d
// computes in another dtype.
func (k *Kernels[F]) convertsIn(d DType) bool {
	return d.valid() && d.ComputeIn() != d && (k.accepts == nil || k.accepts(d))
}

// toComputeIn converts x to the dtype its arithmetic computes in
// (DType.ComputeIn); x itself when that is its dtype.
func toComputeIn(x *Tensor) (*Tensor, error) { return x.To(x.dtype.ComputeIn()) }

// fromComputeIn converts a result r computed in d's ComputeIn dtype back to
// d, rounding once; r itself when d computes in itself.
func fromComputeIn(r *Tensor, d DType, err error) (*Tensor, error) {
	if err != nil || r == nil || r.dtype == d {
		return r, err
	}
	return r.To(d)
}

// isNil reports whether a table entry is missing: a nil function, or the
// zero value of another entry type (such as a nested table).
func isNil(f any) bool {
	v := reflect.ValueOf(f)
	return !v.IsValid() || v.IsZero()
}

// Select returns the kernel instantiated for d, or a TypeError naming op when
// the table does not accept d.
func (k *Kernels[F]) Select(op string, d DType) (F, error) {
	if int(d) < numDTypes && k.has[d] {
		return k.fns[d], nil
	}
	var zero F
	if !d.valid() {
		return zero, typeErrorf("invalid dtype %d", uint8(d))
	}
	if k.accepts == nil || k.accepts(d) {
		// TestEveryDTypeHasKernels rules this out for every table.
		return zero, Errorf(RuntimeError, "%s has no kernel for %s", op, d)
	}
	if d.IsComplex() || k.refusal == "" {
		return zero, NotImplementedFor(op, d)
	}
	err := typeErrorf(k.refusal, op, d)
	if d.IsFloating() {
		return zero, err
	}
	if k.accepts(Float32) && !k.accepts(Int64) {
		return zero, err.WithHint("convert the input with .to(float32) first")
	}
	return zero, err.WithHint("convert the input with .to(int64) first")
}

// A tableRecord is what the registry keeps of one dispatch table.
type tableRecord struct {
	class     tableClass
	has       [numDTypes]bool
	pcs       []uintptr // the calls that built it, named by site
	computeIn bool      // see Kernels.computesIn
}

var (
	tables       []tableRecord
	tablesSealed bool
)

// Tables are package-level values, all built before any init function runs;
// a table built later is not recorded (and not checked).
func init() { tablesSealed = true }

// registerTable records a table in test binaries only: the registry is
// for the tests that check every table (TestEveryDTypeHasKernels), and
// the unwinding of runtime.Callers for each of the package's tables was
// most of kael -c 1.
func registerTable(c tableClass, has [numDTypes]bool) int {
	if tablesSealed || !testing.Testing() {
		return -1
	}
	pcs := make([]uintptr, 16)
	n := runtime.Callers(3, pcs) // skip Callers, registerTable, newKernels
	tables = append(tables, tableRecord{class: c, has: has, pcs: pcs[:n:n]})
	return len(tables) - 1
}

// site names where a table was built: file:line of each caller in this
// package, innermost first, joined by " via ". It is worked out when a
// message or a test asks: naming the callers of every table at start-up
// took longer than building the tables.
func (t *tableRecord) site() string {
	frames := runtime.CallersFrames(t.pcs)
	var sites []string
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "github.com/kael-dev/kael/tensor.") &&
			!strings.Contains(f.Function, "DTypes[") {
			file := f.File[strings.LastIndex(f.File, "/")+1:]
			sites = append(sites, fmt.Sprintf("tensor/%s:%d", file, f.Line))
		}
		if !more {
			break
		}
	}
	return strings.Join(sites, " via ")
}

// missingKernels lists, for every table built at initialization, each dtype
// that the table accepts but has no kernel for: the places a new dtype must
// still fill in.
func missingKernels() []string {
	var out []string
	for _, t := range tables {
		for d := range DType(numDTypes) {
			needed := t.class.accepts(d) && (!t.computeIn || d.ComputeIn() == d)
			if needed && !t.has[d] {
				out = append(out, fmt.Sprintf("%s: %s table has no %s kernel", t.site(), t.class.name, d))
			}
		}
	}
	return out
}

// pytorchKernelNames are the names PyTorch's CPU kernels give themselves
// in their refusals of a dtype, where they differ from the operation's.
var pytorchKernelNames = map[string]string{
	"lt": "lt_cpu", "le": "le_cpu", "gt": "gt_cpu", "ge": "ge_cpu", "argmax": "argmax_cpu", "argmin": "argmin_cpu",
	"amax": "max_values_cpu", "amin": "min_values_cpu", "sort": "sorting_kernel_method_name", "topk": "topk_cpu",
	"remainder": "remainder_cpu", "floor_divide": "div_floor_cpu", "arange": "arange_cpu", "round": "round_vml_cpu",
	"bitwise_and": "bitwise_and_cpu", "bitwise_or": "bitwise_or_cpu", "bitwise_xor": "bitwise_xor_cpu",
	"softmax": "softmax_lastdim_kernel_impl", "fmod": "fmod_cpu", "gcd": "gcd_cpu", "lcm": "lcm_cpu",
	"logaddexp": "logaddexp_cpu", "logaddexp2": "logaddexp2_cpu", "nextafter": "nextafter_cpu",
	"copysign": "copysign_cpu", "xlogy": "xlogy_cpu", "bitwise_left_shift": "lshift_cpu", "bitwise_right_shift": "rshift_cpu",
}

// complexRefusals are PyTorch's own messages for operations it refuses
// for complex tensors before dispatching.
var complexRefusals = map[string]string{
	"maximum": "maximum not implemented for complex tensors.", "minimum": "minimum not implemented for complex tensors.",
	"floor": "floor is not supported for complex inputs", "ceil": "ceil is not supported for complex inputs",
	"trunc": "trunc is not supported for complex inputs", "relu": "clamp is not supported for complex types",
	"fmax": "fmax not implemented for complex tensors.", "fmin": "fmin not implemented for complex tensors.",
	"heaviside": "heaviside is not yet implemented for complex tensors.", "signbit": "signbit is not implemented for complex tensors.",
	"sign": "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.",
}

// NotImplementedFor is PyTorch's RuntimeError for a dtype an operation
// has no kernel for: "lt_cpu" not implemented for 'ComplexFloat'.
func NotImplementedFor(op string, d DType) *Error {
	if msg, ok := complexRefusals[op]; ok && d.IsComplex() {
		return Errorf(RuntimeError, "%s", msg)
	}
	name := op
	if n, ok := pytorchKernelNames[op]; ok {
		name = n
	}
	return Errorf(RuntimeError, "%q not implemented for '%s'", name, d.ScalarTypeName())
}
