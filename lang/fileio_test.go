package lang

import "testing"

// TestOpenMatchesCPython checks open() and file objects against CPython,
// in a temporary directory.
func TestOpenMatchesCPython(t *testing.T) {
	dir := t.TempDir()
	prelude := "d = " + Repr(dir) + "\np = d + '/f.txt'\nb = d + '/f.bin'\n" +
		"with open(p, 'w') as f:\n    n = f.write('héllo\\nworld\\n\\nlast')\n" +
		"import struct\ndef B(*xs):\n    return struct.pack('%dB' % len(xs), *xs)\n"
	checkMatchesCPython(t, prelude, []string{
		"n",
		"open(p).read()",
		"f = open(p)\nf.readline(), f.readline(), f.readline(), f.readline(), f.readline()",
		"open(p).readlines()",
		"[line for line in open(p)]",
		"f = open(p)\nf.read(3), f.read(2), f.tell(), f.read()",
		"f = open(p)\nf.seek(7)\nf.read(5)",
		"f = open(p)\nf.read()\nf.close()\nf.closed",
		"with open(p) as f:\n    first = f.readline()\nfirst, f.closed",
		"with open(p, 'a') as f:\n    f.write('\\nmore')\nopen(p).read().split('\\n')",
		"with open(b, 'wb') as f:\n    f.write(B(0, 1, 97, 98, 10))\nopen(b, 'rb').read()",
		"with open(b, 'wb') as f:\n    f.write(B(120, 121, 10, 122))\nwith open(b, 'rb') as f:\n    r = f.readline(), f.read(1), f.tell()\nr",
		"with open(p, 'w') as f:\n    f.writelines(['a\\n', 'b\\n'])\nopen(p).read()",
		"with open(p, 'wb') as f:\n    f.write(B(97, 13, 10, 98, 13, 99))\nopen(p).read(), open(p, 'rb').read()",
		"with open(p, 'w+') as f:\n    f.write('abc')\n    f.seek(0)\n    r = f.read()\nr",
		"with open(p, 'r+') as f:\n    f.write('XY')\nopen(p).read()[:4]",
		"f = open(p)\nf.name == p, f.mode, f.readable(), f.writable()",
		"type(open(p)).__name__, type(open(b, 'rb')).__name__, type(open(b, 'ab')).__name__, type(open(b, 'rb+')).__name__",
		"repr(open(d + '/f.txt'))[:30], repr(open(b, 'rb'))[:22]",
		// errors
		"open(d + '/missing.txt')",
		"open(d)",
		"open(p, 'x')",
		"open(p, 'q')",
		"open(p, 'rw')",
		"open(p, 'rbt')",
		"f = open(p)\nf.close()\nf.read()",
		"open(p).write('x')",
		"open(p, 'w').read()",
		"open(p, 'w').write(B(120))",
		"open(b, 'wb').write('x')",
		"with open(b, 'wb') as f:\n    f.write(B(255, 254))\nopen(b).read()",
		"with open(p) as f:\n    pass\nf.read()",
	})
}

// TestOpenGuard checks that open() refuses what is not a regular file,
// where CPython would block (a FIFO) or read forever (/dev/zero).
func TestOpenGuard(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"open('/dev/zero')", "OSError: kael opens regular files only, and '/dev/zero' is not one"},
		{"open('/dev/null', 'w')", "OSError: kael opens regular files only, and '/dev/null' is not one"},
	})
}

// TestFileModesMatchCPython checks what a file of each mode allows:
// seek, tell and readable on a write-only file, read(None),
// and reads in text mode of a file with '\r' and '\r\n' line ends.
func TestFileModesMatchCPython(t *testing.T) {
	dir := t.TempDir()
	prelude := "p = " + Repr(dir+"/f.txt") + "\n"
	checkMatchesCPython(t, prelude, []string{
		"f = open(p, 'w')\nf.write('abc'), f.tell(), f.seek(1), f.readable(), f.writable()",
		"f = open(p, 'a')\nf.write('abc')\nf.tell(), f.readable()",
		"f = open(p, 'w')\nf.close()\nf.tell()",
		"with open(p, 'w', newline='') as f:\n    f.write('a\\rb\\rc')\nf = open(p)\nf.readline(), f.readline(), f.readline(), f.readline()",
		"with open(p, 'w', newline='') as f:\n    f.write('a\\rb\\rc')\nlist(open(p)), open(p).readlines()",
		"with open(p, 'w', newline='') as f:\n    f.write('a\\r\\nb\\r\\nc')\nf = open(p)\nf.read(3), f.read(1), f.read()",
		"with open(p, 'w', newline='') as f:\n    f.write('a\\r\\nb\\r\\nc')\nf = open(p)\nf.readline(), f.readline(), f.readline()",
		"with open(p, 'w') as f:\n    f.write('xy')\nopen(p).read(None)",
		// a '\r\n' and a character split between two reads of the disk
		"with open(p, 'w', newline='') as f:\n    f.write('a' * 65535 + '\\r\\nb')\nf = open(p)\nl = f.readline()\nlen(l), l[-2:], f.read()",
		"with open(p, 'w', newline='') as f:\n    f.write('a' * 65535 + '\\r\\nb')\nf = open(p)\nl = f.read(65536)\nlen(l), l[-2:], f.read()",
		"with open(p, 'w') as f:\n    f.write('a' * 65535 + 'éz')\nf = open(p)\nf.read(65536)[-2:], f.read()",
		// truncate cuts at size or the position, and leaves the position
		"f = open(p, 'w+')\nf.write('hello')\nr = f.truncate(2), f.tell()\nf.seek(0)\nr, f.read(), f.truncate(), f.tell()",
		"g = open(p, 'wb+')\ng.write(b'abcdef')\ng.seek(1)\nr = g.read(2), g.truncate(), g.tell()\ng.seek(0)\nr, g.read()",
		"open(p, 'w').close()\nopen(p).truncate()",
		"open(p, 'w').truncate(-1)",
		"open(p, 'w').truncate('a')",
	})
}

// TestHugeRead checks that a read bigger than maxRead is a MemoryError
// that leaves the file where it was, not an exhausted process.
func TestHugeRead(t *testing.T) {
	defer func(n int) { maxRead = n }(maxRead)
	maxRead = 1 << 17
	p := t.TempDir() + "/big.txt"
	prelude := "p = " + Repr(p) + "\nwith open(p, 'w') as f:\n    f.write('a' * 300000)\n"
	checkCellCases(t, prelude, []struct{ src, want string }{
		{"open(p).read()", "MemoryError: reading more than 131072 bytes at once is too much to hold"},
		{"open(p).readline()", "MemoryError: reading more than 131072 bytes at once is too much to hold"},
		{"f = open(p)\nf.read(5)\ntry:\n    f.read()\nexcept MemoryError:\n    pass\nf.tell(), len(f.read(100000)), f.tell()", "(5, 100000, 100005)"},
		{"len(open(p).read(100000))", "100000"},
	})
}
