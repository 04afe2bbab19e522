package torch

import (
	"fmt"
	"math"
	"sort"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// The schedulers of torch.optim.lr_scheduler with a step of their own:
// CosineAnnealingWarmRestarts, OneCycleLR, the schedulers that combine
// others (SequentialLR, ChainedScheduler), and ReduceLROnPlateau, which
// steps on a metric.

var cosineWarmRestarts = &schedulerKind{name: "CosineAnnealingWarmRestarts",
	sig: "CosineAnnealingWarmRestarts(optimizer, T_0, T_mult=1, eta_min=0, " + schedulerTail,
	doc: "Anneals the rates on a cosine to eta_min over T_0 epochs, then restarts, each period T_mult times the last.",
	init: func(a *lang.Args, s *Scheduler) error {
		t0, ok := a.Value("T_0").(int64)
		if !ok || t0 <= 0 {
			return lang.Errorf(lang.ValueError, "Expected positive integer T_0, but got %s", lang.Str(a.Value("T_0")))
		}
		if m, ok := a.Value("T_mult").(int64); !ok || m < 1 {
			return lang.Errorf(lang.ValueError, "Expected integer T_mult >= 1, but got %s", lang.Str(a.Value("T_mult")))
		}
		s.set("T_0", t0)
		s.set("T_i", t0)
		setArgs(a, s, "T_mult", "eta_min")
		s.set("T_cur", a.Value("last_epoch"))
		return nil
	},
	getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
		etaMin, tCur, tI := s.num("eta_min"), s.num("T_cur"), s.num("T_i")
		return s.fromBase(func(b float64) float64 { return etaMin + (b-etaMin)*(1+pyCos(math.Pi*tCur/tI))/2 }), nil
	},
	step: func(a *lang.Args, s *Scheduler, epoch lang.Value) error {
		if epoch == lang.None && s.int("last_epoch") < 0 {
			epoch = int64(0)
		}
		if epoch == lang.None {
			epoch = s.int("last_epoch") + 1
			tCur, tI := s.int("T_cur")+1, s.int("T_i")
			if tCur >= tI {
				tCur -= tI
				s.set("T_i", tI*s.int("T_mult"))
			}
			s.set("T_cur", tCur)
		} else {
			e, ok := lang.AsFloat(epoch)
			if !ok {
				return lang.Errorf(lang.TypeError, "epoch must be a number, not %s", lang.TypeName(epoch))
			}
			if e < 0 {
				return lang.Errorf(lang.ValueError, "Expected non-negative epoch, but got %s", lang.Str(epoch))
			}
			t0, mult := s.int("T_0"), s.int("T_mult")
			switch {
			case e >= float64(t0) && mult == 1:
				s.set("T_cur", pyModValue(epoch, t0))
			case e >= float64(t0):
				n := math.Floor(math.Log(e/float64(t0)*float64(mult-1)+1) / math.Log(float64(mult)))
				s.set("T_cur", e-float64(t0)*(libm.Pow(float64(mult), n)-1)/float64(mult-1))
				s.set("T_i", t0*int64(libm.Pow(float64(mult), n)))
			default:
				s.set("T_i", t0)
				s.set("T_cur", epoch)
			}
		}
		e, _ := lang.AsFloat(epoch)
		s.set("last_epoch", int64(math.Floor(e)))
		s.set("_get_lr_called_within_step", true)
		values, err := s.kind.getLR(a, s)
		s.set("_get_lr_called_within_step", false)
		if err != nil {
			return err
		}
		return s.setLRs(a, values, epoch)
	}}

// pyModValue is epoch % n for an int or float epoch, as Python's %.
func pyModValue(epoch lang.Value, n int64) lang.Value {
	if i, ok := epoch.(int64); ok {
		return pyMod(i, n)
	}
	f, _ := lang.AsFloat(epoch)
	return f - float64(n)*math.Floor(f/float64(n))
}

