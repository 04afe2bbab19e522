package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// fmodPairs are (x, y) pairs: special values crossed, quotients on both
// sides of the kernel's 2^28 limit, exact multiples (zero remainders of
// both signs), and random bit patterns.
func fmodPairs() (xs, ys []float32) {
	inf := float32(math.Inf(1))
	spec := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 3, -3, 6, -6, 0.1, -0.1, 7, 1 << 28, 1<<28 + 32, 1 << 29, 16777217,
		inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 1e-40, -1e-40}
	for _, a := range spec {
		for _, b := range spec {
			xs, ys = append(xs, a), append(ys, b)
		}
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 14 {
		xs, ys = append(xs, math.Float32frombits(r.Uint32())), append(ys, math.Float32frombits(r.Uint32()))
		b := float32(r.Float64()+0.5) * float32(math.Ldexp(1, r.Intn(60)-30))
		if r.Intn(2) == 0 {
			b = -b
		}
		a := b * float32(math.Ldexp(r.Float64(), r.Intn(40)-5))
		if r.Intn(2) == 0 {
			a = -a
		}
		xs, ys = append(xs, a), append(ys, b)
		xs, ys = append(xs, b*float32(r.Intn(1000))), append(ys, -b)
		xs, ys = append(xs, float32(r.NormFloat64()*5)), append(ys, float32(r.Float64()+0.5))
	}
	return xs, ys
}

// TestFmodFloat32MatchesMathMod holds every implementation of
// FmodFloat32 and RemainderFloat32 (and their VS and SV forms) to
// float32(math.Mod(x, y)) and to that remainder plus y where its sign is
// not y's (PyTorch's %), bit for bit (NaN as NaN), on fmodPairs and on
// every length up to 40.
func TestFmodFloat32MatchesMathMod(t *testing.T) {
	xs, ys := fmodPairs()
	ref := func(rem bool, a, b float32) float32 {
		r := float32(math.Mod(float64(a), float64(b)))
		if rem && r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		return r
	}
	defer SetImpl(Impl())
	for _, impl := range Impls() {
		if err := SetImpl(impl); err != nil {
			t.Fatal(err)
		}
		for _, rem := range []bool{false, true} {
			vv, vs, sv := FmodFloat32, FmodFloat32VS, FmodFloat32SV
			if rem {
				vv, vs, sv = RemainderFloat32, RemainderFloat32VS, RemainderFloat32SV
			}
			check := func(form string, x, y, got []float32) {
				t.Helper()
				for i := range got {
					a, b := x[min(i, len(x)-1)], y[min(i, len(y)-1)]
					if want := ref(rem, a, b); math.Float32bits(got[i]) != math.Float32bits(want) && !(got[i] != got[i] && want != want) {
						t.Fatalf("%s rem=%v %s: (%g, %g) = %g (%#x), want %g (%#x)", impl, rem, form, a, b, got[i], math.Float32bits(got[i]), want, math.Float32bits(want))
					}
				}
			}
			for n := 0; n <= 40; n++ {
				for _, off := range []int{0, len(xs) - n} {
					x, y := xs[off:off+n], ys[off:off+n]
					got := make([]float32, n)
					vv(got, x, y)
					check("vv", x, y, got)
				}
			}
			got := make([]float32, len(xs))
			vv(got, xs, ys)
			check("vv", xs, ys, got)
			for _, b := range []float32{0.3, -0.3, 3, 0, float32(math.Inf(1)), 1e-30} {
				vs(got, xs, b)
				check("vs", xs, []float32{b}, got)
			}
			for _, a := range []float32{0.3, -7, 1e30, 0} {
				sv(got, a, ys)
				check("sv", []float32{a}, ys, got)
			}
		}
	}
}

func BenchmarkFmodFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x, y, dst := make([]float32, 1<<20), make([]float32, 1<<20), make([]float32, 1<<20)
	for i := range x {
		x[i], y[i] = float32(r.Float64()+0.5), float32(r.Float64()+0.5)
	}
	b.Run("fmod", func(b *testing.B) {
		for b.Loop() {
			FmodFloat32(dst, x, y)
		}
	})
	b.Run("remainder", func(b *testing.B) {
		for b.Loop() {
			RemainderFloat32(dst, x, y)
		}
	})
}
