package tensor

import (
	"slices"
	"testing"
)

// seq returns the int64 tensor 0, 1, ... of the given shape.
func seq(shape ...int) *Tensor {
	return mustOp(mustOp(Arange(0, float64(numel(shape)), 1, Int64)).Reshape(shape...))
}

func TestCatStack(t *testing.T) {
	a := seq(2, 2)
	b := mustOp(mustOp(FromSlice([]float32{10, 11, 12, 13, 14, 15}, 3, 2)).Transpose(0, 1))
	cases := []struct {
		name string
		got  func() (*Tensor, error)
		want string
	}{
		{"dim 1 promotes", func() (*Tensor, error) { return Cat([]*Tensor{a, b}, 1) },
			"tensor([[ 0.,  1., 10., 12., 14.],\n        [ 2.,  3., 11., 13., 15.]])"},
		{"dim 0", func() (*Tensor, error) { return Cat([]*Tensor{a, seq(1, 2)}, 0) },
			"tensor([[0, 1],\n        [2, 3],\n        [0, 1]])"},
		{"negative dim", func() (*Tensor, error) { return Cat([]*Tensor{a, a}, -1) },
			"tensor([[0, 1, 0, 1],\n        [2, 3, 2, 3]])"},
		{"bool and int", func() (*Tensor, error) { return Cat([]*Tensor{mustOp(FromBools([]bool{true})), seq(2)}, 0) },
			"tensor([1, 0, 1])"},
		{"legacy empty skipped", func() (*Tensor, error) { return Cat([]*Tensor{mustOp(Zeros(Float64, 0)), a}, 1) },
			"tensor([[0., 1.],\n        [2., 3.]], dtype=torch.float64)"},
		{"all empty", func() (*Tensor, error) { return Cat([]*Tensor{mustOp(Zeros(Int64, 0))}, 0) },
			"tensor([], dtype=torch.int64)"},
		{"zero-size part", func() (*Tensor, error) { return Cat([]*Tensor{a, mustOp(Zeros(Int64, 2, 0))}, 1) },
			"tensor([[0, 1],\n        [2, 3]])"},
		{"stack 0", func() (*Tensor, error) { return Stack([]*Tensor{seq(2), seq(2)}, 0) },
			"tensor([[0, 1],\n        [0, 1]])"},
		{"stack last", func() (*Tensor, error) { return Stack([]*Tensor{seq(2), mustOp(FromSlice([]float64{5, 6}))}, -1) },
			"tensor([[0., 5.],\n        [1., 6.]], dtype=torch.float64)"},
		{"stack 0-d", func() (*Tensor, error) { return Stack([]*Tensor{MustScalar(1), MustScalar(2)}, 0) },
			"tensor([1, 2])"},
	}
	for _, c := range cases {
		got, err := c.got()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
	}
	// Cat along each dim of 3-D views matches the element-wise definition.
	x := mustOp(mustOp(Randn(NewGenerator(4), Float64, 3, 4, 5)).Permute(1, 2, 0))
	for dim := range 3 {
		y := mustOp(x.Slice(dim, 0, x.shape[dim], 2))
		z := mustOp(Cat([]*Tensor{x, y}, dim))
		front := mustOp(z.Narrow(dim, 0, x.shape[dim]))
		back := mustOp(z.Narrow(dim, x.shape[dim], y.shape[dim]))
		if !Equal(front, x) || !Equal(back, y) {
			t.Errorf("cat along %d of views is wrong", dim)
		}
	}
}

// TestCatContiguousParts checks Cat's block copies (every part contiguous
// and of the output's dtype) against the element-wise definition: parts at
// an offset into their storage, of several widths, a zero-size one, a part
// large enough to be copied in parallel, along each dimension.
func TestCatContiguousParts(t *testing.T) {
	g := NewGenerator(7)
	for _, d := range []DType{Float32, Float64, Float16, Int64} {
		base := mustOp(mustOp(Randn(g, Float64, 6, 5, 40)).To(d))
		for dim := range 3 {
			a := mustOp(base.Narrow(0, 1, 2))                 // contiguous, at an offset
			b := mustOp(mustOp(base.Narrow(0, 3, 2)).Clone()) // contiguous
			shape := a.Shape()
			shape[dim] = 0
			empty := mustOp(Zeros(d, shape...))
			if dim != 0 {
				b = mustOp(mustOp(base.Narrow(0, 0, 2)).Narrow(dim, 1, 3))
				b = mustOp(b.Contiguous())
			}
			parts := []*Tensor{a, empty, b, a}
			z := mustOp(Cat(parts, dim))
			pos := 0
			for i, p := range parts {
				if got := mustOp(z.Narrow(dim, pos, p.shape[dim])); !Equal(got, p) {
					t.Errorf("%s along %d: part %d differs", d, dim, i)
				}
				pos += p.shape[dim]
			}
			if pos != z.shape[dim] {
				t.Errorf("%s along %d: %d positions, want %d", d, dim, z.shape[dim], pos)
			}
		}
	}
	big := mustOp(Randn(g, Float32, 64, 1024, 3))
	z := mustOp(Cat([]*Tensor{big, big}, 1))
	if !Equal(mustOp(z.Narrow(1, 0, 1024)), big) || !Equal(mustOp(z.Narrow(1, 1024, 1024)), big) {
		t.Error("cat of large parts differs")
	}
}

