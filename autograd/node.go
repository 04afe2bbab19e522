package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Node is one recorded operation: the grad_fn of the tensor it produced. It
// implements tensor.GradFn.
type Node struct {
	name  string
	next  []edge       // one per tensor input of the operation
	dtype tensor.DType // dtype of the output
	shape []int        // shape of the output
	// saved are the tensors the backward formula reads (PyTorch's saved
	// variables). A backward pass without retain_graph frees them, with
	// the formula that holds them, once the node has run (release).
	saved []savedTensor
	// watched are tensors whose version is checked like saved ones but
	// which the formula does not read: a view's base. They are never
	// freed, so a node with only watched tensors can run again.
	watched []savedTensor
	// freed marks a node whose saved tensors a backward pass released: a
	// second pass through it is an error.
	freed bool
	// releaseAlways makes a pass release the node even when it saved
	// nothing, as PyTorch's CopySlices (the node of x[idx] = v) drops its
	// formula after one pass.
	releaseAlways bool
	// onRelease, when set, runs when a pass releases the node: memory
	// its formula held that can be reused at once (a convolution's kept
	// columns go back to their pool).
	onRelease func()
	// view marks operations whose output shares its input's storage;
	// viewOf is that input, whose storage an in-place change of the
	// output writes (inplace_view.go).
	view   bool
	viewOf *tensor.Tensor
	// refused, when set, is the error a backward pass through the node
	// gives: PyTorch's error for a view that may not take its base's new
	// history (refreshView).
	refused error
	// backward maps the gradient of the output to one gradient per input
	// (nil for inputs that do not require grad). It computes with c, which
	// keeps the first error.
	backward func(c *calc, g *tensor.Tensor) []*tensor.Tensor
	// multi, when set, makes this a node with several outputs (a custom
	// function): backward is unused and the engine gathers one gradient
	// per output for multi.backward.
	multi *multiOutput
	// recordable marks a node whose backward formula computes only with
	// calc's methods and recording operations, so that a pass with
	// create_graph records it (higher_order.go). It is set where the
	// formula is written, never inferred; a pass with create_graph refuses
	// the other nodes when their gradient would need a graph.
	recordable bool
	// custom marks the node of a torch.autograd.Function subclass
	// (CustomFunction), which PyTorch prints with its module's name.
	custom bool
	// hooks are the hooks and retained gradients of the node's outputs
	// (hooks.go), run on their gradients before backward.
	hooks []*outputHook
	// nodeHooks are grad_fn.register_prehook's and register_hook's
	// hooks (hooks.go); nil for almost every node.
	nodeHooks *nodeHooks
}

// Name returns the operation's name in PyTorch's style, e.g. "MulBackward0".
func (n *Node) Name() string { return n.name }

// edge leads from a node to where the gradient of one of its inputs goes:
// the node that produced the input, or the input itself when it is a leaf.
// The zero edge means the input does not require grad.
type edge struct {
	fn    *Node
	leaf  *tensor.Tensor
	dtype tensor.DType
	shape []int
	slot  int // which output of fn the input is (see tensor.AutogradMeta.OutputNr)
}

// live reports whether gradients flow along e.
func (e edge) live() bool { return e.fn != nil || e.leaf != nil }

// sameTarget reports whether e and f lead to the same gradient: one leaf,
// or one output of one node.
func (e edge) sameTarget(f edge) bool {
	if e.leaf != nil || f.leaf != nil {
		return e.leaf == f.leaf
	}
	return e.fn == f.fn && e.slot == f.slot
}

// edgeTo returns the edge to t. A GradFn that package autograd did not make
// carries no gradient.
func edgeTo(t *tensor.Tensor) edge {
	if t == nil || !t.RequiresGrad() {
		return edge{}
	}
	e := edge{dtype: t.DType(), shape: t.Shape()}
	if m := t.Autograd(); m.GradFn != nil {
		e.fn, _ = m.GradFn.(*Node)
		e.slot = m.OutputNr
	} else {
		e.leaf = t
	}
	return e
}

// savedTensor is a tensor a backward formula reads, with the version of its
// storage when it was saved.
type savedTensor struct {
	t       *tensor.Tensor
	version uint64
}

// track reports whether an operation with these inputs and output must be
// recorded: grad mode is on, the output is floating point (integer and bool
// results are never differentiable), some input requires grad, and the
// output is a new tensor (an operation that returned an input unchanged,
// such as x.to(x.dtype), adds nothing to the graph).
func track(out *tensor.Tensor, inputs ...*tensor.Tensor) bool {
	if !IsGradEnabled() || !out.DType().IsFloating() && !out.DType().IsComplex() {
		return false
	}
	requires := false
	for _, in := range inputs {
		if in == out {
			return false
		}
		requires = requires || (in != nil && in.RequiresGrad())
	}
	return requires
}

// newNode starts the node of an operation on inputs (nil entries are
// allowed and never receive a gradient).
func newNode(name string, inputs ...*tensor.Tensor) *Node {
	n := &Node{name: name, next: make([]edge, len(inputs))}
	for i, in := range inputs {
		n.next[i] = edgeTo(in)
	}
	return n
}

// save remembers tensors the backward formula reads, with their versions.
func (n *Node) save(ts ...*tensor.Tensor) {
	for _, t := range ts {
		if t != nil {
			n.saved = append(n.saved, savedTensor{t, t.Version()})
		}
	}
}

// watch remembers the version of t, a tensor the backward formula does not
// read but whose in-place change would make the recorded history wrong.
func (n *Node) watch(t *tensor.Tensor) {
	n.watched = append(n.watched, savedTensor{t, t.Version()})
}

