package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The torch-namespace forms of torch.nn.functional's functions that
// PyTorch also exposes as torch.* (torch.margin_ranking_loss,
// torch.relu_, ...), with the signatures of their ATen overloads: the
// losses take reduction as ATen's enum, 0 none, 1 mean, 2 sum. Each calls
// the functional builtin, so the rule stays in one place. PyTorch 1.13's
// argument parser cannot read the enum's default (Mean) and gives 0, and
// ATen reduces only for 1 and 2, so these losses are unreduced unless
// asked: torch.margin_ranking_loss(a, b, y) is per element.

// torchForms are the signatures of the torch.* forms; each name is the
// functional's, whose parameters of the same names receive the values.
var torchForms = []string{
	"cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0)",
	"hinge_embedding_loss(input, target, margin=1.0, reduction=0)",
	"margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0)",
	"triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=0)",
	"poisson_nll_loss(input, target, log_input, full, eps, reduction)",
	"ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0, zero_infinity=False)",
	"relu_(input)",
	"selu_(input)",
	"celu_(input, alpha=1.0)",
	"threshold_(input, threshold, value)",
	"rrelu(input, lower=0.125, upper=0.3333333333333333, training=False)",
	"rrelu_(input, lower=0.125, upper=0.3333333333333333, training=False)",
}

// reductionNames are ATen's reduction enum's values as functional names
// them; any other value does not reduce.
var reductionNames = map[int]string{1: "mean", 2: "sum"}

func defTorchForms() {
	for _, sig := range torchForms {
		name := sig[:strings.IndexByte(sig, '(')]
		var params []string
		for _, p := range strings.Split(sig[len(name)+1:len(sig)-1], ", ") {
			params = append(params, strings.SplitN(p, "=", 2)[0])
		}
		fn, ok := functionalOnly[name]
		if !ok {
			fn, _ = lang.LookupBuiltin(name)
		}
		lang.NewBuiltin(lang.AsFunc, sig, "torch's form of torch.nn.functional."+name+", as PyTorch has it (reduction, where it takes one, is ATen's enum: 1 'mean', 2 'sum', any other value (the default 0 too, as in PyTorch 1.13) unreduced).", func(a *lang.Args) (lang.Value, error) {
			vals := make([]lang.Value, len(params))
			for i, p := range params {
				vals[i] = a.Value(p)
				if p != "reduction" {
					continue
				}
				r := a.Int(p)
				if err := a.Err(); err != nil {
					return nil, err
				}
				vals[i] = "none"
				if n, ok := reductionNames[r]; ok {
					vals[i] = n
				}
			}
			return a.CallKw(fn, nil, params, vals)
		})
	}
}
