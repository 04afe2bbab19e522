package numpy_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// npDTypeNames are the NumPy dtypes kael's NumPy has.
var npDTypeNames = []string{"bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64", "complex64", "complex128"}

// TestPromotionTableMatchesNumPy asks Debian's NumPy for np.promote_types
// and np.can_cast ('safe' and 'same_kind') of every pair of dtypes, and
// for the dtype of an operation of arrays of each pair: NumPy's table,
// generated here, against kael's one table.
func TestPromotionTableMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, a := range npDTypeNames {
		for _, b := range npDTypeNames {
			srcs = append(srcs,
				fmt.Sprintf("np.promote_types('%s', '%s')", a, b),
				fmt.Sprintf("np.can_cast('%s', np.%s), np.can_cast(np.dtype('%s'), '%s', 'same_kind')", a, strings.Replace(b, "bool", "bool_", 1), a, b),
				fmt.Sprintf("np.result_type(np.zeros(2, '%s'), np.zeros((), '%s'), '%s')", a, b, b),
				fmt.Sprintf("(np.zeros(2, '%s') * np.ones(2, '%s')).dtype, (np.ones(2, '%s') == np.ones(1, '%s')).dtype", a, b, a, b),
			)
		}
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestWideUnsignedResultsMatchNumPy: results NumPy gives in its wider
// unsigned integers are theirs in kael too.
func TestWideUnsignedResultsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.dtype('uint16')", "np.zeros(2, np.uint8) + 1000", "np.ones(2, 'uint8') - np.int32(70000)", "np.zeros(2, 'u8')",
	})
}

// TestNumPyTypesKaelLacks: longdouble is not a kael dtype, so naming it
// is a clear error rather than another dtype.
func TestNumPyTypesKaelLacks(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{"np.dtype('float128')", "TypeError: kael's NumPy has no dtype float128: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128"},
	})
}

