package vecmath

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exactFMA is a·b + c rounded once to prec bits (24: float32, 53:
// float64), by math/big.
func exactFMA(a, b, c float64, prec uint) float64 {
	p := new(big.Float).SetPrec(2000).SetFloat64(a)
	p.Mul(p, new(big.Float).SetPrec(2000).SetFloat64(b))
	p.Add(p, new(big.Float).SetPrec(2000).SetFloat64(c))
	f, _ := p.SetMode(big.ToNearestEven).SetPrec(prec).Float64()
	return f
}

// TestFMA32 checks FMA32 against the exact sum rounded once, on random
// operands and on sums whose float64 rounding lands halfway between two
// float32s (where rounding the float64 sum again is wrong): c = a·b
// shifted so that the exact sum lies just off a float32 tie.
func TestFMA32(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(a, b, c float32) {
		t.Helper()
		want := float32(exactFMA(float64(a), float64(b), float64(c), 24))
		if got := FMA32(a, b, c); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("FMA32(%v, %v, %v) = %v, want %v", a, b, c, got, want)
		}
	}
	for range 100000 {
		check(float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64()))
	}
	// 1 + 2^-24 is a float32 tie; a·b = 2^-24 + 2^-60 makes the exact sum
	// just above it, while float64 rounds the sum onto the tie.
	a := float32(1 + 1.0/(1<<23))           // 1 + 2^-23
	b := float32(1.0/(1<<24) - 1.0/(1<<47)) // about 2^-24
	check(a, b, 1)
	check(-a, b, -1)
	check(a, -b, 1)
}

// TestAxpyMatchesExact checks AxpyFloat32 and AxpyFloat64, under every
// implementation (the FMA kernels and the Go loop), against each sum
// rounded once by math/big, at every length up to 40 (vectors and
// tails), with o and b one slice, and with a partial overlap (the Go
// loop's element-by-element result).
func TestAxpyMatchesExact(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for n := 0; n <= 40; n++ {
			o32, b32 := make([]float32, n), make([]float32, n)
			o64, b64 := make([]float64, n), make([]float64, n)
			for i := range n {
				o32[i], b32[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
				o64[i], b64[i] = r.NormFloat64(), r.NormFloat64()
			}
			s32, s64 := float32(-0.37), -0.37
			want32 := make([]float32, n)
			want64 := make([]float64, n)
			for i := range n {
				want32[i] = float32(exactFMA(float64(s32), float64(b32[i]), float64(o32[i]), 24))
				want64[i] = exactFMA(s64, b64[i], o64[i], 53)
			}
			AxpyFloat32(o32, b32, s32)
			AxpyFloat64(o64, b64, s64)
			for i := range n {
				if math.Float32bits(o32[i]) != math.Float32bits(want32[i]) {
					t.Fatalf("float32 n=%d [%d] = %v, want %v", n, i, o32[i], want32[i])
				}
				if math.Float64bits(o64[i]) != math.Float64bits(want64[i]) {
					t.Fatalf("float64 n=%d [%d] = %v, want %v", n, i, o64[i], want64[i])
				}
			}
			// o is b: o[i] = s·o[i] + o[i].
			same := append([]float32(nil), o32...)
			for i := range same {
				want32[i] = float32(exactFMA(float64(s32), float64(same[i]), float64(same[i]), 24))
			}
			AxpyFloat32(same, same, s32)
			for i := range n {
				if same[i] != want32[i] {
					t.Fatalf("o is b, n=%d [%d] = %v, want %v", n, i, same[i], want32[i])
				}
			}
		}
		// A partial overlap: o one element along b, element by element.
		buf := make([]float32, 33)
		for i := range buf {
			buf[i] = float32(i + 1)
		}
		want := append([]float32(nil), buf...)
		for i := 1; i < 33; i++ {
			want[i] = FMA32(2, want[i-1], want[i])
		}
		AxpyFloat32(buf[1:], buf[:32], 2)
		for i := range buf {
			if buf[i] != want[i] {
				t.Fatalf("overlap [%d] = %v, want %v", i, buf[i], want[i])
			}
		}
	})
}
