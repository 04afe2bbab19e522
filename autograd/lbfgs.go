package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// torch.optim.LBFGS's step, as PyTorch 1.13 computes it
// (torch/optim/lbfgs.py): the two-loop recursion over a history of
// directions, a fixed step or the strong-Wolfe line search, and the same
// stopping rules in the same order. The parameters' elements are handled
// as one flat vector in float64; where PyTorch computes in float32
// (parameters of that dtype, and the 0-d tensors its dot products give),
// each result is rounded to float32 as PyTorch's is.

// LBFGSOptions are the settings of torch.optim.LBFGS.
type LBFGSOptions struct {
	LR                             float64
	MaxIter, MaxEval, HistorySize  int
	ToleranceGrad, ToleranceChange float64
	// LineSearchFn is "" (None) or "strong_wolfe".
	LineSearchFn string
}

// LBFGSState is the optimizer's state between steps, PyTorch's
// state[params[0]].
type LBFGSState struct {
	FuncEvals, NIter int
	// The rest exists once a step has run an iteration.
	D            []float64
	T            float64
	OldDirs      [][]float64
	OldStps      [][]float64
	Ro           []float64
	HDiag        float64
	PrevFlatGrad []float64
	PrevLoss     float64
	// Al is the two-loop recursion's buffer (history_size long), made at
	// the second iteration; its first AlSet entries have been written
	// (the others are None in PyTorch's state). AlFirst says it was made
	// before the first step ended, so that PyTorch's state lists it
	// before d.
	Al            []float64
	AlSet         int
	AlFirst       bool
	hasIterations bool
	hasAl         bool
}

// Restore sets the state a step leaves (load_state_dict).
func (s *LBFGSState) Restore(d []float64, t float64, oldDirs, oldStps [][]float64, ro []float64, hDiag float64, prevFlatGrad []float64, prevLoss float64) {
	s.D, s.T, s.OldDirs, s.OldStps, s.Ro, s.HDiag = d, t, oldDirs, oldStps, ro, hDiag
	s.PrevFlatGrad, s.PrevLoss, s.hasIterations = prevFlatGrad, prevLoss, true
}

// RestoreAl sets the buffer al (load_state_dict).
func (s *LBFGSState) RestoreAl(al []float64, set int, first bool) {
	s.Al, s.AlSet, s.AlFirst, s.hasAl = al, set, first, true
}

// Started reports whether a step has run an iteration, so that the
// state holds d, t, old_dirs, ... as PyTorch's does.
func (s *LBFGSState) Started() bool { return s.hasIterations }

// HasAl reports whether the state holds 'al' (the second iteration made
// it).
func (s *LBFGSState) HasAl() bool { return s.hasAl }

// lbfgs runs one step: the parameters, their dtype's rounding, and the
// closure, which recomputes the loss and the gradients.
type lbfgs struct {
	params  []*tensor.Tensor
	round   func(float64) float64
	closure func() (float64, error)
}

