package autograd

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// Backward computes the gradient of t with respect to every leaf of the
// graph behind it and adds it to the leaves' Grad (+=, so gradients of
// several Backward calls accumulate until ZeroGrad). grad is the gradient
// of t itself; nil stands for 1 and is allowed only when t has one element.
//
// As in PyTorch, the pass frees the tensors each node it ran saved for its
// formula (see BackwardOptions.RetainGraph): a second Backward through such
// a node fails, while one through nodes that saved nothing (sums, views,
// additions) runs again and accumulates.
func Backward(t, grad *tensor.Tensor) error {
	return BackwardWith([]*tensor.Tensor{t}, []*tensor.Tensor{grad}, BackwardOptions{})
}

// BackwardOptions are the options of BackwardWith and Gradients.
type BackwardOptions struct {
	// RetainGraph keeps the saved tensors, so that the graph can be
	// backwarded again (PyTorch's retain_graph=True).
	RetainGraph bool
	// AllowUnused lets Gradients answer nil for an input the outputs do
	// not depend on, instead of failing.
	AllowUnused bool
	// CreateGraph records the pass itself (PyTorch's create_graph=True):
	// the gradients it computes have a graph of their own, through which
	// a later pass differentiates again (higher-order derivatives). The
	// formulas run with grad mode on and record through calc; a node whose
	// formula cannot be recorded (Node.recordable unset) fails the pass
	// when its gradient would need a graph.
	CreateGraph bool
}

// BackwardWith is Backward from several tensors at once, in one pass
// (torch.autograd.backward(tensors, grads)): grads[i] is the gradient of
// ts[i] (nil for 1, or a shorter grads).
func BackwardWith(ts, grads []*tensor.Tensor, opts BackwardOptions) error {
	roots, rootGrads, err := rootsOf(ts, grads)
	if err != nil {
		return err
	}
	if opts.CreateGraph {
		defer SetGradEnabled(SetGradEnabled(true))
	}
	res, err := propagate(roots, rootGrads, opts.RetainGraph, opts.CreateGraph, nil)
	if err != nil {
		return err
	}
	for i, l := range res.leaves {
		if IsLeaf(l.t) && len(l.t.Autograd().Hooks) > 0 {
			if res.leaves[i].g, err = runLeafHooks(l.t, l.g); err != nil {
				return err
			}
		}
	}
	for i, l := range res.leaves {
		if err := accumulate(l.t, l.g, opts.CreateGraph, res.takeable(i)); err != nil {
			return err
		}
	}
	return nil
}

// hookGrads runs n's hooks on the gradients that reached its outputs,
// replacing them with what the hooks return; a retained gradient is
// collected as a leaf's is (toLeaf).
func hookGrads(n *Node, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor, toLeaf func(t, g *tensor.Tensor)) error {
	if n.multi == nil {
		if g := grads[n]; g != nil {
			r, err := runOutputHooks(n, 0, g, toLeaf)
			if err != nil {
				return err
			}
			grads[n] = r
		}
		return nil
	}
	for slot, g := range multi[n] {
		if g == nil {
			continue
		}
		r, err := runOutputHooks(n, slot, g, toLeaf)
		if err != nil {
			return err
		}
		multi[n][slot] = r
	}
	return nil
}

// rootsOf returns the edges a pass starts from and their gradients.
func rootsOf(ts, grads []*tensor.Tensor) ([]edge, []*tensor.Tensor, error) {
	if len(grads) > 0 && len(grads) < len(ts) {
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "got %d tensors and %d gradients", len(ts), len(grads)).
			WithHint("give one gradient per tensor (None for a one-element tensor), or none at all")
	}
	roots := make([]edge, len(ts))
	rootGrads := make([]*tensor.Tensor, len(ts))
	for i, t := range ts {
		if roots[i] = edgeTo(t); !roots[i].live() {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "element %d of tensors does not require grad and does not have a grad_fn", i).
				WithHint("mark the leaves before the forward pass, e.g. w = randn(3, requires_grad=True), and do not compute under no_grad")
		}
		var g *tensor.Tensor
		if i < len(grads) {
			g = grads[i]
		}
		var err error
		if rootGrads[i], err = rootGrad(t, g, i); err != nil {
			return nil, nil, err
		}
	}
	return roots, rootGrads, nil
}

