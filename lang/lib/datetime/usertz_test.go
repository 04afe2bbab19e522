package datetime_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const userTZPrelude = `from datetime import datetime, date, timedelta, timezone, tzinfo
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
class UTC(tzinfo):
    def utcoffset(self, dt): return timedelta(0)
    def tzname(self, dt): return "UTC"
    def dst(self, dt): return timedelta(0)
class EST(tzinfo):
    def utcoffset(self, dt): return timedelta(hours=-5)
    def tzname(self, dt): return "EST"
    def dst(self, dt): return timedelta(0)
    def __repr__(self): return 'EST()'
class Bad(tzinfo):
    def __init__(self, v): self.v = v
    def utcoffset(self, dt): return self.v
    def tzname(self, dt): return self.v
    def dst(self, dt): return self.v
class NoOff(tzinfo):
    pass
class Summer(tzinfo):
    def utcoffset(self, dt): return timedelta(hours=1) + self.dst(dt)
    def dst(self, dt): return timedelta(hours=1) if 4 <= dt.month <= 9 else timedelta(0)
    def tzname(self, dt): return 'S' if self.dst(dt) else 'W'
u, e = UTC(), EST()
d = datetime(2024, 1, 1, 12, tzinfo=u)
def bad(v):
    b = datetime(2024, 1, 1, tzinfo=Bad(v))
    return (err(b.utcoffset), err(b.tzname), err(b.dst), err(b.isoformat), err(lambda: b.strftime('%z|%Z')),
            err(lambda: b == d), err(lambda: b < d), err(lambda: b - d))
`

