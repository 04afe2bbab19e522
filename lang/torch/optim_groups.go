package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
)

// An optimizer's param_groups: one group, a dict holding the params and
// the learning rate, as PyTorch's. Code that decays the learning rate
// writes it (for g in opt.param_groups: g['lr'] *= 0.1); step() reads it
// back. kael's optimizers take changes of 'lr' only, so step() refuses a
// group whose other entries changed rather than ignoring them.

// paramGroups returns the optimizer's groups, made on first use.
func (o *Optimizer) paramGroups() *lang.List {
	if o.groups == nil {
		g := lang.NewDict()
		params := make([]lang.Value, len(o.params))
		for i, p := range o.params {
			params[i] = p
		}
		_ = g.Set("params", &lang.List{Elems: params})
		if s, ok := o.Opt.(autograd.LRSetter); ok {
			_ = g.Set("lr", s.LR())
		}
		o.groups = &lang.List{Elems: []lang.Value{g}}
	}
	return o.groups
}

// syncGroups gives the optimizer the learning rate its group holds, before
// a step.
func (o *Optimizer) syncGroups() error {
	if o.groups == nil {
		return nil
	}
	if len(o.groups.Elems) != 1 {
		return lang.Errorf(lang.ValueError, "kael's optimizers have one parameter group, but param_groups holds %d", len(o.groups.Elems)).
			WithHint("change the learning rate in place: opt.param_groups[0]['lr'] = 0.01")
	}
	g, ok := o.groups.Elems[0].(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "param_groups[0] must be a dict, not %s", lang.TypeName(o.groups.Elems[0]))
	}
	for _, k := range g.Keys() {
		if k != "params" && k != "lr" {
			return lang.Errorf(lang.ValueError, "kael's optimizers read only 'lr' from param_groups, not %s", lang.Repr(k)).
				WithHint("make a new optimizer for other settings: %s(params, lr=..., ...)", o.Name)
		}
	}
	lr, found, _ := g.Get("lr")
	s, settable := o.Opt.(autograd.LRSetter)
	if !found || !settable {
		return nil
	}
	f, ok := lang.AsFloat(lr)
	if !ok {
		return lang.Errorf(lang.TypeError, "param_groups[0]['lr'] must be a number, not %s", lang.TypeName(lr))
	}
	return s.SetLR(f)
}
