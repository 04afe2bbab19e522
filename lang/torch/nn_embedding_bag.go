package torch

import (
	"slices"

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

// bagModes are ATen's embedding_bag modes by number.
var bagModes = []string{"sum", "mean", "max"}

// defATenEmbeddingBag is torch.embedding_bag, ATen's form: weight first,
// the mode a number, and four results: the bags, offset2bag (the bag of
// each index), bag_size and max_indices, with PyTorch 1.13's CPU values
// for the last three. mode 0 (sum) without padding_idx takes ATen's fast
// path: offset2bag is empty; sum's bag_size and max_indices are zeros,
// mean's max_indices is bag_size, max's the row each maximum came from.
// bag_size leaves padding_idx's entries out, and with include_last_offset
// the last bag's runs to the input's end (as the mean divides it); sum's
// zeros have one entry per offset. (1.13 corrupts its heap for max, and
// for mean with padding_idx, with include_last_offset; kael gives the
// bags' values.)
func defATenEmbeddingBag() {
	lang.NewBuiltin(lang.AsFunc, "embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None)",
		"ATen's embedding_bag: a tuple (output, offset2bag, bag_size, max_indices) for 1-D indices split into bags at offsets; mode 0 sums, 1 averages, 2 takes the maximum. F.embedding_bag and nn.EmbeddingBag are the usual forms.",
		func(a *lang.Args) (lang.Value, error) {
			for i, name := range []string{"weight", "indices", "offsets"} {
				if _, ok := a.Value(name).(*tensor.Tensor); !ok {
					return nil, lang.Errorf(lang.TypeError, "embedding_bag(): argument '%s' (position %d) must be Tensor, not %s", name, i+1, lang.TypeName(a.Value(name)))
				}
			}
			w, x, offsets := tensorArg(a, "weight"), tensorArg(a, "indices"), tensorArg(a, "offsets")
			mode := a.Int("mode")
			o := nn.BagOptions{NormType: 2, ScaleGradByFreq: a.Bool("scale_grad_by_freq"), Sparse: a.Bool("sparse"),
				IncludeLastOff: a.Bool("include_last_offset"), PerSampleWeights: a.OptTensor("per_sample_weights"), Offsets: offsets}
			pad := a.OptInt("padding_idx")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if mode < 0 || mode >= len(bagModes) {
				return nil, lang.Errorf(lang.RuntimeError, "embedding_bag: mode must be 0 (sum), 1 (mean) or 2 (max), not %d", mode)
			}
			if w.Dim() != 2 {
				return nil, lang.Errorf(lang.IndexError, "Dimension out of range (expected to be in range of [-1, 0], but got 1)")
			}
			if x.Dim() != 1 {
				return nil, lang.Errorf(NotImplementedError, "kael's torch.embedding_bag takes 1-D indices with offsets, not %d-D ones: use F.embedding_bag, which makes a bag of each row", x.Dim())
			}
			o.Mode = bagModes[mode]
			if pad != nil {
				p := *pad
				if p < 0 { // a negative padding_idx counts from the end
					p += w.Shape()[0]
				}
				pad, o.PaddingIdx = &p, &p
			}
			out, err := nn.EmbeddingBagF(x, w, o)
			if err != nil {
				return nil, err
			}
			aux, err := bagAuxiliaries(x, w, offsets, mode, pad, o.IncludeLastOff)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{out, aux[0], aux[1], aux[2]}, nil
		})
}

// bagAuxiliaries are ATen's offset2bag, bag_size and max_indices for
// 1-D indices x and offsets (their values checked by the forward).
func bagAuxiliaries(x, w, offsets *tensor.Tensor, mode int, pad *int, lastOffset bool) ([3]*tensor.Tensor, error) {
	var out [3]*tensor.Tensor
	idx, err := x.Float64s()
	if err != nil {
		return out, err
	}
	offs, err := offsets.Float64s()
	if err != nil {
		return out, err
	}
	n := len(idx)
	bags := len(offs)
	if lastOffset && bags > 0 {
		bags--
	}
	padded := func(v float64) bool { return pad != nil && *pad >= 0 && int(v) == *pad }
	// offset2bag: ones added at each offset, the first less one, summed
	offset2bag := []int64{}
	if mode != 0 || pad != nil {
		marks := make([]int64, n+1)
		for _, o := range offs {
			if int(o) >= 0 && int(o) <= n {
				marks[int(o)]++
			}
		}
		marks[0]--
		offset2bag = make([]int64, n)
		var sum int64
		for i := range n {
			sum += marks[i]
			offset2bag[i] = sum
		}
	}
	// sum's zeros have one entry per offset, the last included
	sizes := make([]int64, len(offs))
	if mode != 0 {
		sizes = sizes[:bags]
		for b := range bags {
			start, end := int(offs[b]), n
			if b+1 < len(offs) && (b+1 < bags || !lastOffset) {
				end = int(offs[b+1])
			}
			for j := start; j < end && j < n; j++ {
				if !padded(idx[j]) {
					sizes[b]++
				}
			}
		}
	}
	maxIdx := sizes
	var maxShape []int
	if mode == 2 {
		d := w.Shape()[1]
		vals, err := w.Detach().Float64s()
		if err != nil {
			return out, err
		}
		maxIdx = make([]int64, bags*d)
		maxShape = []int{bags, d}
		for b := range bags {
			start, end := int(offs[b]), n
			if b+1 < len(offs) && (b+1 < bags || !lastOffset) {
				end = int(offs[b+1])
			}
			for c := range d {
				first := true
				best := 0.0
				for j := start; j < end && j < n; j++ {
					if padded(idx[j]) {
						continue
					}
					r := int(idx[j])
					if v := vals[r*d+c]; first || v > best {
						best, first = v, false
						maxIdx[b*d+c] = int64(r)
					}
				}
			}
		}
	}
	if out[0], err = tensor.FromSlice(offset2bag, len(offset2bag)); err != nil {
		return out, err
	}
	if out[1], err = tensor.FromSlice(sizes, len(sizes)); err != nil {
		return out, err
	}
	if maxShape == nil {
		maxShape = []int{len(maxIdx)}
	}
	out[2], err = tensor.FromSlice(slices.Clone(maxIdx), maxShape...)
	return out, err
}
