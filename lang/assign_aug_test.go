package lang

import (
	"context"
	"testing"
)

// TestListPlusEqualsIterable: list += iterable extends the list in place,
// as Python's list.__iadd__ does, also with a tuple or a tensor on the
// right (where list + tuple is a TypeError); it once crashed on a tensor.
// containerInPlaceCases are the augmented assignments that update a list
// or a set in place, as Python's __iadd__, __imul__, __ior__ ... do: the
// other names of the object see the change. Each is checked against
// CPython.
var containerInPlaceCases = []struct{ src, want string }{
	{"l = [1, 2]\nm = l\nl *= 2\nm, m is l", "([1, 2, 1, 2], True)"},
	{"s = {1, 2}\nt = s\ns |= {3}\nu = s\ns &= {1, 3}\ns -= {1}\ns ^= {4, 3}\nt, t is s, u is s", "({4}, True, True)"},
	{"f = frozenset({1})\ng = f\nf |= {2}\nf, g, f is g", "(frozenset({1, 2}), frozenset({1}), False)"},
	{"s = {1}\ns |= [2]", "TypeError: unsupported operand type(s) for |=: 'set' and 'list'"},
	{"l = [1, 2]\nm = l\nl += l\nl += range(2)\nl.extend(l)\nm, m is l", "([1, 2, 1, 2, 0, 1, 1, 2, 1, 2, 0, 1], True)"},
	{"def g():\n    yield 1\n    raise ValueError('midway')\nl = [0]\ntry:\n    l += g()\nexcept ValueError:\n    pass\nm = [0]\ntry:\n    m.extend(g())\nexcept ValueError:\n    pass\nl, m", "([0, 1], [0, 1])"},
	{"s = {1, 2}\nt = s\ns |= s\ns |= {3, (1, 2)}\nlen(t), (1, 2) in t, t is s", "(4, True, True)"},
	{"class C:\n    pass\nc = C()\nc.s = {1}\nk = c.s\nc.s |= {2}\nd = {'l': [1]}\nl = d['l']\nd['l'] *= 3\nk, l", "({1, 2}, [1, 1, 1])"},
}

func TestContainersUpdateInPlace(t *testing.T) {
	srcs := make([]string, len(containerInPlaceCases))
	for i, c := range containerInPlaceCases {
		srcs[i] = c.src
		if got := outcome(NewSession(IO{}).Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	for i, got := range cpythonCellOutcomes(t, "", srcs) {
		if want := containerInPlaceCases[i].want; got != want {
			t.Errorf("%s: CPython gives %s, the table says %s", srcs[i], got, want)
		}
	}
}

func TestListPlusEqualsIterable(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"l = [1, 2]\nm = l\nl += (3,)\nm", "[1, 2, 3]"},
		{"l = [1, 2]\nl += 'ab'\nl", "[1, 2, 'a', 'b']"},
		{"l = [1, 2]\nl += tensor([5, 6])\nlen(l), l[2].item()", "(4, 5)"},
		{"l = [1]\nl += 3", "~TypeError"},
	} {
		s := NewSession(IO{})
		r := s.Exec(context.Background(), "c", c.code)
		got := ""
		if r.Err != nil {
			got = "~" + string(r.Err.Kind)
			if c.want == got {
				continue
			}
		} else {
			got = Repr(r.Value)
		}
		if got != c.want {
			t.Errorf("%q: got %s, want %s (err %v)", c.code, got, c.want, r.Err)
		}
	}
}

