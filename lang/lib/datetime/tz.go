package datetime

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/kael-dev/kael/lang"
)

// Time zones: datetime.timezone, the fixed offsets from UTC (timezone.utc,
// timezone(timedelta(hours=1), 'CET')), and aware datetimes that carry
// one (or a tzinfo object of a class of the program's: usertz.go). kael has no tz database, so zoneinfo's zones (with daylight saving
// rules) are absent; astimezone() without an argument gives the local
// zone's offset now, as a fixed timezone, as CPython does.

// Timezone is datetime.timezone: an offset from UTC (in microseconds,
// strictly within a day) and an optional name; or, with loc, a
// zoneinfo.ZoneInfo: a zone of the system's tz database, whose offset
// depends on the date (daylight saving time).
type Timezone struct {
	offset  int64
	name    string
	hasName bool
	loc     *time.Location // a ZoneInfo's zone; nil for a fixed offset
	// user is a tzinfo object of a class derived from tzinfo, whose
	// methods give the offset (usertz.go); nil for the others.
	user *lang.Instance
}

// NewZoneInfo is zoneinfo.ZoneInfo(key) of the zone loc.
func NewZoneInfo(loc *time.Location) Timezone { return Timezone{loc: loc, name: loc.String()} }

// wallTime is d's wall-clock fields in the zone loc (for an ambiguous or
// skipped time, the offset Go's time.Date picks).
func (d Date) wallTime(loc *time.Location) time.Time {
	return time.Date(d.year, time.Month(d.month), d.day, d.hour, d.minute, d.second, d.micro*1000, loc)
}

// offsetAt is the zone's offset from UTC, in microseconds, at the wall
// time of d.
func (z Timezone) offsetAt(d Date) int64 {
	if z.loc == nil {
		return z.offset
	}
	_, off := d.wallTime(z.loc).Zone()
	return int64(off) * microsPerSecond
}

// nameAt is the zone's name at the wall time of d: CET or CEST.
func (z Timezone) nameAt(d Date) string {
	if z.loc == nil {
		return z.String()
	}
	name, _ := d.wallTime(z.loc).Zone()
	return name
}

// dstAt is the daylight saving time in effect at d: the offset less the
// zone's standard offset that year.
func (z Timezone) dstAt(d Date) lang.Value {
	if z.loc == nil {
		return lang.None
	}
	t := d.wallTime(z.loc)
	if !t.IsDST() {
		td, _ := fromMicros(big.NewInt(0))
		return td
	}
	_, off := t.Zone()
	std := off
	for _, m := range []time.Month{time.January, time.July} {
		if u := time.Date(d.year, m, 1, 0, 0, 0, 0, z.loc); !u.IsDST() {
			_, std = u.Zone()
			break
		}
	}
	td, _ := fromMicros(big.NewInt(int64(off-std) * microsPerSecond))
	return td
}

var (
	_ lang.HasAttrs   = Timezone{}
	_ lang.Reprer     = Timezone{}
	_ lang.Equaler    = Timezone{}
	_ lang.Hashable   = Timezone{}
	_ lang.ClassNamer = Timezone{}
)

var utc = Timezone{}

// TypeName is datetime.timezone, or zoneinfo.ZoneInfo.
func (z Timezone) TypeName() string { return z.ClassName() }

// ClassName is datetime.timezone, or zoneinfo.ZoneInfo.
func (z Timezone) ClassName() string {
	if z.loc != nil {
		return "zoneinfo.ZoneInfo"
	}
	return "datetime.timezone"
}

func (z Timezone) delta() Timedelta {
	td, _ := fromMicros(big.NewInt(z.offset))
	return td
}

// PyRepr is datetime.timezone.utc or datetime.timezone(datetime.timedelta(...)[, 'name']),
// or zoneinfo.ZoneInfo(key='Europe/Berlin').
func (z Timezone) PyRepr() string {
	if z.user != nil {
		return lang.Repr(z.user)
	}
	if z.loc != nil {
		return "zoneinfo.ZoneInfo(key=" + lang.Repr(z.name) + ")"
	}
	if z.offset == 0 && !z.hasName {
		return "datetime.timezone.utc"
	}
	if z.hasName {
		return fmt.Sprintf("datetime.timezone(%s, %s)", z.delta().PyRepr(), lang.Repr(z.name))
	}
	return fmt.Sprintf("datetime.timezone(%s)", z.delta().PyRepr())
}

