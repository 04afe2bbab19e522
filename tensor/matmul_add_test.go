package tensor

import (
	"fmt"
	"testing"
)

// TestMatmulAddInPlace checks that acc += a·b in place is acc + Matmul(a,
// b) bit for bit, for acc contiguous and transposed and operands
// transposed (a recurrent weight's gradient, Gᵀ·H, is both), and that
// what it does not take is left alone.
func TestMatmulAddInPlace(t *testing.T) {
	g := NewGenerator(7)
	randn := func(shape ...int) *Tensor {
		x, err := Randn(g, Float32, shape...)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tr := func(x *Tensor) *Tensor {
		y, err := x.Transpose(0, 1)
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	slice := func(x *Tensor) *Tensor {
		y, err := x.Slice(1, 0, 60, 2)
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	cases := []struct {
		name      string
		acc, a, b *Tensor
		taken     bool
	}{
		{"gT.h", randn(800, 200), tr(randn(20, 800)), randn(20, 200), true},
		{"gT.h into a transposed sum", tr(randn(200, 800)), tr(randn(20, 800)), randn(20, 200), true},
		{"several K blocks", randn(40, 30), randn(40, 900), tr(randn(30, 900)), true},
		{"small", randn(3, 4), randn(3, 5), randn(5, 4), true},
		{"a row", randn(1, 50), randn(1, 20), randn(20, 50), false},
		{"strided sum", slice(randn(40, 60)), randn(40, 8), randn(8, 30), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Matmul(tc.a, tc.b)
			if err != nil {
				t.Fatal(err)
			}
			want, err := tc.acc.Clone()
			if err != nil {
				t.Fatal(err)
			}
			if tc.taken {
				if want, err = Add(tc.acc, p); err != nil {
					t.Fatal(err)
				}
			}
			taken, err := MatmulAddInPlace(tc.acc, tc.a, tc.b)
			if err != nil || taken != tc.taken {
				t.Fatalf("taken %v, %v; want %v", taken, err, tc.taken)
			}
			if !Equal(tc.acc, want) {
				t.Errorf("acc = %v\nwant %v", fmt.Sprint(tc.acc), fmt.Sprint(want))
			}
		})
	}
}