var oneCycle = &schedulerKind{name: "OneCycleLR",
	sig: "OneCycleLR(optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None, pct_start=0.3, anneal_strategy='cos', cycle_momentum=True, base_momentum=0.85, max_momentum=0.95, div_factor=25.0, final_div_factor=10000.0, three_phase=False, " + schedulerTail,
	doc: "The 1cycle policy: the rate rises from max_lr/div_factor to max_lr over pct_start of total_steps, then anneals to the initial rate/final_div_factor; the momentum (or beta1) cycles the other way.",
	init: func(a *lang.Args, s *Scheduler) error {
		total, err := oneCycleTotal(a)
		if err != nil {
			return err
		}
		s.set("total_steps", total)
		pct := a.Float("pct_start")
		if err := a.Err(); err != nil {
			return err
		}
		ft := float64(total)
		phase := func(end lang.Value, startLR, endLR, startMom, endMom string) lang.Value {
			d := lang.NewDict()
			for _, kv := range []struct {
				k string
				v lang.Value
			}{{"end_step", end}, {"start_lr", startLR}, {"end_lr", endLR}, {"start_momentum", startMom}, {"end_momentum", endMom}} {
				_ = d.Set(kv.k, kv.v)
			}
			return d
		}
		phases := []lang.Value{phase(pct*ft-1, "initial_lr", "max_lr", "max_momentum", "base_momentum")}
		if a.Bool("three_phase") {
			phases = append(phases, phase(2*pct*ft-2, "max_lr", "initial_lr", "base_momentum", "max_momentum"),
				phase(total-1, "initial_lr", "min_lr", "max_momentum", "max_momentum"))
		} else {
			phases = append(phases, phase(total-1, "max_lr", "min_lr", "base_momentum", "max_momentum"))
		}
		s.set("_schedule_phases", &lang.List{Elems: phases})
		if _, isFloat := a.Value("pct_start").(float64); !isFloat || pct < 0 || pct > 1 {
			return lang.Errorf(lang.ValueError, "Expected float between 0 and 1 pct_start, but got %s", lang.Str(a.Value("pct_start")))
		}
		strategy, _ := a.Value("anneal_strategy").(string)
		if strategy != "cos" && strategy != "linear" {
			return lang.Errorf(lang.ValueError, "anneal_strategy must by one of 'cos' or 'linear', instead got %s", lang.Str(a.Value("anneal_strategy")))
		}
		s.set("anneal_strategy", strategy) // PyTorch keeps the bound method anneal_func
		maxLRs, err := perGroup(a, s, "max_lr")
		if err != nil {
			return err
		}
		gs, err := s.groups()
		if err != nil {
			return err
		}
		div, finalDiv := a.Float("div_factor"), a.Float("final_div_factor")
		lastEpoch := a.Int64("last_epoch")
		if lastEpoch == -1 {
			for i, g := range gs {
				m, _ := lang.AsFloat(maxLRs[i])
				_ = g.Set("initial_lr", m/div)
				_ = g.Set("max_lr", maxLRs[i])
				_ = g.Set("min_lr", m/div/finalDiv)
			}
		}
		cycle := a.Bool("cycle_momentum")
		s.set("cycle_momentum", cycle)
		if cycle {
			_, hasMomentum, _ := s.opt.defaults.Get("momentum")
			_, useBeta1, _ := s.opt.defaults.Get("betas")
			if !hasMomentum && !useBeta1 {
				return lang.Errorf(lang.ValueError, "optimizer must support momentum with `cycle_momentum` option enabled")
			}
			s.set("use_beta1", useBeta1)
			maxMoms, err := perGroup(a, s, "max_momentum")
			if err != nil {
				return err
			}
			baseMoms, err := perGroup(a, s, "base_momentum")
			if err != nil {
				return err
			}
			if lastEpoch == -1 {
				for i, g := range gs {
					if err := setMomentum(g, useBeta1, maxMoms[i]); err != nil {
						return err
					}
					_ = g.Set("max_momentum", maxMoms[i])
					_ = g.Set("base_momentum", baseMoms[i])
				}
			}
		}
		return a.Err()
	},
	getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
		step, total := s.num("last_epoch"), s.int("total_steps")
		if step > float64(total) {
			return nil, lang.Errorf(lang.ValueError, "Tried to step %d times. The specified number of total steps is %d", int64(step)+1, total)
		}
		anneal := func(start, end, pct float64) float64 { return end + (start-end)/2.0*(pyCos(math.Pi*pct)+1) }
		if s.get("anneal_strategy") == "linear" {
			anneal = func(start, end, pct float64) float64 { return (end-start)*pct + start }
		}
		phases, _, _ := lang.Sequence(s.get("_schedule_phases"))
		gs, err := s.groups()
		if err != nil {
			return nil, err
		}
		cycle, useBeta1 := s.get("cycle_momentum") == true, s.get("use_beta1") == true
		lrs := make([]lang.Value, len(gs))
		for gi, g := range gs {
			start := 0.0
			var lr, mom float64
			for i, pv := range phases {
				p := pv.(*lang.Dict)
				end, _ := groupNum(p, "end_step")
				if step <= end || i == len(phases)-1 {
					pct := (step - start) / (end - start)
					names := make([]string, 4)
					for j, k := range []string{"start_lr", "end_lr", "start_momentum", "end_momentum"} {
						v, _, _ := p.Get(k)
						names[j], _ = v.(string)
					}
					from, err := groupNum(g, names[0])
					if err != nil {
						return nil, err
					}
					to, err := groupNum(g, names[1])
					if err != nil {
						return nil, err
					}
					lr = anneal(from, to, pct)
					if cycle {
						if from, err = groupNum(g, names[2]); err != nil {
							return nil, err
						}
						if to, err = groupNum(g, names[3]); err != nil {
							return nil, err
						}
						mom = anneal(from, to, pct)
					}
					break
				}
				start = end
			}
			lrs[gi] = lr
			if cycle {
				if err := setMomentum(g, useBeta1, mom); err != nil {
					return nil, err
				}
			}
		}
		return lrs, nil
	}}

