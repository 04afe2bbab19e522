package torch

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// torch.optim.lr_scheduler: the schedulers that set the learning rate of
// an optimizer's groups as training goes, PyTorch 1.13's, with its
// arithmetic (Python floats, step by step as lr_scheduler.py computes
// them, so that the rates printed are PyTorch's to the last digit). A
// scheduler keeps its attributes as PyTorch's keeps its __dict__
// (last_epoch, base_lrs, _last_lr, its settings): they are its
// attributes and its state_dict. The schedulers themselves are in
// lr_scheduler_kinds.go.

// Scheduler is a learning-rate scheduler of one optimizer.
type Scheduler struct {
	kind  *schedulerKind
	opt   *Optimizer
	attrs *lang.Dict // PyTorch's __dict__ but the optimizer
	// lambdas are LambdaLR's and MultiplicativeLR's functions, one per
	// group; the state dict holds None for them, as PyTorch's does for
	// plain functions.
	lambdas []lang.Value
	// scaleFn is CyclicLR's scale_fn, when given.
	scaleFn lang.Value
	// children are SequentialLR's and ChainedScheduler's schedulers.
	children []*Scheduler
	// inst is the instance of the class deriving from the scheduler's
	// class that this is the Native of (lr_scheduler_subclass.go); nil
	// for kael's own.
	inst *lang.Instance
}

// schedulerKind is one scheduler class.
type schedulerKind struct {
	name, sig, doc string
	// init reads the constructor's arguments into the attributes set
	// before the base class's (PyTorch's order) and may change the groups.
	init func(a *lang.Args, s *Scheduler) error
	// getLR returns the groups' new rates at last_epoch (get_lr).
	getLR func(a *lang.Args, s *Scheduler) ([]lang.Value, error)
	// closedForm, when set, is the rate for a last_epoch given to step.
	closedForm func(s *Scheduler) ([]lang.Value, error)
	// step, when set, replaces the base class's step (epoch may be None).
	step func(a *lang.Args, s *Scheduler, epoch lang.Value) error
	// custom says that init does all of the construction: the base class's
	// __init__ is not run (SequentialLR, ChainedScheduler,
	// ReduceLROnPlateau).
	custom bool
	// after, when set, runs once the base class's __init__ has (CyclicLR
	// sets its base_lrs then).
	after func(a *lang.Args, s *Scheduler) error
	// module is the module defining the class when it is not
	// torch.optim.lr_scheduler (SWALR's torch.optim.swa_utils).
	module string
}

// moduleName is the module that defines the kind's class.
func (k *schedulerKind) moduleName() string {
	if k.module != "" {
		return k.module
	}
	return "torch.optim.lr_scheduler"
}

// TypeName returns the class name, e.g. "StepLR".
func (s *Scheduler) TypeName() string { return s.kind.name }

// ClassName returns the qualified class name.
func (s *Scheduler) ClassName() string { return s.kind.moduleName() + "." + s.kind.name }

// String is Python's default repr.
func (s *Scheduler) String() string {
	return fmt.Sprintf("<%s object at %#x>", s.ClassName(), lang.ID(s))
}

// get returns the attribute name (nil when absent).
func (s *Scheduler) get(name string) lang.Value {
	v, _, _ := s.attrs.Get(name)
	return v
}

// set sets the attribute name.
func (s *Scheduler) set(name string, v lang.Value) { _ = s.attrs.Set(name, v) }

// num returns the numeric attribute name as a float.
func (s *Scheduler) num(name string) float64 {
	f, _ := lang.AsFloat(s.get(name))
	return f
}

// int returns the integer attribute name.
func (s *Scheduler) int(name string) int64 {
	switch v := s.get(name).(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	}
	return 0
}

// groups returns the optimizer's groups.
func (s *Scheduler) groups() ([]*lang.Dict, error) {
	out := make([]*lang.Dict, len(s.opt.groups.Elems))
	for i := range out {
		g, _, err := s.opt.groupOf(i)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

// groupNum returns group[key] as a float, or PyTorch's KeyError.
func groupNum(g *lang.Dict, key string) (float64, error) {
	v, err := dictEntry(g, key)
	if err != nil {
		return 0, err
	}
	f, ok := lang.AsFloat(v)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "param group's %s must be a number, not %s", lang.Repr(key), lang.TypeName(v))
	}
	return f, nil
}

