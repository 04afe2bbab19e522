package tensor

import (
	"math"
	"slices"
	"sync"
	"testing"
)

// randomMakers are the random tensor constructors under test, each for
// one generator.
var randomMakers = []struct {
	name  string
	dtype DType
	make  func(g *Generator) (*Tensor, error)
}{
	{"rand f32", Float32, func(g *Generator) (*Tensor, error) { return Rand(g, Float32, 1000) }},
	{"rand f64", Float64, func(g *Generator) (*Tensor, error) { return Rand(g, Float64, 1000) }},
	{"randn f32", Float32, func(g *Generator) (*Tensor, error) { return Randn(g, Float32, 1000) }},
	{"randn f64", Float64, func(g *Generator) (*Tensor, error) { return Randn(g, Float64, 1000) }},
	{"normal", Float64, func(g *Generator) (*Tensor, error) { return Normal(g, 3, 2, Float64, 1000) }},
	{"randint", Int64, func(g *Generator) (*Tensor, error) { return Randint(g, -3, 7, 1000) }},
}

func TestGeneratorReproducible(t *testing.T) {
	for _, m := range randomMakers {
		a := mustOp(m.make(NewGenerator(42)))
		b := mustOp(m.make(NewGenerator(42)))
		c := mustOp(m.make(NewGenerator(43)))
		if a.DType() != m.dtype || !slices.Equal(a.Shape(), []int{1000}) {
			t.Errorf("%s: got %s %v", m.name, a.DType(), a.Shape())
		}
		if !Equal(a, b) {
			t.Errorf("%s: the same seed gave different values", m.name)
		}
		if Equal(a, c) {
			t.Errorf("%s: seeds 42 and 43 gave the same values", m.name)
		}
		// Reseeding restarts the sequence; the next draw differs from the first.
		g := NewGenerator(42)
		first := mustOp(m.make(g))
		next := mustOp(m.make(g))
		g.ManualSeed(42)
		again := mustOp(m.make(g))
		if Equal(first, next) || !Equal(first, again) || g.InitialSeed() != 42 {
			t.Errorf("%s: reseeding does not restart the sequence", m.name)
		}
	}
}

func TestDefaultGenerator(t *testing.T) {
	old := DefaultGenerator().InitialSeed()
	defer ManualSeed(old)
	ManualSeed(5)
	a := mustOp(Randn(nil, Float32, 10))
	b := mustOp(Randn(NewGenerator(5), Float32, 10))
	if !Equal(a, b) {
		t.Errorf("a nil generator should draw from the default one seeded by ManualSeed")
	}
	var nilGen *Generator
	ManualSeed(9)
	x := nilGen.Float64()
	if y := NewGenerator(9).Float64(); x != y {
		t.Errorf("methods on a nil generator: %v, want %v", x, y)
	}
}

func TestRandomDistributions(t *testing.T) {
	g := NewGenerator(1)
	n := 200000
	stats := func(x *Tensor) (mean, std, lo, hi float64) {
		v := mustOp(x.Float64s())
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, f := range v {
			mean += f
			lo, hi = min(lo, f), max(hi, f)
		}
		mean /= float64(len(v))
		for _, f := range v {
			std += (f - mean) * (f - mean)
		}
		return mean, math.Sqrt(std / float64(len(v))), lo, hi
	}
	cases := []struct {
		name             string
		x                *Tensor
		mean, std        float64
		lo, hi           float64 // bounds all values must lie in
		wantLo, wantHigh float64 // values the extremes must reach
	}{
		{"rand f32", mustOp(Rand(g, Float32, n)), 0.5, math.Sqrt(1.0 / 12), 0, 1 - 1e-12, 0.001, 0.999},
		{"rand f64", mustOp(Rand(g, Float64, n)), 0.5, math.Sqrt(1.0 / 12), 0, 1 - 1e-12, 0.001, 0.999},
		{"randn", mustOp(Randn(g, Float32, n)), 0, 1, -10, 10, -3, 3},
		{"normal", mustOp(Normal(g, -2, 0.5, Float32, n)), -2, 0.5, -10, 10, -3.5, -0.5},
		{"randint", mustOp(Randint(g, 10, 20, n)), 14.5, math.Sqrt(99.0 / 12), 10, 19, 10, 19},
		{"randint wide", mustOp(Randint(g, math.MinInt64, math.MaxInt64, 1000)), 0, 0, math.MinInt64, math.MaxInt64, -1e18, 1e18},
	}
	for _, c := range cases {
		mean, std, lo, hi := stats(c.x)
		if lo < c.lo || hi > c.hi || lo > c.wantLo || hi < c.wantHigh {
			t.Errorf("%s: range [%v, %v], want within [%v, %v] reaching %v and %v", c.name, lo, hi, c.lo, c.hi, c.wantLo, c.wantHigh)
		}
		if c.std == 0 {
			continue
		}
		if math.Abs(mean-c.mean) > 0.02*c.std*10 || math.Abs(std-c.std) > 0.02*c.std {
			t.Errorf("%s: mean %v std %v, want %v %v", c.name, mean, std, c.mean, c.std)
		}
	}
	if v := g.Int64n(3); v < 0 || v >= 3 {
		t.Errorf("Int64n(3) = %d", v)
	}
	if v := g.NormFloat64(); math.IsNaN(v) {
		t.Errorf("NormFloat64 = %v", v)
	}
}

func TestRandomConcurrent(t *testing.T) {
	g := NewGenerator(11)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				if _, err := Rand(g, Float32, 10); err != nil {
					t.Error(err)
				}
				g.Float64()
			}
		})
	}
	wg.Wait()
}

func TestRandomErrors(t *testing.T) {
	g := NewGenerator(1)
	cases := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
		hint string
	}{
		{"rand int", errOf(Rand(g, Int64, 3)), TypeError, "rand only supports floating point dtypes, got int64", "dtype=float32"},
		{"randn bool", errOf(Randn(g, Bool, 3)), TypeError, "randn only supports floating point dtypes, got bool", ""},
		{"normal int", errOf(Normal(g, 0, 1, Int64, 3)), TypeError, "normal only supports floating point dtypes", ""},
		{"normal std", errOf(Normal(g, 0, -1, Float32, 3)), RuntimeError, "normal expects std >= 0.0, but found std -1", ""},
		{"randint empty", errOf(Randint(g, 5, 5, 3)), RuntimeError, "random_ expects 'from' to be less than 'to', but got from=5 >= to=5", ""},
		{"rand shape", errOf(Rand(g, Float32, -1)), RuntimeError, "negative dimension -1", ""},
	}
	for _, c := range cases {
		checkError(t, c.name, c.err, c.kind, c.msg, c.hint)
	}
}
