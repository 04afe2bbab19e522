package numpy

import (
	_ "embed" // ufunc.py
	"math"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/operator" // ufunc.py imports operator
)

// NumPy's ufunc objects: np.add, np.maximum, np.sqrt... are values of type
// np.ufunc that call as the element-by-element function kael defines under
// the name, and carry NumPy's attributes (__name__, nin, nout, nargs,
// identity, ntypes) and methods (reduce, accumulate, outer, at, reduceat).
// The methods are Python (ufunc.py) over np.sum, np.cumsum and the ufunc's
// own call. wrapUfuncs turns each name of ufuncTable that the module
// defines into one, so that a ufunc added later becomes one by being
// listed.

//go:embed ufunc.py
var ufuncSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_ufunc", "NumPy's ufunc methods (reduce, accumulate, outer, at, reduceat), written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's).", ufuncSource)
	})
}

// ufuncInfo is one of NumPy's ufuncs as NumPy 1.24 describes it: the np
// name, its __name__ (np.abs is np.absolute), inputs, outputs, identity
// (nil for none), number of loops, and whether a reduction may take
// several axes at once.
type ufuncInfo struct {
	name, pyName string
	nin, nout    int
	identity     lang.Value
	ntypes       int
	reorderable  bool
}

// ufuncTable lists NumPy 1.24's ufuncs (the module attributes that are
// np.ufunc instances).
var ufuncTable = []ufuncInfo{
	{"abs", "absolute", 1, 1, nil, 20, false},
	{"absolute", "absolute", 1, 1, nil, 20, false},
	{"add", "add", 2, 1, int64(0), 22, true},
	{"arccos", "arccos", 1, 1, nil, 11, false},
	{"arccosh", "arccosh", 1, 1, nil, 11, false},
	{"arcsin", "arcsin", 1, 1, nil, 11, false},
	{"arcsinh", "arcsinh", 1, 1, nil, 11, false},
	{"arctan", "arctan", 1, 1, nil, 11, false},
	{"arctan2", "arctan2", 2, 1, nil, 5, false},
	{"arctanh", "arctanh", 1, 1, nil, 11, false},
	{"bitwise_and", "bitwise_and", 2, 1, int64(-1), 12, true},
	{"bitwise_not", "invert", 1, 1, nil, 12, true},
	{"bitwise_or", "bitwise_or", 2, 1, int64(0), 12, true},
	{"bitwise_xor", "bitwise_xor", 2, 1, int64(0), 12, true},
	{"cbrt", "cbrt", 1, 1, nil, 8, false},
	{"ceil", "ceil", 1, 1, nil, 7, false},
	{"conj", "conjugate", 1, 1, nil, 18, false},
	{"conjugate", "conjugate", 1, 1, nil, 18, false},
	{"copysign", "copysign", 2, 1, nil, 4, false},
	{"cos", "cos", 1, 1, nil, 8, false},
	{"cosh", "cosh", 1, 1, nil, 11, false},
	{"deg2rad", "deg2rad", 1, 1, nil, 5, false},
	{"degrees", "degrees", 1, 1, nil, 5, false},
	{"divide", "divide", 2, 1, nil, 11, false},
	{"divmod", "divmod", 2, 2, nil, 15, false},
	{"equal", "equal", 2, 1, nil, 23, false},
	{"exp", "exp", 1, 1, nil, 10, false},
	{"exp2", "exp2", 1, 1, nil, 11, false},
	{"expm1", "expm1", 1, 1, nil, 11, false},
	{"fabs", "fabs", 1, 1, nil, 5, false},
	{"float_power", "float_power", 2, 1, nil, 4, false},
	{"floor", "floor", 1, 1, nil, 7, false},
	{"floor_divide", "floor_divide", 2, 1, nil, 18, false},
	{"fmax", "fmax", 2, 1, nil, 21, true},
	{"fmin", "fmin", 2, 1, nil, 21, true},
	{"fmod", "fmod", 2, 1, nil, 15, false},
	{"frexp", "frexp", 1, 2, nil, 4, false},
	{"gcd", "gcd", 2, 1, int64(0), 11, true},
	{"greater", "greater", 2, 1, nil, 23, false},
	{"greater_equal", "greater_equal", 2, 1, nil, 23, false},
	{"heaviside", "heaviside", 2, 1, nil, 4, false},
	{"hypot", "hypot", 2, 1, int64(0), 5, true},
	{"invert", "invert", 1, 1, nil, 12, false},
	{"isfinite", "isfinite", 1, 1, nil, 20, false},
	{"isinf", "isinf", 1, 1, nil, 20, false},
	{"isnan", "isnan", 1, 1, nil, 20, false},
	{"isnat", "isnat", 1, 1, nil, 2, false},
	{"lcm", "lcm", 2, 1, nil, 11, true},
	{"ldexp", "ldexp", 2, 1, nil, 8, false},
	{"left_shift", "left_shift", 2, 1, nil, 11, false},
	{"less", "less", 2, 1, nil, 23, false},
	{"less_equal", "less_equal", 2, 1, nil, 23, false},
	{"log", "log", 1, 1, nil, 10, false},
	{"log10", "log10", 1, 1, nil, 11, false},
	{"log1p", "log1p", 1, 1, nil, 11, false},
	{"log2", "log2", 1, 1, nil, 11, false},
	{"logaddexp", "logaddexp", 2, 1, math.Inf(-1), 4, true},
	{"logaddexp2", "logaddexp2", 2, 1, math.Inf(-1), 4, true},
	{"logical_and", "logical_and", 2, 1, true, 19, true},
	{"logical_not", "logical_not", 1, 1, nil, 19, false},
	{"logical_or", "logical_or", 2, 1, false, 19, true},
	{"logical_xor", "logical_xor", 2, 1, false, 19, true},
	{"matmul", "matmul", 2, 1, nil, 19, false},
	{"maximum", "maximum", 2, 1, nil, 21, true},
	{"minimum", "minimum", 2, 1, nil, 21, true},
	{"mod", "remainder", 2, 1, nil, 16, false},
	{"modf", "modf", 1, 2, nil, 4, false},
	{"multiply", "multiply", 2, 1, int64(1), 23, true},
	{"negative", "negative", 1, 1, nil, 19, false},
	{"nextafter", "nextafter", 2, 1, nil, 4, false},
	{"not_equal", "not_equal", 2, 1, nil, 23, false},
	{"positive", "positive", 1, 1, nil, 19, false},
	{"power", "power", 2, 1, nil, 21, false},
	{"rad2deg", "rad2deg", 1, 1, nil, 5, false},
	{"radians", "radians", 1, 1, nil, 5, false},
	{"reciprocal", "reciprocal", 1, 1, nil, 18, false},
	{"remainder", "remainder", 2, 1, nil, 16, false},
	{"right_shift", "right_shift", 2, 1, nil, 11, false},
	{"rint", "rint", 1, 1, nil, 10, false},
	{"sign", "sign", 1, 1, nil, 19, false},
	{"signbit", "signbit", 1, 1, nil, 4, false},
	{"sin", "sin", 1, 1, nil, 8, false},
	{"sinh", "sinh", 1, 1, nil, 11, false},
	{"spacing", "spacing", 1, 1, nil, 4, false},
	{"sqrt", "sqrt", 1, 1, nil, 10, false},
	{"square", "square", 1, 1, nil, 18, false},
	{"subtract", "subtract", 2, 1, nil, 21, false},
	{"tan", "tan", 1, 1, nil, 11, false},
	{"tanh", "tanh", 1, 1, nil, 11, false},
	{"true_divide", "divide", 2, 1, nil, 11, false},
	{"trunc", "trunc", 1, 1, nil, 7, false},
}

