package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTensorOperandsMatchTorch compares tensor operators given operands
// no tensor operator takes (lists, tuples, str, None) with PyTorch 1.13:
// Tensor's methods return NotImplemented, so Python's fallback applies (a
// sequence repeated by a one-element integer tensor's __index__, list's
// own concatenation error, == comparing identities), and augmented
// assignments say "+=".
func TestTensorOperandsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([1., 2.])\ni = torch.tensor(2)\n", []string{
		"t + [1, 2]", "[1, 2] + t", "(1,) + t", "'a' + t", "t + 'a'", "t + None", "t - [1, 2]", "t / (1, 2)",
		"[1, 2] * i, i * [1, 2], (1, 2) * i, i * (3,), 'ab' * i, b'a' * i",
		"[1] * t", "t * [1, 2]", "[1] * torch.tensor(2.)", "[1] * torch.tensor([2])",
		"t == [1, 2], [1, 2] == t, t != (1, 2), t == None, t != 'a'",
		"t < [1, 2]", "t @ [1., 2.]", "t ** [1, 2]", "t & [1, 2]",
		"u = t.clone()\nu += [1, 2]", "u = t.clone()\nu *= (2,)", "u = t.clone()\nu[0] += [1]", "u = t.clone()\nu -= 'a'",
		"x = [1, 2]\nx *= i\nx", "x = [1]\nx *= torch.tensor(2.)", "x = [1, 2]\nx += t\nlen(x)",
		"t + 1, t + True, t * 2.5, t + 1j, t + torch.tensor(1, dtype=torch.int32)",
	})
}

// TestTensorDundersMatchTorch compares Tensor's special methods, called
// by name on a tensor or through torch.Tensor, with PyTorch 1.13's.
func TestTensorDundersMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([1., 2.])\ni = torch.tensor(3)\n", []string{
		"t.__add__(1), t.__radd__(1), t.__sub__(1), t.__rsub__(1), t.__mul__(t), t.__rmul__(2), t.__truediv__(2), t.__rtruediv__(2)",
		"t.__floordiv__(2), t.__rfloordiv__(5), t.__mod__(2), t.__rmod__(5), t.__pow__(2), t.__rpow__(2), t.__matmul__(t), t.__div__(2), t.__rdiv__(2)",
		"i.__and__(1), i.__rand__(1), i.__or__(4), i.__ror__(4), i.__xor__(1), i.__rxor__(1), i.__lshift__(1), i.__rlshift__(1), i.__rshift__(1), i.__rrshift__(16)",
		"[t.__add__(x) for x in ([1, 2], (1,), 'a', None, object)]",
		"[getattr(t, n)([1]) for n in ('__radd__', '__iadd__', '__sub__', '__rsub__', '__mul__', '__rmatmul__', '__pow__', '__rpow__', '__eq__', '__lt__', '__ixor__')]",
		"u = t.clone()\nr = u.__iadd__(1)\nr is u, u",
		"u = t.clone()\nu.__imul__(t), u.__itruediv__(2), u.__isub__(1), u.__ipow__(2), u",
		"u = i.clone()\nu.__iand__(1), u.__ior__(2), u.__ixor__(1), u.__ilshift__(2), u.__irshift__(1), u.__ifloordiv__(2), u.__imod__(2)",
		"t.__eq__(t), t.__ne__(1.), t.__lt__(2), t.__le__(1), t.__gt__(1), t.__ge__(2)",
		"t.__neg__(), t.__pos__(), i.__invert__(), t.__abs__()",
		"i.__bool__(), i.__nonzero__(), i.__float__(), i.__int__(), i.__long__(), i.__index__(), i.__complex__()",
		"t.__len__(), t.__getitem__(1), t.__contains__(2.), t.__contains__(5), list(t.__iter__()), list(t.__reversed__())",
		"u = t.clone()\nu.__setitem__(0, 7.)\nu",
		"t.__delitem__(0)", "del t[0]", "t.__index__()", "t.__float__()", "torch.tensor(2.5).__index__()",
		"torch.Tensor.add(t, 1), torch.Tensor.__add__(t, t), torch.Tensor.sum(t), torch.FloatTensor.mul(t, 2), torch.Tensor.__eq__(t, 1.)",
		"torch.Tensor.__add__(t, [1])",
		"sorted(n for n in dir(t) if n.startswith('__') and n[2:-2] in ('add', 'radd', 'iadd', 'matmul', 'rmatmul', 'imatmul', 'len', 'iter', 'index', 'nonzero', 'long', 'div', 'idiv', 'rdiv'))",
	})
}
