package datetime

import (
	"fmt"
	"math/big"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// Date is datetime.date, and with hasTime datetime.datetime: a naive
// date and time of the proleptic Gregorian calendar, years 1 to 9999.
type Date struct {
	year, month, day            int
	hour, minute, second, micro int
	hasTime                     bool
	aware                       bool     // a datetime with a tzinfo (tz.go)
	tz                          Timezone // its zone, when aware
}

// Time is datetime.time: a naive time of day.
type Time struct {
	hour, minute, second, micro int
}

var (
	_ lang.HasAttrs      = Date{}
	_ lang.Reprer        = Date{}
	_ lang.Equaler       = Date{}
	_ lang.Hashable      = Date{}
	_ lang.Orderer       = Date{}
	_ lang.Operand       = Date{}
	_ lang.ClassNamer    = Date{}
	_ lang.SpecFormatter = Date{}
	_ lang.SpecFormatter = Time{}
	_ lang.HasAttrs      = Time{}
	_ lang.Reprer        = Time{}
	_ lang.Equaler       = Time{}
	_ lang.Hashable      = Time{}
	_ lang.Orderer       = Time{}
	_ lang.ClassNamer    = Time{}
)

// checkDate is CPython's range check of a date.
func checkDate(y, m, d int) error {
	if y < 1 || y > 9999 {
		return lang.Errorf(lang.ValueError, "year %d is out of range", y)
	}
	if m < 1 || m > 12 {
		return lang.Errorf(lang.ValueError, "month must be in 1..12")
	}
	if d < 1 || d > daysIn(y, m) {
		return lang.Errorf(lang.ValueError, "day is out of range for month")
	}
	return nil
}

// checkTime is CPython's range check of a time of day.
func checkTime(h, mi, s, us int) error {
	switch {
	case h < 0 || h > 23:
		return lang.Errorf(lang.ValueError, "hour must be in 0..23")
	case mi < 0 || mi > 59:
		return lang.Errorf(lang.ValueError, "minute must be in 0..59")
	case s < 0 || s > 59:
		return lang.Errorf(lang.ValueError, "second must be in 0..59")
	case us < 0 || us > 999999:
		return lang.Errorf(lang.ValueError, "microsecond must be in 0..999999")
	}
	return nil
}

func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// goTime is d as a Go time in UTC.
func (d Date) goTime() time.Time {
	return time.Date(d.year, time.Month(d.month), d.day, d.hour, d.minute, d.second, d.micro*1000, time.UTC)
}

// fromGo is the Date (with time when hasTime) of t's fields.
func fromGo(t time.Time, hasTime bool) Date {
	d := Date{year: t.Year(), month: int(t.Month()), day: t.Day(), hasTime: hasTime}
	if hasTime {
		d.hour, d.minute, d.second, d.micro = t.Hour(), t.Minute(), t.Second(), t.Nanosecond()/1000
	}
	return d
}

// epochOrdinal is the ordinal of 1970-01-01 (0001-01-01 is 1).
const epochOrdinal = 719163

// ordinal is date.toordinal().
func (d Date) ordinal() int64 {
	t := time.Date(d.year, time.Month(d.month), d.day, 0, 0, 0, 0, time.UTC)
	return t.Unix()/86400 + epochOrdinal
}

// micros is the microseconds since 0001-01-01 00:00.
func (d Date) micros() *big.Int {
	n := big.NewInt(d.ordinal() - 1)
	n.Mul(n, big.NewInt(microsPerDay))
	return n.Add(n, big.NewInt(int64(((d.hour*60+d.minute)*60+d.second)*microsPerSecond+d.micro)))
}

// fromDateMicros is the Date at us microseconds since 0001-01-01, or
// OverflowError.
func fromDateMicros(us *big.Int, hasTime bool) (Date, error) {
	days, rem := new(big.Int), new(big.Int)
	days.DivMod(us, big.NewInt(microsPerDay), rem)
	if !days.IsInt64() || days.Int64() < 0 || days.Int64() >= 3652059 {
		return Date{}, lang.Errorf(lang.OverflowError, "date value out of range")
	}
	t := time.Unix((days.Int64()+1-epochOrdinal)*86400, 0).UTC()
	d := fromGo(t, hasTime)
	r := rem.Int64()
	if hasTime {
		d.micro = int(r % microsPerSecond)
		s := int(r / microsPerSecond)
		d.hour, d.minute, d.second = s/3600, s/60%60, s%60
	}
	return d, nil
}

// TypeName is datetime.date or datetime.datetime, as CPython's messages
// name them.
func (d Date) TypeName() string { return d.ClassName() }

// ClassName is the class.
func (d Date) ClassName() string {
	if d.hasTime {
		return "datetime.datetime"
	}
	return "datetime.date"
}

// PyRepr is datetime.date(2024, 1, 2) or datetime.datetime(2024, 1, 2, 3, 4).
func (d Date) PyRepr() string {
	if !d.hasTime {
		return fmt.Sprintf("datetime.date(%d, %d, %d)", d.year, d.month, d.day)
	}
	s := fmt.Sprintf("datetime.datetime(%d, %d, %d, %d, %d", d.year, d.month, d.day, d.hour, d.minute)
	switch {
	case d.micro != 0:
		s += fmt.Sprintf(", %d, %d", d.second, d.micro)
	case d.second != 0:
		s += fmt.Sprintf(", %d", d.second)
	}
	if d.aware {
		s += ", tzinfo=" + d.tz.PyRepr()
	}
	return s + ")"
}

// String is str(d): its isoformat, with a space before the time.
func (d Date) String() string {
	if !d.hasTime {
		return d.isoDate()
	}
	suffix, err := d.offsetSuffix()
	d.fail(err)
	return d.isoDate() + " " + d.clock().iso("auto") + suffix
}

// offsetSuffix is isoformat's +HH:MM of an aware datetime, "" for a naive
// one or a utcoffset of None.
func (d Date) offsetSuffix() (string, error) {
	off, ok, err := d.utcoffset()
	if err != nil || !ok {
		return "", err
	}
	return offsetText(off, ":"), nil
}

func (d Date) isoDate() string { return fmt.Sprintf("%04d-%02d-%02d", d.year, d.month, d.day) }

func (d Date) clock() Time { return Time{d.hour, d.minute, d.second, d.micro} }

// Equal is ==: a date never equals a datetime, as in CPython; aware
// datetimes are equal at the same instant, and never equal a naive one.
func (d Date) Equal(other lang.Value) bool {
	o, ok := other.(Date)
	if !ok || o.hasTime != d.hasTime {
		return false
	}
	if !d.hasTime {
		return o == d
	}
	c, mixed, err := d.cmp(o)
	if err != nil {
		d.fail(err)
		o.fail(err)
		return false
	}
	return !mixed && c == 0
}

// cmp compares d and o, datetimes, as CPython does: by wall time when
// they share their tzinfo or neither has an offset, else by instant;
// mixed when only one has an offset.
func (d Date) cmp(o Date) (c int, mixed bool, err error) {
	od, oo, wall, mixed, err := offsetsOf(d, o)
	if err != nil || mixed {
		return 0, mixed, err
	}
	x, y := d.micros(), o.micros()
	if !wall {
		x.Sub(x, big.NewInt(od))
		y.Sub(y, big.NewInt(oo))
	}
	return x.Cmp(y), false, nil
}

// HashKey makes dates dict keys (an aware datetime by its instant).
func (d Date) HashKey() (string, error) {
	if d.hasTime {
		off, ok, err := d.utcoffset()
		if err != nil {
			return "", err
		}
		if ok {
			return "utc:" + new(big.Int).Sub(d.micros(), big.NewInt(off)).String(), nil
		}
		d.aware, d.tz = false, Timezone{}
	}
	return d.PyRepr(), nil
}

// Order compares dates with dates and datetimes with datetimes.
func (d Date) Order(other lang.Value) (int, bool, error) {
	o, ok := other.(Date)
	if !ok {
		return 0, false, nil
	}
	if o.hasTime != d.hasTime {
		return 0, false, lang.Errorf(lang.TypeError, "can't compare %s to %s", d.TypeName(), o.TypeName())
	}
	if !d.hasTime {
		return d.micros().Cmp(o.micros()), true, nil
	}
	c, mixed, err := d.cmp(o)
	if err != nil {
		return 0, false, err
	}
	if mixed {
		return 0, false, lang.Errorf(lang.TypeError, "can't compare offset-naive and offset-aware datetimes")
	}
	return c, true, nil
}

// SpecialMethodNames are the special methods a date or datetime has
// from its protocols, + and - (lang.SpecialMethodNamer).
func (Date) SpecialMethodNames() string { return "add radd sub rsub" }

// BinaryOp is date ± timedelta and date - date.
func (d Date) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	switch o := other.(type) {
	case Timedelta:
		if op == syntax.PLUS || op == syntax.MINUS && !reflected {
			delta := o.total()
			if !d.hasTime { // a date moves by whole days
				delta = big.NewInt(o.days * microsPerDay)
			}
			if op == syntax.MINUS {
				delta.Neg(delta)
			}
			r, err := fromDateMicros(new(big.Int).Add(d.micros(), delta), d.hasTime)
			r.aware, r.tz = d.aware, d.tz
			return r, true, err
		}
	case Date:
		if op == syntax.MINUS && o.hasTime == d.hasTime {
			x, y := d, o
			if reflected {
				x, y = o, d
			}
			ox, oy, wall, mixed, err := offsetsOf(x, y)
			if err != nil {
				return nil, true, err
			}
			if mixed {
				return nil, true, lang.Errorf(lang.TypeError, "can't subtract offset-naive and offset-aware datetimes")
			}
			diff := new(big.Int).Sub(x.micros(), y.micros())
			if !wall {
				diff.Sub(diff, big.NewInt(ox-oy))
			}
			r, err := fromMicros(diff)
			return r, true, err
		}
	}
	return nil, false, nil
}

