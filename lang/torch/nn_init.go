package torch

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // warnUser warns through warnings.warn
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
	nnInitModule.Attrs["Tensor"] = torchMembers["Tensor"] // imported by PyTorch's init.py
}

// initFunc is one initialiser of torch.nn.init: its signature (named
// with the trailing underscore), doc and how it fills the tensor.
// deprecated gives it PyTorch's deprecated alias without the underscore
// too, which warns and then does the same.
type initFunc struct {
	sig, doc   string
	deprecated bool
	fill       func(a *lang.Args, t *tensor.Tensor) error
}

// kaimingArgs reads the arguments of the kaiming initialisers.
func kaimingArgs(a *lang.Args) (float64, string, string) {
	return a.Float("a"), a.Str("mode"), a.Str("nonlinearity")
}

var initFuncs = []initFunc{
	{"uniform_(tensor, a=0.0, b=1.0)", "Fills tensor with values uniform in [a, b).", true, func(a *lang.Args, t *tensor.Tensor) error {
		lo, hi := a.Float("a"), a.Float("b")
		if a.Err() != nil {
			return nil
		}
		return tensor.InitUniform(t, lo, hi, nil)
	}},
	{"normal_(tensor, mean=0.0, std=1.0)", "Fills tensor with normal values of the given mean and standard deviation.", true, func(a *lang.Args, t *tensor.Tensor) error {
		mean, std := a.Float("mean"), a.Float("std")
		if a.Err() != nil {
			return nil
		}
		return tensor.InitNormal(t, mean, std, nil)
	}},
	{"trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0)", "Fills tensor with normal values of the given mean and standard deviation truncated to [a, b], drawn as PyTorch does: uniform values mapped through the inverse normal CDF, then clamped.", false, func(a *lang.Args, t *tensor.Tensor) error {
		mean, std, lo, hi := a.Float("mean"), a.Float("std"), a.Float("a"), a.Float("b")
		if a.Err() != nil {
			return nil
		}
		if mean < lo-2*std || mean > hi+2*std {
			if err := warnUser(a, "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The distribution of values may be incorrect."); err != nil {
				return err
			}
		}
		return initTruncNormal(t, mean, std, lo, hi)
	}},
	{"constant_(tensor, val)", "Fills tensor with val.", true, func(a *lang.Args, t *tensor.Tensor) error {
		v := a.Float("val")
		if a.Err() != nil {
			return nil
		}
		full, err := tensor.Full(v, t.DType(), t.Shape()...)
		if err != nil {
			return err
		}
		return t.CopyFrom(full)
	}},
	{"eye_(tensor)", "Fills the 2-dimensional tensor with the identity matrix (ones on the diagonal of a rectangular one).", true, func(_ *lang.Args, t *tensor.Tensor) error {
		if t.Dim() != 2 {
			return lang.Errorf(lang.ValueError, "Only tensors with 2 dimensions are supported")
		}
		eye, err := tensor.Eye(t.Shape()[0], t.Shape()[1], t.DType())
		if err != nil {
			return err
		}
		return t.CopyFrom(eye)
	}},
	{"dirac_(tensor, groups=1)", "Fills the 3-, 4- or 5-dimensional tensor with the Dirac delta: a convolution with it keeps as many input channels as it can, in each of groups groups.", true, func(a *lang.Args, t *tensor.Tensor) error {
		groups := a.Int("groups")
		if a.Err() != nil {
			return nil
		}
		return initDirac(t, groups)
	}},
	{"sparse_(tensor, sparsity, std=0.01)", "Fills the 2-dimensional tensor with normal values of standard deviation std, then zeroes ceil(sparsity·rows) random entries of each column (a torch.randperm per column, as PyTorch draws them).", true, func(a *lang.Args, t *tensor.Tensor) error {
		sparsity, std := a.Float("sparsity"), a.Float("std")
		if a.Err() != nil {
			return nil
		}
		return initSparse(t, sparsity, std)
	}},
	{"kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu')", "He initialisation: uniform in ±gain·sqrt(3/fan), fan the tensor's fan_in (or fan_out). nn.Linear uses a=sqrt(5).", true, func(a *lang.Args, t *tensor.Tensor) error {
		slope, mode, nl := kaimingArgs(a)
		if a.Err() != nil {
			return nil
		}
		return tensor.InitKaimingUniform(t, slope, mode, nl, nil)
	}},
	{"kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu')", "He initialisation: normal with standard deviation gain/sqrt(fan).", true, func(a *lang.Args, t *tensor.Tensor) error {
		slope, mode, nl := kaimingArgs(a)
		if a.Err() != nil {
			return nil
		}
		return tensor.InitKaimingNormal(t, slope, mode, nl, nil)
	}},
	{"xavier_uniform_(tensor, gain=1.0)", "Glorot initialisation: uniform in ±gain·sqrt(6/(fan_in+fan_out)).", true, func(a *lang.Args, t *tensor.Tensor) error {
		gain := a.Float("gain")
		if a.Err() != nil {
			return nil
		}
		return tensor.InitXavierUniform(t, gain, nil)
	}},
	{"xavier_normal_(tensor, gain=1.0)", "Glorot initialisation: normal with standard deviation gain·sqrt(2/(fan_in+fan_out)).", true, func(a *lang.Args, t *tensor.Tensor) error {
		gain := a.Float("gain")
		if a.Err() != nil {
			return nil
		}
		return tensor.InitXavierNormal(t, gain, nil)
	}},
	{"orthogonal_(tensor, gain=1)", "Fills tensor (2 or more dimensions, flattened after the first) with a (semi-)orthogonal matrix times gain: the Q of the QR decomposition of a normal matrix, its columns signed by R's diagonal, as PyTorch draws it.", true, func(a *lang.Args, t *tensor.Tensor) error {
		gain := a.Float("gain")
		if a.Err() != nil {
			return nil
		}
		return initOrthogonal(t, gain)
	}},
	{"zeros_(tensor)", "Fills tensor with zeros.", false, func(_ *lang.Args, t *tensor.Tensor) error { return tensor.InitZeros(t) }},
	{"ones_(tensor)", "Fills tensor with ones.", false, func(_ *lang.Args, t *tensor.Tensor) error { return tensor.InitOnes(t) }},
}

