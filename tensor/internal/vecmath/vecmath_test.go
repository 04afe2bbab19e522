package vecmath

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// forEachImpl runs f as a subtest under every implementation this CPU
// supports.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil {
			t.Fatal(err)
		}
		t.Run(name, f)
	}
}

func TestSetImpl(t *testing.T) {
	defer SetImpl(Impl())
	names := Impls()
	if names[len(names)-1] != "generic" {
		t.Errorf("Impls() = %v, want generic last", names)
	}
	for _, name := range names {
		if err := SetImpl(name); err != nil || Impl() != name {
			t.Errorf("SetImpl(%q) = %v, Impl() = %q", name, err, Impl())
		}
	}
	if err := SetImpl("sse9"); err == nil {
		t.Error("SetImpl(sse9) succeeded")
	}
}

var (
	inf = float32(math.Inf(1))
	nan = float32(math.NaN())
)

// ulps returns the distance between two float32 values in units in the
// last place (0 when both are NaN or equal).
func ulps(a, b float32) int64 {
	if a != a && b != b || a == b {
		return 0
	}
	key := func(f float32) int64 {
		i := int64(int32(math.Float32bits(f)))
		if i < 0 {
			i = math.MinInt32 - i
		}
		return i
	}
	d := key(a) - key(b)
	return max(d, -d)
}

// lengths covers every tail of the vector loops and a few long slices.
var lengths = func() []int {
	var n []int
	for i := range 71 {
		n = append(n, i)
	}
	return append(n, 127, 128, 129, 255, 256, 257, 1000, 1024, 2047, 2048, 2049, 4099, 70001)
}()

// inputs returns slices of length n: random values of moderate size,
// values spanning all magnitudes and both signs, and random values with
// an infinity or NaN at a random position. The wide values are below
// 2**100, so that sums of them do not overflow.
func inputs(rng *rand.Rand, n int) map[string][]float32 {
	uniform := make([]float32, n)
	wide := make([]float32, n)
	for i := range n {
		uniform[i] = float32(rng.Float64()*40 - 30)
		wide[i] = float32(math.Ldexp(rng.Float64()+0.5, rng.IntN(250)-150))
		if rng.IntN(2) == 0 {
			wide[i] = -wide[i]
		}
	}
	m := map[string][]float32{"uniform": uniform, "wide": wide}
	if n > 0 {
		for name, v := range map[string]float32{"+inf": inf, "-inf": -inf, "nan": nan} {
			x := slices.Clone(uniform)
			x[rng.IntN(n)] = v
			m[name] = x
		}
	}
	return m
}

// guarded returns a slice of length n followed by sentinel elements, and
// a check that the sentinels are intact.
func guarded(t *testing.T, n int) ([]float32, func()) {
	buf := make([]float32, n+17)
	for i := range buf {
		buf[i] = 12345
	}
	return buf[:n], func() {
		t.Helper()
		for i, v := range buf[n:] {
			if v != 12345 {
				t.Fatalf("n=%d: wrote past the end at %d", n, n+i)
			}
		}
	}
}

func TestMaxFloat32(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, n := range lengths {
			for name, x := range inputs(rng, n) {
				want := float32(math.Inf(-1))
				for _, v := range x {
					want = max(want, v)
				}
				if got := MaxFloat32(x); ulps(got, want) != 0 {
					t.Errorf("n=%d %s: max %v, want %v", n, name, got, want)
				}
			}
			// All negative, so that lanes past the end would show as 0.
			x := make([]float32, n)
			for i := range x {
				x[i] = -1 - float32(rng.Float64())
			}
			if n > 0 {
				x[rng.IntN(n)] = -0.5
				if got := MaxFloat32(x); got != -0.5 {
					t.Errorf("n=%d negative: max %v, want -0.5", n, got)
				}
			}
			// A NaN at every position.
			for i := range min(n, 70) {
				x[i] = nan
				if got := MaxFloat32(x); got == got {
					t.Fatalf("n=%d: max %v with a NaN at %d", n, got, i)
				}
				x[i] = -1
			}
		}
	})
}