// oneCycleTotal is OneCycleLR's total_steps: given, or epochs times
// steps_per_epoch.
func oneCycleTotal(a *lang.Args) (int64, error) {
	positive := func(name string) (int64, error) {
		n, ok := a.Value(name).(int64)
		if !ok || n <= 0 {
			return 0, lang.Errorf(lang.ValueError, "Expected positive integer %s, but got %s", name, lang.Str(a.Value(name)))
		}
		return n, nil
	}
	switch {
	case a.IsNone("total_steps") && a.IsNone("epochs") && a.IsNone("steps_per_epoch"):
		return 0, lang.Errorf(lang.ValueError, "You must define either total_steps OR (epochs AND steps_per_epoch)")
	case !a.IsNone("total_steps"):
		return positive("total_steps")
	}
	epochs, err := positive("epochs")
	if err != nil {
		return 0, err
	}
	steps, err := positive("steps_per_epoch")
	return epochs * steps, err
}

// perGroup is _format_param: the argument name, one value for every
// group or a list or tuple of one per group.
func perGroup(a *lang.Args, s *Scheduler, name string) ([]lang.Value, error) {
	n := len(s.opt.groups.Elems)
	v := a.Value(name)
	switch v.(type) {
	case *lang.List, lang.Tuple:
		elems, _, _ := lang.Sequence(v)
		if len(elems) != n {
			return nil, lang.Errorf(lang.ValueError, "expected %d values for %s, got %d", n, name, len(elems))
		}
		return elems, nil
	}
	out := make([]lang.Value, n)
	for i := range out {
		out[i] = v
	}
	return out, nil
}

// setMomentum sets a group's momentum, or the first of its betas.
func setMomentum(g *lang.Dict, useBeta1 bool, m lang.Value) error {
	if !useBeta1 {
		return g.Set("momentum", m)
	}
	betas, err := dictEntry(g, "betas")
	if err != nil {
		return err
	}
	elems, _, ok := lang.Sequence(betas)
	if !ok || len(elems) == 0 {
		return lang.Errorf(lang.TypeError, "param group's 'betas' must be a tuple, not %s", lang.TypeName(betas))
	}
	return g.Set("betas", append(lang.Tuple{m}, elems[1:]...))
}

// childSchedulers reads a list of schedulers of one optimizer.
func childSchedulers(v lang.Value, opt *Optimizer, who string) ([]*Scheduler, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	out := make([]*Scheduler, len(elems))
	for i, e := range elems {
		c, ok := schedulerOf(e)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s takes schedulers, but element %d is %s", who, i, lang.TypeName(e))
		}
		if opt == nil {
			opt = c.opt
		}
		if c.opt != opt {
			return nil, lang.Errorf(lang.ValueError, "%s expects all schedulers to belong to the same optimizer, but got schedulers at index %d to be different than the optimizer passed in.", who, i)
		}
		out[i] = c
	}
	return out, nil
}

