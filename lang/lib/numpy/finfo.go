package numpy

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.finfo and np.iinfo: the machine facts of a floating or integer
// dtype, as NumPy gives them (the numbers as scalars of the dtype, so
// np.finfo(np.float32).eps.item() is a Python float).

// typeInfo is an np.finfo (floating dt) or np.iinfo (integer dt).
type typeInfo struct{ dt tensor.DType }

// TypeName is numpy.finfo or numpy.iinfo.
func (i *typeInfo) TypeName() string {
	if i.dt.IsFloating() {
		return "numpy.finfo"
	}
	return "numpy.iinfo"
}

// ClassName is TypeName.
func (i *typeInfo) ClassName() string { return i.TypeName() }

// PyRepr is NumPy's repr: finfo(resolution=1e-06, min=..., max=...,
// dtype=float32), iinfo(min=..., max=..., dtype=int64).
func (i *typeInfo) PyRepr() string {
	if i.dt.IsFloating() {
		f := tensor.FloatInfoOf(i.dt)
		lim := i.number(f.Max)
		if i.dt == tensor.Float16 {
			lim = fmt.Sprintf("%.5e", f.Max) // NumPy's format for half's limits, %12.5e
		}
		return fmt.Sprintf("finfo(resolution=%s, min=-%s, max=%s, dtype=%s)", i.number(f.Resolution), lim, lim, numpyName(i.dt))
	}
	lo, _, _ := tensor.IntRange(i.dt)
	return fmt.Sprintf("iinfo(min=%d, max=%s, dtype=%s)", lo, lang.Repr(intMax(i.dt)), numpyName(i.dt))
}

// String is the repr (NumPy's str prints a table of machine parameters,
// which kael does not).
func (i *typeInfo) String() string { return i.PyRepr() }

// scalar is v as a scalar of the dtype.
func (i *typeInfo) scalar(v float64) lang.Value {
	t, err := tensor.Full(v, i.dt)
	if err != nil {
		return v
	}
	return &Scalar{t: t}
}

// number is how the repr shows v: as the dtype's scalar prints.
func (i *typeInfo) number(v float64) string { return lang.Repr(i.scalar(v)) }

// floatFacts are finfo's integer attributes: the bits of the mantissa
// and exponent, and the exponents of eps, epsneg, max and tiny.
var floatFacts = map[tensor.DType]map[string]int64{
	tensor.Float32: {"precision": 6, "nmant": 23, "nexp": 8, "iexp": 8, "maxexp": 128, "minexp": -126, "machep": -23, "negep": -24},
	tensor.Float64: {"precision": 15, "nmant": 52, "nexp": 11, "iexp": 11, "maxexp": 1024, "minexp": -1022, "machep": -52, "negep": -53},
}

// Attr gives NumPy's attributes.
func (i *typeInfo) Attr(name string) (lang.Value, bool) {
	switch name {
	case "bits":
		return int64(8 * i.dt.Size()), true
	case "dtype":
		return dtypeOf(i.dt), true
	}
	if !i.dt.IsFloating() {
		lo, _, _ := tensor.IntRange(i.dt)
		switch name {
		case "min":
			return lo, true
		case "max":
			return intMax(i.dt), true
		case "kind":
			return dtypeKind(i.dt), true
		}
		return nil, false
	}
	f := tensor.FloatInfoOf(i.dt)
	switch name {
	case "eps":
		return i.scalar(f.Eps), true
	case "epsneg":
		return i.scalar(f.Eps / 2), true
	case "max":
		return i.scalar(f.Max), true
	case "min":
		return i.scalar(-f.Max), true
	case "tiny", "smallest_normal":
		return i.scalar(f.Tiny), true
	case "smallest_subnormal":
		if i.dt == tensor.Float32 {
			return i.scalar(math.SmallestNonzeroFloat32), true
		}
		return i.scalar(math.SmallestNonzeroFloat64), true
	case "resolution":
		return i.scalar(f.Resolution), true
	}
	if v, ok := floatFacts[i.dt][name]; ok {
		return v, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (i *typeInfo) AttrNames() []string {
	if i.dt.IsFloating() {
		return []string{"bits", "dtype", "eps", "epsneg", "iexp", "machep", "max", "maxexp", "min", "minexp", "negep", "nexp", "nmant", "precision", "resolution", "smallest_normal", "smallest_subnormal", "tiny"}
	}
	return []string{"bits", "dtype", "kind", "max", "min"}
}

// infoDType reads finfo's and iinfo's argument: a dtype, a scalar type,
// a Python type or a scalar.
func infoDType(v lang.Value) (tensor.DType, error) {
	if s, ok := v.(*Scalar); ok {
		return s.t.DType(), nil
	}
	return toDType(v)
}

var finfoBuiltin = lang.NewBuiltin(lang.AsValue, "finfo(dtype)", "The machine facts of a floating dtype (of its parts for a complex one): eps (the gap between 1 and the next number), epsneg, max, min, tiny (= smallest_normal), smallest_subnormal, resolution, precision, bits and the exponent and mantissa widths.", func(a *lang.Args) (lang.Value, error) {
	dt, err := infoDType(a.Value("dtype"))
	if err != nil {
		return nil, err
	}
	if dt.IsComplex() {
		dt = dt.ToReal() // the facts of its parts, as NumPy gives them
	}
	if !dt.IsFloating() {
		return nil, lang.Errorf(lang.ValueError, "data type %s not inexact", lang.Repr(scalarTypes[dt]))
	}
	return &typeInfo{dt: dt}, nil
})

var iinfoBuiltin = lang.NewBuiltin(lang.AsValue, "iinfo(int_type)", "The machine facts of an integer dtype: min, max, bits, dtype and kind.", func(a *lang.Args) (lang.Value, error) {
	dt, err := infoDType(a.Value("int_type"))
	if err != nil {
		return nil, err
	}
	if dt.IsFloating() || dt == tensor.Bool {
		return nil, lang.Errorf(lang.ValueError, "Invalid integer data type %s.", lang.Repr(dtypeKind(dt)))
	}
	return &typeInfo{dt: dt}, nil
})
