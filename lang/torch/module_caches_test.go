package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestModuleAttributeCachesMatchTorch warms the compiled sites that read
// and call an nn.Module's submodules through the inline caches of
// lang/class_layout.go (what the native base keeps), then changes what
// they should find: a submodule replaced, a class attribute or
// a property of the same name, a plain attribute; the outcomes must be
// PyTorch's.
func TestModuleAttributeCachesMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch import nn\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(2, 2)\n    def forward(self, x):\n        return self.fc(x)\n" +
		"def shape(m):\n    return tuple(m(torch.ones(1, 2)).shape)\ndef read(m):\n    return type(m.fc).__name__\nm = M()\nr = [shape(m), shape(m), read(m), read(m)]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m.fc = nn.Linear(2, 3)\nr + [shape(m), read(m)]",
		"m.fc = nn.Sequential(nn.Linear(2, 4), nn.ReLU())\nr + [shape(m), read(m)]",
		"M.fc = property(lambda self: nn.Identity())\nr + [shape(m), read(m)]",
		"M.fc = staticmethod(lambda x: x.sum(1))\nr + [shape(m), shape(m), read(m), read(m)]",
		"class N(nn.Module):\n    def __getattr__(self, name):\n        return nn.Identity()\n    def forward(self, x):\n        return self.fc(x)\nn = N()\n[shape(n), shape(n), read(n)]",
	})
}