// Ufunc is a NumPy ufunc: a callable with NumPy's ufunc attributes and
// methods.
type Ufunc struct {
	info *ufuncInfo
	call *lang.Builtin
	// methods are built on first use (seven builtins for each of ~90
	// ufuncs would be made, their signatures parsed, at every import of
	// numpy), once for all sessions.
	once    sync.Once
	methods map[string]lang.Value
}

var (
	_ lang.HasAttrs   = (*Ufunc)(nil)
	_ lang.Reprer     = (*Ufunc)(nil)
	_ lang.Hashable   = (*Ufunc)(nil)
	_ lang.ClassNamer = (*Ufunc)(nil)
)

// TypeName returns "numpy.ufunc".
func (*Ufunc) TypeName() string { return "numpy.ufunc" }

// ClassName returns "numpy.ufunc".
func (*Ufunc) ClassName() string { return "numpy.ufunc" }

// PyRepr is NumPy's <ufunc 'add'>.
func (u *Ufunc) PyRepr() string { return "<ufunc '" + u.info.pyName + "'>" }

// HashKey identifies the ufunc by its name: one object per name.
func (u *Ufunc) HashKey() (string, error) { return "ufunc:" + u.info.pyName, nil }

// ufuncAttrs are the names Attr answers, for dir().
var ufuncAttrs = []string{"__call__", "__copy__", "__deepcopy__", "__doc__", "__name__", "accumulate", "at", "identity", "nargs", "nin", "nout", "ntypes", "outer", "reduce", "reduceat", "signature"}

// AttrNames lists the ufunc's attributes.
func (u *Ufunc) AttrNames() []string { return ufuncAttrs }

// Attr returns the named attribute: calling __call__ is calling the ufunc.
func (u *Ufunc) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__call__":
		return u.call, true
	case "__name__":
		return u.info.pyName, true
	case "__doc__":
		return u.call.Sig + "\n\n" + u.call.Doc, true
	case "nin":
		return int64(u.info.nin), true
	case "nout":
		return int64(u.info.nout), true
	case "nargs":
		return int64(u.info.nin + u.info.nout), true
	case "ntypes":
		return int64(u.info.ntypes), true
	case "identity":
		if u.info.identity == nil {
			return lang.None, true
		}
		return u.info.identity, true
	case "signature":
		return lang.None, true
	}
	u.once.Do(u.makeMethods)
	m, ok := u.methods[name]
	return m, ok
}

