package torch

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"

	"github.com/kael-dev/kael/lang"
)

// torch.optim.swa_utils as PyTorch 1.13 has it: AveragedModel (a
// module holding a deep copy of a model whose parameters are averaged by
// update_parameters), SWALR (a scheduler of lr_scheduler.go's kind) and
// update_bn.

// annealFuncs are SWALR's anneal_func values, by strategy.
var annealFuncs = map[string]*lang.Builtin{
	"cos": lang.NewBuiltin(lang.AsValue, "_cosine_anneal(t)", "(1 - cos(πt)) / 2: SWALR's cosine annealing factor at t in [0, 1].", func(a *lang.Args) (lang.Value, error) {
		t := a.Float("t")
		return (1 - pyCos(math.Pi*t)) / 2, a.Err()
	}),
	"linear": lang.NewBuiltin(lang.AsValue, "_linear_anneal(t)", "t: SWALR's linear annealing factor at t in [0, 1].", func(a *lang.Args) (lang.Value, error) {
		return a.Value("t"), nil
	}),
}

// swalrKind is SWALR: from the rates the optimizer has, each group's
// rate moves to its swa_lr over anneal_epochs steps along the cosine or
// linearly, then stays there.
var swalrKind = &schedulerKind{name: "SWALR", module: "torch.optim.swa_utils",
	sig: "SWALR(optimizer, swa_lr, anneal_epochs=10, anneal_strategy='cos', last_epoch=-1)",
	doc: "Anneals each group's rate to swa_lr (one number, or a list of one per group) in anneal_epochs steps, along a cosine ('cos') or linearly ('linear'), for stochastic weight averaging; each group gets 'swa_lr'.",
	init: func(a *lang.Args, s *Scheduler) error {
		gs, err := s.groups()
		if err != nil {
			return err
		}
		lrs := make([]lang.Value, len(gs))
		v := a.Value("swa_lr")
		if elems, ok := pyListOrTuple(v); ok {
			if len(elems) != len(gs) {
				return lang.Errorf(lang.ValueError, "swa_lr must have the same length as optimizer.param_groups: swa_lr has %d, optimizer.param_groups has %d", len(elems), len(gs))
			}
			copy(lrs, elems)
		} else {
			for i := range lrs {
				lrs[i] = v
			}
		}
		for i, g := range gs {
			_ = g.Set("swa_lr", lrs[i])
		}
		strategy, isStr := a.Value("anneal_strategy").(string)
		f, ok := annealFuncs[strategy]
		if !isStr || !ok {
			return lang.Errorf(lang.ValueError, "anneal_strategy must by one of 'cos' or 'linear', instead got %s", lang.Str(a.Value("anneal_strategy")))
		}
		epochs := a.Value("anneal_epochs")
		n, isInt := epochs.(int64)
		if b, isBool := epochs.(bool); isBool {
			n, isInt = 0, true
			if b {
				n = 1
			}
		}
		if !isInt || n < 0 {
			return lang.Errorf(lang.ValueError, "anneal_epochs must be equal or greater than 0, got %s", lang.Str(epochs))
		}
		s.set("anneal_func", f)
		s.set("anneal_epochs", epochs)
		return nil
	},
	getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
		if s.get("_get_lr_called_within_step") != true {
			if err := warnUser(a, "To get the last learning rate computed by the scheduler, please use `get_last_lr()`."); err != nil {
				return nil, err
			}
		}
		epochs := float64(max(1, s.int("anneal_epochs")))
		step := s.int("_step_count") - 1
		if s.int("anneal_epochs") == 0 {
			step = max(1, step)
		}
		anneal := func(t float64) (float64, error) { // self.anneal_func(t), which a program may replace
			v, err := a.Call(s.get("anneal_func"), t)
			if err != nil {
				return 0, err
			}
			f, ok := lang.AsFloat(v)
			if !ok {
				return 0, lang.Errorf(lang.TypeError, "anneal_func must return a number, not %s", lang.TypeName(v))
			}
			return f, nil
		}
		clamp := func(t float64) float64 { return max(0, min(1, t)) }
		prevAlpha, err := anneal(clamp(float64(step-1) / epochs))
		if err != nil {
			return nil, err
		}
		alpha, err := anneal(clamp(float64(step) / epochs))
		if err != nil {
			return nil, err
		}
		gs, err := s.groups()
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(gs))
		for i, g := range gs {
			lr, err := groupNum(g, "lr")
			if err != nil {
				return nil, err
			}
			swa, err := groupNum(g, "swa_lr")
			if err != nil {
				return nil, err
			}
			prev := swa
			if prevAlpha != 1 {
				prev = (lr - prevAlpha*swa) / (1 - prevAlpha)
			}
			out[i] = swa*alpha + prev*(1-alpha)
		}
		return out, nil
	}}

// pyListOrTuple returns the elements of a list or tuple.
func pyListOrTuple(v lang.Value) ([]lang.Value, bool) {
	switch x := v.(type) {
	case *lang.List:
		return x.Elems, true
	case lang.Tuple:
		return x, true
	}
	return nil, false
}

