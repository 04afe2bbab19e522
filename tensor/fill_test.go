package tensor

import (
	"math"
	"testing"
)

// TestFillInPlace checks Fill on contiguous tensors (filled as a range of
// their storage), views inside a larger storage, and strided views (the
// broadcast copy): every element of the view is the value, bit for bit,
// and no other element of the storage changes.
func TestFillInPlace(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, tc := range []struct {
		name  string
		dtype DType
		value float64
		view  func(*Tensor) *Tensor // the filled view of a [4, 6] base
	}{
		{"whole f32 zero", Float32, 0, func(b *Tensor) *Tensor { return b }},
		{"whole f32 negative zero", Float32, negZero, func(b *Tensor) *Tensor { return b }},
		{"whole f64 value", Float64, 2.5, func(b *Tensor) *Tensor { return b }},
		{"whole int64 zero", Int64, 0, func(b *Tensor) *Tensor { return b }},
		{"whole bool one", Bool, 1, func(b *Tensor) *Tensor { return b }},
		{"rows in the middle", Float32, 0, func(b *Tensor) *Tensor { return mustOp(b.Narrow(0, 1, 2)) }},
		{"rows in the middle, value", Float64, -7, func(b *Tensor) *Tensor { return mustOp(b.Narrow(0, 1, 2)) }},
		{"columns (strided)", Float32, 0, func(b *Tensor) *Tensor { return mustOp(b.Narrow(1, 2, 3)) }},
		{"transposed", Float64, 1.5, func(b *Tensor) *Tensor { return mustOp(b.Transpose(0, 1)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := mustOp(mustOp(Arange(1, 25, 1, Float64)).View(4, 6))
			base = mustOp(base.To(tc.dtype))
			before := mustOp(mustOp(base.Clone()).Float64s())
			v := tc.view(base)
			version := base.storage.version.Load()
			if err := v.Fill(tc.value); err != nil {
				t.Fatal(err)
			}
			if base.storage.version.Load() == version {
				t.Error("the version counter did not move")
			}
			// Mark the view's elements in a copy of the storage's values.
			marker := mustOp(Full(1, Float64, 4, 6))
			inView := mustOp(marker.Clone())
			mustOp(0, tc.view(inView).Fill(0))
			after := mustOp(base.Float64s())
			inside := mustOp(inView.Float64s())
			want := mustOp(mustOp(Full(tc.value, tc.dtype)).Float64s())[0]
			for i := range after {
				if inside[i] == 0 {
					if math.Float64bits(after[i]) != math.Float64bits(want) {
						t.Errorf("element %d: %v, want %v", i, after[i], want)
					}
				} else if after[i] != before[i] {
					t.Errorf("element %d outside the view: %v, was %v", i, after[i], before[i])
				}
			}
		})
	}
	expanded := mustOp(mustOp(Full(1, Float32, 1, 3)).Expand(4, 3))
	if err := expanded.Fill(0); err == nil {
		t.Error("Fill of an expanded view: no error")
	}
}
