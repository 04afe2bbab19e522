package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// erfInputs are float32 inputs for ErfFloat32: special values, the runs
// of float32s around the pieces' bounds (2^-28, 0.84375, 1.25, 1/0.35,
// 6), every 257th bit pattern and random normal and uniform values.
func erfInputs() []float32 {
	inf := float32(math.Inf(1))
	x := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1, -1, 3.9, -3.9, 6, -6}
	for _, edge := range []float32{erfSmall, 0.84375, 1.25, 1 / 0.35, 6, 3.92} {
		v := edge
		for range 50 {
			v = math.Nextafter32(v, -inf)
		}
		for range 100 {
			x = append(x, v, -v)
			v = math.Nextafter32(v, inf)
		}
	}
	for b := uint64(0); b < 1<<32; b += 257 {
		x = append(x, math.Float32frombits(uint32(b)))
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 18 {
		x = append(x, float32(r.NormFloat64()*2), float32(r.Float64()*12-6))
	}
	return x
}

// TestErfFloat32Bits runs every implementation of ErfFloat32 on
// erfInputs and on every length up to 40 (the vector groups, the fix-up
// and the scalar tail): each gives float32(math.Erf(float64(x)))'s bits.
func TestErfFloat32Bits(t *testing.T) {
	all := erfInputs()
	for _, impl := range Impls() {
		for n := 0; n <= 40; n++ {
			x := all[len(all)-n-5 : len(all)-5]
			got := runImpl(t, impl, ErfFloat32, x)
			for i := range x {
				if want := float32(math.Erf(float64(x[i]))); !sameBits(got[i], want) {
					t.Fatalf("%s n=%d: erf(%g) = %g, want %g", impl, n, x[i], got[i], want)
				}
			}
		}
		got := runImpl(t, impl, ErfFloat32, all)
		bad := 0
		for i, v := range all {
			if want := float32(math.Erf(float64(v))); !sameBits(got[i], want) {
				if bad++; bad < 10 {
					t.Errorf("%s: erf(%g) (%#x) = %g, want %g", impl, v, math.Float32bits(v), got[i], want)
				}
			}
		}
		if bad > 0 {
			t.Fatalf("%s: %d of %d differ", impl, bad, len(all))
		}
	}
}

// TestErfFloat32FixupRare checks that the scalar fix-up stays rare: the
// vector lanes' own result is taken for all but a few in 2^12 of the
// tail's inputs (the bound is loose: about one in 2^16 is expected).
func TestErfFloat32FixupRare(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	n, fix := 0, 0
	for range 1 << 18 {
		v := float32(1.25 + r.Float64()*4.75)
		n++
		if _, ok := erfF32(v); !ok {
			fix++
		}
	}
	if fix > n>>12 {
		t.Fatalf("%d of %d tail inputs take the fix-up", fix, n)
	}
}

func BenchmarkErfFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x := make([]float32, 1<<16)
	for i := range x {
		x[i] = float32(r.NormFloat64())
	}
	dst := make([]float32, len(x))
	b.SetBytes(int64(4 * len(x)))
	for b.Loop() {
		ErfFloat32(dst, x)
	}
}
