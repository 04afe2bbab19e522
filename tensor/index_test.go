package tensor

import (
	"slices"
	"testing"
)

// seq64 returns 0, 1, ..., n-1.
func seq64(n int) []int64 {
	v := make([]int64, n)
	for i := range v {
		v[i] = int64(i)
	}
	return v
}

// intp returns a pointer to i, for slice bounds.
func intp(i int) *int { return &i }

// ixTensor is an int64 tensor index.
func ixTensor(t *testing.T, v []int64, shape ...int) Index {
	return IndexTensor(mustTensor(t, v, shape...))
}

// ixMask is a bool mask index.
func ixMask(t *testing.T, v []bool, shape ...int) Index {
	t.Helper()
	m, err := FromBools(v, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return IndexTensor(m)
}

// ixAll is the full slice, Python's ":".
var ixAll = IndexSlice(nil, nil, nil)

func TestIndexBasicViews(t *testing.T) {
	x := mustTensor(t, seq64(24), 2, 3, 4) // x[i, j, k] = 12i + 4j + k
	tests := []struct {
		name  string
		idx   []Index
		shape []int
		want  []int64
	}{
		{"int", []Index{IndexInt(1)}, []int{3, 4}, seq64(24)[12:]},
		{"negative ints", []Index{IndexInt(-1), IndexInt(2)}, []int{4}, []int64{20, 21, 22, 23}},
		{"all ints", []Index{IndexInt(0), IndexInt(1), IndexInt(2)}, []int{}, []int64{6}},
		{"slice", []Index{ixAll, IndexSlice(intp(1), intp(3), nil)}, []int{2, 2, 4}, []int64{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}},
		{"negative start", []Index{ixAll, IndexSlice(intp(-2), nil, nil)}, []int{2, 2, 4}, []int64{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}},
		{"stop past the end", []Index{IndexInt(0), IndexSlice(intp(1), intp(100), nil)}, []int{2, 4}, []int64{4, 5, 6, 7, 8, 9, 10, 11}},
		{"step", []Index{ixAll, ixAll, IndexSlice(nil, nil, intp(2))}, []int{2, 3, 2}, []int64{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}},
		{"step and bounds", []Index{IndexInt(1), IndexInt(0), IndexSlice(intp(-3), intp(-1), intp(2))}, []int{1}, []int64{13}},
		{"empty slice", []Index{ixAll, IndexSlice(intp(3), intp(1), nil)}, []int{2, 0, 4}, []int64{}},
		{"none first", []Index{IndexNone(), IndexInt(0)}, []int{1, 3, 4}, seq64(12)},
		{"ellipsis", []Index{IndexEllipsis(), IndexInt(1)}, []int{2, 3}, []int64{1, 5, 9, 13, 17, 21}},
		{"int ellipsis none", []Index{IndexInt(0), IndexEllipsis(), IndexNone()}, []int{3, 4, 1}, seq64(12)},
		{"none in the middle", []Index{IndexInt(1), ixAll, IndexNone(), IndexInt(3)}, []int{3, 1}, []int64{15, 19, 23}},
		{"empty ellipsis", []Index{IndexInt(1), IndexInt(2), IndexInt(3), IndexEllipsis()}, []int{}, []int64{23}},
		{"nothing", nil, []int{2, 3, 4}, seq64(24)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := x.Index(tt.idx...)
			if err != nil {
				t.Fatal(err)
			}
			checkValues(t, got, tt.shape, tt.want)
			if !got.SharesStorage(x) {
				t.Fatal("basic indexing copied")
			}
		})
	}
	// Writes through the view reach x.
	row, _ := x.Index(IndexInt(1), IndexSlice(nil, nil, intp(2)), IndexInt(3))
	if err := row.Fill(-1); err != nil {
		t.Fatal(err)
	}
	v, _ := x.Index(IndexInt(1), ixAll, IndexInt(3))
	checkValues(t, v, []int{3}, []int64{-1, 19, -1})
}

