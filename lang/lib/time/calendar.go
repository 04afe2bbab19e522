package time

import (
	"math"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/datetime"
)

// The calendar side of the time module: struct_time, localtime, gmtime,
// mktime, strftime, asctime and ctime, on Go's time zone of the process
// (TZ, else /etc/localtime) as CPython's are on the C library's.

var structTimeType = &lang.ReturnType{Name: "struct_time", Qualified: "time.struct_time",
	Fields: []string{"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst"}}

// structTime is the struct_time of t's fields in its location.
func structTime(t time.Time) lang.Value {
	isdst := int64(0)
	if t.IsDST() {
		isdst = 1
	}
	return lang.NewNamedTuple(structTimeType, int64(t.Year()), int64(t.Month()), int64(t.Day()), int64(t.Hour()), int64(t.Minute()), int64(t.Second()),
		int64((t.Weekday()+6)%7), int64(t.YearDay()), isdst)
}

// secsArg reads secs=None: the time now, or that many seconds since the
// Epoch.
func secsArg(a *lang.Args, name string) (time.Time, error) {
	if a.IsNone(name) {
		return time.Now(), nil
	}
	var s float64
	switch v := a.Value(name).(type) {
	case float64:
		s = v
	default:
		n, ok := lang.AsInt(v)
		if !ok {
			return time.Time{}, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
		}
		s = float64(n)
	}
	if math.IsNaN(s) {
		return time.Time{}, lang.Errorf(lang.ValueError, "Invalid value NaN (not a number)")
	}
	if math.Abs(s) > 1e16 {
		return time.Time{}, lang.Errorf(lang.OverflowError, "timestamp out of range for platform time_t")
	}
	sec := math.Floor(s)
	return time.Unix(int64(sec), 0), nil
}

// tupleArg reads a struct_time or a tuple of nine ints as a local time
// (its weekday, yearday and isdst are recomputed from the date, where
// CPython takes them as given).
func tupleArg(v lang.Value, fn string) (time.Time, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return time.Time{}, lang.Errorf(lang.TypeError, "Tuple or struct_time argument required")
	}
	if len(elems) != 9 {
		return time.Time{}, lang.Errorf(lang.TypeError, "%s(): illegal time tuple argument", fn)
	}
	var f [6]int
	for i := range f {
		n, ok := lang.AsInt(elems[i])
		if !ok {
			return time.Time{}, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(elems[i]))
		}
		f[i] = int(n)
	}
	return time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, time.Local), nil
}

// timeArg reads the optional time tuple t of strftime and asctime: now in
// the local zone when absent.
func timeArg(a *lang.Args, fn string) (time.Time, error) {
	if a.IsNone("t") {
		return time.Now(), nil
	}
	return tupleArg(a.Value("t"), fn)
}

func init() {
	for name, b := range map[string]*lang.Builtin{
		"localtime": lang.NewBuiltin(lang.AsValue, "localtime(secs=None)", "The struct_time of secs since the Epoch (now without it) in the local time zone.", func(a *lang.Args) (lang.Value, error) {
			t, err := secsArg(a, "secs")
			return structTime(t.Local()), err
		}),
		"gmtime": lang.NewBuiltin(lang.AsValue, "gmtime(secs=None)", "The struct_time of secs since the Epoch (now without it) in UTC.", func(a *lang.Args) (lang.Value, error) {
			t, err := secsArg(a, "secs")
			return structTime(t.UTC()), err
		}),
		"mktime": lang.NewBuiltin(lang.AsValue, "mktime(t)", "The seconds since the Epoch (a float) of the local time tuple t.", func(a *lang.Args) (lang.Value, error) {
			t, err := tupleArg(a.Value("t"), "mktime")
			if err != nil {
				return nil, err
			}
			return float64(t.Unix()), nil
		}),
		"strftime": lang.NewBuiltin(lang.AsValue, "strftime(format, t=None)", "The time tuple t (the local time now without it) formatted by C's directives (%Y-%m-%d %H:%M:%S ...), in the C locale.", func(a *lang.Args) (lang.Value, error) {
			format := a.Str("format")
			if err := a.Err(); err != nil {
				return nil, err
			}
			t, err := timeArg(a, "strftime")
			if err != nil {
				return nil, err
			}
			return datetime.Strftime(t, format)
		}),
		"asctime": lang.NewBuiltin(lang.AsValue, "asctime(t=None)", "The time tuple t (the local time now without it) as 'Sun Mar 10 12:30:00 2024'.", func(a *lang.Args) (lang.Value, error) {
			t, err := timeArg(a, "asctime")
			if err != nil {
				return nil, err
			}
			return datetime.Strftime(t, "%c")
		}),
		"ctime": lang.NewBuiltin(lang.AsValue, "ctime(secs=None)", "The local time of secs since the Epoch (now without it) as 'Sun Mar 10 12:30:00 2024'.", func(a *lang.Args) (lang.Value, error) {
			t, err := secsArg(a, "secs")
			if err != nil {
				return nil, err
			}
			return datetime.Strftime(t.Local(), "%c")
		}),
	} {
		timeModule.Attrs[name] = b
	}
	timeModule.Attrs["timezone"], timeModule.Attrs["altzone"], timeModule.Attrs["daylight"], timeModule.Attrs["tzname"] = zoneInfo()
}

// zoneInfo is time.timezone, altzone, daylight and tzname: the local
// zone's offsets west of UTC in January and July, whether they differ,
// and their names.
func zoneInfo() (lang.Value, lang.Value, lang.Value, lang.Value) {
	y := time.Now().Year()
	jan, janOff := time.Date(y, 1, 1, 0, 0, 0, 0, time.Local).Zone()
	jul, julOff := time.Date(y, 7, 1, 0, 0, 0, 0, time.Local).Zone()
	std, stdOff, dst, dstOff := jan, janOff, jul, julOff
	if janOff > julOff { // the southern hemisphere: standard time is July's
		std, stdOff, dst, dstOff = jul, julOff, jan, janOff
	}
	daylight := int64(0)
	if janOff != julOff {
		daylight = 1
	}
	return int64(-stdOff), int64(-dstOff), daylight, lang.Tuple{std, dst}
}
