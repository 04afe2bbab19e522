package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// powPairs are (x, y) pairs for PowFloat32: the special values against
// each other, exact powers and float32 midpoints (x = 1+2^-12 squared,
// 1+2^-6 to the fourth, perfect squares to half-integer powers),
// results around overflow and the subnormals, bases near 1 with large
// exponents, negative bases with integral and non-integral exponents,
// and random pairs of several ranges.
func powPairs() (xs, ys []float32) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	special := []float32{0, negz, 1, -1, 2, -2, 0.5, -0.5, 3, -3, 2.5, -2.5, inf, -inf, nan, 4096, -4096, 4097, 1e10, -1e10,
		math.MaxFloat32, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1.0000001, 0.99999994, 127, 128, 129, -149, -150, -151}
	add := func(x, y float32) { xs, ys = append(xs, x), append(ys, y) }
	for _, x := range special {
		for _, y := range special {
			add(x, y)
		}
	}
	for k := 1; k <= 23; k++ {
		x := 1 + float32(math.Ldexp(1, -k))
		for _, y := range []float32{2, 3, 4, 5, 6, 8, -2, -4, 0.5, 1.5, 2.5} {
			add(x, y)
			add(-x, y)
		}
	}
	for i := 1; i <= 4096; i++ {
		sq := float32(i * i)
		add(sq, 1.5)
		add(sq, 2.5)
		add(sq, -1.5)
		add(float32(i), 2)
		add(float32(i), 3)
		add(-float32(i), 3)
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 18 {
		add(float32(r.Float64()+0.5), float32(r.Float64()+0.5))
		add(float32(r.NormFloat64()*10), float32(math.Round(r.NormFloat64()*8)))
		add(float32(r.NormFloat64()*3), float32(r.NormFloat64()*3))
		add(float32(math.Exp(r.NormFloat64()*20)), float32(r.NormFloat64()*8))
		add(float32(1+r.NormFloat64()*1e-5), float32(r.NormFloat64()*5000))
		add(float32(r.Float64()), float32(r.Float64()*300-150))
		add(math.Float32frombits(r.Uint32()), math.Float32frombits(r.Uint32()))
		add(math.Float32frombits(r.Uint32()), float32(r.Intn(41)-20))
	}
	return xs, ys
}

// runPow runs PowFloat32 (kind 0), PowFloat32VS (1, y[0] for every
// element) or PowFloat32SV (2, x[0]) with one implementation.
func runPow(t *testing.T, impl string, kind int, x, y []float32) []float32 {
	t.Helper()
	defer SetImpl(Impl())
	if err := SetImpl(impl); err != nil {
		t.Fatal(err)
	}
	switch kind {
	case 1:
		dst := make([]float32, len(x))
		PowFloat32VS(dst, x, y[0])
		return dst
	case 2:
		dst := make([]float32, len(y))
		PowFloat32SV(dst, x[0], y)
		return dst
	}
	dst := make([]float32, len(x))
	PowFloat32(dst, x, y)
	return dst
}

// TestPowFloat32MatchesMathPow holds every implementation of PowFloat32
// to float32(math.Pow(float64(x), float64(y))) bit for bit (NaN as any
// NaN) over powPairs, and on every length up to 40 (the vector groups,
// a fix-up group in the middle, the scalar tail).
func TestPowFloat32MatchesMathPow(t *testing.T) {
	xs, ys := powPairs()
	check := func(impl string, x, y, got []float32) {
		t.Helper()
		for i := range got {
			xi, yi := x[min(i, len(x)-1)], y[min(i, len(y)-1)]
			if len(x) < len(got) {
				xi = x[0]
			}
			if len(y) < len(got) {
				yi = y[0]
			}
			want := float32(math.Pow(float64(xi), float64(yi)))
			if !sameBits(got[i], want) && !(got[i] != got[i] && want != want) {
				t.Fatalf("%s: pow(%g (%#x), %g (%#x)) = %g (%#x), math.Pow %g (%#x)", impl, xi, math.Float32bits(xi), yi,
					math.Float32bits(yi), got[i], math.Float32bits(got[i]), want, math.Float32bits(want))
			}
		}
	}
	for _, impl := range Impls() {
		check(impl, xs, ys, runPow(t, impl, 0, xs, ys))
		for n := 0; n <= 40; n++ {
			x, y := xs[len(xs)-n:], ys[len(ys)-n:]
			check(impl, x, y, runPow(t, impl, 0, x, y))
		}
		// a fix-up lane (x = 0 with y = 0.5 is done in the vector, x NaN
		// is not) at each position of a run
		for p := range 12 {
			x := []float32{1.5, 2, 0, 3, 0.25, 7, 9, 1.25, 6, 5, 4, 3}
			x[p] = float32(math.NaN())
			y := []float32{0.5, 1.5, 2.5, -0.5, -1.5, 3, 0.25, 1.75, 2.25, 0.5, 0.5, -2.5}
			check(impl, x, y, runPow(t, impl, 0, x, y))
		}
		for _, e := range []float32{2.5, -1.3, 0.5, 3, 0, 1, -2, 17, 4097, float32(math.NaN())} {
			check(impl, xs[:1<<16], []float32{e}, runPow(t, impl, 1, xs[:1<<16], []float32{e}))
		}
		for _, b := range []float32{2.5, -1.3, 0, -2, 1, float32(math.Inf(-1))} {
			check(impl, []float32{b}, ys[:1<<16], runPow(t, impl, 2, []float32{b}, ys[:1<<16]))
		}
	}
}

// TestPowFloat32FixupRate keeps the scalar fix-up rare on ordinary
// operands (uniform bases and exponents in [0.5, 1.5)): a broken
// midpoint test that sent every group there would stay bit-exact.
func TestPowFloat32FixupRate(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	fix := 0
	const n = 1 << 16
	for range n {
		if _, ok := powF32(float32(r.Float64()+0.5), float32(r.Float64()+0.5)); !ok {
			fix++
		}
	}
	if fix > n/256 {
		t.Fatalf("%d of %d pairs take the fix-up, want about 1 in 2048", fix, n)
	}
	t.Logf("%d of %d pairs take the fix-up", fix, n)
}

func BenchmarkPowFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x, y, dst := make([]float32, 1<<20), make([]float32, 1<<20), make([]float32, 1<<20)
	for i := range x {
		x[i], y[i] = float32(r.Float64()+0.5), float32(r.Float64()+0.5)
	}
	b.Run("vv", func(b *testing.B) {
		for b.Loop() {
			PowFloat32(dst, x, y)
		}
	})
	b.Run("vs", func(b *testing.B) {
		for b.Loop() {
			PowFloat32VS(dst, x, 2.5)
		}
	})
}

func BenchmarkPowFloat32MathPow(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x, y, dst := make([]float32, 1<<20), make([]float32, 1<<20), make([]float32, 1<<20)
	for i := range x {
		x[i], y[i] = float32(r.Float64()+0.5), float32(r.Float64()+0.5)
	}
	for b.Loop() {
		for i := range dst {
			dst[i] = float32(math.Pow(float64(x[i]), float64(y[i])))
		}
	}
}