// Attr gives the fields and the methods.
func (d Date) Attr(name string) (lang.Value, bool) {
	switch name {
	case "year":
		return int64(d.year), true
	case "month":
		return int64(d.month), true
	case "day":
		return int64(d.day), true
	}
	if d.hasTime {
		switch name {
		case "hour":
			return int64(d.hour), true
		case "minute":
			return int64(d.minute), true
		case "second":
			return int64(d.second), true
		case "microsecond":
			return int64(d.micro), true
		case "tzinfo":
			if d.aware && d.tz.user != nil {
				return d.tz.user, true
			}
			if d.aware {
				return d.tz, true
			}
			return lang.None, true
		}
		if m, ok := datetimeMethods[name]; ok {
			return &lang.BoundMethod{Recv: d, Method: m}, true
		}
	}
	if m, ok := dateMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (d Date) AttrNames() []string {
	names := []string{"day", "month", "year"}
	for n := range dateMethods {
		names = append(names, n)
	}
	if d.hasTime {
		names = append(names, "hour", "microsecond", "minute", "second", "tzinfo")
		for n := range datetimeMethods {
			names = append(names, n)
		}
	}
	return names
}

// TypeName is datetime.time.
func (t Time) TypeName() string { return "datetime.time" }

// ClassName is datetime.time.
func (t Time) ClassName() string { return "datetime.time" }

// PyRepr is datetime.time(3, 4[, 5[, 6]]).
func (t Time) PyRepr() string {
	s := fmt.Sprintf("datetime.time(%d, %d", t.hour, t.minute)
	switch {
	case t.micro != 0:
		s += fmt.Sprintf(", %d, %d", t.second, t.micro)
	case t.second != 0:
		s += fmt.Sprintf(", %d", t.second)
	}
	return s + ")"
}

// String is str(t), its isoformat.
func (t Time) String() string { return t.iso("auto") }

// iso is isoformat(timespec=spec); "" for an unknown spec.
func (t Time) iso(spec string) string {
	switch spec {
	case "auto":
		if t.micro != 0 {
			return fmt.Sprintf("%02d:%02d:%02d.%06d", t.hour, t.minute, t.second, t.micro)
		}
		return fmt.Sprintf("%02d:%02d:%02d", t.hour, t.minute, t.second)
	case "hours":
		return fmt.Sprintf("%02d", t.hour)
	case "minutes":
		return fmt.Sprintf("%02d:%02d", t.hour, t.minute)
	case "seconds":
		return fmt.Sprintf("%02d:%02d:%02d", t.hour, t.minute, t.second)
	case "milliseconds":
		return fmt.Sprintf("%02d:%02d:%02d.%03d", t.hour, t.minute, t.second, t.micro/1000)
	case "microseconds":
		return fmt.Sprintf("%02d:%02d:%02d.%06d", t.hour, t.minute, t.second, t.micro)
	}
	return ""
}

// Equal is ==.
func (t Time) Equal(other lang.Value) bool {
	o, ok := other.(Time)
	return ok && o == t
}

// HashKey makes times dict keys.
func (t Time) HashKey() (string, error) { return t.PyRepr(), nil }

// Order compares times of day.
func (t Time) Order(other lang.Value) (int, bool, error) {
	o, ok := other.(Time)
	if !ok {
		return 0, false, nil
	}
	a := ((t.hour*60+t.minute)*60+t.second)*microsPerSecond + t.micro
	b := ((o.hour*60+o.minute)*60+o.second)*microsPerSecond + o.micro
	switch {
	case a < b:
		return -1, true, nil
	case a > b:
		return 1, true, nil
	}
	return 0, true, nil
}

// Attr gives the fields, isoformat, strftime and replace.
func (t Time) Attr(name string) (lang.Value, bool) {
	switch name {
	case "hour":
		return int64(t.hour), true
	case "minute":
		return int64(t.minute), true
	case "second":
		return int64(t.second), true
	case "microsecond":
		return int64(t.micro), true
	case "tzinfo":
		return lang.None, true
	}
	if m, ok := timeMethods[name]; ok {
		return &lang.BoundMethod{Recv: t, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (t Time) AttrNames() []string {
	names := []string{"hour", "microsecond", "minute", "second", "tzinfo"}
	for n := range timeMethods {
		names = append(names, n)
	}
	return names
}

// FormatSpec is format(d, spec): strftime(spec), str(d) for no spec.
func (d Date) FormatSpec(spec string) (string, error) {
	if spec == "" {
		return d.String(), nil
	}
	return d.strftime(spec)
}

// FormatSpec is format(t, spec): strftime(spec), str(t) for no spec.
func (t Time) FormatSpec(spec string) (string, error) {
	if spec == "" {
		return t.String(), nil
	}
	return Date{year: 1900, month: 1, day: 1, hour: t.hour, minute: t.minute, second: t.second, micro: t.micro, hasTime: true}.strftime(spec)
}
