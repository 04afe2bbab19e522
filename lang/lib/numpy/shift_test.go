package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestShiftsMatchNumPy compares << and >> (and np.left_shift,
// right_shift, the bitwise functions and invert) with NumPy's: counts at
// or past the width and negative ones, each integer dtype's wrapping, the
// result dtypes, in-place shifts and the errors.
func TestShiftsMatchNumPy(t *testing.T) {
	a := "a = np.array([1, 2, -8, 100], dtype=np.int64)\n"
	srcs := []string{
		a + "a << 2, a >> 1, 1 << a, np.left_shift(a, 3), np.right_shift(a, 1)",
		a + "a << 64, a >> 70, a << -1, a >> -1, a >> a, a << np.array([1, 2, 3, 4])",
		"np.array([1, 2], dtype=np.int8) << 7, np.array([1, 200], dtype=np.uint8) << 1, np.array([-128, 64], dtype=np.int8) >> 3, np.array([1], dtype=np.int16) << 15",
		"np.array([3], dtype=np.uint8) >> 1, np.array([1, 2], dtype=np.int32) << np.int64(2), np.array([True, False]) << 1, np.right_shift(True, True)",
		"np.int64(5) << 2, np.int8(3) << 1, np.left_shift(5, 2), np.left_shift([1, 2], [3, 70]), np.right_shift(np.array([-5, 5], dtype=np.int16), [1, 16])",
		a + "b = a.copy()\nb <<= 1\nc = a.copy()\nc >>= 1\nb, c, np.left_shift(a, 2, out=np.empty(4, dtype=np.int64))",
		a + "np.bitwise_and(a, 6), np.bitwise_or([1, 2], 4), np.bitwise_xor(np.array([1, 2], dtype=np.uint8), 255), np.invert(a), np.invert(np.array([True, False])), np.bitwise_not(np.int8(5))",
		"np.array([1.5]) << 1", "np.invert(2.5)", "np.left_shift(np.array([1, 2]), np.array([1, 2, 3]))",
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
