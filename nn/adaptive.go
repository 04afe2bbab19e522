package nn

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// nn.AdaptiveLogSoftmaxWithLoss as PyTorch 1.13 defines it
// (torch/nn/modules/adaptive.py): the head, a Linear from in_features to
// the shortlist (the classes below the first cutoff) plus one logit per
// cluster, and the tail, a ModuleList of one Sequential(Linear(in, hsz),
// Linear(hsz, osz)) per cluster, hsz = in_features // div_value**(i+1),
// made in that order so that a seed gives PyTorch's weights. Forward
// evaluates a cluster only for the rows whose target falls in it.

// AdaptiveLogSoftmax is nn.AdaptiveLogSoftmaxWithLoss.
type AdaptiveLogSoftmax struct {
	base       Base
	InFeatures int
	NClasses   int
	// Cutoffs are the cutoffs given, then n_classes (PyTorch's
	// self.cutoffs).
	Cutoffs  []int
	DivValue float64
	HeadBias bool
}

// NewAdaptiveLogSoftmax checks the cutoffs as PyTorch does and makes the
// head and the tail.
func NewAdaptiveLogSoftmax(in, nClasses int, cutoffs []int, divValue float64, headBias bool, dtype tensor.DType) (*AdaptiveLogSoftmax, error) {
	if len(cutoffs) == 0 {
		return nil, tensor.Errorf(tensor.ValueError, "min() arg is an empty sequence")
	}
	unique := slices.Compact(slices.Sorted(slices.Values(cutoffs)))
	if !slices.IsSorted(cutoffs) || slices.Min(cutoffs) <= 0 || slices.Max(cutoffs) > nClasses-1 || len(unique) != len(cutoffs) {
		return nil, tensor.Errorf(tensor.ValueError, "cutoffs should be a sequence of unique, positive integers sorted in an increasing order, where each value is between 1 and n_classes-1")
	}
	m := &AdaptiveLogSoftmax{base: NewBase(), InFeatures: in, NClasses: nClasses,
		Cutoffs: append(slices.Clone(cutoffs), nClasses), DivValue: divValue, HeadBias: headBias}
	head, err := NewLinear(in, m.headSize(), headBias, dtype)
	if err != nil {
		return nil, err
	}
	m.base.SetModule("head", head)
	tail := NewModuleList()
	m.base.SetModule("tail", tail)
	for i := 0; i < m.nClusters(); i++ {
		div := math.Pow(divValue, float64(i+1))
		if div == 0 {
			return nil, tensor.Errorf(tensor.ZeroDivisionError, "float floor division by zero")
		}
		hsz := int(math.Floor(float64(in) / div))
		osz := m.Cutoffs[i+1] - m.Cutoffs[i]
		i2h, err := NewLinear(in, hsz, false, dtype)
		if err != nil {
			return nil, err
		}
		h2o, err := NewLinear(hsz, osz, false, dtype)
		if err != nil {
			return nil, err
		}
		tail.Append(NewSequential(i2h, h2o))
	}
	return m, nil
}

func (m *AdaptiveLogSoftmax) shortlistSize() int { return m.Cutoffs[0] }
func (m *AdaptiveLogSoftmax) nClusters() int     { return len(m.Cutoffs) - 1 }
func (m *AdaptiveLogSoftmax) headSize() int      { return m.shortlistSize() + m.nClusters() }

func (m *AdaptiveLogSoftmax) Base() *Base       { return &m.base }
func (m *AdaptiveLogSoftmax) TypeName() string  { return "AdaptiveLogSoftmaxWithLoss" }
func (m *AdaptiveLogSoftmax) ExtraRepr() string { return "" }

// Hypers are the attributes PyTorch's __init__ sets; cutoffs is a list
// (IntList) there.
func (m *AdaptiveLogSoftmax) Hypers() []Hyper {
	return []Hyper{{"in_features", m.InFeatures}, {"n_classes", m.NClasses}, {"cutoffs", IntList(m.Cutoffs)},
		{"div_value", m.DivValue}, {"head_bias", m.HeadBias}, {"shortlist_size", m.shortlistSize()},
		{"n_clusters", m.nClusters()}, {"head_size", m.headSize()}}
}

// IntList is a hyper-parameter that is a Python list of ints (a []int is
// a tuple).
type IntList []int

// Forward refuses the one-tensor call: the module needs a target.
func (m *AdaptiveLogSoftmax) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "forward() missing 1 required positional argument: 'target_'")
}

// sizeText is torch.Size([2, 3]), as a RuntimeError's second argument
// prints.
func sizeText(shape []int) string {
	parts := make([]string, len(shape))
	for i, s := range shape {
		parts[i] = fmt.Sprint(s)
	}
	return "torch.Size([" + strings.Join(parts, ", ") + "])"
}

// head and cluster return the submodules, as the program may have
// replaced them.
func (m *AdaptiveLogSoftmax) head() (Module, error) {
	h := m.base.Submodule("head")
	if h == nil {
		return nil, tensor.Errorf(tensor.TypeError, "'NoneType' object is not callable")
	}
	return h, nil
}