// rootGrad returns the gradient Backward starts from: ones for a
// one-element t, else grad checked against t's shape and cast to its dtype.
// t is the i-th output of the pass.
func rootGrad(t, grad *tensor.Tensor, i int) (*tensor.Tensor, error) {
	if grad == nil {
		if t.Numel() != 1 {
			return nil, tensor.Errorf(tensor.RuntimeError, "grad can be implicitly created only for scalar outputs").
				WithHint("reduce the output first (y.sum().backward()) or pass a gradient of shape %s: y.backward(ones_like(y))", tensor.FormatShape(t.Shape()))
		}
		return tensor.Ones(t.DType(), t.Shape()...)
	}
	if !slices.Equal(grad.Shape(), t.Shape()) {
		return nil, tensor.Errorf(tensor.RuntimeError, "Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of %s.",
			i, sizeString(grad.Shape()), i, sizeString(t.Shape()))
	}
	return grad.To(t.DType())
}

// leafGrad is the gradient one Backward computed for one leaf.
type leafGrad struct{ t, g *tensor.Tensor }

// passResult is what a backward pass computed: the gradients that reached
// the leaves, summed per leaf, and, for Gradients, the gradient of each
// target (nil for one no gradient reached).
type passResult struct {
	leaves   []leafGrad
	captured []*tensor.Tensor
	// mark is the recycling mark taken as the pass began, and owned says
	// that the pass ran no hook and no custom function (it recycled), so
	// that a gradient allocated since mark is the engine's alone unless
	// another of leaves shares its memory (takeable).
	mark  tensor.RecycleMark
	owned bool
}

// takeable reports whether the gradient of leaf i may become its Grad as
// it is, as PyTorch's AccumulateGrad steals a new gradient that nothing
// else refers to instead of copying it: the pass allocated it (in the
// sizes that carry a mark, tensor.RecycleMark.Recyclable), ran no hook or
// custom function that could have handed it to the program, the leaf has
// no hooks, the gradient is dense and contiguous over all of its storage,
// and no other leaf's gradient shares its memory (add hands one tensor to
// both of its inputs). makemore's MLP copied its first layer's 256 KiB
// weight gradient every step (docs/performance.md, issue 34).
func (r *passResult) takeable(i int) bool {
	l := r.leaves[i]
	g := l.g
	if !r.owned || g == nil || !r.mark.Recyclable(g) || len(l.t.Autograd().Hooks) > 0 ||
		g.DType() != l.t.DType() || !slices.Equal(g.Shape(), l.t.Shape()) ||
		!g.IsContiguous() || g.Offset() != 0 || g.Storage().Len() != g.Numel() {
		return false
	}
	for j, o := range r.leaves {
		if j != i && o.g != nil && g.SharesMemory(o.g) {
			return false
		}
	}
	return true
}

