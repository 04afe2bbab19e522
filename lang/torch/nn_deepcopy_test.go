package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestUserModuleDeepCopyMatchesTorch compares copy.deepcopy of instances
// of a user's nn.Module classes with PyTorch 1.13: the class, attributes,
// parameters (still parameters, requires_grad kept, no gradient),
// buffers, the training flag, submodules (built-in, user, shared), a
// class deriving from a built-in layer, values met twice copied once,
// independence from the original, and a class's own __deepcopy__.
func TestUserModuleDeepCopyMatchesTorch(t *testing.T) {
	prelude := "import copy, torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n" +
		"class Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(3, 3)\n        self.bn = nn.BatchNorm1d(3)\n    def forward(self, x):\n        return self.bn(self.fc(x))\n" +
		"class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.a = Block()\n        self.shared = nn.Linear(3, 3)\n        self.b = nn.Sequential(self.shared, nn.ReLU(), self.shared)\n        self.scale = nn.Parameter(torch.ones(1))\n        self.register_buffer('steps', torch.zeros(1))\n        self.names = ['x', 'y']\n        self.k = 2\n    def forward(self, x):\n        return self.b(self.a(x)) * self.scale * self.k\n" +
		"net = Net()\nx = torch.randn(4, 3)\nnet(x).sum().backward()\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"c = copy.deepcopy(net)\n(type(c).__name__, type(c.a).__name__, c.k, c.names, c.names is net.names, c.training, c.a.training)",
		"c = copy.deepcopy(net)\n[(n, type(p).__name__, p.requires_grad, p.grad is None, torch.equal(p, dict(net.named_parameters())[n])) for n, p in c.named_parameters()]",
		"c = copy.deepcopy(net)\n(torch.equal(c(x), net(x)), [n for n, _ in c.named_buffers()], c.b[0] is c.b[2], c.b[0] is c.shared, c.shared is net.shared)",
		"c = copy.deepcopy(net)\nwith torch.no_grad():\n    c.scale.fill_(5)\n    c.a.fc.weight.zero_()\n(net.scale.item(), net.a.fc.weight.abs().sum().item() > 0, c.scale.item())",
		"net.eval()\nc = copy.deepcopy(net)\n(c.training, c.a.bn.training, sorted(c.state_dict().keys()) == sorted(net.state_dict().keys()))",
		"seq = nn.Sequential(Block(), nn.Linear(3, 1))\nc = copy.deepcopy(seq)\n(repr(c) == repr(seq), type(c[0]).__name__, torch.equal(c(x), seq(x)), c[0].fc.weight is seq[0].fc.weight)",
		"p = copy.deepcopy(net.scale)\nt = torch.ones(2, requires_grad=True)\nt.sum().backward()\nu = copy.deepcopy(t)\n(type(p).__name__, p.grad is None, u.grad is None, u.requires_grad)",
		"pair = copy.deepcopy([net, net])\n(pair[0] is pair[1], pair[0] is net)",
		"class MyLinear(nn.Linear):\n    def __init__(self):\n        super().__init__(2, 2)\n        self.tag = 'lin'\nm = MyLinear()\nc = copy.deepcopy(m)\n(type(c).__name__, c.tag, repr(c), torch.equal(c.weight, m.weight), c.weight is m.weight)",
		"class Own(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(1, 1)\n    def __deepcopy__(self, memo):\n        return 'own'\ncopy.deepcopy(Own())",
	})
}
