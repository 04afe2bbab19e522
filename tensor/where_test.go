package tensor

import (
	"slices"
	"testing"
)

func TestWhere(t *testing.T) {
	cond := mustOp(FromBools([]bool{true, false, true}))
	col := mustOp(FromBools([]bool{true, false}, 2, 1))
	i64 := seq(3)
	f32 := mustOp(FromSlice([]float32{10, 20, 30}))
	cases := []struct {
		name    string
		c, a, b *Tensor
		want    string
	}{
		{"same dtype", cond, i64, mustOp(Full(-1, Int64, 3)), "tensor([ 0, -1,  2])"},
		{"promotes", cond, i64, f32, "tensor([ 0., 20.,  2.])"},
		{"scalar stays weak", cond, f32, MustScalar(0.5), "tensor([10.0000,  0.5000, 30.0000])"},
		{"int scalar lifts bool", cond, mustOp(FromBools([]bool{true, true, true})), MustScalar(7), "tensor([1, 7, 1])"},
		{"broadcast", col, i64, f32, "tensor([[ 0.,  1.,  2.],\n        [10., 20., 30.]])"},
		{"transposed", mustOp(FromBools([]bool{true, false, false, true}, 2, 2)).T(), seq(2, 2).T(), mustOp(Zeros(Int64, 2, 2)),
			"tensor([[0, 0],\n        [0, 3]])"},
		{"bools", cond, mustOp(FromBools([]bool{false, false, false})), mustOp(FromBools([]bool{true, true, true})),
			"tensor([False,  True, False])"},
	}
	for _, c := range cases {
		got, err := Where(c.c, c.a, c.b)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
	}
	checkError(t, "cond dtype", errOf(Where(i64, i64, i64)), TypeError,
		"where expected condition to be a boolean tensor, but got a tensor with dtype int64", "x > 0")
	checkError(t, "shapes", errOf(Where(cond, seq(2), i64)), RuntimeError, "must match the size", "")
}

func TestMaskedFill(t *testing.T) {
	x := seq(2, 3)
	mask := mustOp(FromBools([]bool{true, false, true}))
	cases := []struct {
		name    string
		x, mask *Tensor
		value   *Tensor
		want    string
	}{
		{"broadcast mask", x, mask, MustScalar(-1), "tensor([[-1,  1, -1],\n        [-1,  4, -1]])"},
		{"keeps int dtype", x, mask, MustScalar(2.7), "tensor([[2, 1, 2],\n        [2, 4, 2]])"},
		{"float", mustOp(Zeros(Float32, 3)), mask, MustScalar(1.5), "tensor([1.5000, 0.0000, 1.5000])"},
		{"0-d tensor value", mustOp(Zeros(Float32, 3)), mask, mustOp(Full(4, Float64)), "tensor([4., 0., 4.])"},
		{"bool", mustOp(Zeros(Bool, 3)), mask, MustScalar(true), "tensor([ True, False,  True])"},
		{"transposed x", x.T(), mustOp(FromBools([]bool{false, true})), MustScalar(9),
			"tensor([[0, 9],\n        [1, 9],\n        [2, 9]])"},
		{"mask broadcasts x", seq(3), mustOp(FromBools([]bool{true, false}, 2, 1)), MustScalar(-1),
			"tensor([[-1, -1, -1],\n        [ 0,  1,  2]])"},
	}
	for _, c := range cases {
		before := mustOp(c.x.Float64s())
		got, err := MaskedFill(c.x, c.mask, c.value)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s := got.String(); s != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, s, c.want)
		}
		if after := mustOp(c.x.Float64s()); !slices.Equal(before, after) {
			t.Errorf("%s: MaskedFill changed its input", c.name)
		}
	}
	checkError(t, "mask dtype", errOf(MaskedFill(x, seq(3), MustScalar(1))), TypeError,
		"masked_fill_ only supports boolean masks, but got mask with dtype int64", "")
	checkError(t, "value dims", errOf(MaskedFill(x, mask, seq(1))), RuntimeError,
		"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).", "")
	checkError(t, "shapes", errOf(MaskedFill(x, mustOp(FromBools([]bool{true, false})), MustScalar(1))), RuntimeError, "must match the size", "")
}