// averagedModel is AveragedModel's module: the submodule module (the
// copy) and the buffer n_averaged; avg_fn and use_buffers are the
// layer's plain attributes.
type averagedModel struct{ base nn.Base }

func (m *averagedModel) Base() *nn.Base   { return &m.base }
func (*averagedModel) TypeName() string   { return "AveragedModel" }
func (*averagedModel) ExtraRepr() string  { return "" }
func (m *averagedModel) inner() nn.Module { return m.base.Submodule("module") }

// Forward runs the copy, as a container's child.
func (m *averagedModel) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if m.inner() == nil {
		return nil, lang.Errorf(lang.AttributeError, "'AveragedModel' object has no attribute 'module'")
	}
	return nn.Call(m.inner(), x)
}

// selfAveraged is the receiver of an AveragedModel method.
func selfAveraged(a *lang.Args) (*Layer, *averagedModel) {
	l := a.Value("self").(*Layer)
	return l, l.Module.(*averagedModel)
}

var averagedMethods = map[string]*lang.Builtin{
	"forward": lang.NewBuiltin(lang.AsValue, "forward(self, *args, **kwargs)", "Runs the averaged copy on the arguments: self.module(*args, **kwargs).", func(a *lang.Args) (lang.Value, error) {
		_, m := selfAveraged(a)
		names, vals := a.Keywords()
		return a.CallKw(moduleValue(m.inner()), a.Value("args").(lang.Tuple), names, vals)
	}).CollectKeywords(),
	"update_parameters": lang.NewBuiltin(lang.AsValue, "update_parameters(self, model)", "Averages model's parameters (and buffers, with use_buffers) into the copy's, pairing them in order: the first call copies them, later ones apply avg_fn(averaged, current, n_averaged); then n_averaged grows by one.", func(a *lang.Args) (lang.Value, error) {
		l, m := selfAveraged(a)
		model, err := moduleArg(a.Value("model"), "update_parameters")
		if err != nil {
			return nil, err
		}
		useBuffers, err := lang.Truth(l.attrs["use_buffers"])
		if err != nil {
			return nil, err
		}
		var mine, theirs []*tensor.Tensor
		if useBuffers {
			mine = append(nn.Parameters(m.inner()), nn.Buffers(m.inner())...)
			theirs = append(nn.Parameters(model), nn.Buffers(model)...)
		} else {
			mine, theirs = nn.Parameters(m), nn.Parameters(model)
		}
		count := m.base.Buffer("n_averaged")
		if count == nil {
			return nil, lang.Errorf(lang.AttributeError, "'AveragedModel' object has no attribute 'n_averaged'")
		}
		n, err := count.Float64s()
		if err != nil {
			return nil, err
		}
		for i := range min(len(mine), len(theirs)) {
			avg, cur := mine[i].Detach(), theirs[i].Detach()
			if n[0] != 0 {
				v, err := a.Call(l.attrs["avg_fn"], avg, cur, count)
				if err != nil {
					return nil, err
				}
				t, ok := v.(*tensor.Tensor)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "copy_(): argument 'src' (position 1) must be Tensor, not %s", lang.TypeName(v))
				}
				cur = t
			}
			if err := autograd.NoGrad(func() error { return autograd.Copy(avg, cur) }); err != nil {
				return nil, err
			}
		}
		one, err := tensor.Full(1, tensor.Int64)
		if err != nil {
			return nil, err
		}
		next, err := tensor.Add(count, one)
		if err != nil {
			return nil, err
		}
		return lang.None, count.CopyFrom(next) // self.n_averaged += 1
	}),
}

// averageFn is AveragedModel's default avg_fn.
var averageFn = lang.NewBuiltin(lang.AsValue, "avg_fn(averaged_model_parameter, model_parameter, num_averaged)", "The running mean after one more model: averaged + (current - averaged) / (num_averaged + 1).", func(a *lang.Args) (lang.Value, error) {
	avg, cur, n := a.Tensor("averaged_model_parameter"), a.Tensor("model_parameter"), a.Tensor("num_averaged")
	if err := a.Err(); err != nil {
		return nil, err
	}
	one, err := tensor.Full(1, tensor.Int64)
	if err != nil {
		return nil, err
	}
	count, err := autograd.Add(n, one)
	if err != nil {
		return nil, err
	}
	diff, err := autograd.Sub(cur, avg)
	if err != nil {
		return nil, err
	}
	step, err := autograd.Div(diff, count)
	if err != nil {
		return nil, err
	}
	return result(autograd.Add(avg, step))
})

