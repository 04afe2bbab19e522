package vecmath

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

// gatherCase is a table of rows×n indices into a source of size
// elements, a quarter or so of them padding (−1); every row's
// non-negative indices differ, as a convolution's windows' do.
func gatherCase(r *rand.Rand, rows, n, size int) (idx []int32, hi int32) {
	hi = -1
	for range rows {
		perm := r.Perm(size)
		for j := range n {
			ix := int32(-1)
			if r.Intn(4) != 0 && j < size {
				ix = int32(perm[j])
			}
			idx = append(idx, ix)
			hi = max(hi, ix)
		}
	}
	return idx, hi
}

func randFloats(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.Intn(9)-4)))
	}
	return s
}

// TestGatherRowsMatchGeneric checks the gathers and scatter-adds of
// every implementation bit for bit against the Go loops, over row
// lengths around the vectors' 8 and 16 lanes, rows whose stride leaves
// a gap, and tables all padding; the gap and the elements past the last
// row must stay untouched.
func TestGatherRowsMatchGeneric(t *testing.T) {
	defer SetImpl(Impls()[0])
	r := rand.New(rand.NewSource(5))
	for _, impl := range Impls() {
		if err := SetImpl(impl); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ rows, n, gap, size int }{
			{1, 1, 0, 4}, {3, 7, 1, 40}, {2, 8, 0, 64}, {4, 15, 3, 20}, {16, 16, 0, 64},
			{5, 17, 2, 300}, {16, 64, 0, 256}, {3, 33, 5, 33}, {2, 40, 0, 1000}, {1, 5, 0, 0},
		} {
			ld := c.n + c.gap
			idx, hi := gatherCase(r, c.rows, c.n, c.size)
			src := randFloats(r, c.size)
			const guard = 7
			want := randFloats(r, (c.rows-1)*ld+c.n+guard)
			got := slices.Clone(want)
			gatherRowsGeneric(want, ld, src, idx, c.rows, c.n)
			if !GatherRowsFloat32(got, ld, src, idx, hi, c.rows, c.n) {
				t.Fatalf("%s %+v: gather refused", impl, c)
			}
			if !slices.Equal(f32bits(got), f32bits(want)) {
				t.Fatalf("%s %+v: gather %v, the Go loop %v", impl, c, got, want)
			}
			img := randFloats(r, c.size+guard)
			wantImg := slices.Clone(img)
			scatterAddRowsGeneric(wantImg, want, ld, idx, c.rows, c.n)
			if !ScatterAddRowsFloat32(img, want, ld, idx, hi, c.rows, c.n) {
				t.Fatalf("%s %+v: scatter refused", impl, c)
			}
			if !slices.Equal(f32bits(img), f32bits(wantImg)) {
				t.Fatalf("%s %+v: scatter-add %v, the Go loop %v", impl, c, img, wantImg)
			}
		}
	}
}

// TestGatherRowsRefuse checks that arguments that do not fit are
// refused, with nothing written.
func TestGatherRowsRefuse(t *testing.T) {
	src := []float32{1, 2, 3, 4}
	idx := []int32{0, 1, 2, 3, -1, 0}
	for _, c := range []struct {
		name        string
		dst         int
		ld, rows, n int
		hi          int32
		idx         []int32
	}{
		{"index past src", 8, 3, 2, 3, 4, idx},
		{"dst short", 5, 3, 2, 3, 3, idx},
		{"ld under n", 8, 2, 2, 3, 3, idx},
		{"idx short", 8, 3, 3, 3, 3, idx},
		{"negative rows", 8, 3, -1, 3, 3, idx},
	} {
		dst := make([]float32, c.dst)
		if GatherRowsFloat32(dst, c.ld, src, c.idx, c.hi, c.rows, c.n) {
			t.Errorf("%s: gather accepted", c.name)
		}
		if ScatterAddRowsFloat32(src, dst, c.ld, c.idx, c.hi, c.rows, c.n) {
			t.Errorf("%s: scatter accepted", c.name)
		}
		if slices.ContainsFunc(dst, func(v float32) bool { return v != 0 }) || !slices.Equal(src, []float32{1, 2, 3, 4}) {
			t.Errorf("%s: written", c.name)
		}
	}
}

