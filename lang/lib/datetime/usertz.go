package datetime

import (
	"math/big"
	"time"

	"github.com/kael-dev/kael/lang"
)

// tzinfo as a base class: class UTC(tzinfo) with utcoffset, tzname and
// dst, for aware datetimes (datetime(..., tzinfo=UTC())). As in CPython,
// a datetime asks its tzinfo object whenever it needs the offset, name or
// daylight saving time: isoformat, str, strftime's %z and %Z, comparisons
// and subtraction of datetimes whose tzinfos differ, hash, astimezone,
// timestamp; what the methods return is checked with CPython's messages.
// A utcoffset of None makes the datetime compare and subtract as a naive
// one. astimezone(tz), now(tz) and fromtimestamp(ts, tz) end in
// tz.fromutc(dt), which a class may define; tzinfo's own fromutc is
// CPython's algorithm over utcoffset and dst. datetime.time keeps no
// tzinfo in kael (a time's tzinfo must be None).

const tzinfoName = "datetime.tzinfo"

// isUserTZ reports whether v is an instance of a class derived from tzinfo.
func isUserTZ(v lang.Value) (*lang.Instance, bool) {
	x, ok := v.(*lang.Instance)
	return x, ok && x.Class().NativeBaseName() == tzinfoName
}

// callTZ calls the tzinfo method name of the instance x with dt.
func callTZ(x *lang.Instance, name string, dt lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(x, name)
	if err != nil {
		return nil, err
	}
	return x.Session().CallHook(m, dt)
}

// userDelta is what the tzinfo x's utcoffset or dst (name) gives for d,
// in microseconds; ok is false for None. A value that is not a timedelta,
// or is a day or more, is CPython's error.
func userDelta(x *lang.Instance, name string, d lang.Value) (int64, bool, error) {
	v, err := callTZ(x, name, d)
	if err != nil {
		return 0, false, err
	}
	if _, none := v.(lang.NoneType); none {
		return 0, false, nil
	}
	td, isTD := lang.ValueOf(v).(Timedelta)
	if !isTD {
		return 0, false, lang.Errorf(lang.TypeError, "tzinfo.%s() must return None or timedelta, not '%s'", name, tpName(v))
	}
	us := td.total()
	if us.CmpAbs(big.NewInt(microsPerDay)) >= 0 {
		return 0, false, lang.Errorf(lang.ValueError, "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).")
	}
	return us.Int64(), true, nil
}

// tpName is the name CPython's C code gives the type of v (its tp_name):
// datetime.timedelta for a timedelta, the class's for the others.
func tpName(v lang.Value) string {
	if c, ok := v.(lang.ClassNamer); ok {
		return c.ClassName()
	}
	return lang.TypeName(v)
}

// utcoffset is d's offset from UTC in microseconds; ok is false for a
// naive d and for one whose tzinfo's utcoffset gives None.
func (d Date) utcoffset() (int64, bool, error) {
	if !d.aware {
		return 0, false, nil
	}
	if x := d.tz.user; x != nil {
		return userDelta(x, "utcoffset", d)
	}
	return d.tz.offsetAt(d), true, nil
}

// dst is d.dst(): a timedelta or None.
func (d Date) dst() (lang.Value, error) {
	if !d.aware {
		return lang.None, nil
	}
	if x := d.tz.user; x != nil {
		us, ok, err := userDelta(x, "dst", d)
		if err != nil || !ok {
			return lang.None, err
		}
		td, _ := fromMicros(big.NewInt(us))
		return td, nil
	}
	return d.tz.dstAt(d), nil
}

// tzname is d.tzname(): a str or None.
func (d Date) tzname() (lang.Value, error) {
	if !d.aware {
		return lang.None, nil
	}
	if x := d.tz.user; x != nil {
		v, err := callTZ(x, "tzname", d)
		if err != nil {
			return nil, err
		}
		switch v.(type) {
		case lang.NoneType, string:
			return v, nil
		}
		if s, isStr := lang.ValueOf(v).(string); isStr {
			return s, nil
		}
		return nil, lang.Errorf(lang.TypeError, "tzinfo.tzname() must return None or a string, not '%s'", tpName(v))
	}
	return d.tz.nameAt(d), nil
}

