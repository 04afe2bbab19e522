package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// orderValues returns a source of float64 values whose sums depend on
// the order of the additions (magnitudes 2^-60 to 2^60), with NaNs,
// infinities, signed zeros and a subnormal among them.
func orderValues(r *rand.Rand) func() float64 {
	specials := []float64{math.NaN(), math.Float64frombits(0x7ff8000000000abc), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 5e-324}
	return func() float64 {
		if r.IntN(8) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return r.NormFloat64() * math.Pow(2, float64(r.IntN(120)-60))
	}
}

// sameFloatBits reports whether a and b have the same bits, any NaN matching
// any NaN (the payload two NaNs leave depends on the operands' order).
func sameFloatBits[T float32 | float64](a, b T) bool {
	if a != a && b != b {
		return true
	}
	if x, ok := any(a).(float64); ok {
		return math.Float64bits(x) == math.Float64bits(any(b).(float64))
	}
	return math.Float32bits(any(a).(float32)) == math.Float32bits(any(b).(float32))
}

// TestSumRows checks SumRowsFloat64 and SumRowsFloat32 under every
// implementation against the scalar loop from +0.0, a row at a time, bit
// for bit: lengths 0 to 70 (around the vector widths and the
// four-register blocks), 0 to 17 rows (one and two eight-row passes with
// and without rows after them), strides longer than the rows, and acc
// and x at unaligned starts; what acc held before must not count, and
// the element past acc must stay untouched.
func TestSumRows(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float64", func(t *testing.T) { testSumRows(t, SumRowsFloat64) })
		t.Run("float32", func(t *testing.T) { testSumRows(t, SumRowsFloat32) })
	})
}

func testSumRows[T float32 | float64](t *testing.T, sumRows func(acc, x []T, stride, k int)) {
	r := rand.New(rand.NewPCG(5, 6))
	value := orderValues(r)
	for n := range 71 {
		for _, k := range []int{0, 1, 2, 3, 7, 8, 9, 16, 17} {
			stride := n + r.IntN(5)
			off := r.IntN(4)
			x := make([]T, off+max(0, (k-1)*stride+n))
			for i := range x {
				x[i] = T(value())
			}
			x = x[off:]
			aoff := r.IntN(4)
			buf := make([]T, aoff+n+1)
			acc := buf[aoff : aoff+n]
			want := make([]T, n) // +0.0
			for j := range acc {
				acc[j] = T(value()) // to be ignored
			}
			for row := range k {
				for j := range want {
					want[j] += x[row*stride+j]
				}
			}
			const guard = 0.25
			buf[aoff+n] = guard
			sumRows(acc, x, stride, k)
			for j := range want {
				if !sameFloatBits(acc[j], want[j]) {
					t.Fatalf("n=%d k=%d stride=%d: acc[%d] = %v, want %v", n, k, stride, j, acc[j], want[j])
				}
			}
			if buf[aoff+n] != guard {
				t.Fatalf("n=%d k=%d: wrote past acc", n, k)
			}
		}
	}
}

// TestSumRowsNegativeZero checks that rows of -0.0 sum to +0.0 under
// every implementation, as NumPy's addition to its identity +0.0 gives:
// the kernels' first pass must add to +0.0, not copy the first row.
func TestSumRowsNegativeZero(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float64", func(t *testing.T) { testSumRowsNegativeZero(t, SumRowsFloat64) })
		t.Run("float32", func(t *testing.T) { testSumRowsNegativeZero(t, SumRowsFloat32) })
	})
}

func testSumRowsNegativeZero[T float32 | float64](t *testing.T, sumRows func(acc, x []T, stride, k int)) {
	negZero := T(math.Copysign(0, -1))
	for _, n := range []int{5, 8, 16, 37, 64, 70} {
		for _, k := range []int{1, 3, 8, 9, 16} {
			x := make([]T, k*n)
			for i := range x {
				x[i] = negZero
			}
			acc := make([]T, n)
			for j := range acc {
				acc[j] = negZero
			}
			sumRows(acc, x, n, k)
			for j, v := range acc {
				if v != 0 || math.Signbit(float64(v)) {
					t.Fatalf("n=%d k=%d: acc[%d] = %v (sign %v), want +0", n, k, j, v, math.Signbit(float64(v)))
				}
			}
		}
	}
}

// TestSumRowsShortPanics checks that rows reaching past x panic in Go,
// before any kernel reads them.
func TestSumRowsShortPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("SumRowsFloat64 with a short x did not panic")
		}
	}()
	SumRowsFloat64(make([]float64, 16), make([]float64, 31), 16, 2)
}

// TestPairwiseBlock checks PairwiseBlockFloat64 and PairwiseBlockFloat32
// under every implementation against NumPy's pairwise_sum block written
// as loops_utils.h.src writes it, bit for bit, for lengths 8 to 140 at
// unaligned starts.
func TestPairwiseBlock(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		t.Run("float64", func(t *testing.T) { testPairwiseBlock(t, PairwiseBlockFloat64) })
		t.Run("float32", func(t *testing.T) { testPairwiseBlock(t, PairwiseBlockFloat32) })
	})
}

func testPairwiseBlock[T float32 | float64](t *testing.T, block func(x []T) T) {
	r := rand.New(rand.NewPCG(7, 8))
	value := orderValues(r)
	for n := 8; n <= 140; n++ {
		for range 4 {
			off := r.IntN(4)
			x := make([]T, off+n)
			for i := range x {
				x[i] = T(value())
				if r.IntN(3) == 0 { // mostly finite, so that the order shows
					x[i] = T(r.NormFloat64() * math.Pow(2, float64(r.IntN(40)-20)))
				}
			}
			x = x[off:]
			var acc [8]T
			copy(acc[:], x)
			i := 8
			for ; i <= n-8; i += 8 {
				for k := range acc {
					acc[k] += x[i+k]
				}
			}
			want := ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))
			for ; i < n; i++ {
				want += x[i]
			}
			if got := block(x); !sameFloatBits(got, want) {
				t.Fatalf("n=%d: %v, want %v", n, got, want)
			}
		}
	}
}
