package tensor

import (
	"math"
	"strings"
	"testing"
)

// TestCheckedSizeArithmetic checks the one helper pair every size
// computation goes through at the edges of an int.
func TestCheckedSizeArithmetic(t *testing.T) {
	tests := []struct {
		a, b         int
		mul, add     int
		mulOK, addOK bool
	}{
		{0, math.MaxInt, 0, math.MaxInt, true, true},
		{1 << 31, 1 << 31, 1 << 62, 1<<31 + 1<<31, true, true},
		{1 << 62, 2, 0, 1<<62 + 2, false, true},
		{1 << 62, 4, 0, 1<<62 + 4, false, true},
		{math.MaxInt, 1, math.MaxInt, 0, true, false},
		{1 << 32, 1 << 32, 0, 1 << 33, false, true},
		{-1, 2, 0, 0, false, false},
	}
	for _, tt := range tests {
		if got, ok := checkedMul(tt.a, tt.b); ok != tt.mulOK || ok && got != tt.mul {
			t.Errorf("checkedMul(%d, %d) = %d, %v; want %d, %v", tt.a, tt.b, got, ok, tt.mul, tt.mulOK)
		}
		if got, ok := checkedAdd(tt.a, tt.b); ok != tt.addOK || ok && got != tt.add {
			t.Errorf("checkedAdd(%d, %d) = %d, %v; want %d, %v", tt.a, tt.b, got, ok, tt.add, tt.addOK)
		}
	}
}

// TestStorageSizeOverflow: a shape whose byte size does not fit in an int
// is PyTorch's RuntimeError, not a tensor whose size wrapped around 2**64
// (a tiny buffer claiming 2**62 elements, then a fault on first touch).
func TestStorageSizeOverflow(t *testing.T) {
	one, err := Ones(Float32, 1)
	if err != nil {
		t.Fatal(err)
	}
	huge := func() *Tensor {
		x, err := one.Expand(1 << 62)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	g := NewGenerator(0)
	counts, err := FromSlice([]int64{1 << 62, 1 << 62})
	if err != nil {
		t.Fatal(err)
	}
	scalarCount, err := FromSlice([]int64{1 << 62}, 1)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Ones(Float32, 2)
	if err != nil {
		t.Fatal(err)
	}
	dim0 := 0
	tests := []struct {
		name string
		f    func() (*Tensor, error)
		msg  string
	}{
		{"zeros(2**62)", func() (*Tensor, error) { return Zeros(Float32, 1<<62) }, "sizes=[4611686018427387904]"},
		{"empty(2**31, 2**31)", func() (*Tensor, error) { return Empty(Float32, 1<<31, 1<<31) }, "sizes=[2147483648, 2147483648]"},
		{"zeros(2**61, float64)", func() (*Tensor, error) { return Zeros(Float64, 1<<61) }, "sizes=[2305843009213693952]"},
		{"ones(2**62)", func() (*Tensor, error) { return Ones(Float32, 1<<62) }, "sizes="},
		{"full(2**62)", func() (*Tensor, error) { return Full(0, Float32, 1<<62) }, "sizes="},
		{"eye(2**31)", func() (*Tensor, error) { return Eye(1<<31, 1<<31, Float32) }, "sizes="},
		{"randn(2**62)", func() (*Tensor, error) { return Randn(g, Float32, 1<<62) }, "sizes="},
		{"rand(2**62)", func() (*Tensor, error) { return Rand(g, Float32, 1<<62) }, "sizes="},
		{"randint(2**62)", func() (*Tensor, error) { return Randint(g, 0, 5, 1<<62) }, "sizes="},
		{"expand.contiguous", func() (*Tensor, error) { return huge().Contiguous() }, "sizes="},
		{"expand.clone", func() (*Tensor, error) { return huge().Clone() }, "sizes="},
		{"exp(expand)", func() (*Tensor, error) { return Exp(huge()) }, "sizes="},
		{"ones_like(expand)", func() (*Tensor, error) { return OnesLike(huge()) }, "sizes="},
		{"cat", func() (*Tensor, error) { return Cat([]*Tensor{huge(), huge()}, 0) }, "add up"},
		{"repeat", func() (*Tensor, error) { return Repeat(two, 1<<62) }, "sizes="},
		{"repeat_interleave(int)", func() (*Tensor, error) { return RepeatInterleave(two, scalarCount, &dim0) }, "add up"},
		{"repeat_interleave(tensor)", func() (*Tensor, error) { return RepeatInterleave(two, counts, &dim0) }, "add up"},
		{"reshape", func() (*Tensor, error) { return huge().Reshape(1<<62, -1, 4) }, "sizes="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := tt.f()
			var e *Error
			if !asError(err, &e) || e.Kind != RuntimeError ||
				!strings.HasPrefix(e.Msg, "Storage size calculation overflowed") || !strings.Contains(e.Msg, tt.msg) {
				t.Fatalf("got %v, %v; want RuntimeError: Storage size calculation overflowed ... %s", x, err, tt.msg)
			}
		})
	}
}
