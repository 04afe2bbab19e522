package gemv

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func randSlice(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.NormFloat64())
	}
	return s
}

func forEachImpl(t *testing.T, f func(t *testing.T)) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil {
			t.Fatal(err)
		}
		t.Run(name, f)
	}
}

func close32(got float32, want float64, scale float64) bool {
	return math.Abs(float64(got)-want) <= 1e-5*scale+1e-6
}

func TestVecMatAndMatVec(t *testing.T) {
	sizes := [][2]int{{1, 1}, {3, 5}, {4, 8}, {5, 9}, {7, 31}, {64, 33}, {130, 257}, {768, 2304}, {1000, 7}}
	forEachImpl(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, sz := range sizes {
			for _, threads := range []int{1, 2, 3} {
				rows, cols := sz[0], sz[1]
				ld := cols + 3
				w := randSlice(r, (rows-1)*ld+cols)
				x := randSlice(r, rows)
				y := randSlice(r, cols+1) // garbage is overwritten; the extra element is kept
				keep := y[cols]
				VecMat(y, x, w, rows, cols, ld, threads)
				for j := 0; j < cols; j++ {
					var want, scale float64
					for i := 0; i < rows; i++ {
						want += float64(x[i]) * float64(w[i*ld+j])
						scale += math.Abs(float64(x[i]) * float64(w[i*ld+j]))
					}
					if !close32(y[j], want, scale) {
						t.Fatalf("VecMat %v threads %d: y[%d] = %v, want %v", sz, threads, j, y[j], want)
					}
				}
				if y[cols] != keep {
					t.Fatalf("VecMat wrote past n")
				}
				// MatVec: W is rows×cols, x has cols elements.
				xv := randSlice(r, cols)
				yv := randSlice(r, rows+1)
				keep = yv[rows]
				MatVec(yv, w, xv, rows, cols, ld, threads)
				for i := 0; i < rows; i++ {
					var want, scale float64
					for j := 0; j < cols; j++ {
						want += float64(w[i*ld+j]) * float64(xv[j])
						scale += math.Abs(float64(w[i*ld+j]) * float64(xv[j]))
					}
					if !close32(yv[i], want, scale) {
						t.Fatalf("MatVec %v threads %d: y[%d] = %v, want %v", sz, threads, i, yv[i], want)
					}
				}
				if yv[rows] != keep {
					t.Fatalf("MatVec wrote past n")
				}
			}
		}
	})
}

func TestEmptyAndBadArguments(t *testing.T) {
	VecMat(nil, nil, nil, 0, 0, 0, 0)
	y := []float32{5, 5}
	VecMat(y, nil, nil, 0, 2, 2, 0) // k = 0: y = 0
	if y[0] != 0 || y[1] != 0 {
		t.Errorf("k=0 gives %v", y)
	}
	MatVec(nil, nil, make([]float32, 3), 0, 3, 3, 0)
	defer func() {
		if recover() == nil {
			t.Error("a short W did not panic")
		}
	}()
	VecMat(make([]float32, 4), make([]float32, 4), make([]float32, 15), 4, 4, 4, 1)
}

// BenchmarkVecMat and BenchmarkMatVec report the bytes of weights streamed
// per second, to compare with the machine's memory bandwidth; the sizes are
// GPT-2 124M's (c_fc, and the tied LM head).
func BenchmarkVecMat(b *testing.B) {
	for _, sz := range [][2]int{{768, 3072}, {3072, 768}} {
		r := rand.New(rand.NewPCG(1, 2))
		w, x, y := randSlice(r, sz[0]*sz[1]), randSlice(r, sz[0]), make([]float32, sz[1])
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			b.SetBytes(int64(4 * len(w)))
			for b.Loop() {
				VecMat(y, x, w, sz[0], sz[1], sz[1], 0)
			}
		})
	}
}

func BenchmarkMatVec(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	n, k := 50257, 768
	w, x, y := randSlice(r, n*k), randSlice(r, k), make([]float32, n)
	b.SetBytes(int64(4 * len(w)))
	for b.Loop() {
		MatVec(y, w, x, n, k, k, 0)
	}
}

