package autograd

import (
	"errors"
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// calc evaluates the tensor expressions of backward formulas. It keeps the
// first error; after one, every method returns nil without computing, so a
// formula reads like the math (c.mul(g, c.sub(one, c.mul(y, y)))) and the
// engine checks c.err once at the end.
//
// A pass with create_graph (higher-order derivatives) evaluates formulas
// with rec set: the methods then apply the recording operations of this
// package instead of the raw tensor kernels, so that the gradients they
// compute have a graph of their own, as PyTorch runs its backward formulas
// with grad mode on. The raw path is the default and stays as it was.
type calc struct {
	err error
	rec bool // the methods record (see above)
	// sums, in the engine's calc, are the gradient sums it allocated
	// (accumulate) and holds alone until the pass hands them on.
	sums map[*tensor.Tensor]bool
	// pending, in the engine's calc, is the gradient summed so far for
	// input i of node n (nil when none has reached it yet), and added a
	// sum that a formula has already added its contribution into
	// (addMatmul), which accumulate then does not add again.
	pending func(n *Node, i int) *tensor.Tensor
	added   *tensor.Tensor
	// alone, in the engine's calc of a pass that recycles, reports
	// whether the incoming gradient g of the node now running is the
	// engine's alone and dies with the node (gradRecycler.alone).
	alone func(g *tensor.Tensor) bool
}

// writable reports whether a formula may write its result into g, its
// node's incoming gradient, in place of a new tensor: the engine holds g
// alone and drops it once the node has run, as it would recycle it then
// (autograd/recycle.go). It is false in a recording pass and outside the
// engine.
func (c *calc) writable(g *tensor.Tensor) bool {
	return c.err == nil && !c.rec && c.alone != nil && g != nil && c.alone(g)
}

// accumulate returns acc + g, the gradient summed so far plus another
// contribution. When acc is a sum this calc allocated (c.sums) and the
// result has its shape and dtype, g is added into it in place, as
// PyTorch's engine accumulates into a buffer it holds alone: the same
// values (one addition per element either way) without a new tensor per
// contribution (a recurrent layer's weight gets one per time step). A
// recording pass adds out of place, so that the sum has its graph.
func (c *calc) accumulate(acc, g *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	if g == acc && g == c.added {
		c.added = nil
		return acc
	}
	if !c.rec && c.sums[acc] && slices.Equal(acc.Shape(), g.Shape()) && tensor.ResultType(acc, g) == acc.DType() {
		c.inPlace(tensor.AddSpec, acc, g)
		return c.keep(acc, nil)
	}
	s := c.add(acc, g)
	if !c.rec && s != nil && c.sums != nil && s != acc && s != g {
		c.sums[s] = true
	}
	return s
}

// addMatmul adds the product a·b, transposed when t is set, into the
// gradient summed so far for input i of n, in place, and returns that sum
// for the formula to hand on as the input's gradient, which accumulate
// then does not add again; it returns nil, computing nothing, unless the
// sum is one this calc allocated alone (c.sums), the product has its
// shape and dtype as it is (no sumTo, no cast, no conj), no other
// input of n leads to the same place and n has no hooks. The sum gets the same bits as
// accumulate adding the product (tensor.MatmulAddInPlace): a recurrent
// layer's W_hh, one product a time step, no longer has a tensor
// allocated for each.
func (c *calc) addMatmul(n *Node, i int, a, b *tensor.Tensor, t bool) *tensor.Tensor {
	if c.err != nil || c.rec || c.pending == nil || !n.needs(i) || n.nodeHooks != nil {
		return nil // a node's hooks see its own gradients, not a sum
	}
	acc := c.pending(n, i)
	if acc == nil || !c.sums[acc] || acc.DType() != n.next[i].dtype || !slices.Equal(acc.Shape(), n.next[i].shape) {
		return nil
	}
	for j, e := range n.next {
		if j != i && e.live() && e.sameTarget(n.next[i]) {
			return nil
		}
	}
	into := acc
	if t {
		if into = c.mT(acc); into == nil {
			return nil
		}
	}
	done, err := tensor.MatmulAddInPlace(into, a, b)
	if err != nil {
		c.err = err
		return nil
	}
	if !done {
		return nil
	}
	c.added = acc
	return acc
}

// keep records err and returns t.
func (c *calc) keep(t *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		c.err = err
		return nil
	}
	return t
}

