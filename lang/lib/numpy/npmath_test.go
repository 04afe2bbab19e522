package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNpmathUfuncsMatchNumPy covers the npmath group's element-wise
// functions: values, dtypes (NumPy's float loops: int8 and bool in
// float16, int16 in float32), scalars and NumPy's errors. np.i0 of
// float32 is rounded: NumPy's float32 exp is its own SIMD kernel.
func TestNpmathUfuncsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import warnings\nwarnings.simplefilter('ignore')\n", []string{
		"np.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.5]))",
		"np.nan_to_num(np.array([np.nan, np.inf, -np.inf], dtype=np.float32), nan=-1, posinf=9, neginf=-9)",
		"np.nan_to_num(np.nan), np.nan_to_num(3), np.nan_to_num([1, 2]), np.nan_to_num(np.array([1, 2]))",
		"np.nan_to_num(np.array([complex(np.nan, np.inf)]))",
		"a = np.array([np.nan, 1.0])\nb = np.nan_to_num(a, copy=False)\n(a, b is a)",
		"np.nan_to_num(np.array([np.inf]), posinf=1e300), np.nan_to_num(np.float32([np.inf]), posinf=1e300), np.nan_to_num([np.nan, -np.inf], nan=5, neginf=0)",
		"np.signbit(np.array([-1.0, 0.0, -0.0, 2])), np.signbit(-3), np.signbit(np.float32(-1)), np.signbit(np.int8([-1, 2]))",
		"np.heaviside(np.array([-1.5, 0, 2.0]), 0.5), np.heaviside([-1, 0, 3], 1)",
		"np.heaviside(np.float32([-1, 0]), np.float32(0.5)), np.heaviside(0, 0.5), np.heaviside(np.nan, 1)",
		"np.fmod(np.array([-3, -2, -1, 1, 2, 3]), 2), np.fmod([5.5, -5.5], 2.0), np.fmod(np.float32([7]), np.float32(3))",
		"np.fmod(np.array([5, -5]), 0), np.fmod(5.0, 0.0), np.fmod(np.int8([7]), np.int8(-3))",
		"np.copysign([1, -2, 3], -1.0), np.copysign(np.float32([1]), -0.0)",
		"np.modf(np.array([0, 3.5, -2.5, np.inf, -0.0])), np.modf(-2.0), np.modf([1, 2])",
		"np.modf(np.float32([1.25, -0.5])), np.modf(np.nan)",
		"np.frexp(np.array([0, 1, 8.0, -3.5, np.inf])), np.frexp(3.0), np.frexp(np.float32([6])), np.frexp(np.float16([3]))",
		"np.frexp([1, 2])[1].dtype, np.frexp(0.0)",
		"np.ldexp(np.array([1.0, 0.75]), 3), np.ldexp(5, np.arange(4)), np.ldexp(np.float32([1.5]), 2), np.ldexp(2.0, 3)",
		"np.ldexp(np.float16([1]), 3), np.ldexp(300, np.arange(2)), np.ldexp(np.int16([1]), 3)",
		"np.deg2rad(180), np.rad2deg(np.pi), np.degrees([0, np.pi/2]), np.radians(np.float32([90, 180])), np.deg2rad(np.arange(3))",
		"np.deg2rad(True), np.rad2deg(np.float16([1.0])), np.degrees(np.int8([1]))",
		"np.sinc(np.array([0, 0.5, 1, 1.5, -2.25])), np.sinc(0), np.sinc(np.float32([0.5, 0])), np.sinc([0.25])",
		"np.i0(np.array([0.0, 1.0, 2.5, -3, 9, 20])), np.i0(0), np.i0(np.int8([1])), np.i0([1, 2])",
		"x = np.array([1, 2, 10, 30.5])\nr = np.i0(np.float32(x))\nr.dtype, bool(np.max(np.abs(r / np.i0(x) - 1)) < 1e-6)",
		"np.logaddexp(np.array([1.0, -np.inf]), np.array([2.0, 3])), np.logaddexp2(1, 2), np.logaddexp(np.float32([1]), np.float32([1]))",
		"np.logaddexp2(np.array([1.0, 3]), np.array([1.0, -np.inf])), np.logaddexp(-np.inf, -np.inf), np.logaddexp(np.int8([1]), np.int8([2]))",
		"np.cbrt(np.array([27, -8, 2.0])), np.cbrt(64), np.cbrt(np.float32([2])), np.cbrt(np.int8([8]))",
		"np.cbrt(np.array([np.nan, -np.inf, 0.0, -0.0, 1e-300]))",
		"np.exp2(np.array([1, 2, 0.5])), np.exp2(3), np.exp2(np.float32([-1])), np.exp2(np.int16([3])), np.exp2(np.array([1024, -1075, 0.5]))",
		"np.fix(np.array([2.1, 2.9, -2.1, -2.9])), np.fix(3.7), np.fix([1, -2]), np.fix(np.array([True]))",
		"np.cbrt(np.array([8.0]), out=np.zeros(1)), np.frexp(np.array([[1.0, 2.0]])), np.frexp(np.array(5.0)), np.modf(np.array(2.5)), np.fix(np.array(2.5))",
		"o = np.zeros(2)\nr = np.ldexp([1, 2], 1, out=o)\n(o, r is o)",
		"np.heaviside(np.array([0]), np.array([0.5, 0.25])), np.signbit(np.array([-np.nan])), np.exp2(np.float16([2])), np.logaddexp(np.float16([1]), np.float16([2]))",
		"with np.errstate(all='raise'):\n    r = np.fmod(np.array([5, -5]), 0)\nr",
		"with np.errstate(all='raise'):\n    r = np.fmod(np.array([5.0]), 0.0)\nr",
		"with np.errstate(all='raise'):\n    r = np.fmod(np.array([np.nan, 1.0]), np.array([0.0, 2.0]))\nr",
		"np.i0(1 + 2j)", "np.cbrt(1j)", "np.ldexp(1.0, 2.5)", "np.signbit(1j)",
	})
}