// refExp is exp of x rounded to float32.
func refExp(x float32) float32 { return float32(math.Exp(float64(x))) }

func TestExpSumFloat32Accuracy(t *testing.T) {
	// A sweep of the whole float32 range of exp, dense around the
	// boundaries, plus special values.
	var xs []float32
	for x := -110.0; x <= 90; x += 0.0007 {
		xs = append(xs, float32(x))
	}
	for _, b := range []float32{-103.972, -87.336, 88.722} {
		for i := range 1000 {
			xs = append(xs, math.Nextafter32(b, inf)+float32(i-500)*1e-5)
		}
	}
	xs = append(xs, -inf, inf, nan, -1e30, 1e30, -3.4e38, 3.4e38, -700, 700, 0, float32(math.Copysign(0, -1)),
		1e-30, -1e-30, math.SmallestNonzeroFloat32, 88.7228, 88.7229, -87.3365, -103.279, -103.972, -103.973)
	forEachImpl(t, func(t *testing.T) {
		got := make([]float32, len(xs))
		ExpSumFloat32(got, xs, 0)
		worst := int64(0)
		for i, x := range xs {
			d := ulps(got[i], refExp(x))
			worst = max(worst, d)
			if d > 1 {
				t.Errorf("exp(%v) = %v, want %v (%d ulp)", x, got[i], refExp(x), d)
			}
		}
		t.Logf("largest error %d ulp over %d arguments", worst, len(xs))
	})
}

func TestExpSumFloat32(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for _, n := range lengths {
			for name, src := range inputs(rng, n) {
				shifts := []float32{0, 7.25, MaxFloat32(src), -inf, inf, nan}
				if n > 0 {
					shifts = append(shifts, src[rng.IntN(n)])
				}
				for _, shift := range shifts {
					checkExpSum(t, fmt.Sprintf("n=%d %s shift %v", n, name, shift), src, shift, false)
				}
				checkExpSum(t, fmt.Sprintf("n=%d %s in place", n, name), src, 3, true)
			}
		}
	})
}

// checkExpSum checks ExpSumFloat32 of src by shift against math.Exp, in
// a separate dst or in place.
func checkExpSum(t *testing.T, name string, src []float32, shift float32, inPlace bool) {
	t.Helper()
	dst, intact := guarded(t, len(src))
	copy(dst, src)
	in := slices.Clone(dst)
	if !inPlace {
		in = slices.Clone(src)
	}
	var sum float64
	if inPlace {
		sum = ExpSumFloat32(dst, dst, shift)
	} else {
		sum = ExpSumFloat32(dst, src, shift)
		if !slices.Equal(math32bits(src), math32bits(in)) {
			t.Fatalf("%s: src changed", name)
		}
	}
	intact()
	var want float64
	for i, v := range in {
		e := refExp(v - shift)
		if ulps(dst[i], e) > 1 {
			t.Fatalf("%s: exp(%v - %v) = %v, want %v", name, v, shift, dst[i], e)
		}
		want += float64(e)
	}
	switch {
	case math.IsNaN(want) || math.IsInf(want, 0):
		if math.IsNaN(sum) != math.IsNaN(want) || math.IsInf(want, 0) && sum != want {
			t.Fatalf("%s: sum %v, want %v", name, sum, want)
		}
	case !(math.Abs(sum-want) <= 1e-6*want):
		t.Fatalf("%s: sum %v, want %v", name, sum, want)
	}
}

func math32bits(x []float32) []uint32 {
	b := make([]uint32, len(x))
	for i, v := range x {
		b[i] = math.Float32bits(v)
	}
	return b
}

