package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's ufuncs of one argument, by NumPy's name and the tensor
// package's. Integers and bools compute in float64 for the floating ones,
// as NumPy's loops do.
var unaryUfuncs = []struct {
	name, kernel string
	floatOnly    bool
}{
	{"exp", "exp", true}, {"log", "log", true}, {"sqrt", "sqrt", true}, {"sin", "sin", true}, {"cos", "cos", true},
	{"tan", "tan", true}, {"tanh", "tanh", true}, {"sinh", "sinh", true}, {"cosh", "cosh", true},
	{"arcsin", "asin", true}, {"arccos", "acos", true}, {"arctan", "atan", true}, {"arcsinh", "asinh", true},
	{"arccosh", "acosh", true}, {"arctanh", "atanh", true}, {"log2", "log2", true}, {"log10", "log10", true},
	{"log1p", "log1p", true}, {"expm1", "expm1", true}, {"floor", "floor", true}, {"ceil", "ceil", true},
	{"trunc", "trunc", true}, {"rint", "round", true},
	{"abs", "abs", false}, {"absolute", "abs", false}, {"negative", "neg", false}, {"sign", "sign", false},
	{"isnan", "isnan", false}, {"isinf", "isinf", false}, {"isfinite", "isfinite", false},
	{"logical_not", "logical_not", false},
}

// operatorUfuncs are NumPy's ufuncs of two arguments that are operators:
// they compute as the operator does (applyBinary), with its dtype rules
// and errors (np.remainder(x, 0) of integers is 0, np.power(x, -1) of
// integers NumPy's ValueError).
var operatorUfuncs = map[string]syntax.Token{
	"add": syntax.PLUS, "subtract": syntax.MINUS, "multiply": syntax.STAR, "power": syntax.STARSTAR,
	"mod": syntax.PERCENT, "remainder": syntax.PERCENT, "equal": syntax.EQL, "not_equal": syntax.NEQ,
	"less": syntax.LT, "less_equal": syntax.LE, "greater": syntax.GT, "greater_equal": syntax.GE,
	"bitwise_and": syntax.AMP, "bitwise_or": syntax.PIPE, "bitwise_xor": syntax.CARET,
	"left_shift": syntax.LSHIFT, "right_shift": syntax.RSHIFT,
}

// binaryUfuncs are NumPy's other ufuncs of two arguments, with NumPy's
// dtype rules (resultType).
var binaryUfuncs = map[string]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
	"maximum": uint64Pairwise(tensor.Maximum), "minimum": uint64Pairwise(tensor.Minimum), "logical_and": tensor.LogicalAnd,
	"logical_or": tensor.LogicalOr, "logical_xor": tensor.LogicalXor, "arctan2": tensor.Atan2,
	"hypot": tensor.Hypot, "fmax": uint64Pairwise(tensor.Maximum), "fmin": uint64Pairwise(tensor.Minimum), // fmax and fmin of integers; floats and complex in extremeLoops
}

// boolUnary is NumPy's answer for the sign ufuncs of a bool array, where
// its loops differ from the tensor kernels' (done false for the others):
// absolute is a copy of the bools, negative NumPy's TypeError, sign its
// UFuncTypeError (it has no bool loop).
func boolUnary(name string, t *tensor.Tensor) (r *tensor.Tensor, done bool, err error) {
	switch name {
	case "abs", "absolute":
		r, err = t.Clone()
		return r, true, err
	case "negative":
		return nil, true, boolNegativeError()
	case "sign":
		return nil, true, lang.Errorf(UFuncTypeError, "ufunc 'sign' did not contain a loop with signature matching types %s -> None", npTypeRepr(tensor.Bool))
	}
	return nil, false, nil
}

// boolNegativeError is NumPy's error for -x and np.negative(x) of bools.
func boolNegativeError() error {
	return lang.Errorf(lang.TypeError, "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.")
}

func unarySpec(name string) *tensor.UnarySpec {
	if s := tensor.UnaryByName(name); s != nil {
		return s
	}
	panic("numpy: no tensor kernel " + name)
}

