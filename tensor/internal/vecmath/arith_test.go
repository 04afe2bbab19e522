package vecmath

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

// arithCase is one kernel of arith.go or arith64.go (AddFloat64 has
// add64_test.go) as a VV kernel (a
// VS or SV one takes its scalar from b[0]) and its scalar operator.
type arithCase[T float32 | float64] struct {
	name string
	f    func(o, a, b []T)
	op   func(a, b T) T
}

// TestArithMatchesScalar checks the vector add, sub, mul and div, each
// form (VV, VS, SV), and the squared difference with a scalar, float32
// and float64, bit for bit against Go's
// scalar operators at every length up to 70, with special values (signed
// zeros, subnormals, overflow, infinities, NaN, whose payload alone may
// differ), with o being a itself and with o overlapping a one element
// along (the Go loop's element-by-element result).
func TestArithMatchesScalar(t *testing.T) {
	testArith(t, []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-38, 3e38, -3e38,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1, -1}, []arithCase[float32]{
		{"AddVV", AddVV, func(a, b float32) float32 { return a + b }},
		{"SubVV", SubVV, func(a, b float32) float32 { return a - b }},
		{"MulVV", MulVV, func(a, b float32) float32 { return a * b }},
		{"DivVV", DivVV, func(a, b float32) float32 { return a / b }},
		{"AddVS", func(o, a, b []float32) { AddVS(o, a, b[0]) }, func(a, b float32) float32 { return a + b }},
		{"MulVS", func(o, a, b []float32) { MulVS(o, a, b[0]) }, func(a, b float32) float32 { return a * b }},
		{"DivVS", func(o, a, b []float32) { DivVS(o, a, b[0]) }, func(a, b float32) float32 { return a / b }},
		{"SubSV", func(o, a, b []float32) { SubSV(o, b[0], a) }, func(a, b float32) float32 { return b - a }},
		{"DivSV", func(o, a, b []float32) { DivSV(o, b[0], a) }, func(a, b float32) float32 { return b / a }},
		{"SubSquareFloat32", func(o, a, b []float32) { SubSquareFloat32(o, a, b[0]) }, func(a, b float32) float32 { d := a - b; return d * d }},
	})
	testArith(t, []float64{0, math.Copysign(0, -1), math.SmallestNonzeroFloat64, 1e-308, 1.7e308, -1.7e308,
		math.Inf(1), math.Inf(-1), math.NaN(), 1, -1}, []arithCase[float64]{
		{"SubVVFloat64", SubVVFloat64, func(a, b float64) float64 { return a - b }},
		{"MulVVFloat64", MulVVFloat64, func(a, b float64) float64 { return a * b }},
		{"DivVVFloat64", DivVVFloat64, func(a, b float64) float64 { return a / b }},
		{"AddVSFloat64", func(o, a, b []float64) { AddVSFloat64(o, a, b[0]) }, func(a, b float64) float64 { return a + b }},
		{"MulVSFloat64", func(o, a, b []float64) { MulVSFloat64(o, a, b[0]) }, func(a, b float64) float64 { return a * b }},
		{"DivVSFloat64", func(o, a, b []float64) { DivVSFloat64(o, a, b[0]) }, func(a, b float64) float64 { return a / b }},
		{"SubSVFloat64", func(o, a, b []float64) { SubSVFloat64(o, b[0], a) }, func(a, b float64) float64 { return b - a }},
		{"DivSVFloat64", func(o, a, b []float64) { DivSVFloat64(o, b[0], a) }, func(a, b float64) float64 { return b / a }},
		{"SubSquareFloat64", func(o, a, b []float64) { SubSquareFloat64(o, a, b[0]) }, func(a, b float64) float64 { d := a - b; return d * d }},
	})
}

func testArith[T float32 | float64](t *testing.T, special []T, cases []arithCase[T]) {
	r := rand.New(rand.NewSource(3))
	draw := func(n int) []T {
		s := make([]T, n)
		for i := range s {
			s[i] = T(r.NormFloat64() * math.Pow(2, float64(r.Intn(40)-20)))
			if r.Intn(6) == 0 {
				s[i] = special[r.Intn(len(special))]
			}
		}
		return s
	}
	for _, k := range cases {
		scalar := !strings.HasPrefix(k.name[3:], "VV")
		for n := 0; n <= 70; n++ {
			for _, layout := range []string{"separate", "in place", "shifted"} {
				a, b := draw(n+1), draw(n+1)
				if scalar {
					for i := range b {
						b[i] = b[0]
					}
				}
				want := make([]T, n+1)
				var o, x []T
				switch layout {
				case "separate":
					o, x = make([]T, n), a[:n]
					for i := range n {
						want[i] = k.op(a[i], b[i])
					}
				case "in place":
					o, x = a[:n], a[:n]
					for i := range n {
						want[i] = k.op(a[i], b[i])
					}
				case "shifted": // o[i] = a[i+1] op b[i], in increasing i
					w := append([]T(nil), a...)
					for i := range n {
						w[i] = k.op(w[i+1], b[i])
					}
					copy(want, w)
					o, x = a[:n], a[1:n+1]
				}
				k.f(o, x, b)
				for i := range n {
					if !sameFloatBits(o[i], want[i]) {
						t.Fatalf("%s, %d elements, %s: element %d is %v, want %v", k.name, n, layout, i, o[i], want[i])
					}
				}
			}
		}
	}
}

func BenchmarkMulVV(b *testing.B) {
	const n = 1 << 14
	o, x, y := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), float32(n-i)
	}
	b.Run("vector", func(b *testing.B) {
		for range b.N {
			MulVV(o, x, y)
		}
	})
	b.Run("loop", func(b *testing.B) {
		for range b.N {
			for i := range o {
				o[i] = x[i] * y[i]
			}
		}
	})
}
