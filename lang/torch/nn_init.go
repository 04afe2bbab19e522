package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// nnInitModule is torch.nn.init: the initialisers overwrite their tensor in
// place (as PyTorch's do under no_grad) from the default generator, giving
// PyTorch's values for the same seed, and return it. Its functions are the
// Builtins of NNInitFunctions, for a module registry to list. It is filled
// by defNNInit, since builtins refer back to the modules.
var nnInitModule = &lang.Module{Name: "torch.nn.init", Attrs: map[string]lang.Value{}}

func defNNInit() {
	for _, b := range NNInitFunctions() {
		nnInitModule.Attrs[b.Name] = b
	}
}

// NNInitFunctions returns the functions of torch.nn.init: uniform_,
// normal_, kaiming_uniform_, kaiming_normal_, xavier_uniform_,
// xavier_normal_, zeros_, ones_ and calculate_gain.
func NNInitFunctions() []*lang.Builtin {
	initTensor := func(sig, doc string, fill func(a *lang.Args, t *tensor.Tensor) error) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			t := a.Tensor("tensor")
			if err := a.Err(); err != nil {
				return nil, err
			}
			err := fill(a, t)
			if aerr := a.Err(); aerr != nil {
				return nil, aerr
			}
			return inPlace(t, err)
		})
	}
	kaiming := func(a *lang.Args) (float64, string, string) {
		return a.Float("a"), a.Str("mode"), a.Str("nonlinearity")
	}
	return []*lang.Builtin{
		initTensor("uniform_(tensor, a=0.0, b=1.0)", "Fills tensor with values uniform in [a, b).", func(a *lang.Args, t *tensor.Tensor) error {
			lo, hi := a.Float("a"), a.Float("b")
			if a.Err() != nil {
				return nil
			}
			return tensor.InitUniform(t, lo, hi, nil)
		}),
		initTensor("normal_(tensor, mean=0.0, std=1.0)", "Fills tensor with normal values of the given mean and standard deviation.", func(a *lang.Args, t *tensor.Tensor) error {
			mean, std := a.Float("mean"), a.Float("std")
			if a.Err() != nil {
				return nil
			}
			return tensor.InitNormal(t, mean, std, nil)
		}),
		initTensor("kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu')", "He initialisation: uniform in ±gain·sqrt(3/fan), fan the tensor's fan_in (or fan_out). nn.Linear uses a=sqrt(5).", func(a *lang.Args, t *tensor.Tensor) error {
			slope, mode, nl := kaiming(a)
			if a.Err() != nil {
				return nil
			}
			return tensor.InitKaimingUniform(t, slope, mode, nl, nil)
		}),
		initTensor("kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu')", "He initialisation: normal with standard deviation gain/sqrt(fan).", func(a *lang.Args, t *tensor.Tensor) error {
			slope, mode, nl := kaiming(a)
			if a.Err() != nil {
				return nil
			}
			return tensor.InitKaimingNormal(t, slope, mode, nl, nil)
		}),
		initTensor("xavier_uniform_(tensor, gain=1.0)", "Glorot initialisation: uniform in ±gain·sqrt(6/(fan_in+fan_out)).", func(a *lang.Args, t *tensor.Tensor) error {
			gain := a.Float("gain")
			if a.Err() != nil {
				return nil
			}
			return tensor.InitXavierUniform(t, gain, nil)
		}),
		initTensor("xavier_normal_(tensor, gain=1.0)", "Glorot initialisation: normal with standard deviation gain·sqrt(2/(fan_in+fan_out)).", func(a *lang.Args, t *tensor.Tensor) error {
			gain := a.Float("gain")
			if a.Err() != nil {
				return nil
			}
			return tensor.InitXavierNormal(t, gain, nil)
		}),
		initTensor("orthogonal_(tensor, gain=1)", "Fills tensor (2 or more dimensions, flattened after the first) with a (semi-)orthogonal matrix times gain: the Q of the QR decomposition of a normal matrix, its columns signed by R's diagonal, as PyTorch draws it.", func(a *lang.Args, t *tensor.Tensor) error {
			gain := a.Float("gain")
			if a.Err() != nil {
				return nil
			}
			return initOrthogonal(t, gain)
		}),
		initTensor("zeros_(tensor)", "Fills tensor with zeros.", func(_ *lang.Args, t *tensor.Tensor) error { return tensor.InitZeros(t) }),
		initTensor("ones_(tensor)", "Fills tensor with ones.", func(_ *lang.Args, t *tensor.Tensor) error { return tensor.InitOnes(t) }),
		lang.NewBuiltin(lang.AsValue, "calculate_gain(nonlinearity, param=None)", "The recommended gain for a nonlinearity: 1 for linear and sigmoid, 5/3 for tanh, sqrt(2) for relu, sqrt(2/(1+slope²)) for leaky_relu (param is the slope, 0.01 by default).", func(a *lang.Args) (lang.Value, error) {
			nl := a.Str("nonlinearity")
			var param *float64
			if !a.IsNone("param") {
				p := a.Float("param")
				param = &p
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			g, err := tensor.CalculateGain(nl, param)
			if err != nil {
				return nil, err
			}
			return g, nil
		}),
	}
}

// initOrthogonal is torch.nn.init.orthogonal_, step for step.
func initOrthogonal(t *tensor.Tensor, gain float64) error {
	if t.Dim() < 2 {
		return lang.Errorf(lang.ValueError, "Only tensors with 2 or more dimensions are supported")
	}
	if t.Numel() == 0 {
		return nil // no-op
	}
	rows := t.Shape()[0]
	cols := t.Numel() / rows
	flat, err := tensor.Empty(t.DType(), rows, cols)
	if err != nil {
		return err
	}
	if err := tensor.FillNormal(flat, 0, 1, nil); err != nil {
		return err
	}
	if rows < cols {
		flat = flat.T()
	}
	q, r, err := tensor.QR(flat, "reduced")
	if err != nil {
		return err
	}
	d, err := tensor.Diag(r, 0)
	if err != nil {
		return err
	}
	ph, err := tensor.UnaryByName("sign").Apply(d)
	if err != nil {
		return err
	}
	if q, err = tensor.Mul(q, ph); err != nil {
		return err
	}
	if rows < cols {
		q = q.T()
	}
	view, err := t.View(rows, cols)
	if err != nil {
		return err
	}
	if err := view.CopyFrom(q); err != nil {
		return err
	}
	g, err := tensor.Scalar(gain)
	if err != nil {
		return err
	}
	scaled, err := tensor.Mul(t, g)
	if err != nil {
		return err
	}
	return t.CopyFrom(scaled)
}
