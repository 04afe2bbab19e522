package vecmath

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// benchTake times Take64 (the vector kernel where the CPU has one) and the
// Go loop alone on 142,858 indices into 10^6 elements: kaelbench's
// np_fancy (a stride of 7) and the same count drawn at random.
//
// fresh cycles the output through 40 buffers (45 MB, the row's heap goal
// at gctune's 32 MiB slack), so that, as in the row, every output line is
// out of the L3 when it is written. vector forces the AVX-512 vector
// gathers where takeScalarOnAVX512 (AMD) would run the scalar kernels.
// Each run also reports its thread's CPU time a call ("cpu-µs/op"), which
// other processes on a busy machine disturb less than the wall clock.
func benchTake(b *testing.B, random, generic bool, opts ...string) {
	fresh, vector, read := false, false, false
	for _, o := range opts {
		fresh = fresh || o == "fresh"
		vector = vector || o == "vector"
		read = read || o == "read"
		if o == "cached" {
			defer func(v int) { takeStreamMinBytes = v }(takeStreamMinBytes)
			takeStreamMinBytes = math.MaxInt
		}
	}
	if vector {
		if impls.Current().name != "avx512" {
			b.Skip("no AVX-512 kernels in use")
		}
		defer func(v bool) { takeScalarOnAVX512 = v }(takeScalarOnAVX512)
		takeScalarOnAVX512 = false
	}
	// The source written, as np.arange's is: a source never touched
	// reads the kernel's one zero page, always in the cache, and hides
	// what a gather from memory costs.
	src := make([]uint64, 1_000_000)
	for i := range src {
		src[i] = uint64(i)
	}
	idx := make([]int64, 142_858)
	r := rand.New(rand.NewPCG(1, 2))
	for k := range idx {
		idx[k] = int64(7 * k)
		if random {
			idx[k] = r.Int64N(int64(len(src)))
		}
	}
	outs := make([][]uint64, 1)
	if fresh {
		outs = make([][]uint64, 40)
	}
	for j := range outs {
		outs[j] = make([]uint64, len(idx))
		for i := range outs[j] {
			outs[j][i] = 1 // in memory, not the zero page
		}
	}
	b.SetBytes(int64(8 * len(idx)))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	j := 0
	for b.Loop() {
		dst := outs[j]
		if j++; j == len(outs) {
			j = 0
		}
		if generic {
			takeGeneric(dst, src, idx)
		} else {
			Take64(dst, src, idx)
		}
		if read {
			var s [8]uint64
			for k := 0; k+8 <= len(dst); k += 8 {
				d := dst[k : k+8 : k+8]
				s[0] += d[0]
				s[1] += d[1]
				s[2] += d[2]
				s[3] += d[3]
				s[4] += d[4]
				s[5] += d[5]
				s[6] += d[6]
				s[7] += d[7]
			}
			takeSink += s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7]
		}
	}
	if cpu0 >= 0 {
		b.ReportMetric((threadCPU()-cpu0)/float64(b.N), "cpu-µs/op")
	}
}

func BenchmarkTake64Stride7(b *testing.B)        { benchTake(b, false, false) }
func BenchmarkTake64Stride7Generic(b *testing.B) { benchTake(b, false, true) }
func BenchmarkTake64Random(b *testing.B)         { benchTake(b, true, false) }
func BenchmarkTake64RandomGeneric(b *testing.B)  { benchTake(b, true, true) }
func BenchmarkTake64Stride7Vector(b *testing.B)  { benchTake(b, false, false, "vector") }
func BenchmarkTake64RandomVector(b *testing.B)   { benchTake(b, true, false, "vector") }

func BenchmarkTake64Stride7Fresh(b *testing.B)       { benchTake(b, false, false, "fresh") }
func BenchmarkTake64Stride7FreshVector(b *testing.B) { benchTake(b, false, false, "fresh", "vector") }

// takeSink keeps the read option's sums.
var takeSink uint64

// The fresh outputs written with ordinary stores (cached) against the
// non-temporal ones Take64 uses from takeStreamMinBytes, and the same
// with each output read back after it is written (read), as `c =
// a[idx]; c.sum()` does.
func BenchmarkTake64Stride7FreshCached(b *testing.B) { benchTake(b, false, false, "fresh", "cached") }
func BenchmarkTake64Stride7Cached(b *testing.B)      { benchTake(b, false, false, "cached") }
func BenchmarkTake64Stride7FreshRead(b *testing.B)   { benchTake(b, false, false, "fresh", "read") }
func BenchmarkTake64Stride7FreshCachedRead(b *testing.B) {
	benchTake(b, false, false, "fresh", "cached", "read")
}

// The same for indices in a random order (take64ScalarStream against
// take64Scalar on AMD's AVX-512 CPUs).
func BenchmarkTake64RandomFresh(b *testing.B)       { benchTake(b, true, false, "fresh") }
func BenchmarkTake64RandomFreshCached(b *testing.B) { benchTake(b, true, false, "fresh", "cached") }
