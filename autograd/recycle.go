package autograd

import "github.com/kael-dev/kael/tensor"

// gradRecycler hands the gradients a backward pass is done with back to
// tensor's allocator (tensor.Recycle), at the point where PyTorch's engine
// drops its last reference to them: a node's incoming gradient once its
// formula has run and its results are delivered, and a contribution once
// it is added into a sum (or both, when the sum is a new tensor). The next
// gradient of that size is then written into memory still in the caches,
// instead of a fresh Go buffer (tensor/storage_recycle.go).
//
// Only what the engine can prove dead is recycled:
//
//   - the storage was allocated during this pass (tensor.RecycleMark), so
//     no program value refers to it: nothing of the program runs during a
//     pass without hooks or custom functions, which is the only kind of
//     pass that recycles (newGradRecycler);
//   - nothing the engine still holds shares its memory: no pending
//     gradient of a node, no leaf's gradient, no sum a formula added into.
//     A formula that hands its incoming gradient on, or a view of it
//     (add's, a reshape's), so keeps it.
//
// A pass that retains its graph, records itself (create_graph) or computes
// torch.autograd.grad's targets recycles nothing.
type gradRecycler struct {
	mark  tensor.RecycleMark
	grads map[*Node]*tensor.Tensor
	multi map[*Node][]*tensor.Tensor
	res   *passResult
	c     *calc
}

// newGradRecycler returns the recycler of a pass over order, or nil when
// one of its nodes may hand a gradient to the program: a node with hooks
// (a retained gradient among them) or a custom function's.
func newGradRecycler(order []*Node, mark tensor.RecycleMark, grads map[*Node]*tensor.Tensor, multi map[*Node][]*tensor.Tensor, res *passResult, c *calc) *gradRecycler {
	for _, n := range order {
		if len(n.hooks) > 0 || n.nodeHooks != nil || n.custom {
			return nil
		}
	}
	return &gradRecycler{mark: mark, grads: grads, multi: multi, res: res, c: c}
}

// consumed recycles what adding g into prev used up: g when the sum is not
// g, prev when the sum is a new tensor.
func (r *gradRecycler) consumed(sum, prev, g *tensor.Tensor) {
	if r == nil || sum == nil {
		return
	}
	if sum != g {
		r.release(g)
	}
	if sum != prev {
		r.release(prev)
	}
}

// release recycles g's storage when it was allocated during the pass and
// no gradient the engine holds shares its memory.
func (r *gradRecycler) release(g *tensor.Tensor) {
	if r.alone(g) {
		delete(r.c.sums, g)
		tensor.Recycle(g, r.mark)
	}
}

// alone reports whether g was allocated during the pass and no gradient
// the engine holds shares its memory: what release recycles, and what a
// running node's formula may write into when g is its incoming gradient
// (calc.writable), which the engine has taken out of its gradients then.
func (r *gradRecycler) alone(g *tensor.Tensor) bool {
	if r == nil || g == nil || r.c.err != nil || !r.mark.Recyclable(g) {
		return false
	}
	for _, h := range r.grads {
		if h != nil && g.SharesMemory(h) {
			return false
		}
	}
	for _, hs := range r.multi {
		for _, h := range hs {
			if h != nil && g.SharesMemory(h) {
				return false
			}
		}
	}
	for _, l := range r.res.leaves {
		if l.g != nil && g.SharesMemory(l.g) {
			return false
		}
	}
	if a := r.c.added; a != nil && g.SharesMemory(a) {
		return false
	}
	return true
}