func defUfuncs(m map[string]lang.Value) {
	for _, u := range unaryUfuncs {
		u, spec := u, unarySpec(u.kernel)
		combine, partsTest := complexPredicates[u.kernel]
		m[u.name] = lang.NewBuiltin(lang.AsValue, u.name+"(x, out=None)", "NumPy's "+u.name+", element by element.", func(a *lang.Args) (lang.Value, error) {
			t, err := arrayFrom(a.Value("x"), 0, false)
			if err != nil {
				return nil, err
			}
			dt := t.DType()
			if dt == tensor.Bool {
				if r, done, err := boolUnary(u.name, t); done {
					if err != nil {
						return nil, err
					}
					return withOut(a, r)
				}
			}
			if partsTest && dt.IsComplex() {
				r, err := partsPredicate(spec, t, combine)
				if err != nil {
					return nil, err
				}
				return withOut(a, r)
			}
			if u.name == "sign" && dt.IsComplex() {
				r, err := complexUnary(t, complexSign)
				if err != nil {
					return nil, err
				}
				return withOut(a, r)
			}
			if u.floatOnly {
				if dt, err = loopFloat(dt); err != nil {
					return nil, err
				}
			}
			r, err := applyIn(spec, t, dt)
			if err != nil {
				return nil, err
			}
			if !u.floatOnly || unaryCannotFlag(u.name, a.Value("x")) {
				return withOut(a, r)
			}
			return ufuncResult(a, u.name, []*tensor.Tensor{t}, r)
		})
	}
	binaryOperands := func(a *lang.Args, name string) (x, y operand, err error) {
		if x, _, err = asOperand(a.Value("x1")); err != nil {
			return
		}
		if y, _, err = asOperand(a.Value("x2")); err != nil {
			return
		}
		if x.t == nil || y.t == nil {
			if e := structUfuncError(name, a.Value("x1"), a.Value("x2")); e != nil {
				err = e
				return
			}
			err = lang.Errorf(lang.TypeError, "ufunc '%s' did not contain a loop with signature matching types", name)
		}
		return
	}
	m["positive"] = lang.NewBuiltin(lang.AsValue, "positive(x, out=None)", "NumPy's positive, a copy of x (NumPy's UFuncTypeError for bools).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("x"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.DType() == tensor.Bool {
			return nil, lang.Errorf(UFuncTypeError, "ufunc 'positive' did not contain a loop with signature matching types %s -> None", npTypeRepr(tensor.Bool))
		}
		if t, err = t.Clone(); err != nil {
			return nil, err
		}
		return withOut(a, t)
	})
	m["square"] = lang.NewBuiltin(lang.AsValue, "square(x, out=None)", "NumPy's square, x * x element by element in x's dtype (bools as int8; integers wrap), warning of an overflow as NumPy does.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("x"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.DType() == tensor.Bool {
			if t, err = t.To(tensor.Int8); err != nil {
				return nil, err
			}
		}
		r, err := applyBinary(syntax.STAR, operand{t: t}, operand{t: t})
		if err != nil {
			return nil, err
		}
		return ufuncResult(a, "square", []*tensor.Tensor{t}, r.(lang.ArrayProvider).ArrayTensor())
	})
	m["reciprocal"] = lang.NewBuiltin(lang.AsValue, "reciprocal(x, out=None)", "NumPy's reciprocal, 1 / x element by element in x's dtype (bools as int8), warning of a division by zero as NumPy does; of integers 1 / x truncated, and of 0 what NumPy's cast of inf gives (the smallest int32 or int64, 0 in the other integer dtypes) with its divide and invalid warnings.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("x"), 0, false)
		if err != nil {
			return nil, err
		}
		if dt := t.DType(); !dt.IsFloating() && !dt.IsComplex() {
			r, kinds, err := intReciprocal(t)
			if err != nil {
				return nil, err
			}
			v, err := withOut(a, r)
			if err != nil {
				return nil, err
			}
			return reportWarned(a, v, fpReport(v, "reciprocal", kinds))
		}
		one, err := castTensor(tensor.MustScalar(1.0), t.DType())
		if err != nil {
			return nil, err
		}
		r, err := applyBinary(syntax.SLASH, operand{t: one, weak: true}, operand{t: t})
		if err != nil {
			return nil, err
		}
		return ufuncResult(a, "reciprocal", []*tensor.Tensor{t}, r.(lang.ArrayProvider).ArrayTensor())
	})
	for _, name := range []string{"invert", "bitwise_not"} {
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(x, out=None)", "NumPy's "+name+", ~x element by element: the bits of integers flipped, bools negated.", func(a *lang.Args) (lang.Value, error) {
			t, err := arrayFrom(a.Value("x"), 0, false)
			if err != nil {
				return nil, err
			}
			r, err := unaryOp(syntax.TILDE, t)
			if err != nil {
				return nil, err
			}
			return withOut(a, r.(lang.ArrayProvider).ArrayTensor())
		})
	}
	for name, op := range operatorUfuncs {
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(x1, x2, out=None)", "NumPy's "+name+", element by element with broadcasting.", func(a *lang.Args) (lang.Value, error) {
			x, y, err := binaryOperands(a, name)
			if err != nil {
				return nil, err
			}
			r, err := applyBinary(op, x, y)
			if err != nil {
				return nil, err
			}
			report := arrayOpErrors(op, a.Value("x1"), a.Value("x2"), r, false)
			v, err := withOut(a, r.(lang.ArrayProvider).ArrayTensor())
			if err != nil {
				return nil, err
			}
			return reportWarned(a, v, withValue(report, v))
		})
	}
	for name, kernel := range binaryUfuncs {
		floatLoop := name == "arctan2" || name == "hypot" || floatLoopUfuncs[name] // integers compute in NumPy's float loop
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(x1, x2, out=None)", "NumPy's "+name+", element by element with broadcasting.", func(a *lang.Args) (lang.Value, error) {
			x, y, err := binaryOperands(a, name)
			if err != nil {
				return nil, err
			}
			dt, err := resultType(x, y)
			if err != nil {
				return nil, err
			}
			if floatLoop && dt.IsComplex() {
				return nil, lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
			}
			if floatLoop {
				if dt, err = loopFloat(dt); err != nil {
					return nil, err
				}
			}
			in := dt
			if dt == tensor.Float16 {
				in = tensor.Float32 // NumPy's float16 loops compute in float32, as applyIn
			}
			xs, ys, err := castBoth(x.t, y.t, in)
			if err != nil {
				return nil, err
			}
			var r *tensor.Tensor
			if extreme, ok := extremeLoops[name]; ok && (dt.IsComplex() || dt.IsFloating()) {
				r, err = extreme(xs, ys)
			} else {
				r, err = kernel(xs, ys)
			}
			if err == nil && in != dt && r.DType() == in {
				r, err = r.To(dt)
			}
			if err != nil {
				return nil, err
			}
			if !floatLoop {
				return withOut(a, r)
			}
			return ufuncResult(a, name, []*tensor.Tensor{x.t, y.t}, r)
		})
	}
	for name, op := range map[string]syntax.Token{"divide": syntax.SLASH, "true_divide": syntax.SLASH, "floor_divide": syntax.SLASHSLASH} {
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(x1, x2)", "NumPy's "+name+", element by element with broadcasting.", func(a *lang.Args) (lang.Value, error) {
			x1, x2 := a.Value("x1"), a.Value("x2")
			if plainUfuncOperand(x1) && plainUfuncOperand(x2) {
				// numbers compute as 0-d arrays (a Python float divided by 0 is inf, not ZeroDivisionError), lists as arrays, reporting as the ufunc
				x, _, err := asOperand(x1)
				if err != nil {
					return nil, err
				}
				y, _, err := asOperand(x2)
				if err != nil {
					return nil, err
				}
				r, err := applyBinary(op, x, y)
				if err != nil {
					return nil, err
				}
				return reportWarned(a, r, arrayOpErrors(op, x1, x2, r, false))
			}
			return a.Binary(op, x1, x2)
		})
	}
}

