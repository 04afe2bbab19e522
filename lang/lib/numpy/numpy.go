// Package numpy is kael's NumPy: `import numpy as np` gives NumPy's
// arrays, rules and legacy random numbers, built on kael's tensor core
// (ADR 0006: a library of the engine, as json and torch are). An
// np.ndarray is a tensor seen through NumPy's rules: float64 and int64 by
// default, NumPy's type promotion, NumPy's printing, and memory shared
// with torch through t.numpy() and torch.from_numpy(a).
//
// It covers the arrays of the eleven NumPy dtypes kael's core has (bool,
// uint8, int8, int16, int32, int64, float16, float32, float64, complex64,
// complex128), with NumPy's promotion table (promote.go), and np.fft;
// docs/numpy.md says what it offers and where it stops.
package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The kinds of NumPy's own errors, with their classes in the module:
// AxisError is a ValueError and an IndexError; UFuncTypeError (a result a
// ufunc cannot write back, a += 1.5 on ints) is a TypeError.
const (
	AxisError      lang.ErrorKind = "AxisError"
	UFuncTypeError lang.ErrorKind = "UFuncTypeError"
)

var (
	axisErrorClass      = lang.RegisterExceptionClass(AxisError, "numpy", "AxisError", lang.ValueError, lang.IndexError)
	ufuncTypeErrorClass = lang.RegisterExceptionClass(UFuncTypeError, "numpy.core._exceptions", "UFuncTypeError", lang.TypeError)
)

const notImplementedError lang.ErrorKind = "NotImplementedError"

var ndarrayClass = lang.NewBuiltin(lang.AsValue, "ndarray(shape, dtype=float)", "NumPy's array type: isinstance(x, np.ndarray); calling it makes an array of zeros of shape (NumPy leaves it uninitialised).", func(a *lang.Args) (lang.Value, error) {
	shape, err := shapeArg(a.Value("shape"))
	if err != nil {
		return nil, err
	}
	dt, err := toDType(a.Value("dtype"))
	if err != nil {
		return nil, err
	}
	return full(shape, 0, dt)
})

