package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Loss is a loss module: MSELoss, L1Loss, NLLLoss, CrossEntropyLoss,
// BCELoss, BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss. It is called with an input and a target.
type Loss struct {
	base Base
	name string
	// Reduction is "mean", "sum" or "none".
	Reduction string
	// IgnoreIndex is the target class left out (NLLLoss,
	// CrossEntropyLoss).
	IgnoreIndex int64
	// Beta (SmoothL1Loss), Delta (HuberLoss), LogTarget (KLDivLoss) and
	// LabelSmoothing (CrossEntropyLoss) are the losses' own arguments.
	Beta, Delta, LabelSmoothing float64
	LogTarget                   bool
	fn                          func(l *Loss, input, target *tensor.Tensor) (*tensor.Tensor, error)
}

// LossConfig holds the arguments of a loss module.
type LossConfig struct {
	Reduction   string
	IgnoreIndex int64
	// Weight is the per-element rescaling of BCELoss and BCEWithLogitsLoss
	// (nil for none); PosWeight BCEWithLogitsLoss's weight of positives.
	Weight, PosWeight *tensor.Tensor
	// Beta, Delta, LogTarget and LabelSmoothing are as in Loss.
	Beta, Delta, LabelSmoothing float64
	LogTarget                   bool
}

// NewLoss makes the loss module name ("MSELoss", "L1Loss", "NLLLoss",
// "NLLLoss2d" (PyTorch 1.13's deprecated alias class of NLLLoss),
// "CrossEntropyLoss", "BCELoss", "BCEWithLogitsLoss"). Weights are
// registered as buffers, as PyTorch does. A bad reduction is an error
// when the loss is computed, as in PyTorch.
func NewLoss(name string, c LossConfig) (*Loss, error) {
	l := &Loss{base: NewBase(), name: name, Reduction: c.Reduction, IgnoreIndex: c.IgnoreIndex,
		Beta: c.Beta, Delta: c.Delta, LabelSmoothing: c.LabelSmoothing, LogTarget: c.LogTarget}
	switch name {
	case "MSELoss":
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) { return autograd.MseLoss(x, y, l.Reduction) }
	case "L1Loss":
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) { return autograd.L1Loss(x, y, l.Reduction) }
	case "NLLLoss", "NLLLoss2d", "CrossEntropyLoss":
		l.base.SetBuffer("weight", c.Weight)
		f := NLLLoss
		if name == "CrossEntropyLoss" {
			f = CrossEntropyLoss
		}
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return f(x, y, ClassLossOptions{Weight: l.base.Buffer("weight"), Reduction: l.Reduction, IgnoreIndex: l.IgnoreIndex, LabelSmoothing: l.LabelSmoothing})
		}
	case "SmoothL1Loss":
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return SmoothL1Loss(x, y, l.Reduction, l.Beta)
		}
	case "HuberLoss":
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return HuberLoss(x, y, l.Reduction, l.Delta)
		}
	case "KLDivLoss":
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return KLDivLoss(x, y, l.Reduction, l.LogTarget)
		}
	case "BCELoss":
		l.base.SetBuffer("weight", c.Weight)
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.BinaryCrossEntropy(x, y, l.base.Buffer("weight"), l.Reduction)
		}
	case "BCEWithLogitsLoss":
		l.base.SetBuffer("weight", c.Weight)
		l.base.SetBuffer("pos_weight", c.PosWeight)
		l.fn = func(l *Loss, x, y *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.BinaryCrossEntropyWithLogits(x, y, l.base.Buffer("weight"), l.base.Buffer("pos_weight"), l.Reduction)
		}
	default:
		return nil, tensor.Errorf(tensor.ValueError, "unknown loss %s", name)
	}
	return l, nil
}

func (l *Loss) Base() *Base       { return &l.base }
func (l *Loss) TypeName() string  { return l.name }
func (l *Loss) ExtraRepr() string { return "" }
func (l *Loss) Hypers() []Hyper {
	h := []Hyper{{"reduction", l.Reduction}}
	switch l.name {
	case "NLLLoss", "NLLLoss2d":
		h = append(h, Hyper{"ignore_index", int(l.IgnoreIndex)})
	case "CrossEntropyLoss":
		h = append(h, Hyper{"ignore_index", int(l.IgnoreIndex)}, Hyper{"label_smoothing", l.LabelSmoothing})
	case "SmoothL1Loss":
		h = append(h, Hyper{"beta", l.Beta})
	case "HuberLoss":
		h = append(h, Hyper{"delta", l.Delta})
	case "KLDivLoss":
		h = append(h, Hyper{"log_target", l.LogTarget})
	}
	return h
}

// Loss computes the loss of input at target.
func (l *Loss) Loss(input, target *tensor.Tensor) (*tensor.Tensor, error) {
	return l.fn(l, input, target)
}

// Forward refuses: a loss takes an input and a target.
func (l *Loss) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "%s.forward() missing 1 required positional argument: 'target'", l.name)
}