// loopFloat is the dtype a floating ufunc's loop computes an input of dt
// in and gives: the first of float16, float32 and float64 that dt
// converts to safely (int8 in float16, int16 in float32, int64 in
// float64); floating and complex dtypes keep theirs.
func loopFloat(dt tensor.DType) (tensor.DType, error) {
	if dt.IsFloating() || dt.IsComplex() {
		return dt, nil
	}
	for _, f := range []npType{nF2, nF4, nF8} {
		if canCastSafe(asNP(dt), f) {
			return fromNP(f)
		}
	}
	return tensor.Float64, nil
}

// applyIn applies a unary kernel to t as dtype dt. float16, which the
// core's kernels compute only in some operations, computes in float32
// and rounds back, as NumPy's float16 loops do.
func applyIn(spec *tensor.UnarySpec, t *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	in := dt
	if dt == tensor.Float16 {
		in = tensor.Float32
	}
	x, err := castTensor(t, in)
	if err != nil {
		return nil, err
	}
	r, err := spec.Apply(x)
	if err != nil || in == dt || r.DType() != in {
		return r, err
	}
	return r.To(dt)
}

// plainUfuncOperand reports whether a ufunc computes v by NumPy's rules
// alone: an array (not of a subclass), a NumPy scalar, a Python number, a
// list or a tuple; not a torch tensor.
func plainUfuncOperand(v lang.Value) bool {
	switch v.(type) {
	case *Array, *lang.List, lang.Tuple:
		return true
	}
	return isPlainScalarOperand(v)
}

