package numpy

import (
	"regexp"
	"strconv"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// NumPy's fixed-width string dtypes, <U n (str_, four bytes a character)
// and |S n (bytes_, one byte a character), and their scalar classes
// np.str_ and np.bytes_, which derive from Python's str and bytes.

// StrDType is np.dtype('<U5') or np.dtype('S3'); width 0 is the flexible
// dtype np.dtype(str), whose width the data decides.
type StrDType struct {
	bytes bool
	width int
}

var (
	_ lang.HasAttrs = (*StrDType)(nil)
	_ lang.Reprer   = (*StrDType)(nil)
)

// TypeName returns numpy.dtype[str_] or numpy.dtype[bytes_].
func (d *StrDType) TypeName() string {
	if d.bytes {
		return "numpy.dtype[bytes_]"
	}
	return "numpy.dtype[str_]"
}

// ClassName returns the same.
func (d *StrDType) ClassName() string { return d.TypeName() }

// String is str(dt): <U5 or |S3.
func (d *StrDType) String() string {
	if d.bytes {
		return "|S" + strconv.Itoa(d.width)
	}
	return "<U" + strconv.Itoa(d.width)
}

// PyRepr is repr(dt): dtype('<U5') or dtype('S3'), dtype('<U') for
// the flexible one.
func (d *StrDType) PyRepr() string {
	n := strconv.Itoa(d.width)
	if d.width == 0 {
		n = "" // the flexible dtype: dtype('<U')
	}
	if d.bytes {
		return "dtype('S" + n + "')"
	}
	return "dtype('<U" + n + "')"
}

// itemsize is the bytes of one element.
func (d *StrDType) itemsize() int {
	if d.bytes {
		return d.width
	}
	return 4 * d.width
}

// Equal compares with another string dtype or what names one.
func (d *StrDType) Equal(other lang.Value) bool {
	o, ok, err := strDTypeArg(other)
	return ok && err == nil && *o == *d
}

// HashKey hashes as its text.
func (d *StrDType) HashKey() (string, error) { return "dtype:" + d.String(), nil }

// Attr gives name, itemsize, kind, char, str, type, byteorder.
func (d *StrDType) Attr(name string) (lang.Value, bool) {
	kind := "U"
	if d.bytes {
		kind = "S"
	}
	switch name {
	case "name":
		if d.bytes {
			return "bytes" + strconv.Itoa(8*d.itemsize()), true
		}
		return "str" + strconv.Itoa(8*d.itemsize()), true
	case "itemsize":
		return int64(d.itemsize()), true
	case "kind", "char":
		return kind, true
	case "str":
		return d.String(), true
	case "type":
		if d.bytes {
			return bytesClass, true
		}
		return strClass, true
	case "byteorder":
		if d.bytes {
			return "|", true
		}
		return "=", true
	case "shape":
		return lang.Tuple{}, true
	case "names", "fields":
		return lang.None, true
	}
	return nil, false
}

// AttrNames lists them.
func (d *StrDType) AttrNames() []string {
	return []string{"byteorder", "char", "fields", "itemsize", "kind", "name", "names", "shape", "str", "type"}
}

// strClass and bytesClass are np.str_ and np.bytes_.
var strClass, bytesClass = valueClass("str_", "str"), valueClass("bytes_", "bytes")

func valueClass(name, base string) *lang.UserClass {
	c, err := lang.NewValueClass(name, "numpy", base)
	if err != nil {
		panic(err)
	}
	if h, ok := c.ValueHash(); ok {
		_ = c.SetAttr("__hash__", h)
	}
	return c
}

// strScalar is an element of a string array: np.str_ or np.bytes_.
func strScalar(s string, isBytes bool) lang.Value {
	if isBytes {
		x := lang.NewInstance(bytesClass, nil)
		_ = x.SetValue(lang.NewBytes([]byte(s)))
		return x
	}
	x := lang.NewInstance(strClass, nil)
	_ = x.SetValue(s)
	return x
}

var strDTypeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[<>=|]?([USa])(\d*)$`) })

// strDTypeArg reads a dtype argument that names a string dtype: 'U5',
// '<U5', 'S3', str, bytes, np.str_, np.bytes_, 'str', 'bytes' or a
// string dtype; ok is false for any other dtype.
func strDTypeArg(v lang.Value) (*StrDType, bool, error) {
	switch x := v.(type) {
	case *StrDType:
		return x, true, nil
	case *lang.UserClass:
		switch x {
		case strClass:
			return &StrDType{}, true, nil
		case bytesClass:
			return &StrDType{bytes: true}, true, nil
		}
		return nil, false, nil
	case string:
		switch x {
		case "str", "str_", "unicode", "unicode_":
			return &StrDType{}, true, nil
		case "bytes", "bytes_", "string_":
			return &StrDType{bytes: true}, true, nil
		}
		m := strDTypeName().FindStringSubmatch(x)
		if m == nil {
			return nil, false, nil
		}
		d := &StrDType{bytes: m[1] != "U"}
		if m[2] != "" {
			n, err := strconv.Atoi(m[2])
			if err != nil {
				return nil, true, lang.Errorf(lang.TypeError, "data type %s not understood", lang.Repr(x))
			}
			d.width = n
		}
		return d, true, nil
	}
	if _, isBuiltin := v.(*lang.Builtin); isBuiltin {
		switch lang.ClassOf(v) {
		case "str":
			return &StrDType{}, true, nil
		case "bytes":
			return &StrDType{bytes: true}, true, nil
		}
	}
	return nil, false, nil
}
