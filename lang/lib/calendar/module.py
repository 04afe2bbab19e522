"""Calendar printing and date arithmetic, as CPython 3.11's calendar
module in the C locale: weeks start on Monday (setfirstweekday changes
it), names are English."""

import datetime
import locale as _locale
import sys

__all__ = ["IllegalMonthError", "IllegalWeekdayError", "setfirstweekday",
           "firstweekday", "isleap", "leapdays", "weekday", "monthrange",
           "monthcalendar", "prmonth", "month", "prcal", "calendar",
           "timegm", "month_name", "month_abbr", "day_name", "day_abbr",
           "Calendar", "TextCalendar", "HTMLCalendar", "LocaleTextCalendar",
           "LocaleHTMLCalendar", "weekheader",
           "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY",
           "SATURDAY", "SUNDAY"]

error = ValueError


class IllegalMonthError(ValueError):
    def __init__(self, month):
        self.month = month

    def __str__(self):
        return "bad month number %r; must be 1-12" % self.month


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return ("bad weekday number %r; must be 0 (Monday) to 6 (Sunday)"
                % self.weekday)


January = 1
February = 2

# The days of each month, index 0 unused.
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

month_name = ['', 'January', 'February', 'March', 'April', 'May', 'June',
              'July', 'August', 'September', 'October', 'November',
              'December']
month_abbr = [m[:3] for m in month_name]
day_name = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday',
            'Saturday', 'Sunday']
day_abbr = [d[:3] for d in day_name]

MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)


def isleap(year):
    """Whether year is a leap year."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    """The number of leap years in range(y1, y2)."""
    y1 -= 1
    y2 -= 1
    return (y2 // 4 - y1 // 4) - (y2 // 100 - y1 // 100) + (y2 // 400 - y1 // 400)


def weekday(year, month, day):
    """The day of the week (0 is Monday) of year (1-9999), month, day."""
    if not 1 <= year <= 9999:
        year = 2000 + year % 400
    return datetime.date(year, month, day).weekday()


def monthrange(year, month):
    """The weekday of the month's first day and its number of days."""
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    day1 = weekday(year, month, 1)
    ndays = mdays[month] + (month == February and isleap(year))
    return day1, ndays


def _monthlen(year, month):
    return mdays[month] + (month == February and isleap(year))


def _prevmonth(year, month):
    if month == 1:
        return year - 1, 12
    return year, month - 1


def _nextmonth(year, month):
    if month == 12:
        return year + 1, 1
    return year, month + 1


