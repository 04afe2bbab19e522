package autograd

import (
	"sync"

	"github.com/kael-dev/kael/tensor"
)

// Matmul returns the matrix product of a and b with torch.matmul's rules
// (1-D operands, batched and broadcast stacks of matrices). The node is
// named after the case: DotBackward0 (1-D·1-D), MvBackward0 (2-D·1-D),
// MmBackward0 (2-D·2-D), MatmulBackward0 otherwise.
func Matmul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if err := AutocastLower(&a, &b); err != nil {
		return nil, err
	}
	out, err := tensor.Matmul(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	name := "MatmulBackward0"
	switch {
	case a.Dim() == 1 && b.Dim() == 1:
		name = "DotBackward0"
	case a.Dim() == 2 && b.Dim() == 1:
		name = "MvBackward0"
	case a.Dim() == 2 && b.Dim() == 2:
		name = "MmBackward0"
	}
	return recordMatmul(name, a, b, out), nil
}

// Mm returns the product of two matrices.
func Mm(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if err := AutocastLower(&a, &b); err != nil {
		return nil, err
	}
	out, err := tensor.Mm(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	return recordMatmul("MmBackward0", a, b, out), nil
}

// Bmm returns the products of two equally long stacks of matrices.
func Bmm(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if err := AutocastLower(&a, &b); err != nil {
		return nil, err
	}
	out, err := tensor.Bmm(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	return recordMatmul("BmmBackward0", a, b, out), nil
}

// Dot returns the dot product of two 1-D tensors.
func Dot(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Dot(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	return recordMatmul("DotBackward0", a, b, out), nil
}

// recordMatmul records out = a @ b. With A and B the operands as stacks of
// matrices (a 1-D a is a row [1, n], a 1-D b a column [n, 1]) and G the
// gradient shaped like A @ B, the gradients are G @ Bᴴ and Aᴴ @ G (the
// conjugate transposes, plain transposes for real operands), summed over
// the batch dimensions broadcasting added.
func recordMatmul(name string, a, b, out *tensor.Tensor) *tensor.Tensor {
	n := newNode(name, a, b)
	n.recordable = true
	n.save(a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		am, bm := a, b
		if a.Dim() == 1 {
			am = c.reshape(a, []int{1, a.Shape()[0]})
		}
		if b.Dim() == 1 {
			bm = c.reshape(b, []int{b.Shape()[0], 1})
		}
		if c.err != nil {
			return nil
		}
		gm := c.reshape(g, matmulShape(am.Shape(), bm.Shape()))
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = c.matmul(gm, c.conj(c.mT(bm))) // [..., m, n]
			if a.Dim() == 1 {
				// sum over the batch, then drop the row dimension
				ga = c.reshape(c.sumTo(ga, am.Shape()), a.Shape())
			}
			ga = n.toInput(c, 0, ga)
		}
		if n.needs(1) {
			gb = c.matmul(c.conj(c.mT(am)), gm) // [..., n, p]
			if b.Dim() == 1 {
				// sum over the batch, then drop the column dimension
				gb = c.reshape(c.sumTo(gb, bm.Shape()), b.Shape())
			}
			gb = n.toInput(c, 1, gb)
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out)
}

// matmulShape returns the shape of the product of stacks of matrices with
// shapes a and b (both with at least two dimensions).
func matmulShape(a, b []int) []int {
	batchA, batchB := a[:len(a)-2], b[:len(b)-2]
	batch := make([]int, max(len(batchA), len(batchB)))
	for i := range batch {
		size := 1
		for _, s := range [][]int{batchA, batchB} {
			if j := i - (len(batch) - len(s)); j >= 0 && s[j] != 1 {
				size = s[j]
			}
		}
		batch[i] = size
	}
	return append(batch, a[len(a)-2], b[len(b)-1])
}

// Outer returns the outer product of two 1-D tensors: out[i, j] = a[i]·b[j].
// Recorded, it is what PyTorch computes, a reshaped to a column times b
// (MulBackward0 after ReshapeAliasBackward0), so its graph and what it saves
// are PyTorch's.
func Outer(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if a.Dim() != 1 || b.Dim() != 1 || !IsGradEnabled() || !anyRequiresGrad([]*tensor.Tensor{a, b}) {
		return tensor.Outer(a, b)
	}
	col, err := Reshape(a, a.Numel(), 1)
	if err != nil {
		return nil, err
	}
	return Mul(col, b)
}

// Linear returns x·Wᵀ + bias (bias may be nil) for x of shape [..., in], W
// [out, in]. Recorded, its graph is PyTorch 1.13's at::linear: with a
// bias, addmm(bias, x, Wᵀ) for a matrix x (AddmmBackward0, the weight
// under TBackward0), the same between ViewBackward0s for a contiguous 3-D
// x; otherwise matmul(x, Wᵀ), then the bias added (AddBackward0). The
// addmm cases compute with the fused kernel, as untracked calls do.
func Linear(x, weight, bias *tensor.Tensor) (*tensor.Tensor, error) {
	if err := AutocastLower(&x, &weight, &bias); err != nil {
		return nil, err
	}
	if !IsGradEnabled() || !anyRequiresGrad([]*tensor.Tensor{x, weight, bias}) {
		return tensor.Linear(x, weight, bias)
	}
	if err := tensor.CheckLinear(x, weight, bias); err != nil {
		return nil, err
	}
	switch {
	case bias != nil && x.Dim() == 2:
		out, err := tensor.Linear(x, weight, bias)
		if err != nil || !track(out, x, weight, bias) {
			return out, err
		}
		return addmm(out, bias, x, T(weight)), nil
	case bias != nil && x.Dim() == 3 && x.IsContiguous():
		out, err := tensor.Linear(x, weight, bias)
		if err != nil || !track(out, x, weight, bias) {
			return out, err
		}
		s, o := x.Shape(), out.Shape()
		rows, err := View(x, s[0]*s[1], s[2])
		if err != nil {
			return nil, err
		}
		flat, err := out.View(s[0]*s[1], o[2])
		if err != nil {
			return nil, err
		}
		return View(addmm(flat, bias, rows, T(weight)), o...)
	}
	out, err := Matmul(x, T(weight))
	if err != nil || bias == nil {
		return out, err
	}
	if bias.DType() != out.DType() {
		// PyTorch adds the bias in place (add_): out keeps its dtype.
		if bias, err = To(bias, out.DType()); err != nil {
			return nil, err
		}
	}
	return Add(out, bias)
}

// StepWeight is a weight that a layer applies at each of its steps in
// turn (a recurrent layer's W_hh, once per time step). Made once for the
// steps of one forward pass, it gives them one T(weight) when the weight
// takes a gradient, so that the steps' gradients for it meet at one
// TBackward0 node, where the engine adds each step's product into their
// sum in place (addmm's backward, calc.addMatmul) rather than allocate a
// tensor for it; and the GEMM's packed forms of the weight
// (tensor.PackMatrix), made on first use and shared by the steps: Wᵀ for
// the forward's products, W for the backward's products with the input's
// gradient. Without them the GEMM packs the same weight again for every
// step's few rows.
type StepWeight struct {
	weight, weightT *tensor.Tensor
	mu              sync.Mutex
	packedT, packed *tensor.PackedMatrix
}

// NewStepWeight returns the StepWeight of weight, a matrix [out, in], for
// the steps that follow; a pass with gradients enabled transposes it
// now (when it requires grad), so that its steps share the node.
func NewStepWeight(weight *tensor.Tensor) *StepWeight {
	s := &StepWeight{weight: weight}
	if IsGradEnabled() && weight.RequiresGrad() {
		s.weightT = T(weight)
	}
	return s
}

// transposedPack returns the packed Wᵀ, packing it on first use.
func (s *StepWeight) transposedPack() *tensor.PackedMatrix {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.packedT == nil {
		s.packedT = tensor.PackMatrix(s.weight.T())
	}
	return s.packedT
}

// pack returns the packed W, packing it on first use.
func (s *StepWeight) pack() *tensor.PackedMatrix {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.packed == nil {
		s.packed = tensor.PackMatrix(s.weight)
	}
	return s.packed
}

// LinearT is Linear(x, w's weight, bias) for one step of a layer: the
// same values, graph and gradients, with the products reading w's packed
// forms (a 2-D x, no autocast) and, with a bias and w's shared T(weight),
// the weight's gradient summed in place.
func LinearT(x *tensor.Tensor, w *StepWeight, bias *tensor.Tensor) (*tensor.Tensor, error) {
	if x.Dim() != 2 || autocastOn.Load() {
		return Linear(x, w.weight, bias)
	}
	if !IsGradEnabled() || !anyRequiresGrad([]*tensor.Tensor{x, w.weight, bias}) {
		return tensor.LinearPacked(x, w.weight, w.transposedPack(), bias)
	}
	if bias == nil || w.weightT == nil {
		return Linear(x, w.weight, bias)
	}
	if err := tensor.CheckLinear(x, w.weight, bias); err != nil {
		return nil, err
	}
	out, err := tensor.LinearPacked(x, w.weight, w.transposedPack(), bias)
	if err != nil || !track(out, x, w.weightT, bias) {
		return out, err
	}
	return addmmWith(out, bias, x, w.weightT, w.pack), nil
}

// addmm records out = bias + m1 @ m2, PyTorch's addmm (at::linear calls it
// with m2 = Wᵀ): bias's gradient is G summed to its shape, m1's G @ m2ᴴ,
// m2's m1ᴴ @ G. As PyTorch, it saves m1 only when m2 needs a gradient and
// m2 only when m1 does: changing the weight in place after a forward pass
// whose input needs no gradient is allowed.
func addmm(out, bias, m1, m2 *tensor.Tensor) *tensor.Tensor {
	return addmmWith(out, bias, m1, m2, nil)
}

// addmmWith is addmm with, when packedM2T is not nil, m2ᵀ packed for the
// GEMM by packedM2T (called on first use): m1's gradient G @ m2ᵀ reads
// it, the same product bit for bit (tensor.MatmulPacked), unless the
// pass records a graph.
func addmmWith(out, bias, m1, m2 *tensor.Tensor, packedM2T func() *tensor.PackedMatrix) *tensor.Tensor {
	n := newNode("AddmmBackward0", bias, m1, m2)
	n.recordable = true
	if m2.RequiresGrad() {
		n.save(m1)
	}
	if m1.RequiresGrad() {
		n.save(m2)
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 3)
		grads[0] = n.toInput(c, 0, g)
		if n.needs(1) {
			if transposed2D(m1) {
				grads[1] = n.toInput(c, 1, c.mT(c.matmul(c.conj(m2), c.mT(g))))
			} else if packedM2T != nil && !c.rec && !m2.DType().IsComplex() {
				grads[1] = n.toInput(c, 1, c.do(func() (*tensor.Tensor, error) { return tensor.MatmulPacked(g, packedM2T()) }))
			} else {
				grads[1] = n.toInput(c, 1, c.matmul(g, c.conj(c.mT(m2))))
			}
		}
		if n.needs(2) {
			// A weight used at every time step sums its gradients in
			// place (calc.addMatmul); the products are the same.
			if transposed2D(m2) {
				if grads[2] = c.addMatmul(n, 2, c.mT(g), m1, true); grads[2] == nil {
					grads[2] = n.toInput(c, 2, c.mT(c.matmul(c.mT(g), c.conj(m1))))
				}
			} else if grads[2] = c.addMatmul(n, 2, c.mT(m1), g, false); grads[2] == nil {
				grads[2] = n.toInput(c, 2, c.matmul(c.conj(c.mT(m1)), g))
			}
		}
		return grads
	}
	return n.attach(out)
}

// transposed2D reports whether the matrix m is the transpose of a
// contiguous one (strides 1 and rows), as Linear's weight.t() is. addmm's
// backward then computes that operand's gradient transposed, (gᵀ·m1)ᵀ
// rather than m1ᵀ·g, as ATen's mm_mat2_backward and mm_mat1_backward
// do: the same products, in the operand's own layout, so that the
// gradient reaching the weight through its TBackward is contiguous and
// is not copied element by element when it is accumulated.
func transposed2D(m *tensor.Tensor) bool {
	if m.Dim() != 2 {
		return false
	}
	shape, strides := m.Shape(), m.Strides()
	return strides[0] == 1 && strides[1] == shape[0] && shape[0] > 1 && shape[1] > 1
}
