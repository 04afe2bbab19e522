package datetime

import (
	"github.com/kael-dev/kael/lang"
)

// Pickling and copying dates: __reduce__ of date, datetime, time,
// timedelta and timezone gives (cls, args) as CPython's does, the state
// of a date, datetime or time being CPython's bytes (year as two bytes,
// month, day, hour, minute, second, microsecond as three), which their
// constructors take back: date(b'\x07\xe4\x01\x02'). A pickle of them
// is CPython's, and CPython's pickles of them load. An instance of a
// subclass reduces to its class with the same arguments; as in CPython,
// its own attributes are not part of the reduction.

// stateBytes is the pickled state of a date (4 bytes), datetime (10) or
// time (6).
func (d Date) stateBytes() lang.Bytes {
	b := []byte{byte(d.year >> 8), byte(d.year), byte(d.month), byte(d.day)}
	if d.hasTime {
		b = append(b, Time{d.hour, d.minute, d.second, d.micro}.stateBytes().Data()...)
	}
	return lang.NewBytes(b)
}

func (t Time) stateBytes() lang.Bytes {
	return lang.NewBytes([]byte{byte(t.hour), byte(t.minute), byte(t.second), byte(t.micro >> 16), byte(t.micro >> 8), byte(t.micro)})
}

// fromState reads the bytes of a pickled date (n 4) or datetime (n 10);
// ok is false when b is not such a state, and the constructor reads its
// arguments as fields.
func fromState(v lang.Value, n int) (Date, bool) {
	b, isBytes := v.(lang.Bytes)
	if !isBytes || len(b.Data()) != n || b.Data()[2]&0x7f < 1 || b.Data()[2]&0x7f > 12 {
		return Date{}, false
	}
	s := b.Data()
	d := Date{year: int(s[0])<<8 | int(s[1]), month: int(s[2] & 0x7f), day: int(s[3])}
	if n == 10 {
		t := timeState(s[4:])
		d.hour, d.minute, d.second, d.micro, d.hasTime = t.hour, t.minute, t.second, t.micro, true
	}
	return d, true
}

func timeState(s []byte) Time {
	return Time{int(s[0] & 0x7f), int(s[1]), int(s[2]), int(s[3])<<16 | int(s[4])<<8 | int(s[5])}
}

// timeFromState reads the bytes of a pickled time.
func timeFromState(v lang.Value) (Time, bool) {
	b, isBytes := v.(lang.Bytes)
	if !isBytes || len(b.Data()) != 6 || b.Data()[0]&0x7f > 23 {
		return Time{}, false
	}
	return timeState(b.Data()), true
}

// reduction is v.__reduce__() for cls, v's class or a subclass's.
func reduction(v lang.Value, cls lang.Value) (lang.Value, error) {
	switch x := v.(type) {
	case Date:
		if cls == nil {
			cls = dateClass
			if x.hasTime {
				cls = datetimeClass
			}
		}
		args := lang.Tuple{x.stateBytes()}
		if x.aware {
			tz, err := lang.GetAttr(x, "tzinfo")
			if err != nil {
				return nil, err
			}
			args = append(args, tz)
		}
		return lang.Tuple{cls, args}, nil
	case Time:
		if cls == nil {
			cls = timeClass
		}
		return lang.Tuple{cls, lang.Tuple{x.stateBytes()}}, nil
	case Timedelta:
		if cls == nil {
			cls = timedeltaClass
		}
		return lang.Tuple{cls, lang.Tuple{x.days, x.seconds, x.micros}}, nil
	case Timezone:
		if x.loc != nil {
			return nil, lang.Errorf(lang.TypeError, "cannot pickle 'zoneinfo.ZoneInfo' object").
				WithHint("kael pickles datetime.timezone offsets, not zoneinfo zones")
		}
		args := lang.Tuple{x.delta()}
		if x.hasName {
			args = append(args, x.name)
		}
		return lang.Tuple{timezoneClass, args, lang.None}, nil
	}
	return nil, lang.Errorf(lang.TypeError, "cannot pickle '%s' object", lang.TypeName(v))
}

// reduceMethod is __reduce__ of the values.
var reduceMethod = lang.NewBuiltin(lang.AsValue, "__reduce__(self)", "(cls, args): how pickle and copy make the object again, as CPython's.", func(a *lang.Args) (lang.Value, error) {
	return reduction(a.Value("self"), nil)
})

// tzinfoReduce is tzinfo.__reduce__ of a subclass's object: (cls,
// self.__getinitargs__() or (), self.__dict__ or None), CPython's.
func tzinfoReduce(a *lang.Args) (lang.Value, error) {
	self := a.Value("self")
	x, ok := isUserTZ(self)
	if !ok {
		return lang.Tuple{tzinfoClass, lang.Tuple{}}, nil
	}
	args := lang.Tuple{}
	if m, has := x.Method("__getinitargs__"); has {
		r, err := a.Call(m)
		if err != nil {
			return nil, err
		}
		elems, err := lang.Collect(r)
		if err != nil {
			return nil, err
		}
		args = lang.Tuple(elems)
	}
	var state lang.Value = lang.None
	if d := x.Dict(); d.Len() > 0 {
		state = d
	}
	return lang.Tuple{x.Class(), args, state}, nil
}

func init() {
	lang.RegisterDunder("__getinitargs__")
	for _, table := range []map[string]*lang.Builtin{dateMethods, timeMethods, timezoneMethods} {
		table["__reduce__"] = reduceMethod
	}
	tzinfoMethods["__reduce__"] = lang.NewBuiltin(lang.AsValue, "__reduce__(self)", "(cls, self.__getinitargs__() or (), self.__dict__ or None), as CPython's tzinfo pickles its subclasses' objects.", tzinfoReduce)
}