func TestScaleAndSub2Float32(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 6))
		for _, n := range lengths {
			for name, src := range inputs(rng, n) {
				for _, s := range []float32{0.37, -3, 0, inf, nan, 1e-30} {
					x, intact := guarded(t, n)
					copy(x, src)
					ScaleFloat32(x, s)
					intact()
					for i, v := range src {
						if ulps(x[i], v*s) != 0 {
							t.Fatalf("n=%d %s: %v × %v = %v, want %v", n, name, v, s, x[i], v*s)
						}
					}
				}
				for _, ab := range [][2]float32{{1.5, 0.25}, {-inf, 1}, {3e38, -3e38}, {nan, 0}, {0, 0}} {
					a, b := ab[0], ab[1]
					dst, intact := guarded(t, n)
					Sub2Float32(dst, src, a, b)
					intact()
					for i, v := range src {
						if want := v - a - b; ulps(dst[i], want) != 0 {
							t.Fatalf("n=%d %s: (%v - %v) - %v = %v, want %v", n, name, v, a, b, dst[i], want)
						}
					}
					// In place.
					copy(dst, src)
					Sub2Float32(dst, dst, a, b)
					for i, v := range src {
						if want := v - a - b; ulps(dst[i], want) != 0 {
							t.Fatalf("n=%d %s in place: (%v - %v) - %v = %v, want %v", n, name, v, a, b, dst[i], want)
						}
					}
				}
			}
		}
	})
}

func TestSumFloat32(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(7, 8))
		for _, n := range append(lengths, 1<<16, 100003) {
			for name, x := range inputs(rng, n) {
				var want, mag float64
				for _, v := range x {
					want += float64(v)
					mag += math.Abs(float64(v))
				}
				got := SumFloat32(x)
				if math.IsNaN(want) || math.IsInf(want, 0) {
					if ulps(got, float32(want)) != 0 {
						t.Errorf("n=%d %s: sum %v, want %v", n, name, got, want)
					}
					continue
				}
				// Rounded once from float64 sums.
				tol := 0x1p-24*math.Abs(want) + 1e-12*mag
				if !(math.Abs(float64(got)-want) <= tol) {
					t.Errorf("n=%d %s: sum %v, want %v (error %g > %g)", n, name, got, want, math.Abs(float64(got)-want), tol)
				}
				if again := SumFloat32(x); ulps(again, got) != 0 {
					t.Errorf("n=%d %s: sum %v then %v", n, name, got, again)
				}
			}
		}
		// Adding 0.1 four million times one by one in float32 drifts by
		// percents.
		x := make([]float32, 1<<22)
		for i := range x {
			x[i] = 0.1
		}
		want := float64(float32(0.1)) * float64(len(x))
		if got := float64(SumFloat32(x)); math.Abs(got-want)/want > 1e-6 {
			t.Errorf("sum of %d × 0.1 = %v, want %v", len(x), got, want)
		}
	})
}

func benchImpls(b *testing.B, f func(b *testing.B)) {
	defer SetImpl(Impl())
	for _, name := range Impls() {
		if err := SetImpl(name); err != nil {
			b.Fatal(err)
		}
		b.Run(name, f)
	}
}

// benchRow returns n values like the logits of a softmax row.
func benchRow(n int) []float32 {
	rng := rand.New(rand.NewPCG(9, 10))
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64() * 4)
	}
	return x
}

func BenchmarkMaxFloat32(b *testing.B) {
	x := benchRow(1024)
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(x)))
		for b.Loop() {
			MaxFloat32(x)
		}
	})
}

func BenchmarkExpSumFloat32(b *testing.B) {
	x := benchRow(1024)
	dst := make([]float32, len(x))
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(x)))
		for b.Loop() {
			ExpSumFloat32(dst, x, 10)
		}
	})
}

func BenchmarkScaleFloat32(b *testing.B) {
	x := benchRow(1024)
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(x)))
		for b.Loop() {
			ScaleFloat32(x, 1)
		}
	})
}

func BenchmarkSub2Float32(b *testing.B) {
	x := benchRow(1024)
	dst := make([]float32, len(x))
	benchImpls(b, func(b *testing.B) {
		b.SetBytes(int64(4 * len(x)))
		for b.Loop() {
			Sub2Float32(dst, x, 1, 2)
		}
	})
}

func BenchmarkSumFloat32(b *testing.B) {
	for _, n := range []int{1024, 32768} {
		x := benchRow(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			benchImpls(b, func(b *testing.B) {
				b.SetBytes(int64(4 * len(x)))
				for b.Loop() {
					SumFloat32(x)
				}
			})
		})
	}
}