// do runs f unless an error happened already.
func (c *calc) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	return c.keep(f())
}

// binary applies f, a raw kernel, to a and b. In a recording pass a raw
// kernel is opaque to the graph: it refuses a differentiable result from an
// operand that requires grad (opaque) rather than drop its derivative.
func (c *calc) binary(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	out := c.do(func() (*tensor.Tensor, error) { return f(a, b) })
	if c.rec {
		c.opaque(out, a, b)
	}
	return out
}

// unary applies f, a raw kernel, to x (see binary).
func (c *calc) unary(f func(x *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor) *tensor.Tensor {
	out := c.do(func() (*tensor.Tensor, error) { return f(x) })
	if c.rec {
		c.opaque(out, x)
	}
	return out
}

// recOps holds the recording operations the methods apply in a recording
// pass. It is filled by init: the operations' descriptors hold formulas
// that call the methods, so a direct reference would be an
// initialization cycle.
var recOps struct {
	add, sub, mul, div, pow, matmul          func(a, b *tensor.Tensor) (*tensor.Tensor, error)
	neg, exp, log, sqrt, sin, cos, sign, abs func(x *tensor.Tensor) (*tensor.Tensor, error)
	conj, sinh, cosh, rsqrt, floor           func(x *tensor.Tensor) (*tensor.Tensor, error)
}

func init() {
	recOps.add, recOps.sub, recOps.mul, recOps.div, recOps.pow, recOps.matmul = Add, Sub, Mul, Div, Pow, Matmul
	recOps.neg, recOps.exp, recOps.log, recOps.sqrt, recOps.sin, recOps.cos, recOps.sign, recOps.abs = Neg, Exp, Log, Sqrt, Sin, Cos, Sign, Abs
	recOps.conj, recOps.sinh, recOps.cosh, recOps.rsqrt, recOps.floor = ConjOp.Apply, Sinh, Cosh, Rsqrt, Floor
}

// opaque refuses, in a recording pass, the result of a raw kernel that is
// differentiable and was computed from an operand that requires grad: its
// derivative would be lost, and a higher-order gradient silently wrong.
func (c *calc) opaque(out *tensor.Tensor, operands ...*tensor.Tensor) {
	if c.err != nil || out == nil || !(out.DType().IsFloating() || out.DType().IsComplex()) {
		return
	}
	for _, t := range operands {
		if t != nil && t.RequiresGrad() {
			c.err = errOpaque
			return
		}
	}
}

// errOpaque is the error opaque keeps; the engine replaces it with
// notRecordable for the node whose formula ran (runNode).
var errOpaque = errors.New("a raw kernel in a recording formula")

// notRecordable is the error of a backward pass with create_graph that
// reaches a node whose backward formula kael cannot record.
func notRecordable(node string) error {
	return tensor.Errorf(tensor.RuntimeError, "kael cannot differentiate the backward of %s (create_graph=True) yet", node).
		WithHint("higher-order derivatives (create_graph=True, hessian, gradgradcheck) work through the operations docs/autograd.md lists; compute this step with those, or detach() it")
}

// pick2 returns plain, or recorded in a recording pass.
func (c *calc) pick2(plain, recorded func(a, b *tensor.Tensor) (*tensor.Tensor, error)) func(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if c.rec {
		return recorded
	}
	return plain
}

// pick1 returns plain, or recorded in a recording pass.
func (c *calc) pick1(plain, recorded func(x *tensor.Tensor) (*tensor.Tensor, error)) func(x *tensor.Tensor) (*tensor.Tensor, error) {
	if c.rec {
		return recorded
	}
	return plain
}

// call2 and call1 apply f without the opaque check: f is a recording
// operation in a recording pass, or a raw kernel in a plain one.
func (c *calc) call2(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
}

func (c *calc) call1(f func(x *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(x) })
}

