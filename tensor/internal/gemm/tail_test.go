package gemm

import (
	"fmt"
	"testing"
)

// TestTailKernelsBitForBit checks that products whose last sliver of A
// goes to a tail kernel (rows of A not a multiple of the kernel's mr), or
// whose last sliver of B to a half or quarter kernel (at most nr/2 or
// nr/4 columns), come out as the full kernel computes them, bit for bit,
// with C written in place and through the scratch tile, over one and
// more blocks along K, and added to (MulAdd's path); and that each tail
// kernel is the one for its rows.
func TestTailKernelsBitForBit(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("f32", tailKernelsBitForBit[float32])
		t.Run("f64", tailKernelsBitForBit[float64])
	})
}

func tailKernelsBitForBit[T float32 | float64](t *testing.T) {
	kn := kernelFor[T]()
	if len(kn.tails) == 0 {
		t.Skip("no tail kernels")
	}
	full := *kn
	full.tails, full.halves, full.quarters = nil, nil, nil
	if len(kn.halves) > 0 {
		for rows := 1; rows <= kn.mr; rows++ {
			if _, got, ok := kn.forHalf(rows); !ok || got < rows {
				t.Fatalf("forHalf(%d): %d rows, %v", rows, got, ok)
			}
		}
	}
	if len(kn.quarters) > 0 {
		for rows := 1; rows <= kn.mr; rows++ {
			if _, got, ok := kn.forQuarter(rows); !ok || got < rows {
				t.Fatalf("forQuarter(%d): %d rows, %v", rows, got, ok)
			}
		}
	}
	for rows := 1; rows <= kn.mr; rows++ {
		_, got := kn.forRows(rows)
		want := kn.mr
		for _, tk := range kn.tails {
			if rows <= tk.rows {
				want = tk.rows
				break
			}
		}
		if got != want || got < rows {
			t.Fatalf("forRows(%d) computes %d rows, want %d", rows, got, want)
		}
	}
	var shapes []shape
	for _, m := range []int{1, 3, 4, 5, 8, 9, 12, 16, 20, 32, 40, 64, 128} {
		for _, n := range []int{kn.nr / 4, kn.nr / 2, kn.nr, kn.nr + 3, kn.nr + kn.nr/4, kn.nr + kn.nr/4 + 1, kn.nr + kn.nr/2, kn.nr + kn.nr/2 + 1, 48, 200, 1024} {
			for _, k := range []int{7, 48, kn.kc + 5} {
				shapes = append(shapes, shape{name: fmt.Sprintf("%dx%dx%d", m, n, k), m: m, n: n, k: k})
			}
		}
	}
	shapes = append(shapes, stepShapes[:5]...)
	for _, s := range shapes {
		a, b, _ := operands[T](s, 5)
		for _, add := range []bool{false, true} {
			if add && s.k > kn.kc {
				continue
			}
			var out [2][]T
			for v, k := range []*kernel[T]{&full, kn} {
				_, _, c := operands[T](s, 9) // the same C for MulAdd
				if !add {
					clear(c.Data)
				}
				mulWith(k, s.m, s.n, s.k, a, b, c, 1, nil, nil, add)
				out[v] = dense(c, s.m, s.n)
			}
			for i := range out[0] {
				if out[1][i] != out[0][i] {
					t.Fatalf("%s (add %v): element %d is %v, the full kernel's %v", s.name, add, i, out[1][i], out[0][i])
				}
			}
		}
	}
}

// TestPartialSliversPacked checks that the last, partial slivers of a
// panel whose runs along k are contiguous (rows of A, columns of B) pack
// through the assembly's partial transposers as through the Go loop:
// every width below the sliver's, several depths.
func TestPartialSliversPacked(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("f32", partialSliversPacked[float32])
		t.Run("f64", partialSliversPacked[float64])
	})
}

func partialSliversPacked[T float32 | float64](t *testing.T) {
	kn := kernelFor[T]()
	if Impl() != "generic" && (len(kn.partA) == 0 || len(kn.partB) == 0) {
		t.Fatalf("%s has no partial transposers", Impl())
	}
	for _, side := range []struct {
		name  string
		r     int
		parts []partTrans[T]
	}{{"A", kn.mr, kn.partA}, {"B", kn.nr, kn.partB}} {
		for _, pt := range side.parts {
			if pt.rows >= side.r {
				t.Fatalf("%s: a partial transposer of %d rows for slivers of %d", side.name, pt.rows, side.r)
			}
		}
		for w := 1; w < side.r; w++ {
			for _, kc := range []int{1, 7, 16, 33, 100} {
				ld := kc + 3
				data := make([]T, (w-1)*ld+kc+1)
				for i := range data {
					data[i] = T(i%97) - 48.5
				}
				pn := panel[T]{data: data, base: 1, xs: ld, ps: 1, width: w, kc: kc, r: side.r}
				got, want := make([]T, kc*side.r), make([]T, kc*side.r)
				for i := range got {
					got[i], want[i] = -1, -2
				}
				pn.packSlivers(got, 0, 1, nil, side.parts)
				pn.packSlivers(want, 0, 1, nil, nil)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s: width %d, kc %d: packed[%d] is %v, want %v", side.name, w, kc, i, got[i], want[i])
					}
				}
			}
		}
	}
}