// offsetsOf are the offsets of a and b, aware or naive datetimes, for
// comparing or subtracting them as CPython does: wall is true when their
// wall times compare (the same tzinfo object, or no offset on either);
// mixed when exactly one has an offset.
func offsetsOf(a, b Date) (oa, ob int64, wall, mixed bool, err error) {
	if a.aware && b.aware && a.tz.user != nil && a.tz.user == b.tz.user || sameZone(a, b) {
		return 0, 0, true, false, nil
	}
	oa, hasA, err := a.utcoffset()
	if err != nil {
		return 0, 0, false, false, err
	}
	ob, hasB, err := b.utcoffset()
	if err != nil {
		return 0, 0, false, false, err
	}
	if hasA != hasB {
		return 0, 0, false, true, nil
	}
	return oa, ob, !hasA, false, nil
}

// fail reports err, from a tzinfo method called where no error can be
// returned (str, ==), to the session of the tzinfo of d.
func (d Date) fail(err error) {
	if err != nil && d.tz.user != nil {
		d.tz.user.Session().HookFailed(err)
	}
}

// fromUTC is tz.fromutc(u), u being the UTC fields with tzinfo tz: the
// user's method for a tzinfo object, else the zone's conversion.
func fromUTC(u Date, z Timezone) (lang.Value, error) {
	if x := z.user; x != nil {
		u.aware, u.tz = true, z
		return callTZ(x, "fromutc", u)
	}
	return inZone(u.micros(), z)
}

// tzinfoMethods are tzinfo's own methods, which a subclass overrides.
var tzinfoMethods = map[string]*lang.Builtin{}

// plainTZInfo is tzinfo() itself: an abstract zone whose methods raise.
type plainTZInfo struct{}

var _ lang.HasAttrs = plainTZInfo{}

// TypeName is datetime.tzinfo.
func (plainTZInfo) TypeName() string { return tzinfoName }

// Attr gives the methods.
func (p plainTZInfo) Attr(name string) (lang.Value, bool) {
	m, ok := tzinfoMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: p, Method: m}, true
}

// AttrNames lists them.
func (plainTZInfo) AttrNames() []string { return []string{"dst", "fromutc", "tzname", "utcoffset"} }

// tzinfoFromutc is tzinfo.fromutc(self, dt), CPython's: dt, whose
// tzinfo is self and whose fields are UTC, moved by utcoffset less dst,
// then by dst at the moved time.
func tzinfoFromutc(a *lang.Args) (lang.Value, error) {
	d, ok := lang.ValueOf(a.Value("dt")).(Date)
	if !ok || !d.hasTime {
		return nil, lang.Errorf(lang.TypeError, "fromutc: argument must be a datetime")
	}
	if !d.aware || d.tz.user == nil || lang.Value(d.tz.user) != a.Value("self") {
		return nil, lang.Errorf(lang.ValueError, "fromutc: dt.tzinfo is not self")
	}
	off, ok, err := d.utcoffset()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "fromutc: non-None utcoffset() result required")
	}
	dst, ok, err := userDelta(d.tz.user, "dst", d)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "fromutc: non-None dst() result required")
	}
	r, err := fromDateMicros(new(big.Int).Add(d.micros(), big.NewInt(off-dst)), true)
	if err != nil {
		return nil, err
	}
	r.aware, r.tz = true, d.tz
	if dst, ok, err = userDelta(d.tz.user, "dst", r); err != nil {
		return nil, err
	} else if !ok {
		return nil, lang.Errorf(lang.ValueError, "fromutc: tz.dst() gave inconsistent results; cannot convert")
	}
	out, err := fromDateMicros(new(big.Int).Add(r.micros(), big.NewInt(dst)), true)
	out.aware, out.tz = true, d.tz
	return out, err
}

// nowIn is datetime.now(tz) and fromtimestamp(ts, tz) for the instant t.
func nowIn(t time.Time, z Timezone) (lang.Value, error) {
	return fromUTC(fromGo(t.UTC(), true), z)
}

func init() {
	notImpl := func(name string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, name+"(self, dt)", "Abstract: a tzinfo subclass must implement "+name+"(dt).", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "a tzinfo subclass must implement %s()", name)
		})
	}
	methods(tzinfoMethods, notImpl("utcoffset"), notImpl("tzname"), notImpl("dst"),
		lang.NewBuiltin(lang.AsValue, "fromutc(self, dt)", "dt, whose fields are UTC and whose tzinfo is self, in this zone's local time: moved by utcoffset(dt) - dst(dt), then by dst at the moved time.", tzinfoFromutc))
	base := map[string]lang.Value{}
	for name, m := range tzinfoMethods {
		base[name] = m.BindingSelf()
	}
	lang.RegisterNativeBase(tzinfoName, tzinfoClass, &lang.NativeBase{Name: tzinfoName, Methods: base})
}
