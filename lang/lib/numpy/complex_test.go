package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestComplexArraysMatchNumPy covers complex arrays and scalars: literals,
// printing, arithmetic, the complex ufuncs and the parts.
// TestIscloseMatchesNumPy covers np.isclose and np.allclose where the
// tensor kernel's rules are not NumPy's: complex operands compared by
// the complex magnitude of a - b (a non-finite one only equal to an equal
// one after NumPy's multiply by ones), and negative tolerances.
func TestIscloseMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"nan, inf = float('nan'), float('inf')\nimport warnings\nwarnings.simplefilter('ignore')\n", []string{
		"np.isclose(1+1j, 1+2j), np.isclose(1+1j, 1+1j), np.allclose([1+1j], [1+2j]), np.allclose([1+1j], [1+1j]), np.isclose(1j, 1.00000001j)",
		"np.isclose(np.array([1+1j, 2]), np.array([1+1.0000000001j, 2+1j])), np.isclose(np.array([1j, 2j], np.complex64), [[1j], [3j]])",
		"np.isclose(np.array([complex(nan, 1), complex(inf, 0), 1j]), np.array([complex(nan, 1), complex(inf, 0), complex(0, nan)]))",
		"np.isclose(np.array([complex(nan, 1), complex(inf, 0), 1j]), np.array([complex(1, nan), complex(inf, 0), complex(0, nan)]), equal_nan=True)",
		"np.isclose(np.array([complex(inf, 0), complex(inf, 1), complex(-inf, 0), 2]), np.array([complex(inf, 0), complex(inf, 1), complex(-inf, 0), 2]), equal_nan=True)",
		"np.isclose(np.array([complex(inf, 0), 2]), np.array([inf, 2.0])), np.isclose(np.array([inf, 2]), np.array([complex(inf, 0), 2.0])), np.allclose([1, 2], [1, 2 + 1e-9j])",
		"np.isclose(1.0, 1.1, rtol=-0.5), np.isclose(1.0, 1.5, rtol=-0.5, atol=1), np.isclose([1.0, 2.0], [1.0, 2.5], rtol=-0.1, atol=1), np.allclose(1.0, 1.1, rtol=-0.5)",
		"np.allclose(1.0, 1.0, atol=-1), np.isclose(1.0, 1.0, atol=-1), np.isclose([inf, nan, 1], [inf, nan, 2], atol=-1, equal_nan=True), np.isclose(1, 1), np.isclose(1.0, 1.1)",
	})
}

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
		"np.iscomplexobj(np.complex64(1))", "np.var(np.array([1j, 1]))", "z.std()", "w.var(axis=0)", "w.std(axis=1, ddof=1)",
		"len({np.complex128(1j), np.complex128(2j), np.complex128(1j)})", "{np.complex128(1j): 'a', np.complex128(3): 'c'}[3]",
		"{np.complex128(1j): 'a', np.complex64(2j): 'b'}[2j]", "1j in {np.complex128(1j)}", "np.isnan(np.array([1+1j, np.nan, complex(1, np.nan)]))", "np.isinf(np.array([np.inf * 1j, 1]))",
		"np.isfinite(np.array([1+1j, complex(np.inf, 0), complex(0, np.nan)], np.complex64))", "np.real(5), np.imag(5), np.real(np.complex64(1+2j)), np.imag(2.5j)", "np.real(np.array(3j)), np.imag(np.array(3j))", "np.concatenate([z, np.array([1, 2])])", "np.where(np.array([True, False, True]), z, 0)",
	})
}

// fftPrelude defines the arrays the FFT cases transform and dft, the
// transform by its definition (a matrix of the roots of unity), which
// each transform is held to within a tolerance: kael's transforms are
// gonum's FFTPACK and NumPy's pocketfft, which round differently.
const fftPrelude = `x = np.array([1.0, 2.5, -1.0, 4.0])
y5 = np.array([1.0, 2.0, 0.0, -1.0, 3.0])
m = np.arange(12.0).reshape(3, 4) ** 1.5
z = np.array([1+2j, -1j, 3, 0.5+0.5j])
def dft(a, inverse=False):
    n = a.shape[-1]
    k = np.arange(n)
    w = np.exp((1 if inverse else -1) * 2j * np.pi * np.outer(k, k) / n)
    r = a @ w.T
    return r / n if inverse else r
`