// ufuncResult is withOut(a, r) for the floating ufunc name, computed
// from ins, with the warnings (or the FloatingPointError) of the
// floating-point errors it made.
func ufuncResult(a *lang.Args, name string, ins []*tensor.Tensor, r *tensor.Tensor) (lang.Value, error) {
	kinds := ufuncFlags(name, ins, r)
	v, err := withOut(a, r)
	if err != nil || len(kinds) == 0 {
		return v, err
	}
	return reportWarned(a, v, fpReport(v, name, kinds))
}

// withOut returns r, or writes it into out= and returns out.
func withOut(a *lang.Args, r *tensor.Tensor) (lang.Value, error) {
	if a.IsNone("out") {
		return wrap(r), nil
	}
	out, ok := a.Value("out").(*Array)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "return arrays must be of ArrayType")
	}
	if err := out.writable(outputReadOnly); err != nil {
		return nil, err
	}
	return out, out.assign(r)
}

func clip(t *tensor.Tensor, lo, hi lang.Value) (lang.Value, error) {
	_, noLo := lo.(lang.NoneType)
	_, noHi := hi.(lang.NoneType)
	if noLo && noHi {
		return nil, lang.Errorf(lang.ValueError, "One of max or min must be given")
	}
	// NumPy's clip is one ufunc of three operands: their shapes must
	// broadcast together (a missing bound left out, a number shown as ())
	shapes := [][]int{t.Shape()}
	for _, v := range []lang.Value{lo, hi} {
		if _, none := v.(lang.NoneType); !none {
			b, ok, err := asOperand(v)
			if err != nil {
				return nil, err
			}
			if ok && b.t != nil {
				shapes = append(shapes, b.t.Shape())
			}
		}
	}
	if err := broadcastError(shapes...); err != nil {
		return nil, err
	}
	r := operand{t: t}
	var err error
	if !noLo {
		if r, err = ufunc2(r, lo, uint64Pairwise(tensor.Maximum)); err != nil {
			return nil, err
		}
	}
	if !noHi {
		if r, err = ufunc2(r, hi, uint64Pairwise(tensor.Minimum)); err != nil {
			return nil, err
		}
	}
	return wrap(r.t), nil
}

func ufunc2(x operand, v lang.Value, kernel func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (operand, error) {
	y, ok, err := asOperand(v)
	if err != nil {
		return operand{}, err
	}
	if !ok {
		return operand{}, lang.Errorf(lang.TypeError, "expected a number or an array, got %s", lang.TypeName(v))
	}
	dt, err := resultType(x, y)
	if err != nil {
		return operand{}, err
	}
	a, b, err := castBoth(x.t, y.t, dt)
	if err != nil {
		return operand{}, err
	}
	r, err := kernel(a, b)
	return operand{t: r, weak: x.weak && y.weak}, err
}

// roundArray is np.round: halves to even at the given decimals, through
// multiplying by 10**decimals as NumPy does.
func roundArray(t *tensor.Tensor, decimals int) (lang.Value, error) {
	if t.DType().IsComplex() { // NumPy rounds each part
		var parts [2]*tensor.Tensor
		for i, part := range []func() (*tensor.Tensor, error){t.RealPart, t.ImagPart} {
			p, err := part()
			if err != nil {
				return nil, err
			}
			v, err := roundArray(p, decimals)
			if err != nil {
				return nil, err
			}
			o, _, err := asOperand(v)
			if err != nil {
				return nil, err
			}
			parts[i] = o.t
		}
		r, err := tensor.ComplexFrom(parts[0], parts[1])
		return wrap(r), err
	}
	if !t.DType().IsFloating() {
		if decimals >= 0 {
			r, err := t.Clone()
			return wrap(r), err
		}
	}
	vals, err := floatValues(t)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(vals))
	scale := math.Pow(10, float64(decimals))
	for i, v := range vals {
		if decimals >= 0 {
			out[i] = math.RoundToEven(v*scale) / scale
		} else {
			out[i] = math.RoundToEven(v/math.Pow(10, float64(-decimals))) * math.Pow(10, float64(-decimals))
		}
	}
	if t.DType() == tensor.Float32 {
		// NumPy computes in float32 for float32 arrays.
		f32 := make([]float32, len(vals))
		s32 := float32(scale)
		for i, v := range vals {
			if decimals >= 0 {
				f32[i] = float32(math.RoundToEven(float64(float32(v)*s32))) / s32
			} else {
				f32[i] = float32(out[i])
			}
		}
		r, err := fromValues(f32, t.Shape())
		return wrap(r), err
	}
	r, err := fromValues(out, t.Shape())
	if err != nil {
		return nil, err
	}
	if t.DType() != tensor.Float64 {
		if r, err = r.To(t.DType()); err != nil {
			return nil, err
		}
	}
	return wrap(r), nil
}

