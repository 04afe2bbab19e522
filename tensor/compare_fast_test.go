package tensor

import (
	"math"
	"testing"
	"unsafe"
)

// specials32 and friends are the values the fast paths of compare_fast.go
// must treat as the closures do: NaNs (two payloads, both signs), ±0, ±inf,
// subnormals, the extremes, and ordinary numbers.
var specials64 = []float64{math.NaN(), -math.NaN(), math.Float64frombits(0x7ff8000000000123), 0, math.Copysign(0, -1),
	math.Inf(1), math.Inf(-1), 5e-324, -5e-324, 2.2250738585072009e-308, math.MaxFloat64, -math.MaxFloat64, 1, -1, 0.5, 1.5, 1.5}

var specials32 = []float32{float32(math.NaN()), float32(-math.NaN()), math.Float32frombits(0x7fc00123), 0, float32(math.Copysign(0, -1)),
	float32(math.Inf(1)), float32(math.Inf(-1)), math.Float32frombits(1), math.Float32frombits(0x80000001), math.Float32frombits(0x007fffff),
	math.MaxFloat32, -math.MaxFloat32, 1, -1, 0.5, 1.5, 1.5}

var specialsInt = []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 42, 42, -7}

var specialsBool = []uint8{0, 1, 1, 0}

// pairs returns every ordered pair of vals as two vectors.
func pairs[T any](vals []T) (a, b []T) {
	for _, x := range vals {
		for _, y := range vals {
			a, b = append(a, x), append(b, y)
		}
	}
	return a, b
}

// cmpSameBits reports whether two slices hold the same bytes.
func cmpSameBits[T any](x, y []T) bool {
	if len(x) != len(y) {
		return false
	}
	n := len(x) * int(unsafe.Sizeof(*new(T)))
	bx := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x))), n)
	by := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(y))), n)
	return string(bx) == string(by)
}

// checkFast compares the three fast paths against f over every pair of
// vals (and each value as the scalar).
func checkFast[T Native, O Computable](t *testing.T, name string, vals []T, f func(a, b T) O, fast *fastPaths[T, O]) {
	t.Helper()
	a, b := pairs(vals)
	want := make([]O, len(a))
	got := make([]O, len(a))
	for i := range a {
		want[i] = f(a[i], b[i])
	}
	fast.vv(got, a, b)
	if !cmpSameBits(got, want) {
		t.Errorf("%s vv: got %v, want %v (a %v, b %v)", name, got, want, a, b)
	}
	for _, s := range vals {
		for i := range a {
			want[i] = f(a[i], s)
		}
		fast.vs(got, a, s)
		if !cmpSameBits(got, want) {
			t.Errorf("%s vs %v: got %v, want %v (a %v)", name, s, got, want, a)
		}
		for i := range b {
			want[i] = f(s, b[i])
		}
		fast.sv(got, s, b)
		if !cmpSameBits(got, want) {
			t.Errorf("%s sv %v: got %v, want %v (b %v)", name, s, got, want, b)
		}
	}
}

var cmpTests = []struct {
	name      string
	op        cmpOp
	test      func(c int) bool
	nanResult bool
}{
	{"eq", cmpEq, func(c int) bool { return c == 0 }, false},
	{"ne", cmpNe, func(c int) bool { return c != 0 }, true},
	{"lt", cmpLt, func(c int) bool { return c < 0 }, false},
	{"le", cmpLe, func(c int) bool { return c <= 0 }, false},
	{"gt", cmpGt, func(c int) bool { return c > 0 }, false},
	{"ge", cmpGe, func(c int) bool { return c >= 0 }, false},
}

func checkCompareFast[T Native](t *testing.T, dtype string, vals []T) {
	for _, c := range cmpTests {
		checkFast(t, dtype+" "+c.name, vals, compareFunc[T](c.test, c.nanResult), compareFast[T](c.op))
	}
}

func TestCompareFastPathsMatchClosures(t *testing.T) {
	checkCompareFast(t, "float32", specials32)
	checkCompareFast(t, "float64", specials64)
	checkCompareFast(t, "int64", specialsInt)
	checkCompareFast(t, "bool", specialsBool)
}

func TestExtremeFastPathsMatchClosures(t *testing.T) {
	checkFast(t, "float32 maximum", specials32, maxNaN[float32], extremeFast[float32](true))
	checkFast(t, "float32 minimum", specials32, minNaN[float32], extremeFast[float32](false))
	checkFast(t, "float64 maximum", specials64, maxNaN[float64], extremeFast[float64](true))
	checkFast(t, "float64 minimum", specials64, minNaN[float64], extremeFast[float64](false))
	checkFast(t, "int64 maximum", specialsInt, maxOf[int64], &fastPaths[int64, int64]{vv: maxVVInt, vs: maxVSInt, sv: func(o []int64, s int64, b []int64) { maxVSInt(o, b, s) }})
	checkFast(t, "int64 minimum", specialsInt, minOf[int64], &fastPaths[int64, int64]{vv: minVVInt, vs: minVSInt, sv: func(o []int64, s int64, b []int64) { minVSInt(o, b, s) }})
}

