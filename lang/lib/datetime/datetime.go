// Package datetime is Python's datetime module for naive dates and
// times: date, time, datetime and timedelta with CPython's arithmetic,
// comparisons, reprs, isoformat and fromisoformat, strftime and strptime
// (C locale), now and today in the local time zone.
package datetime

import (
	"math/big"
	"time"

	"github.com/kael-dev/kael/lang"
)

func intArg(a *lang.Args, name string) int { return a.Int(name) }

// noTZ refuses a tzinfo other than None: kael's times of day are naive.
func noTZ(a *lang.Args) error {
	if !a.IsNone("tzinfo") {
		return lang.Errorf(lang.TypeError, "kael's datetime.time is naive; tzinfo must be None (a datetime takes one)")
	}
	return nil
}

func newDate(y, m, d int) (Date, error) {
	if err := checkDate(y, m, d); err != nil {
		return Date{}, err
	}
	return Date{year: y, month: m, day: d}, nil
}

func newDatetime(y, mo, d, h, mi, s, us int) (Date, error) {
	if err := checkDate(y, mo, d); err != nil {
		return Date{}, err
	}
	if err := checkTime(h, mi, s, us); err != nil {
		return Date{}, err
	}
	return Date{year: y, month: mo, day: d, hour: h, minute: mi, second: s, micro: us, hasTime: true}, nil
}

var dateClass = lang.NewBuiltin(lang.AsValue, "date(year, month=None, day=None)", "A date of the proleptic Gregorian calendar (month and day are required; date(state), state a pickle's bytes, is the date pickled).", func(a *lang.Args) (lang.Value, error) {
	if a.IsNone("month") && a.IsNone("day") {
		if d, ok := fromState(a.Value("year"), 4); ok {
			return d, nil
		}
	}
	if err := required(a, "month", "day"); err != nil {
		return nil, err
	}
	y, m, d := intArg(a, "year"), intArg(a, "month"), intArg(a, "day")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return newDate(y, m, d)
})

var datetimeClass = lang.NewBuiltin(lang.AsValue, "datetime(year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None)", "A date and time: naive, or aware with a tzinfo (a datetime.timezone, zoneinfo.ZoneInfo or an object of a tzinfo subclass). month and day are required; datetime(state[, tzinfo]), state a pickle's bytes, is the datetime pickled.", func(a *lang.Args) (lang.Value, error) {
	if r, ok := fromState(a.Value("year"), 10); ok && a.IsNone("day") {
		z, aware, err := tzArg(a.Value("month"), "datetime")
		if err != nil {
			return nil, lang.Errorf(lang.TypeError, "bad tzinfo state arg")
		}
		r.aware, r.tz = aware, z
		return r, nil
	}
	if err := required(a, "month", "day"); err != nil {
		return nil, err
	}
	y, mo, d := intArg(a, "year"), intArg(a, "month"), intArg(a, "day")
	h, mi, s, us := intArg(a, "hour"), intArg(a, "minute"), intArg(a, "second"), intArg(a, "microsecond")
	if err := a.Err(); err != nil {
		return nil, err
	}
	z, aware, err := tzArg(a.Value("tzinfo"), "datetime")
	if err != nil {
		return nil, err
	}
	r, err := newDatetime(y, mo, d, h, mi, s, us)
	r.aware, r.tz = aware, z
	return r, err
})

var timeClass = lang.NewBuiltin(lang.AsValue, "time(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)", "A naive time of day; time(state), state a pickle's bytes, is the time pickled.", func(a *lang.Args) (lang.Value, error) {
	if t, ok := timeFromState(a.Value("hour")); ok {
		if !a.IsNone("minute") && a.Value("minute") != lang.Value(int64(0)) {
			return nil, lang.Errorf(lang.TypeError, "kael's datetime.time is naive; tzinfo must be None (a datetime takes one)")
		}
		return t, nil
	}
	h, mi, s, us := intArg(a, "hour"), intArg(a, "minute"), intArg(a, "second"), intArg(a, "microsecond")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := noTZ(a); err != nil {
		return nil, err
	}
	if err := checkTime(h, mi, s, us); err != nil {
		return nil, err
	}
	return Time{h, mi, s, us}, nil
})

var timedeltaClass = lang.NewBuiltin(lang.AsValue, "timedelta(days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0)", "A duration, kept as days, seconds and microseconds.", newTimedelta)

// required is the error of a call that left a required argument (one
// that defaults to None only for the pickled form) out.
func required(a *lang.Args, names ...string) error {
	for _, n := range names {
		if a.IsNone(n) {
			return lang.Errorf(lang.TypeError, "%s() missing required argument '%s'", a.Builtin().Name, n)
		}
	}
	return nil
}

