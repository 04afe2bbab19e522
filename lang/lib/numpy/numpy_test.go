package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

// Each case runs in kael and in Debian's python3 with NumPy 1.24, and the
// reprs (or the error's class and message) must be the same.
const prelude = "import numpy as np\n"

// TestCreationMatchesNumPy covers making arrays and their attributes.
func TestCreationMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.array([1, 2, 3])", "np.array([1.5, 2, 3])", "np.array([True, False])", "np.array([[1, 2], [3, 4]])",
		"np.array([[1, 2], [3, 4]], dtype=np.float32)", "np.array([1, 2], dtype='float64')", "np.array(3.5)", "np.array([])",
		"np.array([[]])", "np.zeros((2, 3))", "np.zeros(3, dtype=int)", "np.ones((2, 2), dtype=bool)", "np.empty(0)",
		"np.full((2, 2), 7)", "np.full(3, 0.5, dtype=np.float32)", "np.zeros_like(np.array([1, 2]))", "np.ones_like(np.array([[1.5]]))",
		"np.full_like(np.array([1, 2, 3]), 9)", "np.arange(5)", "np.arange(1, 2, 0.25)", "np.arange(0, 10, 3)", "np.arange(5.0)",
		"np.arange(3, dtype=np.float32)", "np.linspace(0, 1, 5)", "np.linspace(0, 1, 4, endpoint=False)", "np.eye(3)", "np.eye(2, 3, k=1)",
		"np.identity(2, dtype=int)", "np.array([1, 2, 3]).shape", "np.zeros((2, 3, 4)).strides", "np.zeros((2, 3), np.float32).nbytes",
		"np.array([[1, 2], [3, 4]]).T", "np.array([1, 2]).dtype", "np.array([1.0]).dtype == np.float64", "np.dtype('float32')",
		"np.dtype(np.int64).itemsize", "np.float32", "np.array(5).ndim", "np.arange(6).reshape(2, 3)", "np.arange(6).reshape((3, -1))",
		"np.arange(6).reshape(4, 2)", "np.zeros((1, 3, 1)).squeeze().shape", "a = np.ones((1, 1))\ns = np.squeeze(a)\ns[...] = 7\ns, type(s), a.squeeze(axis=(0, 1)), a", "np.expand_dims(np.arange(3), 0).shape",
		"np.arange(4).astype(np.float32)", "np.array([1.7, -1.7]).astype(int)", "np.array([[1, 2], [3, 4]]).tolist()", "np.array([1.5]).item()",
		"np.arange(6).reshape(2, 3).item(4)", "np.array([1, 2]).flatten()", "np.array([[1, 2], [3, 4]]).ravel()",
		"np.int64(7)", "np.float32(0.1)", "np.float64(2) ** 0.5", "np.int64('12')", "np.bool_(1)", "np.float32([1, 2])",
		"len(np.zeros((4, 2)))", "list(np.arange(3))", "np.array([1, 2, 3])[1]", "type(np.array([1.5])[0])",
		// a scalar has the array's methods, and a 0-d result is a scalar
		"x = np.float32(12.54821)\nx.round(2), type(x.round(2)), x.sum(), type(x.sum()), x.clip(0, 10), x.reshape(1), x.mean(), x.astype(np.int64)",
		"x = np.float32(12.54821)\nnp.int64(7).max(), x.squeeze(), x.flatten(), np.float64(2.5).round(), x.std(), x.copy(), x.ravel(), x.any(), x.argmax()",
		"np.arange(4.).sum().round(1), np.float64(1.23456).round(decimals=3), np.float32(3.7).astype(int), np.int64(5).clip(max=3), np.float64(2).reshape(1, 1)",
		"np.float64(1).reshape(2)",
	})
}

