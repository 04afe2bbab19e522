package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestFlagsMatchNumPy covers a.flags: layout, ownership, and writes
// refused once writeable is cleared.
func TestFlagsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.arange(6.)\nm = a.reshape(2, 3)\n", []string{
		"a.flags", "str(m.T.flags)", "a[::-1].flags", "m[:, ::-1].flags.f_contiguous", "m.T.flags.f_contiguous", "m.T.flags['C_CONTIGUOUS']",
		"a[::2].flags.c_contiguous", "np.zeros((3, 1))[:, 0].flags.c_contiguous", "np.zeros((1, 3)).flags.f_contiguous", "np.zeros(0).flags.f_contiguous",
		"m.flags.owndata", "a.flags.owndata", "a.copy().flags['OWNDATA']", "(a + 1).flags.owndata", "np.flip(m).flags['O']",
		"[a.flags[k] for k in ['C', 'F', 'O', 'W', 'A', 'X', 'B', 'CA', 'FA', 'FNC', 'FORC', 'CONTIGUOUS', 'FORTRAN', 'BEHAVED', 'CARRAY', 'FARRAY']]",
		"[m.T.flags[k] for k in ['C', 'F', 'FNC', 'FORC', 'FA', 'CA']]", "a.flags.num", "m.T.flags.num", "a.flags['Q']", "a.flags['c_contiguous']",
		"a.flags.behaved, a.flags.carray, a.flags.farray, a.flags.fnc, a.flags.forc, a.flags.contiguous, a.flags.fortran, a.flags.aligned, a.flags.writebackifcopy",
		"a.flags.foo", "a.flags.c_contiguous = False", "a.flags.owndata = False", "a.flags['C'] = True", "a.setflags(uic=True)", "a.flags['X'] = True",
		"a.setflags(align=False)\na.flags.aligned", "a.flags == a.flags",
		// read-only arrays
		"a.flags.writeable = False\na.flags", "a.flags.writeable = False\na[0] = 1", "a.flags.writeable = False\na += 1", "a.flags.writeable = False\na.fill(1)",
		"a.flags.writeable = False\na.sort()", "a.flags.writeable = False\nnp.add(a, 1, out=a)", "a.flags.writeable = False\nnp.random.shuffle(a)",
		"a.flags.writeable = False\nnp.random.default_rng(0).shuffle(a)", "a.flags.writeable = False\nv = a[1:]\nv[0] = 3",
		"a.flags.writeable = False\nv = a[::-1]\n(v.flags.writeable, np.flip(a).flags.writeable, a.T.flags.writeable, m.flags.writeable, a.copy().flags.writeable)",
		"a.flags.writeable = False\nv = a[1:]\nv.flags.writeable = True", "a.flags.writeable = False\na.flags.writeable = True\na[0] = 5\na",
		"a.flags['WRITEABLE'] = False\na.flags.writeable", "a.flags['W'] = 0\na[1] = 2", "a.setflags(write=False)\na[1] = 0",
		"a.setflags(write=False)\na.setflags(write=True)\na[1] = 0\na", "a.flags.writeable = False\n(a * 2, a.sum(), np.random.default_rng(0).permutation(a))",
		"a.flags.writeable = False\na.reshape(2, 3).flags.writeable",
	})
}

// TestFlagsOfTorchArrays checks that an array over a tensor's memory does
// not own it, as in PyTorch.
func TestFlagsOfTorchArrays(t *testing.T) {
	langtest.CheckMatchesTorch(t, prelude+"import torch\n", []string{
		"torch.zeros(3).numpy().flags['OWNDATA']", "np.asarray(torch.zeros(2)).flags.owndata", "np.array(torch.zeros(2)).flags.owndata",
		"torch.zeros(2, 3).numpy().flags.c_contiguous", "torch.zeros(2, 3).t().numpy().flags.f_contiguous",
	})
}
