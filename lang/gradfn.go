package lang

import (
	"fmt"
	"reflect"
	"strconv"

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

// String prints <AccumulateGrad object at 0x...>, as PyTorch prints the
// node, with its id.
func (g *AccumulateGradValue) String() string {
	return fmt.Sprintf("<%s object at %#x>", accumulateGradClass, ID(g))
}

// id is id(node): the same for every read of the node, as PyTorch keeps
// one object per node, and distinct from id(tensor). A leaf's
// AccumulateGrad is known by its autograd state.
func (g *AccumulateGradValue) id() int64 {
	if m := g.Leaf.Autograd(); m != nil {
		return int64(reflect.ValueOf(m).Pointer())
	}
	return int64(reflect.ValueOf(g.Leaf).Pointer()) + 8
}

// id is id(grad_fn): the node's own address, so that every read of
// x.grad_fn (a new GradFnValue each time) has the same id.
func (g *GradFnValue) id() int64 {
	if rv := reflect.ValueOf(g.Fn); rv.Kind() == reflect.Pointer {
		return int64(rv.Pointer())
	}
	return int64(reflect.ValueOf(g).Pointer())
}

// String prints the node as PyTorch does: <MulBackward0 object at 0x...>,
// and a custom function's node with its module,
// <torch.autograd.function.SquareBackward object at 0x...>. A tensor's
// repr shows only the name (grad_fn=<MulBackward0>).
func (g *GradFnValue) String() string {
	name := g.Fn.Name()
	if autograd.IsCustomFunction(g.Fn) {
		name = "torch.autograd.function." + name
	}
	return fmt.Sprintf("<%s object at %#x>", name, ID(g))
}

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

// HashKey makes a node hashable by its id, as PyTorch's nodes are (a set
// of the nodes met while walking a graph).
func (g *GradFnValue) HashKey() (string, error) {
	return "G" + strconv.FormatInt(g.id(), 16), nil
}

// HashKey makes a leaf's node hashable by its id.
func (g *AccumulateGradValue) HashKey() (string, error) {
	return "A" + strconv.FormatInt(g.id(), 16), nil
}