// TestBoolSignUfuncsMatchNumPy covers NumPy's loops for bools where they
// are not the tensor kernels': absolute of bools is the bools, negative
// and -x NumPy's TypeError, sign and positive its UFuncTypeError, square
// int8.
func TestBoolSignUfuncsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"b = np.array([True, False])\n", []string{
		"abs(b), np.abs(b), np.absolute(b), np.absolute(b).dtype, np.abs(np.array(True)), abs(np.array([[False]])), np.abs(b) is b",
		"o = np.zeros(2, bool)\nr = np.absolute(b, out=o)\nr is o, o",
		"np.negative(b)", "-b", "-np.array(True)", "np.sign(b)", "np.positive(b)", "np.square(b)",
		"np.positive(np.array([1.5, -2])), np.positive(np.array([-3], np.int8)), np.positive(np.array([1j])), np.sign(np.array([-2, 0, 3]))",
		"try:\n    np.sign(b)\nexcept TypeError as x:\n    r = (type(x).__name__, isinstance(x, TypeError))\nr",
	})
}

// TestArithmeticMatchesNumPy covers operators and NumPy's promotion.
func TestArithmeticMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.array([1, 2]) + 1", "np.array([1, 2]) + 1.5", "np.array([1, 2], dtype=np.float32) * 2.5", "(np.array([1, 2], dtype=np.float32) * 2.5).dtype",
		"np.array([1, 2]) / 2", "np.array([7, -7]) // 2", "np.array([7, -7]) % 3", "np.array([7.5, -7.5]) % 2", "np.array([2, 3]) ** 2",
		"np.array([2.0, 3.0]) ** 0.5", "np.array([1, 2]) ** -1", "2 ** np.array([1, 2])", "1 - np.array([0.25, 0.5])", "10 / np.array([4, 5])",
		"np.array([1, 2]) + np.array([[10], [20]])", "np.array([1, 2, 3]) + np.array([1, 2])", "np.array([True, False]) + np.array([True, True])",
		"np.array([True, False]) + 1", "np.array([True]) - np.array([True])", "-np.array([1, -2])", "-np.array([True])", "~np.array([True, False])",
		"~np.array([1, 2])", "+np.array([1.5])", "np.array([1, 2], dtype=np.float32) + np.array([1, 2])", "(np.array([1], dtype=np.float32) + np.array([1])).dtype",
		"(np.array([1], dtype=np.float32) + np.float64(1)).dtype", "(np.float32(1) + 1.0).dtype", "np.array([1, 2]) == np.array([1, 3])",
		"np.array([1, 2]) < 2", "2 < np.array([1, 3])", "np.array([1.0, 2.0]) != 1", "np.array([1, 2]) == None", "np.array([3, 5]) & 1",
		"np.array([True, False]) | np.array([False, False])", "np.array([1, 2]) ^ 3", "np.array([1.5]) & 1",
		"np.array([[1, 2], [3, 4]]) @ np.array([[1], [1]])", "np.array([1, 2]) @ np.array([3, 4])", "np.array([1, 0]) // 0", "np.array([5]) % 0",
		"np.array([1.0]) / 0", "np.int64(3) * 2.5", "np.float32(1.5) * 2", "type(np.float32(1.5) * 2)", "np.int64(5) // 2", "3 - np.int64(1)",
		"a = np.arange(3)\na += 1\na", "a = np.arange(3)\nb = a\na *= 2\nb", "a = np.arange(3)\na += 1.5", "a = np.zeros(2)\na += 1\na",
		"bool(np.array([1]))", "bool(np.array([1, 2]))", "bool(np.array([]))", "float(np.array([2.5]))", "int(np.float64(3.9))",
		"[10, 20, 30][np.int64(1)]", "list(range(np.int64(3)))", "sorted([np.float64(2.5), 1.0, np.int64(2)])",
		"max(np.arange(3)), min(np.array([2.5, 1.5])), np.float32(1.5) < 2", "np.float64(1.5) == 1.5", "{np.int64(1): 'a'}[1]",
	})
}

