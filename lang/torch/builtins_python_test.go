package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPythonBuiltinsOfTensors checks Python's builtins that torch also
// names (sum, max, min, all, any, abs, round, pow) against PyTorch: of a
// tensor they act as Python's, iterating over its rows (sum of a 2-d
// tensor is the sum of its rows, max of one compares rows and meets the
// ambiguity error), where torch's functions of the same names reduce.
func TestPythonBuiltinsOfTensors(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([[1., -5.], [3., 2.]])\nv = torch.tensor([1.5, -2.5, 0.])\n", []string{
		"sum(t)", "sum(v)", "sum(t, 1)", "sum(v, start=10)", "sum(torch.tensor(3.))", "sum([v, v])",
		"max(v)", "min(v)", "max(t)", "min(t)", "max(v, key=abs)", "max(v[0], v[1])", "max(t[0], t[1])",
		"max(torch.tensor([[1.]]))", "max(torch.tensor(3.))", "max(v, default=0)", "min([], default=v)",
		"any(v)", "all(v)", "any(t)", "all(torch.tensor([[True]]))", "any(torch.tensor([]))",
		"abs(t)", "round(v)", "round(v, 1)", "round(torch.tensor(2.5))", "pow(v, 2)", "pow(2, v)", "pow(v, [1, 2, 3])",
		"pow(v, 2, 3)", "pow(torch.tensor([2, 3]), 2, 5)", "pow(v, 2, None)", "round(v, ndigits=1)", "abs(v, 1)", "any(v, 0)",
		"sorted(torch.tensor([3, 1, 2]))", "sorted(t)",
		"[1., -5.] in t", "(1,) in t", "'a' in t", "None in t", "3. in t", "torch.tensor([3., 2.]) in t", "True in torch.tensor([1])",
		"torch.tensor(2.5).__format__('.1f')", "v.__format__('.1f')", "v.__format__('')", "torch.Tensor.__format__(torch.tensor(2.5), '.2f')",
		"torch.sum(t), torch.sum(t, 1), torch.max(t), torch.min(t, dim=0), torch.all(t > 0), torch.any(t > 0)",
		"torch.round(v, decimals=0), torch.abs(v), torch.pow(2, v), torch.pow(v, 2)",
		"torch.sum is sum, torch.max is max",
	})
}

// TestTensorsAsPythonNumbers checks PyTorch's errors where Python needs a
// number and gets a tensor that is none.
func TestTensorsAsPythonNumbers(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch, math\nt = torch.tensor([4., 9.])\n", []string{
		"math.sqrt(t)", "float(t)", "int(t)", "'%f' % t", "'%d' % t", "math.floor(t)", "complex(t)", "[1, 2][t]",
		"math.sqrt(torch.tensor([4.]))", "'%f' % torch.tensor([2.])", "[1, 2, 3][torch.tensor(1)]", "range(torch.tensor(2))",
		"range(torch.tensor(2.))", "range(torch.tensor([2, 3]))", "range(0, torch.tensor([4]))",
	})
}

// TestSizeIsATuple checks torch.Size against PyTorch's, a tuple subclass:
// equality, order, concatenation, repetition and slices that stay
// torch.Size, % formatting, the refused item assignment.
func TestSizeIsATuple(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.zeros(2, 3)\ns = x.shape\n", []string{
		"s == [2, 3]", "s == (2, 3)", "[2, 3] == s", "s != [2, 3]", "s == torch.Size([2, 3])", "s + s", "s + (1,)", "(1,) + s", "s + [1]", "[1] + s",
		"s * 2", "2 * s", "s * 2.0", "s[1:]", "s[::-1]", "s[:0]", "s[0]", "s[-1]", "s[5]", "s['a']", "'%s %s' % s", "'%d x %d' % x.size()", "'%s' % (s,)", "'%s' % s", "'x' % s",
		"s < (3,)", "s < [3]", "s.count(2)", "s.index(3)", "s.numel()", "hasattr(s, 'append')", "isinstance(s, list)", "isinstance(s, tuple)",
		"hash(s) == hash((2, 3))", "{s, (1, 2), torch.Size([0]), (5,)}", "{s: 1}[(2, 3)]", "torch.Size([torch.tensor(2)])", "torch.Size([1, 1.5])", "torch.Size(['a'])", "torch.Size(range(3))",
		"s.__add__((1,))", "s.__getitem__(slice(1, None))", "s.__mul__(2)", "s.__len__()", "s.__eq__((2, 3))", "s.__eq__([2, 3])",
		"torch.zeros(s[1:] + (4,)).shape", "x.view(s[::-1]).shape", "s[0:1] + s[1:]", "x.size()[:-1] + (3, 1)",
		"s[0] = 5", "del s[0]", "s.append(1)", "s2 = s\ns += (1,)\ns, s2", "s2 = s\ns *= 2\ns, s2",
		"[1] < (2,)", "(1,) < [2]",
	})
}

// TestReluKeepsSignsAndNaN checks relu's branch-free kernel against
// PyTorch's x < 0 ? 0 : x: -0 and NaN stay, in float32 and float64, in
// place and not, contiguous and strided, short (the kernels' Go tail) and
// long enough for their vector blocks.
func TestReluKeepsSignsAndNaN(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.tensor([-0.0, 0.0, float('nan'), -1.5, 2.5, float('-inf'), float('inf'), -1e-45, 1e-45])\n", []string{
		"torch.relu(x)", "1 / torch.relu(x)[:2]", "torch.relu(x.double())", "x.clone().relu_()", "torch.relu(x.reshape(3, 3).t())",
		"torch.nn.functional.relu(x * 0)", "torch.relu(torch.arange(-3, 3))",
		"torch.relu(x.repeat(8)).tolist()", "torch.relu(x.double().repeat(8)).tolist()", "x.repeat(8).relu_().tolist()",
	})
}