func TestIndexAdvanced(t *testing.T) {
	x2 := mustTensor(t, seq64(12), 3, 4)    // x2[i, j] = 4i + j
	x3 := mustTensor(t, seq64(24), 2, 3, 4) // x3[i, j, k] = 12i + 4j + k
	zero := mustTensor(t, []int64{1}, []int{}...)
	tests := []struct {
		name  string
		x     *Tensor
		idx   []Index
		shape []int
		want  []int64
	}{
		{"rows", x2, []Index{ixTensor(t, []int64{2, 0}, 2)}, []int{2, 4}, []int64{8, 9, 10, 11, 0, 1, 2, 3}},
		{"2-D index", x2, []Index{ixTensor(t, []int64{0, 1, 2, 2}, 2, 2)}, []int{2, 2, 4},
			[]int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 8, 9, 10, 11}},
		{"pairs", x2, []Index{ixTensor(t, []int64{0, 2}, 2), ixTensor(t, []int64{1, 3}, 2)}, []int{2}, []int64{1, 11}},
		{"broadcast pairs", x2, []Index{ixTensor(t, []int64{0, 2}, 2, 1), ixTensor(t, []int64{1, 3}, 2)}, []int{2, 2}, []int64{1, 3, 9, 11}},
		{"columns", x2, []Index{ixAll, ixTensor(t, []int64{3, 0}, 2)}, []int{3, 2}, []int64{3, 0, 7, 4, 11, 8}},
		{"negative", x2, []Index{ixTensor(t, []int64{-1}, 1)}, []int{1, 4}, []int64{8, 9, 10, 11}},
		{"empty", x2, []Index{ixTensor(t, []int64{}, 0)}, []int{0, 4}, []int64{}},
		{"0-d index", x2, []Index{IndexTensor(zero)}, []int{4}, []int64{4, 5, 6, 7}},
		// Separated by a slice, the advanced dimensions go first.
		{"separated", x3, []Index{ixTensor(t, []int64{1, 0}, 2), ixAll, ixTensor(t, []int64{0, 3}, 2)}, []int{2, 3}, []int64{12, 16, 20, 3, 7, 11}},
		// Adjacent, they replace the indexed dimensions in place.
		{"adjacent in the middle", x3, []Index{ixAll, ixTensor(t, []int64{2, 0}, 2), ixTensor(t, []int64{1, 1}, 2)}, []int{2, 2}, []int64{9, 1, 21, 13}},
		// Integers select first, as in PyTorch (NumPy would give [2, 3]).
		{"int then tensor", x3, []Index{IndexInt(0), ixAll, ixTensor(t, []int64{3, 0}, 2)}, []int{3, 2}, []int64{3, 0, 7, 4, 11, 8}},
		{"none then tensor", x2, []Index{IndexNone(), ixTensor(t, []int64{1}, 1)}, []int{1, 1, 4}, []int64{4, 5, 6, 7}},
		{"tensor none tensor", x2, []Index{ixTensor(t, []int64{0, 1}, 2), IndexNone(), ixTensor(t, []int64{3, 2}, 2)}, []int{2, 1}, []int64{3, 6}},
		{"transposed", x2.T(), []Index{ixTensor(t, []int64{0, 3}, 2)}, []int{2, 3}, []int64{0, 4, 8, 3, 7, 11}},
		{"sliced then tensor", x2, []Index{IndexSlice(intp(1), nil, nil), ixTensor(t, []int64{0, 2}, 2)}, []int{2, 2}, []int64{4, 6, 8, 10}},
		{"mask", x2, []Index{ixMask(t, []bool{false, false, false, false, false, false, false, true, true, true, true, true}, 3, 4)}, []int{5}, []int64{7, 8, 9, 10, 11}},
		{"row mask", x2, []Index{ixMask(t, []bool{true, false, true}, 3)}, []int{2, 4}, []int64{0, 1, 2, 3, 8, 9, 10, 11}},
		{"column mask", x2, []Index{ixAll, ixMask(t, []bool{false, true, false, true}, 4)}, []int{3, 2}, []int64{1, 3, 5, 7, 9, 11}},
		{"2-D mask of 3-D", x3, []Index{ixMask(t, []bool{false, true, false, false, false, true}, 2, 3)}, []int{2, 4}, []int64{4, 5, 6, 7, 20, 21, 22, 23}},
		{"mask and tensor", x2, []Index{ixMask(t, []bool{true, false, true}, 3), ixTensor(t, []int64{1, 2}, 2)}, []int{2}, []int64{1, 10}},
		{"0-d true", x2, []Index{ixMask(t, []bool{true}, []int{}...)}, []int{1, 3, 4}, seq64(12)},
		{"0-d false", x2, []Index{ixMask(t, []bool{false}, []int{}...)}, []int{0, 3, 4}, []int64{}},
		{"ellipsis mask", x3, []Index{IndexEllipsis(), ixMask(t, []bool{true, false, false, true}, 4)}, []int{2, 3, 2},
			[]int64{0, 3, 4, 7, 8, 11, 12, 15, 16, 19, 20, 23}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.x.Index(tt.idx...)
			if err != nil {
				t.Fatal(err)
			}
			checkValues(t, got, tt.shape, tt.want)
			if got.SharesStorage(tt.x) {
				t.Fatal("advanced indexing returned a view")
			}
		})
	}
	// A copy: writing to it leaves x2 alone.
	c, _ := x2.Index(ixTensor(t, []int64{0}, 1))
	if err := c.Fill(100); err != nil {
		t.Fatal(err)
	}
	checkValues(t, x2, []int{3, 4}, seq64(12))
	// Other dtypes.
	for _, d := range []DType{Float32, Float64, Bool} {
		xd, _ := x2.To(d)
		got, err := xd.Index(ixAll, ixTensor(t, []int64{1}, 1))
		if err != nil || got.DType() != d {
			t.Fatalf("%s: %v", d, err)
		}
		want, _ := mustTensor(t, []int64{1, 5, 9}, 3, 1).To(d)
		if !slices.Equal(f64s(t, got), f64s(t, want)) {
			t.Fatalf("%s: %v", d, got)
		}
	}
}

