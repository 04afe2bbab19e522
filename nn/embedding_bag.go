package nn

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// BagOptions are the arguments of F.embedding_bag beside input and
// weight, with PyTorch's names.
type BagOptions struct {
	Offsets          *tensor.Tensor // nil for None
	OffsetsType      string         // type(offsets) as Python prints it, for the error of a 2-D input
	PerSampleWeights *tensor.Tensor
	MaxNorm          *float64
	NormType         float64
	ScaleGradByFreq  bool
	Mode             string
	Sparse           bool
	IncludeLastOff   bool
	PaddingIdx       *int
}

// EmbeddingBagF is F.embedding_bag: the checks of PyTorch 1.13's
// functional.py in its order, a 2-D input made bags of its rows, then the
// bags summed, averaged or maximised (autograd.EmbeddingBag).
func EmbeddingBagF(input, weight *tensor.Tensor, o BagOptions) (*tensor.Tensor, error) {
	psw, offsets := o.PerSampleWeights, o.Offsets
	if psw != nil && !sameShape(psw.Shape(), input.Shape()) {
		return nil, tensor.Errorf(tensor.ValueError, "embedding_bag: If per_sample_weights (%s) is not None, then it must have the same shape as the input (%s)", pyShape(psw.Shape()), pyShape(input.Shape()))
	}
	var err error
	switch input.Dim() {
	case 2:
		if offsets != nil || o.OffsetsType != "" {
			return nil, tensor.Errorf(tensor.ValueError, "if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type %s", o.OffsetsType)
		}
		n, step := input.Numel(), input.Shape()[1]
		starts := []int64{}
		for i := 0; i < n && step > 0; i += step {
			starts = append(starts, int64(i))
		}
		if offsets, err = tensor.FromSlice(starts, len(starts)); err != nil {
			return nil, err
		}
		if offsets, err = offsets.To(input.DType()); err != nil {
			return nil, err
		}
		if input, err = input.Reshape(-1); err != nil {
			return nil, err
		}
		if psw != nil {
			if psw, err = autograd.Reshape(psw, -1); err != nil {
				return nil, err
			}
		}
	case 1:
		if offsets == nil {
			return nil, tensor.Errorf(tensor.ValueError, "offsets has to be a 1D Tensor but got None")
		}
		if offsets.Dim() != 1 {
			return nil, tensor.Errorf(tensor.ValueError, "offsets has to be a 1D Tensor")
		}
	default:
		return nil, tensor.Errorf(tensor.ValueError, "input has to be 1D or 2D Tensor, but got Tensor of dimension %d", input.Dim())
	}
	mode := map[string]int{"sum": tensor.BagSum, "mean": tensor.BagMean, "max": tensor.BagMax}
	m, ok := mode[o.Mode]
	if !ok {
		return nil, tensor.Errorf(tensor.ValueError, "mode has to be one of sum, mean or max")
	}
	if m == tensor.BagMax && o.ScaleGradByFreq {
		return nil, tensor.Errorf(tensor.ValueError, "max mode does not support scaling the gradient by the frequency")
	}
	if m == tensor.BagMax && o.Sparse {
		return nil, tensor.Errorf(tensor.ValueError, "max mode does not support sparse weights")
	}
	if o.Sparse {
		return nil, tensor.Errorf(tensor.NotImplementedError, "kael has no sparse gradients: embedding_bag(sparse=True) is not supported").
			WithHint("leave sparse=False; the weight then gets a dense gradient")
	}
	if o.MaxNorm != nil {
		if err := tensor.EmbeddingRenorm(weight, input, *o.MaxNorm, o.NormType); err != nil {
			return nil, err
		}
	}
	if psw != nil && m != tensor.BagSum {
		return nil, tensor.Errorf(tensor.NotImplementedError, "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='%s'). Please open a feature request on GitHub.", o.Mode)
	}
	pad := -1
	if o.PaddingIdx != nil {
		pad = *o.PaddingIdx
		if weight.Dim() == 0 {
			return nil, tensor.Errorf(tensor.IndexError, "Dimension specified as 0 but tensor has no dimensions")
		}
		n := weight.Shape()[0]
		if pad < -n || pad >= n {
			return nil, tensor.Errorf(tensor.RuntimeError, "padding_idx must be within the number of embeddings, %d through %d, but got %d", -n, n-1, pad)
		}
		if pad < 0 {
			pad += n
		}
	}
	b, err := tensor.NewBags(weight, input, offsets, m, o.IncludeLastOff, pad)
	if err != nil {
		return nil, err
	}
	return autograd.EmbeddingBag(weight, b, psw, o.ScaleGradByFreq)
}

