package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	"github.com/kael-dev/kael/tensor"
)

// TestRecycledArraysMatchNumPy runs loops that drop 8 MiB arrays, whose
// buffers kael's storage pool hands to the next array of their size
// (tensor/storage_pool.go), and checks that what a fresh array must hold
// (np.zeros, np.zeros_like, a full or computed result) and what a view
// of a dropped array holds are NumPy's. It fails if the pool recycled
// nothing, so that it tests the recycling it is about.
func TestRecycledArraysMatchNumPy(t *testing.T) {
	churn := "import gc\nfor i in range(8):\n    c = np.full((1024, 1024), 7.0) + i\n    gc.collect()\n"
	before, _, _ := tensor.PoolStats()
	langtest.CheckMatchesCPython(t, prelude, []string{
		churn + "z = np.zeros((1024, 1024))\nfloat(z.min()), float(z.max()), float(np.zeros_like(c).max()), float(np.zeros((2048, 1024), np.float32).max())",
		churn + "z = np.zeros((8192, 1024), np.bool_)\nbool(z.any()), int(np.zeros((1024, 1024), np.int64).max())",
		churn + "d = np.full((1024, 1024), 2.5)\nfloat(d.min()), float(d.max()), float((c * 2).min()), float((c * 2).max())",
		"import gc\nb = np.full((1024, 1024), 2.0)\nv = b[512:]\nw = b[:256]\ndel b\n" + churn + "v[:] = 5.0\nfloat(v.min()), float(v.max()), float(w.min()), float(w.max()), float(c.min()), float(c.max())",
		"import gc\nb = np.full((1024, 1024), 2.0)\nr = b.ravel()[::7]\nt = b.T\ndel b\n" + churn + "t[1023] = 4.0\nfloat(r.min()), float(r.max()), float(t.sum()), float(c.max())",
	})
	if after, _, _ := tensor.PoolStats(); after == before {
		t.Error("no array's buffer was recycled: the test did not exercise the storage pool")
	}
}

// TestRecycledSharedMemoryMatchesTorch drops the ndarray behind
// torch.from_numpy and the tensor behind t.numpy(), recycles buffers of
// their size through NumPy and torch, and checks against PyTorch 1.13
// that the survivors still own their memory and that torch.zeros and
// np.zeros are zero.
func TestRecycledSharedMemoryMatchesTorch(t *testing.T) {
	prelude := "import gc\nimport torch\nimport numpy as np\n"
	src := "a = np.full((1024, 1024), 2.0)\nt = torch.from_numpy(a)\ndel a\n" +
		"x = torch.full((1024, 1024), 3.0, dtype=torch.float64)\nn = x.numpy()\ndel x\n" +
		"for i in range(8):\n    c = np.full((1024, 1024), 7.0) + i\n    d = torch.ones(1024, 1024, dtype=torch.float64) * i\n    gc.collect()\n" +
		"t[0, 0] = 9.0\nn[5] = 1.0\nz = torch.zeros(1024, 1024, dtype=torch.float64)\n"
	before, _, _ := tensor.PoolStats()
	langtest.CheckMatchesTorch(t, prelude, []string{
		src + "float(t.sum()), float(n.sum()), float(c.sum()), float(d.sum()), float(z.abs().max()), float(np.zeros((1024, 1024)).max())",
		src + "float(torch.zeros(2048, 1024).abs().max()), bool(torch.zeros(8192, 1024, dtype=torch.bool).any()), float(torch.empty(1024, 1024, dtype=torch.float64).fill_(1).sum())",
	})
	if after, _, _ := tensor.PoolStats(); after == before {
		t.Error("no buffer was recycled: the test did not exercise the storage pool")
	}
}