// TestIndexGatherLarge takes more elements than one parallel chunk
// (GrainSize), so that chunks begin and end inside rows of the gather of
// one element per position, with indices read from a contiguous tensor
// and from a transposed one; half the indices are negative.
func TestIndexGatherLarge(t *testing.T) {
	const rows, cols, picks, wide = 3, 50_000, 30_008, 11
	x := mustTensor(t, seq64(rows*cols), rows, cols)
	flat := mustTensor(t, seq64(rows*cols), rows*cols)
	idx := make([]int64, picks)
	for i := range idx {
		idx[i] = int64((i*7919)%cols - i%2*cols)
	}
	wrap := func(i int64, size int) int64 { return (i + int64(size)) % int64(size) }
	tests := []struct {
		name  string
		x     *Tensor
		idx   []Index
		shape []int
		want  func(r, k int) int64 // the element at row r, column k
	}{
		{"flat", flat, []Index{ixTensor(t, idx, picks)}, []int{1, picks},
			func(_, k int) int64 { return wrap(idx[k], rows*cols) }},
		{"columns", x, []Index{ixAll, ixTensor(t, idx, picks)}, []int{rows, picks},
			func(r, k int) int64 { return int64(r*cols) + wrap(idx[k], cols) }},
		// The index is idx as (picks/wide, wide), transposed: its element
		// (r, k) is idx[k*wide + r].
		{"transposed index", x, []Index{IndexInt(1), IndexTensor(mustTensor(t, idx, picks/wide, wide).T())}, []int{wide, picks / wide},
			func(r, k int) int64 { return cols + wrap(idx[k*wide+r], cols) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.x.Index(tt.idx...)
			if err != nil {
				t.Fatal(err)
			}
			rs, ks := tt.shape[0], tt.shape[1]
			want := make([]int64, 0, rs*ks)
			for r := range rs {
				for k := range ks {
					want = append(want, tt.want(r, k))
				}
			}
			shape := tt.shape
			if tt.x == flat {
				shape = shape[1:]
			}
			checkValues(t, got, shape, want)
		})
	}
}

