package torch

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// CyclicLR, as PyTorch 1.13's: the rate cycles between base_lr and max_lr
// (triangular, triangular2, exp_range, or a scale_fn of the cycle or the
// iteration), and the momentum the other way.

var cyclicLR = &schedulerKind{name: "CyclicLR",
	sig: "CyclicLR(optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode='triangular', gamma=1.0, scale_fn=None, scale_mode='cycle', cycle_momentum=True, base_momentum=0.8, max_momentum=0.9, " + schedulerTail,
	doc: "Cycles the rates between base_lr and max_lr over step_size_up + step_size_down steps (triangular, triangular2, exp_range or scale_fn), and the momentum between max_momentum and base_momentum.",
	init: func(a *lang.Args, s *Scheduler) error {
		baseLRs, err := perGroup(a, s, "base_lr")
		if err != nil {
			return err
		}
		gs, err := s.groups()
		if err != nil {
			return err
		}
		lastEpoch := a.Int64("last_epoch")
		if lastEpoch == -1 {
			for i, g := range gs {
				_ = g.Set("lr", baseLRs[i])
			}
		}
		maxLRs, err := perGroup(a, s, "max_lr")
		if err != nil {
			return err
		}
		s.set("max_lrs", &lang.List{Elems: maxLRs})
		up := a.Float("step_size_up")
		down := up
		if !a.IsNone("step_size_down") {
			down = a.Float("step_size_down")
		}
		s.set("total_size", up+down)
		s.set("step_ratio", up/(up+down))
		mode, _ := a.Value("mode").(string)
		if mode != "triangular" && mode != "triangular2" && mode != "exp_range" && a.IsNone("scale_fn") {
			return lang.Errorf(lang.ValueError, "mode is invalid and scale_fn is None")
		}
		s.set("mode", a.Value("mode"))
		setArgs(a, s, "gamma")
		if a.IsNone("scale_fn") {
			scaleMode := "cycle"
			if mode == "exp_range" {
				scaleMode = "iterations"
			}
			s.set("scale_mode", scaleMode)
		} else {
			s.scaleFn = a.Value("scale_fn")
			setArgs(a, s, "scale_mode")
		}
		cycle := a.Bool("cycle_momentum")
		s.set("cycle_momentum", cycle)
		if cycle {
			if _, has, _ := s.opt.defaults.Get("momentum"); !has {
				return lang.Errorf(lang.ValueError, "optimizer must support momentum with `cycle_momentum` option enabled")
			}
			baseMoms, err := perGroup(a, s, "base_momentum")
			if err != nil {
				return err
			}
			if lastEpoch == -1 {
				for i, g := range gs {
					_ = g.Set("momentum", baseMoms[i])
				}
			}
			moms := make([]lang.Value, len(gs))
			for i, g := range gs {
				if moms[i], err = dictEntry(g, "momentum"); err != nil {
					return err
				}
			}
			s.set("base_momentums", &lang.List{Elems: moms})
			maxMoms, err := perGroup(a, s, "max_momentum")
			if err != nil {
				return err
			}
			s.set("max_momentums", &lang.List{Elems: maxMoms})
		}
		return a.Err()
	},
	after: func(a *lang.Args, s *Scheduler) error {
		baseLRs, err := perGroup(a, s, "base_lr")
		if err != nil {
			return err
		}
		s.set("base_lrs", &lang.List{Elems: baseLRs})
		return nil
	},
	getLR: func(a *lang.Args, s *Scheduler) ([]lang.Value, error) {
		e, total, ratio := s.num("last_epoch"), s.num("total_size"), s.num("step_ratio")
		cycle := math.Floor(1 + e/total)
		x := 1. + e/total - cycle
		var factor float64
		if x <= ratio {
			factor = x / ratio
		} else {
			factor = (x - 1) / (ratio - 1)
		}
		at := cycle
		if s.get("scale_mode") != "cycle" {
			at = e
		}
		scale, err := s.cyclicScale(a, at)
		if err != nil {
			return nil, err
		}
		maxLRs, _, _ := lang.Sequence(s.get("max_lrs"))
		lrs := s.fromBase(func(float64) float64 { return 0 })
		for i, b := range s.baseLRs() {
			m, _ := lang.AsFloat(safeIndex(maxLRs, i))
			lrs[i] = b + (m-b)*factor*scale
		}
		if s.get("cycle_momentum") == true {
			bases, _, _ := lang.Sequence(s.get("base_momentums"))
			maxes, _, _ := lang.Sequence(s.get("max_momentums"))
			gs, err := s.groups()
			if err != nil {
				return nil, err
			}
			for i, g := range gs {
				b, _ := lang.AsFloat(safeIndex(bases, i))
				m, _ := lang.AsFloat(safeIndex(maxes, i))
				_ = g.Set("momentum", m-(m-b)*factor*scale)
			}
		}
		return lrs, nil
	}}

// cyclicScale is CyclicLR's scale_fn(x): the given function, or the
// mode's (1, 1/2**(x-1), gamma**x).
func (s *Scheduler) cyclicScale(a *lang.Args, x float64) (float64, error) {
	if s.scaleFn != nil {
		arg := lang.Value(x)
		if s.get("scale_mode") == "cycle" || x == math.Trunc(x) {
			arg = int64(x) // PyTorch passes the cycle as math.floor's int, last_epoch as an int
		}
		v, err := a.Call(s.scaleFn, arg)
		if err != nil {
			return 0, err
		}
		f, ok := lang.AsFloat(v)
		if !ok {
			return 0, lang.Errorf(lang.TypeError, "scale_fn must return a number, not %s", lang.TypeName(v))
		}
		return f, nil
	}
	switch s.get("mode") {
	case "triangular2":
		return 1 / libm.Pow(2., x-1), nil
	case "exp_range":
		return libm.Pow(s.num("gamma"), x), nil
	}
	return 1., nil
}