// LBFGSStep is LBFGS.step(closure): it returns the loss of the first
// evaluation. closure runs the model with gradients recorded and returns
// float(loss).
func LBFGSStep(params []*tensor.Tensor, o LBFGSOptions, st *LBFGSState, closure func() (float64, error)) (float64, error) {
	if len(params) == 0 {
		return 0, tensor.Errorf(tensor.ValueError, "optimizer got an empty parameter list")
	}
	l := &lbfgs{params: params, round: func(x float64) float64 { return x }, closure: closure}
	if params[0].DType() != tensor.Float64 {
		l.round = func(x float64) float64 { return float64(float32(x)) }
	}
	if o.LineSearchFn != "" && o.LineSearchFn != "strong_wolfe" {
		return 0, tensor.Errorf(tensor.RuntimeError, "only 'strong_wolfe' is supported")
	}
	origLoss, err := closure()
	if err != nil {
		return 0, err
	}
	loss := origLoss
	currentEvals := 1
	st.FuncEvals++
	flatGrad, err := l.flatGrad()
	if err != nil {
		return 0, err
	}
	if absMax(flatGrad) <= o.ToleranceGrad {
		return origLoss, nil
	}
	r := l.round
	d, t := st.D, st.T
	oldDirs, oldStps, ro, hDiag := st.OldDirs, st.OldStps, st.Ro, st.HDiag
	prevFlatGrad, prevLoss := st.PrevFlatGrad, st.PrevLoss
	nIter := 0
	for nIter < o.MaxIter {
		nIter++
		st.NIter++
		if st.NIter == 1 {
			d = scaledVec(flatGrad, -1, r)
			oldDirs, oldStps, ro, hDiag = nil, nil, nil, 1
		} else {
			y := make([]float64, len(flatGrad))
			for i := range y {
				y[i] = r(flatGrad[i] - prevFlatGrad[i])
			}
			s := scaledVec(d, r(t), r)
			ys := r(dot(y, s))
			if ys > 1e-10 {
				if len(oldDirs) == o.HistorySize {
					oldDirs, oldStps, ro = oldDirs[1:], oldStps[1:], ro[1:]
				}
				oldDirs, oldStps = append(oldDirs, y), append(oldStps, s)
				ro = append(ro, r(1/ys))
				hDiag = r(ys / r(dot(y, y)))
			}
			if !st.hasAl {
				st.Al, st.hasAl, st.AlFirst = make([]float64, o.HistorySize), true, !st.hasIterations
			}
			if len(st.Al) < len(oldDirs) {
				st.Al = append(st.Al, make([]float64, len(oldDirs)-len(st.Al))...)
			}
			al := st.Al
			st.AlSet = max(st.AlSet, len(oldDirs))
			q := scaledVec(flatGrad, -1, r)
			for i := len(oldDirs) - 1; i >= 0; i-- {
				al[i] = r(r(dot(oldStps[i], q)) * ro[i])
				addScaled(q, oldDirs[i], -al[i], r)
			}
			d = scaledVec(q, hDiag, r)
			for i := range oldDirs {
				be := r(r(dot(oldDirs[i], d)) * ro[i])
				addScaled(d, oldStps[i], r(al[i]-be), r)
			}
		}
		prevFlatGrad = append(prevFlatGrad[:0], flatGrad...)
		prevLoss = loss
		if st.NIter == 1 {
			sum := 0.0
			for _, g := range flatGrad {
				sum += math.Abs(g)
			}
			inv := r(1 / r(sum))
			t = o.LR
			if inv < 1 {
				t = r(inv * o.LR)
			}
		} else {
			t = o.LR
		}
		gtd := r(dot(flatGrad, d))
		if gtd > -o.ToleranceChange {
			break
		}
		lsEvals := 0
		optCond := false
		if o.LineSearchFn != "" {
			x, err := l.cloneParams()
			if err != nil {
				return 0, err
			}
			loss, flatGrad, t, lsEvals, err = l.strongWolfe(x, t, d, loss, flatGrad, gtd, o.ToleranceChange)
			if err != nil {
				return 0, err
			}
			if err := l.addGrad(t, d); err != nil {
				return 0, err
			}
			optCond = absMax(flatGrad) <= o.ToleranceGrad
		} else {
			if err := l.addGrad(t, d); err != nil {
				return 0, err
			}
			if nIter != o.MaxIter {
				if loss, err = closure(); err != nil {
					return 0, err
				}
				if flatGrad, err = l.flatGrad(); err != nil {
					return 0, err
				}
				optCond = absMax(flatGrad) <= o.ToleranceGrad
				lsEvals = 1
			}
		}
		currentEvals += lsEvals
		st.FuncEvals += lsEvals
		if nIter == o.MaxIter || currentEvals >= o.MaxEval || optCond {
			break
		}
		if absMax(scaledVec(d, r(t), r)) <= o.ToleranceChange {
			break
		}
		if math.Abs(loss-prevLoss) < o.ToleranceChange {
			break
		}
	}
	st.D, st.T, st.OldDirs, st.OldStps, st.Ro, st.HDiag = d, t, oldDirs, oldStps, ro, hDiag
	st.PrevFlatGrad, st.PrevLoss, st.hasIterations = prevFlatGrad, prevLoss, true
	return origLoss, nil
}

// scaledVec is v·a, each product rounded.
func scaledVec(v []float64, a float64, r func(float64) float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = r(x * a)
	}
	return out
}

