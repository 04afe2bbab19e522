package gemm

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMulAdd checks that MulAdd gives C + Mul's product bit for bit, for
// every layout of C, products of one and of several blocks along K, the
// plain loop's sizes, k = 0, and thread counts.
func TestMulAdd(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("f32", testMulAdd[float32])
		t.Run("f64", testMulAdd[float64])
	})
}

func testMulAdd[T float32 | float64](t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []mulCase{
		{800, 200, 20, "col", "row", "row", 1}, // a recurrent weight's gradient, Gᵀ·H
		{800, 200, 20, "col", "row", "col", 1},
		{200, 800, 20, "col", "row", "row", 2},
		{33, 65, 700, "row", "col", "padded", 0}, // several blocks along K
		{4, 4, 4, "row", "row", "row", 0},        // the plain loop
		{3, 5, 0, "row", "row", "strided", 0},
		{1300, 70, 530, "row", "row", "neg-rows", 3},
		{13, 4200, 20, "row", "col", "padded-col", 4},
	}
	for _, l := range layouts {
		if !strings.HasPrefix(l.name, "bcast") {
			cases = append(cases, mulCase{37, 41, 29, "row", "padded", l.name, 0})
		}
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%dx%dx%d/A=%s/B=%s/C=%s/threads=%d", tc.m, tc.n, tc.k, tc.la, tc.lb, tc.lc, tc.threads)
		t.Run(name, func(t *testing.T) {
			a := newView[T](rng, layoutByName(tc.la), tc.m, tc.k)
			b := newView[T](rng, layoutByName(tc.lb), tc.k, tc.n)
			c := newView[T](rng, layoutByName(tc.lc), tc.m, tc.n)
			p := Matrix[T]{make([]T, tc.m*tc.n), 0, tc.n, 1}
			Mul(tc.m, tc.n, tc.k, a, b, p, Options{Threads: tc.threads})
			want := make([]T, tc.m*tc.n)
			for i := 0; i < tc.m; i++ {
				for j := 0; j < tc.n; j++ {
					want[i*tc.n+j] = at(c, i, j) + at(p, i, j)
				}
			}
			MulAdd(tc.m, tc.n, tc.k, a, b, c, Options{Threads: tc.threads})
			bad := 0
			for i := 0; i < tc.m; i++ {
				for j := 0; j < tc.n; j++ {
					if got := at(c, i, j); got != want[i*tc.n+j] {
						if bad++; bad <= 5 {
							t.Errorf("C[%d,%d] = %v, want C + A·B = %v", i, j, got, want[i*tc.n+j])
						}
					}
				}
			}
		})
	}
}