func selfDate(a *lang.Args) Date { return a.Value("self").(Date) }

// replaceFields is replace(**fields) of a date or datetime.
func replaceDate(a *lang.Args) (lang.Value, error) {
	d := selfDate(a)
	names, vals := a.Keywords()
	fields := map[string]*int{"year": &d.year, "month": &d.month, "day": &d.day}
	if d.hasTime {
		fields["hour"], fields["minute"], fields["second"], fields["microsecond"] = &d.hour, &d.minute, &d.second, &d.micro
	}
	for i, n := range names {
		if n == "tzinfo" && d.hasTime {
			z, aware, err := tzArg(vals[i], "replace")
			if err != nil {
				return nil, err
			}
			d.tz, d.aware = z, aware
			continue
		}
		p, ok := fields[n]
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' is an invalid keyword argument for replace()", n)
		}
		v, ok := lang.AsInt(vals[i])
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(vals[i]))
		}
		*p = int(v)
	}
	if err := checkDate(d.year, d.month, d.day); err != nil {
		return nil, err
	}
	if err := checkTime(d.hour, d.minute, d.second, d.micro); err != nil {
		return nil, err
	}
	return d, nil
}

func isoformatTime(t Time, a *lang.Args) (string, error) {
	spec := a.Str("timespec")
	if err := a.Err(); err != nil {
		return "", err
	}
	s := t.iso(spec)
	if s == "" {
		return "", lang.Errorf(lang.ValueError, "Unknown timespec value")
	}
	return s, nil
}

var dateMethods = map[string]*lang.Builtin{}
var datetimeMethods = map[string]*lang.Builtin{}
var timeMethods = map[string]*lang.Builtin{}

func methods(table map[string]*lang.Builtin, bs ...*lang.Builtin) {
	for _, b := range bs {
		table[b.Name] = b
	}
}

func strftimeMethod() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "strftime(self, format)", "The date formatted by C's strftime directives (%Y-%m-%d %H:%M:%S ...), in the C locale.", func(a *lang.Args) (lang.Value, error) {
		f := a.Str("format")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch x := a.Value("self").(type) {
		case Date:
			return x.strftime(f)
		case Time:
			return Date{year: 1900, month: 1, day: 1, hour: x.hour, minute: x.minute, second: x.second, micro: x.micro, hasTime: true}.strftime(f)
		}
		return nil, lang.Errorf(lang.TypeError, "strftime of a %s", lang.TypeName(a.Value("self")))
	})
}

// fromISO is date.fromisoformat and datetime.fromisoformat.
func fromISO(s string, hasTime bool) (Date, error) {
	bad := lang.Errorf(lang.ValueError, "Invalid isoformat string: %s", lang.Repr(s))
	datePart, timePart := s, ""
	if hasTime {
		switch {
		case len(s) > 10 && s[4] == '-':
			datePart, timePart = s[:10], s[11:]
		case len(s) > 8 && s[4] != '-':
			datePart, timePart = s[:8], s[9:]
		}
	}
	y, m, d, ok := parseISODate(datePart)
	if !ok {
		return Date{}, bad
	}
	if !hasTime {
		if err := checkDate(y, m, d); err != nil {
			return Date{}, err
		}
		return Date{year: y, month: m, day: d}, nil
	}
	var t Time
	clock, offset := splitOffset(timePart)
	if clock != "" {
		if t, ok = parseISOTime(clock); !ok {
			return Date{}, bad
		}
	}
	r, err := newDatetime(y, m, d, t.hour, t.minute, t.second, t.micro)
	if offset != "" && err == nil {
		us, ok := parseOffset(offset)
		if !ok || clock == "" {
			return Date{}, bad
		}
		z, err := newTimezone(big.NewInt(us))
		if err != nil {
			return Date{}, err
		}
		r.aware, r.tz = true, z
	}
	return r, err
}

func now() Date { return fromGo(time.Now(), true) }