// floatValues returns t's elements in order as float64.
func floatValues(t *tensor.Tensor) ([]float64, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	if c.DType() == tensor.Bool {
		if c, err = c.To(tensor.Float64); err != nil {
			return nil, err
		}
	}
	return c.Float64s()
}

func dot(t *tensor.Tensor, other lang.Value) (lang.Value, error) {
	y, err := arrayFrom(other, 0, false)
	if err != nil {
		return nil, err
	}
	if t.Dim() == 0 || y.Dim() == 0 {
		return applyBinary(syntax.STAR, operand{t: t, weak: t.Dim() == 0}, operand{t: y, weak: y.Dim() == 0})
	}
	if err := dotError(t.Shape(), y.Shape()); err != nil {
		return nil, err
	}
	return applyBinary(syntax.AT, operand{t: t}, operand{t: y})
}

func sortArray(t *tensor.Tensor, a *lang.Args, indices bool) (lang.Value, error) {
	src := t
	axis := -1
	if a.IsNone("axis") {
		c, err := t.Contiguous()
		if err != nil {
			return nil, err
		}
		if src, err = c.Reshape(-1); err != nil {
			return nil, err
		}
	} else {
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		axis = axes[0]
	}
	if src.Dim() == 0 {
		return nil, lang.Errorf(AxisError, "axis -1 is out of bounds for array of dimension 0")
	}
	var vals, idx *tensor.Tensor
	var err error
	if src.DType().IsComplex() {
		vals, idx, err = sortComplexAlong(src, axis)
	} else if src.DType() == tensor.Uint64 {
		vals, idx, err = sortUint64(src, axis)
	} else {
		vals, idx, err = tensor.Sort(src, axis, false)
	}
	if err != nil {
		return nil, err
	}
	if indices {
		return wrapArray(idx), nil
	}
	return wrapArray(vals), nil
}

func nonzero(t *tensor.Tensor) (lang.Value, error) {
	if t.Dim() == 0 {
		return nil, lang.Errorf(lang.ValueError, "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.")
	}
	parts, err := tensor.NonzeroTuple(t)
	if err != nil {
		return nil, err
	}
	out := make(lang.Tuple, len(parts))
	for i, p := range parts {
		out[i] = wrapArray(p)
	}
	return out, nil
}

func repeatArray(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
	reps, err := arrayFrom(a.Value("repeats"), tensor.Int64, true)
	if err != nil {
		return nil, err
	}
	src := t
	var dim *int
	if a.IsNone("axis") {
		c, err := t.Contiguous()
		if err != nil {
			return nil, err
		}
		if src, err = c.Reshape(-1); err != nil {
			return nil, err
		}
	} else {
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		dim = &axes[0]
	}
	r, err := tensor.RepeatInterleave(src, reps, dim)
	if err != nil {
		return nil, err
	}
	return wrapArray(r), nil
}

// fromValues is tensor.FromSlice for any shape, a 0-d one included.
func fromValues[T tensor.Element](vals []T, shape []int) (*tensor.Tensor, error) {
	r, err := tensor.FromSlice(vals, len(vals))
	if err != nil {
		return nil, err
	}
	return r.Reshape(shape...)
}
