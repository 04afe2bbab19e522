package datetime

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// Timedelta is datetime.timedelta: a duration of days, seconds (0 to
// 86399) and microseconds (0 to 999999), the days from -999999999 to
// 999999999.
type Timedelta struct {
	days    int64
	seconds int64
	micros  int64
}

var (
	_ lang.HasAttrs     = Timedelta{}
	_ lang.Reprer       = Timedelta{}
	_ lang.Equaler      = Timedelta{}
	_ lang.Hashable     = Timedelta{}
	_ lang.Orderer      = Timedelta{}
	_ lang.Operand      = Timedelta{}
	_ lang.ClassNamer   = Timedelta{}
	_ lang.UnaryOperand = Timedelta{}
	_ lang.HasAbs       = Timedelta{}
)

// UnaryOp is -td and +td.
func (t Timedelta) UnaryOp(op syntax.Token) (lang.Value, error) {
	switch op {
	case syntax.MINUS:
		return fromMicros(new(big.Int).Neg(t.total()))
	case syntax.PLUS:
		return t, nil
	}
	return nil, lang.Errorf(lang.TypeError, "bad operand type for unary %s: 'datetime.timedelta'", op)
}

// Abs is abs(td).
func (t Timedelta) Abs() (lang.Value, error) {
	if t.days < 0 {
		return fromMicros(new(big.Int).Neg(t.total()))
	}
	return t, nil
}

const (
	microsPerSecond = 1_000_000
	microsPerDay    = 86400 * microsPerSecond
	maxDays         = 999999999
)

// total is the duration in microseconds.
func (t Timedelta) total() *big.Int {
	n := big.NewInt(t.days)
	n.Mul(n, big.NewInt(microsPerDay))
	return n.Add(n, big.NewInt(t.seconds*microsPerSecond+t.micros))
}

// fromMicros normalises a number of microseconds into a Timedelta, or
// CPython's OverflowError.
func fromMicros(us *big.Int) (Timedelta, error) {
	days, rem := new(big.Int), new(big.Int)
	days.DivMod(us, big.NewInt(microsPerDay), rem) // Euclidean: rem >= 0
	if !days.IsInt64() || days.Int64() > 1<<31-1 || days.Int64() < -1<<31 {
		return Timedelta{}, lang.Errorf(lang.OverflowError, "Python int too large to convert to C int")
	}
	if days.Int64() > maxDays || days.Int64() < -maxDays {
		return Timedelta{}, lang.Errorf(lang.OverflowError, "days=%s; must have magnitude <= %d", days.String(), maxDays)
	}
	r := rem.Int64()
	return Timedelta{days: days.Int64(), seconds: r / microsPerSecond, micros: r % microsPerSecond}, nil
}

// roundHalfEven rounds x to an integer, ties to even, as CPython's
// timedelta rounds microseconds.
func roundHalfEven(x float64) float64 { return math.RoundToEven(x) }

// timedeltaUnits are timedelta's keyword arguments in microseconds.
var timedeltaUnits = []struct {
	name   string
	micros int64
}{
	{"days", microsPerDay}, {"seconds", microsPerSecond}, {"microseconds", 1},
	{"milliseconds", 1000}, {"minutes", 60 * microsPerSecond}, {"hours", 3600 * microsPerSecond}, {"weeks", 7 * microsPerDay},
}

// newTimedelta is timedelta(days, seconds, ...) of ints and floats.
func newTimedelta(a *lang.Args) (lang.Value, error) {
	total := new(big.Int)
	frac := 0.0
	for _, u := range timedeltaUnits {
		v := a.Value(u.name)
		switch x := v.(type) {
		case bool:
			if x {
				total.Add(total, big.NewInt(u.micros))
			}
		case int64:
			total.Add(total, new(big.Int).Mul(big.NewInt(x), big.NewInt(u.micros)))
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, lang.Errorf(lang.ValueError, "cannot convert float %s to integer", lang.Repr(x))
			}
			whole, f := math.Modf(x)
			bf, _ := big.NewFloat(whole).Int(nil)
			total.Add(total, bf.Mul(bf, big.NewInt(u.micros)))
			frac += f * float64(u.micros)
		default:
			return nil, lang.Errorf(lang.TypeError, "unsupported type for timedelta %s component: %s", u.name, lang.TypeName(v))
		}
	}
	total.Add(total, big.NewInt(int64(roundHalfEven(frac))))
	return fromMicros(total)
}

// TypeName is timedelta.
func (t Timedelta) TypeName() string { return "timedelta" }

// ClassName is datetime.timedelta.
func (t Timedelta) ClassName() string { return "datetime.timedelta" }

// PyRepr is datetime.timedelta(days=1, seconds=5).
func (t Timedelta) PyRepr() string {
	var parts []string
	if t.days != 0 {
		parts = append(parts, fmt.Sprintf("days=%d", t.days))
	}
	if t.seconds != 0 {
		parts = append(parts, fmt.Sprintf("seconds=%d", t.seconds))
	}
	if t.micros != 0 {
		parts = append(parts, fmt.Sprintf("microseconds=%d", t.micros))
	}
	if len(parts) == 0 {
		return "datetime.timedelta(0)"
	}
	return "datetime.timedelta(" + strings.Join(parts, ", ") + ")"
}