// warnUser issues a UserWarning through the warnings module, as
// torch.nn.init and torch.nn.utils do.
func warnUser(a *lang.Args, msg string) error {
	w, err := a.Import("warnings")
	if err != nil {
		return err
	}
	_, err = a.Call(w.Attrs["warn"], msg)
	return err
}

// NNInitFunctions returns the functions of torch.nn.init: the
// initialisers of initFuncs, their deprecated aliases, and
// calculate_gain.
func NNInitFunctions() []*lang.Builtin {
	initTensor := func(sig, doc, deprecatedFor string, fill func(a *lang.Args, t *tensor.Tensor) error) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			t := a.Tensor("tensor")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if deprecatedFor != "" {
				old := strings.TrimSuffix(deprecatedFor, "_")
				if err := warnUser(a, "nn.init."+old+" is now deprecated in favor of nn.init."+deprecatedFor+"."); err != nil {
					return nil, err
				}
			}
			err := fill(a, t)
			if aerr := a.Err(); aerr != nil {
				return nil, aerr
			}
			return inPlace(t, err)
		})
	}
	var fs []*lang.Builtin
	for _, f := range initFuncs {
		fs = append(fs, initTensor(f.sig, f.doc, "", f.fill))
		if f.deprecated {
			name, _, _ := strings.Cut(f.sig, "(")
			fs = append(fs, initTensor(strings.Replace(f.sig, "_(", "(", 1), "Deprecated alias of "+name+", which warns: "+f.doc, name, f.fill))
		}
	}
	return append(fs, lang.NewBuiltin(lang.AsValue, "calculate_gain(nonlinearity, param=None)", "The recommended gain for a nonlinearity: 1 for linear and sigmoid, 5/3 for tanh, sqrt(2) for relu, sqrt(2/(1+slope²)) for leaky_relu (param is the slope, 0.01 by default).", func(a *lang.Args) (lang.Value, error) {
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
	}))
}

