package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/array" // torch.frombuffer reads an array.array
	_ "github.com/kael-dev/kael/lang/lib/os"    // the file cases' directories
)

// TestFromBufferMatchesTorch checks torch.frombuffer against PyTorch: the
// kinds of buffers, shared memory with a bytearray both ways, count and
// offset, bool bytes, requires_grad, the not-writable warning and the
// errors.
func TestFromBufferMatchesTorch(t *testing.T) {
	prelude := "import torch, array\n" + warningsPrelude + `def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
b = bytearray(b'\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00')
`
	srcs := []string{
		"t = torch.frombuffer(b, dtype=torch.int32)\nb[0] = 9\nt[1] = 7\nt, b, t.dtype, t.shape, t.is_leaf",
		"t = torch.frombuffer(memoryview(b)[4:], dtype=torch.int16)\nt[0] = -2\nt, b",
		"t = torch.frombuffer(b, dtype=torch.int32, offset=4, count=1)\nt[0] = 5\nt, b",
		"torch.frombuffer(b, dtype=torch.uint8, offset=1, count=3), torch.frombuffer(b, dtype=torch.float32, count=-2), torch.frombuffer(b, dtype=torch.int16, offset=2)",
		"t = torch.frombuffer(b, dtype=torch.float32, offset=1, count=2)\nt.tolist()",
		"torch.frombuffer(array.array('i', [1, -2, 3]), dtype=torch.int32), torch.frombuffer(array.array('d', [1.5]), dtype=torch.float64)",
		"torch.frombuffer(bytearray(b'\\x00\\x01\\x02'), dtype=torch.bool), torch.frombuffer(b, dtype=torch.float64, count=1, requires_grad=True).requires_grad",
		"r, w = caught(lambda: torch.frombuffer(b'abcd', dtype=torch.uint8))\nr, [(c, m.split(' (Triggered')[0]) for c, m in w], caught(lambda: torch.frombuffer(memoryview(b'ab'), dtype=torch.uint8))[1]",
		"[err(f) for f in [lambda: torch.frombuffer(bytearray(b'abc'), dtype=torch.int32), lambda: torch.frombuffer(b, dtype=torch.int32, count=4), " +
			"lambda: torch.frombuffer(b, dtype=torch.int32, offset=12), lambda: torch.frombuffer(b, dtype=torch.int32, offset=-1), " +
			"lambda: torch.frombuffer(b, dtype=torch.int32, count=0), lambda: torch.frombuffer(bytearray(), dtype=torch.int32), " +
			"lambda: torch.frombuffer([1, 2], dtype=torch.int32), lambda: torch.frombuffer(b), lambda: torch.frombuffer(memoryview(b)[::2], dtype=torch.int16), " +
			"lambda: torch.frombuffer(b, dtype=torch.int32, requires_grad=True), lambda: torch.frombuffer(b, dtype=torch.int32, offset=3, count=3)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestFromFileMatchesTorch checks torch.from_file against PyTorch: a copy
// (writes stay in the tensor), a shared mapping (writes reach the file,
// which is made or grown), the default dtype, size 0, and the errors.
func TestFromFileMatchesTorch(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		prelude := langtest.FilePrelude(root, "import torch") + `def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
with open('f.bin', 'wb') as f:
    f.write(bytes(range(16)))
def content(name):
    with open(name, 'rb') as f:
        return f.read()
`
		srcs := []string{
			"torch.from_file('f.bin', size=4, dtype=torch.int32), torch.from_file('f.bin', False, 16, dtype=torch.uint8), torch.from_file('f.bin', size=2, dtype=torch.float64).dtype",
			"t = torch.from_file('f.bin', size=2)\nt.dtype, t.shape, torch.from_file('f.bin', size=0, dtype=torch.int32), torch.from_file('f.bin')",
			"t = torch.from_file('f.bin', False, 4, dtype=torch.int32)\nt[0] = 5\nt[0].item(), content('f.bin')[:6]",
			"t = torch.from_file('f.bin', True, 4, dtype=torch.int32)\nt[0] = -1\nt[1] += 1\ncontent('f.bin')[:8], t.tolist()",
			"t = torch.from_file('new.bin', True, 3, dtype=torch.int16)\nt[2] = 258\nt, content('new.bin')",
			"t = torch.from_file('f.bin', True, 6, dtype=torch.int32)\nlen(content('f.bin')), t[4:].tolist()",
			"torch.from_file('f.bin', size=1, dtype=torch.float64, requires_grad=True).requires_grad",
			"[err(f) for f in [lambda: torch.from_file('f.bin', size=5, dtype=torch.int32), lambda: torch.from_file('nope.bin', size=2), " +
				"lambda: torch.from_file(3, size=1), lambda: torch.from_file('f.bin', 1, 2), lambda: torch.from_file('.', False, 2), " +
				"lambda: torch.from_file('f.bin', size=2, dtype=torch.int32, requires_grad=True)]]",
		}
		langtest.CheckMatchesTorch(t, prelude, srcs)
	})
}
