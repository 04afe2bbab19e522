package torch

import (
	"math"
	"slices"
	"sort"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// The schedulers of torch.optim.lr_scheduler, each as PyTorch 1.13's
// class computes its rates (get_lr, the chainable form, and
// _get_closed_form_lr for step(epoch)).

// schedulerTail is the end of every base-class scheduler's signature.
const schedulerTail = "last_epoch=-1, verbose=False)"

// setArgs copies the named arguments into the attributes, in order.
func setArgs(a *lang.Args, s *Scheduler, names ...string) {
	for _, n := range names {
		s.set(n, a.Value(n))
	}
}

// lambdasArg reads lr_lambda: one function for every group, or a list of
// one per group.
func lambdasArg(a *lang.Args, s *Scheduler) error {
	n := len(s.opt.groups.Elems)
	v := a.Value("lr_lambda")
	if elems, _, ok := lang.Sequence(v); ok {
		if _, isStr := v.(string); !isStr {
			if len(elems) != n {
				return lang.Errorf(lang.ValueError, "Expected %d lr_lambdas, but got %d", n, len(elems))
			}
			s.lambdas = slices.Clone(elems)
			return nil
		}
	}
	s.lambdas = make([]lang.Value, n)
	for i := range s.lambdas {
		s.lambdas[i] = v
	}
	return nil
}

// callLambda returns x * lambdas[i](last_epoch), with Python's arithmetic
// (an int rate times an int factor stays an int).
func callLambda(a *lang.Args, s *Scheduler, i int, x lang.Value) (lang.Value, error) {
	f, err := a.Call(s.lambdas[i], s.get("last_epoch"))
	if err != nil {
		return nil, err
	}
	return a.Binary(syntax.STAR, x, f)
}

// checkFactor checks a multiplicative factor lies in [0, 1].
func checkFactor(a *lang.Args, name, what string) error {
	f, ok := lang.AsFloat(a.Value(name))
	if !ok {
		return a.WrongType(name, "a number", a.Value(name))
	}
	if f > 1 || f < 0 {
		return lang.Errorf(lang.ValueError, "%s multiplicative factor expected to be between 0 and 1.", what)
	}
	return nil
}

// cosineAnnealing is the rate at epoch t of T_max on the cosine from base
// to etaMin.
func cosineAnnealing(etaMin, base, t, tMax float64) float64 {
	return etaMin + (base-etaMin)*(1+pyCos(t*math.Pi/tMax))/2
}

var schedulerKinds = []*schedulerKind{
	{name: "LambdaLR", sig: "LambdaLR(optimizer, lr_lambda, " + schedulerTail,
		doc:  "Sets each group's rate to its initial rate times lr_lambda(epoch) (one function, or a list of one per group).",
		init: lambdasArg,
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			bases, _, _ := lang.Sequence(s.get("base_lrs"))
			out := make([]lang.Value, len(bases))
			for i, b := range bases {
				var err error
				if out[i], err = callLambda(a, s, i, b); err != nil {
					return nil, err
				}
			}
			return out, nil
		}},
	{name: "MultiplicativeLR", sig: "MultiplicativeLR(optimizer, lr_lambda, " + schedulerTail,
		doc:  "Multiplies each group's rate by lr_lambda(epoch) at every step after the first.",
		init: lambdasArg,
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			lrs, err := s.currentLRs()
			if err != nil || s.int("last_epoch") <= 0 {
				return lrs, err
			}
			for i, lr := range lrs {
				if lrs[i], err = callLambda(a, s, i, lr); err != nil {
					return nil, err
				}
			}
			return lrs, nil
		}},
	{name: "StepLR", sig: "StepLR(optimizer, step_size, gamma=0.1, " + schedulerTail,
		doc:  "Multiplies the rates by gamma every step_size epochs.",
		init: func(a *lang.Args, s *Scheduler) error { setArgs(a, s, "step_size", "gamma"); return nil },
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			e, size := s.int("last_epoch"), s.int("step_size")
			if size == 0 {
				return nil, lang.Errorf(lang.ZeroDivisionError, "integer division or modulo by zero")
			}
			if e == 0 || pyMod(e, size) != 0 {
				return s.currentLRs()
			}
			return s.scaledLRs(s.num("gamma"))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			n := pyFloorDiv(s.int("last_epoch"), s.int("step_size"))
			return s.fromBase(func(b float64) float64 { return b * libm.Pow(s.num("gamma"), float64(n)) }), nil
		}},
	{name: "MultiStepLR", sig: "MultiStepLR(optimizer, milestones, gamma=0.1, " + schedulerTail,
		doc: "Multiplies the rates by gamma at each epoch of milestones (by gamma squared at one listed twice).",
		init: func(a *lang.Args, s *Scheduler) error {
			ms, err := lang.Collect(a.Value("milestones"))
			if err != nil {
				return err
			}
			counts := lang.NewDict() // PyTorch's Counter
			for _, m := range ms {
				n, _, err := counts.Get(m)
				if err != nil {
					return err
				}
				c, _ := n.(int64)
				_ = counts.Set(m, c+1)
			}
			s.set("milestones", counts)
			setArgs(a, s, "gamma")
			return nil
		},
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			counts := s.get("milestones").(*lang.Dict)
			n, found, _ := counts.Get(s.get("last_epoch"))
			if !found {
				return s.currentLRs()
			}
			c, _ := lang.AsFloat(n)
			return s.scaledLRs(libm.Pow(s.num("gamma"), c))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			counts := s.get("milestones").(*lang.Dict)
			var ms []float64
			for i, k := range counts.Keys() {
				m, _ := lang.AsFloat(k)
				c, _ := lang.AsInt(counts.Values()[i])
				for range c {
					ms = append(ms, m)
				}
			}
			sort.Float64s(ms)
			e := s.num("last_epoch")
			n := sort.Search(len(ms), func(i int) bool { return ms[i] > e }) // bisect_right
			return s.fromBase(func(b float64) float64 { return b * libm.Pow(s.num("gamma"), float64(n)) }), nil
		}},
	{name: "ConstantLR", sig: "ConstantLR(optimizer, factor=0.3333333333333333, total_iters=5, " + schedulerTail,
		doc: "Multiplies the rates by factor until epoch total_iters, then restores them.",
		init: func(a *lang.Args, s *Scheduler) error {
			if err := checkFactor(a, "factor", "Constant"); err != nil {
				return err
			}
			setArgs(a, s, "factor", "total_iters")
			return nil
		},
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			e, total := s.int("last_epoch"), s.int("total_iters")
			switch {
			case e == 0:
				return s.scaledLRs(s.num("factor"))
			case e != total:
				return s.currentLRs()
			}
			return s.scaledLRs(1.0 / s.num("factor"))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			f := s.num("factor")
			reached := 0.0
			if s.int("last_epoch") >= s.int("total_iters") {
				reached = 1
			}
			return s.fromBase(func(b float64) float64 { return b * (f + reached*(1-f)) }), nil
		}},
	{name: "LinearLR", sig: "LinearLR(optimizer, start_factor=0.3333333333333333, end_factor=1.0, total_iters=5, " + schedulerTail,
		doc: "Scales the rates linearly from start_factor to end_factor over total_iters epochs.",
		init: func(a *lang.Args, s *Scheduler) error {
			if err := checkFactor(a, "start_factor", "Starting"); err != nil {
				return err
			}
			if err := checkFactor(a, "end_factor", "Ending"); err != nil {
				return err
			}
			setArgs(a, s, "start_factor", "end_factor", "total_iters")
			return nil
		},
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			e, total := s.num("last_epoch"), s.num("total_iters")
			start, end := s.num("start_factor"), s.num("end_factor")
			switch {
			case e == 0:
				return s.scaledLRs(start)
			case e > total:
				return s.currentLRs()
			}
			return s.scaledLRs(1. + (end-start)/(total*start+(e-1)*(end-start)))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			e, total := s.num("last_epoch"), s.num("total_iters")
			start, end := s.num("start_factor"), s.num("end_factor")
			return s.fromBase(func(b float64) float64 { return b * (start + (end-start)*math.Min(total, e)/total) }), nil
		}},
	{name: "ExponentialLR", sig: "ExponentialLR(optimizer, gamma, " + schedulerTail,
		doc:  "Multiplies the rates by gamma every epoch.",
		init: func(a *lang.Args, s *Scheduler) error { setArgs(a, s, "gamma"); return nil },
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			if s.int("last_epoch") == 0 {
				return s.currentLRs()
			}
			return s.scaledLRs(s.num("gamma"))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			return s.fromBase(func(b float64) float64 { return b * libm.Pow(s.num("gamma"), s.num("last_epoch")) }), nil
		}},
	{name: "PolynomialLR", sig: "PolynomialLR(optimizer, total_iters=5, power=1.0, " + schedulerTail,
		doc:  "Decays the rates as (1 - epoch/total_iters)**power until total_iters.",
		init: func(a *lang.Args, s *Scheduler) error { setArgs(a, s, "total_iters", "power"); return nil },
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			e, total := s.num("last_epoch"), s.num("total_iters")
			if e == 0 || e > total {
				return s.currentLRs()
			}
			return s.scaledLRs(libm.Pow((1.0-e/total)/(1.0-(e-1)/total), s.num("power")))
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			e, total := s.num("last_epoch"), s.num("total_iters")
			return s.fromBase(func(b float64) float64 { return b * libm.Pow(1.0-math.Min(total, e)/total, s.num("power")) }), nil
		}},
	{name: "CosineAnnealingLR", sig: "CosineAnnealingLR(optimizer, T_max, eta_min=0, " + schedulerTail,
		doc:  "Anneals the rates on a cosine from the initial rate to eta_min over T_max epochs (and back, as PyTorch's recursive form does).",
		init: func(a *lang.Args, s *Scheduler) error { setArgs(a, s, "T_max", "eta_min"); return nil },
		getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
			e, tMax, etaMin := s.num("last_epoch"), s.num("T_max"), s.num("eta_min")
			bases := s.baseLRs()
			switch {
			case e == 0:
				return s.currentLRs()
			case s.int("_step_count") == 1 && e > 0:
				return s.fromBase(func(b float64) float64 { return cosineAnnealing(etaMin, b, e, tMax) }), nil
			case pyMod(int64(e)-1-int64(tMax), 2*int64(tMax)) == 0:
				return s.eachGroup("lr", func(i int, lr float64) lang.Value {
					return lr + (bases[i]-etaMin)*(1-pyCos(math.Pi/tMax))/2
				})
			}
			return s.eachGroup("lr", func(_ int, lr float64) lang.Value {
				return (1+pyCos(math.Pi*e/tMax))/(1+pyCos(math.Pi*(e-1)/tMax))*(lr-etaMin) + etaMin
			})
		},
		closedForm: func(s *Scheduler) ([]lang.Value, error) {
			e, tMax, etaMin := s.num("last_epoch"), s.num("T_max"), s.num("eta_min")
			return s.fromBase(func(b float64) float64 { return cosineAnnealing(etaMin, b, e, tMax) }), nil
		}},
	cosineWarmRestarts,
	cyclicLR,
	oneCycle,
	sequentialLR,
	chainedScheduler,
	reduceLROnPlateau,
}

// pyMod is Python's a % b for ints (the sign of b).
func pyMod(a, b int64) int64 {
	m := a % b
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}

// pyFloorDiv is Python's a // b for ints.
func pyFloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// pyCos is Python's math.cos: the C library's value, which Go's math.Cos
// can miss by an ulp (and a rate near the end of a cosine by many).
func pyCos(x float64) float64 {
	_, c := libm.Sincos(x)
	return c
}
