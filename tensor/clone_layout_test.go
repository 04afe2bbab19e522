package tensor

import (
	"slices"
	"testing"
)

// TestClonePreservingLayout checks the copy's strides against PyTorch
// 1.13's clone() (preserve_format) and that the values are kept.
func TestClonePreservingLayout(t *testing.T) {
	base := func() *Tensor { return must(must(Arange(0, 24, 1, Float32)).View(2, 3, 4)) }
	cases := []struct {
		name    string
		x       *Tensor
		strides []int
	}{
		{"contiguous", base(), []int{12, 4, 1}},
		{"transposed", must(base().Transpose(0, 2)), []int{1, 4, 12}},
		{"permuted and sliced", must(must(base().Permute(1, 2, 0)).Slice(1, 1, 4, 1)), []int{3, 1, 9}},
		{"every other row", must(base().Slice(1, 0, 3, 2)), []int{8, 4, 1}},
		{"expanded", must(must(must(base().Narrow(1, 0, 1)).Expand(2, 3, 4)).Contiguous()), []int{12, 4, 1}},
		{"broadcast", must(must(base().Narrow(1, 0, 1)).Expand(2, 3, 4)), []int{12, 4, 1}},
		{"strided", must(base().AsStrided([]int{2, 2}, []int{1, 4}, 3)), []int{1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.x.ClonePreservingLayout()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Strides(), c.strides) {
				t.Errorf("strides %v, want %v", got.Strides(), c.strides)
			}
			if got.SharesStorage(c.x) || !slices.Equal(must(got.Float64s()), must(c.x.Float64s())) {
				t.Errorf("the copy is not a copy of the values")
			}
		})
	}
}

// must returns v, panicking on err (the cases are built before the test
// runs).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