// userTZCases are classes derived from tzinfo, as CPython 3.11 runs them;
// TestUserTZInfoAgainstCPython checks the expectations there.
var userTZCases = []langtest.Case{
	{"d.isoformat(), str(d), d.strftime('%Z %z'), d.utcoffset(), d.tzname(), d.dst(), d.tzinfo is u, isinstance(u, tzinfo)", "('2024-01-01T12:00:00+00:00', '2024-01-01 12:00:00+00:00', 'UTC +0000', datetime.timedelta(0), 'UTC', datetime.timedelta(0), True, True)"},
	{"x = d.astimezone(e)\nx, x.tzinfo is e, x == d, x - d, hash(x) == hash(d), d < datetime(2024, 1, 1, 8, tzinfo=e), d.astimezone(u) is d", "(datetime.datetime(2024, 1, 1, 7, 0, tzinfo=EST()), True, True, datetime.timedelta(0), True, True, True)"},
	{"e.fromutc(datetime(2024, 1, 1, 12, tzinfo=e)), err(e.fromutc, datetime(2024, 1, 1, 12)), err(e.fromutc, 5), err(e.fromutc, datetime(2024, 1, 1, 12, tzinfo=u))", "(datetime.datetime(2024, 1, 1, 7, 0, tzinfo=EST()), 'ValueError: fromutc: dt.tzinfo is not self', 'TypeError: fromutc: argument must be a datetime', 'ValueError: fromutc: dt.tzinfo is not self')"},
	{"n = datetime.now(e)\nn.tzinfo is e, datetime.now(u).utcoffset(), datetime.fromtimestamp(0, e), datetime.fromtimestamp(86400, u).isoformat()", "(True, datetime.timedelta(0), datetime.datetime(1969, 12, 31, 19, 0, tzinfo=EST()), '1970-01-02T00:00:00+00:00')"},
	{"bad(5)", "(\"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.tzname() must return None or a string, not 'int'\", \"TypeError: tzinfo.dst() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.dst() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'int'\", \"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'int'\")"},
	{"bad(timedelta(days=1))[0], bad(timedelta(days=1))[2], bad(timedelta(days=1))[1], bad('x')[1], bad('x')[0]", "('ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).', 'ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).', \"TypeError: tzinfo.tzname() must return None or a string, not 'datetime.timedelta'\", 'x', \"TypeError: tzinfo.utcoffset() must return None or timedelta, not 'str'\")"},
	{"bad(None), hash(datetime(2024, 1, 1, tzinfo=Bad(None))) == hash(datetime(2024, 1, 1))", "((None, None, None, '2024-01-01T00:00:00', '|', False, \"TypeError: can't compare offset-naive and offset-aware datetimes\", \"TypeError: can't subtract offset-naive and offset-aware datetimes\"), True)"},
	{"bad(timedelta(hours=1, microseconds=1))[3:6]", "('2024-01-01T00:00:00+01:00:00.000001', \"TypeError: tzinfo.tzname() must return None or a string, not 'datetime.timedelta'\", False)"},
	{"t = tzinfo()\nerr(t.utcoffset, None), err(t.tzname, None), err(t.dst, None), err(t.fromutc, d), type(t).__name__", "('NotImplementedError: a tzinfo subclass must implement utcoffset()', 'NotImplementedError: a tzinfo subclass must implement tzname()', 'NotImplementedError: a tzinfo subclass must implement dst()', 'ValueError: fromutc: dt.tzinfo is not self', 'tzinfo')"},
	{"n = datetime(2024, 1, 1, tzinfo=NoOff())\nerr(n.isoformat), err(n.utcoffset), err(lambda: n.astimezone(u)), err(lambda: n.fromutc)", "('NotImplementedError: a tzinfo subclass must implement utcoffset()', 'NotImplementedError: a tzinfo subclass must implement utcoffset()', 'NotImplementedError: a tzinfo subclass must implement utcoffset()', \"AttributeError: 'datetime.datetime' object has no attribute 'fromutc'\")"},
	{"d.replace(tzinfo=e).isoformat(), d.replace(tzinfo=None), d.timestamp(), d.astimezone(timezone.utc), datetime(2024, 1, 1, tzinfo=timezone.utc).astimezone(e).isoformat()", "('2024-01-01T12:00:00-05:00', datetime.datetime(2024, 1, 1, 12, 0), 1704110400.0, datetime.datetime(2024, 1, 1, 12, 0, tzinfo=datetime.timezone.utc), '2023-12-31T19:00:00-05:00')"},
	{"datetime(2024, 1, 1, tzinfo=u) == datetime(2024, 1, 1, tzinfo=timezone.utc), datetime(2024, 1, 1, 7, tzinfo=e) - datetime(2024, 1, 1, tzinfo=timezone.utc), err(lambda: d - datetime(2024, 1, 1)), err(lambda: d < datetime(2024, 1, 1)), d == datetime(2024, 1, 1, 12)", "(True, datetime.timedelta(seconds=43200), \"TypeError: can't subtract offset-naive and offset-aware datetimes\", \"TypeError: can't compare offset-naive and offset-aware datetimes\", False)"},
	{"s = Summer()\nw, m = datetime(2024, 1, 10, 12, tzinfo=s), datetime(2024, 7, 10, 12, tzinfo=s)\nw.isoformat(), m.isoformat(), m.strftime('%H %Z %z'), m.dst(), m.astimezone(timezone.utc).isoformat(), datetime(2024, 7, 10, 10, tzinfo=timezone.utc).astimezone(s).isoformat(), m - w, sorted([m, w, d])[0] is d", "('2024-01-10T12:00:00+01:00', '2024-07-10T12:00:00+02:00', '12 S +0200', datetime.timedelta(seconds=3600), '2024-07-10T10:00:00+00:00', '2024-07-10T12:00:00+02:00', datetime.timedelta(days=182), True)"},
	{"err(datetime, 2024, 1, 1, 0, 0, 0, 0, 5), err(lambda: d.replace(tzinfo='x')), {d: 1}[datetime(2024, 1, 1, 7, tzinfo=e)]", "(\"TypeError: tzinfo argument must be None or of a tzinfo subclass, not type 'int'\", \"TypeError: tzinfo argument must be None or of a tzinfo subclass, not type 'str'\", 1)"},
}

func TestUserTZInfo(t *testing.T) {
	langtest.CheckCellCases(t, userTZPrelude, userTZCases)
}

func TestUserTZInfoAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, userTZPrelude, userTZCases)
}
