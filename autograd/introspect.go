package autograd

import "github.com/kael-dev/kael/tensor"

// Reading a recorded graph, as PyTorch's grad_fn.next_functions shows it.

// NextFunction is one entry of grad_fn.next_functions: where the gradient
// of one input of an operation goes. Exactly one of Fn and Leaf is set for
// an input that requires grad; neither for one that does not (PyTorch's
// (None, 0)).
type NextFunction struct {
	// Fn is the operation that produced the input.
	Fn tensor.GradFn
	// Leaf is the input itself when it is a leaf that requires grad, whose
	// gradient PyTorch's AccumulateGrad node adds to Leaf.grad.
	Leaf *tensor.Tensor
	// OutputNr is which output of Fn the input was (0 but for the
	// outputs of a custom function after its first).
	OutputNr int
}

// NextFunctions returns the entries of fn.next_functions, one per tensor
// input of the operation, in the order the operation took them, with
// PyTorch's output number (a custom function's node has one per output).
// A GradFn that package autograd did not make has none.
func NextFunctions(fn tensor.GradFn) []NextFunction {
	n, ok := fn.(*Node)
	if !ok {
		return nil
	}
	out := make([]NextFunction, len(n.next))
	for i, e := range n.next {
		if e.fn != nil {
			out[i].Fn = e.fn
		}
		out[i].Leaf = e.leaf
		out[i].OutputNr = e.slot
	}
	return out
}

// Released reports whether a backward pass without retain_graph freed what
// fn saved: its saved tensors can no longer be read (PyTorch raises for
// ctx.saved_tensors then) and a backward through it fails.
func Released(fn tensor.GradFn) bool {
	n, ok := fn.(*Node)
	return ok && n.freed
}

// IsCustomFunction reports whether fn is the node of a custom function
// (CustomFunction.Attach): PyTorch's torch.autograd.function.<Name>Backward
// class, where built-in nodes are classes of module builtins.
func IsCustomFunction(fn tensor.GradFn) bool {
	n, ok := fn.(*Node)
	return ok && n.custom
}
