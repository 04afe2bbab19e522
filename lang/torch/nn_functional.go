package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
)

// The losses of torch.nn.functional that the loss modules added:
// l1_loss, binary_cross_entropy and binary_cross_entropy_with_logits
// (autograd/loss.go), global builtins like the other functions of F.

func defFunctionalLosses() {
	lang.NewBuiltin(lang.AsFunc, "l1_loss(input, target, *, reduction='mean')", "The mean absolute error abs(input - target), reduced by 'mean', 'sum' or 'none'.", func(a *lang.Args) (lang.Value, error) {
		x, target, reduction := tensorArg(a, "input"), a.TensorLike("target"), a.Str("reduction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.L1Loss(x, target, reduction))
	})
	lang.NewBuiltin(lang.AsFunc, "binary_cross_entropy(input, target, weight=None, *, reduction='mean')", "The binary cross-entropy -(y·log x + (1-y)·log(1-x)) of probabilities input (each in [0, 1]) at targets of the same shape, each log clamped at -100; weight rescales each element.", func(a *lang.Args) (lang.Value, error) {
		x, target, weight, reduction := tensorArg(a, "input"), a.Tensor("target"), a.OptTensor("weight"), a.Str("reduction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BinaryCrossEntropy(x, target, weight, reduction))
	})
	lang.NewBuiltin(lang.AsFunc, "binary_cross_entropy_with_logits(input, target, weight=None, *, reduction='mean', pos_weight=None)", "sigmoid and binary_cross_entropy in one, computed stably from the logits input; pos_weight weighs the positive targets, weight each element.", func(a *lang.Args) (lang.Value, error) {
		x, target, weight, posWeight, reduction := tensorArg(a, "input"), a.Tensor("target"), a.OptTensor("weight"), a.OptTensor("pos_weight"), a.Str("reduction")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BinaryCrossEntropyWithLogits(x, target, weight, posWeight, reduction))
	})
}