func TestIndexErrors(t *testing.T) {
	x2 := mustTensor(t, seq64(12), 3, 4)
	floats := IndexTensor(mustTensor(t, []float32{0}, 1))
	tests := []struct {
		name string
		x    *Tensor
		idx  []Index
		kind ErrorKind
		msg  string
	}{
		{"int", x2, []Index{IndexInt(5)}, IndexError, "index 5 is out of bounds for dimension 0 with size 3"},
		{"negative int", x2, []Index{ixAll, IndexInt(-5)}, IndexError, "index -5 is out of bounds for dimension 1 with size 4"},
		{"int after none", x2, []Index{IndexNone(), ixAll, IndexInt(4)}, IndexError, "index 4 is out of bounds for dimension 1 with size 4"},
		{"tensor", x2, []Index{ixTensor(t, []int64{0, 3}, 2)}, IndexError, "index 3 is out of bounds for dimension 0 with size 3"},
		{"negative tensor", x2, []Index{ixAll, ixTensor(t, []int64{-5}, 1)}, IndexError, "index -5 is out of bounds for dimension 1 with size 4"},
		{"too many", x2, []Index{IndexInt(0), IndexInt(0), IndexInt(0)}, IndexError, "too many indices for tensor of dimension 2"},
		{"mask too many", x2, []Index{IndexInt(0), ixMask(t, []bool{true, true}, 1, 2)}, IndexError, "too many indices for tensor of dimension 2"},
		{"0-d", mustTensor(t, []int64{1}, []int{}...), []Index{IndexInt(0)}, IndexError, "invalid index of a 0-dim tensor"},
		{"two ellipses", x2, []Index{IndexEllipsis(), IndexEllipsis()}, IndexError, "an index can only have a single ellipsis ('...')"},
		{"float index", x2, []Index{floats}, IndexError, "tensors used as indices must be long, int, byte or bool tensors"},
		{"mask shape", x2, []Index{ixMask(t, []bool{true, true, true, true}, 4)}, IndexError, "The shape of the mask [4] at index 0 does not match the shape of the indexed tensor [3, 4] at index 0"},
		{"mask shape later", x2, []Index{ixAll, ixMask(t, []bool{true}, 1)}, IndexError, "The shape of the mask [1] at index 0 does not match the shape of the indexed tensor [3, 4] at index 1"},
		{"zero step", x2, []Index{IndexSlice(nil, nil, intp(0))}, ValueError, "slice step cannot be zero"},
		{"negative step", x2, []Index{IndexSlice(nil, nil, intp(-1))}, ValueError, "step must be greater than zero"},
		{"broadcast", x2, []Index{ixTensor(t, []int64{0, 1}, 2), ixTensor(t, []int64{0, 1, 2}, 3)}, IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.x.Index(tt.idx...)
			wantError(t, err, tt.kind, tt.msg)
			err = tt.x.IndexPut(tt.idx, MustScalar(0))
			wantError(t, err, tt.kind, tt.msg)
		})
	}
}