class Calendar:
    """The weeks of months and years, starting on firstweekday (0 is
    Monday)."""

    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        """The weekday numbers of one week, from firstweekday."""
        for i in range(self.firstweekday, self.firstweekday + 7):
            yield i % 7

    def itermonthdates(self, year, month):
        """datetime.date of each day of the weeks of the month."""
        for y, m, d in self.itermonthdays3(year, month):
            yield datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        """Day numbers of the weeks of the month, 0 outside it."""
        day1, ndays = monthrange(year, month)
        days_before = (day1 - self.firstweekday) % 7
        for _ in range(days_before):
            yield 0
        for d in range(1, ndays + 1):
            yield d
        for _ in range((self.firstweekday - day1 - ndays) % 7):
            yield 0

    def itermonthdays2(self, year, month):
        """(day number, weekday) of the weeks of the month."""
        for i, d in enumerate(self.itermonthdays(year, month),
                              self.firstweekday):
            yield d, i % 7

    def itermonthdays3(self, year, month):
        """(year, month, day) of the weeks of the month."""
        day1, ndays = monthrange(year, month)
        days_before = (day1 - self.firstweekday) % 7
        days_after = (self.firstweekday - day1 - ndays) % 7
        y, m = _prevmonth(year, month)
        end = _monthlen(y, m) + 1
        for d in range(end - days_before, end):
            yield y, m, d
        for d in range(1, ndays + 1):
            yield year, month, d
        y, m = _nextmonth(year, month)
        for d in range(1, days_after + 1):
            yield y, m, d

    def itermonthdays4(self, year, month):
        """(year, month, day, weekday) of the weeks of the month."""
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (self.firstweekday + i) % 7

    def monthdatescalendar(self, year, month):
        """The month's weeks as lists of seven datetime.date."""
        dates = list(self.itermonthdates(year, month))
        return [dates[i:i + 7] for i in range(0, len(dates), 7)]

    def monthdays2calendar(self, year, month):
        """The month's weeks as lists of seven (day, weekday)."""
        days = list(self.itermonthdays2(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def monthdayscalendar(self, year, month):
        """The month's weeks as lists of seven day numbers (0 outside)."""
        days = list(self.itermonthdays(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def yeardatescalendar(self, year, width=3):
        """The year's months, width to a row, as monthdatescalendar."""
        months = [self.monthdatescalendar(year, i) for i in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardays2calendar(self, year, width=3):
        """The year's months, width to a row, as monthdays2calendar."""
        months = [self.monthdays2calendar(year, i) for i in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardayscalendar(self, year, width=3):
        """The year's months, width to a row, as monthdayscalendar."""
        months = [self.monthdayscalendar(year, i) for i in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]


class TextCalendar(Calendar):
    """Calendars as plain text."""

    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end='')

    def formatday(self, day, weekday, width):
        if day == 0:
            s = ''
        else:
            s = '%2i' % day
        return s.center(width)

    def formatweek(self, theweek, width):
        return ' '.join(self.formatday(d, wd, width) for (d, wd) in theweek)

    def formatweekday(self, day, width):
        if width >= 9:
            names = day_name
        else:
            names = day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return ' '.join(self.formatweekday(i, width)
                        for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        s = month_name[themonth]
        if withyear:
            s = "%s %r" % (s, theyear)
        return s.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end='')

    def formatmonth(self, theyear, themonth, w=0, l=0):
        """The month as text, days w wide, weeks l lines apart."""
        w = max(2, w)
        l = max(1, l)
        s = self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1)
        s = s.rstrip()
        s += '\n' * l
        s += self.formatweekheader(w).rstrip()
        s += '\n' * l
        for week in self.monthdays2calendar(theyear, themonth):
            s += self.formatweek(week, w).rstrip()
            s += '\n' * l
        return s

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        """The year as text, m months to a row, c spaces between them."""
        w = max(2, w)
        l = max(1, l)
        c = max(2, c)
        colwidth = (w + 1) * 7 - 1
        v = []
        a = v.append
        a(repr(theyear).center(colwidth * m + c * (m - 1)).rstrip())
        a('\n' * l)
        header = self.formatweekheader(w)
        for (i, row) in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * i + 1, min(m * (i + 1) + 1, 13))
            a('\n' * l)
            names = (self.formatmonthname(theyear, k, colwidth, False)
                     for k in months)
            a(formatstring(names, colwidth, c).rstrip())
            a('\n' * l)
            headers = (header for k in months)
            a(formatstring(headers, colwidth, c).rstrip())
            a('\n' * l)
            height = max(len(cal) for cal in row)
            for j in range(height):
                weeks = []
                for cal in row:
                    if j >= len(cal):
                        weeks.append('')
                    else:
                        weeks.append(self.formatweek(cal[j], w))
                a(formatstring(weeks, colwidth, c).rstrip())
                a('\n' * l)
        return ''.join(v)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end='')


class HTMLCalendar(Calendar):
    """A calendar written as HTML tables: formatmonth, formatyear and
    formatyearpage (a whole XHTML page, as bytes); the cssclass*
    attributes name the cells' classes."""

    cssclasses = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    cssclasses_weekday_head = cssclasses
    cssclass_noday = "noday"
    cssclass_month_head = "month"
    cssclass_month = "month"
    cssclass_year_head = "year"
    cssclass_year = "year"

    def formatday(self, day, weekday):
        """A day as a table cell (an empty one for 0, outside the month)."""
        if day == 0:
            return f'<td class="{self.cssclass_noday}">&nbsp;</td>'
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        """A week of (day, weekday) pairs as a table row."""
        return '<tr>' + ''.join(self.formatday(d, wd) for d, wd in theweek) + '</tr>'

    def formatweekday(self, day):
        """A weekday's abbreviated name as a table header cell."""
        return f'<th class="{self.cssclasses_weekday_head[day]}">{day_abbr[day]}</th>'

    def formatweekheader(self):
        """The weekdays' names as a table row."""
        return '<tr>' + ''.join(self.formatweekday(i) for i in self.iterweekdays()) + '</tr>'

    def formatmonthname(self, theyear, themonth, withyear=True):
        """The month's name (and the year) as a table row."""
        name = f'{month_name[themonth]} {theyear}' if withyear else month_name[themonth]
        return f'<tr><th colspan="7" class="{self.cssclass_month_head}">{name}</th></tr>'

    def formatmonth(self, theyear, themonth, withyear=True):
        """The month as a table."""
        rows = [f'<table border="0" cellpadding="0" cellspacing="0" class="{self.cssclass_month}">',
                self.formatmonthname(theyear, themonth, withyear=withyear),
                self.formatweekheader()]
        rows += [self.formatweek(w) for w in self.monthdays2calendar(theyear, themonth)]
        rows.append('</table>')
        return '\n'.join(rows) + '\n'

    def formatyear(self, theyear, width=3):
        """The year as a table of the months' tables, width months a row."""
        width = max(width, 1)
        out = [f'<table border="0" cellpadding="0" cellspacing="0" class="{self.cssclass_year}">\n',
               f'<tr><th colspan="{width}" class="{self.cssclass_year_head}">{theyear}</th></tr>']
        for first in range(January, January + 12, width):
            out.append('<tr>')
            for m in range(first, min(first + width, 13)):
                out.append('<td>' + self.formatmonth(theyear, m, withyear=False) + '</td>')
            out.append('</tr>')
        out.append('</table>')
        return ''.join(out)

    def formatyearpage(self, theyear, width=3, css='calendar.css', encoding=None):
        """The year as a whole XHTML page, encoded (bytes)."""
        if encoding is None:
            encoding = sys.getdefaultencoding()
        out = [f'<?xml version="1.0" encoding="{encoding}"?>\n',
               '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
               '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n',
               '<html>\n', '<head>\n',
               f'<meta http-equiv="Content-Type" content="text/html; charset={encoding}" />\n']
        if css is not None:
            out.append(f'<link rel="stylesheet" type="text/css" href="{css}" />\n')
        out += ['<title>Calendar for %d</title>\n' % theyear, '</head>\n', '<body>\n',
                self.formatyear(theyear, width), '</body>\n', '</html>\n']
        return ''.join(out).encode(encoding, 'xmlcharrefreplace')


class different_locale:
    """A context manager that sets the LC_TIME locale for its body."""

    def __init__(self, locale):
        self.locale = locale
        self.oldlocale = None

    def __enter__(self):
        self.oldlocale = _locale.setlocale(_locale.LC_TIME, None)
        _locale.setlocale(_locale.LC_TIME, self.locale)

    def __exit__(self, *args):
        if self.oldlocale is not None:
            _locale.setlocale(_locale.LC_TIME, self.oldlocale)


def _get_default_locale():
    name = _locale.setlocale(_locale.LC_TIME, None)
    if name == "C":
        with different_locale(""):
            name = _locale.setlocale(_locale.LC_TIME, None)
    return name


class LocaleTextCalendar(TextCalendar):
    """A TextCalendar whose names are those of a locale (kael's locales
    name months and days in English)."""

    def __init__(self, firstweekday=0, locale=None):
        TextCalendar.__init__(self, firstweekday)
        self.locale = _get_default_locale() if locale is None else locale

    def formatweekday(self, day, width):
        with different_locale(self.locale):
            return super().formatweekday(day, width)

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        with different_locale(self.locale):
            return super().formatmonthname(theyear, themonth, width, withyear)


class LocaleHTMLCalendar(HTMLCalendar):
    """An HTMLCalendar whose names are those of a locale (kael's locales
    name months and days in English)."""

    def __init__(self, firstweekday=0, locale=None):
        HTMLCalendar.__init__(self, firstweekday)
        self.locale = _get_default_locale() if locale is None else locale

    def formatweekday(self, day):
        with different_locale(self.locale):
            return super().formatweekday(day)

    def formatmonthname(self, theyear, themonth, withyear=True):
        with different_locale(self.locale):
            return super().formatmonthname(theyear, themonth, withyear)


c = TextCalendar()
_default = c  # c, for the functions whose argument c is a spacing


def firstweekday():
    """The weekday (0 is Monday) the module's calendars start on."""
    return c.getfirstweekday()


def setfirstweekday(firstweekday):
    """Set the weekday (0 is Monday) the module's calendars start on."""
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    c.firstweekday = firstweekday


# CPython binds these to its TextCalendar's methods; kael defines them as
# functions calling them, with the same arguments and results.

def monthcalendar(year, month):
    """The month's weeks as lists of seven day numbers (0 outside)."""
    return c.monthdayscalendar(year, month)


def prweek(theweek, width):
    """Print a week of (day, weekday) pairs, days width wide."""
    c.prweek(theweek, width)


def week(theweek, width):
    """A week of (day, weekday) pairs as text, days width wide."""
    return c.formatweek(theweek, width)


def weekheader(width):
    """The weekday names, width wide each."""
    return c.formatweekheader(width)


def prmonth(theyear, themonth, w=0, l=0):
    """Print month's calendar."""
    c.prmonth(theyear, themonth, w, l)


def month(theyear, themonth, w=0, l=0):
    """The month's calendar as text, days w wide, weeks l lines apart."""
    return c.formatmonth(theyear, themonth, w, l)


def calendar(theyear, w=2, l=1, c=6, m=3):
    """The year's calendar as text, m months to a row."""
    return _default.formatyear(theyear, w, l, c, m)


def prcal(theyear, w=0, l=0, c=6, m=3):
    """Print the year's calendar."""
    _default.pryear(theyear, w, l, c, m)


_colwidth = 7 * 3 - 1
_spacing = 6


def format(cols, colwidth=_colwidth, spacing=_spacing):
    """Print the columns cols centered in colwidth, spacing apart."""
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=_colwidth, spacing=_spacing):
    """The columns cols centered in colwidth, spacing apart."""
    spacing *= ' '
    return spacing.join(c.center(colwidth) for c in cols)


EPOCH = 1970
_EPOCH_ORD = datetime.date(EPOCH, 1, 1).toordinal()


def timegm(tuple):
    """The Unix time of a UTC time tuple (the inverse of time.gmtime)."""
    year, month, day, hour, minute, second = tuple[:6]
    days = datetime.date(year, month, 1).toordinal() - _EPOCH_ORD + day - 1
    hours = days * 24 + hour
    minutes = hours * 60 + minute
    seconds = minutes * 60 + second
    return seconds
