package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// DType is a NumPy dtype object, np.dtype('float32'): a view of one of
// kael's tensor dtypes under NumPy's names. NumPy has eleven of kael's
// dtypes but bfloat16 (bool, uint8, int8, uint16, int16, uint32, int32,
// uint64, int64, float16, float32, float64, complex64, complex128; the
// wider unsigned ones are kael dtypes PyTorch lacks); longdouble,
// strings and objects are not kael dtypes.
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

// npInfo is what NumPy says of one of its dtypes: the class of its
// scalars, its one-letter code, the module's other names for the scalar
// class and the other strings np.dtype accepts for it.
type npInfo struct {
	class   string   // numpy.<class> of its scalars: bool_, int8, complex128
	char    string   // dtype.char: ?, B, b, h, i, l, e, f, d, F, D
	aliases []string // np.<alias> is the scalar class too
	names   []string // further strings np.dtype takes
}

// npInfos is the one table of NumPy's dtypes in kael, in NumPy's order.
var npInfos = []struct {
	dt tensor.DType
	npInfo
}{
	{tensor.Bool, npInfo{"bool_", "?", []string{"bool8"}, []string{"bool", "b1"}}},
	{tensor.Uint8, npInfo{"uint8", "B", []string{"ubyte"}, []string{"u1"}}},
	{tensor.Int8, npInfo{"int8", "b", []string{"byte"}, []string{"i1"}}},
	{tensor.Uint16, npInfo{"uint16", "H", []string{"ushort"}, []string{"u2"}}},
	{tensor.Int16, npInfo{"int16", "h", []string{"short"}, []string{"i2"}}},
	{tensor.Uint32, npInfo{"uint32", "I", []string{"uintc"}, []string{"u4"}}},
	{tensor.Int32, npInfo{"int32", "i", []string{"intc"}, []string{"i4"}}},
	{tensor.Uint64, npInfo{"uint64", "L", []string{"uint", "uintp", "ulonglong"}, []string{"u8", "Q", "P"}}},
	{tensor.Int64, npInfo{"int64", "l", []string{"int_", "intp", "longlong"}, []string{"i8", "int", "long", "q", "p"}}},
	{tensor.Float16, npInfo{"float16", "e", []string{"half"}, []string{"f2"}}},
	{tensor.Float32, npInfo{"float32", "f", []string{"single"}, []string{"f4"}}},
	{tensor.Float64, npInfo{"float64", "d", []string{"float_", "double"}, []string{"f8", "float"}}},
	{tensor.Complex64, npInfo{"complex64", "F", []string{"csingle", "singlecomplex"}, []string{"c8"}}},
	{tensor.Complex128, npInfo{"complex128", "D", []string{"complex_", "cdouble", "cfloat"}, []string{"c16", "complex"}}},
}

// npDTypes indexes npInfos by dtype, from the package's start: the .npy
// reader and writer and the scalars ask it before numpy's definitions run
// (a program that only loads a file). dtypeNames maps every string
// np.dtype accepts to its dtype, made with numpy's definitions.
var (
	npDTypes   = map[tensor.DType]*npInfo{}
	dtypeNames = map[string]tensor.DType{}
)

func init() {
	for i := range npInfos {
		npDTypes[npInfos[i].dt] = &npInfos[i].npInfo
	}
	defineLater(func() {
		for i := range npInfos {
			e := &npInfos[i]
			for _, n := range append(append([]string{e.dt.String(), e.class, e.char}, e.aliases...), e.names...) {
				dtypeNames[n] = e.dt
			}
		}
	})
}

// numpyName is NumPy's name of a dtype: bool, int8, float16, complex128.
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

// Attr gives name, itemsize, kind, char, str, type, byteorder.
func (d *DType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return numpyName(d.dt), true
	case "itemsize":
		return int64(d.dt.Size()), true
	case "kind":
		return dtypeKind(d.dt), true
	case "char":
		return npDTypes[d.dt].char, true
	case "str":
		return dtypeStr(d.dt), true
	case "type":
		return scalarTypes[d.dt], true
	case "byteorder":
		return byteOrder(d.dt, "="), true
	}
	return nil, false
}