// String is its name: the one given, UTC, or UTC+HH:MM.
func (z Timezone) String() string {
	switch {
	case z.loc != nil, z.hasName:
		return z.name
	case z.offset == 0:
		return "UTC"
	}
	return "UTC" + offsetText(z.offset, ":")
}

// offsetText is +HH:MM (sep between the fields), with :SS and .ffffff
// when they are not zero, as isoformat and %z write an offset.
func offsetText(us int64, sep string) string {
	sign := "+"
	if us < 0 {
		sign, us = "-", -us
	}
	s := us / microsPerSecond
	out := fmt.Sprintf("%s%02d%s%02d", sign, s/3600, sep, s/60%60)
	if s%60 != 0 || us%microsPerSecond != 0 {
		out += fmt.Sprintf("%s%02d", sep, s%60)
	}
	if us%microsPerSecond != 0 {
		out += fmt.Sprintf(".%06d", us%microsPerSecond)
	}
	return out
}

// Equal is ==: timezones of the same offset are equal, whatever their
// names; ZoneInfo zones of the same key (CPython's are one object).
func (z Timezone) Equal(other lang.Value) bool {
	o, ok := other.(Timezone)
	if ok && (z.user != nil || o.user != nil) {
		return z.user == o.user
	}
	if !ok || (o.loc == nil) != (z.loc == nil) {
		return false
	}
	if z.loc != nil {
		return o.name == z.name
	}
	return o.offset == z.offset
}

// HashKey hashes by offset, or key.
func (z Timezone) HashKey() (string, error) {
	if z.user != nil {
		return fmt.Sprintf("tzinfo:%p", z.user), nil
	}
	if z.loc != nil {
		return "zoneinfo:" + z.name, nil
	}
	return fmt.Sprint("tz:", z.offset), nil
}

// sameZone reports whether two aware datetimes share their tzinfo, when
// CPython compares and subtracts their wall times, offsets aside.
func sameZone(a, b Date) bool { return a.tz.loc != nil && a.tz.Equal(b.tz) }

// Attr gives utcoffset, tzname, dst and fromutc.
func (z Timezone) Attr(name string) (lang.Value, bool) {
	if name == "key" && z.loc != nil {
		return z.name, true
	}
	m, ok := timezoneMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: z, Method: m}, true
}

// AttrNames lists them.
func (z Timezone) AttrNames() []string {
	if z.loc != nil {
		return []string{"dst", "fromutc", "key", "tzname", "utcoffset"}
	}
	return []string{"dst", "fromutc", "tzname", "utcoffset"}
}

// tzArg reads a tzinfo: None (naive) or a timezone.
func tzArg(v lang.Value, what string) (Timezone, bool, error) {
	switch x := v.(type) {
	case lang.NoneType:
		return Timezone{}, false, nil
	case Timezone:
		return x, true, nil
	}
	if x, ok := isUserTZ(v); ok {
		return Timezone{user: x}, true, nil
	}
	if v == nil {
		return Timezone{}, false, nil
	}
	return Timezone{}, false, lang.Errorf(lang.TypeError, "tzinfo argument must be None or of a tzinfo subclass, not type '%s'", lang.TypeName(v))
}

var timezoneMethods = map[string]*lang.Builtin{}

var tzinfoClass = lang.NewBuiltin(lang.AsValue, "tzinfo()", "The abstract base class of time zones: derive from it and define utcoffset(dt), tzname(dt) and dst(dt) (usertz.go); datetime.timezone and zoneinfo.ZoneInfo are tzinfos.", func(a *lang.Args) (lang.Value, error) {
	return plainTZInfo{}, nil
})

