package numpy

import (
	_ "embed" // nptypes.py
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's abstract scalar types (np.generic, np.number, np.integer,
// np.floating, ...) for isinstance(x, np.floating) and np.issubdtype, the
// printing functions np.array2string, np.array_repr and np.array_str,
// the constant aliases (np.NAN, np.infty, ...), and text I/O (np.loadtxt,
// np.savetxt, np.genfromtxt, np.fromiter), written in Python in
// nptypes.py over kael's NumPy.

//go:embed nptypes.py
var nptypesSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_nptypes", "np.loadtxt, np.savetxt, np.genfromtxt, np.fromiter, np.array_repr and np.array_str, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/lib/npyio.py and numpy/core/arrayprint.py).", nptypesSource)
	})
}

// AbstractType is one of NumPy's abstract scalar classes: it has no
// instances of its own, but every scalar of a dtype below it is one.
type AbstractType struct {
	name   string
	parent *AbstractType
	// has reports whether a concrete dtype's scalar type derives from it.
	has func(dt tensor.DType) bool
	// missing, for a concrete NumPy type kael has no dtype for
	// (missingTypes), says so when it is called or used as a dtype.
	missing string
}

func abstractKinds(kinds string) func(dt tensor.DType) bool {
	return func(dt tensor.DType) bool {
		for _, k := range kinds {
			if dtypeKind(dt) == string(k) {
				return true
			}
		}
		return false
	}
}

var (
	npGeneric         = &AbstractType{name: "generic", has: func(tensor.DType) bool { return true }}
	npNumber          = &AbstractType{name: "number", parent: npGeneric, has: abstractKinds("uifc")}
	npInteger         = &AbstractType{name: "integer", parent: npNumber, has: abstractKinds("ui")}
	npSignedInteger   = &AbstractType{name: "signedinteger", parent: npInteger, has: abstractKinds("i")}
	npUnsignedInteger = &AbstractType{name: "unsignedinteger", parent: npInteger, has: abstractKinds("u")}
	npInexact         = &AbstractType{name: "inexact", parent: npNumber, has: abstractKinds("fc")}
	npFloating        = &AbstractType{name: "floating", parent: npInexact, has: abstractKinds("f")}
	npComplexFloating = &AbstractType{name: "complexfloating", parent: npInexact, has: abstractKinds("c")}
	// npObject is np.object_, the class of NumPy's object arrays' items,
	// which kael lacks: a class with no dtype below it, which makes no
	// instances and no dtype (unsupportedDType).
	npObject = &AbstractType{name: "object_", parent: npGeneric, has: func(tensor.DType) bool { return false }}
	// npFlexible and npCharacter are above np.str_ and np.bytes_, the
	// scalars of string arrays (strdtype.go), which are no tensor dtypes.
	npFlexible    = &AbstractType{name: "flexible", parent: npGeneric, has: func(tensor.DType) bool { return false }}
	npCharacter   = &AbstractType{name: "character", parent: npFlexible, has: func(tensor.DType) bool { return false }}
	abstractTypes = []*AbstractType{npGeneric, npNumber, npInteger, npSignedInteger, npUnsignedInteger, npInexact, npFloating, npComplexFloating, npObject, npFlexible, npCharacter}
	// missingTypes are NumPy's concrete scalar types whose dtypes kael's
	// core lacks: the names exist, so that a program naming them in a
	// tuple of types or an issubdtype check runs, isinstance and
	// issubclass answer from NumPy's hierarchy (nothing is an instance,
	// but np.void holds kael's records), and calling one or using it as
	// a dtype is a NotImplementedError (a TypeError, as for np.object_,
	// from np.dtype) that says what kael has instead.
	npVoid       = &AbstractType{name: "void", parent: npFlexible, has: func(tensor.DType) bool { return false }, missing: "kael's NumPy makes no np.void scalars: its records (a[i] of a structured array) are np.void instances, made by indexing"}
	missingTypes = []*AbstractType{
		{name: "float128", parent: npFloating, has: func(tensor.DType) bool { return false }, missing: "kael's NumPy has no np.longdouble (np.float128, x86-64's 80-bit extended float): its widest float is np.float64"},
		{name: "complex256", parent: npComplexFloating, has: func(tensor.DType) bool { return false }, missing: "kael's NumPy has no np.clongdouble (np.complex256, of two 80-bit extended floats): its widest complex is np.complex128"},
		{name: "datetime64", parent: npGeneric, has: func(tensor.DType) bool { return false }, missing: "kael's NumPy has no datetime64 dtype: np.datetime64 names the class only; Python's datetime module has dates and times"},
		{name: "timedelta64", parent: npSignedInteger, has: func(tensor.DType) bool { return false }, missing: "kael's NumPy has no timedelta64 dtype: np.timedelta64 names the class only; Python's datetime.timedelta has durations"},
		npVoid,
	}
	// missingTypeAliases are NumPy 1.24's other names of missingTypes.
	missingTypeAliases = map[string]string{"longdouble": "float128", "longfloat": "float128", "clongdouble": "complex256", "clongfloat": "complex256", "longcomplex": "complex256"}
)