// writeValues overwrites the elements of t, in row-major order, with vals.
func writeValues(t *tensor.Tensor, vals []float64) error {
	src, err := tensor.FromSlice(vals, t.Shape()...)
	if err != nil {
		return err
	}
	return t.CopyFrom(src)
}

// initTruncNormal is torch.nn.init.trunc_normal_, step for step: uniform
// in [2l-1, 2u-1] for l, u the normal CDF at the bounds, erfinv, scaled by
// std·√2, shifted by mean, clamped to [a, b].
func initTruncNormal(t *tensor.Tensor, mean, std, a, b float64) error {
	cdf := func(x float64) float64 { return (1 + math.Erf(x/math.Sqrt2)) / 2 }
	l, u := cdf((a-mean)/std), cdf((b-mean)/std)
	if err := tensor.FillUniform(t, 2*l-1, 2*u-1, nil); err != nil {
		return err
	}
	vals, err := t.Float64s()
	if err != nil {
		return err
	}
	single := t.DType() != tensor.Float64
	for i, v := range vals {
		e := math.Erfinv(v)
		if single {
			e = float64(float32(e))
		}
		vals[i] = min(max(e*(std*math.Sqrt2)+mean, a), b)
	}
	return writeValues(t, vals)
}

// initDirac is torch.nn.init.dirac_.
func initDirac(t *tensor.Tensor, groups int) error {
	dims := t.Dim()
	if dims < 3 || dims > 5 {
		return lang.Errorf(lang.ValueError, "Only tensors with 3, 4, or 5 dimensions are supported")
	}
	sizes := t.Shape()
	if groups == 0 {
		return lang.Errorf(lang.ZeroDivisionError, "integer division or modulo by zero")
	}
	if sizes[0]%groups != 0 {
		return lang.Errorf(lang.ValueError, "dim 0 must be divisible by groups")
	}
	perGroup := sizes[0] / groups
	vals := make([]float64, t.Numel())
	strides := make([]int, dims)
	stride := 1
	for d := dims - 1; d >= 0; d-- {
		strides[d] = stride
		stride *= sizes[d]
	}
	for g := 0; g < groups; g++ {
		for d := 0; d < min(perGroup, sizes[1]); d++ {
			at := (g*perGroup+d)*strides[0] + d*strides[1]
			for k := 2; k < dims; k++ {
				at += sizes[k] / 2 * strides[k]
			}
			vals[at] = 1
		}
	}
	return writeValues(t, vals)
}

// initSparse is torch.nn.init.sparse_: normal values, then in each column
// the rows of the first ceil(sparsity·rows) entries of a randperm zeroed.
func initSparse(t *tensor.Tensor, sparsity, std float64) error {
	if t.Dim() != 2 {
		return lang.Errorf(lang.ValueError, "Only tensors with 2 dimensions are supported")
	}
	rows, cols := t.Shape()[0], t.Shape()[1]
	zeros := int(math.Ceil(sparsity * float64(rows)))
	if zeros < 0 { // Python's row_indices[:num_zeros] counts from the end
		zeros = max(rows+zeros, 0)
	}
	if err := tensor.FillNormal(t, 0, std, nil); err != nil {
		return err
	}
	vals, err := t.Float64s()
	if err != nil {
		return err
	}
	for c := 0; c < cols; c++ {
		perm, err := tensor.Randperm(nil, rows)
		if err != nil {
			return err
		}
		idx, err := perm.Float64s()
		if err != nil {
			return err
		}
		for _, r := range idx[:min(zeros, rows)] {
			vals[int(r)*cols+c] = 0
		}
	}
	return writeValues(t, vals)
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
