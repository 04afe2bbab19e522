// Package calendar is Python's calendar module, Python text (module.py)
// written for kael after CPython 3.11's: dates and weekdays, month and
// year tables, and the plain-text calendars of TextCalendar, in the C
// locale's English names. HTMLCalendar and the Locale* classes are not
// here.
package calendar

import (
	_ "embed" // module.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/datetime" // module.py imports datetime
	_ "github.com/kael-dev/kael/lang/lib/locale"   // locale
	_ "github.com/kael-dev/kael/lang/lib/sys"      // and sys
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("calendar", "Python's calendar: isleap, leapdays, weekday, monthrange, monthcalendar, timegm, Calendar and TextCalendar (month, calendar, prmonth, prcal), month and day names.", source)
}
