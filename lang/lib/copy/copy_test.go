package copy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the cases import torch, which lang/std links in
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import copy\n"

const node = "class Node:\n    def __init__(self, v, kids=()):\n        self.v, self.kids = v, list(kids)\n    def __repr__(self):\n        return f'Node({self.v}, {self.kids})'\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"a = [1, [2, 3], {'k': [4]}]\nb = copy.deepcopy(a)\nb[1].append(9)\nb[2]['k'].append(8)\na, b, a == copy.deepcopy(a)", "([1, [2, 3], {'k': [4]}], [1, [2, 3, 9], {'k': [4, 8]}], True)"},
	{"a = [1, [2, 3]]\nb = copy.copy(a)\nb[1].append(9)\nb.append(0)\na, b, b is a, b[1] is a[1]", "([1, [2, 3, 9]], [1, [2, 3, 9], 0], False, True)"},
	{"s = [1]\nt = [s, s, (s,)]\nu = copy.deepcopy(t)\nu[0] is u[1], u[2][0] is u[0], u[0] is s", "(True, True, False)"},
	{"a = [1]\na.append(a)\nb = copy.deepcopy(a)\nb[1] is b, b is a", "(True, False)"},
	{"t = (1, 'x', (2.5, None))\ncopy.deepcopy(t) is t, copy.copy(t) is t", "(True, True)"},
	{"t = (1, [2])\nc = copy.deepcopy(t)\nc == t, c is t, c[1] is t[1]", "(True, False, False)"},
	{"d = {'a': 1, (1, 2): [3]}\ne = copy.copy(d)\ne['b'] = 2\nd, e, e[(1, 2)] is d[(1, 2)]", "({'a': 1, (1, 2): [3]}, {'a': 1, (1, 2): [3], 'b': 2}, True)"},
	{"s = {1, 2}\nc = copy.copy(s)\nc.add(3)\ns, c, copy.deepcopy(frozenset({1})), copy.copy(frozenset({2}))", "({1, 2}, {1, 2, 3}, frozenset({1}), frozenset({2}))"},
	{"copy.copy(5), copy.deepcopy('s'), copy.deepcopy(None), copy.deepcopy(range(3)), copy.copy(len), copy.deepcopy(int)", "(5, 's', None, range(0, 3), <built-in function len>, <class 'int'>)"},
	{"r = range(10**20, 0, -3)\ncopy.copy(r) is r, copy.deepcopy(r) is r, copy.deepcopy([r])[0] is r", "(True, True, True)"},
	{node + "n = Node(1, [Node(2)])\nm = copy.deepcopy(n)\nm.kids[0].v = 5\nn, m, type(m) is Node", "(Node(1, [Node(2, [])]), Node(1, [Node(5, [])]), True)"},
	{node + "n = Node(1, [Node(2)])\nm = copy.copy(n)\nm.v = 7\nm.kids.append(Node(3))\nn, m, m.kids is n.kids", "(Node(1, [Node(2, []), Node(3, [])]), Node(7, [Node(2, []), Node(3, [])]), True)"},
	{"class C:\n    def __init__(self, x):\n        self.x = x\n    def __copy__(self):\n        return 'shallow'\n    def __deepcopy__(self, memo):\n        return ('deep', type(memo).__name__)\ncopy.copy(C(1)), copy.deepcopy(C(1)), copy.deepcopy([C(1)])", "('shallow', ('deep', 'dict'), [('deep', 'dict')])"},
	{"class C:\n    pass\nc = C()\nc.me = c\nd = copy.deepcopy(c)\nd.me is d, d is c", "(True, False)"},
	{"memo = {}\na = [1]\nb = copy.deepcopy(a, memo)\nmemo[id(a)] is b", "True"},
	{"def g():\n    yield 1\ncopy.deepcopy(g())", "TypeError: cannot pickle 'generator' object"},
	{"def g():\n    yield 1\ncopy.copy(g())", "TypeError: cannot pickle 'generator' object"},
	{"issubclass(copy.Error, Exception)", "True"},
}

