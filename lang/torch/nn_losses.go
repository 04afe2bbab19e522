package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// The losses SmoothL1Loss, HuberLoss and KLDivLoss and their functions
// F.smooth_l1_loss, F.huber_loss and F.kl_div (package nn's
// loss_functions.go).

func defLosses() {
	defLayer("loss", "SmoothL1Loss(size_average=None, reduce=None, reduction='mean', beta=1.0)", "0.5·d²/beta where |d| < beta, else |d| - 0.5·beta, with d = input - target; beta=0 is the L1 loss.", func(a *lang.Args) (nn.Module, error) {
		c := lossConfig(a)
		c.Beta = a.Float("beta")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewLoss("SmoothL1Loss", c)
	})
	defLayer("loss", "HuberLoss(reduction='mean', delta=1.0)", "0.5·d² where |d| < delta, else delta·(|d| - 0.5·delta), with d = input - target.", func(a *lang.Args) (nn.Module, error) {
		c := nn.LossConfig{Reduction: a.Str("reduction"), Delta: a.Float("delta")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewLoss("HuberLoss", c)
	})
	defLayer("loss", "KLDivLoss(size_average=None, reduce=None, reduction='mean', log_target=False)", "The Kullback-Leibler divergence target·(log target - input) of log-probabilities input from target (log-probabilities too with log_target=True); reduction 'batchmean' divides the sum by the batch size, the mathematically right mean.", func(a *lang.Args) (nn.Module, error) {
		c := lossConfig(a)
		c.LogTarget = a.Bool("log_target")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewLoss("KLDivLoss", c)
	})
	lang.NewBuiltin(lang.AsFunc, "smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0)", "0.5·d²/beta where |d| < beta, else |d| - 0.5·beta, with d = input - target, reduced.", func(a *lang.Args) (lang.Value, error) {
		x, target, beta := tensorArg(a, "input"), a.TensorLike("target"), a.Float("beta")
		c := lossConfig(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.SmoothL1Loss(x, target, c.Reduction, beta))
	})
	lang.NewBuiltin(lang.AsFunc, "huber_loss(input, target, reduction='mean', delta=1.0)", "0.5·d² where |d| < delta, else delta·(|d| - 0.5·delta), with d = input - target, reduced.", func(a *lang.Args) (lang.Value, error) {
		x, target, reduction, delta := tensorArg(a, "input"), a.TensorLike("target"), a.Str("reduction"), a.Float("delta")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.HuberLoss(x, target, reduction, delta))
	})
	lang.NewBuiltin(lang.AsFunc, "kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False)", "The Kullback-Leibler divergence of log-probabilities input from target, reduced ('batchmean' divides the sum by the batch size).", func(a *lang.Args) (lang.Value, error) {
		x, target, logTarget := tensorArg(a, "input"), tensorArg(a, "target"), a.Bool("log_target")
		c := lossConfig(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.KLDivLoss(x, target, c.Reduction, logTarget))
	})
}