// eachGroup returns f of each group's number under key (its 'lr' for
// most schedulers) and its index.
func (s *Scheduler) eachGroup(key string, f func(i int, v float64) lang.Value) ([]lang.Value, error) {
	gs, err := s.groups()
	if err != nil {
		return nil, err
	}
	out := make([]lang.Value, len(gs))
	for i, g := range gs {
		v, err := groupNum(g, key)
		if err != nil {
			return nil, err
		}
		out[i] = f(i, v)
	}
	return out, nil
}

// currentLRs returns the groups' rates unchanged (the values themselves,
// so that an int rate stays an int, as in PyTorch).
func (s *Scheduler) currentLRs() ([]lang.Value, error) {
	gs, err := s.groups()
	if err != nil {
		return nil, err
	}
	out := make([]lang.Value, len(gs))
	for i, g := range gs {
		if out[i], err = dictEntry(g, "lr"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// scaledLRs returns each group's rate times factor.
func (s *Scheduler) scaledLRs(factor float64) ([]lang.Value, error) {
	return s.eachGroup("lr", func(_ int, lr float64) lang.Value { return lr * factor })
}

// baseLRs returns base_lrs as floats.
func (s *Scheduler) baseLRs() []float64 {
	elems, _, _ := lang.Sequence(s.get("base_lrs"))
	out := make([]float64, len(elems))
	for i, e := range elems {
		out[i], _ = lang.AsFloat(e)
	}
	return out
}

// fromBase returns f of each base rate.
func (s *Scheduler) fromBase(f func(base float64) float64) []lang.Value {
	bases := s.baseLRs()
	out := make([]lang.Value, len(bases))
	for i, b := range bases {
		out[i] = f(b)
	}
	return out
}

// newScheduler makes a scheduler of kind from a constructor's arguments,
// as PyTorch's _LRScheduler.__init__ does after the kind's own settings:
// each group gets 'initial_lr', base_lrs are those, and a first step sets
// the rates of epoch 0.
func newScheduler(a *lang.Args, kind *schedulerKind) (lang.Value, error) {
	s := &Scheduler{kind: kind, attrs: lang.NewDict()}
	s.adopt(a)
	if a.Builtin().HasParam("optimizer") {
		opt, ok := optimizerOf(a.Value("optimizer"))
		if !ok {
			err := lang.Errorf(lang.TypeError, "%s is not an Optimizer", lang.TypeName(a.Value("optimizer")))
			if x, isInst := a.Value("optimizer").(*lang.Instance); isInst {
				if sub, _ := lang.IsSubclass(x.Class(), optimizerBase); sub {
					err.WithHint("%s's __init__ must call super().__init__(params, defaults) first", x.Class().Name)
				}
			}
			return nil, err
		}
		s.opt = opt
	}
	if err := kind.init(a, s); err != nil {
		return nil, err
	}
	if kind.custom {
		return s, nil
	}
	lastEpoch := a.Int64("last_epoch")
	if err := a.Err(); err != nil {
		return nil, err
	}
	gs, err := s.groups()
	if err != nil {
		return nil, err
	}
	bases := make([]lang.Value, len(gs))
	for i, g := range gs {
		if lastEpoch == -1 {
			if _, has, _ := g.Get("initial_lr"); !has {
				lr, err := dictEntry(g, "lr")
				if err != nil {
					return nil, err
				}
				_ = g.Set("initial_lr", lr)
			}
		} else if _, has, _ := g.Get("initial_lr"); !has {
			return nil, lang.Errorf(lang.KeyError, "\"param 'initial_lr' is not specified in param_groups[%d] when resuming an optimizer\"", i)
		}
		bases[i], _, _ = g.Get("initial_lr")
	}
	s.set("base_lrs", &lang.List{Elems: bases})
	s.set("last_epoch", lastEpoch)
	verbose := lang.Value(false) // SWALR has no verbose argument
	if a.Builtin().HasParam("verbose") {
		verbose = a.Value("verbose")
	}
	s.set("verbose", verbose)
	if err := s.initialStep(a); err != nil {
		return nil, err
	}
	if kind.after != nil {
		if err := kind.after(a, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// initialStep is _initial_step: the step counts start at 0 and a step
// sets the first rates.
func (s *Scheduler) initialStep(a *lang.Args) error {
	s.set("_step_count", int64(0))
	return s.stepVia(a, lang.None)
}

// doStep is step(epoch): the kind's own, or the base class's.
func (s *Scheduler) doStep(a *lang.Args, epoch lang.Value) error {
	if s.kind.step != nil {
		return s.kind.step(a, s, epoch)
	}
	s.set("_step_count", s.int("_step_count")+1)
	s.set("_get_lr_called_within_step", true)
	var values []lang.Value
	var err error
	if epoch == lang.None {
		s.set("last_epoch", s.int("last_epoch")+1)
		values, err = s.getLR(a)
	} else {
		s.set("last_epoch", epoch)
		if s.kind.closedForm != nil {
			values, err = s.kind.closedForm(s)
		} else {
			values, err = s.getLR(a)
		}
	}
	s.set("_get_lr_called_within_step", false)
	if err != nil {
		return err
	}
	return s.setLRs(a, values, epoch)
}

// setLRs writes the groups' new rates, says so when the scheduler is
// verbose (PyTorch's print_lr), and records them as _last_lr.
func (s *Scheduler) setLRs(a *lang.Args, values []lang.Value, epoch lang.Value) error {
	gs, err := s.groups()
	if err != nil {
		return err
	}
	for i, g := range gs {
		if i >= len(values) {
			break
		}
		_ = g.Set("lr", values[i])
		if s.get("verbose") == true {
			lr, _ := lang.AsFloat(values[i])
			if epoch == lang.None {
				a.Write(fmt.Sprintf("Adjusting learning rate of group %d to %.4e.\n", i, lr))
			} else {
				a.Write(fmt.Sprintf("Epoch %s: adjusting learning rate of group %d to %.4e.\n", epochText(epoch), i, lr))
			}
		}
	}
	return s.recordLastLR()
}

// recordLastLR sets _last_lr to the groups' rates.
func (s *Scheduler) recordLastLR() error {
	lrs, err := s.currentLRs()
	if err != nil {
		return err
	}
	s.set("_last_lr", &lang.List{Elems: lrs})
	return nil
}

// schedulerMethods are the methods of schedulers.
var schedulerMethods = map[string]*lang.Builtin{
	"step": lang.NewBuiltin(lang.AsValue, "step(self, epoch=None)", "Moves to the next epoch (or to epoch, the deprecated form) and sets each group's 'lr'; ReduceLROnPlateau's step takes the metric: step(metrics).", func(a *lang.Args) (lang.Value, error) {
		s := a.Value("self").(*Scheduler)
		return lang.None, s.doStep(a, a.Value("epoch"))
	}),
	"get_last_lr": lang.NewBuiltin(lang.AsValue, "get_last_lr(self)", "The rates the last step set, one per group.", func(a *lang.Args) (lang.Value, error) {
		s := a.Value("self").(*Scheduler)
		v := s.get("_last_lr")
		if v == nil {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '_last_lr'", s.kind.name)
		}
		return v, nil
	}),
	"get_lr": lang.NewBuiltin(lang.AsValue, "get_lr(self)", "The rates of the current epoch as the scheduler computes them (get_last_lr() is what a step set).", func(a *lang.Args) (lang.Value, error) {
		s := a.Value("self").(*Scheduler)
		if s.kind.getLR == nil {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'get_lr'", s.kind.name)
		}
		values, err := s.kind.getLR(a, s)
		if err != nil {
			return nil, err
		}
		return &lang.List{Elems: values}, nil
	}),
	"state_dict": lang.NewBuiltin(lang.AsValue, "state_dict(self)", "The scheduler's attributes but the optimizer, as a dict (a function given to LambdaLR is None there, as in PyTorch; SequentialLR's schedulers are their state dicts).", func(a *lang.Args) (lang.Value, error) {
		s := a.Value("self").(*Scheduler)
		return s.instanceState(s.stateDict()), nil
	}),
	"load_state_dict": lang.NewBuiltin(lang.AsValue, "load_state_dict(self, state_dict)", "Takes the attributes of a dict state_dict() made.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, a.Value("self").(*Scheduler).loadStateDict(a.Value("state_dict"))
	}),
}

// stateDict is state_dict(): a copy of the attributes, the functions and
// the child schedulers replaced as PyTorch replaces them.
func (s *Scheduler) stateDict() *lang.Dict {
	d := lang.NewDict()
	for i, k := range s.attrs.Keys() {
		_ = d.Set(k, s.attrs.Values()[i])
	}
	if s.lambdas != nil {
		nones := make([]lang.Value, len(s.lambdas))
		for i := range nones {
			nones[i] = lang.None
		}
		_ = d.Set("lr_lambdas", &lang.List{Elems: nones})
	}
	if s.children != nil {
		states := make([]lang.Value, len(s.children))
		for i, c := range s.children {
			states[i] = c.stateDict()
		}
		_ = d.Set("_schedulers", &lang.List{Elems: states})
	}
	return d
}

// loadStateDict is load_state_dict(): the attributes take the dict's
// entries (the children theirs).
func (s *Scheduler) loadStateDict(v lang.Value) error {
	d, ok := v.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "load_state_dict() expects a dict, not %s", lang.TypeName(v))
	}
	for i, k := range d.Keys() {
		val := d.Values()[i]
		switch {
		case k == "lr_lambdas" && s.lambdas != nil:
			continue
		case k == "_schedulers" && s.children != nil:
			states, _, _ := lang.Sequence(val)
			for j, c := range s.children {
				if j < len(states) {
					if err := c.loadStateDict(states[j]); err != nil {
						return err
					}
				}
			}
			continue
		}
		if name, ok := k.(string); ok && s.inst != nil && s.ownsAttr(name) {
			if err := s.inst.SetAttr(name, val); err != nil {
				return err
			}
			continue
		}
		_ = s.attrs.Set(k, val)
	}
	return nil
}

// Attr returns the scheduler's methods, its optimizer and its attributes.
func (s *Scheduler) Attr(name string) (lang.Value, bool) {
	if m, ok := schedulerMethods[name]; ok {
		if s.kind == reduceLROnPlateau { // not an _LRScheduler in 1.13
			switch name {
			case "step":
				m = plateauStep
			case "get_last_lr", "get_lr":
				return nil, false
			}
		}
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	switch name {
	case "optimizer":
		if s.opt == nil {
			return nil, false
		}
		return s.opt.value(), true
	case "lr_lambdas":
		if s.lambdas != nil {
			return &lang.List{Elems: s.lambdas}, true
		}
	case "_schedulers":
		if s.children != nil {
			elems := make([]lang.Value, len(s.children))
			for i, c := range s.children {
				elems[i] = c.value()
			}
			return &lang.List{Elems: elems}, true
		}
	}
	v, found, _ := s.attrs.Get(name)
	return v, found
}

// AttrNames lists the scheduler's attributes.
func (s *Scheduler) AttrNames() []string {
	names := append(sortedKeys(schedulerMethods), "optimizer")
	for _, k := range s.attrs.Keys() {
		if name, ok := k.(string); ok {
			names = append(names, name)
		}
	}
	return names
}

// SetAttr sets an attribute (sched.last_epoch = 5, sched.base_lrs = ...).
func (s *Scheduler) SetAttr(name string, v lang.Value) error {
	if _, isMethod := schedulerMethods[name]; isMethod || name == "optimizer" {
		return lang.Errorf(lang.AttributeError, "kael's %s cannot replace its %s", s.kind.name, name)
	}
	s.set(name, v)
	return nil
}

// lrSchedulerModule is torch.optim.lr_scheduler.
var lrSchedulerModule = &lang.Module{Name: "torch.optim.lr_scheduler", Attrs: map[string]lang.Value{}}

// lrSchedulerBase is the qualified name of the schedulers' base class.
const lrSchedulerBase = "torch.optim.lr_scheduler._LRScheduler"

func defLRSchedulers() {
	for _, k := range schedulerKinds {
		b := lang.NewBuiltin(lang.AsValue, k.sig, k.doc, func(a *lang.Args) (lang.Value, error) {
			return newScheduler(a, k)
		})
		qualified := "torch.optim.lr_scheduler." + k.name
		lang.RegisterClass(b, qualified)
		if k != reduceLROnPlateau { // not an _LRScheduler in 1.13
			lang.RegisterSubclass(qualified, lrSchedulerBase)
		}
		lrSchedulerModule.Attrs[k.name] = b
	}
	lang.RegisterModule("torch.optim.lr_scheduler", "The learning-rate schedulers of PyTorch 1.13, with its arithmetic.", func() *lang.Module { return lrSchedulerModule })
	lang.RegisterMethodTable("Scheduler", schedulerMethods)
}
