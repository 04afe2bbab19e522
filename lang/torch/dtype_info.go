package torch

import (
	"strconv"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.finfo and torch.iinfo: the numerical facts of a dtype.

// dtypeInfo is a torch.finfo (floating) or torch.iinfo (integer) value.
type dtypeInfo struct {
	d tensor.DType
}

// TypeName returns torch.finfo or torch.iinfo.
func (i *dtypeInfo) TypeName() string {
	if i.d.IsFloating() {
		return "torch.finfo"
	}
	return "torch.iinfo"
}

// infoNumber writes a number as C's %g does, as PyTorch's repr of finfo.
func infoNumber(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// String returns the repr, as PyTorch 1.13 writes it.
func (i *dtypeInfo) String() string {
	if i.d.IsFloating() {
		f := tensor.FloatInfoOf(i.d)
		return "finfo(resolution=" + infoNumber(f.Resolution) + ", min=" + infoNumber(-f.Max) + ", max=" + infoNumber(f.Max) +
			", eps=" + infoNumber(f.Eps) + ", smallest_normal=" + infoNumber(f.Tiny) + ", tiny=" + infoNumber(f.Tiny) +
			", dtype=" + i.d.String() + ")"
	}
	lo, hi, _ := tensor.IntRange(i.d)
	return "iinfo(min=" + infoNumber(float64(lo)) + ", max=" + infoNumber(float64(hi)) + ", dtype=" + i.d.String() + ")"
}

// PyRepr is String.
func (i *dtypeInfo) PyRepr() string { return i.String() }

// Attr returns bits, min, max, dtype, and for finfo eps, tiny,
// smallest_normal and resolution.
func (i *dtypeInfo) Attr(name string) (lang.Value, bool) {
	switch name {
	case "bits":
		return int64(8 * i.d.Size()), true
	case "dtype":
		return i.d.String(), true
	}
	if !i.d.IsFloating() {
		lo, hi, _ := tensor.IntRange(i.d)
		switch name {
		case "min":
			return lo, true
		case "max":
			return hi, true
		}
		return nil, false
	}
	f := tensor.FloatInfoOf(i.d)
	switch name {
	case "eps":
		return f.Eps, true
	case "max":
		return f.Max, true
	case "min":
		return -f.Max, true
	case "tiny", "smallest_normal":
		return f.Tiny, true
	case "resolution":
		return f.Resolution, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (i *dtypeInfo) AttrNames() []string {
	if i.d.IsFloating() {
		return []string{"bits", "dtype", "eps", "max", "min", "resolution", "smallest_normal", "tiny"}
	}
	return []string{"bits", "dtype", "max", "min"}
}

func defDTypeInfo() {
	torchMembers["finfo"] = lang.NewBuiltin(lang.AsValue, "finfo(type=None)", "The numerical facts of a floating dtype (float32 when omitted): bits, eps (the gap between 1 and the next value), max, min, tiny and smallest_normal (the smallest positive normal value), resolution and dtype.", func(a *lang.Args) (lang.Value, error) {
		d := tensor.DefaultFloat
		if p := a.OptDType("type"); p != nil {
			d = *p
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		d = d.ToReal() // a complex dtype's finfo is its parts' (PyTorch's too)
		if !d.IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'").
				WithHint("torch.iinfo(%s) gives the range of an integer dtype", tensor.TorchName(d))
		}
		return &dtypeInfo{d: d}, nil
	})
	torchMembers["iinfo"] = lang.NewBuiltin(lang.AsValue, "iinfo(type)", "The numerical facts of an integer dtype: bits, min, max and dtype.", func(a *lang.Args) (lang.Value, error) {
		d := a.DType("type")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch {
		case d == tensor.Bool:
			return nil, lang.Errorf(lang.TypeError, "torch.bool is not supported by torch.iinfo")
		case d.IsFloating():
			return nil, lang.Errorf(lang.TypeError, "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'").
				WithHint("torch.finfo(%s) gives the facts of a floating dtype", tensor.TorchName(d))
		}
		return &dtypeInfo{d: d}, nil
	})
}
