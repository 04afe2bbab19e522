package vecmath

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// tanhSweep is the GELU sweep with, added, every float32 from 8.5 to 9.1
// (where SLEEF's tanhf gives 1 and the correctly rounded tanh does not)
// and a sweep of small magnitudes, where tanh x rounds to x or just below.
func tanhSweep() []float32 {
	xs := geluSweep()
	for x := float32(8.5); x < 9.1; x = math.Nextafter32(x, 10) {
		xs = append(xs, x, -x)
	}
	for x := float32(1e-6); x < 0.05; x *= 1.0001 {
		xs = append(xs, x, -x)
	}
	return xs
}

// TestTanhFloat32AgainstTorch compares TanhFloat32 with torch.tanh on the
// sweep: within an ulp, the sign of zero kept, and nearly all bit for bit
// (SLEEF's tanhf, which PyTorch's AVX2 kernel calls, is correctly rounded
// almost everywhere; under ATEN_CPU_CAPABILITY=default PyTorch calls the C
// library's tanhf instead, which has no threshold at 8.66, so the
// reference is PyTorch's AVX2 kernel whatever the capability).
func TestTanhFloat32AgainstTorch(t *testing.T) {
	xs := tanhSweep()
	want := torchFloat32Vectorized(t, "torch.tanh(x)", xs, nil)
	forEachImpl(t, func(t *testing.T) {
		got := make([]float32, len(xs))
		TanhFloat32(got, xs)
		exact := 0
		for i, x := range xs {
			switch d := ulps(got[i], want[i]); {
			case d == 0 && math.Signbit(float64(got[i])) == math.Signbit(float64(want[i])):
				exact++
			case d > 1 || got[i] == 0 && want[i] == 0:
				t.Errorf("tanh(%v) = %v, PyTorch %v", x, got[i], want[i])
			}
		}
		t.Logf("%d of %d arguments bit-identical to PyTorch", exact, len(xs))
		if exact < len(xs)*999/1000 {
			t.Errorf("only %d of %d bit-identical to PyTorch", exact, len(xs))
		}
	})
}

// TestTanhFloat32 checks every tail length, in place and not, against
// the generic implementation.
func TestTanhFloat32(t *testing.T) {
	checkTails(t, "tanh", TanhFloat32, tanhGeneric, func(_ int, _, got, want float32) bool {
		return ulps(got, want) <= 1
	})
}

// TestTanhGradFloat32AgainstTorch compares TanhGradFloat32 with PyTorch's
// tanh_backward bit for bit, gradients of magnitudes 2^-10 to 2^10.
func TestTanhGradFloat32AgainstTorch(t *testing.T) {
	ys := tanhSweep()
	TanhFloat32(ys, ys)
	rng := rand.New(rand.NewPCG(5, 6))
	gs := make([]float32, len(ys))
	for i := range gs {
		gs[i] = float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(20)-10)))
	}
	want := torchFloat32Vectorized(t, "torch.ops.aten.tanh_backward(g, x)", ys, gs) // its FMA is the vectorized kernel's
	got := make([]float32, len(ys))
	TanhGradFloat32(got, gs, ys)
	for i := range ys {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) && !(got[i] != got[i] && want[i] != want[i]) {
			t.Fatalf("tanh_backward(%v, %v) = %v, PyTorch %v", gs[i], ys[i], got[i], want[i])
		}
	}
	in := slices.Clone(gs)
	TanhGradFloat32(in, in, ys)
	for i := range in {
		if math.Float32bits(in[i]) != math.Float32bits(got[i]) {
			t.Fatalf("TanhGradFloat32 in place: %v at %d, not %v", in[i], i, got[i])
		}
	}
}

// BenchmarkTanhGradFloat32: makemore's MLP hidden layer, 512 rows of 64;
// the generic implementation is the Go loop of FMA32s.
func BenchmarkTanhGradFloat32(b *testing.B) {
	y := benchRow(512 * 64)
	TanhFloat32(y, y)
	g, dst := benchRow(len(y)), make([]float32, len(y))
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(y)))
		for b.Loop() {
			TanhGradFloat32(dst, g, y)
		}
	})
}

func BenchmarkTanhFloat32(b *testing.B) {
	src := benchRow(1 << 16)
	dst := make([]float32, len(src))
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(src)))
		for b.Loop() {
			TanhFloat32(dst, src)
		}
	})
}