var sequentialLR = &schedulerKind{name: "SequentialLR", custom: true,
	sig: "SequentialLR(optimizer, schedulers, milestones, " + schedulerTail,
	doc: "Runs schedulers one after another, switching at each epoch of milestones.",
	init: func(a *lang.Args, s *Scheduler) error {
		children, err := childSchedulers(a.Value("schedulers"), s.opt, "Sequential Schedulers")
		if err != nil {
			return err
		}
		ms, err := lang.Collect(a.Value("milestones"))
		if err != nil {
			return err
		}
		if len(ms) != len(children)-1 {
			return lang.Errorf(lang.ValueError, "Sequential Schedulers expects number of schedulers provided to be one more than the number of milestone points, but got number of schedulers %d and the number of milestones to be equal to %d", len(children), len(ms))
		}
		s.children = children
		s.set("_milestones", a.Value("milestones"))
		s.set("last_epoch", a.Int64("last_epoch")+1)
		gs, err := s.groups()
		if err != nil {
			return err
		}
		for _, g := range gs {
			lr, err := dictEntry(g, "initial_lr")
			if err != nil {
				return err
			}
			_ = g.Set("lr", lr)
		}
		for _, c := range children {
			c.set("last_epoch", c.int("last_epoch")-1)
		}
		if err := children[0].initialStep(a); err != nil {
			return err
		}
		s.set("_last_lr", children[0].get("_last_lr"))
		return a.Err()
	},
	step: func(a *lang.Args, s *Scheduler, _ lang.Value) error {
		e := s.int("last_epoch") + 1
		s.set("last_epoch", e)
		ms, err := lang.Collect(s.get("_milestones"))
		if err != nil {
			return err
		}
		idx := sort.Search(len(ms), func(i int) bool { m, _ := lang.AsInt(ms[i]); return m > e })
		c := s.children[idx]
		if m, _ := lang.AsInt(safeIndex(ms, idx-1)); idx > 0 && m == e {
			err = c.stepVia(a, int64(0))
		} else {
			err = c.stepVia(a, lang.None)
		}
		if err != nil {
			return err
		}
		s.set("_last_lr", c.get("_last_lr"))
		return nil
	}}

// safeIndex returns elems[i], or None when i is out of range.
func safeIndex(elems []lang.Value, i int) lang.Value {
	if i < 0 || i >= len(elems) {
		return lang.None
	}
	return elems[i]
}

var chainedScheduler = &schedulerKind{name: "ChainedScheduler", custom: true,
	sig: "ChainedScheduler(schedulers)",
	doc: "Steps every one of schedulers at each step, so that their factors multiply.",
	init: func(a *lang.Args, s *Scheduler) error {
		children, err := childSchedulers(a.Value("schedulers"), nil, "ChainedScheduler")
		if err != nil {
			return err
		}
		if len(children) == 0 {
			return lang.Errorf(lang.IndexError, "list index out of range")
		}
		s.children, s.opt = children, children[0].opt
		return s.recordLastLR()
	},
	step: func(a *lang.Args, s *Scheduler, _ lang.Value) error {
		for _, c := range s.children {
			if err := c.stepVia(a, lang.None); err != nil {
				return err
			}
		}
		return s.recordLastLR()
	}}

var reduceLROnPlateau = &schedulerKind{name: "ReduceLROnPlateau", custom: true,
	sig: "ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=0.0001, threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-08, verbose=False)",
	doc: "Multiplies the rates by factor when the metric given to step(metric) has not improved for patience epochs.",
	init: func(a *lang.Args, s *Scheduler) error {
		if f := a.Float("factor"); f >= 1.0 {
			return lang.Errorf(lang.ValueError, "Factor should be < 1.0.")
		}
		setArgs(a, s, "factor")
		minLRs, err := perGroup(a, s, "min_lr")
		if err != nil {
			if e, ok := err.(*lang.Error); ok {
				n := len(s.opt.groups.Elems)
				elems, _, _ := lang.Sequence(a.Value("min_lr"))
				e.Msg = fmt.Sprintf("expected %d min_lrs, got %d", n, len(elems))
			}
			return err
		}
		s.set("min_lrs", &lang.List{Elems: minLRs})
		setArgs(a, s, "patience", "verbose", "cooldown")
		s.set("cooldown_counter", int64(0))
		mode, _ := a.Value("mode").(string)
		thresholdMode, _ := a.Value("threshold_mode").(string)
		if mode != "min" && mode != "max" {
			return lang.Errorf(lang.ValueError, "mode %s is unknown!", lang.Str(a.Value("mode")))
		}
		if thresholdMode != "rel" && thresholdMode != "abs" {
			return lang.Errorf(lang.ValueError, "threshold mode %s is unknown!", lang.Str(a.Value("threshold_mode")))
		}
		setArgs(a, s, "mode", "threshold", "threshold_mode")
		worse := math.Inf(1)
		if mode == "max" {
			worse = math.Inf(-1)
		}
		s.set("best", worse)
		s.set("num_bad_epochs", int64(0))
		s.set("mode_worse", worse)
		setArgs(a, s, "eps")
		s.set("last_epoch", int64(0))
		return a.Err()
	}}

