package mt19937

import "golang.org/x/sys/cpu"

// useAVX2 is whether twist and Fill run their vector kernels
// (mt19937_amd64.s); the tests turn it off to compare with the loops.
var useAVX2 = cpu.X86.HasAVX2

// twistAVX2 sets dst[k] = c[k] ^ mix(dst[k], dst[k+1]) for k in [0, n), n
// a multiple of 8, in order of k; it reads dst[n].
//
//go:noescape
func twistAVX2(dst, c []uint32, n int)

// temperAVX2 sets dst[k] to src[k] tempered for k in [0, n), n a multiple
// of 8.
//
//go:noescape
func temperAVX2(dst, src []uint32, n int)

// twistBlocks runs the twist's loop dst[k] = c[k] ^ mix(dst[k], dst[k+1])
// on the longest prefix of [0, n) of whole vectors and returns its length.
func twistBlocks(dst, c []uint32, n int) int {
	n &^= 7
	if !useAVX2 || n == 0 {
		return 0
	}
	_ = dst[n] // the kernel reads one word past its last
	_ = c[n-1]
	twistAVX2(dst, c, n)
	return n
}

// temperBlocks tempers the longest prefix of src of whole vectors into
// dst and returns its length.
func temperBlocks(dst, src []uint32) int {
	n := len(src) &^ 7
	if !useAVX2 || n == 0 {
		return 0
	}
	_ = dst[n-1]
	temperAVX2(dst, src, n)
	return n
}
