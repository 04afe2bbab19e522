package lang

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

func TestOperandName(t *testing.T) {
	must := func(x *tensor.Tensor, err error) *tensor.Tensor {
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	wrapped32 := must(tensor.MustScalar(1.5).To(tensor.Float32)) // To keeps the wrapped mark
	cases := []struct {
		name string
		x    *tensor.Tensor
		want string
	}{
		{"wrapped float", tensor.MustScalar(1.5), "float"},
		{"wrapped float32", wrapped32, "float"},
		{"wrapped int", tensor.MustScalar(2), "int"},
		{"wrapped bool", tensor.MustScalar(true), "bool"},
		{"0-d float32 tensor", must(tensor.FromSlice([]float32{1})), "float32"},
		{"int64 tensor", must(tensor.FromSlice([]int64{1, 2}, 2)), "int64"},
	}
	for _, c := range cases {
		if got := operandName(c.x); got != c.want {
			t.Errorf("%s: operandName = %q, want %q", c.name, got, c.want)
		}
	}
}
