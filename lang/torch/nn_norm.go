package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// The normalisation layers BatchNorm1d/2d/3d, InstanceNorm1d/2d/3d and
// GroupNorm and their functions F.batch_norm, F.instance_norm and
// F.group_norm (package nn's norm.go).

func defNorms() {
	for _, kind := range []struct{ name, defaults, doc string }{
		{"BatchNorm", "affine=True, track_running_stats=True", "Normalises each channel of [N, C, *] inputs by the batch's mean and biased variance while training, updating running_mean and running_var (unbiased) by momentum (momentum=None: a cumulative average) and counting num_batches_tracked; after eval() it uses the running statistics. weight starts at ones and bias at zeros."},
		{"InstanceNorm", "affine=False, track_running_stats=False", "Normalises each channel of each sample over its positions; weight (ones) and bias (zeros) with affine=True. An input without the batch dimension is accepted. track_running_stats=True is not supported."},
	} {
		for _, d := range []string{"1d", "2d", "3d"} {
			name := kind.name + d
			file := "batchnorm"
			if kind.name == "InstanceNorm" {
				file = "instancenorm"
			}
			defLayer(file, name+"(num_features, eps=1e-05, momentum=0.1, "+kind.defaults+", device=None, dtype=None)", kind.doc, func(a *lang.Args) (nn.Module, error) {
				features, eps, momentum := a.Int("num_features"), a.Float("eps"), a.OptFloat("momentum")
				affine, track, dtype := a.Bool("affine"), a.Bool("track_running_stats"), layerDType(a)
				layerDevice(a)
				if kind.name == "InstanceNorm" {
					refuseGiven(a, "track_running_stats", false, "running statistics of instance normalisation are not implemented")
				}
				if err := a.Err(); err != nil {
					return nil, err
				}
				return nn.NewNorm(name, features, eps, momentum, affine, track, dtype)
			})
		}
	}
	defLayer("normalization", "GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None)", "Splits the channels of [N, C, *] inputs into num_groups groups and normalises each group of each sample; weight starts at ones and bias at zeros.", func(a *lang.Args) (nn.Module, error) {
		groups, channels, eps, affine, dtype := a.Int("num_groups"), a.Int("num_channels"), a.Float("eps"), a.Bool("affine"), layerDType(a)
		layerDevice(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewGroupNorm(groups, channels, eps, affine, dtype)
	})
	lang.NewBuiltin(lang.AsFunc, "batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05)", "Normalises each channel (dimension 1) of input: by the batch's statistics when training (moving running_mean and running_var toward them by momentum, when given), else by running_mean and running_var; then weight and bias per channel.", func(a *lang.Args) (lang.Value, error) {
		x, rm, rv := tensorArg(a, "input"), a.OptTensor("running_mean"), a.OptTensor("running_var")
		w, b, training, momentum, eps := a.OptTensor("weight"), a.OptTensor("bias"), a.Bool("training"), a.Float("momentum"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.BatchNormFunc(x, rm, rv, w, b, training, momentum, eps))
	})
	lang.NewBuiltin(lang.AsFunc, "instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, eps=1e-05)", "Normalises each channel of each sample of input [N, C, *] over its positions, then weight and bias per channel. Running statistics are not supported.", func(a *lang.Args) (lang.Value, error) {
		x, w, b, eps := tensorArg(a, "input"), a.OptTensor("weight"), a.OptTensor("bias"), a.Float("eps")
		refuseGiven(a, "running_mean", lang.None, "running statistics of instance normalisation are not implemented")
		refuseGiven(a, "running_var", lang.None, "running statistics of instance normalisation are not implemented")
		refuseGiven(a, "use_input_stats", true, "running statistics of instance normalisation are not implemented")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.InstanceNormFunc(x, w, b, eps))
	})
	lang.NewBuiltin(lang.AsFunc, "group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)", "Normalises each group of num_groups channels of each sample of input [N, C, *], then weight and bias per channel.", func(a *lang.Args) (lang.Value, error) {
		x, groups, w, b, eps := tensorArg(a, "input"), a.Int("num_groups"), a.OptTensor("weight"), a.OptTensor("bias"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.GroupNormFunc(x, groups, w, b, eps))
	})
}
