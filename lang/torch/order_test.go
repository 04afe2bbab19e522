package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestOrderOfTensorsMatchesTorch checks that sorted, min and max order
// one-element tensors (and tensors beside numbers) as Python does with
// PyTorch, through the tensor's < and its truth, and that an error an
// order raises is passed on rather than reworded.
func TestOrderOfTensorsMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, `import torch
class Boom:
    def __lt__(self, other):
        raise ValueError("boom")
`, []string{
		"sorted([torch.tensor(2), 1, torch.tensor(0.5)])",
		"min([torch.tensor(3.), torch.tensor(-1.)]), max(torch.tensor([3, 1]).unbind()), min(torch.tensor([3, 1]).unbind())",
		"sorted(torch.tensor([3., 1, 2])), sorted(torch.tensor([3., 1, 2]), reverse=True)",
		"sorted([[torch.tensor(2.)], [torch.tensor(1.)]]), max([(torch.tensor(1), 'a'), (torch.tensor(2), 'b')])",
		"max(torch.tensor(float('nan')), torch.tensor(1.)), max(torch.tensor([True, False]))",
		"sorted([(x, x.item()) for x in torch.tensor([0.5, -2.0, 1.0])], key=lambda p: p[0])",
		"max(y for y in torch.arange(5.)), min(torch.arange(4.) - 1.5, key=abs)",
		"sum(torch.arange(3), start=10), max(torch.zeros(0), default=5), max(torch.tensor([1, 5, 2]), key=lambda t: -t)",
		"bool(torch.zeros(0))",
		// errors
		"sorted([torch.zeros(2), torch.ones(2)])",
		"sorted([torch.tensor(1.), 'a'])",
		"sorted([Boom(), Boom()])",
		"min([Boom(), Boom()])",
	})
}

// TestTensorAsIndexMatchesTorch checks a tensor where Python wants an
// integer (Tensor.__index__) and a tensor where it wants one number
// (.item(), float(), int()), with PyTorch's errors.
func TestTensorAsIndexMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nxs = list(range(0, 100, 10))\n", []string{
		"xs[torch.tensor(3)], xs[torch.tensor([4])], xs[torch.tensor(True)], xs[torch.tensor(1)], range(torch.tensor(2)), hex(torch.tensor(255))",
		"xs[torch.tensor([1, 2])]", "xs[torch.tensor(1.5)]", "hex(torch.tensor([1, 2]))",
		"torch.zeros(2).item()", "torch.zeros(0).item()", "float(torch.zeros(2))", "int(torch.zeros(2))",
	})
}

// TestContainersOfTensorsCompareAsTorch checks ==, in, index, count and
// remove over lists, tuples and dicts holding tensors: Python compares
// their elements identity first, then by the truth of a == b, which is
// PyTorch's error for several elements.
func TestContainersOfTensorsCompareAsTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.ones(2)\n", []string{
		"[torch.zeros(1)] == [torch.zeros(1)], [torch.zeros(1)] == [torch.ones(1)], (torch.tensor(2),) != (torch.tensor(2.),)",
		"[t] == [t], (t, 1) == (t, 1), {'a': t} == {'a': t}, t in [t], [t].index(t), [1, t].count(t)",
		"[torch.zeros(1)].index(torch.zeros(1)), torch.tensor(3) in [1, 2, 3], [torch.tensor(1.)].count(1)",
		"l = [torch.ones(1), torch.zeros(1)]\nl.remove(torch.zeros(1))\nl",
		"[t, None] == [t, None], [None] == [torch.zeros(1)], torch.zeros(1) in ['a', None]",
		"{'a': torch.zeros(1)} == {'a': torch.ones(1)}",
		"(torch.zeros(2),) == (torch.ones(2),)",
		"torch.zeros(2) in [torch.ones(2)]",
		"[1, torch.ones(2)].count(1)",
		"[torch.ones(2)].index(torch.zeros(2))",
		"[torch.zeros(3)] == [torch.zeros(2)]",
	})
}
