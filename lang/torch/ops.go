package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The tensor operations, one file per job, named after the files of
// packages autograd and tensor that implement them: elementwise.go,
// reduce.go, linalg.go, join.go, index.go and views.go (and
// nn_functional.go for autograd/nn.go). Those with a derivative go
// through package autograd, so that they are recorded when an input
// requires grad; the others call package tensor. This file holds the
// helpers they share.

// tensorArg returns a tensor argument; a number or a list gets a hint to
// make it a tensor.
func tensorArg(a *lang.Args, name string) *tensor.Tensor {
	switch v := a.Value(name).(type) {
	case int64, float64, bool:
		a.Fail(a.WrongType(name, "Tensor", v).WithHint("make it a tensor first: %s(tensor(x)); the math module has functions of plain numbers", a.Builtin().Name))
		return nil
	case *lang.List, lang.Tuple:
		a.Fail(a.WrongType(name, "Tensor", v).WithHint("make it a tensor first: %s(tensor([...]))", a.Builtin().Name))
		return nil
	}
	return a.Tensor(name)
}

// defWithInt defines a builtin of input and an int, its second parameter.
// The input is converted to the dtype argument first when the builtin has
// one (see reduceInput).
func defWithInt(kind lang.BuiltinKind, sig, doc string, f func(x *tensor.Tensor, n int) (*tensor.Tensor, error)) {
	b := lang.NewBuiltin(kind, sig, doc, nil)
	name := b.ParamNames()[1]
	b.SetFn(func(a *lang.Args) (lang.Value, error) {
		x, err := reduceInput(a)
		if err != nil {
			return nil, err
		}
		n := a.Int(name)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, n))
	})
}

// defUnary defines a builtin of one tensor, input, that computes f(input).
func defUnary(kind lang.BuiltinKind, sig, doc string, f func(x *tensor.Tensor) (*tensor.Tensor, error)) {
	lang.NewBuiltin(kind, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x))
	})
}
