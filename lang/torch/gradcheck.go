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
		return gradcheck(func(ts []*tensor.Tensor) (lang.Value, error) {
			pos := make([]lang.Value, len(ts))
			for i, t := range ts {
				pos[i] = t
			}
			return a.Call(fn, pos...)
		}, inputs, autograd.GradCheckOptions{Eps: eps, Atol: atol, Rtol: rtol}, raise)
	})
	torchAutograd["gradgradcheck"] = lang.NewBuiltin(lang.AsValue, "gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-06, atol=1e-05, rtol=0.001, gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False, check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False)", "Checks second derivatives: gradcheck of the function that maps (inputs, grad_outputs) to the gradients of func(*inputs) along grad_outputs (computed with create_graph=True), so the derivatives of backward itself are compared with central differences. grad_outputs defaults to randn_like of each output, requiring grad (drawn from the generator, as PyTorch). True, or a RuntimeError naming the first entry that differs (False with raise_exception=False). The check_* and fast_mode options change only what else PyTorch checks.", func(a *lang.Args) (lang.Value, error) {
		fn, eps, atol, rtol, raise := a.Value("func"), a.Float("eps"), a.Float("atol"), a.Float("rtol"), a.Bool("raise_exception")
		for _, name := range []string{"gen_non_contig_grad_outputs", "check_undefined_grad", "check_grad_dtypes", "check_batched_grad", "check_fwd_over_rev", "check_rev_over_rev", "fast_mode"} {
			a.Bool(name)
		}
		a.Float("nondet_tol")
		if err := a.Err(); err != nil {
			return nil, err
		}
		inputs := tensorsOf(a.Value("inputs"))
		if _, isNone := a.Value("inputs").(lang.NoneType); isNone || len(inputs) == 0 || hasNonTensor(inputs) {
			return nil, a.WrongType("inputs", "a Tensor or a tuple of Tensors", a.Value("inputs"))
		}
		callFunc := func(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
			pos := make([]lang.Value, len(ts))
			for i, t := range ts {
				pos[i] = t
			}
			v, err := a.Call(fn, pos...)
			if err != nil {
				return nil, err
			}
			outs := tensorsOf(v)
			if _, isTensor := v.(*tensor.Tensor); !isTensor && (len(outs) == 0 || hasNonTensor(outs)) {
				return nil, lang.Errorf(lang.TypeError, "gradgradcheck: func must return a Tensor or a tuple of Tensors, not %s", lang.TypeName(v))
			}
			return outs, nil
		}
		var gradOuts []*tensor.Tensor
		if a.IsNone("grad_outputs") {
			outs, err := callFunc(inputs)
			if err != nil {
				return nil, err
			}
			randnLike, _ := lang.LookupBuiltin("randn_like")
			for _, o := range outs {
				like := o
				if !o.DType().IsFloating() && !o.DType().IsComplex() {
					if like, err = o.To(tensor.Float64); err != nil {
						return nil, err
					}
				}
				r, err := a.Call(randnLike, like)
				if err != nil {
					return nil, err
				}
				g := r.(*tensor.Tensor)
				if err := autograd.SetRequiresGrad(g, true); err != nil {
					return nil, err
				}
				gradOuts = append(gradOuts, g)
			}
		} else if gradOuts = tensorsOf(a.Value("grad_outputs")); len(gradOuts) == 0 || hasNonTensor(gradOuts) {
			return nil, a.WrongType("grad_outputs", "a Tensor or a tuple of Tensors", a.Value("grad_outputs"))
		}
		n := len(inputs)
		// PyTorch's new_func: the gradients of func's differentiable
		// outputs along the grad_outputs, with respect to the inputs that
		// require grad, recorded so that gradcheck differentiates them.
		grads := func(ts []*tensor.Tensor) (lang.Value, error) {
			outs, err := callFunc(ts[:n])
			if err != nil {
				return nil, err
			}
			var live, liveGrads, wrt []*tensor.Tensor
			for i, o := range outs {
				if o.RequiresGrad() && i < len(ts)-n {
					live, liveGrads = append(live, o), append(liveGrads, ts[n+i])
				}
			}
			for _, t := range ts[:n] {
				if t.RequiresGrad() {
					wrt = append(wrt, t)
				}
			}
			if len(live) == 0 || len(wrt) == 0 {
				return nil, lang.Errorf(lang.RuntimeError, "gradgradcheck: no output of func requires grad, or no input does")
			}
			gs, err := autograd.Gradients(live, wrt, liveGrads, autograd.BackwardOptions{RetainGraph: true, CreateGraph: true, AllowUnused: true})
			if err != nil {
				return nil, err
			}
			var res lang.Tuple
			for _, g := range gs {
				if g != nil {
					res = append(res, g)
				}
			}
			return res, nil
		}
		return gradcheck(grads, append(append([]*tensor.Tensor{}, inputs...), gradOuts...), autograd.GradCheckOptions{Eps: eps, Atol: atol, Rtol: rtol}, raise)
	})
}

// gradcheck checks each tensor fn returns for inputs with
// autograd.GradCheck: true, false (raise unset) or the mismatch as a
// RuntimeError; an error of fn itself is passed on. An input that requires
// grad but is not a leaf (x.clone()) is checked as a leaf sharing its
// storage: the derivatives with respect to it are the same, as PyTorch's
// gradcheck computes them.
func gradcheck(fn func(ts []*tensor.Tensor) (lang.Value, error), inputs []*tensor.Tensor, opts autograd.GradCheckOptions, raise bool) (lang.Value, error) {
	inputs = append([]*tensor.Tensor(nil), inputs...)
	for i, t := range inputs {
		if t.RequiresGrad() && !autograd.IsLeaf(t) {
			leaf := t.Detach()
			if err := autograd.SetRequiresGrad(leaf, true); err != nil {
				return nil, err
			}
			inputs[i] = leaf
		}
	}
	var callErr error // an error of func itself, which gradcheck passes on
	call := func(ts []*tensor.Tensor) ([]*tensor.Tensor, error) {
		v, err := fn(ts)
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
