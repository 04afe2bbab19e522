package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestArrayFromScalarsMatchesNumPy covers the dtype NumPy 1.24 gives an
// array built from a list or tuple of NumPy scalars (or arrays): each
// element's own dtype, a Python int as int64, a float as float64, a bool
// as bool, combined by np.promote_types with no regard to the values.
func TestArrayFromScalarsMatchesNumPy(t *testing.T) {
	cases := []string{
		"np.array([np.int8(-128)])", "np.array([np.float32(1), np.float32(2)])", "np.array([np.int8(1), 2])",
		"np.array([np.int8(1), 300])", "np.array([np.int8(1), 2.5])", "np.array([np.int8(1), True])",
		"np.array([np.uint8(1), np.int8(1)])", "np.array([np.int16(1), np.uint8(1)])", "np.array([np.float16(1), np.int8(1)])",
		"np.array([np.float16(1), np.int16(1)])", "np.array([np.float32(1), 1.0])", "np.array([np.float32(1), 1])",
		"np.array([np.float16(1), 1])", "np.array([np.bool_(True), 1])", "np.array([np.bool_(True), np.bool_(False)])",
		"np.array([np.bool_(True), 1.5])", "np.array([np.complex64(1), 1.0])", "np.array([np.complex64(1), np.float32(1)])",
		"np.array([np.complex64(1), 1j])", "np.array([np.complex64(1), np.float64(1)])", "np.array([[np.int8(1)], [np.int8(2)]])",
		"np.array([[np.int8(1)], [2]])", "np.array([[np.int8(1), np.int8(2)], [np.int8(3), np.uint8(4)]])",
		"np.asarray([np.uint8(1), np.uint8(255)])", "np.asarray((np.int16(1), np.int8(2)))", "np.array([np.int8(1)], dtype=np.float32)",
		"np.asarray([np.float32(1.5)], dtype=np.int64)", "np.array([np.uint8(1), -1])", "np.array([np.int8(1), np.uint8(200)])",
		"np.array([np.float32(1), np.int32(1)])", "np.array([np.float32(1), np.int16(1)])", "np.array(np.int8(3))",
		"np.array([np.int32(1), 2**40])", "np.array([np.float32(1), 1e300])", "np.array([np.float16(1), 70000.0])",
		"np.array([np.arange(2, dtype=np.int8), np.arange(2, dtype=np.int8)])", "np.array([np.ones(2, np.float32), [1, 2]])",
		"np.array([[], []])", "np.array([1, 2.5, True])", "np.array([np.float64(1), np.float32(2)])",
	}
	srcs := make([]string, 0, len(cases))
	for _, c := range cases {
		srcs = append(srcs, "a = "+c+"\na, a.dtype")
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
