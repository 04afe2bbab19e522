package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNegativeStepsMatchNumPy covers views with negative strides: slices
// with a negative step and np.flip, read, written through both ways,
// reduced, printed, copied and indexed again.
func TestNegativeStepsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(10)\nm = np.arange(12.).reshape(3, 4)\n", []string{
		// reading
		"a[::-1]", "a[5:1:-2]", "a[-2::-3]", "a[:3:-1]", "a[100:-100:-1]", "a[::-4]", "a[1:1:-1]", "a[::-1].strides", "a[::-3].shape",
		"m[:, ::-1]", "m[::-1, ::2]", "m[::-1][1:]", "m[::-1][0, ::-1]", "m[::-1, ::-1].strides", "m[::-1][::-1]", "m[::-1][::-1].strides",
		"m[::-1][..., ::-1]", "m[::-1][None, ::-1].shape", "m[::-1][:, None, 0]", "m[::-1][-1]", "m[::-1][2, 3]", "m[::-1][5]",
		"a[::0]", "m[:, ::-1][:, ::0]",
		// advanced indexing mixed with flips
		"a[::-1][[0, 2, -1]]", "a[::-1][a[::-1] > 5]", "m[::-1, [0, 2]]", "m[[0, 2], ::-1]", "m[::-1][[0, 1], 1:]", "m[:, ::-1][m[:, ::-1] > 5]",
		// NumPy's base, flip and its kin
		"a[::-1].base is a", "a[1:][::-1].base is a", "m[::-1].base is m.base", "a.reshape(2, 5).base is a", "a.reshape(2, 5).T.base is a",
		"np.flip(m)", "np.flip(m, 0)", "np.flip(m, -1)", "np.flip(m, (0, 1))", "np.flip(m, 2)", "np.flip([[1, 2], [3, 4]])",
		"np.flip(np.float64(2))", "np.flipud(m)", "np.fliplr(m)", "np.flipud(np.float64(3))", "np.fliplr(a)", "np.fliplr(m).base is m.base",
		"np.flip(m).strides", "np.flip(m)[::-1].strides",
		// computing on them
		"a[::-1].sum()", "m[::-1, ::-1].sum(axis=0)", "m[::-1].mean(axis=1)", "a[::-1].argmax()", "a[::-2] * 2", "a[::-1] @ a",
		"np.sort(np.flip(m))", "np.concatenate([a[::-1], a[:2]])", "a[::-1].astype(np.float32)", "list(a[::-3])", "a[::-1].tolist()",
		"[r.tolist() for r in m[::-1, ::-1]]", "np.flip(m, 1) == m[:, ::-1]", "m[::-1].T", "m[::-1].T.strides", "m[::-1].T.copy().strides",
		"np.flip(m, 1).ravel()", "np.flip(m, 1).reshape(2, 6)", "repr(m[::-1])", "str(a[::-2])",
		// copies
		"a[::-1].copy()", "a[::-1].copy().strides", "np.ascontiguousarray(a[::-1])", "np.ascontiguousarray(m[:, ::-1]).strides",
		"np.ascontiguousarray(m) is m", "np.ascontiguousarray(np.float64(3))", "np.asarray(m) is m", "np.array(a[::-1])",
		"a[::-1].tobytes()[:16]", "a[::-1].astype(np.int64, copy=False).base is a",
		// writing through
		"b = a[::-1]\nb[0] = 100\na", "c = m[::-1, ::-1]\nc[0] = -1\nm", "c = m[::-1, ::-1]\nc[1:, 1] = [7, 8]\n(m, c)",
		"b = a[::-1]\nb += 1\na", "b = a[::-1]\nb[[0, 1]] = 0\na", "c = m[:, ::-1]\nc[c > 5] = 0\nm", "c = m[::-1]\nc[[0, 2], ::-1] = [1, 2, 3, 4]\nm",
		"b = a[::-1]\nb.fill(3)\na", "b = a[::-1]\nb[:] = np.arange(10)\n(a, b)", "b = a[::-1]\nb.sort()\na", "b = a[8:1:-2]\nb[1::2] = 9\na",
		"b = a[::-1]\nb[...] = 5\nb[:2] += 1\na", "np.multiply(m, 2, out=m[::-1])\nm", "a[::-1][1] = 42\na", "a[::-1][:3][::-1][0] = 7\na",
		"b = a[::-1]\na[0] = -5\nb", "np.flip(m)[0, 0] = 99\nm", "m[:, ::-1] = [1, 2]", "m[::-1] = np.zeros((2, 4))", "a.shape = (2, 5)\na[:, ::-1].shape",
		"b = a[::-1]\nb.shape = (2, 5)\n(b, b.strides)", "b = m[::-1, ::-1]\nb.shape = 12\nb[0] = 0\n(b, m)", "b = m[::-1]\nb.shape = 12",
	})
}

// TestNegativeStridesAndTorch checks that torch refuses an array with a
// negative stride with PyTorch's message, and takes its copy.
func TestNegativeStridesAndTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, prelude+"import torch\nm = np.arange(6.).reshape(2, 3)\n", []string{
		"torch.from_numpy(m[:, ::-1])", "torch.tensor(m[::-1])", "torch.as_tensor(np.flip(m))", "torch.asarray(m[::-1])",
		"torch.from_numpy(np.flipud(m)[0])", "torch.from_numpy(m[::-1].copy())", "torch.from_numpy(np.ascontiguousarray(m[::-1]))",
		"torch.tensor(m[::-1].copy()).tolist()", "t = torch.from_numpy(m[::-1][::-1])\nt[0, 0] = 5\nm",
		"torch.arange(4)[::-1]", "torch.from_numpy(m)[:, ::-1]", "t = torch.from_numpy(m)\nt[::-1] = 0",
	})
}

// TestSharedMemoryMatchesNumPy covers np.shares_memory and
// np.may_share_memory over views, flips and copies.
func TestSharedMemoryMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(10)\nm = a.reshape(2, 5)\n", []string{
		"np.shares_memory(a, a[::-1])", "np.shares_memory(a[::2], a[1::2])", "np.may_share_memory(a[::2], a[1::2])",
		"np.shares_memory(a[:5], a[5:])", "np.may_share_memory(a[:5], a[5:])", "np.shares_memory(a, a.copy())", "np.shares_memory(a, 3)",
		"np.shares_memory(a, [1, 2])", "np.shares_memory(m[:, ::-1], a[4])", "np.shares_memory(np.flip(m), m[1:, 1:])",
		"np.shares_memory(m.T, a[9:])", "np.shares_memory(a[:0], a)", "np.may_share_memory(a[3:3], a)",
	})
}
