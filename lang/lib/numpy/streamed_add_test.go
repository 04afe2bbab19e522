package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStreamedSumsMatchNumPy checks float64 sums whose outputs are
// written around the cache (vecmath.AddFloat64 from 2 MiB: non-temporal
// stores) against NumPy 1.24 bit for bit, by float.hex of a sample of the
// elements and a SHA-256 of all their bytes: fresh outputs in a loop that recycles their
// buffers, an output read at once by the next operation, in-place sums,
// and an in-place sum into a view whose first element is not aligned to
// a cache line (the kernels' ordinary head and tail).
func TestStreamedSumsMatchNumPy(t *testing.T) {
	setup := "import hashlib\na = np.arange(1048576.0).reshape(1024, 1024) / 7.0\nb = np.sqrt(a * 3.0 + 1.0)\n"
	sample := func(x string) string {
		return "[v.hex() for v in " + x + ".ravel()[::65537].tolist()], hashlib.sha256(" + x + ".tobytes()).hexdigest()"
	}
	langtest.CheckMatchesCPython(t, prelude, []string{
		setup + "for i in range(6):\n    c = a + b\n    d = c + a\n" + sample("d"),
		setup + "a += b\na += b\n" + sample("a"),
		setup + "v = a.ravel()[3:-2]\nv += b.ravel()[5:]\n" + sample("a"),
		setup + "c = (a * 1e300) + (b * 1e300)\nwith np.errstate(over='ignore'):\n    e = c + c\n" + sample("e"),
	})
}
