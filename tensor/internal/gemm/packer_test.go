package gemm

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// viewPacker packs B from a view, element by element, as a caller's
// gather would, and counts the elements it packs.
func viewPacker[T float32 | float64](b Matrix[T], count *atomic.Int64) PackB[T] {
	return func(dst []T, p0, kc, j0, w, nr int) {
		slivers := ceilDiv(w, nr)
		if len(dst) < slivers*kc*nr {
			panic("short dst")
		}
		for s := range slivers {
			for p := range kc {
				row := dst[(s*kc+p)*nr:][:nr]
				for x := range row {
					if j := s*nr + x; j < w {
						row[x] = at(b, p0+p, j0+j)
					} else {
						row[x] = 0
					}
				}
			}
		}
		count.Add(int64(kc * w))
	}
}

// testMulPackedB checks that MulPackedB with a packer reading a view gives
// Mul's result for that view bit for bit, each element of B packed once.
func testMulPackedB[T float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sh := range [][3]int{{16, 1024, 48}, {32, 256, 256}, {16, 48, 4096}, {13, 37, 600}, {1, 9000, 3}, {200, 5000, 20}, {1300, 40, 30}, {7, 3, 2}, {5, 4, 0}} {
		m, n, k := sh[0], sh[1], sh[2]
		for _, threads := range []int{1, 3} {
			t.Run(fmt.Sprintf("%dx%dx%d/threads=%d", m, n, k, threads), func(t *testing.T) {
				a := newView[T](rng, layoutByName("row"), m, k)
				bl := layoutByName("padded")
				if m*n*k <= naiveMaxWork {
					bl = layoutByName("row") // see below
				}
				b := newView[T](rng, bl, k, n)
				want := newView[T](rng, layoutByName("row"), m, n)
				got := newView[T](rng, layoutByName("row"), m, n)
				opt := Options{Threads: threads}
				var count atomic.Int64
				MulPackedB(m, n, k, a, viewPacker(b, &count), got, opt)
				if m*n*k <= naiveMaxWork {
					// Mul's naive loop adds in the same order but
					// without fused multiply-adds: compare with a
					// tolerance there.
					check(t, m, n, k, a, b, got)
					return
				}
				Mul(m, n, k, a, b, want, opt)
				for i := range m * n {
					if g, w := got.Data[i], want.Data[i]; g != w {
						t.Fatalf("C[%d, %d] = %v, Mul gives %v", i/n, i%n, g, w)
					}
				}
				if c := count.Load(); c != int64(k*n) {
					t.Errorf("packed %d elements of B, want %d", c, k*n)
				}
			})
		}
	}
}

func TestMulPackedB(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float32", testMulPackedB[float32])
		t.Run("float64", testMulPackedB[float64])
	})
}
