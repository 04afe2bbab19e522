package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestShiftsMatchTorch compares << and >> (operators, augmented
// assignments, bitwise_left_shift/bitwise_right_shift, their in-place
// methods and the special methods) with PyTorch 1.13: every integer
// dtype, counts at and past the bit width and negative ones, Python ints
// on either side, and the refusals of floats and bools.
func TestShiftsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\na = torch.tensor([1, -8, 5, -1, 127])\nc = torch.tensor([0, 1, 63, 64, 100])\nn = torch.tensor([-1, -2, -64, -65, -100])\nw = torch.arange(-40, 40)\n", []string{
		"(a << 2).tolist(), (a >> 1).tolist(), (a << c).tolist(), (a >> c).tolist()",
		"(a << -1).tolist(), (a >> -1).tolist(), (a << n).tolist(), (a >> n).tolist()",
		"[((a.to(d) << w[:5]).tolist(), (a.to(d) >> w[:5]).tolist()) for d in [torch.int8, torch.int16, torch.int32, torch.uint8]]",
		"[(a.to(d) << 7).tolist() + (a.to(d) << 8).tolist() + (a.to(d) >> 8).tolist() + (a.to(d) << 31).tolist() + (a.to(d) << 32).tolist() + (a.to(d) >> 33).tolist() for d in [torch.int8, torch.int16, torch.int32, torch.uint8, torch.int64]]",
		"v = torch.full((80,), -77)\n[(v.to(d) << w.to(d)).tolist() + (v.to(d) >> w.to(d)).tolist() for d in [torch.int8, torch.int16, torch.int32, torch.int64]]",
		"r = a.to(torch.int8) >> torch.tensor([7, 8, 9, -1, 3], dtype=torch.int8)\nr.tolist(), r.dtype",
		"r = a.to(torch.int8) << torch.tensor([1, 1, 1, 1, 1])\nr.tolist(), r.dtype, (torch.tensor([3], dtype=torch.int16) << torch.tensor(2)).dtype",
		"(2 << a.abs()).tolist(), (1 >> a.abs()).tolist(), (torch.tensor([True]) << 1).tolist(), (torch.tensor([3]) << True).tolist(), (torch.tensor(3) << 2).item()",
		"torch.bitwise_left_shift(a, 2).tolist(), torch.bitwise_right_shift(a, torch.tensor(1)).tolist(), a.bitwise_left_shift(1).tolist()",
		"a.__lshift__(1).tolist(), a.__rlshift__(1).tolist(), a.__rrshift__(64).tolist(), a.__rshift__(2).tolist()",
		"b = torch.tensor([1, 2])\nc = b\nb <<= 3\nb.tolist(), b is c",
		"b = torch.tensor([8, 16], dtype=torch.int8)\nb >>= torch.tensor([1, 2])\nb.tolist(), b.dtype",
		"b = torch.tensor([1, 2])\nr = b.bitwise_left_shift_(1)\nb.tolist(), r is b, torch.tensor([8, 16]).bitwise_right_shift_(torch.tensor([1, 2])).tolist()",
		"b = torch.tensor([1, 2])\nr = b.__ilshift__(2)\nr is b, b.tolist(), b.__irshift__(1).tolist()",
		"torch.tensor([1., 2.]) << 1",
		"torch.tensor([1, 2]) << 1.5",
		"torch.tensor([1, 2]) << torch.tensor([1.])",
		"torch.tensor([True]) << torch.tensor([True])",
		"torch.tensor([1.]) >> torch.tensor([1])",
		"1.5 << a",
		"torch.bitwise_right_shift(torch.tensor([1j]), 1)",
	})
}
