package gemm

import (
	"fmt"
	"testing"
)

// TestTransposeInto checks TransposeInto under every implementation
// against the definition, for float32 and float64, at the kernel's width
// (full slivers, parts of one, the rows after a part) and others, with
// the columns past rows and the values past the block left as they were.
func TestTransposeInto(t *testing.T) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			testTransposeInto[float32](t)
			testTransposeInto[float64](t)
		})
	}
}

func testTransposeInto[T float32 | float64](t *testing.T) {
	nr := PackedWidth[T]()
	for _, tc := range []struct{ nr, rows, k, ld int }{
		{nr, nr, 32, 40}, {nr, nr, 7, 7}, {nr, nr / 2, 33, 50}, {nr, nr/2 + 3, 16, 16},
		{nr, 1, 5, 5}, {nr, nr - 1, 64, 64}, {nr, 9, 1, 3}, {12, 5, 17, 20}, {nr + 4, nr, 9, 9},
	} {
		tc.rows = min(tc.rows, tc.nr) // generic's width is 4
		t.Run(fmt.Sprintf("%T/nr%d/rows%d/k%d", T(0), tc.nr, tc.rows, tc.k), func(t *testing.T) {
			src := make([]T, (tc.rows-1)*tc.ld+tc.k)
			for i := range src {
				src[i] = T(i + 1)
			}
			dst := make([]T, tc.k*tc.nr+3)
			for i := range dst {
				dst[i] = -1
			}
			TransposeInto(dst, tc.nr, src, tc.ld, tc.rows, tc.k)
			for i, v := range dst {
				p, x := i/tc.nr, i%tc.nr
				want := T(-1)
				if p < tc.k && x < tc.rows {
					want = src[x*tc.ld+p]
				}
				if v != want {
					t.Fatalf("dst[%d] (row %d, column %d) = %v, want %v", i, p, x, v, want)
				}
			}
		})
	}
	t.Run("out of range", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Errorf("no panic")
			}
		}()
		TransposeInto(make([]T, nr*4), nr, make([]T, 4*nr), 4, nr, 5)
	})
}