// dtypeStr is NumPy's dtype.str, the descr of .npy files: <f8, |u1.
func dtypeStr(dt tensor.DType) string {
	return byteOrder(dt, "<") + dtypeKind(dt) + lang.Repr(int64(dt.Size()))
}

// byteOrder is NumPy's byte order of a dtype: '|' for one byte, else
// little, spelled native ('=') or '<'.
func byteOrder(dt tensor.DType, little string) string {
	if dt.Size() == 1 {
		return "|"
	}
	return little
}

// AttrNames lists the attributes.
func (d *DType) AttrNames() []string {
	return []string{"byteorder", "char", "itemsize", "kind", "name", "str", "type"}
}

// dtypeKind is NumPy's kind character: b, u, i, f, c.
func dtypeKind(dt tensor.DType) string {
	switch {
	case dt == tensor.Bool:
		return "b"
	case dt.IsComplex():
		return "c"
	case dt.IsFloating():
		return "f"
	case !dt.IsSigned():
		return "u"
	}
	return "i"
}

// numpyDType refuses a tensor's dtype NumPy has no arrays of (bfloat16),
// with PyTorch's error for t.numpy() and np.array(t).
func numpyDType(dt tensor.DType) error {
	if _, ok := npDTypes[dt]; !ok {
		return lang.Errorf(lang.TypeError, "Got unsupported ScalarType %s", dt.ScalarTypeName()).
			WithHint("NumPy has no bfloat16: convert with t.float() first")
	}
	return nil
}

// unsupportedDTypes are NumPy's dtype names kael's core lacks.
var unsupportedDTypes = map[string]bool{
	"longdouble": true, "float128": true, "complex256": true, "clongdouble": true, "g": true, "G": true, "f16": true, "c32": true,
	"str": true, "str_": true, "object": true, "object_": true, "bytes": true, "bytes_": true, "datetime64": true, "timedelta64": true,
	"U": true, "S": true, "O": true, "M": true, "m": true, "V": true, "void": true,
}

// toDType reads a dtype argument: a dtype, a scalar type (np.float32), a
// name, a Python type (int, float, bool, complex) or a torch dtype.
func toDType(v lang.Value) (tensor.DType, error) {
	switch x := v.(type) {
	case *DType:
		return x.dt, nil
	case *ScalarType:
		return x.dt, nil
	case string:
		name := strings.TrimSpace(x)
		if dt, ok := dtypeNames[strings.TrimLeft(name, "<=|")]; ok {
			return dt, nil
		}
		if unsupportedDTypes[strings.TrimLeft(name, "<>=|")] {
			return 0, unsupportedDType(name)
		}
		return 0, lang.Errorf(lang.TypeError, "data type %s not understood", lang.Repr(x))
	case *AbstractType:
		if x == npObject {
			return 0, unsupportedDType("object")
		}
		if x.missing != "" {
			return 0, unsupportedDType(x.name)
		}
	case tensor.DType:
		if _, ok := npDTypes[x]; !ok {
			return 0, lang.Errorf(lang.TypeError, "Cannot interpret 'torch.%s' as a data type", x)
		}
		return x, nil
	}
	switch lang.ClassOf(v) {
	case "float":
		return tensor.Float64, nil
	case "int":
		return tensor.Int64, nil
	case "bool":
		return tensor.Bool, nil
	case "complex":
		return tensor.Complex128, nil
	case "object":
		return 0, unsupportedDType("object")
	}
	return 0, lang.Errorf(lang.TypeError, "Cannot interpret %s as a data type", lang.Repr(v))
}

func unsupportedDType(name string) error {
	return lang.Errorf(lang.TypeError, "kael's NumPy has no dtype %s: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128", name).
		WithHint("use int64 (or int32) for integers and float32 or float64 for floats")
}

// optDType reads a dtype= argument that may be None.
func optDType(a *lang.Args, name string) (tensor.DType, bool, error) {
	if a.IsNone(name) {
		return 0, false, nil
	}
	dt, err := toDType(a.Value(name))
	return dt, err == nil, err
}
