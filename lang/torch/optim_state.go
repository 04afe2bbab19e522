package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// An optimizer's state as Python sees it: opt.state (a dict from each
// parameter to its state), opt.state_dict() and opt.load_state_dict(), in
// PyTorch 1.13's layout: {'state': {0: {'step': tensor(3.), 'exp_avg':
// ..., ...}, ...}, 'param_groups': [{'lr': 0.001, ..., 'params': [0, 1]}]}.

// stateValue is a parameter's state as PyTorch's dict: 'step' (an int or
// a 0-d float32 tensor, as the algorithm keeps it), the scalars as 0-d
// float32 tensors, and the buffers (the optimizer's own tensors, so that
// changing them changes the optimizer; None where PyTorch has None).
func (o *Optimizer) stateValue(st *autograd.ParamState) *lang.Dict {
	d := lang.NewDict()
	switch o.rule.Step {
	case autograd.IntStep:
		_ = d.Set("step", int64(st.Step))
	case autograd.TensorStep:
		_ = d.Set("step", float32Scalar(st.Step))
	}
	for _, k := range o.rule.ScalarKeys {
		if v, ok := st.Scalars[k]; ok {
			_ = d.Set(k, float32Scalar(v))
		}
	}
	for _, k := range o.rule.BufferKeys {
		b, ok := st.Buffers[k]
		switch {
		case !ok:
		case b == nil:
			_ = d.Set(k, lang.None)
		default:
			_ = d.Set(k, b)
		}
	}
	return d
}

// float32Scalar returns v as a 0-d float32 tensor.
func float32Scalar(v float64) *tensor.Tensor {
	t, err := tensor.Full(v, tensor.Float32)
	if err != nil { // a 0-d tensor always fits
		panic(err)
	}
	return t
}

// stateByParam is opt.state: a dict from each parameter that has state to
// its state dict.
func (o *Optimizer) stateByParam() *lang.Dict {
	d := lang.NewDict()
	if o.lbfgs != nil {
		if params, err := o.params(); err == nil && len(params) > 0 {
			if st := o.lbfgsStateValue(); st != nil {
				_ = d.Set(params[0], st)
			}
		}
	}
	for _, p := range o.stepped {
		_ = d.Set(p, o.stateValue(o.state[p]))
	}
	return d
}

// stateDict is opt.state_dict(): parameters are named by their index over
// all groups.
func (o *Optimizer) stateDict() (lang.Value, error) {
	groups, index, err := o.packGroups()
	if err != nil {
		return nil, err
	}
	state := lang.NewDict()
	if o.lbfgs != nil && len(index) > 0 {
		if st := o.lbfgsStateValue(); st != nil {
			_ = state.Set(int64(0), st)
		}
	}
	for _, p := range o.stepped {
		if i, ok := index[p]; ok {
			_ = state.Set(i, o.stateValue(o.state[p]))
		}
	}
	out := lang.NewDict()
	_ = out.Set("state", state)
	_ = out.Set("param_groups", &lang.List{Elems: groups})
	return out, nil
}

// packGroups is the param_groups of state_dict(): each group's settings
// with 'params' last, its parameters named by their index over all
// groups, which index gives.
func (o *Optimizer) packGroups() ([]lang.Value, map[*tensor.Tensor]int64, error) {
	index := map[*tensor.Tensor]int64{}
	groups := make([]lang.Value, len(o.groups.Elems))
	for i := range o.groups.Elems {
		g, params, err := o.groupOf(i)
		if err != nil {
			return nil, nil, err
		}
		packed := lang.NewDict()
		for j, k := range g.Keys() {
			if k != "params" {
				_ = packed.Set(k, g.Values()[j])
			}
		}
		ids := make([]lang.Value, len(params))
		for j, p := range params {
			if _, ok := index[p]; !ok {
				index[p] = int64(len(index))
			}
			ids[j] = index[p]
		}
		_ = packed.Set("params", &lang.List{Elems: ids})
		groups[i] = packed
	}
	return groups, index, nil
}

// savedGroups returns sd['param_groups'], which must have as many groups
// as the optimizer, as load_state_dict checks first.
func (o *Optimizer) savedGroups(sd *lang.Dict) ([]lang.Value, error) {
	savedGroups, err := dictEntry(sd, "param_groups")
	if err != nil {
		return nil, err
	}
	saved, _, ok := lang.Sequence(savedGroups)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "state_dict['param_groups'] must be a list, not %s", lang.TypeName(savedGroups))
	}
	if len(saved) != len(o.groups.Elems) {
		return nil, lang.Errorf(lang.ValueError, "loaded state dict has a different number of parameter groups")
	}
	return saved, nil
}

