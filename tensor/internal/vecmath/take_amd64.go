package vecmath

import (
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/kael-dev/kael/tensor/internal/isa"
)

//go:noescape
func take64AVX512(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32AVX512(dst, src *uint32, size int, idx *int64, n int) int

// take64Scalar and take32Scalar are the kernels of AVX2 CPUs, whose
// vector gathers are slower than scalar loads (take_amd64.s);
// take64Scalar is also that of AMD's AVX-512 CPUs (takeScalarOnAVX512).
//
//go:noescape
func take64Scalar(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take32Scalar(dst, src *uint32, size int, idx *int64, n int) int

//go:noescape
func take64ScalarPlain(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take64ScalarStream(dst, src *uint64, size int, idx *int64, n int) int

//go:noescape
func take64ScalarPlainStream(dst, src *uint64, size int, idx *int64, n int) int

// takeStreamMinBytes is the smallest output that AMD's AVX-512 CPUs'
// Take64 writes with non-temporal stores (take64ScalarPlainStream,
// take64ScalarStream): the output is then written without reading its
// lines for ownership, and does not push the source (np_fancy's 8 MB)
// out of the L3. Such an output is larger than a Zen 4 core's 1 MiB L2,
// so an ordinary store would leave most of it in the L3 only. On the
// Zen 4, np_fancy's loop took less CPU an iteration in 20 of 24
// interleaved turns, `c = a[idx]; c.sum()` was not slower, and the
// kernel into fresh outputs in a random order took 190-320 µs against
// 265-370 (docs/performance.md, "a[idx]: the output streamed"). A
// variable for the tests.
var takeStreamMinBytes = 1 << 20

// takeStreamable reports whether Take64 streams its large outputs in the
// implementation in use (take64Arch).
func takeStreamable() bool {
	return impls.Current().name == "avx512" && cpu.X86.HasAVX512F && takeScalarOnAVX512
}

// take64Stream runs a streaming kernel (take64ScalarPlainStream or
// take64ScalarStream) from dst's first 64-byte boundary, the elements
// before it copied by the Go loop; it returns how many elements it wrote,
// all before the first bad index.
func take64Stream(kernel func(dst, src *uint64, size int, idx *int64, n int) int, dst, src []uint64, idx []int64) int {
	head := min(int((-uintptr(unsafe.Pointer(&dst[0]))&63)/8), len(dst))
	if k := takeGeneric(dst[:head], src, idx[:head]); k >= 0 {
		return k
	}
	if len(dst)-head < 4 {
		return head
	}
	return head + kernel(&dst[head], &src[0], len(src), &idx[head], len(dst)-head)
}

// strided reports whether idx looks like a constant stride (np.arange's
// indices, a[::k] written as a[idx]): the steps from idx[0] to idx[1],
// idx[64] and the last index agree. The hardware prefetcher follows
// such loads, and there take64Scalar's own prefetches only cost (5-10 %
// of the row's gather on Zen 4). It is a hint: indices that pass it and
// then wander only go without the prefetch.
func strided(idx []int64) bool {
	n := len(idx)
	if n < 72 {
		return true // take64Scalar would not prefetch
	}
	d := idx[1] - idx[0]
	return idx[64]-idx[0] == 64*d && idx[n-1]-idx[0] == int64(n-1)*d
}

// takeScalarOnAVX512 makes the "avx512" implementation's Take64 gather
// with the scalar kernel too. It is set on AMD's CPUs: Zen 4 runs
// VGATHERQPD as microcode, and there the scalar loop with its prefetch
// took the row's gather (142,858 indices at a stride of 7 into 8 MB) in
// 184-240 µs of thread CPU against the vector gather's 243-461 (8
// interleaved turns), into fresh outputs 233-301 against 290-397, and a
// random order over the same source 186-404 against 240-367. Take32
// keeps VGATHERQPS there: a random order over a 4 MB source took
// 152-191 µs with it against 174-246 with the scalar loop, and the
// strided and cached cases were even (docs/performance.md, "a[idx] on
// the AVX-512 EPYC"). Intel's AVX-512 CPUs keep the vector gathers,
// measured faster than the Go loop there. Tests set it to run both.
var takeScalarOnAVX512 = isa.Host().Vendor == "AuthenticAMD"

// take64Arch runs Take64's vector kernel (len(src) > 0, idx as long as
// dst) where the implementation in use has one, and returns how many
// elements it wrote, all before the first bad index.
func take64Arch(dst, src []uint64, idx []int64) int {
	switch impls.Current().name {
	case "avx512":
		if cpu.X86.HasAVX512F {
			if takeScalarOnAVX512 {
				stream := 8*len(dst) >= takeStreamMinBytes
				if strided(idx) {
					if stream {
						return take64Stream(take64ScalarPlainStream, dst, src, idx)
					}
					return take64ScalarPlain(&dst[0], &src[0], len(src), &idx[0], len(dst))
				}
				if stream {
					return take64Stream(take64ScalarStream, dst, src, idx)
				}
				return take64Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
			}
			return take64AVX512(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			return take64Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	}
	return 0
}

// take32Arch is take64Arch for Take32.
func take32Arch(dst, src []uint32, idx []int64) int {
	switch impls.Current().name {
	case "avx512":
		if cpu.X86.HasAVX512F {
			return take32AVX512(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	case "avx2":
		if cpu.X86.HasAVX2 {
			return take32Scalar(&dst[0], &src[0], len(src), &idx[0], len(dst))
		}
	}
	return 0
}
