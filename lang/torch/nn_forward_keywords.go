package torch

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// forwardParams names the parameters of a built-in layer's forward whose
// call is layerForward's, as PyTorch's forward names them, and how many
// of them are required: Linear(...)(input=x), LSTM(...)(x, hx=(h, c)),
// CrossEntropyLoss()(input=y, target=t). The layers whose forward has a
// signature of its own (layerForwards) bind their keywords through it.
func forwardParams(m nn.Module) (params []string, required int) {
	switch m.(type) {
	case *nn.RNN, *nn.RNNCell:
		return []string{"input", "hx"}, 1
	case *nn.Loss:
		return []string{"input", "target"}, 2
	}
	return []string{"input"}, 1
}

// bindForwardKeywords places the keyword arguments of a call of a
// built-in layer after its positional ones, in the order of the layer's
// forward parameters, as Python binds a call of PyTorch's forward: an
// optional parameter left out between them is None; a name forward does
// not have, one given twice or a required one missing is Python's
// TypeError.
func bindForwardKeywords(l *Layer, args lang.Tuple, kwNames []string, kwVals []lang.Value) (lang.Tuple, error) {
	if len(kwNames) == 0 {
		return args, nil
	}
	params, required := forwardParams(l.Module)
	if len(args) > len(params) {
		return args, nil // forward's count check reports the extra positional arguments
	}
	given := make([]lang.Value, len(params))
	last := -1
	for i, name := range kwNames {
		at := slices.Index(params, name)
		if at < 0 {
			return nil, lang.Errorf(lang.TypeError, "%s.forward() got an unexpected keyword argument '%s'", l.TypeName(), name)
		}
		if at < len(args) || given[at] != nil {
			return nil, lang.Errorf(lang.TypeError, "%s.forward() got multiple values for argument '%s'", l.TypeName(), name)
		}
		given[at] = kwVals[i]
		last = max(last, at)
	}
	out := append(lang.Tuple(nil), args...)
	for i := len(args); i <= last; i++ {
		switch {
		case given[i] != nil:
			out = append(out, given[i])
		case i < required:
			return nil, lang.Errorf(lang.TypeError, "%s.forward() missing 1 required positional argument: '%s'", l.TypeName(), params[i])
		default:
			out = append(out, lang.None)
		}
	}
	return out, nil
}