func (c *calc) add(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Add, recOps.add), a, b)
}
func (c *calc) sub(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Sub, recOps.sub), a, b)
}
func (c *calc) mul(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Mul, recOps.mul), a, b)
}
func (c *calc) div(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Div, recOps.div), a, b)
}
func (c *calc) pow(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Pow, recOps.pow), a, b)
}

// The comparisons give bool tensors, which carry no gradient: they need
// no recording.
func (c *calc) eq(a, b *tensor.Tensor) *tensor.Tensor { return c.call2(tensor.Eq, a, b) }
func (c *calc) ne(a, b *tensor.Tensor) *tensor.Tensor { return c.call2(tensor.Ne, a, b) }
func (c *calc) gt(a, b *tensor.Tensor) *tensor.Tensor { return c.call2(tensor.Gt, a, b) }
func (c *calc) ge(a, b *tensor.Tensor) *tensor.Tensor { return c.call2(tensor.Ge, a, b) }
func (c *calc) logicalAnd(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(tensor.LogicalAnd, a, b)
}
func (c *calc) logicalOr(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(tensor.LogicalOr, a, b)
}
func (c *calc) neg(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Neg, recOps.neg), x)
}
func (c *calc) floor(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.FloorSpec.Apply, recOps.floor), x)
}
func (c *calc) exp(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Exp, recOps.exp), x)
}
func (c *calc) log(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Log, recOps.log), x)
}
func (c *calc) sqrt(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Sqrt, recOps.sqrt), x)
}
func (c *calc) sin(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Sin, recOps.sin), x)
}
func (c *calc) cos(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.Cos, recOps.cos), x)
}
func (c *calc) sign(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.SignSpec.Apply, recOps.sign), x)
}

// sinh, cosh and rsqrt are the hyperbolic sine and cosine and 1/√x.
func (c *calc) sinh(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.SinhSpec.Apply, recOps.sinh), x)
}
func (c *calc) cosh(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.CoshSpec.Apply, recOps.cosh), x)
}
func (c *calc) rsqrt(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.RsqrtSpec.Apply, recOps.rsqrt), x)
}

// abs returns |x|.
func (c *calc) abs(x *tensor.Tensor) *tensor.Tensor {
	return c.call1(c.pick1(tensor.AbsSpec.Apply, recOps.abs), x)
}

// conj returns the complex conjugate of x, or x itself when it is real.
// Backward formulas multiply the output's gradient by the conjugate of
// the derivative, which is PyTorch's convention for complex tensors
// (the gradient of a real loss L at z = x + iy is dL/dx + i·dL/dy) and the
// plain product for real ones.
func (c *calc) conj(x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil || !x.DType().IsComplex() {
		return x
	}
	return c.call1(c.pick1(tensor.ConjSpec.Apply, recOps.conj), x)
}

// sgn is sign(x) for real x and x/|x| (0 at 0) for complex x: PyTorch's
// sgn, the derivative pattern of abs.
func (c *calc) sgn(x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil || !x.DType().IsComplex() {
		return c.sign(x)
	}
	a := c.abs(x)
	zero := c.eq(a, num(0))
	q := c.div(x, c.add(a, c.to(zero, a.DType()))) // |x| + 1 where x is 0: no 0/0
	return c.where(zero, c.zeros(x.DType(), nil), q)
}

// inPlace computes a op b into a (a must own its storage: optimizer state).
func (c *calc) inPlace(spec *tensor.BinarySpec, a, b *tensor.Tensor) {
	if c.err == nil {
		c.err = spec.ApplyInPlace(a, b)
	}
}

// to casts x to dtype d (a bool mask becomes 0s and 1s).
func (c *calc) to(x *tensor.Tensor, d tensor.DType) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return To(x, d) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.To(d) })
}

