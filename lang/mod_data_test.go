package lang

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataPrelude defines the datasets dataCases use, in kael and in PyTorch.
const dataPrelude = `
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, Subset, random_split, default_collate

class Pairs(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return torch.tensor([i, -i]), float(i) / 2

class Mixed(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return [torch.ones(1), 1][i]

td = TensorDataset(torch.arange(10).reshape(5, 2), torch.tensor([1, 0, 1, 0, 1]))
`

// dataCases are torch.utils.data and the other first-course pieces as
// PyTorch code uses them; want is what PyTorch gives after dataPrelude.
var dataCases = []struct{ src, want string }{
	{"len(td), td[1][0].tolist(), td[-1][1].item(), len(td.tensors)", "(5, [2, 3], 1, 2)"},
	{"[b[1].tolist() for b in DataLoader(td, batch_size=2)]", "[[1, 0], [1, 0], [1]]"},
	{"[b[1].tolist() for b in DataLoader(td, batch_size=2, drop_last=True)]", "[[1, 0], [1, 0]]"},
	{"len(DataLoader(td, batch_size=2)), len(DataLoader(td, batch_size=2, drop_last=True)), len(DataLoader(td))", "(3, 2, 5)"},
	{"x, y = next(iter(DataLoader(Pairs(5), batch_size=3))); x.tolist(), y.tolist(), y.dtype == torch.float64", "([[0, 0], [1, -1], [2, -2]], [0.0, 0.5, 1.0], True)"},
	{"torch.manual_seed(3); [y.tolist() for _, y in DataLoader(Pairs(6), batch_size=4, shuffle=True)]", "[[1.0, 2.0, 0.0, 0.5], [1.5, 2.5]]"},
	{"torch.manual_seed(3); [_ for _ in DataLoader(td)]; torch.rand(1).tolist()", "[0.2858424782752991]"},
	{"g = torch.Generator().manual_seed(1); [y.tolist() for _, y in DataLoader(Pairs(5), batch_size=5, shuffle=True, generator=g)]", "[[2.0, 0.5, 1.5, 0.0, 1.0]]"},
	{"[x for x in DataLoader(['a', 'b', 'c'], batch_size=2)]", "[['a', 'b'], ['c']]"},
	{"DataLoader(td, batch_size=None).batch_size, DataLoader(td).dataset is td", "(None, True)"},
	{"[v.tolist() for v in DataLoader([{'k': 1}, {'k': 2}], batch_size=2)][0]", "AttributeError: 'dict' object has no attribute 'tolist'"},
	{"next(iter(DataLoader([{'k': 1}, {'k': 2}], batch_size=2)))['k'].tolist()", "[1, 2]"},
	{"default_collate([(1, 2.0), (3, 4.0)])[0].tolist(), default_collate([(1, 2.0), (3, 4.0)])[1].tolist()", "([1, 3], [2.0, 4.0])"},
	{"default_collate([[1, 2], [3]])", "RuntimeError: each element in list of batch should be of equal size"},
	{"a, b = random_split(range(8), [5, 3], generator=torch.Generator().manual_seed(0)); list(a), list(b)", "([4, 0, 7, 3, 2], [5, 1, 6])"},
	{"[len(s) for s in random_split(range(10), [0.34, 0.33, 0.33])]", "[4, 3, 3]"},
	{"random_split(range(10), [3, 3])", "ValueError: Sum of input lengths does not equal the length of the input dataset!"},
	{"s = Subset(Pairs(10), [7, 2]); len(s), s[0][1], s.indices", "(2, 3.5, [7, 2])"},
	{"TensorDataset(torch.ones(2), torch.ones(3))", "AssertionError: Size mismatch between tensors"},
	{"DataLoader(td, batch_size=0)", "ValueError: batch_size should be a positive integer value, but got batch_size=0"},
	{"DataLoader(td, num_workers=-1)", "ValueError: num_workers option should be non-negative; use num_workers=0 to disable multiprocessing."},
	{"isinstance(Pairs(1), Dataset), issubclass(Pairs, Dataset)", "(True, True)"},
	{"torch.ones(2, 3).sum(1, keepdims=True).shape, torch.ones(2, 3).mean(axis=0).shape, torch.ones(2, 3).nelement()", "(torch.Size([2, 1]), torch.Size([3]), 6)"},
	{"a, b = torch.arange(6).view(2, 3).unbind(-1)[1:]; a.tolist(), b.tolist(), [t.tolist() for t in torch.unbind(torch.eye(2))]", "([1, 4], [2, 5], [[1.0, 0.0], [0.0, 1.0]])"},
	{"torch.unbind(torch.ones(2), 1)", "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)"},
	{"w = torch.tensor([1.0], requires_grad=True); opt = torch.optim.SGD([w], lr=0.5); (w * 2).sum().backward(); opt.param_groups[0]['lr'] = 0.25; opt.step(); w.tolist(), opt.param_groups[0]['lr'], len(opt.param_groups[0]['params'])", "([0.5], 0.25, 1)"},
	{"w = torch.tensor([1.0], requires_grad=True); opt = torch.optim.Adam([w], lr=0.1)\nfor g in opt.param_groups:\n    g['lr'] *= 0.1\n(w * 2).sum().backward(); opt.step(); round(w.item(), 6), opt.param_groups[0]['lr']", "(0.99, 0.010000000000000002)"},
	{"torch.backends.mps.is_available(), torch.backends.mps.is_built()", "(False, False)"},
	{"F.one_hot(torch.tensor([0, 2, 1])).tolist()", "[[1, 0, 0], [0, 0, 1], [0, 1, 0]]"},
	{"F.one_hot(torch.tensor([[1], [0]]), num_classes=3).shape", "torch.Size([2, 1, 3])"},
	{"F.one_hot(torch.tensor([3]), num_classes=2)", "RuntimeError: Class values must be smaller than num_classes."},
	{"F.one_hot(torch.tensor([-1]))", "RuntimeError: Class values must be non-negative."},
	{"F.one_hot(torch.tensor([1.0]))", "RuntimeError: one_hot is only applicable to index tensor."},
	{"torch.ones(2).type(), torch.tensor([1]).type(), torch.tensor([True]).type()", "('torch.FloatTensor', 'torch.LongTensor', 'torch.BoolTensor')"},
	{"torch.tensor([1, 2]).type(torch.float).tolist(), torch.ones(1).type(torch.LongTensor).tolist(), torch.ones(1).type('torch.DoubleTensor').type()", "([1.0, 2.0], [1], 'torch.DoubleTensor')"},
	{"((torch.tensor([[0.1, 0.9], [0.7, 0.3]]).argmax(1) == torch.tensor([1, 1])).type(torch.float).sum().item())", "1.0"},
	{"w = torch.ones(1, requires_grad=True)\n@torch.no_grad()\ndef f(x):\n    return x * w\nf(torch.ones(1)).requires_grad, torch.is_grad_enabled()", "(False, True)"},
	{"w = torch.ones(1, requires_grad=True)\n@torch.no_grad()\ndef f(n):\n    return f(n - 1) if n else torch.is_grad_enabled()\nf(3), torch.is_grad_enabled()", "(False, True)"},
	{"w = torch.ones(1, requires_grad=True)\nwith torch.no_grad():\n    @torch.enable_grad()\n    def g():\n        return (w * 2).requires_grad\n    r = g()\nr, torch.is_grad_enabled()", "(True, True)"},
}

