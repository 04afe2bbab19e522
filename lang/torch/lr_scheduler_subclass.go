package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Schedulers written in Python, PyTorch's way: a class deriving from
// _LRScheduler sets its own attributes, calls super().__init__(optimizer,
// last_epoch, verbose) and defines get_lr(), which every step calls (the
// first one inside __init__, as _initial_step does); a class deriving from
// one of kael's schedulers (class MyStep(StepLR)) may override step or
// get_lr the same way. The instance keeps the *Scheduler as
// Instance.Native, from before the first step, so that get_lr reads
// self.base_lrs and self.last_epoch; its own attributes join the
// scheduler's in state_dict(), as PyTorch's __dict__ holds both.

// lrSchedulerKind is _LRScheduler itself, whose get_lr a subclass defines.
var lrSchedulerKind = &schedulerKind{name: "_LRScheduler",
	sig:  "_LRScheduler(optimizer, last_epoch=-1, verbose=False)",
	doc:  "The base class of the schedulers: derive from it, define get_lr(self) (the rates of epoch self.last_epoch, one per group, usually from self.base_lrs) and call super().__init__(optimizer, last_epoch, verbose); step, get_last_lr, state_dict and load_state_dict come from the base, as in PyTorch.",
	init: func(*lang.Args, *Scheduler) error { return nil },
	getLR: func(*lang.Args, *Scheduler) ([]lang.Value, error) {
		return nil, lang.Errorf(NotImplementedError, "").
			WithHint("a class deriving from _LRScheduler defines get_lr(self)")
	}}

// schedulerNativeBase is what the scheduler class of kind k adds to the
// classes deriving from it. Its super().__init__(...) runs construct, k's
// constructor with the instance as a first argument _self.
func schedulerNativeBase(k *schedulerKind) *lang.NativeBase {
	construct := lang.NewBuiltin(lang.AsValue, strings.Replace(k.sig, "(", "(_self, ", 1), k.doc, func(a *lang.Args) (lang.Value, error) {
		return newScheduler(a, k)
	})
	return &lang.NativeBase{
		Name: k.name,
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			_, err := x.Session().CallHookKw(construct, append([]lang.Value{x}, pos...), kwNames, kwVals)
			return err
		},
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			s, ok := x.Native().(*Scheduler)
			if !ok {
				return nil, false, nil
			}
			v, found := s.Attr(name)
			return v, found, nil
		},
		SetAttr: func(x *lang.Instance, name string, v lang.Value) (bool, error) {
			s, ok := x.Native().(*Scheduler)
			if _, own := x.OwnAttr(name); !ok || own {
				return false, nil
			}
			if _, mine, _ := s.attrs.Get(name); !mine {
				return false, nil
			}
			s.set(name, v)
			return true, nil
		},
		Names: func(x *lang.Instance) []string {
			if s, ok := x.Native().(*Scheduler); ok {
				return s.AttrNames()
			}
			return nil
		},
	}
}

// adopt makes s the Native of the instance that _self names, when a
// subclass's super().__init__ makes it.
func (s *Scheduler) adopt(a *lang.Args) {
	if !a.Builtin().HasParam("_self") {
		return
	}
	if x, ok := a.Value("_self").(*lang.Instance); ok {
		s.inst = x
		x.SetNative(s)
	}
}

// overrides reports whether the class of s's instance defines name
// itself (in Python), rather than taking it from the scheduler.
func (s *Scheduler) overrides(name string) bool {
	if s.inst == nil {
		return false
	}
	for _, k := range s.inst.Class().Bases() {
		if _, ok := k.Own(name); ok {
			return true
		}
	}
	return false
}

// getLR is what a step calls for the new rates: the instance's get_lr
// when its class defines one, else the kind's.
func (s *Scheduler) getLR(a *lang.Args) ([]lang.Value, error) {
	if !s.overrides("get_lr") {
		return s.kind.getLR(a, s)
	}
	fn, err := lang.GetAttr(s.inst, "get_lr")
	if err != nil {
		return nil, err
	}
	v, err := a.Call(fn)
	if err != nil {
		return nil, err
	}
	return lang.Collect(v)
}

// stepVia steps s as its instance does: through the class's own step
// when it defines one (the step _initial_step and SequentialLR call).
func (s *Scheduler) stepVia(a *lang.Args, epoch lang.Value) error {
	if !s.overrides("step") {
		return s.doStep(a, epoch)
	}
	fn, err := lang.GetAttr(s.inst, "step")
	if err != nil {
		return err
	}
	if epoch == lang.None {
		_, err = a.Call(fn)
	} else {
		_, err = a.Call(fn, epoch)
	}
	return err
}

// ownsAttr reports whether the instance, not the scheduler, keeps the
// attribute name (one its class's __init__ set).
func (s *Scheduler) ownsAttr(name string) bool {
	_, own := s.inst.OwnAttr(name)
	return own
}

// value is the scheduler as the program sees it: the instance of its
// class when it has one.
func (s *Scheduler) value() lang.Value {
	if s.inst != nil {
		return s.inst
	}
	return s
}

// schedulerOf returns the scheduler v is: one of kael's, or an instance
// of a class deriving from one once its __init__ ran.
func schedulerOf(v lang.Value) (*Scheduler, bool) {
	switch x := v.(type) {
	case *Scheduler:
		return x, true
	case *lang.Instance:
		s, ok := x.Native().(*Scheduler)
		return s, ok
	}
	return nil, false
}

// instanceState adds the instance's own attributes to a state dict, before
// the scheduler's, as __dict__ holds them.
func (s *Scheduler) instanceState(d *lang.Dict) *lang.Dict {
	if s.inst == nil {
		return d
	}
	out := lang.NewDict()
	own := s.inst.Dict()
	for i, k := range own.Keys() {
		if k != "optimizer" {
			_ = out.Set(k, own.Values()[i])
		}
	}
	for i, k := range d.Keys() {
		_ = out.Set(k, d.Values()[i])
	}
	return out
}

func defLRSchedulerBases() {
	base := lang.NewBuiltin(lang.AsValue, lrSchedulerKind.sig, lrSchedulerKind.doc, func(a *lang.Args) (lang.Value, error) {
		return newScheduler(a, lrSchedulerKind)
	})
	lang.RegisterNativeBase(lrSchedulerBase, base, schedulerNativeBase(lrSchedulerKind))
	lrSchedulerModule.Attrs["_LRScheduler"] = base
	for _, k := range schedulerKinds {
		b := lrSchedulerModule.Attrs[k.name].(*lang.Builtin)
		lang.RegisterNativeBase(lang.ClassOf(b), b, schedulerNativeBase(k))
	}
}
