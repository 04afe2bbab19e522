package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// einsum and tensordot.

func defEinsum() {
	lang.NewBuiltin(lang.AsFunc, "einsum(equation, *operands)", "Einstein summation: einsum('ij,jk->ik', a, b) is a @ b, 'bij,bjk->bik' a batched product, 'ij->ji' a transpose, 'ii->' the trace, 'ii->i' the diagonal, 'i,j->ij' an outer product, 'ij->' a sum; '...' stands for the other dimensions. The operands may also be given as one list.", func(a *lang.Args) (lang.Value, error) {
		eq := a.Str("equation")
		if err := a.Err(); err != nil {
			return nil, err
		}
		rest, _ := a.Value("operands").(lang.Tuple)
		var ts []*tensor.Tensor
		if len(rest) == 1 {
			if _, isList := rest[0].(*lang.List); isList {
				ts = tensorListValue(a, "operands", rest[0])
			}
		}
		if ts == nil {
			ts = tensorListValue(a, "operands", rest)
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Einsum(eq, ts))
	})
	lang.NewBuiltin(lang.AsFunc, "tensordot(a, b, dims=2)", "Contracts the last dims dimensions of a with the first of b, or the dimensions listed in dims = ([a's], [b's]); the result has a's other dimensions, then b's.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "a"), tensorArg(a, "b")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var da, db []int
		if n, ok := lang.AsInt(a.Value("dims")); ok {
			if n < 0 || int(n) > min(x.Dim(), y.Dim()) {
				return nil, lang.Errorf(lang.RuntimeError, "tensordot expects dims >= 0 and at most the dimensions of both tensors, but got dims=%d", n)
			}
			for i := range int(n) {
				da = append(da, x.Dim()-int(n)+i)
				db = append(db, i)
			}
		} else {
			pair, _, ok := lang.Sequence(a.Value("dims"))
			if !ok || len(pair) != 2 {
				return nil, a.WrongType("dims", "int or a pair of lists of ints", a.Value("dims"))
			}
			for i, dst := range []*[]int{&da, &db} {
				if v, ok := lang.AsInt(pair[i]); ok {
					*dst = []int{int(v)}
				} else if ints, ok := lang.IntSequence(pair[i]); ok {
					*dst = ints
				} else {
					return nil, a.WrongType("dims", "int or a pair of lists of ints", a.Value("dims"))
				}
			}
		}
		return result(autograd.Tensordot(x, y, da, db))
	})
}

// tensorListValue returns the tensors of a list or tuple value v, the
// argument name (or part of it).
func tensorListValue(a *lang.Args, name string, v lang.Value) []*tensor.Tensor {
	elems, _, ok := lang.Sequence(v)
	if _, isStr := v.(string); !ok || isStr {
		a.Fail(a.WrongType(name, "a list or tuple of Tensors", v))
		return nil
	}
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			t, ok = subTensor(e) // an instance of a tensor subclass
		}
		if !ok {
			a.Fail(lang.Errorf(lang.TypeError, "%s(): expected a Tensor as element %d in argument '%s', but got %s", a.Builtin().Name, i, name, lang.TypeName(e)))
			return nil
		}
		out[i] = t
	}
	return out
}