// EmbeddingBag is nn.EmbeddingBag: an Embedding's table whose forward
// reduces bags of rows (F.embedding_bag with the layer's settings).
type EmbeddingBag struct {
	base                        Base
	NumEmbeddings, EmbeddingDim int
	MaxNorm                     *float64
	NormType                    float64
	ScaleGradByFreq             bool
	Mode                        string
	Sparse                      bool
	IncludeLastOffset           bool
	PaddingIdx                  *int
}

// NewEmbeddingBag makes an EmbeddingBag layer, its weight initialised as
// Embedding's (standard normal, the padding row zero), or weight itself
// when it is not nil (_weight). A negative padding index counts from the
// end.
func NewEmbeddingBag(num, dim int, weight *tensor.Tensor, o BagOptions, dtype tensor.DType) (*EmbeddingBag, error) {
	if o.PaddingIdx != nil {
		p := *o.PaddingIdx
		if p >= num || p < -num {
			return nil, tensor.Errorf(tensor.AssertionError, "padding_idx must be within num_embeddings")
		}
		if p < 0 {
			p += num
		}
		o.PaddingIdx = &p
	}
	e := &EmbeddingBag{base: NewBase(), NumEmbeddings: num, EmbeddingDim: dim, MaxNorm: o.MaxNorm, NormType: o.NormType,
		ScaleGradByFreq: o.ScaleGradByFreq, Mode: o.Mode, Sparse: o.Sparse, IncludeLastOffset: o.IncludeLastOff, PaddingIdx: o.PaddingIdx}
	if weight != nil {
		if s := weight.Shape(); len(s) != 2 || s[0] != num || s[1] != dim {
			return nil, tensor.Errorf(tensor.AssertionError, "Shape of weight does not match num_embeddings and embedding_dim")
		}
		p, err := NewParameter(weight, true)
		if err != nil {
			return nil, err
		}
		e.base.SetParameter("weight", p)
		return e, nil
	}
	emb, err := NewEmbedding(num, dim, o.PaddingIdx, dtype)
	if err != nil {
		return nil, err
	}
	e.base.SetParameter("weight", emb.base.Parameter("weight"))
	return e, nil
}

func (e *EmbeddingBag) Base() *Base      { return &e.base }
func (e *EmbeddingBag) TypeName() string { return "EmbeddingBag" }

// ExtraRepr is PyTorch's: the sizes, the settings that differ from their
// defaults, the mode, and padding_idx.
func (e *EmbeddingBag) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d", e.NumEmbeddings, e.EmbeddingDim)
	if e.MaxNorm != nil {
		s += ", max_norm=" + pyFloat(*e.MaxNorm)
	}
	if e.NormType != 2 {
		s += ", norm_type=" + pyFloat(e.NormType)
	}
	if e.ScaleGradByFreq {
		s += ", scale_grad_by_freq=True"
	}
	s += ", mode=" + e.Mode
	if e.PaddingIdx != nil {
		s += fmt.Sprintf(", padding_idx=%d", *e.PaddingIdx)
	}
	return s
}

func (e *EmbeddingBag) Hypers() []Hyper {
	var pad, maxNorm any
	if e.PaddingIdx != nil {
		pad = *e.PaddingIdx
	}
	if e.MaxNorm != nil {
		maxNorm = *e.MaxNorm
	}
	return []Hyper{{"num_embeddings", e.NumEmbeddings}, {"embedding_dim", e.EmbeddingDim}, {"max_norm", maxNorm}, {"norm_type", e.NormType},
		{"scale_grad_by_freq", e.ScaleGradByFreq}, {"mode", e.Mode}, {"sparse", e.Sparse}, {"include_last_offset", e.IncludeLastOffset}, {"padding_idx", pad}}
}

// Options are the layer's settings as F.embedding_bag's arguments.
func (e *EmbeddingBag) Options() BagOptions {
	return BagOptions{MaxNorm: e.MaxNorm, NormType: e.NormType, ScaleGradByFreq: e.ScaleGradByFreq, Mode: e.Mode,
		Sparse: e.Sparse, IncludeLastOff: e.IncludeLastOffset, PaddingIdx: e.PaddingIdx}
}

// Forward reduces the rows of each row of a 2-D input (the bags a
// Sequential can pass; offsets and per-sample weights come through the
// language's forward).
func (e *EmbeddingBag) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := e.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "EmbeddingBag.weight is None")
	}
	return EmbeddingBagF(x, w, e.Options())
}
