package tensor

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestLargeStorageAdvisedHugePages checks that the memory of storages of
// 1 MiB and more, those under the storage pool's sizes included (np_fancy's
// 1.1 MB outputs), lies in a mapping advised to use huge pages (the "hg"
// flag of /proc/self/smaps), from the buffer's first byte to its last.
func TestLargeStorageAdvisedHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	for _, tt := range []struct {
		name  string
		dtype DType
		n     int
	}{
		{"1 MiB of float64", Float64, 1 << 17},
		{"np_fancy's output", Float64, 142858},
		{"3 MiB of float32", Float32, 3 << 18},
		{"the pool's 4 MiB", Float32, 1 << 20},
		{"9 MB of int64", Int64, 1_125_000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x, err := Empty(tt.dtype, tt.n)
			if err != nil {
				t.Fatal(err)
			}
			first := x.DataPtr()
			last := first + uintptr(tt.n*tt.dtype.Size()) - 1
			for _, addr := range []uintptr{first, last} {
				flags, ok := mappingFlags(t, addr)
				if !ok {
					t.Fatalf("no mapping in /proc/self/smaps holds %#x", addr)
				}
				if !strings.Contains(" "+flags+" ", " hg ") {
					t.Errorf("the mapping of %#x (%d bytes from %#x) is not advised for huge pages: VmFlags %q", addr, tt.n*tt.dtype.Size(), first, flags)
				}
			}
			runtime.KeepAlive(x)
		})
	}
}

// mappingFlags returns the VmFlags of the mapping of /proc/self/smaps that
// holds addr.
func mappingFlags(t *testing.T, addr uintptr) (string, bool) {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	inside := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			inside = lo <= addr && addr < hi
			continue
		}
		if inside && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), true
		}
	}
	return "", false
}

// mappingRange parses the address range that begins a mapping's lines in
// /proc/self/smaps ("7f0000000000-7f0000200000 rw-p ...").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	field, _, found := strings.Cut(line, " ")
	if !found {
		return 0, 0, false
	}
	a, b, found := strings.Cut(field, "-")
	if !found {
		return 0, 0, false
	}
	l, err1 := strconv.ParseUint(a, 16, 64)
	h, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(l), uintptr(h), true
}
