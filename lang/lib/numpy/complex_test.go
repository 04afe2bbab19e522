package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestComplexArraysMatchNumPy covers complex arrays and scalars: literals,
// printing, arithmetic, the complex ufuncs and the parts.
func TestComplexArraysMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"z = np.array([1+2j, -3.5j, 2])\nw = np.array([[1j, 2], [3, 4-1j]], np.complex64)\n", []string{
		"z", "str(z)", "w", "str(w)", "z.dtype, w.dtype, z.itemsize, w.nbytes, w.strides", "np.array([1+2j])", "np.array(1+2j)", "np.array([1, 2.5j])[1]",
		"np.array([[1e-5+1j, 1e5]])", "np.array([np.nan + 1j, np.inf, -np.inf * 1j])", "np.array([0.1 + 0.2j], np.complex64)", "np.zeros(3, complex)",
		"np.ones(2, dtype='complex64')", "np.arange(3).astype(np.complex128)", "z.astype(np.complex64)", "np.complex128(1+2j)", "np.complex64(1.5)",
		"np.complex128(1+2j).real, np.complex128(1+2j).imag", "type(z[0])", "z[0]", "repr(w[0, 0])", "np.cdouble(3)", "np.csingle(0.1+0.2j)",
		"z + 1", "z * 1j", "z * z", "z / 2", "z - w[0, :2].astype(complex) * 0", "z ** 2", "w @ w", "z @ z", "np.dot(z, z)", "-z",
		"z == 2", "z != 1+2j", "(w + 1).dtype", "(w * 2.5).dtype", "(w + np.array([1.0, 2.0])).dtype", "(np.float32(1) * w).dtype",
		"np.abs(z)", "np.absolute(w)", "abs(z)", "z.real", "z.imag", "w.real", "w.imag", "np.real(z)", "np.imag(z)", "np.real(np.array([1.5]))",
		"np.imag(np.array([1, 2]))", "np.array([1.0, 2.0]).imag", "np.array([1, 2]).real", "np.conj(z)", "np.conjugate(w)", "z.conj()", "z.conjugate()",
		"np.angle(z)", "np.angle(z, deg=True)", "np.angle(np.array([1, -1]))", "np.angle(1j)", "np.exp(z)", "e = np.exp(w)\ne.dtype, np.allclose(e, np.exp(w.astype(complex)), rtol=1e-6)", "c = np.zeros(2, int)\nc[0] = 1j", "np.sqrt(np.array([-4+0j]))",
		"np.log(np.array([1j]))", "np.iscomplexobj(z)", "np.iscomplexobj(np.array([1.0]))", "np.iscomplexobj(1j)", "np.isrealobj(z)", "np.isrealobj([1, 2])",
		"np.iscomplex(np.array([1+0j, 1j]))", "np.isreal(np.array([1+0j, 1j]))", "z.sum()", "w.sum(axis=0)", "z.mean()", "np.allclose(z, z + 1e-12)",
		"np.array([1+2j]).tolist()", "complex(z[0])", "z[0] == 1+2j", "np.complex128(2) + 1", "np.array([1+1j]) + np.array([1], np.int8)",
		"c = z.copy()\nc[1] = 5\nc", "c = np.zeros(2)\nc[0] = 1j", "c = np.zeros(2, complex)\nc += 1j\nc", "c = np.zeros(2)\nc += 1j",
		"np.iscomplexobj(np.complex64(1))", "np.concatenate([z, np.array([1, 2])])", "np.where(np.array([True, False, True]), z, 0)",
	})
}
