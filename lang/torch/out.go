package torch

import (
	"fmt"
	"slices"
	"sync"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The out= keyword of PyTorch's element-wise operations, matmul and
// reductions: the result is computed as without out=, then written into
// out, which is returned. As in PyTorch, the result's dtype must cast to
// out's (a float result cannot go into an int64 tensor), and out= refuses
// arguments that require grad while grad mode is on. An out of another
// shape is resized to the result's, in place (Tensor.Resize: its storage
// and offset kept, grown when too small), with PyTorch's deprecation
// warning unless it had no elements.

// outOps are the builtins that take out=. defOut adds the parameter to
// the functions and methods of these names; TestOutParameter checks that
// every one got it.
var outOps = map[string]bool{
	"add": true, "sub": true, "mul": true, "div": true, "divide": true, "true_divide": true, "floor_divide": true,
	"remainder": true, "pow": true, "maximum": true, "minimum": true,
	"eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true,
	"logical_and": true, "logical_or": true, "logical_xor": true, "logical_not": true,
	"bitwise_and": true, "bitwise_or": true, "bitwise_xor": true, "bitwise_not": true,
	"exp": true, "log": true, "sqrt": true, "sin": true, "cos": true, "tanh": true, "sigmoid": true,
	"abs": true, "neg": true, "sign": true, "floor": true, "ceil": true, "round": true, "clamp": true,
	"where": true, "matmul": true, "mm": true, "bmm": true, "dot": true, "outer": true,
	"sum": true, "mean": true, "prod": true, "cumsum": true, "std": true, "var": true,
	"amax": true, "amin": true, "logsumexp": true, "argmax": true, "argmin": true,
	"cat": true, "stack": true, "igamma": true, "igammac": true,
	"tan": true, "asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true,
	"asinh": true, "acosh": true, "atanh": true, "log2": true, "log10": true, "log1p": true,
	"expm1": true, "exp2": true, "erf": true, "erfc": true, "erfinv": true, "rsqrt": true,
	"reciprocal": true, "trunc": true, "frac": true, "lgamma": true, "digamma": true,
	"sinc": true, "i0": true,
}

// defOut gives the builtins of outOps their out= parameter. It wraps
// builtins the other registration steps define, so torch.go's init calls
// it last.
//
// Python's builtins that torch shares a name with (abs, round, sum, pow:
// lang.OverloadedBuiltins) are left as they are: torchFormOf gives
// torch's forms of them the parameter.
func defOut() {
	shared := map[string]bool{}
	for _, name := range lang.OverloadedBuiltins() {
		shared[name] = true
	}
	for name := range outOps {
		b, isFunc := lang.LookupBuiltin(name)
		if isFunc && !shared[name] {
			withOut(b)
		}
		if m, ok := lang.TensorMethod(name); ok && (!isFunc || m != b) {
			withOut(m)
		}
	}
}

// torchFormOf returns torch's function of a name Python's builtins share
// with it (lang.TorchForm: torch.abs, torch.round, torch.sum, torch.pow),
// with out= where outOps names it. The form passes a tensor's call to the
// tensor method with its keywords, and anything else to Python's builtin
// (torch.pow(2, t)); out= wraps both, as defOut wraps the other
// functions. (Given to Python's builtin instead, out= was bound there,
// and the tensor method never saw it: torch.abs(t, out=o) returned a new
// tensor and left o as it was.) The forms are wrapped once, when the
// first module that holds them is built.
func torchFormOf(name string) (*lang.Builtin, bool) {
	sharedFormsOnce.Do(func() {
		sharedForms = map[string]*lang.Builtin{}
		for _, n := range lang.OverloadedBuiltins() {
			f, _ := lang.TorchForm(n)
			if outOps[n] && !f.HasParam("out") {
				withOut(f)
			}
			sharedForms[n] = f
		}
	})
	f, ok := sharedForms[name]
	return f, ok
}

var (
	sharedFormsOnce sync.Once
	sharedForms     map[string]*lang.Builtin // torchFormOf's, by name
)

// withOut gives b a keyword-only out=None parameter.
func withOut(b *lang.Builtin) {
	b.AddKeyword("out", lang.None)
	inner := b.Fn()
	b.SetKeywordFn(func(a *lang.Args) (lang.Value, error) { // out= is keyword-only: positional calls stay inner's
		outArg := a.Value("out")
		if _, none := outArg.(lang.NoneType); none {
			return inner(a)
		}
		out, ok := outArg.(*tensor.Tensor)
		if !ok {
			return nil, a.WrongType("out", "Tensor", outArg)
		}
		if autograd.IsGradEnabled() && (out.RequiresGrad() || argsRequireGrad(a)) {
			return nil, lang.Errorf(lang.RuntimeError, "%s(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.", b.Name).
				WithHint("compute without out= (y = %s(...)), or inside with no_grad():", b.Name)
		}
		r, err := inner(a)
		if err != nil {
			return nil, err
		}
		if err := writeOut(a, r, out); err != nil {
			return nil, err
		}
		return out, nil
	})
}

// argsRequireGrad reports whether a tensor argument requires grad.
func argsRequireGrad(a *lang.Args) bool {
	for _, v := range a.Values() {
		switch x := v.(type) {
		case *tensor.Tensor:
			if x.RequiresGrad() {
				return true
			}
		case lang.Tuple, *lang.List:
			elems, _, _ := lang.Sequence(x)
			for _, e := range elems {
				if t, ok := e.(*tensor.Tensor); ok && t.RequiresGrad() {
					return true
				}
			}
		}
	}
	return false
}

// writeOut copies the result r into out, resized to r's shape when it
// has another (a UserWarning unless out was empty, as PyTorch's
// resize_output); the caller returns out.
func writeOut(a *lang.Args, r lang.Value, out *tensor.Tensor) error {
	t, ok := r.(*tensor.Tensor)
	if !ok {
		return lang.Errorf(lang.TypeError, "out= needs a tensor result, not %s", lang.TypeName(r))
	}
	if !tensor.CanCast(t.DType(), out.DType()) {
		err := tensor.CastError(t.DType(), out.DType())
		err.Kind = lang.RuntimeError // PyTorch's kind for out=; in-place ops keep TypeError
		return err.WithHint("pass an out tensor of dtype %s, or leave out= out", t.DType())
	}
	if !slices.Equal(t.Shape(), out.Shape()) {
		if out.Numel() != 0 {
			if err := warnUser(a, fmt.Sprintf("An output with one or more elements was resized since it had shape %s, which does not match the required output shape %s. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0).",
				tensor.FormatShape(out.Shape()), tensor.FormatShape(t.Shape()))); err != nil {
				return err
			}
		}
		if err := out.Resize(t.Shape()...); err != nil {
			return err
		}
	}
	return out.CopyFrom(t)
}