// TestValueBasedCastingMatchesNumPy is NumPy 1.24's value-based casting:
// a Python number, NumPy scalar or 0-d array beside an array counts as
// the smallest type that holds its value when its kind is not above the
// array's.
func TestValueBasedCastingMatchesNumPy(t *testing.T) {
	var srcs []string
	values := []string{"True", "0", "1", "127", "128", "200", "-1", "-129", "1000", "-40000", "2**31", "-2**40", "2.5", "1e5", "1e40", "np.nan", "-np.inf", "1j", "1e40j"}
	for _, dt := range npDTypeNames {
		for _, v := range values {
			srcs = append(srcs, fmt.Sprintf("(np.ones(2, '%s') + %s).dtype, (np.ones(2, '%s') * np.array(%s)).dtype, np.result_type(np.zeros(1, '%s'), %s)", dt, v, dt, v, dt, v))
		}
		for _, sc := range []string{"np.int8(-3)", "np.uint8(200)", "np.int32(70000)", "np.float16(1.5)", "np.float32(1e30)", "np.float64(2.5)", "np.complex64(1j)", "np.int16(5)"} {
			srcs = append(srcs, fmt.Sprintf("(np.ones(2, '%s') - %s).dtype, (%s + np.%s(1)).dtype", dt, sc, sc, strings.Replace(dt, "bool", "bool_", 1)))
		}
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestNarrowDTypesMatchNumPy covers arrays of the narrow and complex
// dtypes: making them, their attributes, wrap-around arithmetic and
// printing.
func TestNarrowDTypesMatchNumPy(t *testing.T) {
	var srcs []string
	for _, dt := range npDTypeNames {
		a := fmt.Sprintf("np.array([0, 1, 5, 120], dtype=np.%s)", map[string]string{"bool": "bool_"}[dt]+map[bool]string{true: dt, false: ""}[dt != "bool"])
		srcs = append(srcs, "repr("+a+")", "str("+a+")", a+".dtype", a+".itemsize, "+a+".nbytes, "+a+".strides",
			"np.dtype('"+dt+"'), np.dtype('"+dt+"').char, np.dtype('"+dt+"').kind, np.dtype('"+dt+"').str",
			"repr("+a+"[2]), type("+a+"[2])", "repr("+a+".reshape(2, 2).T)", "repr("+a+".astype(np.float32))",
			"repr(np.arange(4).astype('"+dt+"'))", "repr(np.zeros((2, 0), '"+dt+"'))", "repr(np.ones((), '"+dt+"'))",
		)
	}
	srcs = append(srcs,
		"np.array([100, 120], np.int8) + np.array([100, 120], np.int8)", "np.array([200], np.uint8) * 2", "np.array([3], np.uint8) - 5",
		"-np.array([-128], np.int8)", "np.array([2**31 - 1], np.int32) + 1", "np.array([1], np.int8) + 1000", "np.array([1], np.int8) + 200",
		"np.array([250], dtype=np.uint8) + np.array([10], dtype=np.uint8)", "np.array([7, -7], np.int16) // 2", "np.array([7, -7], np.int8) % 3",
		"np.array([1, 2], np.int32) / 2", "np.array([1, 2], np.uint8) / np.array([3], np.uint8)", "np.array([2], np.int8) ** 3",
		"np.array([0.1, 0.2, 1000], np.float16)", "np.array([1/3], np.float16) * 3", "np.float16(0.1)", "np.float16(65504)", "np.float16(1e-7)",
		"np.array([1e-5, 60000], np.float16)", "np.array([np.nan, np.inf, 1.5], np.float16)", "np.exp(np.array([1, 2], np.int8))",
		"np.sqrt(np.array([2, 3], np.int16))", "e = np.exp(np.array([1, 2], np.int16))\ne.dtype, np.allclose(e, [np.e, np.e**2], rtol=1e-6)", "np.sqrt(np.array([4], np.uint8))", "np.exp(np.array([True]))", "np.sqrt(np.array([2], np.float16))",
		"np.int8(7)", "np.uint8(300 - 100)", "np.int16('12')", "np.int32(5) * 2", "type(np.int32(5) * 2)", "type(np.int8(5) + np.int8(1))",
		"np.ubyte, np.byte, np.short, np.intc, np.half, np.single, np.double, np.csingle, np.cdouble, np.complex_, np.int_",
		"np.dtype('i4'), np.dtype('<f2'), np.dtype('F'), np.dtype('complex'), np.dtype(complex), np.dtype('u1'), np.dtype('b')",
		"np.dtype('bfloat16')",
		"a = np.zeros(3, np.int8)\na += 300\na", "a = np.zeros(2, np.int16)\na += 1.5", "a = np.zeros(2, np.float16)\na += 1.1\na",
		"np.array([1, 2], np.int8).sum(), np.array([1.5], np.float16).sum()", "np.array([3, 1, 2], np.int16).max()",
		"np.iinfo(np.int8), np.iinfo('uint8').max, np.finfo(np.float16)",
		"np.finfo(np.complex64), np.finfo(np.complex128).eps, np.finfo(np.csingle).dtype",
		"round(np.float16(1.5)), round(np.float32(1.5)), round(np.int8(3)), round(np.float32(1.25), 1), round(np.int64(1234), -2)",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestTorchCarriesEveryDType: torch.from_numpy and Tensor.numpy() keep
// every dtype both ways and share memory; bfloat16, which NumPy lacks, is
// PyTorch's TypeError.
func TestTorchCarriesEveryDType(t *testing.T) {
	var srcs []string
	for _, dt := range npDTypeNames {
		np := "np." + strings.Replace(dt, "bool", "bool_", 1)
		srcs = append(srcs,
			"a = np.array([1, 0, 3], "+np+")\nt = torch.from_numpy(a)\nt[0] = 0\n(t, a, t.dtype)",
			"t = torch.tensor([1, 0, 3]).to(torch."+dt+")\na = t.numpy()\na[2] = 1\n(repr(a), t)",
			"repr(np.array(torch.tensor([2, 5], dtype=torch."+dt+")))",
		)
	}
	srcs = append(srcs, "torch.ones(2, dtype=torch.bfloat16).numpy()", "np.array(torch.ones(2, dtype=torch.bfloat16))",
		"np.asarray(torch.zeros(1, dtype=torch.bfloat16))", "torch.from_numpy(np.array([1+2j]))", "torch.tensor([1.5-1j]).numpy()")
	langtest.CheckMatchesTorch(t, prelude+"import torch\n", srcs)
}

// TestNarrowOpsMatchNumPy covers functions on narrow and complex arrays:
// reductions (which sum small integers in int64), sorting, joining,
// casting, overflow.
func TestNarrowOpsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([100, 100, 27], np.int8)\n", []string{
		"a.sum()", "a.sum().dtype", "a.prod().dtype", "a.cumsum()", "a.mean()", "a.max()", "type(a.max())", "a.std()", "np.sum(np.array([1.5], np.float16)).dtype", "np.array([200, 100], np.uint8).sum()", "np.array([True, True]).sum().dtype", "np.array([1,2],np.int32).sum().dtype", "np.array([1+1j, 2]).sum()", "np.argmax(a)", "np.sort(a)", "np.unique(a)", "np.clip(a, 0, 50)", "np.maximum(a, np.int8(50))", "np.where(a > 50, a, 0)", "np.concatenate([a, np.array([1], np.int16)])", "np.stack([a, a]).dtype", "a.astype(np.uint8)", "np.array([-1.5, 300]).astype(np.uint8)", "np.array([3.7]).astype(np.int8)", "np.zeros(2, np.float16) + np.float16(0.1)", "np.float16(0.1) + np.float16(0.2)", "np.float16(1) / 3", "np.int8(100) + np.int8(100)", "np.array([1, 2], np.int8) @ np.array([3, 4], np.int8)", "np.dot(np.array([100], np.int8), np.array([2], np.int8))", "np.abs(np.array([-128], np.int8))", "np.array([1,2], np.int16) // np.array([0, 1], np.int16)", "np.array([5], np.uint8) % 0", "np.linspace(0, 1, 3, dtype=np.float16)", "np.arange(3, dtype=np.int8)", "np.full(2, 7, np.int16)", "np.eye(2, dtype=np.complex64)", "np.ones(2, np.int8) * 1.5", "np.array([1], np.int32) ** -1", "np.sqrt(np.array([-1+0j]))", "np.array([1, 2]).astype(complex).real.dtype", "np.mean(np.array([1,2],np.float16)).dtype",
		"np.cumprod(a)", "np.cumprod(np.array([True, True, False]))", "np.cumprod(np.array([3**20, 3**20, 3]))", "np.cumprod(np.array([1.1, 2.2, 3.3], np.float32))",
		"np.cumprod(np.array([0.1, 3, 7], np.float16))", "np.cumprod(np.array([1+2j, 3-1j]))", "np.cumprod(np.array([1+2j, 0.5j], np.complex64))", "np.cumprod(np.array([], np.int16))",
		"np.arctan2(np.array([1j]), 1)", "np.hypot(np.array([3+0j]), 4)", "np.arctan2(np.array([1.0], np.float16), np.float16(2))", "np.hypot(np.array([3], np.int8), 4)",
		"r = np.arctan2(np.array([3], np.int16), np.array([4], np.int16))\nr.dtype, np.allclose(r, 0.6435011087932844, rtol=1e-6)", "np.arctan2(np.array([True]), 2)",
		"np.power(np.array([2]), -1)", "np.subtract(np.array([True]), True)", "np.remainder(np.array([5, 7]), np.array([0, 2]))", "np.mod(np.array([5], np.int8), 0)",
		"np.array([[1.5, 2]], np.float16) @ np.array([[1], [2]], np.float16)", "np.dot(np.array([1.5, 2], np.float16), np.array([1.5, 2], np.float16))",
		"np.matmul(np.arange(3, dtype=np.float16), np.full(3, 0.1, np.float16))", "np.ones((2, 3), np.float16) @ np.ones(3, np.int8)",
		"np.add(np.array([1], np.uint8), 100)", "np.power(np.array([1+1j]), 2)", "np.add(1, np.array([2.5], np.float32), out=np.zeros(1))", "np.greater(2, 1)",
	})
}