// TestFunctionsMatchNumPy covers reductions, ufuncs, indexing and the
// joining functions.
func TestFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([[1., 5., 3.], [4., 2., 6.]])\nb = np.array([[3, 1], [2, 4]])\n", []string{
		"a.sum()", "a.sum(axis=0)", "a.sum(1)", "np.sum(a, axis=1, keepdims=True)", "b.sum()", "np.array([True, True]).sum()", "a.mean()",
		"b.mean(axis=0)", "a.std()", "a.var(ddof=1)", "b.std(axis=1)", "a.max()", "a.min(axis=0)", "b.max(axis=1)", "np.amax(b)", "a.argmax()",
		"a.argmin(axis=1)", "b.argmax(axis=0)", "a.prod()", "b.prod(axis=0)", "b.cumsum()", "a.cumsum(axis=1)", "(a > 2).all()", "(a > 2).any(axis=1)",
		"np.all([True, False])", "np.any(np.zeros(3))", "np.exp(np.array([0, 1]))", "np.log(a)", "np.sqrt(b)", "np.sin(np.array([0.0, 1.0]))",
		"np.abs(np.array([-1, 2]))", "np.abs(np.array([-1.5]))", "np.floor(np.array([1.5, -1.5]))", "np.ceil(np.array([1, 2]))",
		"np.round(np.array([0.5, 1.5, 2.675]), 2)", "np.round(np.array([0.5, 1.5, 2.5]))", "np.round(np.array([1234.5]), -2)",
		"np.clip(np.arange(6), 1, 4)", "a.clip(2, None)", "np.maximum(a, 3)", "np.minimum(b, np.array([2, 2]))", "np.isnan(np.array([1.0, np.nan]))",
		"np.isinf(np.array([np.inf, 1]))", "np.isfinite(np.array([np.nan, 1.0]))", "np.where(a > 2, a, 0)", "np.where(b > 2)",
		"np.where(np.array([True, False]), 1, 2.5)", "np.dot(b, b)", "np.dot(np.array([1, 2]), np.array([3, 4]))", "b.dot(np.array([1, 1]))",
		"np.matmul(b, b)", "np.outer(np.array([1, 2]), np.array([3, 4, 5]))", "np.concatenate([b, b])", "np.concatenate([b, b], axis=1)",
		"np.concatenate([b, a[:, :2]])", "np.stack([np.arange(2), np.arange(2)])", "np.stack([np.arange(2), np.arange(2)], axis=1)",
		"np.vstack([np.arange(3), np.arange(3)])", "np.hstack([np.arange(2), np.arange(3)])", "np.hstack([b, b])", "np.sort(np.array([3, 1, 2]))",
		"np.argsort(np.array([3, 1, 2]))", "np.sort(a, axis=0)", "c = np.array([3, 1, 2])\nc.sort()\nc", "np.unique(np.array([3, 1, 3, 2, 1]))",
		"np.unique(np.array([3, 1, 3]), return_counts=True)", "np.unique(np.array([3, 1, 3]), return_inverse=True)", "np.tile(np.array([1, 2]), 3)",
		"np.tile(b, (2, 1))", "np.repeat(np.array([1, 2]), 2)", "b.repeat(2, axis=0)", "np.allclose(a, a + 1e-9)", "np.isclose(a, 1.0)",
		"np.array_equal(b, b)", "np.array_equal(b, a)", "np.count_nonzero(b > 1)", "np.diff(np.array([1, 4, 9, 16]))", "np.diff(b, axis=0)",
		"np.meshgrid(np.arange(2), np.arange(3))", "np.meshgrid(np.arange(2), np.arange(3), indexing='ij')", "b.transpose()", "np.transpose(a).shape",
		"a.swapaxes(0, 1).shape", "np.nonzero(np.array([0, 3, 0, 4]))", "np.add(b, 1)", "np.multiply(a, 2)", "np.divide(b, 2)", "np.power(b, 2)",
		"np.result_type(np.int64, np.float32)", "np.promote_types('int64', 'float32')", "np.can_cast(np.int64, np.float64)", "np.can_cast(np.float64, np.int64)",
		"a[0]", "a[0, 1]", "a[:, 1]", "a[..., -1]", "a[a > 2]", "a[[0, 1], [2, 0]]", "b[:, None].shape", "a[1:, ::2]", "a[0][1]", "a[5]",
		"c = a.copy()\nc[0] = 0\nc", "c = a.copy()\nc[:, 0] = [7, 8]\nc", "c = a.copy()\nc[c > 2] = -1\nc", "c = np.zeros(3, dtype=int)\nc[1] = 2.7\nc",
		"c = a.copy()\nv = c[0]\nv[0] = 99\nc", "c = np.arange(4)\nc.fill(5)\nc", "c = np.arange(6)\nc.shape = (2, 3)\nc",
		"np.pi", "np.inf", "np.e", "np.newaxis is None", "np.sum([1, 2, 3])", "np.mean([1, 2])", "np.max([1, 5, 3])",
	})
}

