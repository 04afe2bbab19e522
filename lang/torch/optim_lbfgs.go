package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.optim.LBFGS: an Optimizer whose step runs autograd.LBFGSStep on
// its one group with a closure, and whose state (PyTorch's
// state[params[0]]) is autograd.LBFGSState, shown and saved with
// PyTorch's keys.

// lbfgsDefaults finishes LBFGS's defaults: max_eval None is max_iter·5//4.
func (o *Optimizer) lbfgsDefaults() error {
	o.lbfgs = &autograd.LBFGSState{}
	v, _, _ := o.defaults.Get("max_eval")
	if _, none := v.(lang.NoneType); !none {
		return nil
	}
	mi, _, _ := o.defaults.Get("max_iter")
	if n, ok := mi.(int64); ok {
		q := n * 5 / 4
		if n*5%4 != 0 && n < 0 { // Python's floor division
			q--
		}
		return o.defaults.Set("max_eval", q)
	}
	f, ok := lang.AsFloat(mi)
	if !ok {
		return lang.Errorf(lang.TypeError, "unsupported operand type(s) for *: '%s' and 'int'", lang.TypeName(mi))
	}
	return o.defaults.Set("max_eval", math.Floor(f*5/4))
}

// lbfgsOptions reads the settings of LBFGS's group.
func lbfgsOptions(g *lang.Dict) (autograd.LBFGSOptions, error) {
	h, err := groupHyper(g)
	if err != nil {
		return autograd.LBFGSOptions{}, err
	}
	o := autograd.LBFGSOptions{LR: h["lr"], MaxIter: int(math.Ceil(h["max_iter"])), MaxEval: int(math.Ceil(h["max_eval"])),
		ToleranceGrad: h["tolerance_grad"], ToleranceChange: h["tolerance_change"], HistorySize: int(h["history_size"])}
	switch ls, _, _ := g.Get("line_search_fn"); x := ls.(type) {
	case lang.NoneType:
	case string:
		o.LineSearchFn = x
	default:
		return o, lang.Errorf(lang.RuntimeError, "only 'strong_wolfe' is supported")
	}
	if o.HistorySize < 1 {
		o.HistorySize = 1
	}
	return o, nil
}

// lbfgsStep is LBFGS.step(closure): under no_grad, the closure run with
// grad enabled; it returns what the closure returned first.
func (o *Optimizer) lbfgsStep(a *lang.Args, closure lang.Value) (lang.Value, error) {
	if _, none := closure.(lang.NoneType); none {
		return nil, lang.Errorf(lang.TypeError, "'NoneType' object is not callable").
			WithHint("LBFGS.step needs a closure that recomputes the loss: def closure(): opt.zero_grad(); loss = ...; loss.backward(); return loss")
	}
	if len(o.groups.Elems) != 1 {
		return nil, lang.Errorf(lang.AssertionError, "")
	}
	g, params, err := o.groupOf(0)
	if err != nil {
		return nil, err
	}
	opts, err := lbfgsOptions(g)
	if err != nil {
		return nil, err
	}
	var first lang.Value
	prev := autograd.SetGradEnabled(false)
	defer autograd.SetGradEnabled(prev)
	_, err = autograd.LBFGSStep(params, opts, o.lbfgs, func() (float64, error) {
		autograd.SetGradEnabled(true)
		v, err := a.Call(closure)
		autograd.SetGradEnabled(false)
		if err != nil {
			return 0, err
		}
		if first == nil {
			first = v
		}
		return floatOf(v)
	})
	if err != nil {
		return nil, err
	}
	return first, nil
}

// floatOf is float(v) for a number or a one-element tensor.
func floatOf(v lang.Value) (float64, error) {
	if t, ok := v.(*tensor.Tensor); ok {
		if t.Numel() != 1 {
			return 0, lang.Errorf(lang.RuntimeError, "a Tensor with %d elements cannot be converted to Scalar", t.Numel())
		}
		item, err := t.Item()
		if err != nil {
			return 0, err
		}
		v = item
	}
	f, ok := lang.AsFloat(v)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "float() argument must be a string or a real number, not '%s'", lang.TypeName(v))
	}
	return f, nil
}

// lbfgsDType is the dtype of LBFGS's parameters, in which its state's
// tensors are.
func (o *Optimizer) lbfgsDType() tensor.DType {
	if params, err := o.params(); err == nil && len(params) > 0 {
		return params[0].DType()
	}
	return tensor.Float32
}

