package tensor

import (
	"math"
)

// The functions of torch.nn.init that draw or fill, at the tensor level.
// They overwrite their tensor in place as PyTorch's do under no_grad, with
// the same arithmetic on the bounds, so that after the same seed they give
// PyTorch's parameters.

// InitUniform is nn.init.uniform_(t, a, b).
func InitUniform(t *Tensor, a, b float64, g *Generator) error { return FillUniform(t, a, b, g) }

// InitNormal is nn.init.normal_(t, mean, std).
func InitNormal(t *Tensor, mean, std float64, g *Generator) error {
	return FillNormal(t, mean, std, g)
}

// InitZeros is nn.init.zeros_(t).
func InitZeros(t *Tensor) error { return t.Fill(0) }

// InitOnes is nn.init.ones_(t).
func InitOnes(t *Tensor) error { return t.Fill(1) }

// FanInAndFanOut is nn.init._calculate_fan_in_and_fan_out: for a weight of
// shape (out, in, *kernel), in and out times the kernel's size.
func FanInAndFanOut(t *Tensor) (fanIn, fanOut int, err error) {
	if t.Dim() < 2 {
		return 0, 0, valueErrorf("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
	}
	receptive := 1
	for _, s := range t.shape[2:] {
		receptive *= s
	}
	return t.shape[1] * receptive, t.shape[0] * receptive, nil
}

// CalculateGain is nn.init.calculate_gain(nonlinearity, param): the
// recommended scale for a nonlinearity. param is leaky_relu's negative
// slope (nil: 0.01) and is ignored otherwise.
func CalculateGain(nonlinearity string, param *float64) (float64, error) {
	switch nonlinearity {
	case "linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "sigmoid":
		return 1, nil
	case "tanh":
		return 5.0 / 3, nil
	case "relu":
		return math.Sqrt(2.0), nil
	case "leaky_relu":
		slope := 0.01
		if param != nil {
			slope = *param
		}
		return math.Sqrt(2.0 / (1 + slope*slope)), nil
	case "selu":
		return 3.0 / 4, nil
	}
	return 0, valueErrorf("Unsupported nonlinearity %s", nonlinearity)
}

// correctFan is nn.init._calculate_correct_fan.
func correctFan(t *Tensor, mode string) (int, error) {
	if mode != "fan_in" && mode != "fan_out" {
		return 0, valueErrorf("Mode %s not supported, please use one of fan_in, fan_out", mode)
	}
	in, out, err := FanInAndFanOut(t)
	if mode == "fan_in" {
		return in, err
	}
	return out, err
}

// InitKaimingUniform is nn.init.kaiming_uniform_(t, a, mode,
// nonlinearity): uniform in ±sqrt(3)·gain/sqrt(fan). A tensor without
// elements is left alone, as PyTorch does (it warns).
func InitKaimingUniform(t *Tensor, a float64, mode, nonlinearity string, g *Generator) error {
	std, err := kaimingStd(t, a, mode, nonlinearity)
	if err != nil || t.Numel() == 0 {
		return err
	}
	bound := math.Sqrt(3.0) * std
	return FillUniform(t, -bound, bound, g)
}

// InitKaimingNormal is nn.init.kaiming_normal_(t, a, mode, nonlinearity):
// normal with standard deviation gain/sqrt(fan).
func InitKaimingNormal(t *Tensor, a float64, mode, nonlinearity string, g *Generator) error {
	std, err := kaimingStd(t, a, mode, nonlinearity)
	if err != nil || t.Numel() == 0 {
		return err
	}
	return FillNormal(t, 0, std, g)
}

// kaimingStd is He initialisation's gain/sqrt(fan); nothing is checked for
// a tensor without elements, which PyTorch leaves alone.
func kaimingStd(t *Tensor, a float64, mode, nonlinearity string) (float64, error) {
	if t.Numel() == 0 {
		return 0, nil
	}
	fan, err := correctFan(t, mode)
	if err != nil {
		return 0, err
	}
	gain, err := CalculateGain(nonlinearity, &a)
	if err != nil {
		return 0, err
	}
	return gain / math.Sqrt(float64(fan)), nil
}

// InitXavierUniform is nn.init.xavier_uniform_(t, gain): uniform in
// ±sqrt(3)·gain·sqrt(2/(fan_in+fan_out)).
func InitXavierUniform(t *Tensor, gain float64, g *Generator) error {
	in, out, err := FanInAndFanOut(t)
	if err != nil {
		return err
	}
	std := gain * math.Sqrt(2.0/float64(in+out))
	a := math.Sqrt(3.0) * std
	return FillUniform(t, -a, a, g)
}

// InitXavierNormal is nn.init.xavier_normal_(t, gain).
func InitXavierNormal(t *Tensor, gain float64, g *Generator) error {
	in, out, err := FanInAndFanOut(t)
	if err != nil {
		return err
	}
	return FillNormal(t, 0, gain*math.Sqrt(2.0/float64(in+out)), g)
}

// InitLinear gives the weight (out, in) and bias (out; nil for none) of a
// linear layer nn.Linear's default initialisation: kaiming_uniform_ with
// a = sqrt(5) for the weight, then uniform in ±1/sqrt(in) for the bias.
func InitLinear(weight, bias *Tensor, g *Generator) error {
	if err := InitKaimingUniform(weight, math.Sqrt(5), "fan_in", "leaky_relu", g); err != nil {
		return err
	}
	if bias == nil {
		return nil
	}
	in, _, err := FanInAndFanOut(weight)
	if err != nil {
		return err
	}
	bound := 0.0
	if in > 0 {
		bound = 1 / math.Sqrt(float64(in))
	}
	return FillUniform(bias, -bound, bound, g)
}

// InitEmbedding gives an embedding table nn.Embedding's default
// initialisation: standard normal values.
func InitEmbedding(weight *Tensor, g *Generator) error { return FillNormal(weight, 0, 1, g) }

// InitLayerNorm gives a layer norm's weight and bias nn.LayerNorm's
// default: ones and zeros.
func InitLayerNorm(weight, bias *Tensor) error {
	if err := InitOnes(weight); err != nil {
		return err
	}
	return InitZeros(bias)
}