func buildModule() *lang.Module {
	m := map[string]lang.Value{
		"ndarray": ndarrayClass, "AxisError": axisErrorClass, "finfo": finfoBuiltin, "iinfo": iinfoBuiltin,
		"pi": math.Pi, "e": math.E, "inf": math.Inf(1), "nan": math.NaN(), "newaxis": lang.None,
		"Inf": math.Inf(1), "NaN": math.NaN(), "NINF": math.Inf(-1), "PINF": math.Inf(1),
		"euler_gamma": 0.5772156649015329,
		"__version__": "1.24.2",
		"dtype": lang.NewBuiltin(lang.AsValue, "dtype(obj)", "The dtype named or stood for by obj: np.dtype('float32'), np.dtype(np.int64), or a structured dtype of (name, format) pairs: np.dtype([('x', 'f4'), ('y', 'i8')]).", func(a *lang.Args) (lang.Value, error) {
			if l, ok := a.Value("obj").(*lang.List); ok {
				return newStructDType(l)
			}
			if d, ok := a.Value("obj").(*StructDType); ok {
				return d, nil
			}
			dt, err := toDType(a.Value("obj"))
			if err != nil {
				return nil, err
			}
			return dtypeOf(dt), nil
		}),
		"result_type": lang.NewBuiltin(lang.AsValue, "result_type(*arrays_and_dtypes)", "The dtype NumPy's promotion gives these arrays, numbers and dtypes.", func(a *lang.Args) (lang.Value, error) {
			var arrays, types []operand
			for _, v := range a.Value("arrays_and_dtypes").(lang.Tuple) {
				o, ok, err := asOperand(v)
				if err != nil {
					return nil, err
				}
				if ok {
					arrays = append(arrays, o)
					continue
				}
				dt, err := toDType(v)
				if err != nil {
					return nil, err
				}
				types = append(types, operand{t: mustZeros(dt)})
			}
			if len(arrays)+len(types) == 0 {
				return nil, lang.Errorf(lang.ValueError, "at least one array or dtype is required")
			}
			dt, err := resultTypeOf(append(arrays, types...)...)
			if err != nil {
				return nil, err
			}
			return dtypeOf(dt), nil
		}),
		"promote_types": lang.NewBuiltin(lang.AsValue, "promote_types(type1, type2)", "The smallest dtype both convert to safely.", func(a *lang.Args) (lang.Value, error) {
			d1, err := toDType(a.Value("type1"))
			if err != nil {
				return nil, err
			}
			d2, err := toDType(a.Value("type2"))
			if err != nil {
				return nil, err
			}
			dt, err := fromNP(promoteNP(asNP(d1), asNP(d2)))
			if err != nil {
				return nil, err
			}
			return dtypeOf(dt), nil
		}),
		"can_cast": lang.NewBuiltin(lang.AsValue, "can_cast(from_, to, casting='safe')", "Whether from_ converts to to under the casting rule ('safe' or 'same_kind').", func(a *lang.Args) (lang.Value, error) {
			from, err := toDType(a.Value("from_"))
			if err != nil {
				return nil, err
			}
			to, err := toDType(a.Value("to"))
			if err != nil {
				return nil, err
			}
			return canCast(from, to, a.Str("casting"))
		}),
	}
	for _, e := range npInfos {
		for _, name := range append([]string{e.class}, e.aliases...) {
			m[name] = scalarTypes[e.dt]
		}
	}
	for name, fn := range arrayFunctions {
		m[name] = fn
	}
	// NumPy 1.24's round is round_ (np.round.__name__ is 'round_'), set
	// at the end; around is a function of its own.
	if r, ok := m["round"].(*lang.Builtin); ok {
		m["around"] = r.Alias(lang.AsValue, "around", r.Doc)
	}
	defCreation(m)
	defJoin(m)
	defSplit(m)
	defBroadcast(m)
	defUfuncs(m)
	keepSubclassUfuncs(m)
	keepSubclassDot(m)
	defStats(m)
	defFlip(m)
	defMemory(m)
	defFiles(m)
	defMemmap(m)
	m["frombuffer"] = lang.NewBuiltin(lang.AsValue, "frombuffer(buffer, dtype=None, count=-1, offset=0)", "A 1-d array of count elements of dtype (float64 when None; all when -1) read from the bytes buffer after offset bytes.", frombuffer)
	defPrintOptions(m)
	defFPErr(m)
	defSignal(m)
	defPolyfit(m)
	defPolynomial(m)
	defPoly1d(m)
	defNditer(m)
	defMatrix(m)
	defNanFuncs(m)

	defNpsets(m)

	defNpfunc(m)
	m["mgrid"], m["ogrid"] = &gridIndexer{}, &gridIndexer{open: true}
	m["r_"], m["c_"] = &concatIndexer{}, &concatIndexer{columns: true}

	defNPTypes(m)
	defHistBins(m)
	defEinsum(m)
	defEinsumPath(m)
	defNpshape(m)

	defNpmath(m)
	defNptext(m)
	defNpidx(m)
	defNpnames(m)
	m["random"] = randomModule
	m["linalg"] = linalgModule
	m["rec"] = recModule
	m["recarray"] = recarrayClass
	m["fft"] = fftModule
	m["lib"] = libModule
	m["char"] = charModule
	held := newBuiltinNames(m)
	defStrFuncs(m, held)
	defObjFuncs(m, held)
	// Each builtin is wrapped once, so that two names of one function stay
	// one object (np.row_stack is np.vstack, as in NumPy).
	wrapped := map[*lang.Builtin]*lang.Builtin{}
	for name, v := range m {
		// a class (np.ndarray, np.recarray) keeps its identity, which isinstance asks
		if b, ok := v.(*lang.Builtin); ok && b != ndarrayClass && b != recarrayClass {
			if w, ok := wrapped[b]; ok {
				m[name] = w
				continue
			}
			fn := b.Fn()
			w := b.WithFn(func(a *lang.Args) (lang.Value, error) {
				v, err := fn(a)
				return v, numpyError(err)
			})
			wrapped[b], m[name] = w, w
		}
	}
	wrapUfuncs(m)
	// NumPy 1.24's functions that call another, not yet deprecated: each a
	// function of its own (np.product is not np.prod), made after the
	// wrappers so that each takes what the other name takes.
	for _, a := range []struct{ name, of, doc string }{
		{"product", "prod", "The product of the elements over axis: NumPy 1.24's function that calls prod."},
		{"cumproduct", "cumprod", "The running products along axis: NumPy 1.24's function that calls cumprod."},
		{"sometrue", "any", "Whether some element over axis is true: NumPy 1.24's function that calls any."},
		{"alltrue", "all", "Whether every element over axis is true: NumPy 1.24's function that calls all."},
	} {
		if b, ok := m[a.of].(*lang.Builtin); ok {
			m[a.name] = b.Alias(lang.AsValue, a.name, a.doc)
		}
	}
	// Names of one function in NumPy 1.24, which __name__ says: round is
	// round_, max is amax and min is amin (np.max is np.amax). Made last,
	// from the wrapped functions, so that each name takes what the other
	// takes.
	if r, ok := m["round"].(*lang.Builtin); ok {
		r = r.Alias(lang.AsValue, "round_", r.Doc)
		m["round"], m["round_"] = r, r
	}
	for _, p := range [][2]string{{"max", "amax"}, {"min", "amin"}} {
		if f, ok := m[p[1]]; ok {
			m[p[0]] = f
		}
	}
	// NumPy's functions say __module__ 'numpy' (pickle finds them there
	// by name); its classes keep their own.
	for _, v := range m {
		if b, ok := v.(*lang.Builtin); ok && lang.ClassOf(b) == "" && b.Module() == "" {
			if _, named := m[b.Name]; named {
				b.SetModule("numpy")
			}
		}
	}
	defCore(m)
	return &lang.Module{Name: "numpy", Attrs: m, Doc: "NumPy's arrays on kael's tensor core (docs/numpy.md)."}
}

