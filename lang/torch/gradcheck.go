package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.autograd.gradcheck, on autograd.GradCheck: the derivatives
// backward computes for a kael function, compared with central
// differences.

func defGradcheck() {
	torchAutograd["gradcheck"] = lang.NewBuiltin(lang.AsValue, "gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, check_sparse_nnz=False, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False, check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False)", "Checks the gradients backward computes for func(*inputs) against central differences (f(x+eps) - f(x-eps)) / 2eps, element by element, within atol + rtol * |numerical|: True when they agree, else a RuntimeError naming the first entry of the Jacobian that differs (False with raise_exception=False). inputs is a tensor or a tuple of tensors; those that require grad must be float64 or complex128 leaves (a complex number checked as its real and imaginary parts). func returns a tensor or a tuple of tensors, each checked. fast_mode=True checks the whole Jacobian too (PyTorch's fast mode checks a random projection of it, with the same verdict for a correct backward); nondet_tol, check_undefined_grad and check_grad_dtypes change nothing (kael's backward is deterministic, reads a missing gradient as zeros and gives each input a gradient of its dtype); check_backward_ad=False is PyTorch's AssertionError, since forward-mode checks are not in kael. Sparse inputs, batched gradients and forward-mode AD are not in kael: check_sparse_nnz, check_batched_grad, check_batched_forward_grad and check_forward_ad must stay False.", func(a *lang.Args) (lang.Value, error) {
		fn, eps, atol, rtol, raise := a.Value("func"), a.Float("eps"), a.Float("atol"), a.Float("rtol"), a.Bool("raise_exception")
		for _, name := range []string{"check_sparse_nnz", "check_batched_grad", "check_batched_forward_grad", "check_forward_ad"} {
			if a.Bool(name) {
				return nil, lang.Errorf(lang.RuntimeError, "gradcheck(%s=True) is not supported: kael has no %s", name, gradcheckLacks[name])
			}
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !a.Bool("check_backward_ad") {
			return nil, lang.Errorf(lang.AssertionError, "Expected at least one of check_forward_ad or check_backward_ad to be True")
		}
		inputs := tensorsOf(a.Value("inputs"))
		if _, isNone := a.Value("inputs").(lang.NoneType); isNone || len(inputs) == 0 || hasNonTensor(inputs) {
			return nil, a.WrongType("inputs", "a Tensor or a tuple of Tensors", a.Value("inputs"))
		}
		var callErr error // an error of func itself, which gradcheck passes on
		call := func(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
			pos := make([]lang.Value, len(ts))
			for i, t := range ts {
				pos[i] = t
			}
			v, err := a.Call(fn, pos...)
			if err != nil {
				callErr = err
				return nil, err
			}
			outs := tensorsOf(v)
			if _, isTensor := v.(*tensor.Tensor); !isTensor && (len(outs) == 0 || hasNonTensor(outs)) {
				callErr = lang.Errorf(lang.TypeError, "gradcheck: func must return a Tensor or a tuple of Tensors, not %s", lang.TypeName(v))
				return nil, callErr
			}
			return outs, nil
		}
		first, err := call(inputs)
		if err != nil {
			return nil, err
		}
		opts := autograd.GradCheckOptions{Eps: eps, Atol: atol, Rtol: rtol}
		for k := range first {
			err := autograd.GradCheck(func(ts []*tensor.Tensor) (*tensor.Tensor, error) {
				outs, err := call(ts)
				if err != nil {
					return nil, err
				}
				if len(outs) != len(first) {
					callErr = lang.Errorf(lang.RuntimeError, "gradcheck: func returned %d tensors, then %d", len(first), len(outs))
					return nil, callErr
				}
				return outs[k], nil
			}, inputs, opts)
			switch {
			case err == nil:
				continue
			case callErr != nil:
				return nil, callErr
			case !raise:
				return false, nil
			}
			e := lang.Errorf(lang.RuntimeError, "%s", err.Error())
			if len(first) > 1 {
				e = lang.Errorf(lang.RuntimeError, "output %d: %s", k, err.Error())
			}
			return nil, e
		}
		return true, nil
	})
}

// gradcheckLacks names what each of gradcheck's refused checks needs.
var gradcheckLacks = map[string]string{
	"check_sparse_nnz":           "sparse tensors",
	"check_batched_grad":         "batched gradients (vmap)",
	"check_batched_forward_grad": "batched forward-mode gradients (vmap)",
	"check_forward_ad":           "forward-mode AD",
}

// hasNonTensor reports whether ts has a nil entry: a value that is not a
// tensor, in tensorsOf's result.
func hasNonTensor(ts []*tensor.Tensor) bool {
	for _, t := range ts {
		if t == nil {
			return true
		}
	}
	return false
}
