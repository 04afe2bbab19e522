package torch

import (
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/diagram"
	"github.com/kael-dev/kael/internal/gctune"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The autograd builtins: x.backward(), x.requires_grad_(), show_graph,
// and torch.autograd's backward and grad.

func defAutograd() {
	lang.NewBuiltin(lang.AsMethod, "backward(input, gradient=None, retain_graph=None, create_graph=False)", "Computes the gradient of input with respect to every leaf that requires grad and adds it to the leaf's .grad. input must have one element unless gradient (of input's shape) is given. The pass frees the tensors the graph saved for backward, so a second backward through an operation that saved some (x * x, exp) raises a RuntimeError unless the first had retain_graph=True; one through operations that saved none (sums, views, adding a number) accumulates again. create_graph=True records the pass, so that the gradients (x.grad) can be differentiated again (and keeps the graph unless retain_graph=False).", func(a *lang.Args) (lang.Value, error) {
		x, g := a.Tensor("input"), a.OptTensor("gradient")
		opts := passOptions(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, backwardPass([]*tensor.Tensor{x}, []*tensor.Tensor{g}, opts)
	})
	lang.NewBuiltin(lang.AsMethod, "requires_grad_(input, requires_grad=True)", "Marks input, a floating-point leaf, as requiring gradients (or not); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, on := a.Tensor("input"), a.Bool("requires_grad")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.SetRequiresGrad(x, on))
	})
	lang.NewBuiltin(lang.AsFunc, "show_graph(tensor)", "Shows the autograd graph behind a tensor: its grad_fn and, below it, the operations and leaves (AccumulateGrad, with dtype and shape) it came from. A notebook shows it as a picture (SVG, laid out in layers with arrows the way gradients flow); the REPL and a script print it as an indented tree.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		g := autograd.GraphString(x)
		if g == "" {
			g = "(no graph: the tensor does not require grad)"
		}
		a.Show(&lang.Diagram{Kind: "GraphDiagram", Text: g + "\n", SVG: diagram.NewGraph(x).SVG()})
		return lang.None, nil
	})
	torchAutograd["is_tensor_like"] = lang.NewBuiltin(lang.AsValue, "is_tensor_like(inp)", "Whether inp is a tensor (of torch.Tensor or a subclass) or an object whose type defines __torch_function__, as PyTorch decides: a class itself or a list of tensors is not.", func(a *lang.Args) (lang.Value, error) {
		v := a.Value("inp")
		if _, ok := v.(*tensor.Tensor); ok {
			return true, nil
		}
		if x, ok := v.(*lang.Instance); ok {
			if is, err := lang.IsInstance(x, torchMembers["Tensor"]); err == nil && is {
				return true, nil
			}
		}
		_, err := lang.GetAttr(lang.TypeOf(v), "__torch_function__")
		return err == nil, nil
	})
	torchAutograd["backward"] = lang.NewBuiltin(lang.AsValue, "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False)", "Computes the gradients of tensors (a tensor or a list of them), with grad_tensors[i] the gradient of tensors[i], in one pass that adds them to the leaves' .grad: t.backward() for several tensors at once. retain_graph is as for t.backward().", func(a *lang.Args) (lang.Value, error) {
		ts := tensorArgs(a, "tensors")
		gs := tensorsOf(a.Value("grad_tensors"))
		opts := passOptions(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, backwardPass(ts, gs, opts)
	})
	torchAutograd["grad"] = lang.NewBuiltin(lang.AsValue, "grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False)", "Returns the gradients of outputs (a tensor or a list of them, with grad_outputs[i] the gradient of outputs[i]) with respect to inputs (a tensor or a list of tensors that require grad, leaves or computed), as a tuple, without touching any .grad. Only the operations between them run, and they free what they saved unless retain_graph=True. An input the outputs do not depend on is an error, or None with allow_unused=True. create_graph=True records the pass, so that the gradients returned can be differentiated again (higher-order derivatives).", func(a *lang.Args) (lang.Value, error) {
		outs, ins := tensorArgs(a, "outputs"), tensorArgs(a, "inputs")
		gs := tensorsOf(a.Value("grad_outputs"))
		opts := passOptions(a)
		opts.AllowUnused = a.Bool("allow_unused")
		if err := a.Err(); err != nil {
			return nil, err
		}
		grads, err := autograd.Gradients(outs, ins, gs, opts)
		if err != nil {
			return nil, err
		}
		out := make(lang.Tuple, len(grads))
		for i, g := range grads {
			out[i] = lang.None
			if g != nil {
				out[i] = g
			}
		}
		return out, nil
	})
}

// backwardPass runs a backward pass for x.backward() and
// torch.autograd.backward. The program trains a model, so the collector
// is told (gctune.Train: a larger heap goal, docs/performance.md).
func backwardPass(ts, gs []*tensor.Tensor, opts autograd.BackwardOptions) error {
	gctune.Train()
	return autograd.BackwardWith(ts, gs, opts)
}

// passOptions reads the retain_graph and create_graph arguments of a
// backward pass: create_graph=True records the pass (higher-order
// derivatives), and retain_graph=None means create_graph, as in PyTorch.
func passOptions(a *lang.Args) autograd.BackwardOptions {
	create := a.Bool("create_graph")
	retain := create
	if !a.IsNone("retain_graph") {
		retain = a.Bool("retain_graph")
	}
	return autograd.BackwardOptions{RetainGraph: retain, CreateGraph: create}
}

// tensorArgs reads an argument that is a tensor or a sequence of tensors.
func tensorArgs(a *lang.Args, name string) []*tensor.Tensor {
	ts := tensorsOf(a.Value(name))
	if slices.Contains(ts, nil) || (len(ts) == 0 && !a.IsNone(name)) {
		a.Fail(a.WrongType(name, "Tensor or list of Tensors", a.Value(name)))
	}
	return ts
}

// tensorsOf reads a tensor or a sequence of tensors (nil entries for
// anything else); None gives nothing.
func tensorsOf(v lang.Value) []*tensor.Tensor {
	if _, none := v.(lang.NoneType); none {
		return nil
	}
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}
	}
	elems, _, _ := lang.Sequence(v)
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		out[i], _ = e.(*tensor.Tensor)
	}
	return out
}
