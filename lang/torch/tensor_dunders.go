package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The special methods of Tensor that PyTorch 1.13's Tensor lists: the
// operators (t.__add__(1), t.__radd__(1), t.__iadd__(1), the comparisons,
// the unary ones), the conversions (__bool__, __float__, __int__,
// __index__, __complex__) and the container protocol (__len__,
// __getitem__, __setitem__, __delitem__, __contains__, __iter__,
// __reversed__). Each does what its expression does (t.__add__(x) is
// t + x); a binary one given an operand no tensor operator takes (a list,
// a str, None, an object) returns NotImplemented, as PyTorch's do, so
// that Python's fallback (the other operand's reflected method, a
// sequence's repetition) applies.

// tensorOperatorNames are the binary operators' names: each has its
// __name__, __rname__ and, where PyTorch's Tensor has one, __iname__
// (it has no __imatmul__: t @= m rebinds t to t @ m).
var tensorOperatorNames = []struct {
	name    string
	op      syntax.Token
	inPlace bool
}{
	{"add", syntax.PLUS, true}, {"sub", syntax.MINUS, true}, {"mul", syntax.STAR, true},
	{"truediv", syntax.SLASH, true}, {"div", syntax.SLASH, true}, {"floordiv", syntax.SLASHSLASH, true},
	{"mod", syntax.PERCENT, true}, {"pow", syntax.STARSTAR, true}, {"matmul", syntax.AT, false},
	{"and", syntax.AMP, true}, {"or", syntax.PIPE, true}, {"xor", syntax.CARET, true},
	{"lshift", syntax.LSHIFT, true}, {"rshift", syntax.RSHIFT, true},
}

// tensorComparisons are the comparisons' special methods.
var tensorComparisons = []struct {
	name string
	op   syntax.Token
}{{"eq", syntax.EQL}, {"ne", syntax.NEQ}, {"lt", syntax.LT}, {"le", syntax.LE}, {"gt", syntax.GT}, {"ge", syntax.GE}}

// tensorOperand reports whether a tensor operator takes v: a tensor, a
// number, a NumPy value; not a sequence or another object.
func tensorOperand(v lang.Value) bool {
	if lang.IsBuiltinSequence(v) {
		return false
	}
	_, err := lang.ToTensor(v)
	return err == nil
}

// binaryDunder defines Tensor's special method name(input, other), which
// applies op through apply unless other is no tensor operand.
func binaryDunder(name, doc string, apply func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error)) {
	lang.NewBuiltin(lang.AsMethod, name+"(input, other)", doc, func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), a.Value("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !tensorOperand(y) {
			return lang.NotImplemented, nil
		}
		return apply(a, x, y)
	})
}

// reflectedDunder applies the reflected operator of op as PyTorch's
// Tensor does, so that the recorded node is PyTorch's: __rsub__ is
// torch.rsub(input, other) (RsubBackward0 for a tensor other),
// __rtruediv__ and __rdiv__ are input.reciprocal() * other; the others are
// other op input.
func reflectedDunder(op syntax.Token) func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
	switch op {
	case syntax.MINUS:
		return func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
			rsub, _ := lang.LookupBuiltin("rsub") // torch.rsub: not a Python builtin
			return a.Call(rsub, x, y)
		}
	case syntax.SLASH:
		return func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
			r, err := autograd.Reciprocal(x)
			if err != nil {
				return nil, err
			}
			return a.Binary(syntax.STAR, r, y)
		}
	}
	return func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
		return a.Binary(op, y, x)
	}
}

func defTensorDunders() {
	for _, o := range tensorOperatorNames {
		op, sym := o.op, o.op.String()
		binaryDunder("__"+o.name+"__", "input "+sym+" other.", func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
			return a.Binary(op, x, y)
		})
		binaryDunder("__r"+o.name+"__", "other "+sym+" input (the reflected operator).", reflectedDunder(op))
		if o.inPlace {
			binaryDunder("__i"+o.name+"__", "input "+sym+"= other, in place; returns input.", func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
				return a.InPlace(op, x, y)
			})
		}
	}
	for _, c := range tensorComparisons {
		op := c.op
		binaryDunder("__"+c.name+"__", "input "+op.String()+" other, element-wise.", func(a *lang.Args, x *tensor.Tensor, y lang.Value) (lang.Value, error) {
			return a.Compare(op, x, y)
		})
	}
	for _, u := range []struct {
		name string
		op   syntax.Token
	}{{"neg", syntax.MINUS}, {"pos", syntax.PLUS}, {"invert", syntax.TILDE}} {
		op := u.op
		lang.NewBuiltin(lang.AsMethod, "__"+u.name+"__(input)", op.String()+"input.", func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Unary(op, x)
		})
	}
	// The conversions and the container protocol, each the builtin
	// function (or operator) that calls it.
	for _, b := range []struct{ name, builtin, doc string }{
		{"__abs__", "abs", "abs(input)."},
		{"__bool__", "bool", "bool(input): the truth of a one-element tensor."},
		{"__nonzero__", "bool", "bool(input), under Python 2's name, which PyTorch keeps."},
		{"__float__", "float", "float(input) of a one-element tensor."},
		{"__int__", "int", "int(input) of a one-element tensor."},
		{"__long__", "int", "int(input), under Python 2's name, which PyTorch keeps."},
		{"__complex__", "complex", "complex(input) of a one-element tensor."},
		{"__len__", "len", "len(input): the size of the first dimension."},
		{"__iter__", "iter", "iter(input): the tensors along the first dimension."},
		{"__reversed__", "reversed", "reversed(input): the tensors along the first dimension, last first."},
	} {
		fn, ok := lang.BuiltinName(b.builtin)
		if !ok {
			panic("no builtin " + b.builtin)
		}
		lang.NewBuiltin(lang.AsMethod, b.name+"(input)", b.doc, func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Call(fn, x)
		})
	}
	lang.NewBuiltin(lang.AsMethod, "__index__(input)", "operator.index(input): the int of a one-element integer tensor.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.IndexValue(x)
	})
	lang.NewBuiltin(lang.AsMethod, "__contains__(input, element)", "element in input.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return a.Compare(syntax.IN, a.Value("element"), x)
	})
	lang.NewBuiltin(lang.AsMethod, "__getitem__(input, indices)", "input[indices].", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.Index(x, []lang.Subscript{{Value: a.Value("indices")}})
	})
	lang.NewBuiltin(lang.AsMethod, "__setitem__(input, indices, value)", "input[indices] = value.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, lang.SetItem(x, a.Value("indices"), a.Value("value"))
	})
	lang.NewBuiltin(lang.AsMethod, "__delitem__(input, indices)", "del input[indices]: a TypeError, as in PyTorch.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, lang.DelItem(x, a.Value("indices"))
	})
}