// TestRandomMatchesNumPy draws from the legacy generator after seeds and
// compares NumPy's numbers bit for bit.
func TestRandomMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "1", "42", "2**32 - 1", "[1, 2, 3]"} {
		s := "np.random.seed(" + seed + ")\n"
		srcs = append(srcs,
			s+"np.random.rand(5)", s+"np.random.randn(7)", s+"np.random.random()", s+"np.random.randn()",
			s+"np.random.randint(0, 10, size=8)", s+"np.random.randint(5)", s+"np.random.randint(-3, 2**40, size=3)",
			s+"np.random.normal(2.0, 0.5, size=(2, 3))", s+"np.random.uniform(-1, 1, 4)", s+"np.random.choice(10, 4)",
			s+"np.random.choice(10, 4, replace=False)", s+"np.random.choice(['a', 'b', 'c'] and [5, 6, 7], 5, p=[0.2, 0.3, 0.5])",
			s+"np.random.permutation(8)", s+"x = np.arange(10)\nnp.random.shuffle(x)\nx", s+"x = list(range(6))\nnp.random.shuffle(x)\nx",
			s+"np.random.permutation(np.arange(6).reshape(3, 2))", s+"np.random.randn(3); np.random.rand(2)",
		)
	}
	srcs = append(srcs, "r = np.random.RandomState(7)\n(r.rand(2), r.randn(2), r.randint(0, 100, 3))", "np.random.seed(-1)", "np.random.randint(3, 3)")
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestPrintingMatchesNumPy compares str and repr, which follow
// arrayprint's rules: widths, precision, scientific notation, wrapping,
// summarisation.
func TestPrintingMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, arr := range []string{
		"np.array([1.5, 2.25, 3])", "np.array([0.1, 100000.0])", "np.array([1e-5, 1.0])", "np.array([1e8, 1])", "np.array([1e16])",
		"np.array([np.nan, 1.5, -np.inf])", "np.array([np.nan])", "np.array([0.0, -0.0])", "np.array([1/3, 2/3], dtype=np.float32)",
		"np.array([123456789.0])", "np.array([0.00012, 0.5])", "np.arange(2000.0)", "np.arange(3000)", "np.arange(100)", "np.arange(30.0) / 7",
		"np.arange(24).reshape(2, 3, 4)", "np.arange(2400).reshape(40, 60)", "np.array([[0.1, 2.0], [33.0, 4.5]])", "np.array([True, False, True])",
		"np.array([-1, 10, -100])", "np.zeros((0, 3))", "np.zeros(0, dtype=np.float32)", "np.array(2.5)", "np.array(True)", "np.array(7)",
		"np.random.RandomState(0).rand(4, 5)", "np.linspace(0, 1, 40)", "np.array([1e-20, 1e20])", "np.arange(60).reshape(3, 20) * 1000",
	} {
		srcs = append(srcs, "repr("+arr+")", "str("+arr+")")
	}
	// Scalars format as the Python bool, int or float they hold.
	for _, x := range []string{"np.float32(0.1)", "np.float64(2.5)", "np.int64(7)", "np.bool_(True)", "np.float32(3.14159)"} {
		srcs = append(srcs, "f'{"+x+"}', f'{"+x+":.2f}', f'{"+x+":>8}', format("+x+"), '{:5.2f}'.format("+x+"), '%.3f' % "+x, "f'{"+x+":d}'")
	}
	// A 0-d array formats its element as NumPy's scalar does; other
	// arrays take only the empty spec.
	for _, x := range []string{"np.array(0.01)", "np.array(2.5)", "np.array(0.1, np.float32)", "np.array(0.1, np.float16)", "np.array(7)", "np.array(True)",
		"np.array(1+2j)", "np.array(np.uint64(2**64 - 1))", "np.array(-3, np.int8)"} {
		srcs = append(srcs, "[format("+x+", s) for s in ('', 'g', '.3f', '>10', '+.2e')]", "f'{"+x+":d}'", "f'{"+x+":x}'", "f'{"+x+":s}'")
	}
	srcs = append(srcs, "f'{np.array([1.5, 2])}', format(np.array([[1, 2]]), ''), str.format('{}', np.array([]))", "f'{np.array([1.5, 2]):>20}'", "format(np.array([1.0]), '.3f')")
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestTorchInterchange checks that arrays and tensors share memory both
// ways and that torch.tensor copies with the dtype kept, as PyTorch does.
func TestTorchInterchange(t *testing.T) {
	langtest.CheckMatchesTorch(t, prelude+"import torch\n", []string{
		"t = torch.zeros(3)\na = t.numpy()\na[0] = 5\nt.tolist()", "a = np.arange(3.0)\nt = torch.from_numpy(a)\nt[1] = 7\na",
		"torch.from_numpy(np.arange(3)).dtype == torch.int64", "torch.from_numpy(np.zeros(2, dtype=np.float32)).dtype == torch.float32",
		"t = torch.tensor(np.array([1.5, 2]))\n(t.tolist(), t.dtype == torch.float64)", "a = np.ones(2)\nt = torch.tensor(a)\na[0] = 3\nt.tolist()",
		"torch.ones(2).numpy()", "torch.arange(3).numpy().dtype", "torch.ones(2, requires_grad=True).numpy()",
		"torch.ones(2, requires_grad=True).detach().numpy()", "torch.from_numpy([1, 2])", "torch.tensor([np.float32(1.5), np.float32(2)]).tolist()",
		"(torch.ones(2) + np.ones(2)).dtype == torch.float64", "torch.zeros(2, 2).numpy().shape", "np.array(torch.arange(3))", "np.asarray(torch.ones(2)).dtype",
		"float(torch.tensor(2.5).numpy())", "torch.from_numpy(np.arange(6).reshape(2, 3)[:, 1]).tolist()", "isinstance(torch.ones(1).numpy(), np.ndarray)",
	})
}

