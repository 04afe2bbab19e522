package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFmod32MatchesMathMod checks fmod32 and remainder32 against the
// math.Mod forms they replace, bit for bit: every pair of special values
// and random pairs over the whole float32 range (quotients on both sides
// of the 2^28 limit, subnormals, exact multiples).
func TestFmod32MatchesMathMod(t *testing.T) {
	check := func(a, b float32) {
		t.Helper()
		want := float32(math.Mod(float64(a), float64(b)))
		if got := fmod32(a, b); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("fmod32(%g, %g) = %g (%#x), want %g (%#x)", a, b, got, math.Float32bits(got), want, math.Float32bits(want))
		}
		if got, want := remainder32(a, b), RemainderFloat(a, b); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("remainder32(%g, %g) = %g, want %g", a, b, got, want)
		}
	}
	vals := append([]float32{3, -3, 6, -6, 0.1, 7, 1 << 28, 1<<28 + 32, 1 << 29, 16777217}, specials32...)
	for _, a := range vals {
		for _, b := range vals {
			check(a, b)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300000 {
		a := math.Float32frombits(rng.Uint32())
		b := math.Float32frombits(rng.Uint32())
		check(a, b)
		// Quotients near the limit and small ones, integers and multiples.
		e := rng.IntN(40) - 5
		b = float32(rng.Float64()+0.5) * float32(math.Ldexp(1, rng.IntN(60)-30))
		a = b * float32(math.Ldexp(rng.Float64(), e))
		if rng.IntN(2) == 0 {
			a = -a
		}
		check(a, b)
		check(b*float32(rng.IntN(1000)), b)
		check(-b*float32(rng.IntN(1000)), -b)
	}
}