func TestDataCases(t *testing.T) { checkCellCases(t, dataPrelude, dataCases) }

func TestDataCasesAgainstPyTorch(t *testing.T) {
	checkCellCasesAgainstTorch(t, dataPrelude, dataCases)
}

// TestDataRefusals checks the errors for what kael's torch.utils.data and
// torch.save do not do, which PyTorch does, and torch.load's errors.
func TestDataRefusals(t *testing.T) {
	dir := t.TempDir()
	zip := filepath.Join(dir, "pytorch.pth")
	if err := os.WriteFile(zip, []byte("PK\x03\x04rest of a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ src, want string }{
		{"DataLoader(5)", "TypeError: kael's DataLoader takes a map-style dataset, which has a length, or an IterableDataset: object of type 'int' has no len()"},
		{"next(iter(DataLoader(Mixed(), batch_size=2)))", "TypeError: default_collate: the samples of a batch differ: Tensor and int"},
		{"next(iter(DataLoader([None], batch_size=1)))", "TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>"},
		{"TensorDataset(torch.ones(2), [1, 2])", "TypeError: TensorDataset takes tensors, but argument 1 is list"},
		{"torch.save([torch.ones(1), lambda: 1], 'x.pth')", "PicklingError: Can't pickle <function <lambda>>: attribute lookup <lambda> on __main__ failed"},
		{"torch.load(" + Repr(zip) + ")", "RuntimeError: PytorchStreamReader failed reading zip archive: not a ZIP archive"},
		{"torch.accelerator.is_available(), torch.accelerator.current_accelerator(), torch.accelerator.device_count()", "(False, None, 0)"},
		{"import torchvision", "ModuleNotFoundError: No module named 'torchvision': kael has no torchvision"},
		{"torch.no_grad()(3)", "TypeError: no_grad() decorates a function, not int"},
	}
	for _, tt := range tests {
		s := NewSession(IO{})
		if r := s.Exec(context.Background(), "", dataPrelude); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if got := outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestTorchSaveLoad saves a model's state_dict and loads it into another
// model, keeping the order of the names.
func TestTorchSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.pth")
	src := "import torch\nfrom torch import nn\ntorch.manual_seed(0)\nm = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))\n" +
		"torch.save(m.state_dict(), " + Repr(path) + ")\nm2 = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))\n" +
		"sd = torch.load(" + Repr(path) + ")\nm2.load_state_dict(sd)\n" +
		"list(sd.keys()), all((a == b).all().item() for a, b in zip(m.parameters(), m2.parameters()))"
	want := "(['0.weight', '0.bias', '2.weight', '2.bias'], True)"
	if got := outcome(NewSession(IO{}).Exec(context.Background(), "", src)); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if got := outcome(NewSession(IO{}).Exec(context.Background(), "", "import torch\ntorch.load('/nonexistent/x.pth')")); !strings.HasPrefix(got, "FileNotFoundError") {
		t.Errorf("loading a missing file gives %s", got)
	}
}
