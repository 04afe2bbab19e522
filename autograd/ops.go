package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The op table: one descriptor per element-wise operation, in the manner of
// tinygrad's gradient.py. A descriptor joins the three things an operation
// is made of — the tensor kernel and its dtype rule (Spec), the derivative
// recorded when an input requires grad (or the reason there is none), and
// how the language offers it (Name, Doc, Expose) — so that package lang
// registers its builtins and methods by iterating BinaryOps and UnaryOps,
// and the language's operators hold descriptors, not names to look up.
// docs/autograd.md ("Adding an operation") shows how to add one.

// Exposure says how the language offers an operation.
type Exposure uint8

const (
	// Function is a builtin function: exp(x).
	Function Exposure = 1 << iota
	// Method is a tensor method: x.exp().
	Method
	// Custom means the language defines the builtin itself under the op's
	// name, because it takes more than the operands (round's decimals).
	Custom
	// Special is a function of the torch.special module only
	// (torch.special.entr), not a builtin or a method.
	Special

	// FunctionAndMethod is both exp(x) and x.exp().
	FunctionAndMethod = Function | Method
)

// BinaryOp describes an element-wise operation of two operands.
type BinaryOp struct {
	Name   string             // the language's name; Spec.Name unless an alias (true_divide)
	Spec   *tensor.BinarySpec // the kernel and its dtype rule
	Doc    string             // the builtin's one-line help
	Expose Exposure
	// Other names the second parameter: "other" (the default), or
	// "exponent" for pow.
	Other string
	// Alpha adds the keyword alpha: input op alpha * other (add, sub).
	Alpha bool
	// TensorOther makes the second operand a tensor only: PyTorch's fmax,
	// gcd, ... have no overload for a plain number.
	TensorOther bool
	// Rounding, when set, adds the keyword rounding_mode (div, divide):
	// None is the operation itself, 'trunc' and 'floor' the descriptors
	// Rounding names (see Rounded).
	Rounding *RoundingModes
	// InPlaceDoc, when set, is the help of the in-place method Name_
	// (x.add_(y)).
	InPlaceDoc string
	// grad is the derivative recorded on the output; nil when there is
	// none, which NoGrad then explains.
	grad *binaryGrad
	// NoGrad says why the operation has no derivative ("" when it has one).
	NoGrad string
	// Unimplemented, for an operation without a derivative, names the node
	// PyTorch records all the same (its derivatives.yaml says
	// not_implemented): the output gets it as grad_fn, and a backward
	// pass through it fails.
	Unimplemented string
	// unimplementedFor, for an operation with a derivative, reports the
	// operands for which PyTorch has none all the same (remainder of a
	// plain number by a tensor, remainder.Scalar_Tensor): the output
	// then gets the Unimplemented node instead.
	unimplementedFor func(a, b *tensor.Tensor) bool
}

// RoundingModes are the descriptors of a division given rounding_mode:
// towards zero ('trunc'), towards -inf ('floor') and exact (None, given
// explicitly: PyTorch records div(x, y, rounding_mode=None) as
// DivBackward2, div(x, y) as DivBackward0).
type RoundingModes struct {
	Trunc, Floor, Exact *BinaryOp
}

// Rounded returns the descriptor op computes with rounding_mode mode, a
// call that names rounding_mode (a call without it computes op itself):
// the one Rounding names for None (mode nil), 'trunc' or 'floor', or
// PyTorch's RuntimeError for any other string.
func (op *BinaryOp) Rounded(mode *string) (*BinaryOp, error) {
	switch {
	case op.Rounding == nil:
		return nil, tensor.Errorf(tensor.TypeError, "%s() got an unexpected keyword argument 'rounding_mode'", op.Name)
	case mode == nil:
		return op.Rounding.Exact, nil
	case *mode == "trunc":
		return op.Rounding.Trunc, nil
	case *mode == "floor":
		return op.Rounding.Floor, nil
	}
	return nil, tensor.Errorf(tensor.RuntimeError, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'", *mode).
		WithHint("rounding_mode='trunc' rounds towards zero, 'floor' towards -inf; None divides exactly")
}

// UnaryOp describes an element-wise operation of one tensor.
type UnaryOp struct {
	Name   string            // the language's name, Spec.Name
	Spec   *tensor.UnarySpec // the kernel and its dtype rule
	Doc    string            // the builtin's one-line help
	Expose Exposure
	// grad is the derivative recorded on the output; nil when there is
	// none, which NoGrad then explains.
	grad *unaryGrad
	// NoGrad says why the operation has no derivative ("" when it has one).
	NoGrad string
}

// unaryGrad is the derivative of a one-input operation: the gradient is g
// times a local derivative that may read the input or the output.
type unaryGrad struct {
	node  string // the node's name, e.g. "ExpBackward0"
	reads unaryReads
	// deriv maps the output's gradient g to the input's; s is the tensor
	// reads names (nil for readsNothing).
	deriv func(c *calc, g, s *tensor.Tensor) *tensor.Tensor
}

// binaryGrad is the derivative of a two-input operation out = a op b: da
// and db map the output's gradient g to the gradients of a and b (toInput
// then sums them to the inputs' shapes and dtypes); each runs only when its
// input needs a gradient, and reads only what saves names (the others are
// passed as nil).
type binaryGrad struct {
	node string // the node's name, e.g. "MulBackward0"
	// nodeOf, when set, names the node from the operands instead (pow).
	nodeOf func(a, b *tensor.Tensor) string
	saves  binarySaves
	// savesOf, when set, says what to save from the operands instead
	// (fmod by a plain number saves nothing, by a tensor both operands).
	savesOf func(a, b *tensor.Tensor) binarySaves
	da, db  func(c *calc, g, a, b, out *tensor.Tensor) *tensor.Tensor
}

// binarySaves says which tensors a binary derivative reads besides the
// gradient. Only those are saved and kept alive by the graph.
type binarySaves int

const (
	savesNothing binarySaves = iota
	savesInputs              // a and b
	savesAll                 // a, b and out
)

// record attaches the node of out = a op b and returns out.
func (bg *binaryGrad) record(a, b, out *tensor.Tensor) *tensor.Tensor {
	name := bg.node
	if bg.nodeOf != nil {
		name = bg.nodeOf(a, b)
	}
	n := newNode(name, a, b)
	n.recordable = recordableDerivs[name]
	var sa, sb, sout *tensor.Tensor
	saves := bg.saves
	if bg.savesOf != nil {
		saves = bg.savesOf(a, b)
	}
	switch saves {
	case savesInputs:
		sa, sb = a, b
	case savesAll:
		sa, sb, sout = a, b, out
	}
	n.save(sa, sb, sout)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, bg.da(c, g, sa, sb, sout))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, bg.db(c, g, sa, sb, sout))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out)
}