func (m *AdaptiveLogSoftmax) cluster(i int) (Module, error) {
	t, ok := m.base.Submodule("tail").(*Container)
	if !ok || i >= t.Len() {
		return nil, tensor.Errorf(tensor.IndexError, "index %d is out of range", i)
	}
	return t.Items()[i], nil
}

// ForwardTarget is forward(input, target): the log-probability of each
// row's target and the mean negative log-likelihood. A 0-d target takes a
// 1-D input (one example), a 1-D target a 2-D input.
func (m *AdaptiveLogSoftmax) ForwardTarget(input, target *tensor.Tensor) (output, loss *tensor.Tensor, err error) {
	switch target.Dim() {
	case 1:
		if input.Dim() == 0 {
			return nil, nil, tensor.Errorf(tensor.IndexError, "dimension specified as 0 but tensor has no dimensions")
		}
		if input.Shape()[0] != target.Shape()[0] {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "Input and target should have the same size in the batch dimension.")
		}
		if input.Dim() != 2 {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "('1D target tensor expects 2D input tensors, but found inputs with size', %s)", sizeText(input.Shape()))
		}
	case 0:
		if input.Dim() != 1 {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "('0D target tensor expects 1D input tensors, but found inputs with size', %s)", sizeText(input.Shape()))
		}
	default:
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "0D or 1D target tensor expected, multi-target not supported")
	}
	batched := target.Dim() > 0
	if !batched {
		if input, err = autograd.Unsqueeze(input, 0); err != nil {
			return nil, nil, err
		}
		if target, err = target.Unsqueeze(0); err != nil {
			return nil, nil, err
		}
	}
	vals, err := target.Float64s()
	if err != nil {
		return nil, nil, err
	}
	n := len(vals)
	gatherInds := make([]int64, n)
	// parts are the clusters' log-probabilities, after a zero for the rows
	// of the shortlist; pos is where each row's is.
	zero, err := tensor.Zeros(input.DType(), 1)
	if err != nil {
		return nil, nil, err
	}
	parts := []*tensor.Tensor{zero}
	pos := make([]int64, n)
	next := int64(1)
	used := 0
	low := 0
	for i, high := range m.Cutoffs {
		var rows, rel []int64
		for r, v := range vals {
			if v >= float64(low) && v < float64(high) {
				rows = append(rows, int64(r))
				rel = append(rel, int64(v)-int64(low))
			}
		}
		if len(rows) > 0 && i == 0 {
			for _, r := range rows {
				gatherInds[r] = int64(vals[r])
			}
		} else if len(rows) > 0 {
			if target.DType() != tensor.Int64 {
				return nil, nil, tensor.Errorf(tensor.RuntimeError, "gather(): Expected dtype int64 for index")
			}
			local, err := m.clusterLogProb(i-1, input, rows, rel)
			if err != nil {
				return nil, nil, err
			}
			for k, r := range rows {
				gatherInds[r] = int64(m.shortlistSize() + i - 1)
				pos[r] = next + int64(k)
			}
			next += int64(len(rows))
			parts = append(parts, local)
		}
		used += len(rows)
		low = high
	}
	if used != n {
		lo, hi := slices.Min(vals), slices.Max(vals)
		item := func(v float64) string { return fmt.Sprint(int64(v)) }
		if target.DType().IsFloating() {
			item = pyFloat
		}
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "Target values should be in [0, %d], but values in range [%s, %s] were found. ", m.NClasses-1, item(lo), item(hi))
	}
	if target.DType() != tensor.Int64 {
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "gather(): Expected dtype int64 for index")
	}
	all, err := autograd.Cat(parts, 0)
	if err != nil {
		return nil, nil, err
	}
	posT, err := tensor.FromValue(pos, tensor.Int64)
	if err != nil {
		return nil, nil, err
	}
	tail, err := autograd.IndexSelect(all, 0, posT)
	if err != nil {
		return nil, nil, err
	}
	h, err := m.head()
	if err != nil {
		return nil, nil, err
	}
	headOut, err := Call(h, input)
	if err != nil {
		return nil, nil, err
	}
	headLogProb, err := autograd.LogSoftmax(headOut, 1)
	if err != nil {
		return nil, nil, err
	}
	idx, err := tensor.FromValue(gatherInds, tensor.Int64)
	if err != nil {
		return nil, nil, err
	}
	if idx, err = idx.Unsqueeze(1); err != nil {
		return nil, nil, err
	}
	g, err := autograd.Gather(headLogProb, 1, idx)
	if err != nil {
		return nil, nil, err
	}
	if g, err = autograd.Squeeze(g, 1); err != nil {
		return nil, nil, err
	}
	if output, err = autograd.Add(tail, g); err != nil {
		return nil, nil, err
	}
	neg, err := autograd.Neg(output)
	if err != nil {
		return nil, nil, err
	}
	if loss, err = autograd.Mean(neg, nil, false); err != nil {
		return nil, nil, err
	}
	if !batched {
		if output, err = autograd.Squeeze(output, 0); err != nil {
			return nil, nil, err
		}
	}
	return output, loss, nil
}