// reshape returns x with the given shape.
func (c *calc) reshape(x *tensor.Tensor, shape []int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Reshape(x, shape...) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Reshape(shape...) })
}

// expand broadcasts x to shape without copying.
func (c *calc) expand(x *tensor.Tensor, shape []int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Expand(x, shape...) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Expand(shape...) })
}

// where picks a where cond is true and b elsewhere.
func (c *calc) where(cond, a, b *tensor.Tensor) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Where(cond, a, b) })
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Where(cond, a, b) })
}

// zeros returns a zero tensor of dtype d and the given shape.
func (c *calc) zeros(d tensor.DType, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(d, shape...) })
}

// sum adds x over dims (all of them when dims is empty).
func (c *calc) sum(x *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Sum(x, dims, keepdim) })
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Sum(x, dims, keepdim) })
}

// sumTo sums g over the dimensions broadcasting added or stretched, so that
// it gets shape: the adjoint of broadcasting an input of that shape.
func (c *calc) sumTo(g *tensor.Tensor, shape []int) *tensor.Tensor {
	if c.err != nil || slices.Equal(g.Shape(), shape) {
		return g
	}
	gs := g.Shape()
	lead := len(gs) - len(shape)
	var dims []int
	for i := range gs {
		if i < lead || (shape[i-lead] == 1 && gs[i] != 1) {
			dims = append(dims, i)
		}
	}
	if len(dims) > 0 {
		g = c.sum(g, dims, true)
	}
	return c.reshape(g, shape)
}

// expandBack undoes a reduction of a tensor of shape over dims: it puts the
// reduced dimensions back (when keepdim was false) and broadcasts g over
// them. It is the gradient of a sum.
func (c *calc) expandBack(g *tensor.Tensor, shape, dims []int, keepdim bool) *tensor.Tensor {
	if !keepdim {
		g = c.reshape(g, keptShape(shape, dims))
	}
	return c.expand(g, shape)
}

// num returns a plain number as a tensor. It is a wrapped scalar, so it
// does not change the dtype of what it is combined with.
func num(v float64) *tensor.Tensor { return tensor.MustScalar(v) }

// matmul returns a @ b.
func (c *calc) matmul(a, b *tensor.Tensor) *tensor.Tensor {
	return c.call2(c.pick2(tensor.Matmul, recOps.matmul), a, b)
}

// mT swaps the last two dimensions of x (the transpose of each matrix).
func (c *calc) mT(x *tensor.Tensor) *tensor.Tensor {
	return c.transpose(x, -2, -1)
}

// transpose swaps dimensions d0 and d1 of x.
func (c *calc) transpose(x *tensor.Tensor, d0, d1 int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Transpose(x, d0, d1) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Transpose(d0, d1) })
}

// permute reorders the dimensions of x.
func (c *calc) permute(x *tensor.Tensor, dims []int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Permute(x, dims...) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Permute(dims...) })
}

// narrow returns the slice start:start+length of x along dim.
func (c *calc) narrow(x *tensor.Tensor, dim, start, length int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Narrow(x, dim, start, length) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Narrow(dim, start, length) })
}

// selectAt returns x at index along dim.
func (c *calc) selectAt(x *tensor.Tensor, dim, index int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Select(x, dim, index) })
	}
	return c.do(func() (*tensor.Tensor, error) { return x.Select(dim, index) })
}

// fused returns deriv computed as PyTorch's fused backward kernels
// (tanh_backward, sigmoid_backward) compute it: for float16 and bfloat16
// operands in float32, rounded once to their dtype at the end, instead of
// rounding after every step.
func fused(deriv func(c *calc, g, s *tensor.Tensor) *tensor.Tensor) func(c *calc, g, s *tensor.Tensor) *tensor.Tensor {
	return func(c *calc, g, s *tensor.Tensor) *tensor.Tensor {
		d := g.DType()
		if d.ComputeIn() == d {
			return deriv(c, g, s)
		}
		return c.to(deriv(c, c.to(g, d.ComputeIn()), c.to(s, d.ComputeIn())), d)
	}
}
