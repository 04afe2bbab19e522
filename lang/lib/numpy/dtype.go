package numpy

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// DType is a NumPy dtype object, np.dtype('float32'): a view of one of
// kael's tensor dtypes under NumPy's names. kael's tensor core has four
// dtypes (bool, int64, float32, float64); NumPy's others (int32, uint8,
// float16, complex128, ...) are refused by name until the core has them.
type DType struct{ dt tensor.DType }

var dtypes = map[tensor.DType]*DType{}

func dtypeOf(dt tensor.DType) *DType {
	if d, ok := dtypes[dt]; ok {
		return d
	}
	d := &DType{dt: dt}
	dtypes[dt] = d
	return d
}

// numpyName is NumPy's name of a dtype: bool, int64, float32, float64.
func numpyName(dt tensor.DType) string { return dt.String() }

// TypeName returns "numpy.dtype".
func (*DType) TypeName() string { return "numpy.dtype" }

// ClassName returns "numpy.dtype".
func (*DType) ClassName() string { return "numpy.dtype" }

// PyRepr returns dtype('float64').
func (d *DType) PyRepr() string { return "dtype('" + numpyName(d.dt) + "')" }

// String returns the dtype's name, as str(np.dtype('float64')) does.
func (d *DType) String() string { return numpyName(d.dt) }

// Equal compares with another dtype, a scalar type (np.float32), a name
// ('float32') or a Python type (float is float64), as NumPy's == does.
func (d *DType) Equal(other lang.Value) bool {
	o, err := toDType(other)
	return err == nil && o == d.dt
}

// HashKey makes dtypes usable as dict keys.
func (d *DType) HashKey() (string, error) { return "dtype:" + numpyName(d.dt), nil }

// Attr gives name, itemsize, kind, char, str, type.
func (d *DType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return numpyName(d.dt), true
	case "itemsize":
		return int64(d.dt.Size()), true
	case "kind":
		return dtypeKind(d.dt), true
	case "char":
		return map[tensor.DType]string{tensor.Bool: "?", tensor.Int64: "l", tensor.Float32: "f", tensor.Float64: "d"}[d.dt], true
	case "str":
		if d.dt == tensor.Bool {
			return "|b1", true
		}
		return "<" + dtypeKind(d.dt) + fmt.Sprint(d.dt.Size()), true
	case "type":
		return scalarTypes[d.dt], true
	case "byteorder":
		if d.dt == tensor.Bool {
			return "|", true
		}
		return "=", true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (d *DType) AttrNames() []string {
	return []string{"byteorder", "char", "itemsize", "kind", "name", "str", "type"}
}

// dtypeKind is NumPy's kind character: b, i, f.
func dtypeKind(dt tensor.DType) string {
	switch {
	case dt == tensor.Bool:
		return "b"
	case dt.IsFloating():
		return "f"
	}
	return "i"
}

// unsupportedDTypes are NumPy's dtype names kael's core lacks.
var unsupportedDTypes = map[string]bool{
	"int8": true, "int16": true, "int32": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float16": true, "half": true, "complex64": true, "complex128": true, "complex": true, "longdouble": true,
	"float128": true, "str": true, "object": true, "bytes": true, "datetime64": true, "timedelta64": true,
	"i1": true, "i2": true, "i4": true, "u1": true, "u2": true, "u4": true, "u8": true, "f2": true, "c8": true, "c16": true,
	"uint": true, "intc": true, "short": true, "byte": true, "ubyte": true, "single_complex": true,
}

// dtypeNames maps what NumPy accepts as a dtype name to kael's dtypes.
var dtypeNames = map[string]tensor.DType{
	"bool": tensor.Bool, "bool_": tensor.Bool, "?": tensor.Bool, "b1": tensor.Bool,
	"int64": tensor.Int64, "int": tensor.Int64, "int_": tensor.Int64, "i8": tensor.Int64, "l": tensor.Int64, "long": tensor.Int64, "<i8": tensor.Int64, "intp": tensor.Int64,
	"float32": tensor.Float32, "single": tensor.Float32, "f4": tensor.Float32, "f": tensor.Float32, "<f4": tensor.Float32,
	"float64": tensor.Float64, "float": tensor.Float64, "double": tensor.Float64, "f8": tensor.Float64, "d": tensor.Float64, "<f8": tensor.Float64, "float_": tensor.Float64,
}

// toDType reads a dtype argument: a dtype, a scalar type (np.float32), a
// name, a Python type (int, float, bool) or a torch dtype.
func toDType(v lang.Value) (tensor.DType, error) {
	switch x := v.(type) {
	case *DType:
		return x.dt, nil
	case *ScalarType:
		return x.dt, nil
	case string:
		name := strings.TrimSpace(x)
		if dt, ok := dtypeNames[name]; ok {
			return dt, nil
		}
		if unsupportedDTypes[strings.TrimLeft(name, "<>=|")] {
			return 0, unsupportedDType(name)
		}
		return 0, lang.Errorf(lang.TypeError, "data type %s not understood", lang.Repr(x))
	case tensor.DType:
		return x, nil
	}
	switch lang.ClassOf(v) {
	case "float":
		return tensor.Float64, nil
	case "int":
		return tensor.Int64, nil
	case "bool":
		return tensor.Bool, nil
	}
	return 0, lang.Errorf(lang.TypeError, "Cannot interpret %s as a data type", lang.Repr(v))
}

func unsupportedDType(name string) error {
	return lang.Errorf(lang.TypeError, "kael's NumPy has no dtype %s: its arrays are bool, int64, float32 or float64", name).
		WithHint("use int64 for integers and float32 or float64 for floats")
}

// optDType reads a dtype= argument that may be None.
func optDType(a *lang.Args, name string) (tensor.DType, bool, error) {
	if a.IsNone(name) {
		return 0, false, nil
	}
	dt, err := toDType(a.Value(name))
	return dt, err == nil, err
}
