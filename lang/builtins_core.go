package lang

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The Python builtins. Those that PyTorch also has (sum, max, min, abs,
// all, any, round, pow) take the tensor path when their first argument is a
// tensor, calling the tensor method of the same name.

func init() {
	NewBuiltin(AsFunc, "print(*values, sep=' ', end='\\n', file=None, flush=False)", "Prints the values, separated by sep and followed by end, to file (an object with a write method) or the output; kael's own output is never held back, and flush=True calls file.flush().", func(a *Args) (Value, error) {
		vals := a.Value("values").(Tuple)
		sep, err := printSeparator(a.Value("sep"), "sep", " ")
		if err != nil {
			return nil, err
		}
		end, err := printSeparator(a.Value("end"), "end", "\n")
		if err != nil {
			return nil, err
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			if parts[i], err = StrText(v); err != nil { // stopped early, so print nothing
				return nil, err
			}
		}
		file := a.Value("file")
		if _, none := file.(NoneType); none {
			file = a.in.s.StdStream("stdout")
		}
		if file == nil {
			a.in.write(strings.Join(parts, sep) + end)
			return None, nil
		}
		return None, printTo(a, file, parts, sep, end)
	})
	NewBuiltin(AsFunc, "len(obj)", "The number of elements of a list, tuple, dict, string or bytes, or the size of a tensor's first dimension.", func(a *Args) (Value, error) {
		return Len(a.Value("obj"))
	}).setFast(func(in *interp, n int, arg, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		switch x := arg.(type) { // Len's answers, where no user __len__ runs
		case *List:
			return boxInt(in.s, int64(len(x.Elems))), true
		case Tuple:
			return boxInt(in.s, int64(len(x))), true
		case string:
			return boxInt(in.s, int64(utf8.RuneCountInString(x))), true
		case *Dict:
			return boxInt(in.s, int64(x.Len())), true
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "range(start, stop=None, step=1)", "The integers from start (default 0) up to but not including stop, counting by step.", func(a *Args) (Value, error) {
		start, err := rangeArg(a.Value("start"))
		if err != nil {
			return nil, err
		}
		var stop Value
		if a.Position("stop") != 0 || !a.IsNone("stop") { // range(n) counts from 0
			if stop, err = rangeArg(a.Value("stop")); err != nil {
				return nil, err
			}
		} else {
			start, stop = int64(0), start
		}
		step, err := rangeArg(a.Value("step"))
		if err != nil {
			return nil, err
		}
		if step == int64(0) {
			return nil, Errorf(ValueError, "range() arg 3 must not be zero")
		}
		i, ok1 := start.(int64)
		j, ok2 := stop.(int64)
		k, ok3 := step.(int64)
		if ok1 && ok2 && ok3 { // the common case, without big ints
			return &Range{Start: i, Stop: j, Step: k}, nil
		}
		z1, _ := BigOf(start)
		z2, _ := BigOf(stop)
		z3, _ := BigOf(step)
		return newRange(z1, z2, z3), nil
	})
	NewBuiltin(AsFunc, "float(x=0.0)", "Converts a number, a string or a one-element tensor to a float. As a dtype, float means float64.", func(a *Args) (Value, error) {
		v := a.Value("x")
		if s, ok := valueOf(v).(string); ok { // a str, or class S(str)'s
			f, ok := parseFloatText(strings.TrimSpace(asciiDecimals(s)))
			if !ok {
				return nil, Errorf(ValueError, "could not convert string to float: %s", Repr(s))
			}
			return f, nil
		}
		if b, ok := v.(BigInt); ok {
			return bigToFloat(b.v)
		}
		if x, ok := v.(*Instance); ok {
			if f, ok, err := floatOfInstance(x); ok || err != nil {
				return f, err
			}
		}
		if f, ok := AsFloat(v); ok {
			return f, nil
		}
		return nil, scalarConversionError("float", v)
	}).setFast(func(in *interp, n int, arg, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		switch x := arg.(type) {
		case float64:
			return arg, true // itself: no new box
		case int64:
			return boxFloat(in.s, float64(x)), true // AsFloat's conversion
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "int(x=0, base=None)", "Converts a number (truncating), a string or a one-element tensor to an int: int('42'), int('ff', 16), int('0x1f', 0), int('1_000'). As a dtype, int means int64.", func(a *Args) (Value, error) {
		v := a.Value("x")
		if !a.IsNone("base") {
			base := a.Int64("base")
			if err := a.Err(); err != nil {
				return nil, err
			}
			s, ok := valueOf(v).(string)
			if !ok {
				return nil, Errorf(TypeError, "int() can't convert non-string with explicit base")
			}
			return parseIntLiteral(s, base)
		}
		switch x := v.(type) {
		case string:
			return parseIntLiteral(x, 10)
		case float64:
			return floatToIntValue(x)
		case BigInt:
			return x, nil
		case *Instance:
			if r, ok, err := intOfInstance(x); ok || err != nil {
				return r, err
			}
			if s, ok := valueOf(x).(string); ok { // class S(str)
				return parseIntLiteral(s, 10)
			}
			return nil, scalarConversionError("int", v)
		}
		if i, ok := AsInt(v); ok {
			return i, nil
		}
		if f, ok := AsFloat(v); ok {
			return floatToIntValue(f)
		}
		return nil, scalarConversionError("int", v)
	}).setFast(func(in *interp, n int, arg, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		switch x := arg.(type) {
		case int64:
			return arg, true
		case float64:
			if x >= -1<<63 && x < 1<<63 { // floatToIntValue's int64 case
				return boxInt(in.s, int64(x)), true
			}
		case string:
			if i, ok := parseDecimalInt(x); ok {
				return boxInt(in.s, i), true
			}
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "bool(x=False)", "The truth value of x. As a dtype, bool means the bool dtype.", func(a *Args) (Value, error) {
		return Truth(a.Value("x"))
	})
	NewBuiltin(AsFunc, "str(object='', encoding=None, errors=None)", "The text print shows for object; with encoding or errors, the text bytes-like object spells, as object.decode(encoding, errors).", func(a *Args) (Value, error) {
		enc, errs := a.Value("encoding"), a.Value("errors")
		_, noEnc := enc.(NoneType)
		_, noErrs := errs.(NoneType)
		if noEnc && noErrs {
			return textValue(StrText(a.Value("object")))
		}
		return strDecode(a.Value("object"), enc, errs)
	}).setFast(func(_ *interp, n int, arg, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		switch x := arg.(type) { // Str's text
		case string:
			return arg, true
		case int64:
			return strconv.FormatInt(x, 10), true
		case float64:
			return FormatFloat(x), true
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "repr(x)", "The text the REPL shows for x.", func(a *Args) (Value, error) { return textValue(ReprText(a.Value("x"))) })
	NewBuiltin(AsFunc, "list(iterable=())", "A new list of the elements of iterable (a tensor gives its rows).", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		return &List{Elems: elems}, err
	})
	NewBuiltin(AsFunc, "tuple(iterable=())", "A tuple of the elements of iterable.", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		return Tuple(elems), err
	})
	NewBuiltin(AsFunc, "dict(*iterable)", "A new dict from a dict or a sequence of (key, value) pairs, then the keyword arguments: dict(lr=0.1, epochs=5).", func(a *Args) (Value, error) {
		d := NewDict()
		if err := d.updateArgs(a, "dict"); err != nil {
			return nil, err
		}
		return d, nil
	}).acceptsKeywords = true
	NewBuiltin(AsFunc, "sorted(iterable, *, key=None, reverse=False)", "A sorted list of the elements of iterable, stably, by the elements or by key(element).", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		l := &List{Elems: elems}
		sorter := &BoundMethod{Recv: l, Method: typeMethods["list"]["sort"]}
		_, err = a.in.call(sorter, nil, []string{"key", "reverse"}, []Value{a.Value("key"), a.Value("reverse")}, a.in.stmtNode())
		return l, err
	}).setFast(func(_ *interp, n int, arg, _ Value) (Value, bool) {
		elems, isSeq := seqElems(arg)
		if n != 1 || !isSeq {
			return nil, false
		}
		if l := sortedList(elems); l != nil {
			return l, true
		}
		return nil, false
	})
	NewBuiltin(AsFunc, "type(x, *bases_dict)", "The class of x, as in Python: type(1) is int, type(x) is torch.Tensor and prints as <class 'torch.Tensor'>. type(name, bases, dict, **kw) makes a class as a class statement would, kw going to __init_subclass__.", func(a *Args) (Value, error) {
		rest, err := Collect(a.Value("bases_dict"))
		kwNames, kwVals := a.Keywords()
		switch {
		case err != nil:
			return nil, err
		case len(rest) == 0 && len(kwNames) == 0:
			return TypeOf(a.Value("x")), nil
		case len(rest) == 0:
			return nil, Errorf(TypeError, "type() takes no keyword arguments")
		case len(rest) != 2:
			return nil, Errorf(TypeError, "type() takes 1 or 3 arguments")
		}
		return a.in.typeNewMeta(nil, a.Value("x"), rest[0], rest[1], kwNames, kwVals, true)
	}).acceptsKeywords = true
	NewBuiltin(AsFunc, "dtype_of(x)", "The dtype x has, or would have as a tensor: a Python float gives float32, an int int64, a bool bool.", func(a *Args) (Value, error) {
		switch x := a.Value("x").(type) {
		case *tensor.Tensor:
			return x.DType(), nil
		case float64:
			return tensor.DefaultFloat, nil
		case int64:
			return tensor.Int64, nil
		case bool:
			return tensor.Bool, nil
		}
		t, err := ToTensor(a.Value("x"))
		if err != nil {
			return nil, err
		}
		return t.DType(), nil
	})
	NewBuiltin(AsFunc, "help(obj=None)", "Prints the signature and documentation of a builtin, method or function: help(sum), help('softmax'), help(x.sum); for another value (a tensor), what x? shows.", func(a *Args) (Value, error) {
		text, ok := helpText(a.Value("obj"))
		if _, isName := a.Value("obj").(string); !ok && !isName {
			text, ok = describe(TypeName(a.Value("obj")), a.Value("obj"), 0), true // what x? shows
		}
		if !ok {
			return nil, Errorf(NameError, "no help for %s", Repr(a.Value("obj"))).
				WithHint("help() lists every builtin")
		}
		a.in.write(text + "\n")
		return None, nil
	})
	NewBuiltin(AsFunc, "input(prompt='')", "Reads a line of text from the user.", func(a *Args) (Value, error) {
		prompt := a.Str("prompt")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return a.Input(prompt, false)
	})
	NewBuiltin(AsFunc, "display(*values, display_id=None)", "Shows each value as a rich output (a table for a tensor in a notebook). With display_id=True (or a name) it returns a handle whose update(x) redraws that output in place.", displayBuiltin)
	NewBuiltin(AsFunc, "clear_output(wait=False)", "Clears the output of the current notebook cell.", func(a *Args) (Value, error) {
		wait := a.Bool("wait")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.in.s.io.ClearOutput != nil {
			a.in.s.io.ClearOutput(wait)
		}
		return None, nil
	})
	NewBuiltin(AsFunc, "no_grad()", "A context manager in which no operation is recorded for autograd: with no_grad(): w -= lr * w.grad", func(a *Args) (Value, error) {
		return gradMode("no_grad", false), nil
	})
	NewBuiltin(AsFunc, "enable_grad()", "A context manager that turns gradient recording back on inside no_grad().", func(a *Args) (Value, error) {
		return gradMode("enable_grad", true), nil
	})
	NewBuiltin(AsFunc, "is_grad_enabled()", "Whether operations are being recorded for autograd.", func(a *Args) (Value, error) {
		return autograd.IsGradEnabled(), nil
	})
	defOverloaded("sum(input, *args, **kwargs)", "Python's sum of an iterable (sum(xs, start=0)); of a tensor, the sum of its rows (its elements if 1-d), as Python iterates it; x.sum() is the tensor's reduction.", "sum", func(a *Args, _ []Value) (Value, error) { return sumOf(a) })
	defOverloaded("max(input, *args, **kwargs)", "Python's max of several values or an iterable; a tensor is iterated over its rows, as Python does (x.max() is the tensor's reduction).", "max", extremum(1))
	defOverloaded("min(input, *args, **kwargs)", "Python's min of several values or an iterable; a tensor is iterated over its rows, as Python does (x.min() is the tensor's reduction).", "min", extremum(-1))
	defOverloaded("all(input, *args, **kwargs)", "Whether every element of an iterable is true (a tensor is iterated over its rows; x.all() is the tensor's reduction).", "all", func(a *Args, elems []Value) (Value, error) {
		for _, e := range elems {
			if t, err := Truth(e); err != nil || !t {
				return false, err
			}
		}
		return true, nil
	})
	defOverloaded("any(input, *args, **kwargs)", "Whether some element of an iterable is true (a tensor is iterated over its rows; x.any() is the tensor's reduction).", "any", func(a *Args, elems []Value) (Value, error) {
		for _, e := range elems {
			if t, err := Truth(e); err != nil || t {
				return t, err
			}
		}
		return false, nil
	})
	defOverloaded("abs(input, *args, **kwargs)", "The absolute value of a number, or torch.abs of a tensor.", "abs", func(a *Args, elems []Value) (Value, error) {
		switch x := valueOf(a.Value("input")).(type) {
		case int64:
			if x == math.MinInt64 {
				return BigInt{v: new(big.Int).Neg(big.NewInt(x))}, nil
			}
			return abs64(x), nil
		case BigInt:
			return IntFromBig(new(big.Int).Abs(x.v)), nil
		case Complex:
			return complexAbs(x)
		case float64:
			return math.Abs(x), nil
		case bool:
			return boolInt(x), nil
		case HasAbs:
			return a.in.warned(x.Abs())
		case *Instance:
			if r, found, err := a.in.callSpecial(x, "__abs__"); found {
				return r, err
			}
		}
		return nil, Errorf(TypeError, "bad operand type for abs(): '%s'", TypeName(a.Value("input")))
	})
	defOverloaded("round(input, *args, **kwargs)", "A number rounded to ndigits decimals (half to even); x.round() rounds a tensor.", "round", func(a *Args, elems []Value) (Value, error) {
		x := valueOf(a.Value("input"))
		if n, isNumber := x.(Number); isNumber { // a library scalar: np.float32(1.5)
			if i, ok := n.Index(); ok {
				x = i
			} else if f, ok := n.Float(); ok {
				x = f
			}
		}
		rest := a.Value("args").(Tuple) // at most one with ndigits=, as defOverloaded's count checks
		if nd, ok := kwArg(a, "ndigits"); ok {
			if len(rest) > 0 {
				return nil, Errorf(TypeError, "argument for round() given by name ('ndigits') and position (2)")
			}
			rest = Tuple{nd}
		}
		if len(rest) == 1 && rest[0] == None {
			rest = nil // round(x, None) is round(x)
		}
		if inst, ok := x.(*Instance); ok {
			if r, found, err := a.in.callSpecial(inst, "__round__", rest...); found {
				return r, err
			}
		}
		f, ok := asNumber(x)
		if !ok && !IsInt(x) {
			return nil, Errorf(TypeError, "type %s doesn't define __round__ method", TypeName(x))
		}
		if len(rest) == 0 {
			if IsInt(x) {
				if b, isBool := x.(bool); isBool {
					return boolInt(b), nil
				}
				return x, nil // an int rounds to itself, exactly
			}
			return floatToIntValue(math.RoundToEven(f))
		}
		ndv, err := IndexValue(rest[0]) // CPython's "'str' object cannot be interpreted as an integer"
		if err != nil {
			return nil, err
		}
		nd, ok := AsInt(ndv)
		if !ok { // beyond the int64s: as far as they go, as CPython's PyNumber_AsSsize_t clips
			nd = math.MaxInt64
			if z, _ := BigOf(ndv); z.Sign() < 0 {
				nd = math.MinInt64
			}
		}
		if IsInt(x) {
			return roundInt(x, nd) // an int rounds to an int
		}
		return roundDigits(f, nd)
	})
	defOverloaded("pow(input, *args, **kwargs)", "input ** exponent for numbers (pow(base, exp, mod) of ints: base ** exp % mod, computed without the power; a negative exp takes the inverse of base modulo mod), or base ** exp for tensors.", "pow", func(a *Args, elems []Value) (Value, error) {
		operands, err := powOperands(a)
		if err != nil {
			return nil, err
		}
		if len(operands) == 3 && operands[2] != None {
			return a.in.ternaryPow(operands[0], operands[1], operands[2])
		}
		base, exp := operands[0], operands[1]
		if _, isNumber := asNumber(base); isNumber && isTensor(exp) {
			// torch.pow(2, x) keeps 2 a number (PowBackward2), where
			// 2 ** x runs x.__rpow__(2) (PowBackward1).
			x, y, err := tensorOperands(syntax.STARSTAR, base, exp)
			if err != nil {
				return nil, err
			}
			return a.in.tensorOp(autograd.PowOp, syntax.STARSTAR, x, y, a.in.stmtNode())
		}
		return a.in.binary(syntax.STARSTAR, base, exp, a.in.stmtNode())
	})
}

// FloatToInt truncates f to an int as Python's int() does, refusing NaN,
// the infinities and floats beyond the 64-bit integers.
func FloatToInt(f float64) (int64, error) {
	switch {
	case math.IsNaN(f):
		return 0, Errorf(ValueError, "cannot convert float NaN to integer")
	case math.IsInf(f, 0):
		return 0, Errorf(OverflowError, "cannot convert float infinity to integer")
	case f < -1<<63 || f >= 1<<63:
		return 0, Errorf(OverflowError, "cannot convert float %s to integer: kael integers are 64-bit", FormatFloat(f))
	}
	return int64(f), nil
}

// roundDigits rounds f to nd decimal digits, halves to even, as Python's
// round(f, nd): from f's exact decimal value, so that round(2.675, 2) is
// 2.67 (2.675 is slightly below it as a float). A negative nd rounds to
// a multiple of 10^-nd: the exact multiple nearest f's exact value, then
// the float nearest that, as CPython's double_round does through
// _Py_dg_dtoa and strtod (dividing by a rounded power of ten gave
// round(1.5e300, -300) as 1.0000000000000006e+300, not 2e+300). A result
// beyond the floats is CPython's OverflowError.
func roundDigits(f float64, nd int64) (float64, error) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0) || nd > 323:
		return f, nil // no float has digits that far
	case nd < -308:
		return math.Copysign(0, f), nil
	case nd < 0:
		return roundTens(f, -nd)
	}
	if r, ok := roundDigitsExact(f, nd); ok {
		return r, nil
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', int(nd), 64), 64)
	return r, nil
}

// exactTens are the powers of ten that a float64 holds exactly.
var exactTens = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// roundDigitsExact is roundDigits for 0 <= nd <= 22 without the text:
// the product y = f * 10**nd and its exact error e (a fused
// multiply-add) give the exact f * 10**nd = y + e, which rounds to the
// integer r as the text would (halves to even; e decides the side of a
// y that is a half); r / 10**nd, both exact, is then the float nearest
// the decimal r * 10**-nd that the text would parse to. ok is false
// where that does not hold (|y| from 2**52 on, where y's unit is no
// longer below a half), and the caller formats the text.
func roundDigitsExact(f float64, nd int64) (float64, bool) {
	if nd < 0 || nd >= int64(len(exactTens)) {
		return 0, false
	}
	p := exactTens[nd]
	y := f * p
	if !(math.Abs(y) < 1<<52) {
		return 0, false
	}
	e := math.FMA(f, p, -y)
	r := math.Floor(y)
	switch d := y - r; { // exact: y's unit is at most a half
	case d > 0.5, d == 0.5 && (e > 0 || e == 0 && math.Mod(r, 2) != 0):
		r++
	}
	return math.Copysign(r/p, f), true
}

// roundTens is roundDigits for nd = -k < 0, in exact arithmetic.
func roundTens(f float64, k int64) (float64, error) {
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)
	exact := new(big.Rat).SetFloat64(f)
	den := new(big.Int).Mul(exact.Denom(), unit)
	q, rem := new(big.Int).QuoRem(exact.Num(), den, new(big.Int)) // toward zero
	rem.Lsh(rem.Abs(rem), 1)
	if c := rem.Cmp(den); c > 0 || c == 0 && q.Bit(0) == 1 { // beyond the half, or on it from an odd q
		q.Add(q, big.NewInt(int64(exact.Sign())))
	}
	r, _ := new(big.Float).SetInt(q.Mul(q, unit)).Float64() // to nearest, halves to even
	if math.IsInf(r, 0) {
		return 0, Errorf(OverflowError, "rounded value too large to represent")
	}
	return math.Copysign(r, f), nil
}

func scalarConversionError(to string, v Value) error {
	if t, ok := v.(*tensor.Tensor); ok {
		if t.Numel() == 1 && t.DType().IsComplex() {
			// PyTorch's message for float() or int() of a complex tensor.
			cType := "double"
			if to == "int" {
				cType = "int64_t"
			}
			return Errorf(RuntimeError, "value cannot be converted to type %s without overflow", cType)
		}
		return Errorf(ValueError, "only one element tensors can be converted to Python scalars")
	}
	if r, ok := v.(ScalarRefuser); ok {
		return r.ScalarError(ScalarReal)
	}
	if _, ok := v.(Complex); ok {
		if to == "int" {
			return Errorf(TypeError, "int() argument must be a string, a bytes-like object or a real number, not 'complex'")
		}
		return Errorf(TypeError, "%s() argument must be a string or a real number, not 'complex'", to)
	}
	if to == "int" {
		return Errorf(TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'", TypeName(v))
	}
	return Errorf(TypeError, "%s() argument must be a string or a real number, not '%s'", to, TypeName(v))
}

// defOverloaded defines a Python builtin that becomes the tensor method of
// the given name when its first argument is a tensor. For other values,
// python receives the elements: the arguments themselves when there are
// several, or the elements of the single iterable argument.
func defOverloaded(sig, doc, method string, python func(a *Args, elems []Value) (Value, error)) {
	sig = strings.Replace(sig, "**kwargs", "", 1)
	sig = strings.Replace(sig, ", )", ")", 1)
	arity, counted := cpythonArity[method]
	var b *Builtin
	fast := overloadedFast[method]
	extremumSign := map[string]int{"max": 1, "min": -1}[method] // 0 for the others
	b = NewBuiltin(AsFunc, sig, doc, func(a *Args) (Value, error) {
		first := a.Value("input")
		rest := a.variadic(1)                                          // the call's: copied below where kept
		if extremumSign != 0 && len(rest) > 1 && len(a.kwNames) == 0 { // min(a, b, c): beyond the fast path's two
			if v, ok := numberExtremum(extremumSign, first, rest); ok {
				return v, nil
			}
		}
		// a tensor goes to the tensor method, unless a keyword only
		// Python's function has (max(t, key=abs), sum(t, start=1))
		// asks for Python's iteration over its rows
		if counted && len(a.kwNames) == 0 { // CPython's count check (abs(1, 2), sum(1, 2, 3)) before anything else
			if e := arity.check(method, 1+len(rest), nil); e != nil {
				return nil, e
			}
		}
		torchKeyword := slices.ContainsFunc(a.kwNames, func(n string) bool { return !slices.Contains(pythonKeywords[method], n) })
		if _, ok := first.(*tensor.Tensor); ok && (tensorMethodBuiltins[method] || torchKeyword) {
			return callTensorMethod(a, method)
		}
		if counted && len(a.kwNames) > 0 && arity.countsBeforeKeywords(method) { // round(1.5, ndigits=1, x=2): the keywords count
			if e := arity.check(method, 1+len(rest), a.kwNames); e != nil {
				return nil, e
			}
		}
		for _, name := range a.kwNames {
			if len(pythonKeywords[method]) == 0 {
				return nil, Errorf(TypeError, "%s() takes no keyword arguments", method)
			}
			if !slices.Contains(pythonKeywords[method], name) {
				return nil, Errorf(TypeError, "'%s' is an invalid keyword argument for %s()", name, method)
			}
		}
		elems := append(Tuple{first}, rest...)
		if len(elems) == 1 && (method == "any" || method == "all") {
			return shortCircuit(first, method == "any")
		}
		if len(elems) == 1 && method != "abs" && method != "round" && method != "sum" && method != "pow" {
			var err error
			elems, err = Collect(first)
			if err != nil {
				return nil, err
			}
		}
		return python(a, elems)
	})
	b.acceptsKeywords = true
	if fast != nil {
		b.setFast(fast)
	}
	overloaded[method] = b
}

// overloadedFast are the fast paths (fastPath) of overloaded builtins
// for Python's ints and floats, the common calls, ahead of the generic
// code of defOverloaded: ok is false, and the generic code runs, for
// anything else, errors included.
var overloadedFast = map[string]fastPath{
	"abs": func(in *interp, n int, first, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		switch x := first.(type) {
		case int64:
			if x >= 0 {
				return first, true
			}
			if x != math.MinInt64 {
				return boxInt(in.s, -x), true
			}
		case float64:
			return boxFloat(in.s, math.Abs(x)), true
		}
		return nil, false
	},
	"round": func(in *interp, n int, first, ndigits Value) (Value, bool) {
		switch n {
		case 1:
			switch x := first.(type) {
			case int64:
				return first, true // an int rounds to itself
			case float64:
				if r := math.RoundToEven(x); r >= -1<<63 && r < 1<<63 { // else floatToIntValue's error or big int
					return boxInt(in.s, int64(r)), true
				}
			}
		case 2: // round(x, ndigits) with an int ndigits
			nd, ok := ndigits.(int64)
			if !ok {
				return nil, false
			}
			switch x := first.(type) {
			case int64:
				if nd >= 0 {
					return first, true // roundInt's answer
				}
			case float64:
				if r, err := roundDigits(x, nd); err == nil {
					return boxFloat(in.s, r), true
				}
			}
		}
		return nil, false
	},
	"pow": func(_ *interp, n int, base, exp Value) (Value, bool) {
		if n != 2 || !isIntOrFloat(base) || !isIntOrFloat(exp) {
			return nil, false
		}
		r, ok, err := numberBinary(syntax.STARSTAR, base, exp) // base ** exp, as the generic code's binary
		return r, ok && err == nil
	},
	"sum": func(in *interp, n int, first, _ Value) (Value, bool) {
		if n != 1 {
			return nil, false
		}
		elems, ok := seqElems(first)
		if !ok {
			return nil, false
		}
		return sumNumbers(in.s, elems)
	},
	"max": func(_ *interp, n int, first, second Value) (Value, bool) { return extremumFast(1, n, first, second) },
	"min": func(_ *interp, n int, first, second Value) (Value, bool) { return extremumFast(-1, n, first, second) },
}

// extremumFast is numberExtremum of a call's one or two arguments.
func extremumFast(sign, n int, first, second Value) (Value, bool) {
	switch n {
	case 1:
		return numberExtremum(sign, first, nil)
	case 2:
		rest := [1]Value{second}
		return numberExtremum(sign, first, rest[:])
	}
	return nil, false
}

// isIntOrFloat reports whether v is an int64 or a float64 (not a bool, a
// big int or a library's scalar).
func isIntOrFloat(v Value) bool {
	switch v.(type) {
	case int64, float64:
		return true
	}
	return false
}

// sumNumbers is sum(elems) of a list or tuple whose elements are all
// int64s or float64s, as sumOf adds them from the int 0: ints in an int64
// while the total fits, then floats, an int after a float added as its
// float (CPython 3.11's fast paths, left to right). ok is false, with
// nothing computed, for any other element and for an int total beyond
// 64 bits: sumOf answers those.
func sumNumbers(s *Session, elems []Value) (Value, bool) {
	var iacc int64
	var facc float64
	floats := false
	for _, e := range elems {
		switch y := e.(type) {
		case int64:
			if floats {
				facc += float64(y)
				continue
			}
			r, ok := addInt(iacc, y)
			if !ok {
				return nil, false
			}
			iacc = r
		case float64:
			if !floats {
				floats, facc = true, float64(iacc)
			}
			facc += y
		default:
			return nil, false
		}
	}
	if floats {
		return boxFloat(s, facc), true
	}
	return boxInt(s, iacc), true
}

// extremumOf is numberExtremum of first, whose number is x, and elems,
// all of x's type.
func extremumOf[T int64 | float64](sign int, x T, first Value, elems []Value) (Value, bool) {
	best, bestV := x, first
	for _, e := range elems {
		y, ok := e.(T)
		if !ok {
			return nil, false
		}
		if sign > 0 && y > best || sign < 0 && y < best {
			best, bestV = y, e
		}
	}
	return bestV, true
}

// numberExtremum is max (sign 1) or min (-1) of first and rest, or of the
// elements of first, a list or tuple, when rest is empty, where all are
// ints or all floats: the first of the largest (smallest) as extremum
// picks it, NaN never replacing nor replaced (Compare's equal). ok is
// false for anything else.
func numberExtremum(sign int, first Value, rest []Value) (Value, bool) {
	var elems []Value
	switch {
	case len(rest) == 0:
		var ok bool
		if elems, ok = seqElems(first); !ok {
			return nil, false
		}
		if len(elems) == 0 {
			return nil, false
		}
		first, elems = elems[0], elems[1:]
	default:
		elems = rest
	}
	switch x := first.(type) {
	case int64:
		return extremumOf(sign, x, first, elems)
	case float64:
		return extremumOf(sign, x, first, elems)
	}
	return nil, false
}

// rangeArg is an argument of range() as CPython's range takes it, through
// operator.index: a float, a str, None or a NumPy array of several
// elements is a TypeError with CPython's (or NumPy's, PyTorch's) words.
// The int is an int64 or, beyond, a BigInt.
func rangeArg(v Value) (Value, error) { return IndexValue(v) }

// overloaded holds the builtins defOverloaded made, by name.
var overloaded = map[string]*Builtin{}

// callTensorMethod calls the tensor method method with a's arguments, its
// input the tensor.
func callTensorMethod(a *Args, method string) (Value, error) {
	m, ok := methods[method]
	if !ok && loadOnMiss() {
		m, ok = methods[method]
	}
	if !ok {
		return nil, Errorf(TypeError, "%s() does not take tensors", method)
	}
	args := append(Tuple{a.Value("input")}, a.Value("args").(Tuple)...)
	return a.in.call(m, args, a.kwNames, a.kwVals, a.in.stmtNode())
}

// TorchForm returns torch's function of a name Python's builtins share
// with it (torch.sum, torch.max, torch.round, ...): of a tensor, the
// tensor's method, with its help text, where the builtin follows Python
// (sum(t) adds t's rows); of anything else, the builtin. ok is false for
// other names. torch's modules hold these in place of the builtins. It
// is for a module's builder, after the program has initialised (a library
// may have given the builtins parameters).
func TorchForm(name string) (*Builtin, bool) {
	torchFormsOnce.Do(func() {
		torchForms = make(map[string]*Builtin, len(overloaded))
		for name, b := range overloaded {
			python := b.fn
			f := b.WithFn(func(a *Args) (Value, error) {
				if _, ok := a.Value("input").(*tensor.Tensor); ok {
					return callTensorMethod(a, name)
				}
				return python(a)
			})
			if m, ok := methods[name]; ok {
				f.Doc = m.Doc
			}
			f.SetModule("torch") // pickle writes torch.sum, not builtins.sum
			torchForms[name] = f
		}
	})
	f, ok := torchForms[name]
	return f, ok
}

// OverloadedBuiltins returns the names TorchForm answers, sorted.
func OverloadedBuiltins() []string { return sortedKeys(overloaded) }

var (
	torchFormsOnce sync.Once
	torchForms     map[string]*Builtin
)

// shortCircuit is Python's any (stopAt true) or all (stopAt false) of an
// iterable: it stops at the first element whose truth is stopAt, leaving
// a generator's remaining elements unasked.
func shortCircuit(it Value, stopAt bool) (Value, error) {
	found := false
	var truthErr error
	err := Iterate(it, func(e Value) bool {
		t, err := Truth(e)
		if err != nil {
			truthErr = err
			return false
		}
		found = t == stopAt
		return !found
	})
	if err == nil {
		err = truthErr
	}
	if err != nil {
		return nil, err
	}
	return found == stopAt, nil
}

// extremum returns the Python max (sign 1) or min (sign -1), with the
// keyword arguments key and default.
func extremum(sign int) func(a *Args, elems []Value) (Value, error) {
	name, op := "max", syntax.GT
	if sign < 0 {
		name, op = "min", syntax.LT
	}
	return func(a *Args, elems []Value) (Value, error) {
		dflt, hasDefault := kwArg(a, "default")
		if hasDefault && len(a.Value("args").(Tuple)) > 0 {
			return nil, Errorf(TypeError, "Cannot specify a default for %s() with multiple positional arguments", name)
		}
		if len(elems) == 0 {
			if hasDefault {
				return dflt, nil
			}
			return nil, Errorf(ValueError, "%s() arg is an empty sequence", name)
		}
		keys := elems
		if key, ok := kwArg(a, "key"); ok {
			if _, none := key.(NoneType); !none {
				keys = make([]Value, len(elems))
				for i, e := range elems {
					k, err := a.Call(key, e)
					if err != nil {
						return nil, err
					}
					keys[i] = k
				}
			}
		}
		// As CPython's min and max: each key against the best so far by
		// > (max) or < (min) and the truth of its result, so that a user
		// class's __gt__ or __lt__ is asked once and a tuple's elements ==
		// first.
		best, bestKey := elems[0], keys[0]
		for i, e := range elems[1:] {
			r, err := a.Compare(op, keys[i+1], bestKey)
			if err != nil {
				return nil, err
			}
			better, err := Truth(r)
			if err != nil {
				return nil, err
			}
			if better {
				best, bestKey = e, keys[i+1]
			}
		}
		return best, nil
	}
}

func gradMode(name string, on bool) *ContextManager {
	var prev bool
	return &ContextManager{Name: name,
		Enter: func() error { prev = autograd.SetGradEnabled(on); return nil },
		Exit:  func() { autograd.SetGradEnabled(prev) }}
}

// write sends text to the session's standard output.
func (in *interp) write(s string) {
	if in.s.io.Stdout != nil {
		fmt.Fprint(in.s.io.Stdout, s)
	}
}

// HelpFor returns the help text for a builtin, tensor method or attribute
// named name.
func HelpFor(name string) (string, bool) { return helpText(name) }

// helpText returns the help for a builtin, method, function or name.
func helpText(v Value) (string, bool) {
	switch x := v.(type) {
	case NoneType:
		return "builtins: " + strings.Join(Builtins(), ", ") + "\ntensor methods: " + strings.Join(Methods(), ", ") +
			"\nhelp(name) shows one of them.", true
	case *Builtin:
		return x.Sig + "\n    " + x.Doc + examplesText(x), true
	case *BoundMethod:
		return "Tensor." + x.Method.Sig + "\n    " + x.Method.Doc + examplesText(x.Method), true
	case *Function:
		sig := x.signatureText()
		if x.Doc != "" {
			return sig + "\n    " + x.Doc, true
		}
		return sig, true
	case string:
		loadLibraries() // help("zeros"): a library's name
		if b, ok := builtins[x]; ok {
			return helpText(b)
		}
		if m, ok := methods[x]; ok {
			return "Tensor." + m.Sig + "\n    " + m.Doc + examplesText(m), true
		}
		if a, ok := attributes[x]; ok {
			return "Tensor." + x + "\n    " + a.doc, true
		}
	case tensor.DType:
		return fmt.Sprintf("%s: a dtype, %d bytes per element", x, x.Size()), true
	case *Module:
		return "module " + x.Name + "\n    " + x.Doc + "\nmembers: " + strings.Join(sortedKeys(x.attrMap()), ", "), true
	case *UserClass, *userMethod:
		return userHelp(x), true
	case Helper:
		return x.HelpText(), true
	}
	return "", false
}

// examplesText is the Examples section of b's help, "" when it has none.
func examplesText(b *Builtin) string {
	if len(b.Examples()) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("\nExamples:")
	for _, e := range b.Examples() {
		sb.WriteString("\n    " + e)
	}
	return sb.String()
}

// signatureText returns f's signature as help shows it: f(a, b=1, *rest).
func (f *Function) signatureText() string {
	var parts []string
	for i, p := range f.Params {
		if p.KwOnly && (i == 0 || !f.Params[i-1].KwOnly) && (i == 0 || f.Params[i-1].Star != syntax.STAR) {
			parts = append(parts, "*")
		}
		s := p.Name.Name
		switch p.Star {
		case syntax.STAR:
			s = "*" + s
		case syntax.STARSTAR:
			s = "**" + s
		}
		if f.Defaults[i] != nil {
			s += "=" + Repr(f.Defaults[i])
		}
		parts = append(parts, s)
		if p.PosOnly && (i+1 == len(f.Params) || !f.Params[i+1].PosOnly) {
			parts = append(parts, "/")
		}
	}
	return f.Name + "(" + strings.Join(parts, ", ") + ")"
}

// textValue is the string value of a text ReprText or StrText made, or
// the error that stopped it.
func textValue(s string, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Length is len(obj).
func Len(obj Value) (Value, error) {
	switch x := obj.(type) {
	case *tensor.Tensor:
		if x.Dim() == 0 {
			return nil, Errorf(TypeError, "len() of a 0-d tensor")
		}
		n, _ := x.Size(0)
		return int64(n), nil
	case *Dict:
		return int64(x.Len()), nil
	case *UserClass:
		if elems, ok := x.classIter(); ok {
			return int64(len(elems)), nil
		}
	case *Set:
		return int64(x.Len()), nil
	case *Range:
		if x.count() > math.MaxInt64 {
			return nil, lengthOverflow()
		}
		return x.Len(), nil
	case string:
		return int64(utf8.RuneCountInString(x)), nil
	case Sized:
		return x.Length()
	case Bytes:
		return int64(len(x.b)), nil
	}
	elems, _, ok := Sequence(obj)
	if !ok {
		return nil, Errorf(TypeError, "object of type '%s' has no len()", TypeName(obj))
	}
	return int64(len(elems)), nil
}

// printSeparator is print's sep or end argument v: def when None.
func printSeparator(v Value, name, def string) (string, error) {
	switch x := v.(type) {
	case NoneType:
		return def, nil
	case string:
		return x, nil
	}
	return "", Errorf(TypeError, "%s must be None or a string, not %s", name, TypeName(v))
}

// printTo is print(..., file=file): as CPython, one file.write call per
// value, separator and end, then file.flush() when flush is true.
func printTo(a *Args, file Value, parts []string, sep, end string) error {
	write, err := a.in.getAttr(file, "write")
	if err != nil {
		return err
	}
	emit := func(s string) error {
		_, err := a.Call(write, s)
		return err
	}
	for i, p := range parts {
		if i > 0 {
			if err := emit(sep); err != nil {
				return err
			}
		}
		if err := emit(p); err != nil {
			return err
		}
	}
	if err := emit(end); err != nil {
		return err
	}
	if t, err := Truth(a.Value("flush")); err != nil || !t {
		return err
	}
	flush, err := a.in.getAttr(file, "flush")
	if err != nil {
		return err
	}
	_, err = a.Call(flush)
	return err
}