func TestIndexPut(t *testing.T) {
	row := mustTensor(t, []int64{10, 20, 30}, 3)
	tests := []struct {
		name  string
		idx   func(x *Tensor) []Index
		value func(x *Tensor) *Tensor
		want  []int64
	}{
		{"int", func(*Tensor) []Index { return []Index{IndexInt(0)} }, func(*Tensor) *Tensor { return MustScalar(5) },
			[]int64{5, 5, 5, 5, 4, 5, 6, 7, 8, 9, 10, 11}},
		{"slice with a broadcast row", func(*Tensor) []Index { return []Index{ixAll, IndexSlice(intp(1), nil, nil)} }, func(*Tensor) *Tensor { return row },
			[]int64{0, 10, 20, 30, 4, 10, 20, 30, 8, 10, 20, 30}},
		{"leading ones", func(*Tensor) []Index { return []Index{IndexInt(1)} }, func(*Tensor) *Tensor { return mustTensor(t, []int64{1, 2, 3, 4}, 1, 1, 4) },
			[]int64{0, 1, 2, 3, 1, 2, 3, 4, 8, 9, 10, 11}},
		{"float into int", func(*Tensor) []Index { return []Index{IndexInt(0), IndexInt(0)} }, func(*Tensor) *Tensor { return MustScalar(2.7) },
			[]int64{2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		{"bool into int", func(*Tensor) []Index { return []Index{IndexInt(2), IndexInt(3)} }, func(*Tensor) *Tensor { return MustScalar(true) },
			[]int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1}},
		{"mask", func(x *Tensor) []Index { m, _ := Gt(x, MustScalar(6)); return []Index{IndexTensor(m)} }, func(*Tensor) *Tensor { return MustScalar(0) },
			[]int64{0, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0}},
		{"mask with values", func(*Tensor) []Index { return []Index{ixMask(t, []bool{false, true, true}, 3), IndexInt(0)} },
			func(*Tensor) *Tensor { return mustTensor(t, []int64{-4, -8}, 2) }, []int64{0, 1, 2, 3, -4, 5, 6, 7, -8, 9, 10, 11}},
		{"rows", func(*Tensor) []Index { return []Index{ixTensor(t, []int64{2, 0}, 2)} },
			func(*Tensor) *Tensor { return mustTensor(t, []int64{1, 1, 1, 1, 2, 2, 2, 2}, 2, 4) }, []int64{2, 2, 2, 2, 4, 5, 6, 7, 1, 1, 1, 1}},
		{"pairs", func(*Tensor) []Index { return []Index{ixTensor(t, []int64{0, 2}, 2), ixTensor(t, []int64{1, -1}, 2)} },
			func(*Tensor) *Tensor { return mustTensor(t, []int64{-1, -2}, 2) }, []int64{0, -1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -2}},
		{"duplicates: the last wins", func(*Tensor) []Index { return []Index{ixTensor(t, []int64{1, 1}, 2)} },
			func(*Tensor) *Tensor { return mustTensor(t, []int64{7, 7, 7, 7, 9, 9, 9, 9}, 2, 4) }, []int64{0, 1, 2, 3, 9, 9, 9, 9, 8, 9, 10, 11}},
		{"value viewing x", func(*Tensor) []Index { return []Index{ixTensor(t, []int64{0, 1}, 2)} },
			func(x *Tensor) *Tensor { v, _ := x.Index(IndexSlice(intp(1), nil, nil)); return v }, []int64{4, 5, 6, 7, 8, 9, 10, 11, 8, 9, 10, 11}},
		{"basic value viewing x", func(*Tensor) []Index { return []Index{IndexSlice(nil, intp(2), nil)} },
			func(x *Tensor) *Tensor { v, _ := x.Index(IndexSlice(intp(1), nil, nil)); return v }, []int64{4, 5, 6, 7, 8, 9, 10, 11, 8, 9, 10, 11}},
		{"float value into advanced", func(*Tensor) []Index { return []Index{ixAll, ixTensor(t, []int64{0}, 1)} },
			func(*Tensor) *Tensor { return mustTensor(t, []float64{-1.5, 2.5, 3.9}, 3, 1) }, []int64{-1, 1, 2, 3, 2, 5, 6, 7, 3, 9, 10, 11}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := mustTensor(t, seq64(12), 3, 4)
			before := x.Version()
			if err := x.IndexPut(tt.idx(x), tt.value(x)); err != nil {
				t.Fatal(err)
			}
			checkValues(t, x, []int{3, 4}, tt.want)
			if x.Version() == before {
				t.Error("version counter unchanged")
			}
		})
	}
}