// TestLinalgMatchesNumPy covers np.linalg. Results are printed rounded
// (LAPACK's last bits depend on the machine), but for matrices whose LU
// factors are exact.
func TestLinalgMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"A = np.array([[4., 1.], [2., 3.]])\nS = np.array([[2., 1.], [1., 2.]])\nM = np.arange(6.0).reshape(3, 2)\n", []string{
		"np.round(np.linalg.inv(A), 6)", "np.round(np.linalg.det(A), 6)", "np.round(np.linalg.solve(A, np.array([1., 2.])), 6)",
		"np.round(np.linalg.solve(A, np.eye(2)), 6)", "w, v = np.linalg.eigh(S)\n(np.round(w, 6), np.round(np.abs(v), 6))", "np.round(np.linalg.eigvalsh(S), 6)",
		"np.round(np.linalg.svd(M, compute_uv=False), 6)", "u, s, vh = np.linalg.svd(M, full_matrices=False)\n(u.shape, s.shape, vh.shape, np.allclose(u @ np.diag(s) @ vh, M) if hasattr(np, 'diag') else True)",
		"u, s, vh = np.linalg.svd(M)\n(u.shape, vh.shape)", "q, r = np.linalg.qr(M)\n(q.shape, r.shape, np.allclose(q @ r, M))",
		"np.round(np.linalg.norm(A), 6)", "np.linalg.norm(np.array([3, 4]))", "np.round(np.linalg.norm(M, axis=1), 6)", "np.linalg.norm(A, 1)",
		"np.linalg.norm(A, np.inf)", "np.round(np.linalg.norm(A, 2), 6)", "np.round(np.linalg.norm(A, 'nuc'), 6)", "np.linalg.norm(np.array([1, -5, 2]), np.inf)",
		"np.linalg.norm(np.array([1., 2.]), 1)", "np.linalg.norm(M, keepdims=True).shape", "np.round(np.linalg.pinv(M), 6)", "np.linalg.matrix_rank(M)",
		"np.linalg.matrix_rank(np.ones((3, 3)))", "x, res, rank, sv = np.linalg.lstsq(M, np.array([1., 2., 4.]), rcond=None)\n(np.round(x, 6), np.round(res, 6), rank, np.round(sv, 6))",
		"np.round(np.linalg.cholesky(S), 6)", "np.linalg.matrix_power(np.array([[1, 1], [0, 1]]), 3)", "np.round(np.linalg.matrix_power(A, -1), 6)",
		"np.linalg.inv(np.zeros((2, 2)))", "np.linalg.inv(np.arange(3.0))", "np.linalg.inv(M)", "np.linalg.cholesky(np.array([[1., 2.], [2., 1.]]))",
		"issubclass(np.linalg.LinAlgError, Exception)",
		// det is sign * exp(logdet), as NumPy computes it: these LU factors are exact
		"repr(np.linalg.det(np.array([[1., 2.], [3., 4.]])))", "np.linalg.slogdet(np.array([[1., 2.], [3., 4.]]))", "repr(np.linalg.det(np.eye(3) * 2))",
		"repr(np.linalg.det(np.array([[[1., 2], [3, 4]], [[0, 0], [0, 0]], [[2, 0], [0, 3]]])))", "repr(np.linalg.det(np.array([[1, 2], [3, 4]], dtype=np.float32)))",
	})
}