// torchCases hold PyTorch 1.13's outcomes.
var torchCases = []langtest.Case{
	{"import torch\nx = torch.arange(3.)\nd = copy.deepcopy({'w': x, 'v': x})\nd['w'][0] = 9\nx.tolist(), d['v'].tolist(), d['w'] is d['v']", "([0.0, 1.0, 2.0], [9.0, 1.0, 2.0], True)"},
	{"import torch\na = torch.ones(2, requires_grad=True)\na.grad = torch.full((2,), 3.)\nc = copy.deepcopy(a)\nc.tolist(), c.requires_grad, c.grad.tolist(), c.is_leaf, c.grad is a.grad, c is a", "([1.0, 1.0], True, [3.0, 3.0], True, False, False)"},
	{"import torch\np = torch.nn.Parameter(torch.ones(2))\nq = copy.deepcopy(p)\ntype(q).__name__, q.requires_grad, q is p, isinstance(q, torch.nn.Parameter)", "('Parameter', True, False, True)"},
	{"import torch\na = torch.ones(2, requires_grad=True)\ncopy.deepcopy(a * 2)", "RuntimeError: Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment"},
	// Built-in layers: new parameters without gradients, shared modules
	// copied once, the training flag kept.
	{"import torch\nl = torch.nn.Linear(2, 3)\nl(torch.ones(1, 2)).sum().backward()\nm = copy.deepcopy(l)\nwith torch.no_grad():\n    m.weight.add_(1)\nrepr(m), m.weight is l.weight, torch.equal(m.bias, l.bias), m.weight.grad, l.weight.grad is not None, type(m.weight).__name__, torch.equal(m.weight, l.weight)", "('Linear(in_features=2, out_features=3, bias=True)', False, True, None, True, 'Parameter', False)"},
	{"import torch\na = torch.nn.Linear(2, 2)\ns = torch.nn.Sequential(a, torch.nn.ReLU(), a)\nt = copy.deepcopy(s)\nt[0] is t[2], t[0] is a, len(list(t.parameters()))", "(True, False, 2)"},
	{"import torch\ne = copy.deepcopy(torch.nn.TransformerEncoderLayer(4, 2, 8).eval())\ne.training, e.self_attn.in_proj_weight.shape, e.self_attn.training", "(False, torch.Size([12, 4]), False)"},
	{"import torch\nl = torch.nn.Linear(2, 2)\nd = copy.deepcopy([l, l])\nd[0] is d[1], d[0] is l", "(True, False)"},
	// copy.copy of a tensor: a new leaf over the same storage.
	{"import torch\nx = torch.ones(3)\ny = copy.copy(x)\ny[0] = 5\nx.tolist(), y is x", "([5.0, 1.0, 1.0], False)"},
	{"import torch\na = torch.ones(2, requires_grad=True)\na.grad = torch.ones(2)\nb = a * 2\nc, d = copy.copy(a), copy.copy(b)\nc.requires_grad, c.is_leaf, c.grad, d.requires_grad, d.is_leaf, d.grad_fn", "(True, True, None, True, True, None)"},
	{"import torch\np = torch.nn.Parameter(torch.ones(2))\nq = copy.copy(p)\ntype(q).__name__, q.requires_grad, q is p", "('Parameter', True, False)"},
	{"import torch\nv = torch.arange(6.)[2:4]\nw = copy.copy(v)\nw.tolist(), w.storage_offset(), w.stride()", "([2.0, 3.0], 2, (1,))"},
	// exceptions: __reduce__ and __setstate__ keep an ImportError's name
	// and path and an OSError's file names, through copy and pickle alike
	{"import pickle\nr = set()\nfor orig in [ImportError('test', name='n', path='p'), OSError('foo', 'bar', 'baz'), OSError(2, 'nf', 'a', None, 'b'), ValueError(1, 2)]:\n    for c in (copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e, 0)), lambda e: pickle.loads(pickle.dumps(e))):\n        e = c(orig)\n        r.add((type(e).__name__, e.args, str(e), getattr(e, 'name', None), getattr(e, 'path', None), getattr(e, 'filename', None), getattr(e, 'filename2', None)))\nsorted(r, key=repr)",
		`[('FileNotFoundError', (2, 'nf'), "[Errno 2] nf: 'a' -> 'b'", None, None, 'a', 'b'), ('ImportError', ('test',), 'test', 'n', 'p', None, None), ('OSError', ('foo', 'bar'), "[Errno foo] bar: 'baz'", None, None, 'baz', None), ('ValueError', (1, 2), '(1, 2)', None, None, None, None)]`},
	// copy.copy: a new module holding the original's objects.
	{"import torch\nl = torch.nn.Linear(2, 3).eval()\nl.note = [1]\nm = copy.copy(l)\nm is l, m.weight is l.weight, m.bias is l.bias, repr(m), m.training, m.note is l.note", "(False, True, True, 'Linear(in_features=2, out_features=3, bias=True)', False, True)"},
	{"import torch\ns = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU())\nt = copy.copy(s)\nt is s, t[0] is s[0], len(t), t(torch.ones(1, 2)).shape", "(False, True, 2, torch.Size([1, 2]))"},
	{"import torch\nclass Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = torch.nn.Linear(1, 1)\n        self.k = [1]\n    def forward(self, x):\n        return self.fc(x)\nn = Net()\nc = copy.copy(n)\ntype(c).__name__, c is n, c.fc is n.fc, c.k is n.k, next(c.parameters()) is n.fc.weight, torch.equal(c(torch.ones(1, 1)), n(torch.ones(1, 1)))", "('Net', False, True, True, True, True)"},
	{"import torch\nclass L(torch.nn.Linear):\n    pass\nl = L(2, 2)\nc = copy.copy(l)\ntype(c).__name__, c is l, c.weight is l.weight", "('L', False, True)"},
}

func TestCopy(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	langtest.CheckCellCases(t, prelude, torchCases)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCasesTorch(t, prelude, torchCases)
}
