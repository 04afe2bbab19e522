package torch

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestOutParameter checks that every builtin of outOps got its out=
// parameter, which defOut adds after the builtins are defined.
func TestOutParameter(t *testing.T) {
	shared := map[string]bool{}
	for _, name := range lang.OverloadedBuiltins() {
		shared[name] = true
	}
	for name := range outOps {
		b, isFunc := lang.LookupBuiltin(name)
		m, isMethod := lang.TensorMethod(name)
		if !isFunc && !isMethod {
			t.Errorf("out= is declared for %s, which is not a builtin", name)
			continue
		}
		if shared[name] {
			b, _ = torchFormOf(name) // torch.abs, not Python's abs
		}
		for _, f := range []*lang.Builtin{b, m} {
			if f != nil && !strings.Contains(f.Sig, "out=None") {
				t.Errorf("%s has no out= parameter: %s", name, f.Sig)
			}
		}
	}
}

// TestOutWritesMatchTorch calls every torch function of outOps with out=
// and compares with PyTorch 1.13 whether the result is out and what out
// holds: Python's builtins that torch shares a name with (torch.abs,
// torch.round, torch.sum, torch.pow) once bound out= themselves and left
// out unwritten.
func TestOutWritesMatchTorch(t *testing.T) {
	prelude := "import torch\n" +
		"F = torch.tensor([[0.5, -1.25, 2.0], [3.0, -0.75, 1.5]])\n" +
		"P = F.abs() + 0.5\n" +
		"I = torch.tensor([[1, -2, 3], [4, 5, -6]])\n" +
		"B = F > 0\n" +
		"def out(f, o):\n" +
		"    r = f(o)\n" +
		"    return r is o, [round(v, 4) if isinstance(v, float) else v for v in o.flatten().tolist()], o.dtype\n" +
		"def each(names, args, like):\n" +
		"    return [(n,) + out(lambda o: getattr(torch, n)(*args, out=o), torch.empty_like(like)) for n in names]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"each(['exp', 'sin', 'cos', 'tanh', 'sigmoid', 'abs', 'neg', 'sign', 'floor', 'ceil', 'round'], [F], F)",
		"each(['log', 'sqrt'], [P], P)",
		"each(['tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'asinh', 'atanh', 'erf', 'erfc', 'erfinv', 'trunc', 'fix', 'frac', 'sinc', 'expm1', 'exp2'], [F / 4], F)",
		"each(['acosh', 'log2', 'log10', 'log1p', 'rsqrt', 'reciprocal', 'lgamma', 'digamma', 'i0'], [P + 1], P)",
		"each(['logical_not'], [B], B) + each(['bitwise_not'], [I], I)",
		"each(['add', 'sub', 'mul', 'div', 'divide', 'true_divide', 'floor_divide', 'remainder', 'pow', 'maximum', 'minimum', 'igamma', 'igammac'], [P, P + 1], P)",
		"each(['eq', 'ne', 'lt', 'le', 'gt', 'ge'], [F, P], B) + each(['logical_and', 'logical_or', 'logical_xor'], [B, F < 1], B)",
		"each(['bitwise_and', 'bitwise_or', 'bitwise_xor'], [I, I + 1], I)",
		"each(['clamp'], [F, -1, 1], F) + each(['where'], [B, F, P], F)",
		"each(['matmul', 'mm'], [F, P.T], torch.empty(2, 2)) + each(['bmm'], [F[None], P.T[None]], torch.empty(1, 2, 2))",
		"each(['dot'], [F[0], P[0]], torch.empty(())) + each(['outer'], [F[0], P[0]], torch.empty(3, 3))",
		"each(['sum', 'mean', 'prod', 'std', 'var', 'amax', 'amin', 'logsumexp'], [F, 1], torch.empty(2)) + each(['cumsum'], [F, 1], F)",
		"each(['argmax', 'argmin'], [F, 1], torch.empty(2, dtype=torch.long))",
		"each(['cat'], [[F, P]], torch.empty(4, 3)) + each(['stack'], [[F, P]], torch.empty(2, 2, 3))",
		"o = torch.zeros(3)\nr = torch.pow(2, torch.tensor([1., 2., 3.]), out=o)\nr is o, o.tolist()",
		"o = torch.zeros(2)\nr = torch.sum(F, 1, keepdim=False, out=o)\nr is o, o.tolist()",
		// an out of another shape is resized: silently when empty, with
		// PyTorch's deprecation warning otherwise; a view keeps its offset
		"o = torch.empty(0)\nr = torch.sum(F, 0, out=o)\nr is o, o.shape, o.tolist()",
		"import warnings\no = torch.zeros(5)\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = torch.add(F, 1, out=o)\nr is o, o.shape, o.tolist(), [str(e.message).split(' (Triggered')[0] for e in w], [e.category.__name__ for e in w]",
		"import warnings\nwarnings.simplefilter('ignore')\nbase = torch.zeros(8)\nv = base[2:4]\ntorch.cat([torch.ones(2), torch.ones(2) * 2], out=v)\nv.tolist(), base.tolist(), v.storage_offset()",
		"o = torch.zeros(2, 3)[:, :2]\ntorch.add(torch.ones(2, 2), 1, out=o)\no.tolist(), o.stride()",
	})
}
