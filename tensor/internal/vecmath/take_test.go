package vecmath

import (
	"math/rand"
	"slices"
	"testing"
)

// TestTakeMatchesGeneric checks Take64 and Take32 of every
// implementation against the Go loop: the same
// elements written (the rest of dst untouched) and the same first bad
// index returned, over lengths around the vectors' 4 and 8 lanes, dst
// starting off a 64-byte boundary, negative indices, and one index out
// of range (too large, or too negative after the wrap) at every
// position of the first three vectors and at the end.
func TestTakeMatchesGeneric(t *testing.T) {
	defer SetImpl(Impls()[0])
	r := rand.New(rand.NewSource(29))
	type tcase = takeCase
	var cases []tcase
	// 68 to 77: around the AVX2 kernels' first vector that prefetches
	// (72 elements); 200: bad indices in the prefetching and the last loop.
	for _, n := range []int{0, 1, 3, 8, 15, 16, 17, 31, 32, 33, 63, 68, 69, 71, 72, 73, 75, 76, 77, 100, 1001} {
		for _, off := range []int{0, 1, 3} {
			cases = append(cases, tcase{"in range", n, 1 + n*3, -1, 0, off, 0, 0})
		}
	}
	cases = append(cases, tcase{"source of one", 40, 1, -1, 0, 0, 0, 0})
	for bad := range 40 {
		cases = append(cases,
			tcase{"too large", 40, 50, bad, 50, bad % 3, 0, 0},
			tcase{"too negative", 40, 50, bad, -51, 0, 0, 0},
			tcase{"far too large", 40, 50, bad, 1 << 62, 1, 0, 0},
			tcase{"most negative", 40, 50, bad, -1 << 63, 2, 0, 0})
	}
	for bad := 0; bad < 200; bad += 3 {
		cases = append(cases,
			tcase{"too large, prefetched", 200, 5000, bad, 5000, bad % 3, 0, 0},
			tcase{"too negative, prefetched", 200, 5000, bad, -5001, 1, 0, 0})
	}
	// A source beyond an L2 (takePrefetchMinBytes, 512 KiB, for both
	// widths), where the AVX2 CPUs' scalar kernels prefetch.
	for bad := 0; bad < 200; bad += 7 {
		cases = append(cases,
			tcase{"too large, large source", 200, 140_000, bad, 140_000, bad % 3, 0, 0},
			tcase{"too negative, large source", 200, 140_000, bad, -140_001, 2, 0, 0})
	}
	cases = append(cases, tcase{"in range, large source", 1001, 140_000, -1, 0, 1, 0, 0})
	// Indices at a constant stride, where AMD's AVX-512 CPUs run Take64
	// without the prefetch (strided), from both ends of a large source,
	// and a bad index between the ones strided reads.
	for _, st := range []struct{ first, stride int64 }{{0, 7}, {-140_000, 7}, {139_999, -3}, {5, 0}} {
		cases = append(cases, tcase{name: "strided", n: 1001, size: 140_000, bad: -1, dstOffset: 1, stride: st.stride, first: st.first})
		for _, bad := range []int{2, 63, 65, 500, 999} {
			cases = append(cases,
				tcase{"strided, too large", 1001, 140_000, bad, 140_000, bad % 3, st.stride, st.first},
				tcase{"strided, too negative", 1001, 140_000, bad, -140_001, 0, st.stride, st.first})
		}
	}
	cases = append(cases, tcase{"last of many", 1001, 7, 1000, 7, 0, 0, 0}, tcase{"empty source", 20, 0, 0, 0, 0, 0, 0})
	// Every start within a 64-byte line, for the streaming kernel's head
	// (take64Stream), short and long, and bad indices in the head, at
	// its end and in the streamed groups.
	for off := range 8 {
		for _, n := range []int{16, 17, 19, 23, 24, 1003} {
			cases = append(cases, tcase{"strided, every start", n, 140_000, -1, 0, off, 7, 0})
		}
		for _, bad := range []int{0, 3, 6, 7, 8, 11, 500, 1000} {
			cases = append(cases, tcase{"strided, every start, too large", 1003, 140_000, bad, 140_000, off, 7, 0})
		}
	}
	// The avx512 implementation's Take64 gathers with the scalar kernel on
	// AMD's CPUs (takeScalarOnAVX512): every implementation runs both ways,
	// and there the strided outputs of every length are streamed too
	// (takeStreamMinBytes 0).
	defer func(v bool, m int) { takeScalarOnAVX512, takeStreamMinBytes = v, m }(takeScalarOnAVX512, takeStreamMinBytes)
	for _, mode := range []struct {
		scalar    bool
		streamMin int
		label     string
	}{{false, takeStreamMinBytes, ""}, {true, takeStreamMinBytes, " (takeScalarOnAVX512)"}, {true, 0, " (takeScalarOnAVX512, streamed)"}} {
		takeScalarOnAVX512, takeStreamMinBytes = mode.scalar, mode.streamMin
		for _, impl := range Impls() {
			if err := SetImpl(impl); err != nil {
				t.Fatal(err)
			}
			takeCases(t, r, impl, impl+mode.label, cases)
		}
	}
}