// record attaches the node of out = op(x) and returns out.
func (ug *unaryGrad) record(x, out *tensor.Tensor) *tensor.Tensor {
	n := newNode(ug.node, x)
	n.recordable = recordableDerivs[ug.node]
	var s *tensor.Tensor
	switch ug.reads {
	case readsInput:
		s = x
	case readsOutput:
		s = out
	}
	n.save(s)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{ug.deriv(c, g, s)}
	}
	return n.attach(out)
}

// unaryReads says which tensor a unary derivative reads besides the
// gradient: none, the input x or the output y. Only that one is saved, so a
// later in-place change of the other neither keeps it alive nor makes
// Backward refuse (y = -x; y += 1 is fine, as in PyTorch).
type unaryReads int

const (
	readsNothing unaryReads = iota
	readsInput
	readsOutput
)

var (
	binaryOps []*BinaryOp
	unaryOps  []*UnaryOp
)

func defBinaryOp(op *BinaryOp) *BinaryOp {
	if op.Name == "" {
		op.Name = op.Spec.Name
	}
	if op.Other == "" {
		op.Other = "other"
	}
	binaryOps = append(binaryOps, op)
	return op
}

func defUnaryOp(op *UnaryOp) *UnaryOp {
	op.Name = op.Spec.Name
	unaryOps = append(unaryOps, op)
	return op
}

// BinaryOps returns the binary operations' descriptors, in the order of
// their definition. The slice is shared: do not modify it.
func BinaryOps() []*BinaryOp { return binaryOps }

// UnaryOps returns the unary operations' descriptors, in the order of
// their definition. The slice is shared: do not modify it.
func UnaryOps() []*UnaryOp { return unaryOps }

// Differentiable reports whether the operation records a derivative.
func (op *BinaryOp) Differentiable() bool { return op.grad != nil }

// Differentiable reports whether the operation records a derivative.
func (op *UnaryOp) Differentiable() bool { return op.grad != nil }

// Prepare resolves the dtypes of a op b (tensor.BinarySpec.Prepare): the
// caller may read the result's dtype, e.g. for a promotion note, and then
// Run the call without promoting again.
func (op *BinaryOp) Prepare(a, b *tensor.Tensor) (tensor.BinaryCall, error) {
	return op.Spec.Prepare(a, b)
}

// Run computes a prepared call, recording it when it is differentiable and
// an input requires grad.
func (op *BinaryOp) Run(call tensor.BinaryCall) (*tensor.Tensor, error) {
	if call.Spec != op.Spec {
		return nil, tensor.Errorf(tensor.RuntimeError, "%s cannot run a call prepared for %s", op.Name, call.Spec.Name)
	}
	out, err := call.Run()
	if err != nil || !track(out, call.A, call.B) {
		return out, err
	}
	if op.grad == nil || op.unimplementedFor != nil && op.unimplementedFor(call.A, call.B) {
		if op.Unimplemented != "" {
			notImplemented(op.Unimplemented, op.Name, []*tensor.Tensor{call.A, call.B}, out)
		}
		return out, nil
	}
	return op.grad.record(call.A, call.B, out), nil
}

// Apply computes a op b, recording it when it is differentiable and an
// input requires grad; the others (comparisons, floor division, bitwise
// and logical operations) return a tensor outside the graph.
func (op *BinaryOp) Apply(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	call, err := op.Prepare(a, b)
	if err != nil {
		return nil, err
	}
	return op.Run(call)
}

// Apply computes the operation of x, recording it when it is
// differentiable and x requires grad.
func (op *UnaryOp) Apply(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := op.Spec.Apply(x)
	if err != nil || op.grad == nil || !track(out, x) {
		return out, err
	}
	return op.grad.record(x, out), nil
}