func TestIndexPutThroughViews(t *testing.T) {
	x := mustTensor(t, seq64(12), 3, 4)
	// Column 1 of x is row 1 of its transpose.
	if err := x.T().IndexPut([]Index{IndexInt(1)}, MustScalar(99)); err != nil {
		t.Fatal(err)
	}
	// An advanced write into a strided view.
	v, _ := x.Index(ixAll, IndexSlice(nil, nil, intp(2)))
	if err := v.IndexPut([]Index{ixTensor(t, []int64{2}, 1), IndexInt(1)}, MustScalar(-7)); err != nil {
		t.Fatal(err)
	}
	checkValues(t, x, []int{3, 4}, []int64{0, 99, 2, 3, 4, 99, 6, 7, 8, 99, -7, 11})

	f := mustTensor(t, []float32{1, -2, 3, -4}, 2, 2)
	neg, _ := Lt(f, MustScalar(0))
	if err := f.IndexPut([]Index{IndexTensor(neg)}, MustScalar(0.5)); err != nil {
		t.Fatal(err)
	}
	if got := f64s(t, f); !slices.Equal(got, []float64{1, 0.5, 3, 0.5}) {
		t.Fatalf("masked fill: %v", got)
	}
	err := x.IndexPut([]Index{IndexInt(0)}, mustTensor(t, []int64{1, 2, 3}, 3))
	wantError(t, err, RuntimeError, "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [4]")
	err = x.IndexPut([]Index{ixTensor(t, []int64{0, 1}, 2)}, mustTensor(t, []int64{1, 2, 3}, 3))
	wantError(t, err, RuntimeError, "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2, 4]")
}

func TestGather(t *testing.T) {
	x := mustTensor(t, []int64{1, 2, 3, 4}, 2, 2)
	tests := []struct {
		name  string
		x     *Tensor
		dim   int
		index *Tensor
		shape []int
		want  []int64
	}{
		{"dim 1", x, 1, mustTensor(t, []int64{0, 0, 1, 0}, 2, 2), []int{2, 2}, []int64{1, 1, 4, 3}},
		{"dim 0", x, 0, mustTensor(t, []int64{0, 1, 1, 0}, 2, 2), []int{2, 2}, []int64{1, 4, 3, 2}},
		{"dim -1, smaller index", x, -1, mustTensor(t, []int64{1}, 1, 1), []int{1, 1}, []int64{2}},
		{"wider index along dim", x, 1, mustTensor(t, []int64{1, 1, 0, 0, 0, 1}, 2, 3), []int{2, 3}, []int64{2, 2, 1, 3, 3, 4}},
		{"transposed input", x.T(), 1, mustTensor(t, []int64{1, 0}, 2, 1), []int{2, 1}, []int64{3, 2}},
		{"transposed index", x, 1, mustTensor(t, []int64{0, 1, 1, 0}, 2, 2).T(), []int{2, 2}, []int64{1, 2, 4, 3}},
		{"0-d", mustTensor(t, []int64{7}, []int{}...), 0, mustTensor(t, []int64{0}, []int{}...), []int{}, []int64{7}},
		{"empty", x, 0, mustTensor(t, []int64{}, 0, 2), []int{0, 2}, []int64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Gather(tt.x, tt.dim, tt.index)
			if err != nil {
				t.Fatal(err)
			}
			checkValues(t, got, tt.shape, tt.want)
		})
	}
	for _, d := range []DType{Float32, Float64, Bool} {
		xd, _ := mustTensor(t, []int64{0, 2, 3, 0}, 2, 2).To(d)
		got, err := Gather(xd, 1, mustTensor(t, []int64{1, 1, 0, 1}, 2, 2))
		want, _ := mustTensor(t, []int64{2, 2, 3, 0}, 4).To(d)
		if err != nil || got.DType() != d || !slices.Equal(f64s(t, got), f64s(t, want)) {
			t.Fatalf("%s: %v (%v)", d, got, err)
		}
	}
	errTests := []struct {
		name  string
		index *Tensor
		dim   int
		kind  ErrorKind
		msg   string
	}{
		{"bounds", mustTensor(t, []int64{0, 2}, 1, 2), 1, IndexError, "index 2 is out of bounds for dimension 1 with size 2"},
		{"negative", mustTensor(t, []int64{-1}, 1, 1), 0, IndexError, "index -1 is out of bounds for dimension 0 with size 2"},
		{"dtype", mustTensor(t, []float32{0}, 1, 1), 0, TypeError, "gather(): Expected dtype int64 for index, got float32"},
		{"dims", mustTensor(t, []int64{0}, 1), 0, RuntimeError, "Index tensor must have the same number of dimensions as input tensor"},
		{"size", mustTensor(t, []int64{0, 0, 0}, 3, 1), 1, RuntimeError, "Size does not match at dimension 0 expected index [3, 1] to be smaller than self [2, 2] apart from dimension 1"},
		{"dim", mustTensor(t, []int64{0}, 1, 1), 2, IndexError, "Dimension out of range"},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Gather(x, tt.dim, tt.index)
			wantError(t, err, tt.kind, tt.msg)
		})
	}
}

