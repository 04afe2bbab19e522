package nn

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// node is a module for the tests of the tree functions: a TypeName and an
// extra repr, with a forward that returns its input.
type node struct {
	base  Base
	name  string
	extra string
}

func (n *node) Base() *Base                                      { return &n.base }
func (n *node) TypeName() string                                 { return n.name }
func (n *node) ExtraRepr() string                                { return n.extra }
func (n *node) Forward(x *tensor.Tensor) (*tensor.Tensor, error) { return x, nil }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func param(shape ...int) *tensor.Tensor {
	return must(NewParameter(must(tensor.Zeros(tensor.Float32, shape...)), true))
}

// linearNode is a stand-in for Linear(in, out) with weight and bias.
func linearNode(in, out int) *node {
	n := &node{base: NewBase(), name: "Linear", extra: "in_features=" + itoa(in) + ", out_features=" + itoa(out) + ", bias=True"}
	n.base.SetParameter("weight", param(out, in))
	n.base.SetParameter("bias", param(out))
	return n
}

func itoa(i int) string { return strconv.Itoa(i) }

// tree builds PyTorch's
//
//	class N(nn.Module):
//	    def __init__(s):
//	        super().__init__()
//	        s.a = nn.Linear(2, 3); s.register_module('c', None)
//	        s.seq = nn.Sequential(nn.Linear(3, 3), nn.Tanh()); s.shared = s.a
//	    def extra_repr(s): return 'x=1\ny=2'
func tree() *node {
	n := &node{base: NewBase(), name: "N", extra: "x=1\ny=2"}
	a := linearNode(2, 3)
	n.base.SetModule("a", a)
	n.base.SetModule("c", nil)
	seq := &node{base: NewBase(), name: "Sequential"}
	seq.base.SetModule("0", linearNode(3, 3))
	seq.base.SetModule("1", &node{base: NewBase(), name: "Tanh"})
	n.base.SetModule("seq", seq)
	n.base.SetModule("shared", a)
	return n
}

func names[T any](xs []T, name func(T) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = name(x)
	}
	return out
}

// The expected values below are what PyTorch 1.13 prints for the same tree.
func TestTreeNames(t *testing.T) {
	n := tree()
	for _, tc := range []struct {
		what string
		got  []string
		want []string
	}{
		{"state_dict", names(StateDict(n), func(x Named) string { return x.Name }),
			[]string{"a.weight", "a.bias", "seq.0.weight", "seq.0.bias", "shared.weight", "shared.bias"}},
		{"named_parameters", names(NamedParameters(n), func(x Named) string { return x.Name }),
			[]string{"a.weight", "a.bias", "seq.0.weight", "seq.0.bias"}},
		{"named_modules", names(NamedModules(n), func(x NamedModule) string { return x.Name }),
			[]string{"", "a", "seq", "seq.0", "seq.1"}},
		{"named_children", names(NamedChildren(n), func(x NamedModule) string { return x.Name }),
			[]string{"a", "seq"}},
		{"named_buffers", names(NamedBuffers(n), func(x Named) string { return x.Name }), []string{}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.what, tc.got, tc.want)
		}
	}
}

func TestRepr(t *testing.T) {
	want := `N(
  x=1
  y=2
  (a): Linear(in_features=2, out_features=3, bias=True)
  (c): None
  (seq): Sequential(
    (0): Linear(in_features=3, out_features=3, bias=True)
    (1): Tanh()
  )
  (shared): Linear(in_features=2, out_features=3, bias=True)
)`
	if got := Repr(tree()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Repr(&node{name: "Sequential"}); got != "Sequential()" {
		t.Errorf("empty: %q", got)
	}
	self := &node{name: "Loop"}
	self.base.SetModule("me", self)
	if got := Repr(self); got != "Loop(\n  (me): Loop(...)\n)" {
		t.Errorf("a module containing itself: %q", got)
	}
}

func TestRegistryReplacesKinds(t *testing.T) {
	var b Base
	b.SetParameter("w", param(2))
	b.SetBuffer("running", must(tensor.Zeros(tensor.Float32, 2)))
	b.SetParameter("z", nil)
	if b.KindOf("w") != ParameterKind || b.KindOf("running") != BufferKind || b.KindOf("nope") != NotRegistered {
		t.Fatal("kinds")
	}
	b.SetModule("w", &node{name: "X"}) // a module replaces the parameter of its name
	if b.KindOf("w") != ModuleKind || b.Parameter("w") != nil {
		t.Fatal("SetModule did not replace the parameter")
	}
	if v, ok := b.Lookup("z"); !ok || v != nil {
		t.Fatalf("a None parameter: %v %v", v, ok)
	}
	if !slices.Equal(b.Names(), []string{"z", "running", "w"}) {
		t.Fatalf("names %q", b.Names())
	}
	if !b.Delete("running") || b.Delete("running") {
		t.Fatal("Delete")
	}
}

func TestLoadStateDict(t *testing.T) {
	zeros := func(shape ...int) *tensor.Tensor { return must(tensor.Zeros(tensor.Float32, shape...)) }
	n := tree()
	_, _, err := LoadStateDict(n, []Named{{"a.weight", zeros(3, 2)}, {"foo", zeros(1)}, {"seq.0.bar", zeros(1)}, {"seq.0.weight", zeros(2, 2)}}, true)
	want := "Error(s) in loading state_dict for N:\n" +
		"\tMissing key(s) in state_dict: \"a.bias\", \"seq.0.bias\", \"shared.weight\", \"shared.bias\". \n" +
		"\tUnexpected key(s) in state_dict: \"foo\", \"seq.0.bar\". \n" +
		"\tsize mismatch for seq.0.weight: copying a param with shape torch.Size([2, 2]) from checkpoint, the shape in current model is torch.Size([3, 3])."
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	missing, unexpected, err := LoadStateDict(n, nil, false)
	if err != nil || len(missing) != 6 || len(unexpected) != 0 {
		t.Fatalf("non-strict: %q %q %v", missing, unexpected, err)
	}
	ones := must(tensor.Ones(tensor.Float64, 3, 3))
	sd := StateDict(n)
	for i := range sd {
		if sd[i].Name == "seq.0.weight" {
			sd[i].Tensor = ones
		}
	}
	if _, _, err := LoadStateDict(n, sd, true); err != nil {
		t.Fatal(err)
	}
	w := n.base.Submodule("seq").Base().Submodule("0").Base().Parameter("weight")
	if got := must(w.Float64s()); got[0] != 1 || w.DType() != tensor.Float32 {
		t.Errorf("loaded weight %v (%s)", got, w.DType())
	}
}

func TestTrainAndZeroGrad(t *testing.T) {
	n := tree()
	Train(n, false)
	for _, m := range Modules(n) {
		if m.Base().Training {
			t.Fatalf("%s still training", m.TypeName())
		}
	}
	p := Parameters(n)[0]
	g := must(tensor.Ones(tensor.Float32, p.Shape()...))
	p.Autograd().Grad = g
	if err := ZeroGrad(n, false); err != nil || must(g.Float64s())[0] != 0 || p.Autograd().Grad != g {
		t.Fatal("zero_grad(set_to_none=False) must zero the gradient in place")
	}
	if err := ZeroGrad(n, true); err != nil || p.Autograd().Grad != nil {
		t.Fatal("zero_grad() must drop the gradient")
	}
	if !IsParameter(p) || !p.RequiresGrad() {
		t.Fatal("parameters are marked and require grad")
	}
}
