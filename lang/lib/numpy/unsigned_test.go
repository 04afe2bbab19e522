package numpy_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestWideUnsignedMatchNumPy covers NumPy's uint16, uint32 and uint64:
// names, promotion, wrapping arithmetic, reductions, printing, scalars.
func TestWideUnsignedMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([1, 2, 65535], dtype=np.uint16)\nh = np.array([2**64 - 1, 3], dtype=np.uint64)\n", []string{
		// names and dtype objects
		"np.dtype('H'), np.dtype('I'), np.dtype('L'), np.dtype('Q'), np.dtype('P'), np.dtype('u2'), np.dtype('<u4'), np.dtype('u8')",
		"np.ushort, np.uintc, np.uint, np.uintp, np.uint16, np.uint32, np.uint64",
		"np.dtype('uint16').char, np.dtype(np.uint32).kind, np.dtype('uint64').itemsize, np.dtype('uint16').str",
		"np.iinfo(np.uint16).max, np.iinfo('u4').max, np.iinfo(np.uint64).min, np.iinfo(np.uint64).max, repr(np.iinfo(np.uint64))",
		// printing and conversion
		"a", "h", "np.array([2**64 - 1])", "np.arange(5, dtype=np.uint16)", "np.zeros(3, dtype='u4')", "np.ones((2, 2), dtype=np.uint64)",
		"a.tolist(), a.astype(np.int64), a.astype(np.float32), h[0], h[0].item()", "np.array([-1, 70000]).astype(np.uint16)",
		"np.array([-1.0, 1e10, 2.5]).astype(np.uint32)", "np.uint16(7), np.uint32('12'), np.uint64(2**64 - 1), np.uint64('18446744073709551615'), type(np.uint16(7))",
		// promotion, NumPy's table and value-based casting
		"np.result_type(np.uint16, np.int16), np.result_type(np.uint32, np.int32), np.result_type(np.uint64, np.int64)",
		"np.promote_types('u8', 'i1'), np.promote_types('u2', 'f2'), np.can_cast(np.uint16, np.int32), np.can_cast(np.uint32, np.int32)",
		"a + 1, a + 70000, a + np.int16(1), a + np.array([1], dtype=np.int16), a * 2.5, (a + np.uint64(1)).dtype",
		"np.array([3], dtype=np.uint64) + np.array([1], dtype=np.int64)",
		// wrapping arithmetic, shifts, bitwise
		"a + a, a - np.array([3, 3, 3], dtype=np.uint16), a * a, a // 2, a % 7, a / 2, a ** 2",
		"x = np.array([1, 2, 3], dtype=np.uint32)\nx * np.uint32(2654435761), (x * np.uint32(2654435761)) >> np.uint32(16)",
		"h > 5, h // 2, h % 7, h >> 1, h << 1, h ^ np.uint64(97), h & np.uint64(0xff), h == h, h - np.uint64(1)",
		"np.uint64(14695981039346656037) ^ np.uint64(97)",
		"h.max(), h.min(), h.argmax(), h.argmin(), np.sort(h), np.argsort(h), np.unique(h), np.max(np.array([[1, 2**63], [2**64 - 2, 5]], dtype=np.uint64), axis=0)",
		// reductions
		"a.sum(), a.sum().dtype, a.prod(), np.cumsum(a), np.cumprod(a), a.max(), a.min(), a.mean(), a.argmax()",
		"np.array([255, 255], dtype=np.uint8).sum(), np.cumsum(np.array([200, 100], dtype=np.uint8))",
		"a[1:], a[a > 1], a[np.array([2, 0])], np.sort(np.array([3, 1, 2], dtype=np.uint32)), np.unique(a)",
		"np.uint16(3) + 4, np.float32(1) * np.uint16(2), np.uint64(5) + 1, np.uint64(5) + np.int64(1), np.uint32(5) * -1",
		"np.uint16(5) == 5, float(np.uint64(2**63 - 1)), int(np.uint64(2**63 - 1)), np.uint64(2**64 - 1).item(), str(np.uint32(7)), f'{np.uint16(9):04d}', np.uint16(5) // np.uint16(0)",
		"np.array([5], dtype=np.uint64) + 1, np.array([5], dtype=np.uint64) - 7, np.array([5], np.uint32) % np.uint32(0)",
		"np.arange(5)[np.array([1, 3], np.uint16)], np.arange(5)[np.array([4], np.uint64)], np.abs(np.array([3], np.uint16))",
		"-np.array([3], np.uint16), ~np.array([3], np.uint32), np.array([3], np.uint16) ** np.array([2], np.uint16)",
		"np.maximum(np.array([3], np.uint16), 70000), np.where(np.array([True]), np.uint16(1), np.uint32(2))",
	})
}