func TestCatStackErrors(t *testing.T) {
	a := seq(2, 2)
	cases := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
	}{
		{"empty list", errOf(Cat(nil, 0)), RuntimeError, "torch.cat(): expected a non-empty list of Tensors"},
		{"sizes", errOf(Cat([]*Tensor{a, seq(3, 3)}, 1)), RuntimeError,
			"Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in the list."},
		{"ndim", errOf(Cat([]*Tensor{a, seq(2, 2, 1)}, 0)), RuntimeError, "Tensors must have same number of dimensions: got 2 and 3"},
		{"0-d", errOf(Cat([]*Tensor{a, MustScalar(1)}, 0)), RuntimeError, "zero-dimensional tensor (at position 1) cannot be concatenated"},
		{"dim", errOf(Cat([]*Tensor{a}, 2)), IndexError, "Dimension out of range"},
		{"stack empty", errOf(Stack(nil, 0)), RuntimeError, "stack expects a non-empty TensorList"},
		{"stack shapes", errOf(Stack([]*Tensor{seq(2), seq(3)}, 0)), RuntimeError,
			"stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1"},
		{"stack dim", errOf(Stack([]*Tensor{seq(2)}, 2)), IndexError, "Dimension out of range"},
	}
	for _, c := range cases {
		checkError(t, c.name, c.err, c.kind, c.msg, "")
	}
}

func TestSplitChunk(t *testing.T) {
	x := seq(5, 2)
	cases := []struct {
		name   string
		parts  func() ([]*Tensor, error)
		shapes [][]int
		first  []int64 // values of the first element of each part
	}{
		{"split 2", func() ([]*Tensor, error) { return Split(x, 2, 0) }, [][]int{{2, 2}, {2, 2}, {1, 2}}, []int64{0, 4, 8}},
		{"split exact", func() ([]*Tensor, error) { return Split(x, 1, 1) }, [][]int{{5, 1}, {5, 1}}, []int64{0, 1}},
		{"split larger", func() ([]*Tensor, error) { return Split(x, 9, -2) }, [][]int{{5, 2}}, []int64{0}},
		{"split empty dim", func() ([]*Tensor, error) { return Split(mustOp(Zeros(Int64, 0, 2)), 3, 0) }, [][]int{{0, 2}}, nil},
		{"split zero size", func() ([]*Tensor, error) { return Split(mustOp(Zeros(Int64, 0)), 0, 0) }, [][]int{{0}}, nil},
		{"sizes", func() ([]*Tensor, error) { return SplitSizes(x, []int{1, 0, 4}, 0) }, [][]int{{1, 2}, {0, 2}, {4, 2}}, []int64{0, -1, 2}},
		{"chunk 3", func() ([]*Tensor, error) { return Chunk(x, 3, 0) }, [][]int{{2, 2}, {2, 2}, {1, 2}}, []int64{0, 4, 8}},
		{"chunk fewer", func() ([]*Tensor, error) { return Chunk(seq(6), 4, 0) }, [][]int{{2}, {2}, {2}}, []int64{0, 2, 4}},
		{"chunk more than length", func() ([]*Tensor, error) { return Chunk(x, 5, 1) }, [][]int{{5, 1}, {5, 1}}, []int64{0, 1}},
		{"chunk empty", func() ([]*Tensor, error) { return Chunk(mustOp(Zeros(Int64, 0)), 3, 0) }, [][]int{{0}, {0}, {0}}, nil},
	}
	for _, c := range cases {
		parts, err := c.parts()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(parts) != len(c.shapes) {
			t.Errorf("%s: %d parts, want %d", c.name, len(parts), len(c.shapes))
			continue
		}
		for i, p := range parts {
			if !slices.Equal(p.Shape(), c.shapes[i]) {
				t.Errorf("%s: part %d has shape %v, want %v", c.name, i, p.Shape(), c.shapes[i])
			}
			if c.first != nil && p.Numel() > 0 && p.storage.data.([]int64)[p.offset] != c.first[i] {
				t.Errorf("%s: part %d starts at %d, want %d", c.name, i, p.storage.data.([]int64)[p.offset], c.first[i])
			}
		}
	}
	// The parts are views: writing through one changes x.
	parts := mustOp(Chunk(x, 2, 1))
	if !parts[1].SharesStorage(x) {
		t.Fatalf("chunk must return views")
	}
	mustOp(0, parts[1].Fill(-1))
	if got := mustOp(Values[int64](x)); !slices.Equal(got, []int64{0, -1, 2, -1, 4, -1, 6, -1, 8, -1}) {
		t.Errorf("writing through a chunk gave %v", got)
	}
	// Cat of the split parts gives back the input, along every dim of a view.
	v := mustOp(mustOp(Randn(NewGenerator(5), Float32, 4, 5, 6)).Transpose(0, 2))
	for dim := range 3 {
		parts := mustOp(Split(v, 2, dim))
		if back := mustOp(Cat(parts, dim)); !Equal(back, v) {
			t.Errorf("cat(split(v, 2, %d)) != v", dim)
		}
	}
}