// TypeName returns "type".
func (*AbstractType) TypeName() string { return "type" }

// PyRepr returns <class 'numpy.floating'>.
func (c *AbstractType) PyRepr() string { return "<class 'numpy." + c.name + "'>" }

// HashKey makes abstract types dict keys.
func (c *AbstractType) HashKey() (string, error) { return "abstracttype:" + c.name, nil }

// InstanceCheck is isinstance(x, np.floating): x a NumPy scalar of a
// dtype below it.
func (c *AbstractType) InstanceCheck(obj lang.Value) (bool, error) {
	if _, ok := obj.(*Record); ok {
		return c == npVoid || c == npFlexible || c == npGeneric, nil
	}
	s, ok := obj.(*Scalar)
	return ok && c.has(s.t.DType()), nil
}

// SubclassCheck is issubclass(cls, np.floating): a scalar type below it,
// or an abstract type at or below it.
func (c *AbstractType) SubclassCheck(cls lang.Value) (bool, error) {
	switch o := cls.(type) {
	case *ScalarType:
		return c.has(o.dt), nil
	case *AbstractType:
		for ; o != nil; o = o.parent {
			if o == c {
				return true, nil
			}
		}
	}
	return false, nil
}

// Attr gives __name__ and __module__.
func (c *AbstractType) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__":
		return c.name, true
	case "__module__":
		return "numpy", true
	case "__call__":
		return lang.NewBuiltin(lang.AsValue, c.name+"(*args, **kwargs)", "NumPy's abstract scalar classes have no instances.", func(*lang.Args) (lang.Value, error) {
			if c == npObject {
				return nil, lang.Errorf(notImplementedError, "kael's NumPy has no object arrays or scalars: np.object_ names the class only")
			}
			if c.missing != "" {
				return nil, lang.Errorf(notImplementedError, "%s", c.missing)
			}
			return nil, lang.Errorf(lang.TypeError, "cannot create 'numpy.%s' instances", c.name)
		}), true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*AbstractType) AttrNames() []string { return []string{"__module__", "__name__"} }

// isNumPyClass reports whether v is one of NumPy's scalar classes,
// concrete or abstract (issubclass(v, np.generic)).
func isNumPyClass(v lang.Value) bool {
	switch v.(type) {
	case *ScalarType, *AbstractType:
		return true
	}
	return false
}

// issubdtype is np.issubdtype(arg1, arg2): each argument that is not
// one of NumPy's scalar classes stands for its dtype's scalar type, and
// the answer is issubclass(arg1, arg2), as NumPy 1.24's is.
func issubdtype(arg1, arg2 lang.Value) (bool, error) {
	d1, str1, err := strDTypeArg(arg1)
	if err != nil {
		return false, err
	}
	d2, str2, err := strDTypeArg(arg2)
	if err != nil {
		return false, err
	}
	switch {
	case str1 && str2:
		return d1.bytes == d2.bytes, nil
	case str1:
		a, ok := arg2.(*AbstractType)
		return ok && (a == npCharacter || a == npFlexible || a == npGeneric), nil
	case str2:
		return false, nil
	}
	classOf := func(v lang.Value) (lang.Value, error) {
		if isNumPyClass(v) {
			return v, nil
		}
		dt, err := toDType(v)
		if err != nil {
			return nil, err
		}
		return scalarTypes[dt], nil
	}
	c1, err := classOf(arg1)
	if err != nil {
		return false, err
	}
	c2, err := classOf(arg2)
	if err != nil {
		return false, err
	}
	if a, ok := c2.(*AbstractType); ok {
		return a.SubclassCheck(c1)
	}
	return c1 == c2, nil
}

// array2stringBuiltin is np.array2string: the array's text as str(a) or
// repr(a) print its elements, with NumPy's options for this call.
var array2stringBuiltin = lang.NewBuiltin(lang.AsValue, "array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ', prefix='', style=None, formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None, suffix='', *, legacy=None)",
	"The text of an array's elements, as str(a) shows them: max_line_width, precision, suppress_small, threshold and edgeitems override the print options for this call; separator goes between elements and prefix/suffix's lengths are kept free on the first/last line (NumPy's wrapping). formatter=, sign='+'/' ', floatmode other than 'maxprec' and legacy= are not supported.",
	func(a *lang.Args) (lang.Value, error) {
		arr, ok := a.Value("a").(*Array)
		if !ok {
			if sub, isSub := subArray(a.Value("a")); isSub {
				arr = sub
			} else if _, isStr := a.Value("a").(*StrArray); !isStr {
				return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'size'", lang.TypeName(a.Value("a")))
			}
		}
		sep, prefix, suffix := a.Str("separator"), a.Str("prefix"), a.Str("suffix")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !a.IsNone("formatter") {
			return nil, lang.Errorf(notImplementedError, "kael's np.array2string has no formatter=")
		}
		opts, err := overridePrintOptions(a, map[string]string{"max_line_width": "linewidth", "precision": "precision", "suppress_small": "suppress", "threshold": "threshold", "edgeitems": "edgeitems", "sign": "sign", "floatmode": "floatmode", "legacy": "legacy"})
		if err != nil {
			return nil, err
		}
		if arr == nil { // a string array
			return a.Value("a").(*StrArray).textWith(sep, prefix, opts.linewidth-len(suffix), opts), nil
		}
		t := arr.val()
		if t.Numel() == 0 {
			return "[]", nil
		}
		return array2string(t, sep, prefix, opts.linewidth-len(suffix), opts), nil
	})

