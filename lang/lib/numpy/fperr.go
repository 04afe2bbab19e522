package numpy

import (
	"math"
	"math/big"
	"math/cmplx"
	"sync"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's floating-point error handling (np.seterr, np.errstate): what
// a scalar operation does when it divides by zero, overflows, underflows
// or makes an invalid value. kael checks the arithmetic of NumPy scalars
// (np.int16(32767) + np.int16(1), np.float64(1) / 0), as NumPy 1.24 does
// with its "scalar" messages, and of arrays and the floating ufuncs
// (fperr_array.go).

// fpKinds are seterr's keys in NumPy's order, each with the start of its
// message.
var fpKinds = []struct{ key, text string }{
	{"divide", "divide by zero"}, {"over", "overflow"}, {"under", "underflow"}, {"invalid", "invalid value"},
}

// fpModes are the modes kael carries out; NumPy's 'print', 'log' and
// 'call' are refused.
var fpModes = map[string]bool{"ignore": true, "warn": true, "raise": true}

var fpState = struct {
	sync.Mutex
	mode map[string]string
}{mode: map[string]string{"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}}

// fpErrDict is np.geterr(): a dict in NumPy's key order.
func fpErrDict() lang.Value {
	fpState.Lock()
	defer fpState.Unlock()
	d := lang.NewDict()
	for _, k := range fpKinds {
		_ = d.Set(k.key, fpState.mode[k.key])
	}
	return d
}

// fpParams are seterr's parameters, all first.
var fpParams = []string{"all", "divide", "over", "under", "invalid"}

// fpArgs reads seterr's arguments.
func fpArgs(a *lang.Args) map[string]lang.Value {
	args := map[string]lang.Value{}
	for _, k := range fpParams {
		args[k] = a.Value(k)
	}
	return args
}

// setFPModes applies seterr's arguments (all first, then each kind) and
// returns the modes there were.
func setFPModes(args map[string]lang.Value) (lang.Value, error) {
	want := map[string]string{}
	for _, k := range fpParams {
		v := args[k]
		if v == nil || v == lang.None {
			continue
		}
		mode, ok := v.(string)
		if !ok {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(v))
		}
		if _, known := map[string]bool{"print": true, "log": true, "call": true}[mode]; known {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's NumPy carries out the modes 'ignore', 'warn' and 'raise', not %s", lang.Repr(mode))
		}
		if !fpModes[mode] {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(mode))
		}
		if k == "all" {
			for _, kind := range fpKinds {
				want[kind.key] = mode
			}
			continue
		}
		want[k] = mode
	}
	old := fpErrDict()
	fpState.Lock()
	defer fpState.Unlock()
	for k, m := range want {
		fpState.mode[k] = m
	}
	return old, nil
}

// restoreFPModes sets the modes of a geterr() dict back.
func restoreFPModes(d lang.Value) {
	dict, ok := d.(*lang.Dict)
	if !ok {
		return
	}
	fpState.Lock()
	defer fpState.Unlock()
	for _, k := range fpKinds {
		if v, found, _ := dict.Get(k.key); found {
			if m, isStr := v.(string); isStr {
				fpState.mode[k.key] = m
			}
		}
	}
}

// errState is np.errstate(...): a context manager that sets the modes on
// entering and restores them on leaving.
type errState struct {
	args  map[string]lang.Value
	saved lang.Value
}

// TypeName returns numpy.errstate.
func (*errState) TypeName() string { return "numpy.errstate" }

// Enter sets the modes.
func (e *errState) Enter() (lang.Value, error) {
	old, err := setFPModes(e.args)
	if err != nil {
		return nil, err
	}
	e.saved = old
	return lang.None, nil
}

// Exit restores the modes there were.
func (e *errState) Exit() { restoreFPModes(e.saved) }

const fpErrParams = "all=None, divide=None, over=None, under=None, invalid=None"

func defFPErr(m map[string]lang.Value) {
	m["seterr"] = lang.NewBuiltin(lang.AsValue, "seterr(*, "+fpErrParams+")", "Sets what NumPy's arithmetic and floating ufuncs do on a division by zero, an overflow, an underflow or an invalid value: 'ignore', 'warn' (a RuntimeWarning) or 'raise' (FloatingPointError); all= sets the four. Returns the modes there were, as geterr().", func(a *lang.Args) (lang.Value, error) {
		return setFPModes(fpArgs(a))
	})
	m["geterr"] = lang.NewBuiltin(lang.AsValue, "geterr()", "The modes of the floating-point errors now: {'divide': 'warn', 'over': 'warn', 'under': 'ignore', 'invalid': 'warn'} at the start.", func(*lang.Args) (lang.Value, error) {
		return fpErrDict(), nil
	})
	m["errstate"] = lang.NewBuiltin(lang.AsValue, "errstate(*, "+fpErrParams+")", "A context manager: with np.errstate(over='ignore'): ... sets the modes of seterr inside the block and restores them after.", func(a *lang.Args) (lang.Value, error) {
		return &errState{args: fpArgs(a)}, nil
	})
}

// scalarUfuncNames are the names NumPy's scalar warnings give the
// operators.
var scalarUfuncNames = map[syntax.Token]string{
	syntax.PLUS: "add", syntax.MINUS: "subtract", syntax.STAR: "multiply", syntax.SLASH: "divide",
	syntax.SLASHSLASH: "floor_divide", syntax.PERCENT: "remainder", syntax.STARSTAR: "power",
}

// fpReport turns the kinds of error an operation made in where (a
// ufunc's name, "scalar add" for scalars) into what the modes say: nil, a FloatingPointError, or a *lang.Warned carrying r
// and the RuntimeWarnings.
func fpReport(r lang.Value, where string, kinds map[string]bool) error {
	if len(kinds) == 0 {
		return nil
	}
	fpState.Lock()
	modes := map[string]string{}
	for k, m := range fpState.mode {
		modes[k] = m
	}
	fpState.Unlock()
	var msgs []string
	var raised error
	for _, k := range fpKinds {
		if !kinds[k.key] || raised != nil { // NumPy raises at the first
			continue
		}
		msg := k.text + " encountered in " + where
		switch modes[k.key] {
		case "raise":
			raised = lang.Errorf(lang.ErrorKind("FloatingPointError"), "%s", msg)
		case "warn":
			msgs = append(msgs, msg)
		}
	}
	if len(msgs) == 0 {
		return raised
	}
	return &lang.Warned{Value: r, Category: "RuntimeWarning", Messages: msgs, Err: raised}
}

// isPlainScalarOperand reports whether v takes part in a scalar operation:
// a NumPy scalar or a Python number (not an array, even a 0-d one).
func isPlainScalarOperand(v lang.Value) bool {
	switch v.(type) {
	case *Scalar, bool, int64, float64, lang.Complex:
		return true
	}
	return false
}

// scalarBinaryErrors is the report of a op b (r its result) between
// scalars: nil when nothing went wrong.
func scalarBinaryErrors(op syntax.Token, a, b lang.Value, r lang.Value) error {
	ufunc, arith := scalarUfuncNames[op]
	res, isScalar := r.(*Scalar)
	if !arith || !isScalar || !isPlainScalarOperand(a) || !isPlainScalarOperand(b) {
		return nil
	}
	ta, _, errA := asOperand(a)
	tb, _, errB := asOperand(b)
	if errA != nil || errB != nil {
		return nil
	}
	dt := res.t.DType()
	kinds := map[string]bool{}
	switch dt.Category() {
	case tensor.IntegerCategory:
		intErrors(op, ta.t, tb.t, res.t, kinds)
	case tensor.FloatingCategory, tensor.ComplexCategory:
		floatErrors(op, ta.t, tb.t, res.t, kinds)
	}
	return fpReport(r, "scalar "+ufunc, kinds)
}

// intErrors notes an integer operation's errors: a zero divisor, or a
// result that differs from the exact one (an overflow). Powers are not
// checked, as NumPy does not.
func intErrors(op syntax.Token, a, b, r *tensor.Tensor, kinds map[string]bool) {
	x, y, got := bigOf(a), bigOf(b), bigOf(r)
	if x == nil || y == nil || got == nil {
		return
	}
	exact := new(big.Int)
	switch op {
	case syntax.PLUS:
		exact.Add(x, y)
	case syntax.MINUS:
		exact.Sub(x, y)
	case syntax.STAR:
		exact.Mul(x, y)
	case syntax.SLASHSLASH, syntax.PERCENT:
		if y.Sign() == 0 {
			kinds["divide"] = true
			return
		}
		if op == syntax.PERCENT {
			return
		}
		m := new(big.Int)
		exact.DivMod(x, y, m) // Euclidean: make it floor division
		if m.Sign() != 0 && y.Sign() < 0 {
			exact.Sub(exact, big.NewInt(1))
		}
	default:
		return
	}
	if exact.Cmp(got) != 0 {
		kinds["over"] = true
	}
}

// bigOf is the integer a 0-d integer or bool tensor holds.
func bigOf(t *tensor.Tensor) *big.Int {
	if t.DType() == tensor.Uint64 {
		v, ok := lang.BigOf(uint64Item(t))
		if !ok {
			return nil
		}
		return v
	}
	v, err := t.Item()
	if err != nil {
		return nil
	}
	switch x := v.(type) {
	case int64:
		return big.NewInt(x)
	case bool:
		if x {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	return nil
}

// floatErrors notes a floating operation's errors as IEEE's flags would:
// a finite nonzero number divided by zero, an infinite result from finite
// operands (overflow), a nan from operands without one (invalid).
func floatErrors(op syntax.Token, a, b, r *tensor.Tensor, kinds map[string]bool) {
	x, okA := complexOf(a)
	y, okB := complexOf(b)
	z, okR := complexOf(r)
	if !okA || !okB || !okR {
		return
	}
	nan := func(c complex128) bool { return math.IsNaN(real(c)) || math.IsNaN(imag(c)) }
	inf := func(c complex128) bool { return math.IsInf(real(c), 0) || math.IsInf(imag(c), 0) }
	if (op == syntax.SLASH || op == syntax.SLASHSLASH) && y == 0 && x != 0 && !nan(x) {
		kinds["divide"] = true
	} else if inf(z) && !inf(x) && !inf(y) && !nan(x) && !nan(y) {
		kinds["over"] = true
	}
	if nan(z) && !nan(x) && !nan(y) {
		kinds["invalid"] = true
	}
}

// complexOf is the number a 0-d tensor holds, as a complex128.
func complexOf(t *tensor.Tensor) (complex128, bool) {
	v, err := t.Item()
	if err != nil {
		return 0, false
	}
	switch x := v.(type) {
	case complex128:
		return x, true
	case float64:
		return complex(x, 0), true
	case int64:
		return complex(float64(x), 0), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return cmplx.NaN(), false
}

// scalarUnaryErrors is the report of -x and abs(x) on an integer scalar:
// the negative of the smallest signed value, or of an unsigned nonzero
// value, overflows (abs only the former).
func scalarUnaryErrors(ufunc string, x *tensor.Tensor, r lang.Value) error {
	dt := x.DType()
	if dt.Category() != tensor.IntegerCategory {
		return nil
	}
	v := bigOf(x)
	if v == nil {
		return nil
	}
	over := false
	if dt.IsSigned() {
		lo := new(big.Int).Lsh(big.NewInt(1), uint(dt.Size()*8-1))
		over = v.Cmp(lo.Neg(lo)) == 0
	} else {
		over = ufunc == "negative" && v.Sign() != 0
	}
	if !over {
		return nil
	}
	return fpReport(r, "scalar "+ufunc, map[string]bool{"over": true})
}
