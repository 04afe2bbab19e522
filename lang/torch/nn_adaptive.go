package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// nn.AdaptiveLogSoftmaxWithLoss (package nn's adaptive.go): its
// constructor, forward(input, target) giving the _ASMoutput named tuple,
// log_prob and predict.

// returnASMOutput is torch.nn.modules.adaptive._ASMoutput, the
// collections.namedtuple forward returns.
var returnASMOutput = &lang.ReturnType{Name: "_ASMoutput", Fields: []string{"output", "loss"}, Module: "torch.nn.modules.adaptive",
	Attrs: map[string]lang.Value{"_fields": lang.Tuple{"output", "loss"}}}

func defAdaptiveLogSoftmax() {
	const doc = "Efficient softmax approximation (Grave et al.): the classes below cutoffs[0] (the shortlist) are scored by the head, a Linear(in_features, shortlist + clusters) whose bias head_bias sets; each later cluster, between two cutoffs, by a tail Sequential(Linear(in_features, in_features // div_value**(i+1)), Linear(that, cluster size)) without bias. forward(input, target) returns _ASMoutput(output, loss): each row's target log-probability and the mean negative log-likelihood; log_prob(input) gives all n_classes log-probabilities, predict(input) the most probable class."
	defLayer("adaptive", "AdaptiveLogSoftmaxWithLoss(in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None)", doc, func(a *lang.Args) (nn.Module, error) {
		in, n, cutoffs, div, bias, d := a.Int("in_features"), a.Int("n_classes"), a.Ints("cutoffs"), a.Float("div_value"), a.Bool("head_bias"), layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewAdaptiveLogSoftmax(in, n, cutoffs, div, bias, d)
	})
	layerForwards["AdaptiveLogSoftmaxWithLoss"] = lang.NewBuiltin(lang.AsValue, "forward(self, input_, target_)", "_ASMoutput(output, loss): the log-probability of each row's target (a 1-D target with a 2-D input, or a 0-d target with a 1-D input) and the mean negative log-likelihood.", func(a *lang.Args) (lang.Value, error) {
		m, err := selfLayer[*nn.AdaptiveLogSoftmax](a)
		if err != nil {
			return nil, err
		}
		x, target := tensorArg(a, "input_"), tensorArg(a, "target_")
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, loss, err := m.ForwardTarget(x, target)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnASMOutput, out, loss), nil
	})
	layerMethods["AdaptiveLogSoftmaxWithLoss"] = map[string]*lang.Builtin{
		"log_prob": lang.NewBuiltin(lang.AsValue, "log_prob(self, input)", "The log-probabilities of all n_classes classes for each row of input, [N, n_classes].", func(a *lang.Args) (lang.Value, error) {
			m, err := selfLayer[*nn.AdaptiveLogSoftmax](a)
			if err != nil {
				return nil, err
			}
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(m.LogProb(x))
		}),
		"predict": lang.NewBuiltin(lang.AsValue, "predict(self, input)", "The most probable class of each row of input (log_prob(input).argmax(dim=1), the clusters evaluated only for rows whose best head entry is a cluster).", func(a *lang.Args) (lang.Value, error) {
			m, err := selfLayer[*nn.AdaptiveLogSoftmax](a)
			if err != nil {
				return nil, err
			}
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(m.Predict(x))
		}),
	}
}