// TestWideUnsignedFilesMatchNumPy covers .npy files, tofile, fromfile and
// memmap with every mode, each case in a directory of its own.
func TestWideUnsignedFilesMatchNumPy(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "import numpy as np"), []string{
			"np.save('a.npy', np.array([1, 65535], dtype=np.uint16))\nnp.load('a.npy'), open('a.npy', 'rb').read()[:60]",
			"np.save('b', np.array([[2**64 - 1, 0]], dtype=np.uint64))\nnp.load('b.npy')",
			"np.array([3, 65535, 17], dtype=np.uint16).tofile('t.bin')\nopen('t.bin', 'rb').read(), np.fromfile('t.bin', dtype=np.uint16)",
			"np.arange(6, dtype=np.uint32).tofile('t.bin')\nnp.fromfile('t.bin', dtype=np.uint32, count=2, offset=8), np.fromfile('t.bin', dtype=np.uint8)[:5]",
			// nanoGPT's prepare.py: a w+ memmap filled in slices, flushed
			"m = np.memmap('train.bin', dtype=np.uint16, mode='w+', shape=(5,))\nm[0:2] = np.array([3, 65535], dtype=np.uint16)\nm[2:] = np.array([17, 40000, 9], dtype=np.uint16)\nm.flush()\nopen('train.bin', 'rb').read(), m.mode, m.offset",
			// train.py: read with mode 'r', sliced, converted
			"np.array([5, 6, 7, 8], dtype=np.uint16).tofile('d.bin')\nd = np.memmap('d.bin', dtype=np.uint16, mode='r')\nlen(d), d[1:3].astype(np.int64).tolist(), d.flags.writeable",
			"np.array([5, 6], dtype=np.uint16).tofile('d.bin')\nd = np.memmap('d.bin', dtype=np.uint16, mode='r')\nd[0] = 1",
			"np.array([5, 6, 7], dtype=np.uint16).tofile('c.bin')\nc = np.memmap('c.bin', dtype=np.uint16, mode='c')\nc[0] = 1\nc.flush()\nc.tolist(), np.fromfile('c.bin', dtype=np.uint16)",
			"np.array([5, 6, 7], dtype=np.uint16).tofile('r.bin')\nr = np.memmap('r.bin', dtype=np.uint16, mode='r+', offset=2, shape=(2,))\nr[1] = 9\nr.flush()\nnp.fromfile('r.bin', dtype=np.uint16)",
			"np.arange(4, dtype=np.uint16).tofile('f.bin')\nnp.memmap('f.bin', dtype=np.uint16, mode='r', shape=(2, 2), order='F').tolist()",
			"np.zeros(3, dtype=np.uint8).tofile('o.bin')\nnp.memmap('o.bin', dtype=np.uint16, mode='r')",
			"np.zeros(3, dtype=np.uint8).tofile('o.bin')\nnp.memmap('o.bin', mode='x')",
			"np.memmap('new.bin', dtype=np.uint16, mode='w+')",
			"np.memmap('missing.bin', dtype=np.uint16, mode='r')",
			"np.zeros(2, dtype=np.uint8).tofile('s.bin')\nnp.memmap('s.bin', dtype=np.uint8, mode='r', shape=(9,))",
		})
	})
}

