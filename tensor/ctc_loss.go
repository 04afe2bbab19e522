package tensor

import "math"

// CTC is one call's alignment problem of torch._ctc_loss (ATen's
// LossCTC.cpp, the CPU kernel): log-probabilities [T, N, C], the target
// sequence of each of the N batch items, and how many of the T steps and
// of the targets each one uses.
type CTC struct {
	T, N, C       int
	Blank         int
	InputLengths  []int
	TargetLengths []int
	targets       [][]int // per batch item its labels
	maxTarget     int
}

// ctcWhere ends ATen's messages for ctc_loss's arguments.
const ctcWhere = " (while checking arguments for ctc_loss_cpu)"

// NewCTC checks the arguments of the CPU kernel in ATen's order: the
// dtype of logProbs (float32 or float64), its three dimensions, targets
// 1-D (the sequences concatenated) or 2-D ([N, S], padded), blank a
// label, one length per batch item, the targets long enough and the
// input lengths at most T. Lengths below zero and labels outside [0, C),
// which PyTorch 1.13 reads past its buffers for, are refused with the
// checks later PyTorch versions make.
func NewCTC(logProbs, targets *Tensor, inputLengths, targetLengths []int, blank int) (*CTC, error) {
	if d := logProbs.dtype; d != Float32 && d != Float64 {
		return nil, NotImplementedFor("ctc_loss_cpu", d)
	}
	if logProbs.Dim() != 3 {
		return nil, Errorf(RuntimeError, "Expected 3-dimensional tensor, but got %d-dimensional tensor for argument #1 'log_probs'"+ctcWhere, logProbs.Dim())
	}
	if d := targets.Dim(); d < 1 || d > 2 {
		return nil, Errorf(RuntimeError, "Expected 1 to 2 dimensions, but got %d-dimensional tensor for argument #2 'targets'"+ctcWhere, d)
	}
	c := &CTC{T: logProbs.shape[0], N: logProbs.shape[1], C: logProbs.shape[2], Blank: blank, InputLengths: inputLengths, TargetLengths: targetLengths}
	if blank < 0 || blank >= c.C {
		return nil, Errorf(RuntimeError, "blank must be in label range")
	}
	if len(inputLengths) != c.N {
		return nil, Errorf(RuntimeError, "input_lengths must be of size batch_size")
	}
	if len(targetLengths) != c.N {
		return nil, Errorf(RuntimeError, "target_lengths must be of size batch_size")
	}
	long, err := targets.To(Int64)
	if err != nil {
		return nil, err
	}
	labels, err := Values[int64](long)
	if err != nil {
		return nil, err
	}
	starts := make([]int, c.N)
	for _, n := range targetLengths {
		if n < 0 {
			return nil, Errorf(RuntimeError, "Expected target_lengths to have value at least 0, but got value %d"+ctcWhere, n)
		}
		c.maxTarget = max(c.maxTarget, n)
	}
	if targets.Dim() == 1 {
		pos := 0
		for b, n := range targetLengths {
			starts[b] = pos
			pos += n
		}
		if targets.shape[0] != pos {
			return nil, Errorf(RuntimeError, "Expected tensor to have size %d at dimension 0, but got size %d for argument #2 'targets'"+ctcWhere, pos, targets.shape[0])
		}
	} else {
		if targets.shape[0] != c.N {
			return nil, Errorf(RuntimeError, "Expected tensor to have size %d at dimension 0, but got size %d for argument #2 'targets'"+ctcWhere, c.N, targets.shape[0])
		}
		if targets.shape[1] < c.maxTarget {
			return nil, Errorf(RuntimeError, "Expected tensor to have size at least %d at dimension 1, but got size %d for argument #2 'targets'"+ctcWhere, c.maxTarget, targets.shape[1])
		}
		for b := range starts {
			starts[b] = b * targets.shape[1]
		}
	}
	for _, n := range inputLengths {
		if n < 0 {
			return nil, Errorf(RuntimeError, "Expected input_lengths to have value at least 0, but got value %d"+ctcWhere, n)
		}
		if n > c.T {
			return nil, Errorf(RuntimeError, "Expected input_lengths to have value at most %d, but got value %d"+ctcWhere, c.T, n)
		}
	}
	c.targets = make([][]int, c.N)
	for b, n := range targetLengths {
		c.targets[b] = make([]int, n)
		for i := range n {
			l := labels[starts[b]+i]
			if l < 0 || l >= int64(c.C) {
				return nil, Errorf(RuntimeError, "Expected targets to have values in [0, %d), but got value %d"+ctcWhere, c.C, l)
			}
			c.targets[b][i] = int(l)
		}
	}
	return c, nil
}