// addScaled is v += a·w, as add_(w, alpha=a) computes it.
func addScaled(v, w []float64, a float64, r func(float64) float64) {
	a = r(a)
	for i := range v {
		v[i] = r(v[i] + r(w[i]*a))
	}
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func absMax(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		if a := math.Abs(x); a > m || math.IsNaN(a) {
			m = a
		}
	}
	return m
}

// flatGrad is _gather_flat_grad: the gradients one after the other,
// zeros for a parameter without one.
func (l *lbfgs) flatGrad() ([]float64, error) {
	var out []float64
	for _, p := range l.params {
		g := Grad(p)
		if g == nil {
			out = append(out, make([]float64, p.Numel())...)
			continue
		}
		vals, err := g.Float64s()
		if err != nil {
			return nil, err
		}
		out = append(out, vals...)
	}
	return out, nil
}

// cloneParams is _clone_param: the parameters' values.
func (l *lbfgs) cloneParams() ([]*tensor.Tensor, error) {
	out := make([]*tensor.Tensor, len(l.params))
	for i, p := range l.params {
		c, err := p.Detach().Clone()
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// setParams is _set_param: the parameters take the values x.
func (l *lbfgs) setParams(x []*tensor.Tensor) error {
	for i, p := range l.params {
		if err := p.Detach().CopyFrom(x[i]); err != nil {
			return err
		}
	}
	return nil
}

// addGrad is _add_grad: p += step·update for each parameter's part of
// the flat update.
func (l *lbfgs) addGrad(step float64, update []float64) error {
	off := 0
	for _, p := range l.params {
		n := p.Numel()
		vals, err := p.Float64s()
		if err != nil {
			return err
		}
		addScaled(vals, update[off:off+n], step, l.round)
		off += n
		t, err := tensor.FromSlice(vals, p.Shape()...)
		if err != nil {
			return err
		}
		if err := p.Detach().CopyFrom(t); err != nil {
			return err
		}
	}
	return nil
}

// directionalEvaluate is _directional_evaluate: the loss and gradient at
// x + t·d, the parameters then back at x.
func (l *lbfgs) directionalEvaluate(x []*tensor.Tensor, t float64, d []float64) (float64, []float64, error) {
	if err := l.addGrad(t, d); err != nil {
		return 0, nil, err
	}
	loss, err := l.closure()
	if err != nil {
		return 0, nil, err
	}
	g, err := l.flatGrad()
	if err != nil {
		return 0, nil, err
	}
	return loss, g, l.setParams(x)
}

// cubicInterpolate is PyTorch's _cubic_interpolate: the minimum of the
// cubic through (x1, f1) and (x2, f2) with slopes g1 and g2, within the
// bounds (the two points when hasBounds is false).
func cubicInterpolate(x1, f1, g1, x2, f2, g2 float64, bounds *[2]float64) float64 {
	lo, hi := x1, x2
	if x1 > x2 {
		lo, hi = x2, x1
	}
	if bounds != nil {
		lo, hi = bounds[0], bounds[1]
	}
	d1 := g1 + g2 - 3*(f1-f2)/(x1-x2)
	d2sq := d1*d1 - g1*g2
	if d2sq >= 0 {
		d2 := math.Sqrt(d2sq)
		var minPos float64
		if x1 <= x2 {
			minPos = x2 - (x2-x1)*((g2+d2-d1)/(g2-g1+2*d2))
		} else {
			minPos = x1 - (x1-x2)*((g1+d2-d1)/(g1-g2+2*d2))
		}
		return pyMin(pyMax(minPos, lo), hi)
	}
	return (lo + hi) / 2
}

// pyMin and pyMax are Python's min and max of two floats: the first
// unless the second is smaller (larger), so a NaN first stays.
func pyMin(a, b float64) float64 {
	if b < a {
		return b
	}
	return a
}

func pyMax(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

// strongWolfe is PyTorch's _strong_wolfe line search (c1 1e-4, c2 0.9,
// at most 25 evaluations): it returns the loss, the gradient and the step
// it settles on, and the evaluations it made.
func (l *lbfgs) strongWolfe(x []*tensor.Tensor, t float64, d []float64, f float64, g []float64, gtd, toleranceChange float64) (float64, []float64, float64, int, error) {
	const c1, c2, maxLS = 1e-4, 0.9, 25
	r := l.round
	dNorm := absMax(d)
	g = append([]float64(nil), g...)
	fNew, gNew, err := l.directionalEvaluate(x, t, d)
	if err != nil {
		return 0, nil, 0, 0, err
	}
	evals := 1
	gtdNew := r(dot(gNew, d))
	tPrev, fPrev, gPrev, gtdPrev := 0.0, f, g, gtd
	done := false
	lsIter := 0
	var bracket, bracketF, bracketGtd []float64
	var bracketG [][]float64
	for lsIter < maxLS {
		if fNew > f+c1*t*gtd || (lsIter > 1 && fNew >= fPrev) {
			bracket, bracketF = []float64{tPrev, t}, []float64{fPrev, fNew}
			bracketG, bracketGtd = [][]float64{gPrev, gNew}, []float64{gtdPrev, gtdNew}
			break
		}
		if math.Abs(gtdNew) <= -c2*gtd {
			bracket, bracketF, bracketG = []float64{t}, []float64{fNew}, [][]float64{gNew}
			done = true
			break
		}
		if gtdNew >= 0 {
			bracket, bracketF = []float64{tPrev, t}, []float64{fPrev, fNew}
			bracketG, bracketGtd = [][]float64{gPrev, gNew}, []float64{gtdPrev, gtdNew}
			break
		}
		minStep := t + 0.01*(t-tPrev)
		maxStep := t * 10
		tmp := t
		t = cubicInterpolate(tPrev, fPrev, gtdPrev, t, fNew, gtdNew, &[2]float64{minStep, maxStep})
		tPrev, fPrev, gPrev, gtdPrev = tmp, fNew, gNew, gtdNew
		if fNew, gNew, err = l.directionalEvaluate(x, t, d); err != nil {
			return 0, nil, 0, 0, err
		}
		evals++
		gtdNew = r(dot(gNew, d))
		lsIter++
	}
	if lsIter == maxLS {
		bracket, bracketF, bracketG = []float64{0, t}, []float64{f, fNew}, [][]float64{g, gNew}
		// PyTorch leaves bracket_gtd as it was; its zoom below reads it
		// only when the loop above broke out with two points.
		if len(bracketGtd) < 2 {
			bracketGtd = []float64{gtd, gtdNew}
		}
	}
	insufProgress := false
	low, high := 0, 1
	if bracketF[0] > bracketF[len(bracketF)-1] {
		low, high = 1, 0
	}
	for !done && lsIter < maxLS {
		bmax, bmin := pyMax(bracket[0], bracket[1]), pyMin(bracket[0], bracket[1])
		if math.Abs(bracket[1]-bracket[0])*dNorm < toleranceChange {
			break
		}
		t = cubicInterpolate(bracket[0], bracketF[0], bracketGtd[0], bracket[1], bracketF[1], bracketGtd[1], nil)
		eps := 0.1 * (bmax - bmin)
		if pyMin(bmax-t, t-bmin) < eps {
			if insufProgress || t >= bmax || t <= bmin {
				if math.Abs(t-bmax) < math.Abs(t-bmin) {
					t = bmax - eps
				} else {
					t = bmin + eps
				}
				insufProgress = false
			} else {
				insufProgress = true
			}
		} else {
			insufProgress = false
		}
		if fNew, gNew, err = l.directionalEvaluate(x, t, d); err != nil {
			return 0, nil, 0, 0, err
		}
		evals++
		gtdNew = r(dot(gNew, d))
		lsIter++
		if fNew > f+c1*t*gtd || fNew >= bracketF[low] {
			bracket[high], bracketF[high], bracketG[high], bracketGtd[high] = t, fNew, gNew, gtdNew
			low, high = 0, 1
			if bracketF[0] > bracketF[1] {
				low, high = 1, 0
			}
		} else {
			if math.Abs(gtdNew) <= -c2*gtd {
				done = true
			} else if gtdNew*(bracket[high]-bracket[low]) >= 0 {
				bracket[high], bracketF[high], bracketG[high], bracketGtd[high] = bracket[low], bracketF[low], bracketG[low], bracketGtd[low]
			}
			bracket[low], bracketF[low], bracketG[low], bracketGtd[low] = t, fNew, gNew, gtdNew
		}
	}
	if low >= len(bracket) {
		low = 0
	}
	return bracketF[low], bracketG[low], bracket[low], evals, nil
}
