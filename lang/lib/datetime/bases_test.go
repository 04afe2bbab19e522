package datetime_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/copy"
)

const basesPrelude = `import datetime
from datetime import date, time, timedelta, datetime as dt
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
class D(dt):
    def stamp(self):
        return self.strftime('%Y%m%d')
class E(date):
    pass
class N(dt):
    def __new__(cls, y, m, d):
        return super().__new__(cls, y, m, d, 12)
class T(timedelta):
    pass
class Tm(time):
    pass
d = D(2020, 1, 2, 3)
e = E(2020, 1, 2)
`

// basesCases hold CPython 3.11's outcomes for classes derived from
// datetime's; TestDatetimeBasesAgainstCPython checks them there.
var basesCases = []langtest.Case{
	{"d, str(d), d.year, d.hour, d.strftime('%Y/%m'), d.isoformat(), d.weekday(), d.stamp(), d.date(), f'{d.day}'", "(D(2020, 1, 2, 3, 0), '2020-01-02 03:00:00', 2020, 3, '2020/01', '2020-01-02T03:00:00', 3, '20200102', datetime.date(2020, 1, 2), '2')"},
	{"r = d.replace(year=2021)\nr, type(r).__name__, r.stamp()", "(D(2021, 1, 2, 3, 0), 'D', '20210102')"},
	{"isinstance(d, dt), isinstance(d, date), isinstance(d, D), isinstance(e, dt), type(d).__name__, D.__mro__[1] is dt", "(True, True, True, False, 'D', True)"},
	{"d == dt(2020, 1, 2, 3), dt(2020, 1, 2, 3) == d, d != dt(2020, 1, 2, 3), hash(d) == hash(dt(2020, 1, 2, 3)), {d: 1}[dt(2020, 1, 2, 3)], d < dt(2021, 1, 1), dt(2021, 1, 1) > d, sorted([D(2022, 1, 1), dt(2021, 1, 1)])", "(True, True, False, True, 1, True, True, [datetime.datetime(2021, 1, 1, 0, 0), D(2022, 1, 1, 0, 0)])"},
	{"a, b, c = d + timedelta(hours=1), d - timedelta(days=1), timedelta(1) + d\na, b, c, type(a).__name__, type(c).__name__, d - d, d - dt(2020, 1, 1), type(d - d).__name__", "(D(2020, 1, 2, 4, 0), D(2020, 1, 1, 3, 0), D(2020, 1, 3, 3, 0), 'D', 'D', datetime.timedelta(0), datetime.timedelta(days=1, seconds=10800), 'timedelta')"},
	{"[type(x).__name__ for x in (D.now(), D.today(), D.utcnow(), D.fromtimestamp(0), D.fromisoformat('2020-01-01'), D.combine(date(2020, 1, 1), time(1)), D.strptime('2020', '%Y'))], D.fromisoformat('2020-05-06T07:08'), D.combine(E(2020, 1, 1), time(1, 2))", "(['D', 'D', 'D', 'D', 'D', 'D', 'D'], D(2020, 5, 6, 7, 8), D(2020, 1, 1, 1, 2))"},
	{"e, str(e), e + timedelta(1), e.replace(day=3), E.fromordinal(5), type(E.today()).__name__, type(E.fromisoformat('2020-01-01')).__name__, e - date(2020, 1, 1), e == date(2020, 1, 2)", "(E(2020, 1, 2), '2020-01-02', E(2020, 1, 3), E(2020, 1, 3), E(1, 1, 5), 'E', 'E', datetime.timedelta(days=1), True)"},
	{"n = N(2021, 3, 4)\nn, n.hour, type(n).__name__, n.stamp() if hasattr(n, 'stamp') else n.day, err(lambda: n + timedelta(1))", "(N(2021, 3, 4, 12, 0), 12, 'N', 4, 'TypeError: N.__new__() takes 4 positional arguments but 9 were given')"},
	{"t = T(days=1, hours=2)\nt, str(t), t.total_seconds(), t.days, type(t + t).__name__, t == timedelta(days=1, hours=2), t * 2, d + t", "(T(days=1, seconds=7200), '1 day, 2:00:00', 93600.0, 1, 'timedelta', True, datetime.timedelta(days=2, seconds=14400), D(2020, 1, 3, 5, 0))"},
	{"m = Tm(1, 2)\nm, str(m), m.hour, m.isoformat(), m < time(2), isinstance(m, time)", "(Tm(1, 2), '01:02:00', 1, '01:02:00', True, True)"},
	{"import copy\nf'{d}', f'{d:%Y-%m}', format(e, '%d'), '{:%H}'.format(d), copy.copy(d), copy.copy(e), f'{T(1)}'", "('2020-01-02 03:00:00', '2020-01', '02', '03', D(2020, 1, 2, 3, 0), E(2020, 1, 2), '1 day, 0:00:00')"},
	{"D.__add__(dt(2020, 1, 1), timedelta(1)), D.replace(dt(2020, 1, 1), day=3), D.__eq__(d, 5), D.__lt__(d, D(2021, 1, 1)), err(D.__add__, 5, timedelta(1)), err(D.__add__, date(2020, 1, 1), timedelta(1)), err(D.replace, 5), err(E.__eq__, 5, 1)", "(datetime.datetime(2020, 1, 2, 0, 0), datetime.datetime(2020, 1, 3, 0, 0), NotImplemented, True, \"TypeError: descriptor '__add__' requires a 'datetime.datetime' object but received a 'int'\", \"TypeError: descriptor '__add__' requires a 'datetime.datetime' object but received a 'datetime.date'\", \"TypeError: descriptor 'replace' for 'datetime.datetime' objects doesn't apply to a 'int' object\", \"TypeError: descriptor '__eq__' requires a 'datetime.date' object but received a 'int'\")"},
	{"err(D, 2020, 13, 1), err(lambda: d + 1), err(lambda: d < 1), err(dt.__new__, int, 2020, 1, 1)", "('ValueError: month must be in 1..12', \"TypeError: unsupported operand type(s) for +: 'D' and 'int'\", \"TypeError: '<' not supported between instances of 'D' and 'int'\", 'TypeError: datetime.datetime.__new__(int): int is not a subtype of datetime.datetime')"},
}

func TestDatetimeBases(t *testing.T) {
	langtest.CheckCellCases(t, basesPrelude, basesCases)
}

func TestDatetimeBasesAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, basesPrelude, basesCases)
}