// states is the length of the extended target of batch item b (a blank
// before, between and after the labels).
func (c *CTC) states(b int) int { return 2*c.TargetLengths[b] + 1 }

// prime is the label of state s of batch item b's extended target: blank
// at even s, the target's label (s-1)/2 at odd s.
func (c *CTC) prime(b, s int) int {
	if s%2 == 0 {
		return c.Blank
	}
	return c.targets[b][s/2]
}

// Forward returns the negative log-likelihood of each batch item's target
// ([N]) and the log-space forward variables alpha ([N, T, 2·S+1], S the
// longest target), which Backward needs, in logProbs' dtype.
func (c *CTC) Forward(logProbs *Tensor) (nll, alpha *Tensor, err error) {
	lp, err := logProbs.Contiguous()
	if err != nil {
		return nil, nil, err
	}
	if nll, err = emptyOutput(lp.dtype, c.N); err != nil {
		return nil, nil, err
	}
	if alpha, err = emptyOutput(lp.dtype, c.N, c.T, 2*c.maxTarget+1); err != nil {
		return nil, nil, err
	}
	if lp.dtype == Float32 {
		ctcForward[float32](c, lp, nll, alpha)
	} else {
		ctcForward[float64](c, lp, nll, alpha)
	}
	return nll, alpha, nil
}

// logAdd3 is log(e^a + e^b + e^c) as ATen computes it in the element
// type: shifted by the largest term (0 when all are -inf).
func logAdd3[T float32 | float64](a, b, c T) T {
	m := max(a, b, c)
	if math.IsInf(float64(m), -1) {
		m = 0
	}
	return T(math.Log(float64(T(math.Exp(float64(a-m)))+T(math.Exp(float64(b-m)))+T(math.Exp(float64(c-m)))))) + m
}

// ctcForward is ATen's ctc_loss_cpu_template: alpha row by row (eqs. 6
// and 7 of Graves et al.) and the log-likelihood from the last row's
// last two states.
func ctcForward[T float32 | float64](c *CTC, logProbs, nll, alpha *Tensor) {
	lp := logProbs.storage.data.([]T)[logProbs.offset:]
	out, la := nll.storage.data.([]T), alpha.storage.data.([]T)
	neginf := T(math.Inf(-1))
	width := 2*c.maxTarget + 1
	for i := range la {
		la[i] = neginf
	}
	for b := range c.N {
		at := func(t, s int) *T { return &la[(b*c.T+t)*width+s] }
		p := func(t, label int) T { return lp[(t*c.N+b)*c.C+label] }
		in, tl := c.InputLengths[b], c.TargetLengths[b]
		if in == 0 {
			// No step: only the empty target has a path (PyTorch 2's rule;
			// 1.13 reads the row before alpha).
			out[b] = T(math.Inf(1))
			if tl == 0 {
				out[b] = 0
			}
			continue
		}
		*at(0, 0) = p(0, c.Blank)
		if tl > 0 {
			*at(0, 1) = p(0, c.prime(b, 1))
		}
		for t := 1; t < in; t++ {
			for s := range c.states(b) {
				cur := c.prime(b, s)
				la1, la2, la3 := *at(t-1, s), neginf, neginf
				if s > 0 {
					la2 = *at(t-1, s-1)
				}
				if s > 1 && c.prime(b, s-2) != cur {
					la3 = *at(t-1, s-2)
				}
				*at(t, s) = logAdd3(la1, la2, la3) + p(t, cur)
			}
		}
		if tl == 0 {
			out[b] = -*at(in-1, 0)
			continue
		}
		l1, l2 := *at(in-1, 2*tl), *at(in-1, 2*tl-1)
		m := max(l1, l2)
		if math.IsInf(float64(m), -1) {
			m = 0
		}
		out[b] = -(T(math.Log(float64(T(math.Exp(float64(l1-m)))+T(math.Exp(float64(l2-m)))))) + m)
	}
}