// TestStatsMatchNumPy covers order statistics, histograms and the
// reshaping helpers.
func TestStatsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([[3., 1., 4.], [1., 5., 9.]])\n", []string{
		"np.median(np.array([3, 1, 2, 4]))", "np.median(a)", "np.median(a, axis=0)", "np.median(a, axis=1, keepdims=True)", "np.percentile(np.arange(10), 25)",
		"np.percentile(np.arange(10), [10, 90])", "np.percentile(a, 50, axis=1)", "np.quantile(np.arange(5.0), 0.3)", "np.percentile(np.arange(3), 101)",
		"np.median(np.array([1.0, np.nan]))", "np.histogram(np.array([1, 2, 2, 3, 5]), bins=3)", "np.histogram(np.arange(10), bins=4, range=(0, 8))",
		"np.histogram(np.array([0.5]))", "np.bincount(np.array([0, 1, 1, 3]))", "np.bincount(np.array([0, 1]), minlength=4)",
		"np.bincount(np.array([0, 1, 1]), weights=np.array([0.5, 1.0, 2.0]))", "np.bincount(np.array([0.5]))", "np.roll(np.arange(5), 2)",
		"np.roll(np.arange(6).reshape(2, 3), 1)", "np.roll(np.arange(6).reshape(2, 3), -1, axis=1)", "np.pad(np.array([1, 2]), 1)",
		"np.pad(np.array([1, 2]), (2, 1), constant_values=9)", "np.pad(np.arange(4).reshape(2, 2), ((1, 0), (0, 2)))", "np.pad(np.array([1, 2]), 2, mode='edge')", "np.argwhere(np.array([[0, 1], [2, 0]]))", "np.cumprod(np.array([1, 2, 3, 4]))",
	})
}