// checkWhereFast runs where through whereFast and through the strided loop
// (the same run with a stride the fast path refuses) over every pair of
// vals, contiguous and with either value broadcast.
func checkWhereFast[T Element](t *testing.T, dtype string, vals []T) {
	t.Helper()
	a, b := pairs(vals)
	n := len(a)
	cond := make([]uint8, n)
	for i := range cond {
		cond[i] = []uint8{0, 1, 1, 0, 0, 0, 1}[i%7]
	}
	// The reference: cond, a and b spread out with stride 2.
	spread := func(x []T) []T {
		s := make([]T, 2*len(x))
		for i, v := range x {
			s[2*i] = v
		}
		return s
	}
	sc, sa, sb := make([]uint8, 2*n), spread(a), spread(b)
	for i, c := range cond {
		sc[2*i] = c
	}
	for _, tc := range []struct {
		name   string
		sa, sb int
	}{{"vv", 1, 1}, {"sv", 0, 1}, {"vs", 1, 0}, {"ss", 0, 0}} {
		for k := range 3 { // the scalar operand's element: three picks
			xo, yo := 0, 0
			if tc.sa == 0 {
				xo = k * 5 % n
			}
			if tc.sb == 0 {
				yo = k * 7 % n
			}
			got := make([]T, n)
			if !whereFast(got, cond, a, b, []int{0, 0, xo, yo}, []int{1, 1, tc.sa, tc.sb}, n) {
				t.Fatalf("%s where %s: the fast path refused a contiguous run", dtype, tc.name)
			}
			want := make([]T, n)
			if whereFast(want, sc, sa, sb, []int{0, 0, 2 * xo, 2 * yo}, []int{1, 2, 2 * tc.sa, 2 * tc.sb}, n) {
				t.Fatalf("%s where %s: the fast path took a strided run", dtype, tc.name)
			}
			for i := range n {
				if sc[2*i] != 0 {
					want[i] = sa[2*xo+2*i*tc.sa]
				} else {
					want[i] = sb[2*yo+2*i*tc.sb]
				}
			}
			if !cmpSameBits(got, want) {
				t.Errorf("%s where %s: got %v, want %v", dtype, tc.name, got, want)
			}
		}
	}
}

func TestWhereFastPathMatchesLoop(t *testing.T) {
	checkWhereFast(t, "float32", specials32)
	checkWhereFast(t, "float64", specials64)
	checkWhereFast(t, "int64", specialsInt)
	checkWhereFast(t, "bool", specialsBool)
	checkWhereFast(t, "int8", []int8{0, -1, 127, -128})
	checkWhereFast(t, "int32", []int32{0, -1, math.MaxInt32, math.MinInt32})
	checkWhereFast(t, "complex64", []complex64{0, complex(float32(math.NaN()), 1), 1})
}

// TestCompareKernelsEndToEnd runs the comparisons, maximum, minimum and
// where through the tensors' iterator on contiguous operands (fast paths)
// and on strided views of the same values (closures): the same bits.
func TestCompareKernelsEndToEnd(t *testing.T) {
	a64, b64 := pairs(specials64)
	a32, b32 := pairs(specials32)
	ai, bi := pairs(specialsInt)
	type operands struct {
		name string
		a, b *Tensor
	}
	mk := func(a, b any) operands {
		var x, y *Tensor
		var err error
		switch a := a.(type) {
		case []float64:
			x, err = FromSlice(a, len(a))
			if err == nil {
				y, err = FromSlice(b.([]float64), len(a))
			}
		case []float32:
			x, err = FromSlice(a, len(a))
			if err == nil {
				y, err = FromSlice(b.([]float32), len(a))
			}
		case []int64:
			x, err = FromSlice(a, len(a))
			if err == nil {
				y, err = FromSlice(b.([]int64), len(a))
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		return operands{x.dtype.String(), x, y}
	}
	// strided returns a view of x's values with stride 2.
	strided := func(x *Tensor) *Tensor {
		n := x.Shape()[0]
		s, err := Stack([]*Tensor{x, x}, 1)
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Select(1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if v.Shape()[0] != n || v.IsContiguous() {
			t.Fatalf("strided view: shape %v contiguous %v", v.Shape(), v.IsContiguous())
		}
		return v
	}
	ops := []struct {
		name string
		f    func(a, b *Tensor) (*Tensor, error)
	}{{"eq", Eq}, {"ne", Ne}, {"lt", Lt}, {"le", Le}, {"gt", Gt}, {"ge", Ge}, {"maximum", Maximum}, {"minimum", Minimum},
		{"where", func(a, b *Tensor) (*Tensor, error) {
			c, err := Gt(a, b)
			if err != nil {
				return nil, err
			}
			return Where(c, a, b)
		}}}
	for _, o := range []operands{mk(a64, b64), mk(a32, b32), mk(ai, bi)} {
		scalar, err := o.b.Select(0, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range ops {
			for _, form := range []struct {
				name             string
				fa, fb, sfa, sfb *Tensor
			}{
				{"tensor-tensor", o.a, o.b, strided(o.a), strided(o.b)},
				{"tensor-scalar", o.a, scalar, strided(o.a), scalar},
				{"scalar-tensor", scalar, o.b, scalar, strided(o.b)},
			} {
				got, err := op.f(form.fa, form.fb)
				if err != nil {
					t.Fatal(err)
				}
				want, err := op.f(form.sfa, form.sfb)
				if err != nil {
					t.Fatal(err)
				}
				g, w := got.StorageBytes(), want.StorageBytes()
				if string(g) != string(w) || got.dtype != want.dtype {
					t.Errorf("%s %s %s: contiguous %v, strided %v", o.name, op.name, form.name, got, want)
				}
			}
		}
	}
}