// Backward is ATen's ctc_loss_backward_cpu_template: the gradient
// ([T, N, C], logProbs' dtype) of gradOut·nll with respect to the
// log-probabilities as PyTorch's kernel writes it, exp(lp) - exp(log Σ
// alpha·beta + nll - lp) per step and label — the gradient through a
// log_softmax that made logProbs, which is what PyTorch returns — zero
// past each item's input length, and zero for an item whose loss is
// infinite when zeroInfinity is set.
func (c *CTC) Backward(gradOut, logProbs, nll, alpha *Tensor, zeroInfinity bool) (*Tensor, error) {
	lp, err := logProbs.Contiguous()
	if err != nil {
		return nil, err
	}
	g, err := gradOut.To(lp.dtype)
	if err != nil {
		return nil, err
	}
	if g, err = g.Contiguous(); err != nil {
		return nil, err
	}
	grad, err := emptyOutput(lp.dtype, c.T, c.N, c.C)
	if err != nil {
		return nil, err
	}
	if lp.dtype == Float32 {
		ctcBackward[float32](c, g, lp, nll, alpha, grad, zeroInfinity)
	} else {
		ctcBackward[float64](c, g, lp, nll, alpha, grad, zeroInfinity)
	}
	return grad, nil
}

func ctcBackward[T float32 | float64](c *CTC, gradOut, logProbs, nll, alpha, grad *Tensor, zeroInfinity bool) {
	lp := logProbs.storage.data.([]T)[logProbs.offset:]
	gout := gradOut.storage.data.([]T)[gradOut.offset:]
	losses, la, ga := nll.storage.data.([]T), alpha.storage.data.([]T), grad.storage.data.([]T)
	neginf := T(math.Inf(-1))
	width := 2*c.maxTarget + 1
	lb := make([]T, c.T*width)
	for i := range ga {
		ga[i] = neginf
	}
	for b := range c.N {
		gAt := func(t, label int) *T { return &ga[(t*c.N+b)*c.C+label] }
		p := func(t, label int) T { return lp[(t*c.N+b)*c.C+label] }
		aAt := func(t, s int) T { return la[(b*c.T+t)*width+s] }
		bAt := func(t, s int) *T { return &lb[t*width+s] }
		zero := func(from int) {
			for t := from; t < c.T; t++ {
				for l := range c.C {
					*gAt(t, l) = 0
				}
			}
		}
		in, tl, loss := c.InputLengths[b], c.TargetLengths[b], losses[b]
		if zeroInfinity && math.IsInf(float64(loss), 1) {
			zero(0)
			continue
		}
		for i := range lb {
			lb[i] = neginf
		}
		if in > 0 {
			*bAt(in-1, 2*tl) = p(in-1, c.Blank)
			*gAt(in-1, c.Blank) = aAt(in-1, 2*tl) + *bAt(in-1, 2*tl)
			if tl > 0 {
				cur := c.prime(b, 2*tl-1)
				*bAt(in-1, 2*tl-1) = p(in-1, cur)
				*gAt(in-1, cur) = aAt(in-1, 2*tl-1) + *bAt(in-1, 2*tl-1)
			}
		}
		for t := in - 2; t >= 0; t-- {
			for s := 2 * tl; s >= 0; s-- {
				cur := c.prime(b, s)
				lb1, lb2, lb3 := *bAt(t+1, s), neginf, neginf
				if s < 2*tl {
					lb2 = *bAt(t+1, s+1)
				}
				if s < 2*tl-1 && c.prime(b, s+2) != cur {
					lb3 = *bAt(t+1, s+2)
				}
				*bAt(t, s) = logAdd3(lb1, lb2, lb3) + p(t, cur)
				ab := aAt(t, s) + *bAt(t, s)
				acc := gAt(t, cur)
				if math.IsInf(float64(*acc), -1) {
					*acc = ab
				} else {
					m := max(*acc, ab)
					*acc = T(math.Log(float64(T(math.Exp(float64(*acc-m)))+T(math.Exp(float64(ab-m)))))) + m
				}
			}
		}
		gr := gout[b]
		for t := range in {
			for l := range c.C {
				r, x := gAt(t, l), p(t, l)
				*r = (T(math.Exp(float64(x))) - T(math.Exp(float64(*r+loss-x)))) * gr
			}
		}
		zero(in)
	}
}
