package torch

import (
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The products beyond matmul: mv, inner, kron, and the fused
// beta * input + alpha * product functions addmm, addmv, addr, baddbmm
// and addbmm, with addcmul and addcdiv, each recorded as PyTorch's one
// node (AddmmBackward0, ...) through autograd.Composite.

func defProducts() {
	lang.NewBuiltin(lang.AsBoth, "mv(input, vec)", "The product of the matrix input and the vector vec.", func(a *lang.Args) (lang.Value, error) {
		m, v := tensorArg(a, "input"), tensorArg(a, "vec")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(mv(m, v))
	})
	for _, op := range []struct {
		name, first, second, node, doc string
		// input is the rule for input's dtype: "same" refuses another than
		// the product's, "cast" converts it to the product's, "promote"
		// promotes the two (and refuses float beta and alpha for integers).
		input   string
		product func(x, y *tensor.Tensor) (*tensor.Tensor, error)
		// autocast: on CPU autocast's lower-precision list (addmm,
		// baddbmm, addbmm), whose operands it casts to bfloat16.
		autocast bool
	}{
		{"addmm", "mat1", "mat2", "AddmmBackward0", "beta * input + alpha * (mat1 @ mat2), for matrices mat1 (n×m) and mat2 (m×p); input broadcasts to n×p.", "same", matrixProduct("mat1", "mat2"), true},
		{"addmv", "mat", "vec", "AddmvBackward0", "beta * input + alpha * (mat @ vec), for a matrix mat and a vector vec; input broadcasts to the result.", "cast", mv, false},
		{"addr", "vec1", "vec2", "AddrBackward0", "beta * input + alpha * outer(vec1, vec2); input broadcasts to the result.", "promote", outerProduct, false},
		{"baddbmm", "batch1", "batch2", "BaddbmmBackward0", "beta * input + alpha * bmm(batch1, batch2), for 3-D batch1 (b×n×m) and batch2 (b×m×p); input broadcasts to b×n×p.", "cast", autograd.Bmm, true},
		{"addbmm", "batch1", "batch2", "AddbmmBackward0", "beta * input + alpha * the sum over the batch of bmm(batch1, batch2); input broadcasts to n×p.", "same", func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
			p, err := autograd.Bmm(x, y)
			if err != nil {
				return nil, err
			}
			return autograd.Sum(p, []int{0}, false)
		}, true},
	} {
		sig := "(input, " + op.first + ", " + op.second + ", *, beta=1, alpha=1)"
		build := func(a *lang.Args) (x *tensor.Tensor, apply func(t *tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
			x, m1, m2 := tensorArg(a, "input"), tensorArg(a, op.first), tensorArg(a, op.second)
			if err := a.Err(); err != nil {
				return nil, nil, nil, err
			}
			if op.autocast && !strings.HasSuffix(a.Builtin().Name, "_") { // CPU autocast's lower-precision list, not the in-place forms
				if err := autograd.AutocastLower(&x, &m1, &m2); err != nil {
					return nil, nil, nil, err
				}
			}
			beta, alpha, err := scaleArgs(a, op.input == "promote", x, m1, m2)
			if err != nil {
				return nil, nil, nil, err
			}
			if op.name == "addr" {
				if err := addrArgs(m1, m2); err != nil {
					return nil, nil, nil, err
				}
			}
			if op.input == "same" && x.DType() != m1.DType() {
				return nil, nil, nil, lang.Errorf(lang.RuntimeError, "self and mat2 must have the same dtype")
			}
			return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
				return autograd.Composite(op.node, []*tensor.Tensor{t, m1, m2}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
					p, err := op.product(in[1], in[2])
					if err != nil {
						return nil, err
					}
					return scaledSum(in[0], beta, p, alpha, op.input == "cast")
				})
			}, []*tensor.Tensor{m1, m2}, nil
		}
		defTwoOperand(op.name+sig, op.doc, build)
	}
	for _, op := range []struct {
		name, node, doc string
	}{
		{"addcmul", "AddcmulBackward0", "input + value * tensor1 * tensor2, broadcasting all three."},
		{"addcdiv", "AddcdivBackward0", "input + value * tensor1 / tensor2, broadcasting all three; tensor1 and tensor2 may not both be integers."},
	} {
		sig := "(input, tensor1, tensor2, *, value=1)"
		build := func(a *lang.Args) (x *tensor.Tensor, apply func(t *tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
			x, t1, t2, value := tensorArg(a, "input"), tensorArg(a, "tensor1"), tensorArg(a, "tensor2"), a.TensorLike("value")
			if err := a.Err(); err != nil {
				return nil, nil, nil, err
			}
			div := op.name == "addcdiv"
			if div && !t1.DType().IsFloating() && !t1.DType().IsComplex() && !t2.DType().IsFloating() && !t2.DType().IsComplex() {
				return nil, nil, nil, lang.Errorf(lang.RuntimeError, "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.")
			}
			return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
				if r, ok, err := addcKernel(t, t1, t2, value, div); ok || err != nil {
					if err != nil {
						return nil, err
					}
					return autograd.Addc(r, t, t1, t2, value, div)
				}
				return autograd.Composite(op.node, []*tensor.Tensor{t, t1, t2}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
					combine := autograd.Mul
					if div {
						combine = autograd.Div
					}
					p, err := combine(in[1], in[2])
					if err != nil {
						return nil, err
					}
					if p, err = scaled(p, value); err != nil {
						return nil, err
					}
					return autograd.Add(in[0], p)
				})
			}, []*tensor.Tensor{t1, t2}, nil
		}
		defTwoOperand(op.name+sig, op.doc, build)
	}
	lang.NewBuiltin(lang.AsBoth, "inner(input, other)", "The sums of products over the last dimensions of input and other (a number when either is 0-d: their product).", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() == 0 || y.Dim() == 0 {
			return result(autograd.Mul(x, y))
		}
		if xs, ys := x.Shape(), y.Shape(); xs[len(xs)-1] != ys[len(ys)-1] {
			return nil, lang.Errorf(lang.RuntimeError, "inner() the last dimension must match on both input tensors but got shapes %s and %s", listText(xs), listText(ys))
		}
		// PyTorch's inner ends in a reshape of a matrix product.
		return result(autograd.Composite("ReshapeAliasBackward0", []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Tensordot(in[0], in[1], []int{x.Dim() - 1}, []int{y.Dim() - 1})
		}))
	})
	lang.NewBuiltin(lang.AsBoth, "kron(input, other)", "The Kronecker product: each element of input times the whole of other, laid out block by block (the fewer dimensions get leading 1s).", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Composite("UnsafeViewBackward0", []*tensor.Tensor{x, y}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return kron(in[0], in[1])
		}))
	})
}

