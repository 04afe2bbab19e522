package datetime_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/datetime"
)

const datetimePrelude = `import datetime
from datetime import date, time, timedelta, datetime as dt
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
d = date(2024, 2, 28)
t = dt(2024, 3, 10, 14, 5, 9, 123)
td = timedelta(days=1, hours=25, minutes=-1, seconds=0.5)
`

// datetimeCases hold CPython 3.11's outcomes; TestDatetimeAgainstCPython
// checks them there.
var datetimeCases = []langtest.Case{
	{"d, str(d), d + timedelta(days=2), d - date(2023, 1, 1), d.weekday(), d.isoweekday(), d.toordinal(), d.replace(day=1), d.isoformat()", "(datetime.date(2024, 2, 28), '2024-02-28', datetime.date(2024, 3, 1), datetime.timedelta(days=423), 2, 3, 738944, datetime.date(2024, 2, 1), '2024-02-28')"},
	{"t, str(t), t.isoformat(), t.isoformat(' ', 'seconds'), t.isoformat(timespec='milliseconds'), t.date(), t.time(), str(t.time()), t.replace(hour=0, microsecond=0)", "(datetime.datetime(2024, 3, 10, 14, 5, 9, 123), '2024-03-10 14:05:09.000123', '2024-03-10T14:05:09.000123', '2024-03-10 14:05:09', '2024-03-10T14:05:09.000', datetime.date(2024, 3, 10), datetime.time(14, 5, 9, 123), '14:05:09.000123', datetime.datetime(2024, 3, 10, 0, 5, 9))"},
	{"dt(2024, 1, 2), dt(2024, 1, 2, 3, 4, 5), time(3, 4), time(), str(time(1, 2, 3, 4)), time(5).isoformat('minutes'), dt.min, dt.max, date.min, date.max", "(datetime.datetime(2024, 1, 2, 0, 0), datetime.datetime(2024, 1, 2, 3, 4, 5), datetime.time(3, 4), datetime.time(0, 0), '01:02:03.000004', '05:00', datetime.datetime(1, 1, 1, 0, 0), datetime.datetime(9999, 12, 31, 23, 59, 59, 999999), datetime.date(1, 1, 1), datetime.date(9999, 12, 31))"},
	{"t.strftime('%Y-%m-%d %H:%M:%S.%f %a %A %b %B %j %U %W %w %y %p %I %c %x %X %%'), d.strftime('%d/%m/%Y %H:%M'), f'{d:%d.%m.%Y}', f'{t}', format(t, '%H:%M'), time(13, 7).strftime('%I:%M %p')", "('2024-03-10 14:05:09.000123 Sun Sunday Mar March 070 10 10 0 24 PM 02 Sun Mar 10 14:05:09 2024 03/10/24 14:05:09 %', '28/02/2024 00:00', '28.02.2024', '2024-03-10 14:05:09.000123', '14:05', '01:07 PM')"},
	{"[date(2024, 1, k).strftime('%U %W %j') for k in (1, 6, 7, 8)], date(2023, 1, 1).strftime('%U %W'), date(2021, 12, 31).strftime('%a %U %W %j')", "(['00 01 001', '00 01 006', '01 01 007', '01 02 008'], '01 00', 'Fri 52 52 365')"},
	{"dt.strptime('2024-03-10 02:05:09 PM', '%Y-%m-%d %I:%M:%S %p'), dt.strptime('10/Mar/24', '%d/%b/%y'), dt.strptime('1999 12', '%Y %m'), dt.strptime('3.5', '%S.%f'), dt.strptime('July 4 70', '%B %d %y'), dt.strptime('2024 060', '%Y %j')", "(datetime.datetime(2024, 3, 10, 14, 5, 9), datetime.datetime(2024, 3, 10, 0, 0), datetime.datetime(1999, 12, 1, 0, 0), datetime.datetime(1900, 1, 1, 0, 0, 3, 500000), datetime.datetime(1970, 7, 4, 0, 0), datetime.datetime(2024, 2, 29, 0, 0))"},
	{"dt.fromisoformat('2024-03-10T14:05:09.5'), dt.fromisoformat('2024-03-10 14:05'), dt.fromisoformat('2024-03-10'), dt.fromisoformat('20240310'), date.fromisoformat('2024-03-10'), date.fromordinal(738944), dt.combine(d, time(1, 2))", "(datetime.datetime(2024, 3, 10, 14, 5, 9, 500000), datetime.datetime(2024, 3, 10, 14, 5), datetime.datetime(2024, 3, 10, 0, 0), datetime.datetime(2024, 3, 10, 0, 0), datetime.date(2024, 3, 10), datetime.date(2024, 2, 28), datetime.datetime(2024, 2, 28, 1, 2))"},
	{"td, str(td), td.total_seconds(), td.days, td.seconds, td.microseconds, timedelta(0), timedelta(seconds=-1), str(timedelta(seconds=-1)), str(timedelta(days=-2, microseconds=5)), timedelta(weeks=1, milliseconds=1.5)", "(datetime.timedelta(days=2, seconds=3540, microseconds=500000), '2 days, 0:59:00.500000', 176340.5, 2, 3540, 500000, datetime.timedelta(0), datetime.timedelta(days=-1, seconds=86399), '-1 day, 23:59:59', '-2 days, 0:00:00.000005', datetime.timedelta(days=7, microseconds=1500))"},
	{"td * 2, td / 3, td // 2, td / timedelta(hours=1), td // timedelta(hours=1), td % timedelta(hours=1), 2.5 * td, td * 0.1, timedelta(seconds=1) / 3, timedelta(microseconds=5) / 2, timedelta(microseconds=7) / 2", "(datetime.timedelta(days=4, seconds=7081), datetime.timedelta(seconds=58780, microseconds=166667), datetime.timedelta(days=1, seconds=1770, microseconds=250000), 48.983472222222225, 48, datetime.timedelta(seconds=3540, microseconds=500000), datetime.timedelta(days=5, seconds=8851, microseconds=250000), datetime.timedelta(seconds=17634, microseconds=50000), datetime.timedelta(microseconds=333333), datetime.timedelta(microseconds=2), datetime.timedelta(microseconds=4))"},
	{"t - dt(2024, 1, 1), t + timedelta(microseconds=999999), t - timedelta(days=70), dt(2024, 1, 1) < t, sorted([date(2024, 1, 3), date(2023, 5, 1)]), max(timedelta(1), timedelta(hours=30)), timedelta(hours=24) == timedelta(days=1)", "(datetime.timedelta(days=69, seconds=50709, microseconds=123), datetime.datetime(2024, 3, 10, 14, 5, 10, 122), datetime.datetime(2023, 12, 31, 14, 5, 9, 123), True, [datetime.date(2023, 5, 1), datetime.date(2024, 1, 3)], datetime.timedelta(days=1, seconds=21600), True)"},
	{"-td, +td, abs(-td), abs(td) == td, -timedelta(0), str(-timedelta(hours=1))", "(datetime.timedelta(days=-3, seconds=82859, microseconds=500000), datetime.timedelta(days=2, seconds=3540, microseconds=500000), datetime.timedelta(days=2, seconds=3540, microseconds=500000), True, datetime.timedelta(0), '-1 day, 23:00:00')"},
	{"isinstance(t, date), isinstance(d, dt), isinstance(td, timedelta), type(t).__name__, type(td).__name__, d == date(2024, 2, 28), {d: 1}[date(2024, 2, 28)], t.year, t.microsecond, t.tzinfo, datetime.MAXYEAR, d == dt(2024, 2, 28)", "(True, False, True, 'datetime', 'timedelta', True, 1, 2024, 123, None, 9999, False)"},
	{"n = dt.now()\nabs((dt.now() - n).total_seconds()) < 5, type(date.today()).__name__, date.today() == dt.now().date() or True, abs(dt.fromtimestamp(n.timestamp()) - n) < timedelta(milliseconds=1)", "(True, 'date', True, True)"},
	{"err(date, 2024, 2, 30), err(date, 0, 1, 1), err(date, 2024, 13, 1), err(dt, 2024, 1, 1, 24), err(time, 1, 60), err(dt, 2024, 1, 1, 0, 0, 0, 10**6)", "('ValueError: day is out of range for month', 'ValueError: year 0 is out of range', 'ValueError: month must be in 1..12', 'ValueError: hour must be in 0..23', 'ValueError: minute must be in 0..59', 'ValueError: microsecond must be in 0..999999')"},
	{"err(dt.strptime, '2024-01-02', '%Y/%m/%d'), err(dt.strptime, '2024-01-02x', '%Y-%m-%d'), err(date.fromisoformat, '2024-1-2'), err(dt.fromisoformat, '2024-01-02T1'), err(lambda: date(9999, 12, 31) + timedelta(1)), err(lambda: d - 1), err(timedelta, 10**9), err(timedelta, 10**10), err(lambda: t < d), err(lambda: td / 0)", "(\"ValueError: time data '2024-01-02' does not match format '%Y/%m/%d'\", 'ValueError: unconverted data remains: x', \"ValueError: Invalid isoformat string: '2024-1-2'\", \"ValueError: Invalid isoformat string: '2024-01-02T1'\", 'OverflowError: date value out of range', \"TypeError: unsupported operand type(s) for -: 'datetime.date' and 'int'\", 'OverflowError: days=1000000000; must have magnitude <= 999999999', 'OverflowError: Python int too large to convert to C int', \"TypeError: can't compare datetime.datetime to datetime.date\", 'ZeroDivisionError: integer division or modulo by zero')"},
}

func TestDatetime(t *testing.T) {
	langtest.CheckCellCases(t, datetimePrelude, datetimeCases)
}

func TestDatetimeAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, datetimePrelude, datetimeCases)
}
