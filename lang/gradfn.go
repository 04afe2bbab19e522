package lang

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The nodes of the autograd graph as values: x.grad_fn, its
// next_functions, and AccumulateGrad for a leaf.

// GradFnValue is the value of x.grad_fn: the autograd node that made x.
type GradFnValue struct{ Fn tensor.GradFn }

// gradFnClass holds the methods of grad_fn values (GradFnValue), whose
// type name is the node's own, as in PyTorch: type(y.grad_fn).__name__ is
// 'MulBackward0'.
const gradFnClass = "grad_fn"

func init() {
	defMethod(gradFnClass, "name(self)", "The node's name: 'MulBackward0' ('torch::autograd::CopySlices' and 'torch::autograd::CopyBackwards' and 'torch::autograd::NotImplemented' for the nodes PyTorch writes in C++).", func(a *Args) (Value, error) {
		name := a.Value("self").(*GradFnValue).Fn.Name()
		if name == "CopySlices" || name == "CopyBackwards" || name == "NotImplemented" {
			return "torch::autograd::" + name, nil
		}
		return name, nil
	})
	defMethod(accumulateGradClass, "name(self)", "PyTorch's name of the node: 'torch::autograd::AccumulateGrad'.", func(a *Args) (Value, error) {
		return "torch::autograd::AccumulateGrad", nil
	})
}

// accumulateGradClass is the class of the node that adds a leaf's gradient
// to its .grad.
const accumulateGradClass = "AccumulateGrad"

// AccumulateGradValue is the node next_functions shows for a leaf that
// requires grad: its .variable is the leaf.
type AccumulateGradValue struct{ Leaf *tensor.Tensor }

// TypeName returns AccumulateGrad.
func (*AccumulateGradValue) TypeName() string { return accumulateGradClass }

// String prints <AccumulateGrad>, as grad_fn values print.
func (*AccumulateGradValue) String() string { return "<AccumulateGrad>" }

// Equal reports whether other is the node of the same leaf (PyTorch keeps
// one per leaf).
func (g *AccumulateGradValue) Equal(other Value) bool {
	o, ok := other.(*AccumulateGradValue)
	return ok && o.Leaf == g.Leaf
}

// Attr returns variable, next_functions (empty) and the method name.
func (g *AccumulateGradValue) Attr(name string) (Value, bool) {
	switch name {
	case "variable":
		return g.Leaf, true
	case "next_functions":
		return Tuple{}, true
	case "name":
		return &BoundMethod{Recv: g, Method: typeMethods[accumulateGradClass]["name"]}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*AccumulateGradValue) AttrNames() []string {
	return []string{"name", "next_functions", "variable"}
}

// Equal reports whether other is the same node.
func (g *GradFnValue) Equal(other Value) bool {
	o, ok := other.(*GradFnValue)
	return ok && o.Fn == g.Fn
}

// nextFunctions is grad_fn.next_functions: for each input of the
// operation, (the node its gradient goes to, its output number), with AccumulateGrad for a
// leaf and None for an input that does not require grad.
func (g *GradFnValue) nextFunctions() Tuple {
	next := autograd.NextFunctions(g.Fn)
	out := make(Tuple, len(next))
	for i, n := range next {
		var node Value = None
		switch {
		case n.Fn != nil:
			node = &GradFnValue{Fn: n.Fn}
		case n.Leaf != nil:
			node = &AccumulateGradValue{Leaf: n.Leaf}
		}
		out[i] = Tuple{node, int64(n.OutputNr)}
	}
	return out
}
