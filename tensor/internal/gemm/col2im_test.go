package gemm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// col2imS2K4Naive is col2im of a 4×4 kernel, stride 2, padding 1 by the
// definition, in the table's order: kernel element by element (ky, then
// kx), output by output, each input element it falls on gaining its
// column.
func col2imS2K4Naive(p, cols []float32, ld, oh, ow int) {
	h, w := 2*oh, 2*ow
	for ky := range 4 {
		for kx := range 4 {
			for y := range oh {
				for x := range ow {
					iy, ix := 2*y-1+ky, 2*x-1+kx
					if iy < 0 || iy >= h || ix < 0 || ix >= w {
						continue
					}
					p[iy*w+ix] += cols[(ky*4+kx)*ld+y*ow+x]
				}
			}
		}
	}
}

// TestCol2imS2K4 checks Col2imS2K4Float32, in the implementation in use
// and in the Go loop, against the definition's additions bit for bit, on
// dcgan's planes (oh·ow 16·16, 8·8, 4·4) and rows of one, under, at and
// over sixteen a turn, a plane that is not zero, columns whose rows have
// gaps between them, and the elements past the plane left untouched; and
// its refusal of passes that do not fit.
func TestCol2imS2K4(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	cases := []struct{ oh, ow, gap int }{
		{16, 16, 0}, {8, 8, 0}, {4, 4, 0}, {16, 16, 3840}, {8, 8, 960}, {4, 4, 240},
		{1, 1, 0}, {2, 1, 5}, {1, 2, 0}, {3, 3, 1}, {5, 15, 0}, {4, 17, 2}, {2, 31, 0},
		{3, 32, 7}, {2, 33, 0}, {6, 48, 0}, {1, 50, 3},
	}
	impls := []string{Impl(), "generic"}
	for _, c := range cases {
		ld := c.oh*c.ow + c.gap
		cols := make([]float32, 15*ld+c.oh*c.ow)
		for i := range cols {
			cols[i] = float32(rng.NormFloat64())
		}
		const guard = 40
		plane := 4 * c.oh * c.ow
		init := make([]float32, plane+guard)
		for i := range init {
			init[i] = float32(rng.NormFloat64())
		}
		init[0] = float32(math.Copysign(0, -1))
		want := append([]float32(nil), init...)
		col2imS2K4Naive(want[:plane], cols, ld, c.oh, c.ow)
		passes := Col2imS2K4Rows(c.oh, c.ow, ld)
		for _, name := range impls {
			if err := SetImpl(name); err != nil {
				t.Fatal(err)
			}
			got := append([]float32(nil), init...)
			ok := Col2imS2K4Float32(got[:plane], cols, ld, c.ow, passes)
			if !ok {
				t.Fatalf("%s %+v: refused", name, c)
			}
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%s oh %d ow %d gap %d: element %d = %v, want %v", name, c.oh, c.ow, c.gap, i, got[i], want[i])
				}
			}
			if Col2imS2K4Float32(got[:plane-1], cols, ld, c.ow, passes) {
				t.Errorf("%s %+v: a plane one short taken", name, c)
			}
			need := 0
			for i := 0; i < len(passes); i += 3 {
				need = max(need, int(passes[i+1])+3*ld+c.ow, int(passes[i+2])+3*ld+c.ow)
			}
			if Col2imS2K4Float32(got[:plane], cols[:need-1], ld, c.ow, passes) {
				t.Errorf("%s %+v: columns one short taken", name, c)
			}
		}
		if err := SetImpl(impls[0]); err != nil {
			t.Fatal(err)
		}
	}
	if Col2imS2K4Float32(make([]float32, 8), make([]float32, 64), 4, 2, []int32{0, 0}) {
		t.Error("a row without its second pass taken")
	}
	if Col2imS2K4Float32(make([]float32, 8), make([]float32, 64), 4, 2, []int32{-1, 0, -1}) {
		t.Error("a negative offset taken")
	}
}

// TestIm2colS2K4 checks Im2colS2K4Float32, in the implementation in use
// and in the Go loop, against the definition's values bit for bit: the
// whole plane and runs of output rows (dcgan's packed runs of 32 outputs:
// one row of 32, two of 16, four of 8 and of 4), rows of one, under, at
// and over sixteen outputs, negative zeros copied as they are, the
// elements of dst between and past its rows untouched; and its refusals.
func TestIm2colS2K4(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	cases := []struct{ oh, ow, y0, ny, gap int }{
		{32, 32, 0, 1, 0}, {32, 32, 31, 1, 5}, {16, 16, 2, 2, 0}, {16, 16, 14, 2, 3},
		{8, 8, 0, 4, 0}, {8, 8, 4, 4, 1}, {4, 4, 0, 4, 0}, {2, 4, 0, 2, 16},
		{1, 1, 0, 1, 0}, {3, 2, 1, 2, 1}, {5, 15, 0, 5, 0}, {4, 17, 1, 3, 2}, {2, 33, 0, 2, 0}, {3, 48, 2, 1, 7},
	}
	for _, c := range cases {
		w := 2 * c.ow
		p := make([]float32, 4*c.oh*c.ow)
		for i := range p {
			p[i] = float32(rng.NormFloat64())
		}
		p[len(p)/2] = float32(math.Copysign(0, -1))
		ld := c.ny*c.ow + c.gap
		const guard = 40
		init := make([]float32, 15*ld+c.ny*c.ow+guard)
		for i := range init {
			init[i] = 1e30
		}
		want := append([]float32(nil), init...)
		for ky := range 4 {
			for kx := range 4 {
				for y := c.y0; y < c.y0+c.ny; y++ {
					for x := range c.ow {
						iy, ix := 2*y-1+ky, 2*x-1+kx
						v := float32(0)
						if iy >= 0 && iy < 2*c.oh && ix >= 0 && ix < w {
							v = p[iy*w+ix]
						}
						want[(ky*4+kx)*ld+(y-c.y0)*c.ow+x] = v
					}
				}
			}
		}
		for _, name := range []string{Impl(), "generic"} {
			if err := SetImpl(name); err != nil {
				t.Fatal(err)
			}
			got := append([]float32(nil), init...)
			if !Im2colS2K4Float32(got[:len(got)-guard], ld, p, c.oh, c.ow, c.y0, c.ny) {
				t.Fatalf("%s %+v: refused", name, c)
			}
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%s %+v: element %d = %v, want %v", name, c, i, got[i], want[i])
				}
			}
			if Im2colS2K4Float32(got[:15*ld+c.ny*c.ow-1], ld, p, c.oh, c.ow, c.y0, c.ny) {
				t.Errorf("%s %+v: dst one short taken", name, c)
			}
			if Im2colS2K4Float32(got, ld, p[:len(p)-1], c.oh, c.ow, c.y0, c.ny) {
				t.Errorf("%s %+v: a plane one short taken", name, c)
			}
			if Im2colS2K4Float32(got, ld, p, c.oh, c.ow, c.y0, c.oh-c.y0+1) {
				t.Errorf("%s %+v: rows past the plane taken", name, c)
			}
		}
		if err := SetImpl(Impls()[0]); err != nil {
			t.Fatal(err)
		}
	}
}