func TestSplitErrors(t *testing.T) {
	x := seq(5)
	cases := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
	}{
		{"negative", errOf(Split(x, -1, 0)), RuntimeError, "split expects split_size be non-negative, but got split_size=-1"},
		{"zero", errOf(Split(x, 0, 0)), RuntimeError, "split_size can only be 0 if dimension size is 0, but got dimension size of 5"},
		{"0-d", errOf(Split(MustScalar(1), 1, 0)), RuntimeError, "split expects at least a 1-dimensional tensor"},
		{"dim", errOf(Split(x, 1, 1)), IndexError, "Dimension out of range"},
		{"sizes sum", errOf(SplitSizes(x, []int{2, 2}, 0)), RuntimeError,
			"split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 0), but got split_sizes=[2, 2]"},
		{"sizes negative", errOf(SplitSizes(x, []int{6, -1}, 0)), RuntimeError, "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[6, -1]"},
		{"chunks", errOf(Chunk(x, 0, 0)), RuntimeError, "chunk expects `chunks` to be greater than 0, got: 0"},
		{"chunk 0-d", errOf(Chunk(MustScalar(1), 1, 0)), RuntimeError, "chunk expects at least a 1-dimensional tensor"},
	}
	for _, c := range cases {
		checkError(t, c.name, c.err, c.kind, c.msg, "")
	}
}