// ufuncMethods are the methods' NumPy signatures and docs; each calls the
// function of its name in ufunc.py with the ufunc first.
var ufuncMethods = []sourceFunc{
	{"reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True)", "Reduces array's axis (or axes: None for all, a tuple) by applying the ufunc along it, as np.add.reduce is np.sum; an empty reduction gives initial or the ufunc's identity, else NumPy's ValueError."},
	{"accumulate(array, axis=0, dtype=None, out=None)", "The running results of applying the ufunc along axis: np.add.accumulate is np.cumsum, np.maximum.accumulate the running maximum."},
	{"outer(A, B)", "The ufunc of every element of A with every element of B: the result's shape is A.shape + B.shape."},
	{"at(a, indices, b=None)", "Applies the ufunc in place to a[indices] (with b for a binary ufunc), unbuffered: a repeated index applies once per occurrence, as np.add.at(a, [0, 0], 1) adds 2."},
	{"reduceat(array, indices, axis=0, dtype=None, out=None)", "Reductions of array's slices indices[i]:indices[i+1] along axis (a[indices[i]] where the next index is not larger; the last slice to the end)."},
}

// ufuncErrors are NumPy's messages for methods that need two inputs and
// one output, by method.
var ufuncErrors = map[string][2]string{
	"reduce":     {"reduce only supported for binary functions", "reduce only supported for functions returning a single value"},
	"accumulate": {"accumulate only supported for binary functions", "accumulate only supported for functions returning a single value"},
	"outer":      {"outer product only supported for binary functions", "outer product only supported for functions returning a single value"},
	"reduceat":   {"reduceat only supported for binary functions", "reduceat only supported for functions returning a single value"},
}

// newUfunc makes the ufunc info whose call is call.
func newUfunc(info *ufuncInfo, call *lang.Builtin) *Ufunc {
	return &Ufunc{info: info, call: call}
}

// makeMethods builds the ufunc's methods.
func (u *Ufunc) makeMethods() {
	info := u.info
	u.methods = map[string]lang.Value{}
	// a ufunc copies as itself, as NumPy's (pickled by name) do
	u.methods["__copy__"] = lang.NewBuiltin(lang.AsValue, "__copy__()", "The ufunc itself.", func(*lang.Args) (lang.Value, error) { return u, nil })
	u.methods["__deepcopy__"] = lang.NewBuiltin(lang.AsValue, "__deepcopy__(memo=None)", "The ufunc itself.", func(*lang.Args) (lang.Value, error) { return u, nil })
	for _, f := range ufuncMethods {
		name := f.sig[:strings.IndexByte(f.sig, '(')]
		params := sourceParams(f.sig)
		u.methods[name] = lang.NewBuiltin(lang.AsValue, f.sig, f.doc, func(a *lang.Args) (lang.Value, error) {
			if msgs, ok := ufuncErrors[name]; ok && (info.nin != 2 || info.nout != 1) {
				if info.nin != 2 {
					return nil, lang.Errorf(lang.ValueError, "%s", msgs[0])
				}
				return nil, lang.Errorf(lang.ValueError, "%s", msgs[1])
			}
			mod, err := a.Import("_numpy_ufunc")
			if err != nil {
				return nil, err
			}
			fn, err := lang.GetAttr(mod, name)
			if err != nil {
				return nil, err
			}
			pos := []lang.Value{u}
			for _, p := range params {
				pos = append(pos, a.Value(p))
			}
			v, err := a.Call(fn, pos...)
			return v, numpyError(err)
		})
	}
}

// ufuncClass is np.ufunc, which isinstance and type() see; NumPy makes no
// ufunc from Python code.
var ufuncClass = lang.NewBuiltin(lang.AsValue, "ufunc(*args, **kwargs)", "NumPy's universal functions: np.add, np.sqrt, ... (type(np.add) is np.ufunc).", func(a *lang.Args) (lang.Value, error) {
	return nil, lang.Errorf(lang.TypeError, "cannot create 'numpy.ufunc' instances")
}).CollectKeywords()

func init() { defineLater(func() { lang.RegisterClass(ufuncClass, "numpy.ufunc") }) }

// wrapUfuncs replaces each builtin of m named in ufuncTable by a ufunc
// calling it; aliases (abs and absolute, mod and remainder) share one
// ufunc, as in NumPy, made from the builtin of the ufunc's own name.
func wrapUfuncs(m map[string]lang.Value) {
	m["ufunc"] = ufuncClass
	made := map[string]*Ufunc{}
	for i := range ufuncTable {
		info := &ufuncTable[i]
		if u, ok := made[info.pyName]; ok {
			if _, has := m[info.name].(*lang.Builtin); has {
				m[info.name] = u
			}
			continue
		}
		b, ok := m[info.pyName].(*lang.Builtin)
		if !ok {
			if b, ok = m[info.name].(*lang.Builtin); !ok {
				continue
			}
		}
		u := newUfunc(info, b)
		made[info.pyName] = u
		m[info.name] = u
		if _, has := m[info.pyName].(*lang.Builtin); has {
			m[info.pyName] = u
		}
	}
}
