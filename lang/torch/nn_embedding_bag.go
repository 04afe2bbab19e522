package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.EmbeddingBag, its from_pretrained and F.embedding_bag (package nn's
// embedding_bag.go, the kernels in tensor/embedding_bag.go).

// bagArgs reads the arguments F.embedding_bag and the layer share.
func bagArgs(a *lang.Args) nn.BagOptions {
	return nn.BagOptions{MaxNorm: a.OptFloat("max_norm"), NormType: a.Float("norm_type"), ScaleGradByFreq: a.Bool("scale_grad_by_freq"),
		Mode: a.Str("mode"), Sparse: a.Bool("sparse"), IncludeLastOff: a.Bool("include_last_offset"), PaddingIdx: a.OptInt("padding_idx")}
}

// bagInputs reads input, offsets and per_sample_weights; offsets that are
// not None keep their Python type for the error of a 2-D input.
func bagInputs(a *lang.Args, o *nn.BagOptions) *tensor.Tensor {
	x := tensorArg(a, "input")
	if !a.IsNone("offsets") {
		v := a.Value("offsets")
		o.OffsetsType = "<class '" + lang.TypeName(v) + "'>"
		if _, ok := v.(*tensor.Tensor); ok {
			o.OffsetsType = "<class 'torch.Tensor'>"
		}
		o.Offsets = a.TensorLike("offsets")
	}
	o.PerSampleWeights = a.OptTensor("per_sample_weights")
	return x
}

func defEmbeddingBag() {
	const doc = "Sums, averages (mode='mean', the default) or takes the maximum of bags of rows of a table of num_embeddings vectors of size embedding_dim, without making the [N, L, dim] tensor of the rows: called with a 1-D input of indices and offsets (where each bag starts), or a 2-D input whose rows are the bags; per_sample_weights scales each row (mode='sum'), include_last_offset makes the last offset the end of the last bag, padding_idx rows are left out of their bags (and of the mean's count). Initialised standard normal as nn.Embedding, the padding row zero; max_norm renormalises the rows used, scale_grad_by_freq divides each row's gradient by its count. sparse=True is not supported."
	defLayer("sparse", "EmbeddingBag(num_embeddings, embedding_dim, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, mode='mean', sparse=False, _weight=None, include_last_offset=False, padding_idx=None, device=None, dtype=None)", doc, func(a *lang.Args) (nn.Module, error) {
		num, dim, o, d := a.Int("num_embeddings"), a.Int("embedding_dim"), bagArgs(a), layerDType(a)
		w := a.OptTensor("_weight")
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewEmbeddingBag(num, dim, w, o, d)
	})
	layerForwards["EmbeddingBag"] = lang.NewBuiltin(lang.AsValue, "forward(self, input, offsets=None, per_sample_weights=None)", "The bags of input (1-D with offsets, or 2-D) reduced by the layer's mode.", func(a *lang.Args) (lang.Value, error) {
		e, err := selfLayer[*nn.EmbeddingBag](a)
		if err != nil {
			return nil, err
		}
		o := e.Options()
		x := bagInputs(a, &o)
		if err := a.Err(); err != nil {
			return nil, err
		}
		w := e.Base().Parameter("weight")
		if w == nil {
			return nil, lang.Errorf(lang.TypeError, "EmbeddingBag.weight is None")
		}
		return result(nn.EmbeddingBagF(x, w, o))
	})
	fromPretrained := lang.NewBuiltin(lang.AsValue, "from_pretrained(embeddings, freeze=True, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, mode='mean', sparse=False, include_last_offset=False, padding_idx=None)", "An EmbeddingBag whose weight is the 2-D tensor embeddings (as a Parameter sharing its data), frozen (requires_grad False) unless freeze=False.", func(a *lang.Args) (lang.Value, error) {
		w, freeze, o := a.Tensor("embeddings"), a.Bool("freeze"), bagArgs(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if w.Dim() != 2 {
			return nil, lang.Errorf(lang.AssertionError, "Embeddings parameter is expected to be 2-dimensional")
		}
		e, err := nn.NewEmbeddingBag(w.Shape()[0], w.Shape()[1], w, o, w.DType())
		if err != nil {
			return nil, err
		}
		if freeze {
			if err := autograd.SetRequiresGrad(e.Base().Parameter("weight"), false); err != nil {
				return nil, err
			}
		}
		return newLayer(e), nil
	})
	lang.RegisterClassAttr(torchNN["EmbeddingBag"].(*lang.Builtin), "from_pretrained", fromPretrained)
	layerStatics["EmbeddingBag"] = map[string]lang.Value{"from_pretrained": fromPretrained}
	// F.embedding_bag only: torch.embedding_bag is ATen's, weight first,
	// returning four tensors.
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean', sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None)", "The bags of rows of weight that input picks, summed, averaged or maximised as nn.EmbeddingBag does: input 1-D with offsets (where each bag starts) or 2-D (one bag per row).", func(a *lang.Args) (lang.Value, error) {
		o := bagArgs(a)
		x := bagInputs(a, &o)
		w := tensorArg(a, "weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.EmbeddingBagF(x, w, o))
	}))
}