// TestVecMatInfiniteWeight checks that a product whose rows are fewer than
// a kernel's four keeps an infinite weight infinite (the missing rows are
// zeros, not a repeated row times 0, which would be NaN).
func TestVecMatInfiniteWeight(t *testing.T) {
	inf := float32(math.Inf(1))
	forEachImpl(t, func(t *testing.T) {
		for _, k := range []int{1, 2, 3, 5} {
			w := make([]float32, k*8)
			for i := range w {
				w[i] = inf
			}
			x := make([]float32, k)
			x[0] = 1
			y := make([]float32, 8)
			VecMat(y, x, w, k, 8, 8, 1)
			for j, v := range y {
				if k == 1 && v != inf {
					t.Errorf("k=%d: y[%d] = %v, want +Inf", k, j, v)
				}
			}
		}
	})
}

// TestMatVecRowsAreTheirOwnProducts checks that MatVec's result for each
// row is the bits of that row's product computed alone: matVecRows groups
// rows a quarter of the block apart, and neither that grouping nor the
// split among goroutines (in as many blocks as goroutines, or in the
// smaller blocks they take in turn, matVecBlockBytes cut down to 4 KiB
// and 24 KiB here) may change a row's sum.
func TestMatVecRowsAreTheirOwnProducts(t *testing.T) {
	defer func(b int) { matVecBlockBytes = b }(matVecBlockBytes)
	forEachImpl(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, rows := range []int{1, 2, 3, 5, 8, 13, 64, 1001} {
			for _, cols := range []int{8, 37, 768} {
				ld := cols + 5
				w, x := randSlice(r, (rows-1)*ld+cols), randSlice(r, cols)
				for _, split := range []struct{ threads, blockBytes int }{{1, 8 << 20}, {2, 8 << 20}, {3, 8 << 20}, {2, 4 << 10}, {3, 24 << 10}} {
					threads := split.threads
					matVecBlockBytes = split.blockBytes
					y := make([]float32, rows)
					MatVec(y, w, x, rows, cols, ld, threads)
					for i := range rows {
						var one [1]float32
						MatVec(one[:], w[i*ld:], x, 1, cols, ld, 1)
						if math.Float32bits(y[i]) != math.Float32bits(one[0]) {
							t.Fatalf("%d×%d threads %d, blocks of %d bytes: y[%d] = %v, alone %v", rows, cols, threads, split.blockBytes, i, y[i], one[0])
						}
					}
				}
			}
		}
	})
}

// TestVecMatAddsRowsAQuarterApart checks the order in which VecMat's
// assembly kernels add the rows of a goroutine's block into y: rows i,
// q+i, 2q+i, 3q+i for i = 0, 1, ... (q = ⌈k/4⌉), one fused multiply-add
// each. x holds powers of two, so every product is exact and each
// multiply-add rounds as a float32 addition does: the result must be the
// bits of the sequential sum in that order, which for most blocks of
// more than four rows differs from the sum in row order.
func TestVecMatAddsRowsAQuarterApart(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		if Impl() == "generic" {
			t.Skip("the Go kernel sums four rows before adding them")
		}
		r := rand.New(rand.NewPCG(11, 12))
		for _, k := range []int{1, 3, 4, 5, 7, 9, 13, 64, 768} {
			const n = 40 // 16-wide, 8-wide and scalar columns
			w := randSlice(r, k*n)
			x := make([]float32, k)
			for i := range x {
				x[i] = float32(math.Ldexp(1, r.IntN(9)-4))
				if r.IntN(2) == 0 {
					x[i] = -x[i]
				}
			}
			y := make([]float32, n)
			VecMat(y, x, w, k, n, n, 1)
			q := (k + 3) / 4
			body := n - n%8
			for j := range body {
				var want, inOrder float32
				for i := range q {
					for part := range 4 {
						if row := i + part*q; row < k {
							want += x[row] * w[row*n+j]
						}
					}
				}
				for row := range k {
					inOrder += x[row] * w[row*n+j]
				}
				if math.Float32bits(y[j]) != math.Float32bits(want) {
					t.Fatalf("k=%d: y[%d] = %v, the quarter order gives %v (row order %v)", k, j, y[j], want, inOrder)
				}
			}
		}
	})
}