func TestFlip(t *testing.T) {
	x := seq(2, 3)
	cases := []struct {
		name string
		x    *Tensor
		dims []int
		want string
	}{
		{"dim 0", x, []int{0}, "tensor([[3, 4, 5],\n        [0, 1, 2]])"},
		{"dim -1", x, []int{-1}, "tensor([[2, 1, 0],\n        [5, 4, 3]])"},
		{"both", x, []int{0, 1}, "tensor([[5, 4, 3],\n        [2, 1, 0]])"},
		{"none", x, nil, "tensor([[0, 1, 2],\n        [3, 4, 5]])"},
		{"transposed", x.T(), []int{1}, "tensor([[3, 0],\n        [4, 1],\n        [5, 2]])"},
		{"stepped", mustOp(x.Slice(1, 0, 3, 2)), []int{1}, "tensor([[2, 0],\n        [5, 3]])"},
		{"0-d", MustScalar(2.5), []int{0}, "tensor(2.5000, dtype=torch.float64)"},
		{"bool", mustOp(FromBools([]bool{true, false, false})), []int{0}, "tensor([False, False,  True])"},
		{"empty", mustOp(Zeros(Float32, 0, 2)), []int{0, 1}, "tensor([], size=(0, 2))"},
	}
	for _, c := range cases {
		got, err := Flip(c.x, c.dims...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
		if got.SharesStorage(c.x) {
			t.Errorf("%s: flip must copy", c.name)
		}
		for _, s := range got.Strides() {
			if s < 0 {
				t.Errorf("%s: result has negative strides %v", c.name, got.Strides())
			}
		}
	}
	checkError(t, "repeated", errOf(Flip(x, 0, -2)), RuntimeError, "dim 0 appears multiple times in the list of dims", "")
	checkError(t, "range", errOf(Flip(x, 2)), IndexError, "Dimension out of range", "")
}

func TestTrilTriu(t *testing.T) {
	ones := mustOp(Ones(Float32, 3, 4))
	cases := []struct {
		name string
		fn   func(*Tensor, int) (*Tensor, error)
		x    *Tensor
		diag int
		want string
	}{
		{"tril", Tril, ones, 0, "tensor([[1., 0., 0., 0.],\n        [1., 1., 0., 0.],\n        [1., 1., 1., 0.]])"},
		{"tril 1", Tril, ones, 1, "tensor([[1., 1., 0., 0.],\n        [1., 1., 1., 0.],\n        [1., 1., 1., 1.]])"},
		{"tril -1", Tril, ones, -1, "tensor([[0., 0., 0., 0.],\n        [1., 0., 0., 0.],\n        [1., 1., 0., 0.]])"},
		{"tril -5", Tril, ones, -5, "tensor([[0., 0., 0., 0.],\n        [0., 0., 0., 0.],\n        [0., 0., 0., 0.]])"},
		{"triu", Triu, ones, 0, "tensor([[1., 1., 1., 1.],\n        [0., 1., 1., 1.],\n        [0., 0., 1., 1.]])"},
		{"triu 2", Triu, ones, 2, "tensor([[0., 0., 1., 1.],\n        [0., 0., 0., 1.],\n        [0., 0., 0., 0.]])"},
		{"triu -1", Triu, ones, -1, "tensor([[1., 1., 1., 1.],\n        [1., 1., 1., 1.],\n        [0., 1., 1., 1.]])"},
		{"triu 9", Triu, ones, 9, "tensor([[0., 0., 0., 0.],\n        [0., 0., 0., 0.],\n        [0., 0., 0., 0.]])"},
		{"batched transposed", Tril, seq(2, 2, 2).T(), 0, "tensor([[[0, 0],\n         [2, 6]],\n\n        [[1, 0],\n         [3, 7]]])"},
		{"bool", Triu, mustOp(FromBools([]bool{true, true, true, true}, 2, 2)), 0, "tensor([[ True,  True],\n        [False,  True]])"},
	}
	for _, c := range cases {
		got, err := c.fn(c.x, c.diag)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
	}
	// Tril(k) + Triu(k+1) rebuilds the input.
	x := mustOp(Randn(NewGenerator(6), Float64, 3, 5, 4))
	for k := -5; k <= 5; k++ {
		sum := mustOp(Add(mustOp(Tril(x, k)), mustOp(Triu(x, k+1))))
		if !Equal(sum, x) {
			t.Errorf("tril(%d) + triu(%d) != x", k, k+1)
		}
	}
	checkError(t, "1-d", errOf(Tril(seq(3), 0)), ValueError, "tril: input tensor must have at least 2 dimensions", "")
	checkError(t, "0-d", errOf(Triu(MustScalar(1), 0)), ValueError, "triu: input tensor must have at least 2 dimensions", "")
}

// TestCatRowsOfManyParts checks Cat's block copy, which writes the output
// row by row from every part in turn, on layouts like makemore's (many
// narrow parts joined along the last dimension) under one and two threads,
// with a 1-D empty part that must be skipped.
func TestCatRowsOfManyParts(t *testing.T) {
	defer func(n int) { _ = SetNumThreads(n) }(NumThreads())
	g := NewGenerator(11)
	cases := []struct {
		name   string
		shapes [][]int // the parts; nil stands for a 1-D empty tensor
		dim    int
	}{
		{"makemore", [][]int{{32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}, {32, 16, 64}}, 2},
		{"uneven widths", [][]int{{700, 1}, {700, 5}, nil, {700, 64}, {700, 3}}, 1},
		{"middle dimension", [][]int{{9, 2, 70}, {9, 7, 70}, {9, 1, 70}}, 1},
		{"one row", [][]int{{1, 3}, {1, 4}}, 1},
	}
	for _, threads := range []int{1, 2} {
		if err := SetNumThreads(threads); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			parts := make([]*Tensor, len(c.shapes))
			for i, s := range c.shapes {
				if s == nil {
					parts[i] = mustOp(Zeros(Float32, 0))
					continue
				}
				parts[i] = mustOp(Randn(g, Float32, s...))
			}
			z := mustOp(Cat(parts, c.dim))
			pos := 0
			for i, p := range parts {
				if isLegacyEmpty(p) {
					continue
				}
				if got := mustOp(z.Narrow(c.dim, pos, p.shape[c.dim])); !Equal(got, p) {
					t.Errorf("%s, %d threads: part %d differs", c.name, threads, i)
				}
				pos += p.shape[c.dim]
			}
			if pos != z.shape[c.dim] {
				t.Errorf("%s, %d threads: %d positions, want %d", c.name, threads, z.shape[c.dim], pos)
			}
		}
	}
}