var timezoneClass = lang.NewBuiltin(lang.AsValue, "timezone(offset, name=None)", "A fixed offset from UTC (a timedelta strictly within a day), with an optional name.", func(a *lang.Args) (lang.Value, error) {
	td, ok := a.Value("offset").(Timedelta)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "timezone() argument 1 must be datetime.timedelta, not %s", lang.TypeName(a.Value("offset")))
	}
	z, err := newTimezone(td.total())
	if err != nil {
		return nil, err
	}
	if !a.IsNone("name") {
		name, ok := a.Value("name").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "timezone() argument 2 must be str, not %s", lang.TypeName(a.Value("name")))
		}
		z.name, z.hasName = name, true
	}
	return z, nil
})

// newTimezone is the timezone of an offset of us microseconds, or
// CPython's error for one of a day or more.
func newTimezone(us *big.Int) (Timezone, error) {
	if us.CmpAbs(big.NewInt(microsPerDay)) >= 0 {
		td, _ := fromMicros(us)
		return Timezone{}, lang.Errorf(lang.ValueError, "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not %s.", td.PyRepr())
	}
	return Timezone{offset: us.Int64()}, nil
}

// inZone is the aware datetime of instant us (UTC microseconds) in z.
func inZone(us *big.Int, z Timezone) (Date, error) {
	if z.loc != nil {
		u, err := fromDateMicros(us, true)
		if err != nil {
			return u, err
		}
		d := fromGo(u.goTime().In(z.loc), true)
		d.tz, d.aware = z, true
		return d, nil
	}
	d, err := fromDateMicros(new(big.Int).Add(us, big.NewInt(z.offset)), true)
	d.tz, d.aware = z, true
	return d, err
}

// localZone is the local time zone's offset and name at the instant of
// Go time t, as a fixed timezone.
func localZone(t time.Time) Timezone {
	name, off := t.In(time.Local).Zone()
	return Timezone{offset: int64(off) * microsPerSecond, name: name, hasName: true}
}

// astimezone is d.astimezone(tz): the same instant in tz (the local zone
// for none); a naive d is taken as local time.
func (d Date) astimezone(z Timezone, hasZ bool) (lang.Value, error) {
	off, ok, err := d.utcoffset()
	if err != nil {
		return nil, err
	}
	var instant time.Time
	if ok {
		instant = d.goTime().Add(-time.Duration(off) * time.Microsecond)
	} else { // naive, or a utcoffset of None: local time
		instant = time.Date(d.year, time.Month(d.month), d.day, d.hour, d.minute, d.second, d.micro*1000, time.Local)
	}
	if !hasZ {
		z = localZone(instant)
	}
	return fromUTC(fromGo(instant.UTC(), true), z)
}