// clusterLogProb is the log-probability, within cluster i, of the
// relative targets rel of the input rows.
func (m *AdaptiveLogSoftmax) clusterLogProb(i int, input *tensor.Tensor, rows, rel []int64) (*tensor.Tensor, error) {
	rowsT, err := tensor.FromValue(rows, tensor.Int64)
	if err != nil {
		return nil, err
	}
	sub, err := autograd.IndexSelect(input, 0, rowsT)
	if err != nil {
		return nil, err
	}
	c, err := m.cluster(i)
	if err != nil {
		return nil, err
	}
	out, err := Call(c, sub)
	if err != nil {
		return nil, err
	}
	lp, err := autograd.LogSoftmax(out, 1)
	if err != nil {
		return nil, err
	}
	relT, err := tensor.FromValue(rel, tensor.Int64)
	if err != nil {
		return nil, err
	}
	if relT, err = relT.Unsqueeze(1); err != nil {
		return nil, err
	}
	g, err := autograd.Gather(lp, 1, relT)
	if err != nil {
		return nil, err
	}
	return autograd.Squeeze(g, 1)
}

// LogProb is log_prob(input): the log-probabilities of all n_classes
// classes, [N, n_classes].
func (m *AdaptiveLogSoftmax) LogProb(input *tensor.Tensor) (*tensor.Tensor, error) {
	h, err := m.head()
	if err != nil {
		return nil, err
	}
	headOut, err := Call(h, input)
	if err != nil {
		return nil, err
	}
	return m.fullLogProb(input, headOut)
}

// fullLogProb is PyTorch's _get_full_log_prob: an empty [N, n_classes]
// tensor whose columns are written in place (so its history is
// CopySlices, as PyTorch's): the head's shortlist log-probabilities,
// then each cluster's plus its head log-probability.
func (m *AdaptiveLogSoftmax) fullLogProb(input, headOut *tensor.Tensor) (*tensor.Tensor, error) {
	headLogProb, err := autograd.LogSoftmax(headOut, 1)
	if err != nil {
		return nil, err
	}
	out, err := tensor.Zeros(input.DType(), headOut.Shape()[0], m.NClasses)
	if err != nil {
		return nil, err
	}
	columns := func(start, stop int) []tensor.Index {
		return []tensor.Index{tensor.IndexSlice(nil, nil, nil), tensor.IndexSlice(&start, &stop, nil)}
	}
	short := m.shortlistSize()
	first, err := autograd.Narrow(headLogProb, 1, 0, short)
	if err != nil {
		return nil, err
	}
	if err := autograd.IndexPut(out, columns(0, short), first); err != nil {
		return nil, err
	}
	for i := 0; i < m.nClusters(); i++ {
		c, err := m.cluster(i)
		if err != nil {
			return nil, err
		}
		co, err := Call(c, input)
		if err != nil {
			return nil, err
		}
		lp, err := autograd.LogSoftmax(co, 1)
		if err != nil {
			return nil, err
		}
		col, err := autograd.Narrow(headLogProb, 1, short+i, 1)
		if err != nil {
			return nil, err
		}
		sum, err := autograd.Add(lp, col)
		if err != nil {
			return nil, err
		}
		if err := autograd.IndexPut(out, columns(m.Cutoffs[i], m.Cutoffs[i+1]), sum); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Predict is predict(input): the most probable class of each row, from
// the head alone when it is in the shortlist.
func (m *AdaptiveLogSoftmax) Predict(input *tensor.Tensor) (*tensor.Tensor, error) {
	h, err := m.head()
	if err != nil {
		return nil, err
	}
	headOut, err := Call(h, input)
	if err != nil {
		return nil, err
	}
	best, err := tensor.Argmax(headOut, 1, false)
	if err != nil {
		return nil, err
	}
	classes, err := best.Float64s()
	if err != nil {
		return nil, err
	}
	var rows []int64
	for r, c := range classes {
		if int(c) >= m.shortlistSize() {
			rows = append(rows, int64(r))
		}
	}
	if len(rows) == 0 {
		return best, nil
	}
	rowsT, err := tensor.FromValue(rows, tensor.Int64)
	if err != nil {
		return nil, err
	}
	sub, err := tensor.IndexSelect(input.Detach(), 0, rowsT)
	if err != nil {
		return nil, err
	}
	subHead, err := tensor.IndexSelect(headOut.Detach(), 0, rowsT)
	if err != nil {
		return nil, err
	}
	var full *tensor.Tensor
	err = autograd.NoGrad(func() error {
		var err error
		full, err = m.fullLogProb(sub, subHead)
		return err
	})
	if err != nil {
		return nil, err
	}
	sel, err := tensor.Argmax(full, 1, false)
	if err != nil {
		return nil, err
	}
	picked, err := sel.Float64s()
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(classes))
	for r, c := range classes {
		out[r] = int64(c)
	}
	for k, r := range rows {
		out[r] = int64(picked[k])
	}
	return tensor.FromValue(out, tensor.Int64)
}
