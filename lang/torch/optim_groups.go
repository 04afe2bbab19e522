package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// An optimizer's param_groups, as PyTorch's: a list of dicts, each with
// 'params' (a list of tensors) and every setting of the optimizer. Code
// reads and writes them between steps (for g in opt.param_groups:
// g['lr'] *= 0.1, and the schedulers of lr_scheduler do the same); step()
// reads each group's settings afresh.

// pairSettings are the settings that are pairs, split into two numbers
// for the update rules.
var pairSettings = map[string][2]string{
	"betas":      {"beta1", "beta2"},
	"etas":       {"etaminus", "etaplus"},
	"step_sizes": {"step_size_min", "step_size_max"},
}

// addGroup adds a group, a dict, as PyTorch's add_param_group: 'params'
// becomes a list of leaf tensors that no other group holds, and the
// settings the dict leaves out take the defaults.
func (o *Optimizer) addGroup(v lang.Value) error {
	g, ok := v.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "param group must be a dict, not %s", lang.TypeName(v))
	}
	pv, found, err := g.Get("params")
	if err != nil {
		return err
	}
	if !found {
		return lang.Errorf(lang.KeyError, "'params'").WithHint("a parameter group is a dict with the key 'params': {'params': model.parameters(), 'lr': 0.01}")
	}
	var elems []lang.Value
	switch p := pv.(type) {
	case *tensor.Tensor:
		elems = []lang.Value{p}
	case *lang.Set:
		return lang.Errorf(lang.TypeError, "optimizer parameters need to be organized in ordered collections, but the ordering of tensors in sets will change between runs. Please use a list instead.")
	default:
		if elems, err = lang.Collect(pv); err != nil {
			return err
		}
	}
	inOthers := map[*tensor.Tensor]bool{}
	if existing, err := o.params(); err == nil {
		for _, t := range existing {
			inOthers[t] = true
		}
	}
	for _, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return lang.Errorf(lang.TypeError, "optimizer can only optimize Tensors, but one of the params is %s", lang.TypeName(e))
		}
		if !autograd.IsLeaf(t) {
			return lang.Errorf(lang.ValueError, "can't optimize a non-leaf Tensor").
				WithHint("optimize the tensors you created with requires_grad=True (or nn.Parameters), not values computed from them")
		}
		if inOthers[t] { // a tensor twice in one group is allowed, as in PyTorch 1.13
			return lang.Errorf(lang.ValueError, "some parameters appear in more than one parameter group")
		}
	}
	if err := g.Set("params", &lang.List{Elems: elems}); err != nil {
		return err
	}
	for i, k := range o.defaults.Keys() {
		if _, has, _ := g.Get(k); has {
			continue
		}
		def := o.defaults.Values()[i]
		if o.user && def == lang.Value(optimRequired) {
			return lang.Errorf(lang.ValueError, "parameter group didn't specify a value of required optimization parameter %s", lang.Str(k))
		}
		if !o.user && k == "lr" && def == lang.None {
			return lang.Errorf(lang.ValueError, "parameter group didn't specify a value of required optimization parameter lr").
				WithHint("give a learning rate: %s(params, lr=0.01)", o.Name)
		}
		_ = g.Set(k, def)
	}
	if o.user { // a class written in Python reads its settings itself
		o.groups.Elems = append(o.groups.Elems, g)
		return nil
	}
	h, err := groupHyper(g)
	if err != nil {
		return err
	}
	if err := o.check(settings{h, g}); err != nil {
		return err
	}
	o.groups.Elems = append(o.groups.Elems, g)
	if o.rule != nil && o.rule.EagerState { // Adagrad makes its state now
		for _, e := range elems {
			if err := o.initState(e.(*tensor.Tensor), h); err != nil {
				return err
			}
		}
	}
	return nil
}