// TestFFTMatchesNumPy covers np.fft: the dtype and shape of each result
// (NumPy's: complex128 or float64 whatever the input), its values against
// dft, and the frequencies and errors as NumPy prints them.
func TestFFTMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, c := range [][2]string{
		{"np.fft.fft(x)", "dft(x)"}, {"np.fft.fft(x, n=5)", "dft(np.concatenate([x, [0.0]]))"}, {"np.fft.fft(x, 3)", "dft(x[:3])"},
		{"np.fft.ifft(x)", "dft(x, True)"}, {"np.fft.fft(m)", "dft(m)"}, {"np.fft.fft(m, axis=0)", "dft(m.T).T"},
		{"np.fft.ifft(m, 6, 0)", "dft(np.concatenate([m, np.zeros((3, 4))]).T, True).T"}, {"np.fft.fft(x, norm='ortho')", "dft(x) / 2"},
		{"np.fft.ifft(x, norm='forward')", "dft(x, True) * 4"}, {"np.fft.fft(z)", "dft(z)"}, {"np.fft.ifft(np.fft.fft(z))", "z"},
		{"np.fft.fft(x.astype(np.float32))", "dft(x)"}, {"np.fft.fft(np.arange(4, dtype=np.int8))", "dft(np.arange(4.0))"},
		{"np.fft.rfft(x)", "dft(x)[:3]"}, {"np.fft.rfft(x, 6)", "dft(np.concatenate([x, [0.0, 0.0]]))[:4]"}, {"np.fft.rfft(m, axis=0)", "dft(m.T).T[:2]"},
		{"np.fft.irfft(np.fft.rfft(x))", "x"}, {"np.fft.irfft(np.fft.rfft(y5), 5)", "y5"}, {"np.fft.irfft(np.fft.rfft(x, norm='ortho'), norm='ortho')", "x"},
		{"np.fft.fft([1, 2, 3])", "dft(np.array([1.0, 2.0, 3.0]))"}, {"np.fft.rfft(x.astype(np.float32))", "dft(x)[:3]"},
		{"np.fft.fftshift(np.fft.fft(x))", "np.roll(dft(x), 2)"}, {"np.fft.ifftshift(np.fft.fftshift(m))", "m"}, {"np.fft.fftshift(m, axes=0)", "np.roll(m, 1, axis=0)"},
	} {
		srcs = append(srcs, "r = "+c[0]+"\n(r.dtype, r.shape, np.allclose(r, "+c[1]+", rtol=1e-9, atol=1e-9))")
	}
	srcs = append(srcs, "np.fft.fftfreq(8)", "np.fft.fftfreq(5, d=0.1)", "np.fft.rfftfreq(8, 0.5)", "np.fft.rfftfreq(7)", "np.fft.fft(np.array([1.0, 2.0, 3.0, 4.0]))",
		"np.fft.ifft(np.array([10, -2+2j, -2, -2-2j]))", "np.fft.rfft(np.array([1, 0, 0, 0]))", "np.fft.fft(x, 0)", "np.fft.fft(x, norm='bad')",
		"np.fft.fft(x, axis=2)", "np.fft.fft(x, 4, axis=-2)", "np.fft.fftfreq(0)", "np.fft.fft(np.array(2.0))")
	langtest.CheckMatchesCPython(t, prelude+fftPrelude, srcs)
}

// TestComplexProductsAndSumsMatchNumPy covers prod, cumsum and cumprod of
// complex arrays (the core's complex kernels), whole and along an axis,
// on arrays short enough that every order of the products rounds alike.
func TestComplexProductsAndSumsMatchNumPy(t *testing.T) {
	z := "z = np.array([3+1j, 1-2j, 3-1j, 1-2j, 0+5j, -2+0j])\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		z + "np.prod(z), z.prod(), np.cumsum(z), z.cumsum(), np.cumprod(z)",
		z + "np.cumsum(z.reshape(2, 3), axis=1), np.prod(z.reshape(2, 3), axis=0), z.reshape(3, 2).prod(axis=1, keepdims=True)",
		z + "w = z.astype(np.complex64)\nw.prod(), w.cumsum(), w.cumsum().dtype, np.prod(w, axis=0).dtype",
		"np.prod(np.array([], dtype=complex)), np.cumsum(np.array([[1j]])), np.prod([1j, 1j, 1j, 1j])",
	})
}