// numpyError gives an error of kael's tensor core the class NumPy raises
// for it. The core reports shapes that do not fit (broadcasting,
// concatenation, reshape) as PyTorch does, with RuntimeError; NumPy's
// class for them is ValueError. Errors a user's code raised through a
// callback are lang errors and keep their class.
func numpyError(err error) error {
	if e, ok := err.(*tensor.Error); ok && e.Kind == tensor.RuntimeError {
		c := *e
		c.Kind = tensor.ValueError
		return &c
	}
	return err
}

// mustZeros is a one-element array of dtype dt, standing for the dtype.
func mustZeros(dt tensor.DType) *tensor.Tensor {
	z, _ := tensor.Zeros(dt, 1)
	return z
}

var randomModule = &lang.Module{Name: "numpy.random", Attrs: randomFunctions, Doc: "NumPy's legacy random numbers, bit for bit: seed, rand, randn, randint, choice, shuffle, permutation, RandomState."}

var numpyModule *lang.Module

func init() {
	defineLater(func() {
		lang.RegisterClass(ndarrayClass, "numpy.ndarray")
		lang.RegisterProtocolDunders(ndarrayClass, &Array{})
		lang.RegisterModule("numpy", "NumPy's arrays on kael's tensor core: np.array, np.zeros, ufuncs, reductions, np.random (docs/numpy.md).", func() *lang.Module {
			if numpyModule == nil {
				numpyModule = buildModule()
			}
			return numpyModule
		})
		lang.RegisterModule("numpy.random", "NumPy's legacy random numbers, bit for bit for a seed.", func() *lang.Module { return randomModule })
	})
	// Tensor.numpy() makes an array without import numpy: registered at
	// once, it defines numpy first.
	lang.RegisterArrayMaker(func(t *tensor.Tensor) (lang.Value, error) {
		lang.LoadLibrary("numpy")
		if err := numpyDType(t.DType()); err != nil {
			return nil, err
		}
		return NewArray(t), nil
	})
}

var linalgModule = &lang.Module{Name: "numpy.linalg", Attrs: linalgFuncs(), Doc: "NumPy's linear algebra on kael's LAPACK: inv, solve, det, eigh, svd, qr, norm, lstsq, pinv."}

func init() {
	defineLater(func() {
		lang.RegisterModule("numpy.linalg", "NumPy's linear algebra on kael's LAPACK.", func() *lang.Module { return linalgModule })
	})
}