func TestIndexSelect(t *testing.T) {
	x := mustTensor(t, seq64(12), 3, 4)
	tests := []struct {
		name  string
		x     *Tensor
		dim   int
		index *Tensor
		shape []int
		want  []int64
	}{
		{"columns", x, 1, mustTensor(t, []int64{0, 3, 0}, 3), []int{3, 3}, []int64{0, 3, 0, 4, 7, 4, 8, 11, 8}},
		{"rows", x, 0, mustTensor(t, []int64{2}, 1), []int{1, 4}, []int64{8, 9, 10, 11}},
		{"negative dim", x, -2, mustTensor(t, []int64{1, 1}, 2), []int{2, 4}, []int64{4, 5, 6, 7, 4, 5, 6, 7}},
		{"0-d index", x, 0, mustTensor(t, []int64{1}, []int{}...), []int{1, 4}, []int64{4, 5, 6, 7}},
		{"empty index", x, 0, mustTensor(t, []int64{}, 0), []int{0, 4}, []int64{}},
		{"transposed", x.T(), 0, mustTensor(t, []int64{3}, 1), []int{1, 3}, []int64{3, 7, 11}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := IndexSelect(tt.x, tt.dim, tt.index)
			if err != nil {
				t.Fatal(err)
			}
			checkValues(t, got, tt.shape, tt.want)
			if got.SharesStorage(tt.x) {
				t.Fatal("index_select returned a view")
			}
		})
	}
	_, err := IndexSelect(x, 0, mustTensor(t, []int64{3}, 1))
	wantError(t, err, IndexError, "index out of range in self")
	_, err = IndexSelect(x, 1, mustTensor(t, []int64{-1}, 1))
	wantError(t, err, IndexError, "index out of range in self")
	_, err = IndexSelect(x, 0, mustTensor(t, []int64{0}, 1, 1))
	wantError(t, err, IndexError, "index_select(): Index is supposed to be a vector")
	_, err = IndexSelect(x, 0, mustTensor(t, []float64{0}, 1))
	wantError(t, err, RuntimeError, "index_select(): Expected dtype int32 or int64 for index")
	_, err = IndexSelect(x, 2, mustTensor(t, []int64{0}, 1))
	wantError(t, err, IndexError, "Dimension out of range")
}

// TestUint8IndexIsMask checks that a uint8 index selects as the bool mask
// of its non-zero elements, as PyTorch 1.13 takes it.
func TestUint8IndexIsMask(t *testing.T) {
	x := mustOp(mustOp(Arange(0, 6, 1, Float32)).Reshape(2, 3))
	m := mustOp(mustOp(FromSlice([]int64{1, 0, 1, 0, 1, 0}, 2, 3)).To(Uint8))
	got := mustOp(mustOp(x.Index(IndexTensor(m))).Float64s())
	want := mustOp(mustOp(x.Index(IndexTensor(mustOp(m.To(Bool))))).Float64s())
	if !slices.Equal(got, want) || len(got) != 3 {
		t.Errorf("x[uint8 mask] = %v, want %v", got, want)
	}
	if _, err := x.Index(IndexTensor(mustOp(m.To(Int32)))); KindOf(err) != IndexError {
		t.Errorf("an int32 index: %v, want PyTorch 1.13's IndexError", err)
	}
}
