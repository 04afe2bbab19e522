package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions.utils: broadcast_all, clamp_probs,
// logits_to_probs, probs_to_logits and euler_constant, as PyTorch 1.13's.

func defDistributionsUtils(mod *lang.Module) {
	probsArg := func(a *lang.Args, name string) (*tensor.Tensor, bool, error) {
		t := a.Tensor(name)
		if err := a.Err(); err != nil {
			return nil, false, err
		}
		binary, err := lang.Truth(a.Value("is_binary"))
		return t, binary, err
	}
	utils := &lang.Module{Name: "torch.distributions.utils", Attrs: map[string]lang.Value{
		"euler_constant": eulerGamma,
		"broadcast_all": lang.NewBuiltin(lang.AsValue, "broadcast_all(*values)", "The values (tensors or numbers) broadcast together as tensors: numbers take the dtype of the first tensor among them, else float32.", func(a *lang.Args) (lang.Value, error) {
			vals := a.Value("values").(lang.Tuple)
			for _, v := range vals {
				if _, isT := v.(*tensor.Tensor); !isT {
					if _, isNum := lang.AsFloat(v); !isNum {
						return nil, lang.Errorf(lang.ValueError, "Input arguments must all be instances of numbers.Number, torch.Tensor or objects implementing __torch_function__.")
					}
				}
			}
			ts, _, err := broadcastAll(vals)
			if err != nil {
				return nil, err
			}
			out := make(lang.Tuple, len(ts))
			for i, t := range ts {
				out[i] = t
			}
			return out, nil
		}),
		"clamp_probs": lang.NewBuiltin(lang.AsValue, "clamp_probs(probs)", "probs clamped to [eps, 1 - eps] of their dtype.", func(a *lang.Args) (lang.Value, error) {
			p := a.Tensor("probs")
			if err := a.Err(); err != nil {
				return nil, err
			}
			c := &chainOps{}
			return c.clampProbs(p), c.err
		}),
		"probs_to_logits": lang.NewBuiltin(lang.AsValue, "probs_to_logits(probs, is_binary=False)", "Logits of probabilities (clamped first): log p - log(1 - p) when is_binary, else log p.", func(a *lang.Args) (lang.Value, error) {
			p, binary, err := probsArg(a, "probs")
			if err != nil {
				return nil, err
			}
			c := &chainOps{}
			p = c.clampProbs(p)
			if binary {
				return c.bin(autograd.Sub, c.un(autograd.Log, p), c.un(autograd.Log1p, c.un(autograd.Neg, p))), c.err
			}
			return c.un(autograd.Log, p), c.err
		}),
		"logits_to_probs": lang.NewBuiltin(lang.AsValue, "logits_to_probs(logits, is_binary=False)", "Probabilities of logits: sigmoid when is_binary, else softmax over the last dimension.", func(a *lang.Args) (lang.Value, error) {
			l, binary, err := probsArg(a, "logits")
			if err != nil {
				return nil, err
			}
			if binary {
				return result(autograd.Sigmoid(l))
			}
			return result(autograd.Softmax(l, -1))
		}),
	}}
	mod.Attrs["utils"] = utils
	lang.RegisterModule("torch.distributions.utils", "torch.distributions.utils: broadcast_all, clamp_probs, logits_to_probs, probs_to_logits and euler_constant.", func() *lang.Module { return utils })
}