// groupOf returns group i of param_groups and its tensors.
func (o *Optimizer) groupOf(i int) (*lang.Dict, []*tensor.Tensor, error) {
	g, ok := o.groups.Elems[i].(*lang.Dict)
	if !ok {
		return nil, nil, lang.Errorf(lang.TypeError, "param_groups[%d] must be a dict, not %s", i, lang.TypeName(o.groups.Elems[i]))
	}
	pv, found, err := g.Get("params")
	if err != nil {
		return nil, nil, err
	}
	if !found {
		return nil, nil, lang.Errorf(lang.KeyError, "'params'")
	}
	elems, err := lang.Collect(pv)
	if err != nil {
		return nil, nil, err
	}
	params := make([]*tensor.Tensor, len(elems))
	for j, e := range elems {
		if params[j], ok = e.(*tensor.Tensor); !ok {
			return nil, nil, lang.Errorf(lang.TypeError, "param_groups[%d]['params'] must hold tensors, not %s", i, lang.TypeName(e))
		}
	}
	return g, params, nil
}

// params returns the tensors of every group, in order.
func (o *Optimizer) params() ([]*tensor.Tensor, error) {
	var all []*tensor.Tensor
	for i := range o.groups.Elems {
		_, ps, err := o.groupOf(i)
		if err != nil {
			return nil, err
		}
		all = append(all, ps...)
	}
	return all, nil
}

// groupHyper reads a group's settings for the update rules: numbers and
// booleans by name, the pairs split; None and other values are not
// settings a rule reads (foreach=None).
func groupHyper(g *lang.Dict) (autograd.Hyper, error) {
	h := autograd.Hyper{}
	for i, k := range g.Keys() {
		name, ok := k.(string)
		if !ok || name == "params" {
			continue
		}
		v := g.Values()[i]
		if names, isPair := pairSettings[name]; isPair {
			elems, _, ok := lang.Sequence(v)
			ok = ok && len(elems) == 2
			for j := 0; ok && j < 2; j++ {
				h[names[j]], ok = lang.AsFloat(elems[j])
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "the optimizer setting %s must be a pair of numbers, not %s", name, lang.Repr(v))
			}
			continue
		}
		switch x := v.(type) {
		case bool:
			if x {
				h[name] = 1
			} else {
				h[name] = 0
			}
		case lang.NoneType, string:
		default:
			f, ok := lang.AsFloat(v)
			if !ok {
				if t, isTensor := v.(*tensor.Tensor); isTensor && t.Numel() == 1 {
					item, err := t.Item()
					if err == nil {
						f, ok = lang.AsFloat(item)
					}
				}
			}
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "the optimizer setting %s must be a number, not %s", name, lang.TypeName(v))
			}
			h[name] = f
		}
	}
	return h, nil
}

// step takes one step for every parameter of every group that has a
// gradient, with the group's settings as they are now.
func (o *Optimizer) step() error {
	for i := range o.groups.Elems {
		g, params, err := o.groupOf(i)
		if err != nil {
			return err
		}
		h, err := groupHyper(g)
		if err != nil {
			return err
		}
		for _, p := range params {
			grad := autograd.Grad(p)
			if grad == nil {
				continue
			}
			if o.state[p] == nil {
				if err := o.initState(p, h); err != nil {
					return err
				}
			}
			if err := o.rule.Update(p, grad, o.state[p], h); err != nil {
				return err
			}
		}
	}
	return nil
}

// initState gives p the state its rule starts with.
func (o *Optimizer) initState(p *tensor.Tensor, h autograd.Hyper) error {
	st, err := o.rule.NewState(p, h)
	if err != nil {
		return err
	}
	o.setState(p, st)
	return nil
}

// setState records p's state, keeping the order in which parameters got
// one (the order of PyTorch's state dict).
func (o *Optimizer) setState(p *tensor.Tensor, st *autograd.ParamState) {
	if o.state[p] == nil {
		o.stepped = append(o.stepped, p)
	}
	o.state[p] = st
}