// plateauStep is ReduceLROnPlateau's step(metrics, epoch=None).
var plateauStep = lang.NewBuiltin(lang.AsValue, "step(self, metrics, epoch=None)", "Records the epoch's metric; after more than patience epochs without improvement (and outside the cooldown) multiplies the rates by factor, not below min_lr.", func(a *lang.Args) (lang.Value, error) {
	s := a.Value("self").(*Scheduler)
	current, err := metricValue(a.Value("metrics"))
	if err != nil {
		return nil, err
	}
	epoch := a.Value("epoch")
	if epoch == lang.None {
		epoch = s.int("last_epoch") + 1
	}
	s.set("last_epoch", epoch)
	if s.plateauBetter(current, s.num("best")) {
		s.set("best", current)
		s.set("num_bad_epochs", int64(0))
	} else {
		s.set("num_bad_epochs", s.int("num_bad_epochs")+1)
	}
	if s.int("cooldown_counter") > 0 {
		s.set("cooldown_counter", s.int("cooldown_counter")-1)
		s.set("num_bad_epochs", int64(0))
	}
	if s.int("num_bad_epochs") > s.int("patience") {
		if err := s.reduceLR(a, epoch); err != nil {
			return nil, err
		}
		s.set("cooldown_counter", s.get("cooldown"))
		s.set("num_bad_epochs", int64(0))
	}
	return lang.None, s.recordLastLR()
})

// metricValue is float(metrics): a number or a one-element tensor.
func metricValue(v lang.Value) (float64, error) {
	if t, ok := v.(interface{ Item() (any, error) }); ok {
		item, err := t.Item()
		if err != nil {
			return 0, lang.Errorf(lang.ValueError, "only one element tensors can be converted to Python scalars")
		}
		v = item
	}
	f, ok := lang.AsFloat(v)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "float() argument must be a string or a real number, not '%s'", lang.TypeName(v))
	}
	return f, nil
}

// plateauBetter is is_better(a, best) for the scheduler's mode.
func (s *Scheduler) plateauBetter(a, best float64) bool {
	th := s.num("threshold")
	switch {
	case s.get("mode") == "min" && s.get("threshold_mode") == "rel":
		return a < best*(1.-th)
	case s.get("mode") == "min":
		return a < best-th
	case s.get("threshold_mode") == "rel":
		return a > best*(th+1.)
	}
	return a > best+th
}

// reduceLR multiplies each group's rate by factor, not below its min_lr,
// where that changes it by more than eps.
func (s *Scheduler) reduceLR(a *lang.Args, epoch lang.Value) error {
	gs, err := s.groups()
	if err != nil {
		return err
	}
	minLRs, _, _ := lang.Sequence(s.get("min_lrs"))
	for i, g := range gs {
		old, err := groupNum(g, "lr")
		if err != nil {
			return err
		}
		minLR, _ := lang.AsFloat(safeIndex(minLRs, i))
		newLR := math.Max(old*s.num("factor"), minLR)
		if old-newLR > s.num("eps") {
			_ = g.Set("lr", newLR)
			if s.get("verbose") == true {
				a.Write(fmt.Sprintf("Epoch %s: reducing learning rate of group %d to %.4e.\n", epochText(epoch), i, newLR))
			}
		}
	}
	return nil
}

// epochText is how PyTorch's messages show an epoch: %.2f for a float,
// %.5d for an int.
func epochText(epoch lang.Value) string {
	if f, ok := epoch.(float64); ok {
		return fmt.Sprintf("%.2f", f)
	}
	n, _ := lang.AsInt(epoch)
	return fmt.Sprintf("%05d", n)
}