// loadStateDict is opt.load_state_dict(sd): the groups take sd's settings
// (keeping their tensors) and each parameter the state sd holds for its
// index, copied and cast to the parameter's dtype.
func (o *Optimizer) loadStateDict(v lang.Value) error {
	sd, ok := v.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "load_state_dict() expects a dict, not %s", lang.TypeName(v))
	}
	saved, err := o.savedGroups(sd)
	if err != nil {
		return err
	}
	var byIndex []*tensor.Tensor
	newGroups := make([]lang.Value, len(saved))
	for i, sv := range saved {
		g, params, err := o.groupOf(i)
		if err != nil {
			return err
		}
		s, ok := sv.(*lang.Dict)
		if !ok {
			return lang.Errorf(lang.TypeError, "state_dict['param_groups'][%d] must be a dict, not %s", i, lang.TypeName(sv))
		}
		ids, err := dictEntry(s, "params")
		if err != nil {
			return err
		}
		if n, err := lang.Len(ids); err != nil || n != lang.Value(int64(len(params))) {
			return lang.Errorf(lang.ValueError, "loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
		}
		ng := lang.NewDict()
		for j, k := range s.Keys() {
			if k != "params" {
				_ = ng.Set(k, s.Values()[j])
			}
		}
		current, _, _ := g.Get("params")
		_ = ng.Set("params", current)
		if _, err := groupHyper(ng); err != nil {
			return err
		}
		newGroups[i] = ng
		byIndex = append(byIndex, params...)
	}
	states, err := dictEntry(sd, "state")
	if err != nil {
		return err
	}
	sdState, ok := states.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "state_dict['state'] must be a dict, not %s", lang.TypeName(states))
	}
	if o.lbfgs != nil {
		st, err := loadLBFGSState(sdState, byIndex)
		if err != nil {
			return err
		}
		o.groups.Elems, o.lbfgs = newGroups, st
		return nil
	}
	loaded := map[*tensor.Tensor]*autograd.ParamState{}
	var order []*tensor.Tensor
	for j, k := range sdState.Keys() {
		i, ok := lang.AsInt(k)
		if !ok || i < 0 || int(i) >= len(byIndex) {
			continue // PyTorch keeps state for keys that name no parameter; nothing reads it
		}
		p := byIndex[i]
		st, err := o.paramState(p, sdState.Values()[j])
		if err != nil {
			return err
		}
		if loaded[p] == nil {
			order = append(order, p)
		}
		loaded[p] = st
	}
	o.groups.Elems = newGroups
	o.state, o.stepped = loaded, order
	return nil
}

// dictEntry returns d[key], or PyTorch's KeyError.
func dictEntry(d *lang.Dict, key string) (lang.Value, error) {
	v, found, err := d.Get(key)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
	}
	return v, nil
}

// paramState reads one parameter's saved state dict.
func (o *Optimizer) paramState(p *tensor.Tensor, v lang.Value) (*autograd.ParamState, error) {
	d, ok := v.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "a parameter's state must be a dict, not %s", lang.TypeName(v))
	}
	st := &autograd.ParamState{Scalars: map[string]float64{}, Buffers: map[string]*tensor.Tensor{}}
	number := func(k string, v lang.Value) (float64, error) {
		if t, ok := v.(*tensor.Tensor); ok && t.Numel() == 1 {
			item, err := t.Item()
			if err != nil {
				return 0, err
			}
			v = item
		}
		f, ok := lang.AsFloat(v)
		if !ok {
			return 0, lang.Errorf(lang.TypeError, "the state entry %s must be a number, not %s", lang.Repr(k), lang.TypeName(v))
		}
		return f, nil
	}
	scalars := map[string]bool{}
	for _, k := range o.rule.ScalarKeys {
		scalars[k] = true
	}
	for j, kv := range d.Keys() {
		k, ok := kv.(string)
		if !ok {
			continue
		}
		val := d.Values()[j]
		var err error
		switch {
		case k == "step":
			st.Step, err = number(k, val)
		case scalars[k]:
			st.Scalars[k], err = number(k, val)
		case val == lang.None:
			st.Buffers[k] = nil
		default:
			t, ok := val.(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "the state entry %s must be a tensor, not %s", lang.Repr(k), lang.TypeName(val))
			}
			if t, err = t.To(p.DType()); err == nil {
				st.Buffers[k], err = t.Clone()
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return st, nil
}