// augIndexCases are augmented assignments through every kind of index, as
// PyTorch programs write them (t[[0, 2], 1] -= 1, t[mask] *= 2,
// w[i] += lr * g): x[i] op= v must read x[i], compute, and write the result
// back, as Python's x[i] = x[i].__iop__(v) does. An index that copies
// (a list, a tensor, a mask) once read a copy that was changed and thrown
// away, leaving x as it was: silently wrong numbers.
var augIndexCases = []string{
	"t = torch.zeros(3, 4)\nt[[0, 2], 1] -= 1\nt.tolist()",
	"t = torch.zeros(3, 4)\nt[torch.tensor([1]), 2] += 5\nt.tolist()",
	"t = torch.arange(12.).reshape(3, 4)\nt[t > 5] *= 2\nt.tolist()",
	"t = torch.arange(12.).reshape(3, 4)\nt[torch.tensor([True, False, True])] /= 4\nt.tolist()",
	"t = torch.arange(12.).reshape(3, 4)\nt[0] += 1\nt[1:, ::2] -= 1\nt[:, 3] += torch.ones(3)\nt[..., 0] *= 10\nt.tolist()",
	"t = torch.arange(12.).reshape(3, 4)\nt[[0, 1], [1, 2]] += torch.tensor([100., 200.])\nt.tolist()",
	"m = torch.zeros(5)\nm[torch.tensor([1, 1, 3])] += 1\nm.tolist()",
	"i = torch.zeros(3, dtype=torch.int64)\ni[[0]] += 2\ni[1:] -= 3\ni.tolist()",
	"t = torch.arange(6.).reshape(2, 3)\nidx = (1, 2)\nt[idx] += 10\nt.tolist()",
	"t = torch.arange(6.)\nt[range(0, 6, 2)] += 1\nt.tolist()",
	"class C: pass\nc = C()\nc.x = torch.ones(2)\ny = c.x\nc.x += 1\n(c.x.tolist(), y is c.x)",
	"l = [torch.ones(2)]\nl[0] *= 3\nl[0].tolist()",
	"d = {'w': torch.ones(2)}\nd['w'] -= 0.5\nd['w'].tolist()",
	// Through a tensor's attributes: p.data += -lr * p.grad (makemore's
	// update) stores p.data back, which x.data = y allows.
	"p = torch.ones(3, requires_grad=True)\n(p * 2).sum().backward()\np.data += -0.1 * p.grad\np.grad += 1\n(p.tolist(), p.grad.tolist())",
	"x = torch.ones(2, requires_grad=True)\ny = x\nx.data = torch.zeros(3)\n(x.tolist(), y is x, x.requires_grad, x.grad_fn)",
	"x = torch.ones(2)\nx.data = 1",
	// With autograd: the store records IndexPutBackward0, and the
	// gradient flows through both the kept and the written elements.
	"w = torch.arange(12.).reshape(3, 4).requires_grad_()\nt = w * 1\nt[[0, 2], 1] -= 2\nt[t > 8] /= 2\nt.sum().backward()\n(t.tolist(), t.grad_fn.name(), w.grad.tolist())",
	// Indexing with a tuple, a range or an empty list, read and written.
	"x = torch.arange(12.).reshape(3, 4)\nidx = (0, 1)\n(x[idx].item(), x[range(3)].tolist(), x[range(0, 4, 2), 1].tolist(), x[:, range(1, 3)].tolist())",
	"x = torch.arange(12.).reshape(3, 4)\nx[range(2)] = 0\nx.tolist()",
	"x = torch.arange(6.).reshape(2, 3)\n(x[[]].shape, x[range(0)].shape, x[()].tolist(), x[(1,)].tolist())",
}

// TestAugmentedAssignmentThroughIndexMatchesPyTorch runs augIndexCases in
// kael and in Debian's PyTorch and compares the outcomes.
func TestAugmentedAssignmentThroughIndexMatchesPyTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\n", augIndexCases)
}

// TestFailedAugmentedAssignmentMatchesPyTorch asks PyTorch what a tensor
// holds after an augmented assignment through an index that cannot store
// its result (a float into int64): the error's class differs (kael's
// TypeError, PyTorch's RuntimeError), so the cases catch Exception.
func TestFailedAugmentedAssignmentMatchesPyTorch(t *testing.T) {
	var srcs []string
	for _, stmt := range []string{"i[[1]] += 0.5", "i[1:] *= 1.5", "i[i > 1] /= 2"} {
		srcs = append(srcs, "i = torch.tensor([1, 2, 3])\ntry:\n    "+stmt+"\nexcept Exception:\n    pass\ni.tolist()")
	}
	checkMatchesTorch(t, "import torch\n", srcs)
}

// TestFailedAugmentedAssignmentChangesNothing checks that an augmented
// assignment through an index whose result cannot be stored (a float into
// an int64 tensor, as PyTorch refuses it) leaves the tensor as it was.
func TestFailedAugmentedAssignmentChangesNothing(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	if r := s.Exec(ctx, "", "import torch\ni = torch.tensor([1, 2, 3])"); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	for _, src := range []string{"i[[1]] += 0.5", "i[1:] *= 1.5", "i[i > 1] /= 2"} {
		if r := s.Exec(ctx, "", src); r.Err == nil {
			t.Errorf("%s succeeded", src)
		}
		v, _, err := s.Eval(ctx, "i.tolist()")
		if err != nil || Repr(v) != "[1, 2, 3]" {
			t.Errorf("after %s: i is %s (%v), want [1, 2, 3]", src, Repr(v), err)
		}
	}
}