// release frees what the node saved, as PyTorch does after a backward pass
// without retain_graph: the saved tensors and the formula (whose closure
// holds them), so that their memory can be reclaimed. A node that saved
// nothing keeps its formula and can run again (y = x.sum() can be
// backwarded twice, as in PyTorch).
func (n *Node) release() {
	if len(n.saved) == 0 && !n.releaseAlways {
		return
	}
	n.saved, n.backward, n.freed = nil, nil, true
	if n.multi != nil {
		n.multi.backward = nil
	}
	if n.onRelease != nil {
		n.onRelease()
		n.onRelease = nil
	}
}

// ErrFreed is the error of a backward pass that reaches a node whose saved
// tensors an earlier pass freed, or of reading them (a custom function's
// ctx.saved_tensors); the text is PyTorch's.
func ErrFreed() error {
	return tensor.Errorf(tensor.RuntimeError, "Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.").
		WithHint("pass retain_graph=True to the first backward() to keep the graph, or redo the forward pass before the next backward()")
}

// needs reports whether input i receives a gradient.
func (n *Node) needs(i int) bool { return n.next[i].live() }

// attach makes n the grad_fn of out and returns out.
func (n *Node) attach(out *tensor.Tensor) *tensor.Tensor {
	n.dtype, n.shape = out.DType(), out.Shape()
	out.SetAutograd(&tensor.AutogradMeta{RequiresGrad: true, GradFn: n})
	return out
}

// toInput sums g over the dimensions that broadcasting added to input i and
// casts it to input i's dtype: the gradient of an input has the input's
// shape and dtype even when the forward pass broadcast or promoted it.
func (n *Node) toInput(c *calc, i int, g *tensor.Tensor) *tensor.Tensor {
	if !n.needs(i) {
		return nil
	}
	e := n.next[i]
	return c.to(c.sumTo(g, e.shape), e.dtype)
}

// checkSaved refuses to run backward when a saved tensor was modified in
// place after the forward pass: the formula would read the new values.
func (n *Node) checkSaved() error {
	for _, list := range [2][]savedTensor{n.saved, n.watched} {
		for _, s := range list {
			if v := s.t.Version(); v != s.version {
				return tensor.Errorf(tensor.RuntimeError, "one of the variables needed for gradient computation has been modified by an inplace operation: [%s], which %s saved, is at version %d; expected version %d instead",
					describe(s.t.DType(), s.t.Shape()), n.name, v, s.version).
					WithHint("the tensor was changed in place (x += ..., x[i] = ..., an optimizer step) after the forward pass used it; change it out of place (x = x + ...), .clone() it first, or redo the forward pass after the change")
			}
		}
	}
	return nil
}

// describe formats a dtype and shape as "float32 [2, 3]".
func describe(d tensor.DType, shape []int) string {
	return d.String() + " " + tensor.FormatShape(shape)
}

// complexNodes are the nodes whose backward formulas hold for complex
// tensors, as PyTorch computes them (Wirtinger calculus: the gradient of a
// real loss L at z = x + iy is dL/dx + i·dL/dy, so a derivative f'(z) turns
// the output's gradient g into g·conj(f'(z))). Linear maps with real
// coefficients (sums, views, copies) need nothing more; the others
// conjugate their derivative (calc.conj).
var complexNodes = map[string]bool{}

func init() {
	for _, name := range []string{
		// element-wise
		"AddBackward0", "SubBackward0", "RsubBackward1", "MulBackward0", "DivBackward0", "DivBackward2",
		"NegBackward0", "ConjBackward0", "AbsBackward0", "AngleBackward0", "ExpBackward0", "LogBackward0",
		"SqrtBackward0", "SinBackward0", "CosBackward0", "TanhBackward0",
		"PowBackward0", "PowBackward1", "PowBackward2",
		"ToCopyBackward0", "CloneBackward0", "WhereBackward0",
		// reductions and products
		"SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1", "CumprodBackward0",
		"MmBackward0", "MvBackward0", "BmmBackward0", "DotBackward0", "MatmulBackward0",
		// views and the real/complex bridges
		"ViewBackward0", "ReshapeAliasBackward0", "UnsafeViewBackward0", "SqueezeBackward0", "SqueezeBackward1",
		"UnsqueezeBackward0", "TransposeBackward0", "TBackward0", "PermuteBackward0", "ExpandBackward0",
		"SelectBackward0", "SliceBackward0", "IndexBackward0", "FlipBackward0", "RollBackward0", "CatBackward0", "StackBackward0",
		"GatherBackward0", "IndexSelectBackward0", "RepeatBackward0", "TrilBackward0", "TriuBackward0",
		"DiagonalBackward0", "DiagBackward0", "DiagEmbedBackward0", "TraceBackward0",
		"ViewAsRealBackward0", "ViewAsComplexBackward0", "ComplexBackward0", "RealBackward0", "ImagBackward0",
		// torch.fft
		"FftC2CBackward0", "FftR2CBackward0", "FftC2RBackward0",
	} {
		complexNodes[name] = true
	}
}

// checkComplex refuses to run the backward formula of a node whose output
// or an input is complex unless the formula is one of complexNodes: the
// others are those of real numbers. The forward pass records such a node
// so that backward fails here, naming it, rather than giving a wrong
// gradient or dropping it without a word.
func (n *Node) checkComplex() error {
	anyComplex := n.dtype.IsComplex()
	for _, e := range n.next {
		anyComplex = anyComplex || e.dtype.IsComplex()
	}
	if !anyComplex || complexNodes[n.name] { // the name is looked up only for complex nodes
		return nil
	}
	return tensor.Errorf(tensor.NotImplementedError, "%s: kael's autograd does not differentiate this operation for complex tensors yet", n.name).
		WithHint("keep this step in real tensors (the real and imaginary parts as float tensors), or detach() the complex part")
}