// TestNpyFiles checks .npy and .npz both ways: NumPy reads what kael
// writes, and kael reads what NumPy writes.
func TestNpyFiles(t *testing.T) {
	dir := t.TempDir()
	kaelWrites := "np.save('" + dir + "/k1.npy', np.arange(6.0).reshape(2, 3))\nnp.save('" + dir + "/k2', np.array([True, False]))\n" +
		"np.save('" + dir + "/k3.npy', np.arange(4, dtype=np.float32)[::2])\nnp.savez('" + dir + "/k4.npz', np.arange(3), w=np.ones((2, 2)))\n" +
		"np.save('" + dir + "/k5.npy', np.array(7))\nnp.save('" + dir + "/k6.npy', np.array([[1+2j, -3j]], np.complex64))\n" +
		"np.save('" + dir + "/k7.npy', np.array([[-1, 2], [3, 4]], np.int8).T)\nnp.save('" + dir + "/k8.npy', np.array([0.1, 2], np.float16))\n" +
		"np.save('" + dir + "/k9.npy', np.arange(8, dtype=np.int16)[2:5])"
	numpyWrites := "np.save('" + dir + "/n1.npy', np.arange(6.0).reshape(2, 3))\nnp.save('" + dir + "/n2.npy', np.array(7))\n" +
		"np.save('" + dir + "/n3.npy', np.asfortranarray(np.arange(6).reshape(2, 3)))\nnp.savez('" + dir + "/n4.npz', a=np.arange(3), b=np.eye(2, dtype=np.float32))\n" +
		"np.save('" + dir + "/n5.npy', np.arange(3, dtype=np.uint16))\nnp.save('" + dir + "/n6.npy', np.array([1, 300], np.int16))\n" +
		"np.save('" + dir + "/n7.npy', np.array([1+2j, 3], np.complex128))\nnp.save('" + dir + "/n8.npy', np.array([200], np.uint8))\n"
	if got := langtest.Run(prelude + kaelWrites); got != "<none>" {
		t.Fatalf("kael writes: %s", got)
	}
	if got := cpython.CellOutcomes(t, prelude, []string{numpyWrites}); got[0] != "None" && got[0] != "<none>" {
		t.Fatalf("NumPy writes: %s", got[0])
	}
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.load('" + dir + "/k1.npy')", "np.load('" + dir + "/k2.npy')", "np.load('" + dir + "/k3.npy')", "np.load('" + dir + "/k5.npy')", "np.load('" + dir + "/k6.npy')", "np.load('" + dir + "/k7.npy')", "np.load('" + dir + "/k8.npy')", "np.load('" + dir + "/k9.npy')",
		"z = np.load('" + dir + "/k4.npz')\n(sorted(z.files), z['arr_0'], z['w'])", "list(open('" + dir + "/k1.npy', 'rb').read())",
		"np.load('" + dir + "/n1.npy')", "np.load('" + dir + "/n2.npy')", "np.load('" + dir + "/n3.npy')", "np.load('" + dir + "/n5.npy')", "np.load('" + dir + "/n6.npy')", "np.load('" + dir + "/n7.npy')", "np.load('" + dir + "/n8.npy')",
		"z = np.load('" + dir + "/n4.npz')\n(z.files, z['a'], z['b'])", "np.load('" + dir + "/missing.npy')",
	})
}

// TestArraysElsewhere checks that the rest of kael takes arrays where it
// takes lists and tensors: plots, ranges, torch functions.
func TestArraysElsewhere(t *testing.T) {
	langtest.CheckCellCases(t, prelude+"import matplotlib.pyplot as plt\nimport torch\n", []langtest.Case{
		{Src: "plt.plot(np.arange(3), np.arange(3) ** 2)", Want: "<none>"},
		{Src: "np.array(range(4))", Want: "array([0, 1, 2, 3])"},
		{Src: "torch.tensor(np.arange(3)).tolist()", Want: "[0, 1, 2]"},
		{Src: "x = np.arange(5)\nx[np.int64(2)]", Want: "2"},
		{Src: "torch.arange(6)[np.array([1, 3])].tolist()", Want: "[1, 3]"},
		{Src: "np.array(['a'])", Want: "array(['a'], dtype='<U1')"},
		{Src: "np.array(['a', None])", Want: "array(['a', None], dtype=object)"},
		{Src: "np.zeros(2, dtype='float128')", Want: "TypeError: kael's NumPy has no dtype float128: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128"},
	})
}

