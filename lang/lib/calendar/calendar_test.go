package calendar_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/calendar"
)

const prelude = `import calendar
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestCalendarAgainstCPython checks them there.
var cases = []langtest.Case{
	{"calendar.month(2024, 2), calendar.TextCalendar(6).formatmonth(2024, 2, 3, 2), calendar.month(2023, 12, 4), calendar.weekheader(2), calendar.weekheader(9), calendar.weekheader(1)", "('   February 2024\\nMo Tu We Th Fr Sa Su\\n          1  2  3  4\\n 5  6  7  8  9 10 11\\n12 13 14 15 16 17 18\\n19 20 21 22 23 24 25\\n26 27 28 29\\n', '       February 2024\\n\\nSun Mon Tue Wed Thu Fri Sat\\n\\n                  1   2   3\\n\\n  4   5   6   7   8   9  10\\n\\n 11  12  13  14  15  16  17\\n\\n 18  19  20  21  22  23  24\\n\\n 25  26  27  28  29\\n\\n', '          December 2023\\nMon  Tue  Wed  Thu  Fri  Sat  Sun\\n                      1    2    3\\n  4    5    6    7    8    9   10\\n 11   12   13   14   15   16   17\\n 18   19   20   21   22   23   24\\n 25   26   27   28   29   30   31\\n', 'Mo Tu We Th Fr Sa Su', '  Monday   Tuesday  Wednesday  Thursday   Friday   Saturday   Sunday ', 'M T W T F S S')"},
	{"y = calendar.calendar(2024)\nlen(y), y.count('\\n'), y[:120], calendar.calendar(2023, 3, 2, 4, 4)[:80], len(calendar.TextCalendar(2).formatyear(1999, m=6))", "(2172, 35, '                                  2024\\n\\n      January                   February                   March\\nMo Tu We Th Fr ', '                                                          2023\\n\\n\\n\\n          Janu', 2301)"},
	{"calendar.isleap(2000), calendar.isleap(1900), calendar.isleap(2024), calendar.leapdays(1900, 2024), calendar.leapdays(2024, 2000), calendar.weekday(2024, 2, 29), calendar.weekday(10000, 1, 1), calendar.monthrange(2023, 2), calendar.monthrange(2024, 2), calendar.timegm((2024, 1, 2, 3, 4, 5)), calendar.timegm((1969, 12, 31, 23, 59, 59, 0, 0, 0))", "(True, False, True, 30, -6, 3, 5, (2, 28), (3, 29), 1704164645, -1)"},
	{"c = calendar.Calendar(6)\nlist(c.iterweekdays()), list(c.itermonthdates(2024, 2))[:2], list(c.itermonthdays(2024, 2))[:6], list(c.itermonthdays2(2024, 2))[4:6], list(c.itermonthdays3(2024, 3))[:2], list(c.itermonthdays4(2024, 12))[-1], c.monthdayscalendar(2024, 2)[0], c.getfirstweekday(), c.firstweekday", "([6, 0, 1, 2, 3, 4, 5], [datetime.date(2024, 1, 28), datetime.date(2024, 1, 29)], [0, 0, 0, 0, 1, 2], [(1, 3), (2, 4)], [(2024, 2, 25), (2024, 2, 26)], (2025, 1, 4, 5), [0, 0, 0, 0, 1, 2, 3], 6, 6)"},
	{"c = calendar.Calendar()\nlen(c.yeardatescalendar(2024)), len(c.yeardays2calendar(2024, 4)), c.yeardayscalendar(2024, 6)[1][5][-1], c.monthdatescalendar(2024, 1)[-1][-1], calendar.monthcalendar(2024, 2)", "(4, 3, [30, 31, 0, 0, 0, 0, 0], datetime.date(2024, 2, 4), [[0, 0, 0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23, 24, 25], [26, 27, 28, 29, 0, 0, 0]])"},
	{"err(calendar.monthrange, 2024, 13), err(calendar.setfirstweekday, 7), err(calendar.weekday, 2024, 2, 30), err(calendar.month_name.__getitem__, 13), issubclass(calendar.IllegalMonthError, ValueError), calendar.firstweekday()", "('IllegalMonthError: bad month number 13; must be 1-12', 'IllegalWeekdayError: bad weekday number 7; must be 0 (Monday) to 6 (Sunday)', 'ValueError: day is out of range for month', 'IndexError: list index out of range', True, 0)"},
	{"list(calendar.month_name), list(calendar.month_abbr), list(calendar.day_name), list(calendar.day_abbr), calendar.MONDAY, calendar.SUNDAY", "(['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'], ['', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], 0, 6)"},
	{"calendar.setfirstweekday(calendar.SUNDAY)\nm = calendar.month(2024, 2)\nf = calendar.firstweekday()\ncalendar.setfirstweekday(0)\nm.splitlines()[1], f, calendar.formatstring(['a', 'b'], 3, 1)", "('Su Mo Tu We Th Fr Sa', 6, ' a   b ')"},
}

func TestCalendar(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestCalendarAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}

// htmlExprs are computed by kael and by CPython 3.11 and compared.
var htmlExprs = []string{
	"h = calendar.HTMLCalendar()\nh.formatmonth(2024, 2), h.formatmonth(2023, 12, withyear=False), h.formatday(0, 3), h.formatweekday(6), h.formatweekheader()",
	"y = calendar.HTMLCalendar(6).formatyear(2024, 4)\nlen(y), y[:1000], y[-1000:], calendar.HTMLCalendar().formatyear(2025, 0)[-300:]",
	"h = calendar.HTMLCalendar()\np = h.formatyearpage(2024, css=None)\nlen(p), p[:400], p[-300:], p == h.formatyearpage(2024, css=None, encoding='utf-8'), h.formatyearpage(2024, 2, encoding='ascii')[:300]",
	"class My(calendar.HTMLCalendar):\n    cssclass_noday = 'empty'\n    cssclasses = ['a', 'b', 'c', 'd', 'e', 'f', 'g']\nMy(2).formatmonth(2021, 7)",
	"import locale\nlt = calendar.LocaleTextCalendar(locale='C')\nlh = calendar.LocaleHTMLCalendar(1, locale='C.UTF-8')\nlt.locale, lt.formatmonth(2024, 3), lh.locale, lh.formatmonth(2024, 3), lt.formatyear(2024)[:200], locale.setlocale(locale.LC_TIME, None)",
	"import locale\ntry:\n    r = calendar.LocaleTextCalendar(locale='xx_XX').formatmonth(2024, 1)\nexcept Exception as e:\n    r = type(e).__name__, str(e)\nr, locale.setlocale(locale.LC_TIME, None)",
}

func TestHTMLCalendarMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, htmlExprs)
}