func f32bits(s []float32) []uint32 {
	b := make([]uint32, len(s))
	for i, v := range s {
		b[i] = math.Float32bits(v)
	}
	return b
}

// convTable is im2col's index table of one image of a convolution with
// c channels of h×h, a k×k kernel, stride s and padding p: row
// (ci, ki, kj), column (oy, ox), -1 where the window reads padding.
func convTable(c, h, k, s, p int) (idx []int32, rows, n int) {
	o := (h+2*p-k)/s + 1
	rows, n = c*k*k, o*o
	idx = make([]int32, rows*n)
	for ci := range c {
		for ki := range k {
			for kj := range k {
				row := idx[((ci*k+ki)*k+kj)*n:]
				for oy := range o {
					for ox := range o {
						y, x := oy*s+ki-p, ox*s+kj-p
						v := int32(-1)
						if y >= 0 && y < h && x >= 0 && x < h {
							v = int32((ci*h+y)*h + x)
						}
						row[oy*o+ox] = v
					}
				}
			}
		}
	}
	return idx, rows, n
}

// TestRowsConvTables checks the gather and the scatter-add on
// convolutions' im2col tables, whose rows run with the stride (AVX-512's
// runs of stride 2 in vectors, padding lanes among them), against the Go
// loop,
// bit for bit, in every implementation: strides 1 to 3, rows of 4 to 32
// outputs (runs of sixteen, eight and fewer), padding 0 to 2, and a gap
// between the source's rows.
func TestRowsConvTables(t *testing.T) {
	defer SetImpl(Impls()[0])
	r := rand.New(rand.NewSource(9))
	for _, impl := range Impls() {
		if err := SetImpl(impl); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ c, h, k, s, p, gap int }{
			{3, 64, 4, 2, 1, 0}, {2, 32, 4, 2, 1, 0}, {2, 32, 4, 2, 1, 3}, {3, 16, 4, 2, 1, 0},
			{4, 8, 4, 2, 1, 0}, {2, 4, 4, 1, 0, 0}, {2, 33, 3, 2, 1, 1}, {2, 34, 5, 2, 2, 0},
			{2, 32, 3, 1, 1, 0}, {2, 48, 3, 3, 0, 0}, {1, 32, 1, 2, 0, 0}, {1, 64, 2, 2, 0, 5},
		} {
			idx, rows, n := convTable(c.c, c.h, c.k, c.s, c.p)
			ld := n + c.gap
			src := randFloats(r, (rows-1)*ld+n)
			const guard = 7
			size := c.c * c.h * c.h
			img := randFloats(r, size+guard)
			cols := randFloats(r, (rows-1)*ld+n+guard)
			wantCols := slices.Clone(cols)
			gatherRowsGeneric(wantCols, ld, img, idx, rows, n)
			if !GatherRowsFloat32(cols, ld, img, idx, int32(size-1), rows, n) {
				t.Fatalf("%s %+v: gather refused", impl, c)
			}
			if !slices.Equal(f32bits(cols), f32bits(wantCols)) {
				t.Fatalf("%s %+v: gather differs from the Go loop", impl, c)
			}
			want := slices.Clone(img)
			scatterAddRowsGeneric(want, src, ld, idx, rows, n)
			if !ScatterAddRowsFloat32(img, src, ld, idx, int32(size-1), rows, n) {
				t.Fatalf("%s %+v: scatter refused", impl, c)
			}
			if !slices.Equal(f32bits(img), f32bits(want)) {
				t.Fatalf("%s %+v: scatter-add differs from the Go loop", impl, c)
			}
		}
	}
}