// TestTypeInfoMatchesNumPy checks np.finfo and np.iinfo: reprs, each
// attribute's value and type, the arguments they take and their errors.
func TestTypeInfoMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, ty := range []string{"np.float32", "np.float64", "float", "'float32'", "np.float32(1)", "np.dtype('float64')"} {
		srcs = append(srcs, "repr(np.finfo("+ty+"))")
	}
	// (dtype's own type is named dtype[float32] in NumPy: not compared)
	srcs = append(srcs, "repr(np.finfo(np.float32).dtype), repr(np.finfo(np.float64).dtype)")
	for _, attr := range []string{"bits", "eps", "epsneg", "max", "min", "tiny", "smallest_normal", "smallest_subnormal", "resolution", "precision", "nmant", "nexp", "maxexp", "minexp", "machep", "negep", "iexp"} {
		for _, ty := range []string{"np.float32", "np.float64"} {
			srcs = append(srcs, "repr(np.finfo("+ty+")."+attr+"), type(np.finfo("+ty+")."+attr+").__name__")
		}
	}
	srcs = append(srcs, "np.finfo(np.float32).eps.item()", "repr(np.iinfo(np.int64)), repr(np.iinfo(int))",
		"i = np.iinfo(np.int64)\ni.bits, i.min, i.max, repr(i.dtype), type(i.min).__name__, i.kind",
		"np.finfo(np.int64)", "np.iinfo(np.float32)", "np.iinfo(np.bool_)")
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestAsTensorSharesNumPy checks that torch.as_tensor and torch.asarray
// share a NumPy array's memory where PyTorch does (its dtype kept) and
// copy it where they must, as PyTorch 1.13.
func TestAsTensorSharesNumPy(t *testing.T) {
	langtest.CheckMatchesTorch(t, prelude+"import torch\n", []string{
		"a = np.array([1., 2.])\nx = torch.as_tensor(a)\na[0] = 9\nx.tolist(), x.dtype",
		"a = np.array([1, 2])\nx = torch.as_tensor(a)\nx.add_(1)\na.tolist()",
		"a = np.array([1., 2.])\nx = torch.asarray(a)\nx[1] = 7\na.tolist()",
		"a = np.array([1., 2.])\nx = torch.asarray(a, copy=True)\na[0] = 9\nx.tolist()",
		"a = np.array([1., 2.])\nx = torch.as_tensor(a, dtype=torch.float32)\na[0] = 9\nx.tolist(), x.dtype",
		"a = np.array([1., 2.])\nx = torch.asarray(a, dtype=torch.float64)\na[0] = 5\nx.tolist()",
		"torch.as_tensor(np.array(2.5)), torch.as_tensor(np.float64(2.5)), torch.asarray(np.array([1, 2]))",
		"torch.asarray(np.array([1, 2]), dtype=torch.float32, copy=False)",
	})
}

// TestHistogramMatchesNumPy covers np.histogram's bins as edges (int and
// float, repeated, values on them and outside), weights of each kind
// (summed per block of 65,536 values as NumPy sums them, float32 ones
// in float32), density, NaNs, and its errors.
func TestHistogramMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"x = np.array([1, 2, 3, 3, 0.5, 7, -1])\nw = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])\nr = np.random.RandomState(3).standard_normal(200000)\n", []string{
		"np.histogram(x, bins=[0, 2, 3])", "np.histogram(x, bins=[0.0, 1.0, 1.0, 3.0, 7.0])", "np.histogram(x, bins=np.array([-1, 3]))", "np.histogram(x, bins=[5])",
		"np.histogram(x, bins=[0, 2, 3], weights=w)", "np.histogram(x, bins=3, weights=w)", "np.histogram(x, weights=np.arange(7))", "np.histogram(x, bins=[0, 2, 3], weights=np.arange(7))",
		"np.histogram(x, bins=2, weights=w.astype(np.float32))", "np.histogram(x, bins=[0, 2, 8], weights=w.astype(np.float32))", "np.histogram(x, bins=4, density=True)",
		"np.histogram(x, bins=[0, 1, 4, 8], density=True)", "np.histogram(x, bins=[0, 1, 4], weights=w, density=True)", "np.histogram(x.reshape(7, 1), bins=2)",
		"np.histogram(r, bins=7, weights=r * 0.1)", "np.histogram(r, bins=[-3, -0.5, 0, 0.1, 2.5], weights=r * 0.1)", "np.histogram(r, bins=5, density=True)",
		"np.histogram(np.array([1.0, np.nan, 2.0]), bins=2, range=(0, 3))", "np.histogram(np.array([1.0, np.nan, 2.0]), bins=[0, 1, 3])",
		"np.histogram(np.array([1.0, np.nan]))", "np.histogram(np.array([1.0, np.inf]))", "np.histogram(x, bins=3.0)", "np.histogram(x, bins=[[1, 2]])",
		"np.histogram(x, bins=[3, 1])", "np.histogram(x, weights=[1, 2])", "np.histogram(x, bins=0)", "np.histogram(np.array([]), bins=[0, 1])",
		"np.histogram(x, bins=np.int64(3))", "np.histogram(x, bins=np.array(3))", "np.histogram(x, bins=np.array(3.0))", "np.histogram(x, bins=True)",
	})
}