// TestNanoGPTDataCrossesWithNumPy writes nanoGPT's uint16 token file with
// NumPy and reads it with kael, then the reverse.
func TestNanoGPTDataCrossesWithNumPy(t *testing.T) {
	if exec.Command(cpython.DebianPython, "-c", "import numpy").Run() != nil {
		t.Skip("no NumPy at " + cpython.DebianPython)
	}
	dir := t.TempDir()
	ids := "[3, 65535, 17, 40000, 9, 0, 1234]"
	write := func(path string) string {
		return fmt.Sprintf("import numpy as np\nids = %s\narr = np.memmap(%q, dtype=np.uint16, mode='w+', shape=(len(ids),))\narr[:] = np.array(ids, dtype=np.uint16)\narr.flush()\n", ids, path)
	}
	read := func(path string) string {
		return fmt.Sprintf("import numpy as np\ndata = np.memmap(%q, dtype=np.uint16, mode='r')\nrepr((len(data), data[2:5].astype(np.int64).tolist(), int(data.sum())))", path)
	}
	byNumPy := filepath.Join(dir, "numpy.bin")
	if out, err := exec.Command(cpython.DebianPython, "-c", write(byNumPy)).CombinedOutput(); err != nil {
		t.Fatalf("numpy: %v\n%s", err, out)
	}
	const want = "'(7, [17, 40000, 9], 106798)'"
	if got := langtest.Run(read(byNumPy)); got != want {
		t.Errorf("kael read NumPy's file: %s, want %s", got, want)
	}
	byKael := filepath.Join(dir, "kael.bin")
	if got := langtest.Run(write(byKael)); got != "<none>" && got != "None" {
		t.Fatalf("kael: %s", got)
	}
	src := read(byKael)
	out, err := exec.Command(cpython.DebianPython, "-c", src[:strings.LastIndex(src, "\n")+1]+"print("+src[strings.LastIndex(src, "\n")+1:]+")").CombinedOutput()
	if err != nil {
		t.Fatalf("numpy: %v\n%s", err, out)
	}
	if got := "'" + strings.TrimSpace(string(out)) + "'"; got != want {
		t.Errorf("NumPy read kael's file: %s, want %s", got, want)
	}
}

// TestFromNumpyRefusesWideUnsigned checks torch's refusal of the three
// dtypes PyTorch 1.13 lacks, and the conversion nanoGPT's train.py does.
func TestFromNumpyRefusesWideUnsigned(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport numpy as np\n", []string{
		"torch.from_numpy(np.zeros(2, dtype=np.uint16))",
		"torch.from_numpy(np.zeros(2, dtype=np.uint32))",
		"torch.tensor(np.zeros(2, dtype=np.uint64))",
		"torch.as_tensor(np.zeros(2, dtype=np.uint16))",
		"torch.from_numpy(np.array([1, 65535], dtype=np.uint16).astype(np.int64))",
		"hasattr(torch, 'uint16'), hasattr(torch, 'uint32'), hasattr(torch, 'uint64')",
	})
}

// TestUint64AboveInt64MatchNumPy covers uint64 values from 2^63 up in the
// statistics and ufuncs, and Python ints in that range as operands (a
// uint64 by NumPy's value-based casting).
func TestUint64AboveInt64MatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"h = np.array([2**64 - 1, 3, 2**63 + 5, 10], dtype=np.uint64)\n", []string{
		"np.median(h), np.percentile(h, 50), np.quantile(h, [0.25, 0.9]), np.mean(h)",
		"np.median(np.array([2**63 + 1, 2**63 + 3], dtype=np.uint64)), np.percentile(h, [0, 100])",
		"np.sort(h), np.unique(h), np.argsort(h), np.cumsum(h), h.max(), h.min()",
		"np.bincount(np.array([1, 3, 3], dtype=np.uint64)), np.bincount(np.array([0, 2], dtype=np.uint32), minlength=4)",
		"np.clip(h, 5, 2**63 + 10), h.clip(2**63, None), h.clip(None, 2**63)",
		"h + 2**63, h > 2**63, h == 2**64 - 1, 2**63 < h, h - 2**63",
		"np.maximum(h, 2**63), np.minimum(h, 2**63), np.where(h > 5, h, 2**63)",
		"np.array([1], np.int8) + 2**63, np.array([1, 5], np.int64) > 2**63, np.clip(np.array([1, 5], np.int64), 0, 2**63)",
		"np.uint64(3) + 2**63, np.uint64(2**63) == 2**63, np.uint64(2**64 - 1) > 2**63",
	})
}