// TestNarrowCumsumMatchesNumPy checks that cumsum of float32, float16 and
// complex64 sums in the array's own dtype, as NumPy's add.accumulate does
// (the core accumulates wider, as PyTorch), along each axis.
func TestNarrowCumsumMatchesNumPy(t *testing.T) {
	x := "x = np.array([1.0000001, 0.3, 0.7] * 300, dtype=np.float32)\ny = x[:120].reshape(3, 40)\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		x + "x.cumsum()[-1], (x.astype(np.complex64) * (1 + 0.5j)).cumsum()[-1], x.astype(np.float16).cumsum()[-3:]",
		x + "y.cumsum(axis=1)[:, -1], y.cumsum(axis=0)[-1, :4], np.cumsum(y.astype(np.complex64) * (1 + 0.25j), axis=1)[:, -1], np.cumsum(y, axis=-1).dtype",
		"np.cumsum(np.float32(2.5)), np.cumsum(np.zeros((2, 0), np.float32), axis=1), np.cumsum(np.ones((2, 2), np.float16), axis=0)",
	})
}

// TestFFTNMatchesNumPy covers np.fft.fftn, ifftn, fft2 and ifft2: dtype,
// shape and values within a tolerance (kael's and NumPy's transforms
// round differently), s= and axes=, and NumPy's errors.
func TestFFTNMatchesNumPy(t *testing.T) {
	pre := prelude + "m = np.arange(12.0).reshape(3, 4) ** 1.5\nc = np.arange(24).reshape(2, 3, 4) * (1 - 0.5j)\n" +
		"def nd(a, axes, s=None, inv=False):\n    f = np.fft.ifft if inv else np.fft.fft\n    for i in reversed(range(len(axes))):\n        a = f(a, None if s is None else s[i], axes[i])\n    return a\n"
	var srcs []string
	for _, c := range [][2]string{
		{"np.fft.fft2(m)", "nd(m, (0, 1))"}, {"np.fft.ifft2(m)", "nd(m, (0, 1), inv=True)"}, {"np.fft.fftn(m)", "nd(m, (0, 1))"},
		{"np.fft.fftn(c)", "nd(c, (0, 1, 2))"}, {"np.fft.ifftn(c)", "nd(c, (0, 1, 2), inv=True)"}, {"np.fft.fft2(c)", "nd(c, (1, 2))"},
		{"np.fft.fftn(c, axes=(0, 2))", "nd(c, (0, 2))"}, {"np.fft.fftn(m, s=(4, 6))", "nd(m, (0, 1), (4, 6))"}, {"np.fft.fft2(m, s=(2, 2))", "nd(m, (0, 1), (2, 2))"},
		{"np.fft.ifft2(c, axes=(0, 1), norm='ortho')", "nd(c, (0, 1), inv=True) * np.sqrt(6)"}, {"np.fft.fftn(m, s=(5,))", "nd(m, (1,), (5,))"},
		{"np.fft.ifftn(np.fft.fftn(c))", "c"}, {"np.fft.fft2(np.eye(2, dtype=np.int8))", "nd(np.eye(2), (0, 1))"},
	} {
		srcs = append(srcs, "r = "+c[0]+"\nr.dtype, r.shape, np.allclose(r, "+c[1]+", rtol=1e-12, atol=1e-9), np.round(r.real, 6)")
	}
	srcs = append(srcs, "np.round(np.array([1.23456+2.34567j, -0.5-1.5j]), 2), np.round(np.array([2.5+3.5j], np.complex64)), np.around(np.array([[1234.5+0.25j]]), -2), np.round(np.complex128(1.26-3.14159j), 1)",
		"np.fft.fftn(m, s=(2, 2), axes=(0,))", "np.fft.fft2(np.ones(3))", "np.fft.fftn(m, s=(0, 2))", "np.fft.fftn(m, norm='x')")
	langtest.CheckMatchesCPython(t, pre, srcs)
}
