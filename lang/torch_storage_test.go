package lang

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
)

// TestTorchStorage checks Tensor.storage(), the storage classes,
// torch.is_storage and torch.serialization against PyTorch 1.13: each
// case's outcome in kael is the table's, and PyTorch's.
func TestTorchStorage(t *testing.T) {
	debianTorch(t)
	prelude := "import torch\nimport torch.serialization\nt = torch.arange(6.).reshape(2, 3)\ns = t.storage()\n"
	cases := []struct{ src, want string }{
		{"type(s).__name__, len(s), s.size(), s.dtype, s.element_size(), s.nbytes(), s.device", "('TypedStorage', 6, 6, torch.float32, 4, 24, device(type='cpu'))"},
		{"s[1], s[-1], s.tolist(), list(s)", "(1.0, 5.0, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0])"},
		{"repr(s)", "' 0.0\\n 1.0\\n 2.0\\n 3.0\\n 4.0\\n 5.0\\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 6]'"},
		{"str(torch.tensor([1, 2]).storage())", "' 1\\n 2\\n[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 2]'"},
		{"str(torch.tensor([], dtype=torch.bool).storage())", "' \\n[torch.storage.TypedStorage(dtype=torch.bool, device=cpu) of size 0]'"},
		{"str(torch.tensor([0.1, 1e-8]).storage())", "' 0.10000000149011612\\n 9.99999993922529e-09\\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 2]'"},
		{"s.data_ptr() == t.data_ptr(), t[1].storage().data_ptr() == s.data_ptr(), t[1, 1:].storage().size()", "(True, True, 6)"},
		{"s[0] = 9\nt[0, 0].item(), s[0]", "(9.0, 9.0)"},
		{"u = torch.tensor([1, 2]).storage()\nu[0] = 2**53 + 1\nu[1] = True\nu.tolist()", "[9007199254740993, 1]"},
		{"u = torch.tensor([0.5], dtype=torch.float64).storage()\nu[0] = 0.1\nu[0]", "0.1"},
		{"x = torch.arange(4.)\nu = x.storage()\nx.resize_(8)\nx[7] = 7\nlen(u), u.size(), u[7], u.nbytes()", "(8, 8, 7.0, 32)"},
		{"s[6]", "IndexError: index 6 out of range for storage of size 6"},
		{"torch.is_storage(s), torch.is_storage(t), torch.is_storage(s.untyped()), torch.is_storage([1])", "(True, False, True, False)"},
		{"isinstance(s, torch.FloatStorage), isinstance(s, torch.TypedStorage), isinstance(s, torch.LongStorage), isinstance(s, torch.UntypedStorage), isinstance(s.untyped(), torch.UntypedStorage)", "(True, True, False, False, True)"},
		{"torch.Storage, torch.FloatStorage, torch.TypedStorage, torch.UntypedStorage, torch.DoubleStorage.dtype", "(<class 'torch.FloatStorage'>, <class 'torch.FloatStorage'>, <class 'torch.storage.TypedStorage'>, <class 'torch.storage.UntypedStorage'>, torch.float64)"},
		{"torch.FloatStorage([1, 2]).tolist(), len(torch.LongStorage(3)), torch.IntStorage([3, 4]).dtype, torch.BoolStorage([1, 0]).tolist()", "([1.0, 2.0], 3, torch.int32, [True, False])"},
		{"str(torch.tensor([1+2j]).storage())", "' (1+2j)\\n[torch.storage.TypedStorage(dtype=torch.complex64, device=cpu) of size 1]'"},
		{"torch.serialization.default_restore_location(s, 'cpu') is s, torch.serialization.save is torch.save, torch.serialization.load is torch.load", "(True, True, True)"},
	}
	var srcs []string
	for _, c := range cases {
		srcs = append(srcs, c.src)
	}
	for i, got := range cpython.TorchCellOutcomes(t, prelude, srcs) {
		if got != cases[i].want {
			t.Errorf("%s: PyTorch gives %s, the table says %s", cases[i].src, got, cases[i].want)
		}
	}
	for _, c := range cases {
		s := NewSession(IO{})
		if got := outcome(s.Exec(context.Background(), "", prelude+c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestTorchSaveStorage saves a storage with a view of it in each of kael
// and PyTorch: both load it as a TypedStorage the view still shares.
func TestTorchSaveStorage(t *testing.T) {
	debianTorch(t)
	dir := t.TempDir()
	save := func(who string) string {
		return "import torch\nt = torch.arange(4.)\ntorch.save({'s': t.storage(), 't': t[1:]}, " + Repr(filepath.Join(dir, who+".pt")) + ")\n"
	}
	load := func(who string) string {
		return "import torch\nd = torch.load(" + Repr(filepath.Join(dir, who+".pt")) + ")\nprint(d)\nprint(d['s'].data_ptr() == d['t'].data_ptr() - 4, type(d['s']).__name__)\n"
	}
	runTorchScript(t, save("pytorch"))
	runKaelScript(t, save("kael"))
	want := runTorchScript(t, load("pytorch"))
	for _, c := range []struct{ what, got string }{
		{"PyTorch loads kael's", runTorchScript(t, load("kael"))},
		{"kael loads PyTorch's", runKaelScript(t, load("pytorch"))},
	} {
		if c.got != want {
			t.Errorf("%s storage as\n%s\nwant\n%s", c.what, c.got, want)
		}
	}
}
