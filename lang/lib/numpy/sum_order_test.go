package numpy_test

import (
	"fmt"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPairwiseSumMatchesNumPyBits compares np.sum, np.mean, np.var and
// np.std over trailing and middle axes with NumPy's bit for bit (float.hex
// of every element), for float64, float32 and float16: NumPy sums a
// contiguous run pairwise (eight accumulators, halves above 128
// elements) by chunks of its 8192-element buffer, adds rows one after the
// other where the reduced axes have others after them, divides by the
// count without rounding it, and computes a float16 mean in float32 but
// a float16 variance's mean in float16. The sizes straddle 8, 128, the
// halving and the buffer.
func TestPairwiseSumMatchesNumPyBits(t *testing.T) {
	var cases []string
	for _, dt := range []string{"np.float64", "np.float32"} {
		for _, n := range []int{1, 7, 8, 9, 17, 128, 129, 1000, 8191, 8192, 8193, 20011} {
			a := fmt.Sprintf("a = mk(%d, dt=%s)\n", n, dt)
			cases = append(cases,
				a+"bits(np.sum(a)), bits(a.sum(axis=0))",
				a+"bits(np.mean(a)), bits(a.mean(keepdims=True))",
				a+"bits(np.var(a)), bits(np.std(a)), bits(a.var(ddof=1))")
		}
	}
	cases = append(cases,
		"bits(np.arange(10) * 0.1), bits(np.sum(np.arange(10) * 0.1)), bits(np.mean(np.arange(10) * 0.1))",
		"bits(mk(3, 10000).sum(axis=1)), bits(mk(3, 10000).sum()), bits(mk(3, 10000).sum(axis=-1, keepdims=True))",
		"bits(mk(4, 5, 3000, dt=np.float32).sum(axis=(1, 2))), bits(mk(4, 5, 300).sum(axis=(2, 1), keepdims=True))",
		// rows in turn at widths across the vector kernels' blocks (32 and
		// 8 float64, 64 and 16 float32, a tail), more rows than the eight
		// added at a time, and wider than a block of columns
		"bits(mk(19, 1003).sum(axis=0)), bits(mk(19, 1003, dt=np.float32).sum(axis=0)), bits(mk(3, 17, 70, dt=np.float32).sum(axis=1))",
		"bits(mk(10, 4200).sum(axis=0)), bits(mk(9, 4200, dt=np.float32).mean(axis=0)), bits(mk(33, 2, 41).var(axis=0))",
		"bits(mk(4, 5, 30).sum(axis=1)), bits(mk(4, 5, 30, dt=np.float32).mean(axis=1)), bits(mk(6, 7, 3, 2).var(axis=(1, 2)))",
		"bits(mk(7, 1, 9000).sum(axis=2)), bits(mk(1000, 1).sum(axis=0)), bits(mk(5, 1, 40).sum(axis=(0, 1)))",
		"bits(mk(40, 30)[5:].sum()), bits(mk(40, 30)[5:].var(axis=1)), bits(mk(30, 40)[:, None, :].mean(axis=(0, 1)))",
		// strided views and reduced axes apart: NumPy's iterator in memory
		// order, merged runs, the inner axis pairwise or rows in turn
		"bits(mk(40, 30).T.sum(axis=1)), bits(mk(40, 30).T.sum(axis=0)), bits(mk(40, 30).T.sum())",
		"bits(mk(300, 50)[:, 1:].sum()), bits(mk(300, 50)[:, 1:].sum(axis=0)), bits(mk(300, 50)[:, 1:].sum(axis=1))",
		"bits(mk(3, 4, 500).sum(axis=(0, 2))), bits(mk(30, 4, 5).sum(axis=(0, 2))), bits(mk(6, 5, 4, 3).sum(axis=(1, 3)))",
		"bits(mk(9000, 4)[:, 2].sum()), bits(mk(20000, 2)[::2].sum(axis=0)), bits(mk(50, 60)[::3, ::2].mean())",
		"a = mk(30, 40, dt=np.float32)\nbits(a.T.var(axis=0)), bits(a[:, ::2].std(axis=1)), bits(a.T.mean())",
		"h = (rng.random((40, 300)) * 10).astype(np.float16)\nbits(h.T.sum(axis=1)), bits(h[:, 1:].sum()), bits(h.T.mean(axis=0)), bits(h[::2].var())",
		"bits(mk(4, 300, 50)[:, :, 1:].sum(axis=(1, 2))), bits(mk(300, 4, 50)[:, :, 1:].sum(axis=(0, 2))), bits(mk(200, 60)[:, 1:].sum(axis=(0, 1), keepdims=True))",
		"bits(np.full((1, 2), -0.0).sum(axis=0)), bits(mk(1, 5).sum(axis=0)), bits(np.swapaxes(mk(3, 4, 5), 0, 2).sum(axis=1))",
		"bits(np.arange(24).reshape(2, 3, 4).mean(axis=-1)), bits(np.arange(24).reshape(2, 3, 4).var(axis=1))",
		"bits(mk(0, 4).sum(axis=1)), bits(mk(4, 0).sum(axis=1)), bits(mk(2, 0, 3).sum(axis=1))",
		"bits(np.array([-0.0, -0.0]).sum()), bits(np.array([-0.0] * 9).sum(axis=0)), bits(np.full((3, 2), -0.0).sum(axis=0))",
		"bits(np.full((3, 2, 2), -0.0, dtype=np.float32).sum(axis=1)), bits(np.full((2, 9), -0.0).sum(axis=1))",
		// float16: float32 accumulation within a chunk, rounding after
		// each chunk and each row; the mean in float32; the variance's
		// mean in float16; an overflowing sum is inf as NumPy's.
		"h = (rng.random(1000) * 100).astype(np.float16)\nbits(h.sum()), bits(h.mean()), bits(h.var()), bits(h.std())",
		"h = (rng.random((4, 5, 30)) * 100).astype(np.float16)\nbits(h.sum(axis=1)), bits(h.mean(axis=1)), bits(h.var(axis=1)), bits(h.std(axis=1, ddof=1))",
		"h = (rng.random((3, 20000)) * 10).astype(np.float16)\nbits(h.sum(axis=1)), bits(h.mean(axis=-1)), bits(h.var(axis=1))",
		"import warnings\nwarnings.simplefilter('ignore')\nh = (rng.random(100003) * 100).astype(np.float16)\nbits(h.sum()), bits(h.mean()), bits(h.var())",
	)
	langtest.CheckMatchesCPython(t, prelude+rowsSetup, cases)
}
