package tensor

import (
	"runtime"
	"slices"
	"testing"
)

// TestSmallTensorsKeepTheirElements checks tensors whose elements live in
// their own block (small.go): results of every dtype hold what was
// computed across garbage collections, a view keeps the elements of a
// tensor no longer referenced, and a tensor just above the size keeps the
// separate storage.
func TestSmallTensorsKeepTheirElements(t *testing.T) {
	tests := []struct {
		name string
		make func() (*Tensor, error)
		want []float64
	}{
		{"float32 x2", func() (*Tensor, error) { return Add(vectorOf(t, []float32{1, 2}), vectorOf(t, []float32{10, 20})) }, []float64{11, 22}},
		{"float64 x4", func() (*Tensor, error) {
			return Mul(vectorOf(t, []float64{1, 2, 3, 4}), vectorOf(t, []float64{2, 2, 2, 2}))
		}, []float64{2, 4, 6, 8}},
		{"int64 x4", func() (*Tensor, error) {
			return Sub(vectorOf(t, []int64{5, 6, 7, 8}), vectorOf(t, []int64{1, 1, 1, 1}))
		}, []float64{4, 5, 6, 7}},
		{"float64 x5, not small", func() (*Tensor, error) {
			return Add(vectorOf(t, []float64{1, 2, 3, 4, 5}), vectorOf(t, []float64{1, 1, 1, 1, 1}))
		}, []float64{2, 3, 4, 5, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var kept []*Tensor
			for range 1000 {
				r, err := tt.make()
				if err != nil {
					t.Fatal(err)
				}
				kept = append(kept, r)
			}
			runtime.GC()
			for _, r := range kept {
				got, err := r.Float64s()
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, tt.want) {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
	// A view of the last element outlives its base.
	base, err := Add(vectorOf(t, []float32{1, 2}), vectorOf(t, []float32{3, 4}))
	if err != nil {
		t.Fatal(err)
	}
	view, err := base.Select(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	base = nil
	runtime.GC()
	for range 1000 {
		_, _ = Add(vectorOf(t, []float32{9, 9}), vectorOf(t, []float32{9, 9}))
	}
	runtime.GC()
	if v, err := view.Float64s(); err != nil || !slices.Equal(v, []float64{6}) {
		t.Fatalf("view = %v, %v; want 6", v, err)
	}
}

func vectorOf[T Element](t *testing.T, data []T) *Tensor {
	t.Helper()
	x, err := FromSlice(data, len(data))
	if err != nil {
		t.Fatal(err)
	}
	return x
}
