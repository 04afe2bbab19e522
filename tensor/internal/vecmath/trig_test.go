package vecmath

import (
	"maps"
	"math"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"testing"
)

// trigOps are the kernels of trig.go and atan.go beside the float64 functions whose
// float32 rounding they keep.
var trigOps = []struct {
	name string
	f    func(dst, src []float32)
	ref  func(float64) float64
}{{"sin", SinFloat32, math.Sin}, {"cos", CosFloat32, math.Cos}, {"tan", TanFloat32, math.Tan}, {"atan", AtanFloat32, math.Atan}}

// trigInputs are float32 inputs for the trigonometric kernels: special
// values, the runs of float32s around trigBound, around multiples of π/2
// (where r is small and the quadrant changes) and around π/4 (where the
// rounding of k changes), every 997th bit pattern and random values of
// moderate size.
func trigInputs() []float32 {
	inf := float32(math.Inf(1))
	x := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1, -1, trigBound, -trigBound, 1e30, -1e30, 1e-30}
	var edges []float32
	for k := range 64 {
		edges = append(edges, float32(float64(k)*math.Pi/2), float32(float64(k)*math.Pi/2+math.Pi/4))
	}
	edges = append(edges, trigBound, -trigBound, 102940.38, 205880.77, 823521.5)
	for _, edge := range edges {
		v := edge
		for range 50 {
			v = math.Nextafter32(v, -inf)
		}
		for range 100 {
			x = append(x, v, -v)
			v = math.Nextafter32(v, inf)
		}
	}
	for b := uint64(0); b < 1<<32; b += 997 {
		x = append(x, math.Float32frombits(uint32(b)))
	}
	r := rand.New(rand.NewSource(34))
	for range 1 << 18 {
		x = append(x, float32(r.Float64()*200-100), float32(r.NormFloat64()))
	}
	return x
}

// TestTrigFloat32MatchesGeneric runs every implementation of SinFloat32,
// CosFloat32 and TanFloat32 on every length up to 40 (the vector groups and the
// scalar tail), with an element beyond trigBound at each place of a
// group, and on trigInputs: each gives the generic loop's bits.
func TestTrigFloat32MatchesGeneric(t *testing.T) {
	all := trigInputs()
	for _, op := range trigOps {
		for _, impl := range Impls() {
			for n := 0; n <= 40; n++ {
				x := append([]float32(nil), all[len(all)-n-5:len(all)-5]...)
				for bad := -1; bad < n; bad++ {
					if bad >= 0 {
						x[bad] = []float32{3e7, float32(math.NaN()), float32(math.Inf(-1))}[bad%3]
					}
					got, want := runImpl(t, impl, op.f, x), runImpl(t, "generic", op.f, x)
					for i := range x {
						if !sameBits(got[i], want[i]) {
							t.Fatalf("%s %s n=%d: (%g) = %g, generic %g", op.name, impl, n, x[i], got[i], want[i])
						}
					}
				}
			}
			got, want := runImpl(t, impl, op.f, all), runImpl(t, "generic", op.f, all)
			for i := range all {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%s %s: (%g) = %g, generic %g", op.name, impl, all[i], got[i], want[i])
				}
			}
			// In place, dst the same slice as src.
			in := append([]float32(nil), all[:1000]...)
			defer SetImpl(Impl())
			if err := SetImpl(impl); err != nil {
				t.Fatal(err)
			}
			op.f(in, in)
			for i := range in {
				if !sameBits(in[i], want[i]) {
					t.Fatalf("%s %s in place: (%g) = %g, generic %g", op.name, impl, all[i], in[i], want[i])
				}
			}
		}
	}
}

// checkTrig compares got, the kernel's results for x, with float32(ref),
// ref the float64 function's values, bit for bit, but where ref's float64 value lies within
// 1e-15 (relative) of a midpoint between two float32s, where neither
// rounding can be told the closer: both are taken, and counted.
func checkTrig(t *testing.T, name, impl string, x []float32, ref []float64, got []float32) (ties int) {
	t.Helper()
	for i, v := range x {
		exact := ref[i]
		want := float32(exact)
		if sameBits(got[i], want) {
			continue
		}
		mid := (float64(got[i]) + float64(want)) / 2
		if math.Nextafter32(want, got[i]) == got[i] && math.Abs(exact-mid) <= 1e-15*math.Abs(exact) {
			ties++
			continue
		}
		t.Fatalf("%s %s(%g) = %g (%#x), want %g (%#x)", impl, name, v, got[i], math.Float32bits(got[i]), want, math.Float32bits(want))
	}
	return ties
}

// TestTrigFloat32Accuracy holds every implementation to Go's math over a
// sweep of the float32 bit patterns: every 127th positive one (every
// 1999th in -short; KAEL_TRIG_STEP=n sets another step, 1 for all of
// them), all exponents, subnormals, the range beyond trigBound, +Inf and
// NaNs, every 997th negative one, and trigInputs.
func TestTrigFloat32Accuracy(t *testing.T) {
	step := uint64(127)
	if testing.Short() {
		step = 1999
	}
	if s := os.Getenv("KAEL_TRIG_STEP"); s != "" {
		n, err := strconv.ParseUint(s, 10, 32)
		if err != nil || n == 0 {
			t.Fatalf("KAEL_TRIG_STEP=%q: want a positive integer", s)
		}
		step = n
	}
	const chunk = 1 << 20
	x := make([]float32, 0, chunk)
	got := make([]float32, chunk)
	want := make([]float64, chunk)
	ties := map[string]int{}
	total := 0
	run := func() {
		for _, op := range trigOps {
			for i, v := range x {
				want[i] = op.ref(float64(v))
			}
			for _, impl := range Impls() {
				func() {
					defer SetImpl(Impl())
					if err := SetImpl(impl); err != nil {
						t.Fatal(err)
					}
					op.f(got[:len(x)], x)
				}()
				ties[op.name+" "+impl] += checkTrig(t, op.name, impl, x, want[:len(x)], got[:len(x)])
			}
		}
		total += len(x)
		x = x[:0]
	}
	add := func(v float32) {
		x = append(x, v)
		if len(x) == chunk {
			run()
		}
	}
	for b := uint64(0); b < 1<<31; b += step {
		add(math.Float32frombits(uint32(b)))
	}
	for b := uint64(1 << 31); b < 1<<32; b += 997 {
		add(math.Float32frombits(uint32(b)))
	}
	for _, v := range trigInputs() {
		add(v)
	}
	run()
	for _, k := range slices.Sorted(maps.Keys(ties)) {
		t.Logf("%s: %d inputs, %d near-midpoint differences from math", k, total, ties[k])
	}
}

// BenchmarkTrigFloat32 times SinFloat32, CosFloat32 and TanFloat32 on 1M
// float32s (uniform in [-10, 10]) on each implementation, beside the loop
// they replace (float32(math.Sin(float64(x))) per element, "math").
func BenchmarkTrigFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	x := make([]float32, 1<<20)
	for i := range x {
		x[i] = float32(r.Float64()*20 - 10)
	}
	dst := make([]float32, len(x))
	for _, op := range trigOps {
		b.Run(op.name+"/math", func(b *testing.B) {
			for b.Loop() {
				for i, v := range x {
					dst[i] = float32(op.ref(float64(v)))
				}
			}
		})
		for _, impl := range Impls() {
			b.Run(op.name+"/"+impl, func(b *testing.B) {
				defer SetImpl(Impl())
				if err := SetImpl(impl); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					op.f(dst, x)
				}
			})
		}
	}
}