// TestNpmathShapesAndProductsMatchNumPy covers np.isscalar, np.ndim,
// np.shape, np.size and the products np.inner, np.vdot, np.tensordot,
// np.kron and np.cross: values, dtypes, keyword arguments and errors.
func TestNpmathShapesAndProductsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.isscalar(3.1), np.isscalar(np.array(3.1)), np.isscalar([3.1]), np.isscalar(np.float32(1)), np.isscalar('a'), np.isscalar(None), np.isscalar(np.int64(2))",
		"from fractions import Fraction\nnp.isscalar(Fraction(1, 2)), np.isscalar(True), np.isscalar(np.bool_(True)), np.isscalar(b'x'), np.isscalar(np.complex64(1)), np.isscalar(np.zeros(2))",
		"np.ndim([[1, 2, 3], [4, 5, 6]]), np.ndim(np.zeros((2, 3, 4))), np.ndim(1), np.shape([[1, 2]]), np.shape(0), np.shape(np.eye(3)), np.shape([])",
		"np.size([[1, 2, 3]]), np.size(np.zeros((2, 5)), 1), np.size(np.zeros((2, 5)), axis=0), np.size(7), np.size([])",
		"np.inner([1, 2, 3], [0, 1, 0]), np.inner(np.arange(24).reshape((2, 3, 4)), np.arange(4)), np.inner(np.eye(2), 7), np.inner(np.float32([1, 2]), [1.5, 2])",
		"np.vdot([1 + 2j, 3 + 4j], [5 + 6j, 7 + 8j]), np.vdot(np.array([[1, 4], [5, 6]]), np.array([[4, 1], [2, 2]])), np.vdot([1.5, 2], [2, 2])",
		"np.vdot(np.float32([1, 2]), np.float32([3, 4])), np.vdot(2, 3)",
		"np.tensordot(np.arange(60.).reshape(3, 4, 5), np.arange(24.).reshape(4, 3, 2), axes=([1, 0], [0, 1]))",
		"np.tensordot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2), axes=1), np.tensordot(np.ones((2, 2)), np.ones((2, 2))), np.tensordot([1, 2], [3, 4], axes=0)",
		"np.tensordot(np.arange(24).reshape(2, 3, 4), np.arange(12).reshape(3, 4), axes=2), np.tensordot(np.arange(4), np.arange(4), axes=([0], [0]))",
		"np.tensordot(np.ones((2, 3)), np.ones((3, 2)), axes=(1, 0))",
		"np.kron([1, 10, 100], [5, 6, 7]), np.kron(np.eye(2), np.ones((2, 2))), np.kron([[1, 2]], [3, 4]), np.kron(2, [1, 2])",
		"np.kron(np.array([[1, 2], [3, 4]]), np.array([[0, 5], [6, 7]])), np.kron(np.ones((2,)), np.ones((1, 2))), np.kron(np.float32([1, 2]), [1, 1]).dtype",
		"np.cross([1, 2, 3], [4, 5, 6]), np.cross([1, 2], [4, 5]), np.cross([1, 2, 0], [4, 5]), np.cross(np.array([[1, 2, 3], [4, 5, 6]]), np.array([[4, 5, 6], [1, 2, 3]]))",
		"np.cross([[1, 2, 3], [4, 5, 6]], [[4, 5, 6], [1, 2, 3]], axisc=0), np.cross(np.eye(3), np.ones(3), axisa=0)",
		"np.cross(np.arange(6).reshape(2, 3), np.arange(6, 12).reshape(2, 3), axis=0)",
		"np.cross([1, 2], [3, 4, 5], axisc=0), np.cross([[1, 2], [3, 4]], [5, 6])",
		"np.cross([1, 2, 3, 4], [1, 2, 3])", "np.cross([1, 2, 3], [4, 5, 6], axisa=3)",
		"np.tensordot(np.ones((2, 3)), np.ones((2, 3)), axes=1)", "np.tensordot([1, 2], [1, 2, 3], axes=1)",
		"np.inner([1, 2], [1, 2, 3])", "np.vdot([1, 2], [1, 2, 3])",
	})
}
