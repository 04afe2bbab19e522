package vecmath

import (
	"math/rand/v2"
	"testing"
)

// benchTake times Take64 (the vector kernel where the CPU has one) and the
// Go loop alone on 142,858 indices into 10^6 elements: kaelbench's
// np_fancy (a stride of 7) and the same count drawn at random.
func benchTake(b *testing.B, random, generic bool) {
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
	dst := make([]uint64, len(idx))
	b.SetBytes(int64(8 * len(idx)))
	for b.Loop() {
		if generic {
			takeGeneric(dst, src, idx)
		} else {
			Take64(dst, src, idx)
		}
	}
}

func BenchmarkTake64Stride7(b *testing.B)        { benchTake(b, false, false) }
func BenchmarkTake64Stride7Generic(b *testing.B) { benchTake(b, false, true) }
func BenchmarkTake64Random(b *testing.B)         { benchTake(b, true, false) }
func BenchmarkTake64RandomGeneric(b *testing.B)  { benchTake(b, true, true) }