// addcKernel computes addcmul (input + value·t1·t2) or, with div,
// addcdiv (input + value·t1/t2) in the order of ATen's CPU kernels, where
// input, t1 and t2 are float32 or float64 of one dtype: value·t1 rounded
// first, then for addcmul one fused multiply-add by t2
// (tensor.AddProductInPlace, as PyTorch 1.13's compiled kernel rounds
// it), for addcdiv the quotient by t2 and the sum, each rounded. It
// records nothing (autograd.Addc records the result as PyTorch's node)
// and reports false where it does not apply: other dtypes take the
// general path, t1·t2 first and scaled after (docs/operations.md).
func addcKernel(x, t1, t2, value *tensor.Tensor, div bool) (*tensor.Tensor, bool, error) {
	d := x.DType()
	if (d != tensor.Float32 && d != tensor.Float64) || t1.DType() != d || t2.DType() != d || value.DType().IsComplex() || value.RequiresGrad() {
		return nil, false, nil
	}
	x, t1, t2 = x.Detach(), t1.Detach(), t2.Detach()
	shape, err := tensor.BroadcastShapes(x.Shape(), t1.Shape(), t2.Shape())
	if err != nil { // the general path words the error as PyTorch does
		return nil, false, nil
	}
	s, err := tensor.Mul(t1, value)
	if err != nil || s.DType() != d {
		return nil, err != nil, err
	}
	if div {
		q, err := tensor.Div(s, t2)
		if err != nil {
			return nil, true, err
		}
		r, err := tensor.Add(x, q)
		return r, true, err
	}
	out, err := x.Expand(shape...) // then a copy of its own, the result
	if err == nil {
		out, err = out.Clone()
	}
	var se, te *tensor.Tensor
	if err == nil {
		se, err = s.Expand(shape...)
	}
	if err == nil {
		te, err = t2.Expand(shape...)
	}
	if err != nil {
		return nil, true, err
	}
	if !tensor.AddProductInPlace(out, se, te) {
		return nil, false, nil
	}
	return out, true, nil
}

// mv multiplies a matrix by a vector, with PyTorch's checks.
func mv(m, v *tensor.Tensor) (*tensor.Tensor, error) {
	if m.Dim() != 2 || v.Dim() != 1 {
		return nil, lang.Errorf(lang.RuntimeError, "vector + matrix @ vector expected, got 1, %d, %d", m.Dim(), v.Dim())
	}
	if m.Shape()[1] != v.Shape()[0] {
		return nil, lang.Errorf(lang.RuntimeError, "size mismatch, got %d, %dx%d,%d", m.Shape()[0], m.Shape()[0], m.Shape()[1], v.Shape()[0])
	}
	if m.DType() != v.DType() { // PyTorch's mv does not promote
		return nil, lang.Errorf(lang.RuntimeError, "expected scalar type %s but found %s", m.DType().ScalarTypeName(), v.DType().ScalarTypeName())
	}
	// recorded as MvBackward0; mv is not on CPU autocast's lists
	return autograd.NoAutocast(func() (*tensor.Tensor, error) { return autograd.Matmul(m, v) })
}