// TestTakeStreamedOutputs checks Take64 at the sizes where it streams
// (take64Stream: an output of takeStreamMinBytes or more, on the CPUs
// that gather with the scalar kernels), at the default threshold, around
// it and off a 64-byte line, strided and in a random order: the elements
// are the Go loop's.
func TestTakeStreamedOutputs(t *testing.T) {
	if !takeStreamable() {
		t.Skip("no streaming kernel on this CPU")
	}
	src := make([]uint64, 1_000_000)
	for i := range src {
		src[i] = uint64(i) * 0x9e3779b97f4a7c15
	}
	for _, c := range []struct {
		name   string
		n, off int
		stride int64
	}{
		{"the row's output", 142_858, 0, 7},
		{"off its line", 142_858, 3, 7},
		{"just under the threshold", takeStreamMinBytes/8 - 1, 0, 7},
		{"at the threshold", takeStreamMinBytes / 8, 5, 7},
		{"descending", 200_000, 1, -5},
		{"random", 142_858, 0, 0},
		{"random, off its line", 142_858, 7, 0},
	} {
		idx := make([]int64, c.n)
		r := rand.New(rand.NewSource(int64(c.n + c.off)))
		for k := range idx {
			idx[k] = (int64(k) * c.stride) % int64(len(src))
			if c.stride == 0 {
				idx[k] = int64(r.Intn(2*len(src)) - len(src)) // negative ones wrap
			}
		}
		buf := make([]uint64, c.n+c.off+1)
		want := slices.Clone(buf)
		if k := takeGeneric(want[c.off:c.off+c.n], src, idx); k != -1 {
			t.Fatalf("%s: the Go loop returned %d", c.name, k)
		}
		if k := Take64(buf[c.off:c.off+c.n], src, idx); k != -1 || !slices.Equal(buf, want) {
			t.Fatalf("%s: Take64 returned %d, or other elements than the Go loop", c.name, k)
		}
	}
}

// takeCase is TestTakeMatchesGeneric's case.
type takeCase struct {
	name      string
	n, size   int
	bad       int   // position of the bad index, or -1
	badValue  int64 // its value
	dstOffset int   // elements dst starts past an allocation
	stride    int64 // if not 0, idx[k] = first + k*stride (strided)
	first     int64
}

// takeCases runs TestTakeMatchesGeneric's cases on the implementation in use.
// impl is its name, label that in the failures.
func takeCases(t *testing.T, r *rand.Rand, impl, label string, cases []takeCase) {
	t.Helper()
	for _, c := range cases {
		idx := make([]int64, c.n)
		for k := range idx {
			if c.size > 0 {
				idx[k] = int64(r.Intn(2*c.size) - c.size) // [-size, size)
				if c.stride != 0 || c.first != 0 {
					idx[k] = c.first + int64(k)*c.stride
				}
			}
		}
		if c.bad >= 0 {
			idx[c.bad] = c.badValue
		}
		src64 := make([]uint64, c.size)
		src32 := make([]uint32, c.size)
		for i := range src64 {
			src64[i] = r.Uint64()
			src32[i] = r.Uint32()
		}
		const guard = 5
		buf64 := make([]uint64, c.dstOffset+c.n+guard)
		buf32 := make([]uint32, c.dstOffset+c.n+guard)
		for i := range buf64 {
			buf64[i], buf32[i] = r.Uint64(), r.Uint32()
		}
		want64, want32 := slices.Clone(buf64), slices.Clone(buf32)
		wantK := takeGeneric(want64[c.dstOffset:c.dstOffset+c.n], src64, idx)
		if k := takeGeneric(want32[c.dstOffset:c.dstOffset+c.n], src32, idx); k != wantK {
			t.Fatalf("%+v: the Go loops disagree, %d and %d", c, wantK, k)
		}
		if (c.bad >= 0 || c.size == 0 && c.n > 0) != (wantK >= 0) || c.bad >= 0 && wantK != c.bad {
			t.Fatalf("%+v: the Go loop returned %d", c, wantK)
		}
		if c.bad < 0 && c.size > 0 && c.n >= takeSmall && impl != "generic" {
			// The kernels must take the whole vectors, not leave
			// them to the Go loop: at most 7 elements of tail.
			d64, d32 := slices.Clone(buf64), slices.Clone(buf32)
			if n64, n32 := take64Arch(d64[c.dstOffset:c.dstOffset+c.n], src64, idx), take32Arch(d32[c.dstOffset:c.dstOffset+c.n], src32, idx); n64 < c.n-7 || n32 < c.n-7 {
				t.Fatalf("%s %+v: the kernels wrote %d and %d elements", label, c, n64, n32)
			}
		}
		if k := Take64(buf64[c.dstOffset:c.dstOffset+c.n], src64, idx); k != wantK || !slices.Equal(buf64, want64) {
			t.Fatalf("%s %s %+v: Take64 returned %d, elements %v; the Go loop %d, %v", label, c.name, c, k, buf64, wantK, want64)
		}
		if k := Take32(buf32[c.dstOffset:c.dstOffset+c.n], src32, idx); k != wantK || !slices.Equal(buf32, want32) {
			t.Fatalf("%s %s %+v: Take32 returned %d, elements %v; the Go loop %d, %v", label, c.name, c, k, buf32, wantK, want32)
		}
	}
}