// updateBN is update_bn(loader, model, device=None).
var updateBN = lang.NewBuiltin(lang.AsValue, "update_bn(loader, model, device=None)", "Recomputes the running statistics of model's BatchNorm layers in one pass over loader (batches that are tensors, or lists or tuples whose first element is the input) as a cumulative average, in training mode, without gradients; the layers' momentum and the model's mode are restored.", func(a *lang.Args) (lang.Value, error) {
	model, err := moduleArg(a.Value("model"), "update_bn")
	if err != nil {
		return nil, err
	}
	var norms []*nn.Norm
	var momenta []*float64
	for _, sub := range nn.Modules(model) {
		n, ok := unwrapModule(sub).(*nn.Norm)
		if !ok || !strings.HasPrefix(n.Name, "BatchNorm") {
			continue
		}
		b := n.Base()
		for name, fill := range map[string]float64{"running_mean": 0, "running_var": 1} {
			if t := b.Buffer(name); t != nil {
				f, err := tensor.FullLike(t, fill)
				if err != nil {
					return nil, err
				}
				b.Assign(name, f)
			}
		}
		norms, momenta = append(norms, n), append(momenta, n.Momentum)
	}
	if len(norms) == 0 {
		return lang.None, nil
	}
	wasTraining := model.Base().Training
	nn.Train(model, true)
	for _, n := range norms {
		n.Momentum = nil
		if t := n.Base().Buffer("num_batches_tracked"); t != nil {
			zero, err := tensor.FullLike(t, 0)
			if err != nil {
				return nil, err
			}
			if err := t.CopyFrom(zero); err != nil { // num_batches_tracked *= 0
				return nil, err
			}
		}
	}
	err = autograd.NoGrad(func() error {
		var callErr error
		err := lang.Iterate(a.Value("loader"), func(batch lang.Value) bool {
			if elems, ok := pyListOrTuple(batch); ok && len(elems) > 0 {
				batch = elems[0]
			}
			if !a.IsNone("device") {
				if batch, callErr = callMethod(a, batch, "to", a.Value("device")); callErr != nil {
					return false
				}
			}
			_, callErr = a.Call(a.Value("model"), batch)
			return callErr == nil
		})
		if callErr != nil {
			return callErr
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for i, n := range norms {
		n.Momentum = momenta[i]
	}
	nn.Train(model, wasTraining)
	return lang.None, nil
})

// callMethod is v.name(args...).
func callMethod(a *lang.Args, v lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	f, err := lang.GetAttr(v, name)
	if err != nil {
		return nil, err
	}
	return a.Call(f, args...)
}

// unwrapModule is the module of package nn a layer value holds.
func unwrapModule(m nn.Module) nn.Module {
	if w, ok := m.(nn.Wrapper); ok {
		return w.Unwrap()
	}
	if um, ok := m.(*userModule); ok && um.layer != nil {
		return um.layer.Module
	}
	return m
}

func defSWAUtils() {
	const averagedClass = "torch.optim.swa_utils.AveragedModel"
	averaged := lang.NewBuiltin(lang.AsValue, "AveragedModel(model, device=None, avg_fn=None, use_buffers=False)", "A module holding a deep copy of model (its submodule module) whose parameters update_parameters(model) averages with avg_fn (by default the running mean; n_averaged counts the models); calling it runs the copy.", func(a *lang.Args) (lang.Value, error) {
		if _, err := moduleArg(a.Value("model"), "AveragedModel"); err != nil {
			return nil, err
		}
		cp, err := a.Import("copy")
		if err != nil {
			return nil, err
		}
		inner, err := a.Call(cp.Attrs["deepcopy"], a.Value("model"))
		if err != nil {
			return nil, err
		}
		if !a.IsNone("device") {
			if inner, err = callMethod(a, inner, "to", a.Value("device")); err != nil {
				return nil, err
			}
		}
		sub, err := moduleArg(inner, "AveragedModel")
		if err != nil {
			return nil, err
		}
		count, err := tensor.Full(0, tensor.Int64)
		if err != nil {
			return nil, err
		}
		m := &averagedModel{base: nn.NewBase()}
		m.base.SetModule("module", sub)
		m.base.SetBuffer("n_averaged", count)
		avgFn := a.Value("avg_fn")
		if avgFn == lang.None {
			avgFn = averageFn
		}
		l := newLayer(m)
		l.attrs = map[string]lang.Value{"avg_fn": avgFn, "use_buffers": a.Value("use_buffers")}
		return l, nil
	})
	nnClassNames["AveragedModel"] = averagedClass
	lang.RegisterClass(averaged, averagedClass)
	lang.RegisterSubclass(averagedClass, nnModuleClassName)
	layerForwards["AveragedModel"] = averagedMethods["forward"]
	layerMethods["AveragedModel"] = averagedMethods

	swalr := lang.NewBuiltin(lang.AsValue, swalrKind.sig, swalrKind.doc, func(a *lang.Args) (lang.Value, error) {
		return newScheduler(a, swalrKind)
	})
	qualified := swalrKind.moduleName() + "." + swalrKind.name
	lang.RegisterClass(swalr, qualified)
	lang.RegisterSubclass(qualified, lrSchedulerBase)
	lang.RegisterModule("torch.optim.swa_utils", "Stochastic weight averaging: AveragedModel (a running average of a model's parameters), SWALR (the learning-rate schedule to a fixed swa_lr) and update_bn (BatchNorm statistics recomputed over a loader).", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{averaged.Name: averaged, swalr.Name: swalr, updateBN.Name: updateBN}}
	})
}
