package vecmath

import (
	"math"
	"testing"
)

// logexpInputs are unaryInputs (every 997th bit pattern, exp's and log's
// edges, random values) plus dense runs of consecutive float32s where
// these kernels have their edges: around ±0 at every binade down to the
// subnormals (log1p and expm1 there give x or x plus a tiny term), around
// 1 and 2 (log2/log10 near 0, powers of two), around -1 (log1p's pole)
// and ln2/2 (expm1's switch of k), exp2's overflow at 128 and its
// subnormal and zero results at -126, -149, -150, expm1's overflow at
// 88.72 and its -1 below -17.
func logexpInputs() []float32 {
	x := unaryInputs()
	inf := float32(math.Inf(1))
	run := func(v float32, n int) {
		for range n {
			x = append(x, v, -v)
			v = math.Nextafter32(v, inf)
		}
	}
	for e := -149; e <= 2; e++ {
		run(float32(math.Ldexp(1, e)), 300)
	}
	for _, edge := range []float32{0.99, 1.99, 0.49, 0.3465, 9.99, 99.9, 127.99, 125.99, 148.99, 149.99, 88.72, 17.3, 0.0001} {
		v := edge
		for range 4000 {
			x = append(x, v, -v)
			v = math.Nextafter32(v, inf)
		}
	}
	for k := 1; k <= 38; k++ {
		p := float32(math.Pow(10, float64(k)))
		x = append(x, p, 1/p, math.Nextafter32(p, 0), math.Nextafter32(p, inf))
	}
	for b := uint64(0); b < 1<<32; b += 65537 * 3 {
		x = append(x, math.Float32frombits(uint32(b)))
	}
	return x
}

var logexpOps = []struct {
	name string
	f    func(dst, src []float32)
	ref  func(float64) float64
	// acc is a more accurate float64 reference where ref is not (Go's
	// Log2 and Log10 lose relative accuracy just above 1), or nil.
	acc func(float64) float64
}{
	{"log2", Log2Float32, math.Log2, func(x float64) float64 { return math.Log(x) * math.Log2E }},
	{"log10", Log10Float32, math.Log10, func(x float64) float64 { return math.Log(x) * log10E }},
	{"log1p", Log1pFloat32, math.Log1p, nil},
	{"exp2", Exp2Float32, math.Exp2, nil},
	{"expm1", Expm1Float32, math.Expm1, nil},
}

// TestLogExpFloat32MatchesGeneric runs every implementation of the five
// kernels on every length up to 40 and on logexpInputs: each gives the
// generic loop's bits.
func TestLogExpFloat32MatchesGeneric(t *testing.T) {
	all := logexpInputs()
	for _, op := range logexpOps {
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
			// In place, dst = src.
			in := append([]float32(nil), all[:1000]...)
			op.f(in, in)
			for i := range in {
				if !sameBits(in[i], want[i]) {
					t.Fatalf("%s %s in place: (%g) = %g, want %g", op.name, impl, all[i], in[i], want[i])
				}
			}
		}
	}
}

// nearMid reports whether got and want are neighbouring float32s with
// exact (a float64 value of the function) within 1e-15 (relative) of
// their midpoint, where neither rounding can be told the closer.
func nearMid(got, want float32, exact float64) bool {
	mid := (float64(got) + float64(want)) / 2
	return math.Nextafter32(want, got) == got && math.Abs(exact-mid) <= 1e-15*math.Abs(exact)
}

// TestLogExpFloat32Accuracy holds the kernels to float32(f(float64(x)))
// with Go's math bit for bit, signs of zero, infinities and NaNs
// included, but for two kinds of inputs, counted and logged: where Go's
// float64 value lies within 1e-15 of a float32 midpoint (both roundings
// taken), and, for log2 and log10 only, where Go's Log2 (frexp's
// fraction in [½, 1), so log2 of x just above 1 is −1 + (1 + small) and
// loses relative accuracy) or Log10 (Log2 times a constant) rounds to
// the wrong float32: there the kernel must be the rounding of
// ln(x)·log2(e) or ln(x)·log10(e) (accurate to 2 float64 ulps), by the
// same midpoint rule.
func TestLogExpFloat32Accuracy(t *testing.T) {
	x := logexpInputs()
	for _, op := range logexpOps {
		for _, impl := range Impls() {
			got := runImpl(t, impl, op.f, x)
			ties, goOff := 0, 0
			for i, v := range x {
				exact := op.ref(float64(v))
				want := float32(exact)
				if sameBits(got[i], want) {
					continue
				}
				if nearMid(got[i], want, exact) {
					ties++
					continue
				}
				if op.acc != nil {
					acc := op.acc(float64(v))
					if sameBits(got[i], float32(acc)) || nearMid(got[i], float32(acc), acc) {
						goOff++
						continue
					}
				}
				t.Fatalf("%s %s(%g) = %g (%#x), want %g (%#x)", impl, op.name, v, got[i], math.Float32bits(got[i]), want, math.Float32bits(want))
			}
			t.Logf("%s %s: %d inputs, %d near-midpoint differences, %d where Go's float64 rounds wrong", impl, op.name, len(x), ties, goOff)
		}
	}
}

// TestLogExpFloat32Specials pins the special values and exact cases.
func TestLogExpFloat32Specials(t *testing.T) {
	inf, nan, nz := float32(math.Inf(1)), float32(math.NaN()), float32(math.Copysign(0, -1))
	for _, c := range []struct {
		name string
		f    func(dst, src []float32)
		x    []float32
		want []float32
	}{
		{"log2", Log2Float32, []float32{0, nz, 1, 2, 0.5, 1 << 20, 0x1p-149, inf, -1, nan, -inf}, []float32{-inf, -inf, 0, 1, -1, 20, -149, inf, nan, nan, nan}},
		{"log10", Log10Float32, []float32{0, 1, 10, 100, 1e10, 0.1, inf, -2}, []float32{-inf, 0, 1, 2, 10, -1, inf, nan}},
		{"log1p", Log1pFloat32, []float32{0, nz, -1, -2, inf, -inf, nan, 1e-30, -1e-30, 0x1p-149}, []float32{0, nz, -inf, nan, inf, nan, nan, 1e-30, -1e-30, 0x1p-149}},
		{"exp2", Exp2Float32, []float32{0, nz, 1, -1, 10, 127, 128, -126, -149, -150, inf, -inf, nan}, []float32{1, 1, 2, 0.5, 1024, 0x1p127, inf, 0x1p-126, 0x1p-149, 0, inf, 0, nan}},
		{"expm1", Expm1Float32, []float32{0, nz, inf, -inf, nan, 1e-30, -1e-30, 0x1p-149, 89, -100}, []float32{0, nz, inf, -1, nan, 1e-30, -1e-30, 0x1p-149, inf, -1}},
	} {
		for _, impl := range Impls() {
			// Repeated to 16, so the vector kernels take them too.
			var x, want []float32
			for len(x) < 16 {
				x, want = append(x, c.x...), append(want, c.want...)
			}
			got := runImpl(t, impl, c.f, x)
			for i := range x {
				if !sameBits(got[i], want[i]) {
					t.Errorf("%s %s(%g) = %g, want %g", impl, c.name, x[i], got[i], want[i])
				}
			}
		}
	}
}
