package gemm

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPackGroup checks that packing a group of A's slivers at once
// (packGroup: by runs of p, the full slivers by the CPU's copy routine,
// where the panel's x are contiguous, as for A transposed; else sliver
// by sliver) writes each element where the micro-kernel reads it, the
// partial last sliver padded with zeros, and nothing outside the group.
func TestPackGroup(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float32", testPackGroup[float32])
		t.Run("float64", testPackGroup[float64])
	})
}

func testPackGroup[T float32 | float64](t *testing.T) {
	kn := kernelFor[T]()
	rng := rand.New(rand.NewPCG(9, 10))
	for _, tc := range []struct {
		layout     string
		width, kc  int
		s0         int // the group's first sliver
		s1         int // the group's end; -1: sliverGroup's
		wantByRows bool
	}{
		{"col", 800, 512, 0, -1, true},
		{"col", 1000, 188, 80, -1, true},
		{"col", 1000, 188, 0, -1, true},
		{"col", 27, 64, 0, -1, true},
		{"padded-col", 100, 33, 0, -1, true},
		{"padded-col", 100, 33, 0, ceilDiv(100, kn.mr), true}, // every sliver at once, as owned packs
		{"bcast-cols", 40, 9, 0, -1, true},
		{"neg-rows", 50, 20, 0, -1, false},
		{"row", 64, 40, 0, -1, false},
		{"strided", 30, 17, 0, -1, false},
		{"bcast-rows", 40, 9, 0, -1, false},
	} {
		t.Run(fmt.Sprintf("%s/%dx%d", tc.layout, tc.width, tc.kc), func(t *testing.T) {
			// A is width×kc: x along its rows, p along its columns.
			a := newView[T](rng, layoutByName(tc.layout), tc.width, tc.kc)
			pa := panel[T]{a.Data, a.Offset, a.RowStride, a.ColStride, tc.width, tc.kc, kn.mr}
			if got := pa.byRows(); got != tc.wantByRows {
				t.Fatalf("byRows = %v, want %v", got, tc.wantByRows)
			}
			slivers := ceilDiv(tc.width, kn.mr)
			// A group is aGroup slivers (fewer at the panel's end) where
			// x is contiguous, else one.
			wantEnd := tc.s0 + 1
			if tc.wantByRows {
				wantEnd = min(tc.s0+aGroup, slivers)
			}
			// Any sliver of a group gives the group.
			for s := tc.s0; s < wantEnd; s++ {
				if s0, s1 := pa.sliverGroup(s); s0 != tc.s0 || s1 != wantEnd {
					t.Fatalf("sliverGroup(%d) = [%d, %d), want [%d, %d)", s, s0, s1, tc.s0, wantEnd)
				}
			}
			s0, s1 := tc.s0, wantEnd
			if tc.s1 >= 0 {
				s1 = tc.s1
			}
			size := slivers * tc.kc * kn.mr
			got, want := make([]T, size), make([]T, size)
			for i := range got {
				got[i], want[i] = -7, -7
			}
			pa.packGroup(got, s0, s1, kn.transA, kn.partA, kn.copyRows)
			// Element (x, p) of sliver s at want[s·kc·r + p·r + x%r],
			// zero past the panel's width; the rest untouched.
			for s := s0; s < s1; s++ {
				for p := range tc.kc {
					for x := range kn.mr {
						v := T(0)
						if i := s*kn.mr + x; i < tc.width {
							v = at(a, i, p)
						}
						want[(s*tc.kc+p)*kn.mr+x] = v
					}
				}
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("packed[%d] (sliver %d, p %d, x %d) = %v, want %v", i, i/(tc.kc*kn.mr), i/kn.mr%tc.kc, i%kn.mr, got[i], want[i])
				}
			}
		})
	}
}