// matrixProduct returns mm with PyTorch's addmm checks, naming the
// matrices as addmm does.
func matrixProduct(first, second string) func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	return func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		for _, m := range []struct {
			name string
			t    *tensor.Tensor
		}{{first, x}, {second, y}} {
			if m.t.Dim() != 2 {
				return nil, lang.Errorf(lang.RuntimeError, "%s must be a matrix, got %d-D tensor", m.name, m.t.Dim())
			}
		}
		return autograd.Mm(x, y)
	}
}

// outerProduct is addr's product of two vectors.
func outerProduct(x, y *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Outer(x, y) }

// addrArgs checks that addr's operands are vectors.
func addrArgs(v1, v2 *tensor.Tensor) error {
	for _, v := range []struct {
		name string
		t    *tensor.Tensor
	}{{"vec1", v1}, {"vec2", v2}} {
		if v.t.Dim() != 1 {
			return lang.Errorf(lang.RuntimeError, "addr: Expected 1-D argument %s, but got %d-D", v.name, v.t.Dim())
		}
	}
	return nil
}

// scaleArgs reads beta and alpha as wrapped numbers; with checkFloat,
// it refuses a float one when the operands are integers, as PyTorch's
// addr does.
func scaleArgs(a *lang.Args, checkFloat bool, ts ...*tensor.Tensor) (beta, alpha *tensor.Tensor, err error) {
	beta, alpha = a.TensorLike("beta"), a.TensorLike("alpha")
	if err := a.Err(); err != nil {
		return nil, nil, err
	}
	integral := checkFloat
	for _, t := range ts {
		integral = integral && !t.DType().IsFloating() && !t.DType().IsComplex()
	}
	for _, s := range []struct {
		name string
		t    *tensor.Tensor
	}{{"beta", beta}, {"alpha", alpha}} {
		if integral && (s.t.DType().IsFloating() || s.t.DType().IsComplex()) {
			return nil, nil, lang.Errorf(lang.RuntimeError, "For integral input tensors, argument %s must not be a floating point number.", s.name)
		}
	}
	return beta, alpha, nil
}

// scalarIs reports whether the wrapped number s equals v.
func scalarIs(s *tensor.Tensor, v float64) bool {
	f, err := s.Float64s()
	return err == nil && len(f) == 1 && f[0] == v
}

// scaled returns s * t, or t itself when s is 1.
func scaled(t, s *tensor.Tensor) (*tensor.Tensor, error) {
	if scalarIs(s, 1) {
		return t, nil
	}
	return autograd.Mul(t, s)
}

// scaledSum returns beta * input + alpha * p with input expanded to p's
// shape (and, with cast, converted to p's dtype); beta 0 ignores input's
// values (NaN included), as PyTorch does.
func scaledSum(input, beta, p, alpha *tensor.Tensor, cast bool) (*tensor.Tensor, error) {
	in, err := autograd.Expand(input, p.Shape()...)
	if err != nil {
		return nil, err
	}
	if cast && in.DType() != p.DType() {
		if in, err = autograd.To(in, p.DType()); err != nil {
			return nil, err
		}
	}
	if p, err = scaled(p, alpha); err != nil {
		return nil, err
	}
	if scalarIs(beta, 0) {
		return p, nil
	}
	if in, err = scaled(in, beta); err != nil {
		return nil, err
	}
	return autograd.Add(in, p)
}

// kron returns the Kronecker product of x and y: with both padded to the
// same rank r, the result has sizes x[i]·y[i], element (i·ys + j) being
// x[i]·y[j] in each dimension. It is computed as PyTorch does, by a
// broadcast product of x with interleaved size-1 dimensions and y, then a
// reshape.
func kron(x, y *tensor.Tensor) (*tensor.Tensor, error) {
	r := max(x.Dim(), y.Dim())
	xs, ys := padShape(x.Shape(), r), padShape(y.Shape(), r)
	xShape := make([]int, 0, 2*r)
	yShape := make([]int, 0, 2*r)
	out := make([]int, r)
	for i := range r {
		xShape = append(xShape, xs[i], 1)
		yShape = append(yShape, 1, ys[i])
		out[i] = xs[i] * ys[i]
	}
	xv, err := autograd.Reshape(x, xShape...)
	if err != nil {
		return nil, err
	}
	yv, err := autograd.Reshape(y, yShape...)
	if err != nil {
		return nil, err
	}
	p, err := autograd.Mul(xv, yv)
	if err != nil {
		return nil, err
	}
	return autograd.Reshape(p, out...)
}

// padShape returns shape with leading 1s up to rank r.
func padShape(shape []int, r int) []int {
	out := make([]int, r-len(shape), r)
	for i := range out {
		out[i] = 1
	}
	return append(out, shape...)
}
