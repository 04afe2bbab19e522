package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// unaryInputs are float32 inputs for the unary kernels: special values,
// the boundaries of exp's range (overflow past 88.72, subnormal results
// below -87.3, zero below -103.97), of log's (around 1 and the split
// at √2 and √½), every 997th bit pattern (all signs,
// exponents, subnormals and NaNs) and random values of moderate size.
func unaryInputs() []float32 {
	inf := float32(math.Inf(1))
	x := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1, -1, 88.72283, 88.72284, 88.7228394, -87.33654,
		-103.972, -103.973, -104, 200, -200, 201, -201, 1e30, -1e30}
	for _, edge := range []float32{88.7228, -87.3365, -103.972, 0.3465736, -0.3465736, 0.9998, 1.4141, 0.7070} {
		v := edge
		for range 2000 {
			x = append(x, v)
			v = math.Nextafter32(v, inf)
		}
	}
	for b := uint64(0); b < 1<<32; b += 997 {
		x = append(x, math.Float32frombits(uint32(b)))
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 20 {
		x = append(x, float32(r.Float64()*200-105))
	}
	return x
}

func runImpl(t *testing.T, impl string, f func(dst, src []float32), src []float32) []float32 {
	t.Helper()
	defer SetImpl(Impl())
	if err := SetImpl(impl); err != nil {
		t.Fatal(err)
	}
	dst := make([]float32, len(src))
	f(dst, src)
	return dst
}

// TestUnaryFloat32MatchesGeneric runs every implementation of ExpFloat32
// and SqrtFloat32 on every length up to 40 (the vector prefix and the
// scalar tail) and on unaryInputs: each gives the generic loop's bits.
func TestUnaryFloat32MatchesGeneric(t *testing.T) {
	all := unaryInputs()
	for _, op := range []struct {
		name string
		f    func(dst, src []float32)
	}{{"exp", ExpFloat32}, {"log", LogFloat32}, {"sqrt", SqrtFloat32}, {"rsqrt", RsqrtFloat32}, {"abs", AbsFloat32}, {"neg", NegFloat32}} {
		for _, impl := range Impls() {
			for n := 0; n <= 40; n++ {
				x := all[len(all)-n-5 : len(all)-5]
				got, want := runImpl(t, impl, op.f, x), runImpl(t, "generic", op.f, x)
				for i := range x {
					if !sameBits(got[i], want[i]) {
						t.Fatalf("%s %s n=%d: (%g) = %g, generic %g", op.name, impl, n, x[i], got[i], want[i])
					}
				}
			}
			got, want := runImpl(t, impl, op.f, all), runImpl(t, "generic", op.f, all)
			for i := range all {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%s %s: (%g) = %g, generic %g", op.name, impl, all[i], got[i], want[i])
				}
			}
		}
	}
}

// TestUnaryFloat32Accuracy holds the kernels to the results they replace,
// float32(f(float64(x))) with Go's math: sqrt, abs and neg bit for bit,
// rsqrt as 1/float32(math.Sqrt(x)) bit for bit;
// exp bit for bit too, but where the float64 value of math.Exp lies
// within 1e-15 (relative) of a midpoint between two float32s, where
// neither rounding can be told the closer, both are taken. Overflow to
// +Inf, subnormal results, zero, NaN and the signs of zero are then those
// of the old loop (and of PyTorch).
func TestUnaryFloat32Accuracy(t *testing.T) {
	x := unaryInputs()
	for _, op := range []struct {
		name string
		f    func(dst, src []float32)
		ref  func(float64) float64
		tie  bool
	}{{"exp", ExpFloat32, math.Exp, true}, {"log", LogFloat32, math.Log, true}, {"sqrt", SqrtFloat32, math.Sqrt, false},
		{"rsqrt", RsqrtFloat32, nil, false},
		{"abs", AbsFloat32, math.Abs, false}, {"neg", NegFloat32, func(v float64) float64 { return -v }, false}} {
		for _, impl := range Impls() {
			got := runImpl(t, impl, op.f, x)
			ties := 0
			for i, v := range x {
				var exact float64
				var want float32
				if op.ref != nil {
					exact = op.ref(float64(v))
					want = float32(exact)
				} else { // rsqrt: the float32 loop it replaces
					want = 1 / float32(math.Sqrt(float64(v)))
				}
				if sameBits(got[i], want) {
					continue
				}
				// The midpoint between got and want, if they are neighbours.
				mid := (float64(got[i]) + float64(want)) / 2
				if op.tie && math.Nextafter32(want, got[i]) == got[i] && math.Abs(exact-mid) <= 1e-15*math.Abs(exact) {
					ties++
					continue
				}
				t.Fatalf("%s %s(%g) = %g (%#x), want %g (%#x)", impl, op.name, v, got[i], math.Float32bits(got[i]), want, math.Float32bits(want))
			}
			t.Logf("%s %s: %d inputs, %d near-midpoint differences from math", impl, op.name, len(x), ties)
		}
	}
}