func init() {
	strftime := strftimeMethod()
	methods(dateMethods,
		lang.NewBuiltin(lang.AsValue, "isoformat(self)", "YYYY-MM-DD.", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).isoDate(), nil
		}),
		strftime,
		lang.NewBuiltin(lang.AsValue, "weekday(self)", "The day of the week, Monday 0 to Sunday 6.", func(a *lang.Args) (lang.Value, error) {
			return int64(selfDate(a).weekday()), nil
		}),
		lang.NewBuiltin(lang.AsValue, "isoweekday(self)", "The day of the week, Monday 1 to Sunday 7.", func(a *lang.Args) (lang.Value, error) {
			return int64(selfDate(a).weekday() + 1), nil
		}),
		lang.NewBuiltin(lang.AsValue, "toordinal(self)", "The day number, January 1 of year 1 being 1.", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).ordinal(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "ctime(self)", "As strftime('%c').", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).strftime("%c")
		}),
		lang.NewBuiltin(lang.AsValue, "replace(self)", "A copy with the fields given by keyword replaced.", replaceDate).CollectKeywords(),
	)
	methods(datetimeMethods,
		lang.NewBuiltin(lang.AsValue, "isoformat(self, sep='T', timespec='auto')", "YYYY-MM-DDTHH:MM:SS[.ffffff], with sep between date and time.", func(a *lang.Args) (lang.Value, error) {
			d := selfDate(a)
			sep := a.Str("sep")
			t, err := isoformatTime(d.clock(), a)
			if err != nil {
				return nil, err
			}
			suffix, err := d.offsetSuffix()
			if err != nil {
				return nil, err
			}
			return d.isoDate() + sep + t + suffix, nil
		}),
		lang.NewBuiltin(lang.AsValue, "date(self)", "The date part.", func(a *lang.Args) (lang.Value, error) {
			d := selfDate(a)
			return Date{year: d.year, month: d.month, day: d.day}, nil
		}),
		lang.NewBuiltin(lang.AsValue, "time(self)", "The time part.", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).clock(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "timestamp(self)", "The POSIX timestamp, a float: of this instant (aware), or of this local time (naive).", func(a *lang.Args) (lang.Value, error) {
			d := selfDate(a)
			if d.aware {
				off, ok, err := d.utcoffset()
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "can't subtract offset-naive and offset-aware datetimes")
				}
				t := d.goTime().Add(-time.Duration(off) * time.Microsecond)
				return float64(t.Unix()) + float64(d.micro)/1e6, nil
			}
			t := time.Date(d.year, time.Month(d.month), d.day, d.hour, d.minute, d.second, d.micro*1000, time.Local)
			return float64(t.Unix()) + float64(d.micro)/1e6, nil
		}),
	)
	methods(timeMethods,
		lang.NewBuiltin(lang.AsValue, "isoformat(self, timespec='auto')", "HH:MM:SS[.ffffff].", func(a *lang.Args) (lang.Value, error) {
			s, err := isoformatTime(a.Value("self").(Time), a)
			if err != nil {
				return nil, err
			}
			return s, nil
		}),
		strftime,
		lang.NewBuiltin(lang.AsValue, "replace(self)", "A copy with the fields given by keyword replaced.", func(a *lang.Args) (lang.Value, error) {
			t := a.Value("self").(Time)
			d := Date{year: 1900, month: 1, day: 1, hour: t.hour, minute: t.minute, second: t.second, micro: t.micro, hasTime: true}
			names, vals := a.Keywords()
			r, err := replaceFromTime(d, names, vals)
			if err != nil {
				return nil, err
			}
			return r.clock(), nil
		}).CollectKeywords(),
	)

	lang.RegisterClassAttr(dateClass, "today", lang.NewBuiltin(lang.AsValue, "today()", "The local date today.", func(a *lang.Args) (lang.Value, error) {
		d := now()
		return Date{year: d.year, month: d.month, day: d.day}, nil
	}))
	lang.RegisterClassAttr(dateClass, "fromisoformat", lang.NewBuiltin(lang.AsValue, "fromisoformat(date_string)", "The date of YYYY-MM-DD (or YYYYMMDD).", func(a *lang.Args) (lang.Value, error) {
		s := a.Str("date_string")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return fromISO(s, false)
	}))
	lang.RegisterClassAttr(dateClass, "fromordinal", lang.NewBuiltin(lang.AsValue, "fromordinal(n)", "The date of day number n (January 1 of year 1 is 1).", func(a *lang.Args) (lang.Value, error) {
		n := a.Int64("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n < 1 || n > 3652059 {
			return nil, lang.Errorf(lang.ValueError, "ordinal must be >= 1")
		}
		return fromGo(time.Unix((n-epochOrdinal)*86400, 0).UTC(), false), nil
	}))
	lang.RegisterClassAttr(dateClass, "min", Date{year: 1, month: 1, day: 1})
	lang.RegisterClassAttr(dateClass, "max", Date{year: 9999, month: 12, day: 31})

	lang.RegisterClassAttr(datetimeClass, "now", lang.NewBuiltin(lang.AsValue, "now(tz=None)", "The local date and time now (naive), or now in the time zone tz (aware).", func(a *lang.Args) (lang.Value, error) {
		z, aware, err := tzArg(a.Value("tz"), "now")
		if err != nil {
			return nil, err
		}
		if !aware {
			return now(), nil
		}
		return nowIn(time.Now(), z)
	}))
	lang.RegisterClassAttr(datetimeClass, "today", lang.NewBuiltin(lang.AsValue, "today()", "The local date and time now.", func(a *lang.Args) (lang.Value, error) {
		return now(), nil
	}))
	lang.RegisterClassAttr(datetimeClass, "utcnow", lang.NewBuiltin(lang.AsValue, "utcnow()", "The UTC date and time now, naive.", func(a *lang.Args) (lang.Value, error) {
		return fromGo(time.Now().UTC(), true), nil
	}))
	lang.RegisterClassAttr(datetimeClass, "fromtimestamp", lang.NewBuiltin(lang.AsValue, "fromtimestamp(timestamp, tz=None)", "The local date and time of a POSIX timestamp (naive), or its time in the time zone tz (aware).", func(a *lang.Args) (lang.Value, error) {
		ts := a.Float("timestamp")
		if err := a.Err(); err != nil {
			return nil, err
		}
		z, aware, err := tzArg(a.Value("tz"), "fromtimestamp")
		if err != nil {
			return nil, err
		}
		sec := int64(ts)
		us := int64((ts-float64(sec))*1e6 + 0.5)
		t := time.Unix(sec, us*1000)
		if aware {
			return nowIn(t, z)
		}
		return fromGo(t.Local(), true), nil
	}))
	lang.RegisterClassAttr(datetimeClass, "fromisoformat", lang.NewBuiltin(lang.AsValue, "fromisoformat(date_string)", "The datetime of YYYY-MM-DD[THH[:MM[:SS[.ffffff]]]].", func(a *lang.Args) (lang.Value, error) {
		s := a.Str("date_string")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return fromISO(s, true)
	}))
	lang.RegisterClassAttr(datetimeClass, "strptime", lang.NewBuiltin(lang.AsValue, "strptime(date_string, format)", "The datetime that date_string gives, read with strftime's directives.", func(a *lang.Args) (lang.Value, error) {
		s, f := a.Str("date_string"), a.Str("format")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return strptime(s, f)
	}))
	lang.RegisterClassAttr(datetimeClass, "combine", lang.NewBuiltin(lang.AsValue, "combine(date, time)", "The datetime of a date and a time.", func(a *lang.Args) (lang.Value, error) {
		d, ok1 := lang.ValueOf(a.Value("date")).(Date)
		t, ok2 := lang.ValueOf(a.Value("time")).(Time)
		if !ok1 || !ok2 {
			return nil, lang.Errorf(lang.TypeError, "combine() argument 1 must be datetime.date, not %s", lang.TypeName(a.Value("date")))
		}
		return Date{year: d.year, month: d.month, day: d.day, hour: t.hour, minute: t.minute, second: t.second, micro: t.micro, hasTime: true}, nil
	}))
	lang.RegisterClassAttr(datetimeClass, "min", Date{year: 1, month: 1, day: 1, hasTime: true})
	lang.RegisterClassAttr(datetimeClass, "max", Date{year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, micro: 999999, hasTime: true})
	lang.RegisterClassAttr(timedeltaClass, "min", Timedelta{days: -maxDays})
	lang.RegisterClassAttr(timedeltaClass, "max", Timedelta{days: maxDays, seconds: 86399, micros: 999999})
	lang.RegisterClassAttr(timedeltaClass, "resolution", Timedelta{micros: 1})

	lang.RegisterClass(dateClass, "datetime.date")
	lang.RegisterClass(datetimeClass, "datetime.datetime")
	lang.RegisterClass(timeClass, "datetime.time")
	lang.RegisterClass(timedeltaClass, "datetime.timedelta")
	lang.RegisterSubclass("datetime.datetime", "datetime.date")
	lang.RegisterModule("datetime", "Python's datetime: date, time, datetime (naive, or aware with a fixed-offset timezone), timedelta and timezone.",
		func() *lang.Module { return datetimeModule })
}

// replaceFromTime applies replace's keywords to a time's fields.
func replaceFromTime(d Date, names []string, vals []lang.Value) (Date, error) {
	fields := map[string]*int{"hour": &d.hour, "minute": &d.minute, "second": &d.second, "microsecond": &d.micro}
	for i, n := range names {
		p, ok := fields[n]
		if !ok {
			return Date{}, lang.Errorf(lang.TypeError, "'%s' is an invalid keyword argument for replace()", n)
		}
		v, ok := lang.AsInt(vals[i])
		if !ok {
			return Date{}, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(vals[i]))
		}
		*p = int(v)
	}
	return d, checkTime(d.hour, d.minute, d.second, d.micro)
}

var datetimeModule = &lang.Module{Name: "datetime", Attrs: map[string]lang.Value{
	"date":      dateClass,
	"datetime":  datetimeClass,
	"time":      timeClass,
	"timedelta": timedeltaClass,
	"MINYEAR":   int64(1),
	"MAXYEAR":   int64(9999),
}}
