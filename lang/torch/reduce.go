package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The reductions (autograd/reduce.go, tensor/reduce*.go): sum, mean, max,
// argmax, var, norm, ...

func defReductions() {
	defReduce(lang.AsMethod, "sum", true, "The sum of the elements over dim (all when None); integers and bools give int64.", autograd.Sum)
	defReduce(lang.AsBoth, "mean", true, "The mean of the elements over dim (all when None); the input must be floating.", autograd.Mean)
	defReduce(lang.AsBoth, "prod", true, "The product of the elements over dim (all when None); integers and bools give int64.", autograd.Prod)
	defReduce(lang.AsBoth, "amax", false, "The largest element over dim (all when None); ties share the gradient.", autograd.Amax)
	defReduce(lang.AsBoth, "amin", false, "The smallest element over dim (all when None); ties share the gradient.", autograd.Amin)
	defReduce(lang.AsMethod, "all", false, "Whether every element over dim (all when None) is true, as a bool tensor.", tensor.All)
	defReduce(lang.AsMethod, "any", false, "Whether some element over dim (all when None) is true, as a bool tensor.", tensor.Any)
	defExtremum("max", autograd.MaximumOp, "The largest element as a 0-d tensor; with dim, a named tuple (values, indices) along dim; with a tensor, the element-wise maximum.", autograd.MaxAll, autograd.Max)
	lang.NewBuiltin(lang.AsBoth, "aminmax(input, *, dim=None, keepdim=False)", "A named tuple (min, max) of the smallest and largest elements over dim (all when None). As in PyTorch 1.13 it has no derivative: its grad_fn is NotImplemented and a backward through it raises (use amin and amax for gradients).", func(a *lang.Args) (lang.Value, error) {
		x, dim, keep := tensorArg(a, "input"), a.OptInt("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var dims []int
		if dim != nil {
			dims = []int{*dim}
		}
		return pairOf(returnAminmax)(autograd.Aminmax(x, dims, keep))
	})
	defExtremum("min", autograd.MinimumOp, "The smallest element as a 0-d tensor; with dim, a named tuple (values, indices) along dim; with a tensor, the element-wise minimum.", autograd.MinAll, autograd.Min)
	defArg("argmax", "The index of the largest element, in the flattened tensor or along dim, as int64.", tensor.ArgmaxAll, tensor.Argmax)
	defArg("argmin", "The index of the smallest element, in the flattened tensor or along dim, as int64.", tensor.ArgminAll, tensor.Argmin)
	defSpread("var", "The variance over dim (all when None), unbiased (dividing by N-1) unless unbiased=False or correction says otherwise.", autograd.Var)
	defSpread("std", "The standard deviation over dim (all when None), unbiased unless unbiased=False or correction says otherwise.", autograd.Std)
	defWithInt(lang.AsBoth, "cumsum(input, dim, *, dtype=None)", "The running sum along dim; integers and bools give int64.", autograd.Cumsum)
	lang.NewBuiltin(lang.AsBoth, "logsumexp(input, dim, keepdim=False)", "log(sum(exp(input))) over dim, computed without overflow.", func(a *lang.Args) (lang.Value, error) {
		x, dims, keep := tensorArg(a, "input"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Logsumexp(x, dims, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "norm(input, p='fro', dim=None, keepdim=False, dtype=None)", "The vector p-norm over dim (all when None): p may be a number, inf, -inf or 'fro' (2).", func(a *lang.Args) (lang.Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		var p float64
		switch v := a.Value("p").(type) {
		case string:
			if v != "fro" {
				return nil, lang.Errorf(lang.ValueError, "norm(): unsupported norm type '%s'", v).
					WithHint("kael has vector norms: p may be a number, inf, -inf or 'fro'")
			}
			p = 2
		default:
			p = a.Float("p")
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Norm(x, p, dims, keep))
	})
}

// reduceInput returns the input of a reduction, converted to the dtype
// argument when the builtin has one and it is given.
func reduceInput(a *lang.Args) (*tensor.Tensor, error) {
	x := tensorArg(a, "input")
	if !a.Builtin().HasParam("dtype") || a.IsNone("dtype") {
		return x, a.Err()
	}
	d := a.DType("dtype")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return autograd.To(x, d)
}

// defReduce defines a reduction over some or all dimensions; withDType
// adds PyTorch's dtype argument, the dtype to convert the input to first.
func defReduce(kind lang.BuiltinKind, name string, withDType bool, doc string, f func(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error)) {
	sig := name + "(input, dim=None, keepdim=False)"
	if withDType {
		sig = name + "(input, dim=None, keepdim=False, *, dtype=None)"
	}
	lang.NewBuiltin(kind, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		dims, keep := a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, dims, keep))
	})
}

// defExtremum defines max or min: over everything, along a dimension with
// indices, or element-wise against another tensor.
func defExtremum(name string, elementwise *autograd.BinaryOp, doc string,
	all func(x *tensor.Tensor) (*tensor.Tensor, error),
	along func(x *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, *tensor.Tensor, error)) {
	returns := &lang.ReturnType{Name: name, Fields: valuesIndices}
	lang.NewBuiltin(lang.AsMethod, name+"(input, dim=None, keepdim=False)", doc, func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if other, ok := a.Value("dim").(*tensor.Tensor); ok {
			return result(elementwise.Apply(x, other))
		}
		keep, dim := a.Bool("keepdim"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			return result(all(x))
		}
		values, indices, err := along(x, *dim, keep)
		return pairOf(returns)(values, indices, err)
	})
}

// defArg defines argmax or argmin.
func defArg(name, doc string, all func(x *tensor.Tensor) (*tensor.Tensor, error),
	along func(x *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, error)) {
	lang.NewBuiltin(lang.AsBoth, name+"(input, dim=None, keepdim=False)", doc, func(a *lang.Args) (lang.Value, error) {
		x, keep, dim := tensorArg(a, "input"), a.Bool("keepdim"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			out, err := all(x)
			if err != nil || !keep {
				return result(out, err)
			}
			ones := make([]int, x.Dim())
			for i := range ones {
				ones[i] = 1
			}
			return result(out.Reshape(ones...))
		}
		return result(along(x, *dim, keep))
	})
}

// defSpread defines var or std, which take PyTorch's unbiased flag or its
// newer correction.
func defSpread(name, doc string, f func(x *tensor.Tensor, dims []int, correction int, keepdim bool) (*tensor.Tensor, error)) {
	lang.NewBuiltin(lang.AsBoth, name+spreadParams, doc, func(a *lang.Args) (lang.Value, error) {
		x, dims, correction, keep, err := spreadArgs(a)
		if err != nil {
			return nil, err
		}
		return result(f(x, dims, correction, keep))
	})
}

// spreadParams are the parameters of var, std, var_mean and std_mean.
const spreadParams = "(input, dim=None, unbiased=True, keepdim=False, *, correction=None)"

// spreadArgs reads the arguments of spreadParams: x.var(False) passes the
// unbiased flag as dim, and correction, when given, overrides unbiased.
func spreadArgs(a *lang.Args) (x *tensor.Tensor, dims []int, correction int, keep bool, err error) {
	x, unbiased := tensorArg(a, "input"), a.Bool("unbiased")
	if b, ok := a.Value("dim").(bool); ok {
		unbiased = b
	} else {
		dims = a.Ints("dim")
	}
	keep = a.Bool("keepdim")
	if unbiased {
		correction = 1
	}
	if !a.IsNone("correction") {
		correction = a.Int("correction")
	}
	return x, dims, correction, keep, a.Err()
}
