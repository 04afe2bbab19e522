package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestModuleSpecialMethods checks the special methods modules have from
// their protocols against PyTorch: a container's items by name
// (seq.__getitem__(0), __len__, __iter__), none for a layer that is no
// container, which shares its Go type.
func TestModuleSpecialMethods(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nfrom torch import nn\nlin = nn.Linear(2, 2)\nseq = nn.Sequential(nn.Linear(2, 3), nn.ReLU())\nml = nn.ModuleList([nn.ReLU()])\nmd = nn.ModuleDict({'a': nn.ReLU()})\n", []string{
		"type(seq.__getitem__(0)).__name__, seq.__len__(), [type(m).__name__ for m in seq.__iter__()], ml.__len__(), md.__contains__('a'), md.__contains__('b')",
		"seq.__setitem__(1, nn.Tanh()), seq",
		"[n in dir(lin) for n in ['__getitem__', '__len__', '__iter__', '__setitem__', '__contains__', '__iadd__', '__add__']]",
		"[n in dir(seq) for n in ['__getitem__', '__len__', '__iter__', '__setitem__']], '__contains__' in dir(md)",
		"lin.__getitem__(0)",
		"pl = nn.ParameterList([nn.Parameter(torch.zeros(1))])\npl.__iadd__([nn.Parameter(torch.ones(1))]) is pl, len(pl)",
	})
}