// lbfgsStateValue is state[params[0]] as PyTorch keeps it, nil before
// the first step.
func (o *Optimizer) lbfgsStateValue() *lang.Dict {
	st := o.lbfgs
	if st.FuncEvals == 0 {
		return nil
	}
	dt := o.lbfgsDType()
	vec := func(v []float64) lang.Value {
		t, err := tensor.FromSlice(append([]float64(nil), v...), len(v))
		if err == nil {
			t, err = t.To(dt)
		}
		if err != nil {
			return lang.None
		}
		return t
	}
	scalar := func(v float64) lang.Value {
		t, err := tensor.Full(v, dt)
		if err != nil {
			return lang.None
		}
		return t
	}
	d := lang.NewDict()
	_ = d.Set("func_evals", int64(st.FuncEvals))
	_ = d.Set("n_iter", int64(st.NIter))
	al := func() {
		if !st.HasAl() {
			return
		}
		out := make([]lang.Value, len(st.Al))
		for i := range out {
			out[i] = lang.None
			if i < st.AlSet {
				out[i] = scalar(st.Al[i])
			}
		}
		_ = d.Set("al", &lang.List{Elems: out})
	}
	if st.AlFirst {
		al()
	}
	if st.Started() {
		_ = d.Set("d", vec(st.D))
		_ = d.Set("t", st.T)
		for _, part := range []struct {
			name string
			vs   [][]float64
		}{{"old_dirs", st.OldDirs}, {"old_stps", st.OldStps}} {
			elems := make([]lang.Value, len(part.vs))
			for i, v := range part.vs {
				elems[i] = vec(v)
			}
			_ = d.Set(part.name, &lang.List{Elems: elems})
		}
		ro := make([]lang.Value, len(st.Ro))
		for i, v := range st.Ro {
			ro[i] = scalar(v)
		}
		_ = d.Set("ro", &lang.List{Elems: ro})
		if st.NIter <= 1 || st.HDiag == 1 && len(st.OldDirs) == 0 {
			_ = d.Set("H_diag", int64(1))
		} else {
			_ = d.Set("H_diag", scalar(st.HDiag))
		}
		_ = d.Set("prev_flat_grad", vec(st.PrevFlatGrad))
		_ = d.Set("prev_loss", st.PrevLoss)
	}
	if !st.AlFirst {
		al()
	}
	return d
}

// loadLBFGSState reads the state load_state_dict gives LBFGS: the entry
// of its first parameter (index 0), or none.
func loadLBFGSState(sd *lang.Dict, params []*tensor.Tensor) (*autograd.LBFGSState, error) {
	st := &autograd.LBFGSState{}
	v, ok, _ := sd.Get(int64(0))
	if !ok || len(params) == 0 {
		return st, nil
	}
	d, ok := v.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "the state of LBFGS must be a dict, not %s", lang.TypeName(v))
	}
	num := func(key string) (float64, bool, error) {
		x, ok, _ := d.Get(key)
		if !ok {
			return 0, false, nil
		}
		f, err := floatOf(x)
		return f, true, err
	}
	vec := func(x lang.Value) ([]float64, error) {
		t, ok := x.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "LBFGS's state holds tensors, not %s", lang.TypeName(x))
		}
		return t.Float64s()
	}
	list := func(key string) (*lang.List, error) {
		x, _, _ := d.Get(key)
		l, ok := x.(*lang.List)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "LBFGS's state['%s'] must be a list, not %s", key, lang.TypeName(x))
		}
		return l, nil
	}
	fe, _, err := num("func_evals")
	if err != nil {
		return nil, err
	}
	ni, _, err := num("n_iter")
	if err != nil {
		return nil, err
	}
	st.FuncEvals, st.NIter = int(fe), int(ni)
	keys := d.Keys()
	if x, ok, _ := d.Get("d"); ok {
		var lists [2][][]float64
		for i, key := range []string{"old_dirs", "old_stps"} {
			l, err := list(key)
			if err != nil {
				return nil, err
			}
			for _, e := range l.Elems {
				v, err := vec(e)
				if err != nil {
					return nil, err
				}
				lists[i] = append(lists[i], v)
			}
		}
		rl, err := list("ro")
		if err != nil {
			return nil, err
		}
		ro := make([]float64, len(rl.Elems))
		for i, e := range rl.Elems {
			if ro[i], err = floatOf(e); err != nil {
				return nil, err
			}
		}
		dv, err := vec(x)
		if err != nil {
			return nil, err
		}
		pg, _, _ := d.Get("prev_flat_grad")
		prev, err := vec(pg)
		if err != nil {
			return nil, err
		}
		t, _, err := num("t")
		if err != nil {
			return nil, err
		}
		h, _, err := num("H_diag")
		if err != nil {
			return nil, err
		}
		pl, _, err := num("prev_loss")
		if err != nil {
			return nil, err
		}
		st.Restore(dv, t, lists[0], lists[1], ro, h, prev, pl)
	}
	if x, ok, _ := d.Get("al"); ok {
		l, isList := x.(*lang.List)
		if !isList {
			return nil, lang.Errorf(lang.TypeError, "LBFGS's state['al'] must be a list, not %s", lang.TypeName(x))
		}
		al := make([]float64, len(l.Elems))
		set := 0
		for i, e := range l.Elems {
			if _, none := e.(lang.NoneType); none {
				continue
			}
			f, err := floatOf(e)
			if err != nil {
				return nil, err
			}
			al[i], set = f, i+1
		}
		alFirst := len(keys) > 2 && keys[2] == "al"
		st.RestoreAl(al, set, alFirst)
	}
	return st, nil
}
