package nn

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// CTCLossF is F.ctc_loss (ATen's ctc_loss): the connectionist temporal
// classification loss of log-probabilities [T, N, C] (or [T, C], one
// unbatched sequence) at targets ([N, S] padded, or 1-D concatenated),
// each batch item using its input length of the T steps and its target
// length of labels; blank is the blank label. An infinite loss (no
// alignment) becomes 0 with zeroInfinity; reduction 'mean' divides each
// loss by its target length (at least 1) before the mean over the batch.
func CTCLossF(logProbs, targets *tensor.Tensor, inputLengths, targetLengths []int, blank int, reduction string, zeroInfinity bool) (*tensor.Tensor, error) {
	r, err := tensor.LossReduction(reduction)
	if err != nil {
		return nil, err
	}
	batched := logProbs.Dim() == 3
	lp := logProbs
	if !batched {
		if lp, err = autograd.Unsqueeze(logProbs, 1); err != nil {
			return nil, err
		}
	}
	c, err := tensor.NewCTC(lp, targets, inputLengths, targetLengths, blank)
	if err != nil {
		return nil, err
	}
	res, err := autograd.CTCLoss(lp, c, zeroInfinity)
	if err != nil {
		return nil, err
	}
	ch := &chain{}
	if zeroInfinity {
		inf := ch.do(func() (*tensor.Tensor, error) { return tensor.Eq(res.Detach(), tensor.MustScalar(math.Inf(1))) })
		zero := ch.do(func() (*tensor.Tensor, error) { return tensor.Zeros(res.DType()) })
		res = ch.do(func() (*tensor.Tensor, error) { return autograd.Where(inf, zero, res) })
	}
	switch r {
	case "mean":
		lengths := make([]float64, len(targetLengths))
		for i, n := range targetLengths {
			lengths[i] = float64(max(n, 1))
		}
		tl := ch.do(func() (*tensor.Tensor, error) {
			t, err := tensor.FromSlice(lengths)
			if err != nil {
				return nil, err
			}
			return t.To(res.DType())
		})
		return ch.do(func() (*tensor.Tensor, error) { return autograd.Mean(ch.div(res, tl), nil, false) }), ch.err
	case "sum":
		return ch.do(func() (*tensor.Tensor, error) { return autograd.Sum(res, nil, false) }), ch.err
	}
	if !batched {
		res = ch.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(res, 0) })
	}
	return res, ch.err
}

// CTCLoss is nn.CTCLoss: F.ctc_loss with the module's blank, reduction
// and zero_infinity, called with log_probs, targets, input_lengths and
// target_lengths.
type CTCLoss struct {
	base         Base
	Blank        int
	Reduction    string
	ZeroInfinity bool
}

// NewCTCLoss makes a CTCLoss module; a bad reduction is refused when the
// loss is computed, as in PyTorch.
func NewCTCLoss(blank int, reduction string, zeroInfinity bool) *CTCLoss {
	return &CTCLoss{base: NewBase(), Blank: blank, Reduction: reduction, ZeroInfinity: zeroInfinity}
}

func (l *CTCLoss) Base() *Base       { return &l.base }
func (l *CTCLoss) TypeName() string  { return "CTCLoss" }
func (l *CTCLoss) ExtraRepr() string { return "" }
func (l *CTCLoss) Hypers() []Hyper {
	return []Hyper{{"blank", l.Blank}, {"reduction", l.Reduction}, {"zero_infinity", l.ZeroInfinity}}
}

// Loss is the module's loss of logProbs at targets.
func (l *CTCLoss) Loss(logProbs, targets *tensor.Tensor, inputLengths, targetLengths []int) (*tensor.Tensor, error) {
	return CTCLossF(logProbs, targets, inputLengths, targetLengths, l.Blank, l.Reduction, l.ZeroInfinity)
}

// Forward refuses: the loss takes four arguments.
func (l *CTCLoss) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "CTCLoss.forward() missing 3 required positional arguments: 'targets', 'input_lengths', and 'target_lengths'")
}