// propagate runs the backward pass from roots, whose gradients are
// rootGrads; create records it (BackwardOptions.CreateGraph). Nothing is
// written to the leaves here, so a failing pass leaves every Grad as it
// was. Unless retain, each node that ran frees what
// it saved. With targets (Gradients), the pass runs only the nodes that
// lead to a target and captures the gradient of each target: a leaf's from
// the leaves, a computed tensor's as it reaches its node, which then does
// not run.
func propagate(roots []edge, rootGrads []*tensor.Tensor, retain, create bool, targets []edge) (*passResult, error) {
	mark := tensor.MarkRecycle() // before the pass allocates anything
	grads := map[*Node]*tensor.Tensor{}
	multi := map[*Node][]*tensor.Tensor{} // the gradients of nodes with several outputs, per output
	c := &calc{rec: create, sums: map[*tensor.Tensor]bool{}}
	res := &passResult{mark: mark}
	leafIndex := map[*tensor.Tensor]int{}
	var rc *gradRecycler // set once the pass's nodes are known
	toLeaf := func(leaf, g *tensor.Tensor) {
		if k, ok := leafIndex[leaf]; ok {
			prev := res.leaves[k].g
			res.leaves[k].g = c.accumulate(prev, g)
			rc.consumed(res.leaves[k].g, prev, g)
		} else {
			leafIndex[leaf] = len(res.leaves)
			res.leaves = append(res.leaves, leafGrad{leaf, g})
		}
	}
	c.pending = func(n *Node, i int) *tensor.Tensor {
		switch e := n.next[i]; {
		case e.leaf != nil:
			if k, ok := leafIndex[e.leaf]; ok {
				return res.leaves[k].g
			}
		case e.fn != nil && e.fn.multi == nil:
			return grads[e.fn]
		case e.fn != nil && multi[e.fn] != nil:
			return multi[e.fn][e.slot]
		}
		return nil
	}
	var fns []*Node
	for i, r := range roots {
		if r.leaf != nil {
			toLeaf(r.leaf, rootGrads[i])
			continue
		}
		deliver(c, grads, multi, r, rootGrads[i], nil)
		fns = append(fns, r.fn)
	}
	order := topoOrder(fns...)
	if !retain && !create && targets == nil {
		rc = newGradRecycler(order, mark, grads, multi, res, c)
		res.owned = rc != nil
		if rc != nil {
			// runNode takes a node's gradient out of grads before its
			// formula runs: alone then says whether anything else holds it.
			c.alone = rc.alone
		}
	}
	var run map[*Node]bool
	if targets != nil {
		run = leadingTo(order, targets)
		res.captured = make([]*tensor.Tensor, len(targets))
	}
	for _, n := range order {
		if run != nil {
			capture(res.captured, targets, n, grads, multi)
			if !run[n] {
				continue
			}
		}
		if len(n.hooks) > 0 {
			if err := hookGrads(n, grads, multi, toLeaf); err != nil {
				return nil, err
			}
		}
		// n's backward may hand its gradient on as it is (add's does):
		// from here it is no sum to add into in place.
		delete(c.sums, grads[n])
		for _, g := range multi[n] {
			delete(c.sums, g)
		}
		consumed, consumedMulti := grads[n], slices.Clone(multi[n])
		var gradOutputs []*tensor.Tensor
		if n.nodeHooks != nil {
			var err error
			if gradOutputs, err = runNodePreHooks(n, grads, multi); err != nil {
				return nil, err
			}
		}
		ins, err := runNode(c, n, grads, multi)
		if err != nil {
			return nil, err
		}
		if n.nodeHooks != nil && len(n.nodeHooks.post) > 0 && ins != nil {
			if ins, err = runNodePostHooks(n, ins, gradOutputs); err != nil {
				return nil, err
			}
		}
		if ins != nil && !retain {
			n.release()
		}
		for i, e := range n.next {
			if !e.live() || ins == nil || ins[i] == nil {
				continue
			}
			gi := ins[i]
			if e.leaf != nil {
				if err := receive("AccumulateGrad", e.dtype, e.shape, gi, n.name); err != nil {
					return nil, err
				}
				toLeaf(e.leaf, gi)
			} else {
				if err := receive(e.fn.name, e.dtype, e.shape, gi, n.name); err != nil {
					return nil, err
				}
				deliver(c, grads, multi, e, gi, rc)
			}
			if c.err != nil {
				return nil, c.err
			}
		}
		if ins != nil {
			rc.release(consumed)
			for _, g := range consumedMulti {
				rc.release(g)
			}
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	for i, t := range targets {
		if t.leaf != nil {
			if k, ok := leafIndex[t.leaf]; ok {
				res.captured[i] = res.leaves[k].g
			}
		}
	}
	return res, nil
}

// deliver adds g to the gradient of the output of e.fn that e leads to;
// rc (nil in a pass that recycles nothing) takes what the sum consumed.
func deliver(c *calc, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor, e edge, g *tensor.Tensor, rc *gradRecycler) {
	if e.fn.multi == nil {
		if prev := grads[e.fn]; prev != nil {
			sum := c.accumulate(prev, g)
			grads[e.fn] = sum
			rc.consumed(sum, prev, g)
			return
		}
		grads[e.fn] = g
		return
	}
	gs := multi[e.fn]
	if gs == nil {
		gs = make([]*tensor.Tensor, len(e.fn.multi.outs))
		multi[e.fn] = gs
	}
	if prev := gs[e.slot]; prev != nil {
		sum := c.accumulate(prev, g)
		gs[e.slot] = sum
		rc.consumed(sum, prev, g)
		return
	}
	gs[e.slot] = g
}

// runNode runs the backward of n on the gradients that reached it and
// returns one gradient per input (nil when no gradient reached n). The
// formula computes with c, the pass's calc (free of errors: the pass stops
// at the first). In a recording pass (c.rec, create_graph) a node not
// marked recordable is refused when its gradient would need a graph.
func runNode(c *calc, n *Node, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor) ([]*tensor.Tensor, error) {
	create := c.rec
	if n.multi != nil {
		gs := multi[n]
		delete(multi, n)
		if gs == nil {
			return nil, nil
		}
		if n.freed {
			return nil, ErrFreed()
		}
		if err := n.checkSaved(); err != nil {
			return nil, err
		}
		if create && !n.custom && !n.recordable && n.needsGraph(gs...) {
			return nil, notRecordable(n.name)
		}
		ins, err := n.multi.run(c, n, gs)
		if err == nil {
			err = checkAnomaly(n.name, ins)
		}
		return ins, err
	}
	g := grads[n]
	delete(grads, n)
	if g == nil { // no path from root carried a gradient here
		return nil, nil
	}
	if n.freed {
		return nil, ErrFreed()
	}
	if n.refused != nil {
		return nil, n.refused
	}
	if err := n.checkSaved(); err != nil {
		return nil, err
	}
	if err := n.checkComplex(); err != nil {
		return nil, err
	}
	if create && !n.recordable && n.needsGraph(g) {
		return nil, notRecordable(n.name)
	}
	ins := n.backward(c, g)
	if c.err == errOpaque {
		return nil, notRecordable(n.name)
	}
	if c.err != nil {
		var te *tensor.Error
		if errors.As(c.err, &te) && te.Kind == tensor.NotImplementedError {
			return nil, c.err // PyTorch's words for a derivative it lacks, as it reports them
		}
		return nil, fmt.Errorf("%s: %w", n.name, c.err)
	}
	return ins, checkAnomaly(n.name, ins)
}

// receive checks that a gradient the node called from sends to the node
// called name has the dtype and shape of that node's output. A mismatch is a bug in a backward formula, and
// catching it here names the culprit instead of failing far away.
func receive(name string, dtype tensor.DType, shape []int, g *tensor.Tensor, from string) error {
	var e *tensor.Error
	switch {
	case g.DType() != dtype:
		e = tensor.Errorf(tensor.RuntimeError, "%s received a gradient of dtype %s but its output is %s", name, g.DType(), dtype)
	case !slices.Equal(g.Shape(), shape):
		e = tensor.Errorf(tensor.RuntimeError, "%s received a gradient of shape %s but its output has shape %s",
			name, tensor.FormatShape(g.Shape()), tensor.FormatShape(shape))
	default:
		return nil
	}
	return e.WithHint("the gradient came from %s, whose backward must give each input a gradient of that input's dtype and shape", from)
}

// topoOrder lists the nodes reachable from roots so that every node comes
// before the nodes that produced its inputs: by the time a node runs, all
// the gradients of its output have arrived. It is a depth-first search
// whose post-order, reversed, is a topological order. The search keeps its
// own stack rather than recursing, so a graph millions of operations deep
// (a long loop of x = x + 1) cannot overflow the goroutine's stack.
func topoOrder(roots ...*Node) []*Node {
	type frame struct {
		n    *Node
		next int // the next edge of n to follow
	}
	var post []*Node
	seen := map[*Node]bool{}
	var stack []frame
	for _, root := range roots {
		if seen[root] {
			continue
		}
		seen[root] = true
		stack = append(stack, frame{n: root})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(top.n.next) {
				post = append(post, top.n)
				stack = stack[:len(stack)-1]
				continue
			}
			e := top.n.next[top.next]
			top.next++
			if e.fn != nil && !seen[e.fn] {
				seen[e.fn] = true
				stack = append(stack, frame{n: e.fn})
			}
		}
	}
	slices.Reverse(post)
	return post
}

// accumulate adds g to leaf's Grad. The first gradient is copied so that
// Grad owns its storage; later ones are added in place, unless Grad (one
// the user assigned) is a view that adding in place would corrupt: one
// whose elements share memory (a broadcast view, where each gradient
// element would be added into all of them), or one of the leaf itself
// (w.grad = w.detach(), where the add would change the parameter). The sum
// is then a new tensor. With create (a pass with create_graph) the sum is
// recorded instead (accumulateRecorded). A first gradient that take says
// nothing else refers to (passResult.takeable) becomes Grad uncopied.
func accumulate(leaf, g *tensor.Tensor, create, take bool) error {
	m := leaf.Autograd()
	if create {
		return accumulateRecorded(m, g)
	}
	if m.Grad == nil && take {
		m.Grad = g.Detach()
		return nil
	}
	if m.Grad == nil {
		c, err := g.Clone()
		m.Grad = c
		return err
	}
	if m.Grad.HasInternalOverlap() || m.Grad.SharesStorage(leaf) {
		sum, err := tensor.Add(m.Grad, g)
		if err == nil {
			m.Grad = sum
		}
		return err
	}
	return tensor.AddSpec.ApplyInPlace(m.Grad, g)
}