// parseOffset reads an isoformat offset: Z, or ±HH[:MM[:SS[.ffffff]]]
// (a day or more is timezone's error, for the caller).
func parseOffset(s string) (int64, bool) {
	if s == "Z" {
		return 0, true
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	t, ok := parseISOTime(s[1:])
	if !ok {
		return 0, false
	}
	us := int64(((t.hour*60+t.minute)*60+t.second)*microsPerSecond + t.micro)
	if s[0] == '-' {
		us = -us
	}
	return us, true
}

// splitOffset separates a trailing offset from an isoformat time.
func splitOffset(timePart string) (string, string) {
	if strings.HasSuffix(timePart, "Z") {
		return timePart[:len(timePart)-1], "Z"
	}
	if i := strings.LastIndexAny(timePart, "+-"); i > 0 {
		return timePart[:i], timePart[i:]
	}
	return timePart, ""
}

func init() {
	methods(timezoneMethods,
		lang.NewBuiltin(lang.AsValue, "utcoffset(self, dt)", "The offset at the datetime dt, a timedelta (a ZoneInfo's is None for dt None).", func(a *lang.Args) (lang.Value, error) {
			z := a.Value("self").(Timezone)
			if z.loc == nil {
				return z.delta(), nil
			}
			d, ok := a.Value("dt").(Date)
			if !ok || !d.hasTime {
				return lang.None, nil
			}
			td, _ := fromMicros(big.NewInt(z.offsetAt(d)))
			return td, nil
		}),
		lang.NewBuiltin(lang.AsValue, "tzname(self, dt)", "The name: the one given, or UTC±HH:MM; a ZoneInfo's at dt (CET, CEST).", func(a *lang.Args) (lang.Value, error) {
			z := a.Value("self").(Timezone)
			if d, ok := a.Value("dt").(Date); ok && d.hasTime && z.loc != nil {
				return z.nameAt(d), nil
			}
			if z.loc != nil {
				return lang.None, nil
			}
			return z.String(), nil
		}),
		lang.NewBuiltin(lang.AsValue, "dst(self, dt)", "The daylight saving time in effect at dt: None for a fixed offset.", func(a *lang.Args) (lang.Value, error) {
			z := a.Value("self").(Timezone)
			if d, ok := a.Value("dt").(Date); ok && d.hasTime {
				return z.dstAt(d), nil
			}
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "fromutc(self, dt)", "The datetime dt (in UTC, with this tzinfo) moved to this zone's local time.", func(a *lang.Args) (lang.Value, error) {
			z := a.Value("self").(Timezone)
			d, ok := a.Value("dt").(Date)
			if !ok || !d.hasTime {
				return nil, lang.Errorf(lang.TypeError, "fromutc() argument must be a datetime.datetime instance")
			}
			if !d.aware || !d.tz.Equal(z) {
				return nil, lang.Errorf(lang.ValueError, "fromutc: dt.tzinfo is not self")
			}
			return inZone(d.micros(), z)
		}),
	)
	methods(datetimeMethods,
		lang.NewBuiltin(lang.AsValue, "utcoffset(self)", "The offset from UTC of an aware datetime (a timedelta), None for a naive one.", func(a *lang.Args) (lang.Value, error) {
			us, ok, err := selfDate(a).utcoffset()
			if err != nil || !ok {
				return lang.None, err
			}
			td, _ := fromMicros(big.NewInt(us))
			return td, nil
		}),
		lang.NewBuiltin(lang.AsValue, "tzname(self)", "The time zone's name, None for a naive datetime.", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).tzname()
		}),
		lang.NewBuiltin(lang.AsValue, "dst(self)", "The daylight saving time in effect (a timedelta) for a ZoneInfo zone; None for a fixed offset or a naive datetime.", func(a *lang.Args) (lang.Value, error) {
			return selfDate(a).dst()
		}),
		lang.NewBuiltin(lang.AsValue, "astimezone(self, tz=None)", "The same instant in the time zone tz (the local zone now, as a fixed offset, without one); a naive datetime is taken as local time.", func(a *lang.Args) (lang.Value, error) {
			z, hasZ, err := tzArg(a.Value("tz"), "astimezone")
			if err != nil {
				return nil, err
			}
			d := selfDate(a)
			if hasZ && d.aware && d.tz.user != nil && d.tz.user == z.user {
				return a.Value("self"), nil // to its own zone: itself, as CPython's
			}
			return d.astimezone(z, hasZ)
		}),
	)
	lang.RegisterClassAttr(timezoneClass, "utc", utc)
	lang.RegisterClassAttr(timezoneClass, "min", Timezone{offset: -(microsPerDay - 60*microsPerSecond)})
	lang.RegisterClassAttr(timezoneClass, "max", Timezone{offset: microsPerDay - 60*microsPerSecond})
	lang.RegisterClass(timezoneClass, "datetime.timezone")
	lang.RegisterSubclass("datetime.timezone", "datetime.tzinfo")
	datetimeModule.Attrs["timezone"] = timezoneClass
	datetimeModule.Attrs["tzinfo"] = tzinfoClass
	datetimeModule.Attrs["UTC"] = utc
}

// Strftime is C's strftime of the time t (in its location, whose name and
// offset %Z and %z give) with the directives datetime's strftime knows,
// for the time module's strftime, asctime and ctime.
func Strftime(t time.Time, format string) (string, error) {
	d := fromGo(t, true)
	name, off := t.Zone()
	d.aware, d.tz = true, Timezone{offset: int64(off) * microsPerSecond, name: name, hasName: true}
	return d.strftime(format)
}
