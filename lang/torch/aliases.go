package torch

import (
	"github.com/kael-dev/kael/lang"
)

// PyTorch's other names of functions kael has (torch.arccos is acos,
// clip is clamp, swapaxes is transpose, concat is cat), and the torch.*
// function forms of in-place methods (torch.exp_(x) is x.exp_()). Each is
// a copy of the builtin it names (lang.Builtin.Alias), with its
// parameters, out= included: defAliases runs after defOut.

// aliases maps each alias to the builtin it names. Where the name is a
// global function, so is the alias; where it is a tensor method, so is
// the alias (PyTorch has both for each of these).
var aliases = []struct{ alias, of string }{
	{"absolute", "abs"}, {"absolute_", "abs_"},
	{"arccos", "acos"}, {"arccos_", "acos_"}, {"arcsin", "asin"}, {"arcsin_", "asin_"},
	{"arctan", "atan"}, {"arctan_", "atan_"}, {"arccosh", "acosh"}, {"arccosh_", "acosh_"},
	{"arcsinh", "asinh"}, {"arcsinh_", "asinh_"}, {"arctanh", "atanh"}, {"arctanh_", "atanh_"},
	{"arctan2", "atan2"}, {"arctan2_", "atan2_"},
	{"clip", "clamp"}, {"clip_", "clamp_"},
	{"greater", "gt"}, {"greater_", "gt_"}, {"greater_equal", "ge"}, {"greater_equal_", "ge_"},
	{"less", "lt"}, {"less_", "lt_"}, {"less_equal", "le"}, {"less_equal_", "le_"},
	{"not_equal", "ne"}, {"not_equal_", "ne_"},
	{"multiply", "mul"}, {"multiply_", "mul_"}, {"subtract", "sub"}, {"subtract_", "sub_"},
	{"negative", "neg"}, {"negative_", "neg_"}, {"fix", "trunc"}, {"fix_", "trunc_"},
	{"swapaxes", "transpose"}, {"swapdims", "transpose"}, {"swapaxes_", "transpose_"}, {"swapdims_", "transpose_"},
	{"moveaxis", "movedim"},
	{"concat", "cat"}, {"concatenate", "cat"},
	{"ger", "outer"}, {"row_stack", "vstack"},
	{"ndimension", "dim"}, {"conj_physical", "conj"},
	{"trapz", "trapezoid"},
}

// functionForms are the methods that torch also has as functions: the
// in-place ones, of the tensor they change (torch.exp_(x)), and
// is_signed.
var functionForms = []string{
	"abs_", "acos_", "acosh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "cos_", "cosh_",
	"erf_", "erfc_", "exp_", "expm1_", "floor_", "frac_", "log_", "log10_", "log1p_", "log2_",
	"neg_", "reciprocal_", "round_", "rsqrt_", "sigmoid_", "sin_", "sinh_", "sqrt_", "tan_", "tanh_",
	"trunc_", "clamp_", "zero_", "fill_", "nan_to_num_", "clamp_min_", "clamp_max_",
	"arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_", "arctanh_", "clip_", "fix_", "negative_",
	"addmv_", "is_signed", "exp2_", "deg2rad_", "rad2deg_", "square_", "sinc_", "logit_", "xlogy_", "gcd_", "lcm_", "ldexp_", "i0_",
	"as_strided_", "detach_", "resize_as_",
}

func defAliases() {
	for _, al := range aliases {
		fn, isFunc := lang.LookupBuiltin(al.of)
		m, isMethod := lang.TensorMethod(al.of)
		doc := "Another name of " + al.of + ", as in PyTorch."
		switch {
		case isFunc && isMethod && fn == m:
			fn.Alias(lang.AsBoth, al.alias, doc).SetModule("torch")
		case isFunc || isMethod:
			if isFunc {
				fn.Alias(lang.AsFunc, al.alias, doc).SetModule("torch") // torch.absolute, though abs is Python's
			}
			if isMethod {
				m.Alias(lang.AsMethod, al.alias, doc)
			}
		default:
			panic("alias " + al.alias + " of a missing builtin " + al.of)
		}
	}
	for _, name := range functionForms {
		m, ok := lang.TensorMethod(name)
		if !ok {
			panic("function form of a missing method " + name)
		}
		if _, dup := lang.LookupBuiltin(name); dup {
			panic("function form of " + name + " is already a function")
		}
		m.Alias(lang.AsFunc, name, m.Doc).SetModule("torch")
	}
}