// overridePrintOptions is the current print options changed by this
// call's arguments, named in a as the keys of names and in
// set_printoptions as its values.
func overridePrintOptions(a *lang.Args, names map[string]string) (printOptions, error) {
	kw := map[string]lang.Value{}
	for from, to := range names {
		if !a.IsNone(from) {
			kw[to] = a.Value(from)
		}
	}
	var opts printOptions
	set := lang.NewBuiltin(lang.AsValue, "set_printoptions("+printOptionParams+")", "", func(b *lang.Args) (lang.Value, error) {
		o, err := applyPrintOptions(currentPrintOptions(), b)
		opts = o
		return lang.None, err
	})
	var kwNames []string
	var kwVals []lang.Value
	for k, v := range kw {
		kwNames, kwVals = append(kwNames, k), append(kwVals, v)
	}
	_, err := a.CallKw(set, nil, kwNames, kwVals)
	return opts, err
}

// defNPTypes adds the abstract scalar types, np.issubdtype, the printing
// functions, the constant aliases and the text I/O functions.
func defNPTypes(m map[string]lang.Value) {
	for _, c := range abstractTypes {
		m[c.name] = c
	}
	for _, c := range missingTypes {
		m[c.name] = c
	}
	for alias, name := range missingTypeAliases {
		m[alias] = m[name]
	}
	m["issubdtype"] = lang.NewBuiltin(lang.AsValue, "issubdtype(arg1, arg2)", "Whether the first dtype (or scalar type, or what np.dtype takes) is the second or below it in NumPy's type hierarchy: np.issubdtype(a.dtype, np.floating), np.issubdtype(np.int32, np.integer).", func(a *lang.Args) (lang.Value, error) {
		return issubdtype(a.Value("arg1"), a.Value("arg2"))
	})
	m["array2string"] = array2stringBuiltin
	m["NAN"], m["NZERO"], m["PZERO"], m["infty"] = math.NaN(), math.Copysign(0, -1), 0.0, math.Inf(1)
	m["little_endian"] = true
	for _, f := range nptypesFunctions {
		m[f.name] = sourceFunction("_numpy_nptypes", f.name, f.sig, f.doc)
	}
}

// nptypesFunctions are the functions nptypes.py defines, each with the
// same parameters in the same order as its Python def.
var nptypesFunctions = []struct{ name, sig, doc string }{
	{"loadtxt", "loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None, unpack=False, ndmin=0, encoding='bytes', max_rows=None, quotechar=None, like=None)",
		"An array of the numbers in a text file (a path or an open file, or a list of lines): one row a line, split at delimiter (whitespace by default), comments to the end of a line dropped, skiprows lines skipped first; usecols, unpack, ndmin and max_rows as NumPy's. converters=, quotechar= and like= are not supported."},
	{"savetxt", "savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\\n', header='', footer='', comments='# ', encoding=None)",
		"Writes a 1-d or 2-d array to a text file (a path or an open file), one row a line, each number formatted with fmt (one % format, or one per column, or a whole row's), the header and footer lines prefixed with comments."},
	{"genfromtxt", "genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None, missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None, deletechars=None, replace_space='_', autostrip=False, case_sensitive=True, defaultfmt='f%i', unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding='bytes', *, ndmin=0, like=None)",
		"loadtxt's common form with missing fields read as nan (or filling_values): delimiter, skip_header, skip_footer, usecols, max_rows, unpack and dtype as NumPy's. names=, converters=, missing_values= and usemask=True are not supported."},
	{"fromiter", "fromiter(iter, dtype, count=-1, *, like=None)", "A 1-d array of dtype from an iterable's values, count of them (-1: all)."},
	{"array_repr", "array_repr(arr, max_line_width=None, precision=None, suppress_small=None)", "repr(arr), with these print options for this call."},
	{"array_str", "array_str(a, max_line_width=None, precision=None, suppress_small=None)", "str(a), with these print options for this call."},
	{"common_type", "common_type(*arrays)", "The inexact scalar type of the arrays' common precision: float16, float32 or float64 (integers count as float64), complex64 or complex128 when one is complex; float16 for none. A bool array is NumPy's TypeError."},
}

// sourceFunction is a builtin with sig that calls the function name of
// the Python source module mod (imported on the first call) with its
// arguments, in the order sig lists them.
func sourceFunction(mod, name, sig, doc string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		m, err := a.Import(mod)
		if err != nil {
			return nil, err
		}
		fn, err := lang.GetAttr(m, name)
		if err != nil {
			return nil, err
		}
		return a.Call(fn, a.Values()...)
	})
}
