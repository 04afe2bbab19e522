package vecmath

import (
	"math"
	"math/rand"
	"os"
	"strconv"
	"testing"
)

// erfInputs are float32 inputs for ErfFloat32 and ErfcFloat32: special
// values, the runs of float32s around the pieces' bounds (2^-56, 2^-28,
// 0.25, 0.84375, 1.25, 1/0.35, 6, 10.5), where float32 erf reaches 1
// (3.92) and erfc turns subnormal (9.2) and 0 (10.06), every 257th bit
// pattern (every KAEL_ERF_STEP-th where that is set) and random normal and uniform values.
func erfInputs() []float32 {
	inf := float32(math.Inf(1))
	x := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1, -1, 3.9, -3.9, 6, -6}
	for _, edge := range []float32{erfcTiny, erfSmall, 0.25, 0.84375, 1.25, 1 / 0.35, 6, 10.5, 3.92, 9.2, 10.06} {
		v := edge
		for range 50 {
			v = math.Nextafter32(v, -inf)
		}
		for range 100 {
			x = append(x, v, -v)
			v = math.Nextafter32(v, inf)
		}
	}
	step := uint64(257)
	if v, err := strconv.ParseUint(os.Getenv("KAEL_ERF_STEP"), 10, 32); err == nil && v > 0 {
		step = v
	}
	for b := uint64(0); b < 1<<32; b += step {
		x = append(x, math.Float32frombits(uint32(b)))
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 18 {
		x = append(x, float32(r.NormFloat64()*2), float32(r.Float64()*24-12))
	}
	return x
}

// erfOps are ErfFloat32 and ErfcFloat32 beside the float64 functions
// whose float32 rounding they keep, and their lanes' computations.
var erfOps = []struct {
	name string
	f    func(dst, src []float32)
	ref  func(float64) float64
	lane func(float32) (float32, bool)
}{{"erf", ErfFloat32, math.Erf, erfF32}, {"erfc", ErfcFloat32, math.Erfc, erfcF32}}

// TestErfFloat32Bits runs every implementation of ErfFloat32 and
// ErfcFloat32 on erfInputs and on every length up to 40 (the vector
// groups, the fix-up and the scalar tail): each gives the bits of
// float32(math.Erf(float64(x))) and float32(math.Erfc(float64(x))).
func TestErfFloat32Bits(t *testing.T) {
	all := erfInputs()
	for _, op := range erfOps {
		for _, impl := range Impls() {
			for n := 0; n <= 40; n++ {
				x := all[len(all)-n-5 : len(all)-5]
				got := runImpl(t, impl, op.f, x)
				for i := range x {
					if want := float32(op.ref(float64(x[i]))); !sameBits(got[i], want) {
						t.Fatalf("%s %s n=%d: (%g) = %g, want %g", op.name, impl, n, x[i], got[i], want)
					}
				}
			}
			got := runImpl(t, impl, op.f, all)
			bad := 0
			for i, v := range all {
				if want := float32(op.ref(float64(v))); !sameBits(got[i], want) {
					if bad++; bad < 10 {
						t.Errorf("%s %s: (%g) (%#x) = %g, want %g", op.name, impl, v, math.Float32bits(v), got[i], want)
					}
				}
			}
			if bad > 0 {
				t.Fatalf("%s %s: %d of %d differ", op.name, impl, bad, len(all))
			}
		}
	}
}

// TestErfFloat32FixupRare checks that the scalar fix-up stays rare: the
// vector lanes' own result is taken for all but a few in 2^12 of the
// tail's inputs (the bound is loose: about one in 2^16 is expected), the
// positive erfc inputs with subnormal results (a ≥ 9.2) left out.
func TestErfFloat32FixupRare(t *testing.T) {
	for _, op := range erfOps {
		r := rand.New(rand.NewSource(7))
		n, fix := 0, 0
		for range 1 << 18 {
			v := float32(1.25 + r.Float64()*4.75)
			if r.Intn(2) == 0 {
				v = -v
			}
			n++
			if _, ok := op.lane(v); !ok {
				fix++
			}
		}
		if fix > n>>12 {
			t.Fatalf("%s: %d of %d tail inputs take the fix-up", op.name, fix, n)
		}
	}
}

func BenchmarkErfFloat32(b *testing.B)  { benchErf(b, ErfFloat32) }
func BenchmarkErfcFloat32(b *testing.B) { benchErf(b, ErfcFloat32) }

// benchErf times f on 2^16 normal values (standard deviation 1).
func benchErf(b *testing.B, f func(dst, src []float32)) {
	r := rand.New(rand.NewSource(1))
	x := make([]float32, 1<<16)
	for i := range x {
		x[i] = float32(r.NormFloat64())
	}
	dst := make([]float32, len(x))
	b.SetBytes(int64(4 * len(x)))
	for b.Loop() {
		f(dst, x)
	}
}
