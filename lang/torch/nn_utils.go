package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
	"maps"
	"slices"
	"strings"
)

// torch.nn.utils (clip_grad_norm_, clip_grad_value_,
// parameters_to_vector, vector_to_parameters) and torch.nn.utils.rnn
// (pad_sequence and the packing functions of nn_packed.go), on package
// nn's utils.go.

// parametersArg reads a parameters argument: one tensor or an iterable
// (a list, model.parameters()) of tensors.
func parametersArg(a *lang.Args, name string) []*tensor.Tensor {
	v := a.Value(name)
	if a.Err() != nil {
		return nil
	}
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}
	}
	elems, err := lang.Collect(v)
	if err != nil {
		a.Fail(asError(err))
		return nil
	}
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			a.Fail(lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'grad'", lang.TypeName(e)))
			return nil
		}
		out[i] = t
	}
	return out
}

func defNNUtils() {
	clipGradNorm := func(a *lang.Args) (lang.Value, error) {
		params, maxNorm, normType, strict := parametersArg(a, "parameters"), a.Float("max_norm"), a.Float("norm_type"), a.Bool("error_if_nonfinite")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.ClipGradNorm(params, maxNorm, normType, strict))
	}
	const clipNormDoc = "Scales the gradients of parameters (a tensor or an iterable of tensors) in place so that their norm of order norm_type, over all of them as one vector, is at most max_norm; returns that norm before scaling. norm_type may be float('inf')."
	clipNorm := lang.NewBuiltin(lang.AsValue, "clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False)", clipNormDoc, clipGradNorm)
	clipNormOld := lang.NewBuiltin(lang.AsValue, "clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False)", "Deprecated alias of clip_grad_norm_, which warns: "+clipNormDoc, func(a *lang.Args) (lang.Value, error) {
		if err := warnUser(a, "torch.nn.utils.clip_grad_norm is now deprecated in favor of torch.nn.utils.clip_grad_norm_."); err != nil {
			return nil, err
		}
		return clipGradNorm(a)
	})
	clipValue := lang.NewBuiltin(lang.AsValue, "clip_grad_value_(parameters, clip_value)", "Clamps every gradient of parameters (a tensor or an iterable of tensors) into [-clip_value, clip_value], in place; returns None.", func(a *lang.Args) (lang.Value, error) {
		params, clip := parametersArg(a, "parameters"), a.Float("clip_value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, nn.ClipGradValue(params, clip)
	})
	toVector := lang.NewBuiltin(lang.AsValue, "parameters_to_vector(parameters)", "The parameters flattened and concatenated into one vector.", func(a *lang.Args) (lang.Value, error) {
		params := parametersArg(a, "parameters")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.ParametersToVector(params))
	})
	fromVector := lang.NewBuiltin(lang.AsValue, "vector_to_parameters(vec, parameters)", "Copies the vector vec into the parameters, each taking the next numel() elements as its data (param.data = ...); returns None.", func(a *lang.Args) (lang.Value, error) {
		vec, ok := a.Value("vec").(*tensor.Tensor)
		if a.Err() == nil && !ok {
			return nil, lang.Errorf(lang.TypeError, "expected torch.Tensor, but got: %s", lang.TypeName(a.Value("vec")))
		}
		params := parametersArg(a, "parameters")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, nn.VectorToParameters(vec, params)
	})
	padSequence := lang.NewBuiltin(lang.AsValue, "pad_sequence(sequences, batch_first=False, padding_value=0.0)", "Pads a list of tensors [L_i, *] with padding_value to the longest and stacks them: [L, B, *], or [B, L, *] with batch_first.", func(a *lang.Args) (lang.Value, error) {
		var seqs []*tensor.Tensor
		if t, ok := a.Value("sequences").(*tensor.Tensor); ok {
			parts, err := autograd.Unbind(t, 0)
			if err != nil {
				return nil, err
			}
			seqs = parts
		} else if elems, _, ok := lang.Sequence(a.Value("sequences")); !ok || len(elems) > 0 {
			seqs = tensorArgs(a, "sequences")
		}
		batchFirst, value := a.Bool("batch_first"), a.Float("padding_value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.PadSequence(seqs, batchFirst, value))
	})
	utils := map[string]lang.Value{}
	for _, b := range append([]*lang.Builtin{clipNorm, clipNormOld, clipValue, toVector, fromVector}, normUtils()...) {
		utils[b.Name] = b
	}
	// The modules defining them, as PyTorch has them.
	for name, members := range map[string][]*lang.Builtin{"clip_grad": {clipNorm, clipNormOld, clipValue}, "convert_parameters": {toVector, fromVector}} {
		attrs := map[string]lang.Value{}
		for _, b := range members {
			attrs[b.Name] = b
		}
		lang.RegisterModule("torch.nn.utils."+name, "The module of torch.nn.utils that defines "+strings.Join(slices.Sorted(maps.Keys(attrs)), ", ")+".", func() *lang.Module {
			return &lang.Module{Attrs: attrs}
		})
	}
	functionalCall, skip := statelessUtils(), skipInit()
	utils[skip.Name] = skip
	for name, b := range map[string]*lang.Builtin{"stateless": functionalCall, "init": skip} {
		attrs := map[string]lang.Value{b.Name: b}
		lang.RegisterModule("torch.nn.utils."+name, "The module of torch.nn.utils that defines "+b.Name+".", func() *lang.Module {
			return &lang.Module{Attrs: attrs}
		})
	}
	lang.RegisterModule("torch.nn.utils", "Helpers for training: clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters, weight_norm, spectral_norm and their remove_ functions, and torch.nn.utils.rnn.", func() *lang.Module {
		return &lang.Module{Attrs: utils}
	})
	rnn := map[string]lang.Value{padSequence.Name: padSequence}
	for _, b := range packingFunctions() {
		rnn[b.Name] = b
	}
	lang.RegisterModule("torch.nn.utils.rnn", "Helpers for recurrent layers: pad_sequence, pack_padded_sequence, pad_packed_sequence and pack_sequence.", func() *lang.Module {
		return &lang.Module{Attrs: rnn}
	})
}