// String is str(td): [D day[s], ]H:MM:SS[.ffffff].
func (t Timedelta) String() string {
	s := ""
	if t.days != 0 {
		plural := "s"
		if t.days == 1 || t.days == -1 {
			plural = ""
		}
		s = fmt.Sprintf("%d day%s, ", t.days, plural)
	}
	s += fmt.Sprintf("%d:%02d:%02d", t.seconds/3600, t.seconds/60%60, t.seconds%60)
	if t.micros != 0 {
		s += fmt.Sprintf(".%06d", t.micros)
	}
	return s
}

// Equal is ==.
func (t Timedelta) Equal(other lang.Value) bool {
	o, ok := other.(Timedelta)
	return ok && o == t
}

// HashKey makes timedeltas dict keys.
func (t Timedelta) HashKey() (string, error) { return t.PyRepr(), nil }

// Order compares two timedeltas.
func (t Timedelta) Order(other lang.Value) (int, bool, error) {
	o, ok := other.(Timedelta)
	if !ok {
		return 0, false, nil
	}
	return t.total().Cmp(o.total()), true, nil
}

func (t Timedelta) totalSeconds() float64 {
	f, _ := new(big.Rat).SetFrac(t.total(), big.NewInt(microsPerSecond)).Float64()
	return f
}

// Attr gives days, seconds, microseconds and total_seconds.
func (t Timedelta) Attr(name string) (lang.Value, bool) {
	switch name {
	case "days":
		return t.days, true
	case "seconds":
		return t.seconds, true
	case "microseconds":
		return t.micros, true
	case "total_seconds":
		return &lang.BoundMethod{Recv: t, Method: totalSecondsMethod}, true
	case "__reduce__":
		return &lang.BoundMethod{Recv: t, Method: reduceMethod}, true
	}
	return nil, false
}

// AttrNames lists them.
func (t Timedelta) AttrNames() []string {
	return []string{"days", "microseconds", "seconds", "total_seconds"}
}

var totalSecondsMethod = lang.NewBuiltin(lang.AsValue, "total_seconds(self)", "The duration in seconds, a float.", func(a *lang.Args) (lang.Value, error) {
	return a.Value("self").(Timedelta).totalSeconds(), nil
})

// scale is t * num / den, rounded half to even, as CPython multiplies
// and divides timedeltas by numbers.
func (t Timedelta) scale(num, den *big.Rat) (Timedelta, error) {
	if den.Sign() == 0 {
		return Timedelta{}, lang.Errorf(lang.ZeroDivisionError, "integer division or modulo by zero")
	}
	r := new(big.Rat).SetInt(t.total())
	r.Mul(r, num).Quo(r, den)
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	// round half to even
	twice := new(big.Int).Mul(m, big.NewInt(2))
	if c := twice.Cmp(r.Denom()); c > 0 || c == 0 && q.Bit(0) == 1 {
		q.Add(q, big.NewInt(1))
	}
	return fromMicros(q)
}

func ratOf(v lang.Value) (*big.Rat, bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	case int64:
		return new(big.Rat).SetInt64(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(x), true
	}
	return nil, false
}

// SpecialMethodNames are the special methods timedelta has from its
// protocols: its arithmetic, -t, +t and abs(t) (lang.SpecialMethodNamer).
func (Timedelta) SpecialMethodNames() string {
	return "add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod neg pos abs bool"
}

// BinaryOp is timedelta's arithmetic.
func (t Timedelta) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if o, ok := other.(Timedelta); ok {
		x, y := t, o
		if reflected {
			x, y = o, t
		}
		switch op {
		case syntax.PLUS:
			r, err := fromMicros(new(big.Int).Add(x.total(), y.total()))
			return r, true, err
		case syntax.MINUS:
			r, err := fromMicros(new(big.Int).Sub(x.total(), y.total()))
			return r, true, err
		case syntax.SLASH:
			if y.total().Sign() == 0 {
				return nil, true, lang.Errorf(lang.ZeroDivisionError, "division by zero")
			}
			f, _ := new(big.Rat).SetFrac(x.total(), y.total()).Float64()
			return f, true, nil
		case syntax.SLASHSLASH, syntax.PERCENT:
			if y.total().Sign() == 0 {
				return nil, true, lang.Errorf(lang.ZeroDivisionError, "integer division or modulo by zero")
			}
			q, m := floorDivMod(x.total(), y.total())
			if op == syntax.SLASHSLASH {
				return q.Int64(), true, nil
			}
			r, err := fromMicros(m)
			return r, true, err
		}
		return nil, false, nil
	}
	n, isNum := ratOf(other)
	if !isNum {
		return nil, false, nil
	}
	switch {
	case op == syntax.STAR:
		r, err := t.scale(n, big.NewRat(1, 1))
		return r, true, err
	case op == syntax.SLASH && !reflected:
		r, err := t.scale(big.NewRat(1, 1), n)
		return r, true, err
	case op == syntax.SLASHSLASH && !reflected:
		if _, isInt := other.(int64); !isInt {
			return nil, false, nil
		}
		if n.Sign() == 0 {
			return nil, true, lang.Errorf(lang.ZeroDivisionError, "integer division or modulo by zero")
		}
		q, _ := floorDivMod(t.total(), n.Num())
		r, err := fromMicros(q)
		return r, true, err
	}
	return nil, false, nil
}

// floorDivMod is Python's divmod on big ints.
func floorDivMod(x, y *big.Int) (*big.Int, *big.Int) {
	q, m := new(big.Int), new(big.Int)
	q.DivMod(x, y, m) // Euclidean
	if y.Sign() < 0 && m.Sign() != 0 {
		q.Sub(q, big.NewInt(1))
		m.Add(m, y)
	}
	return q, m
}
