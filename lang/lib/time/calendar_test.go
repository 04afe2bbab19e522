package time_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCalendarMatchesCPython covers struct_time, localtime, gmtime,
// mktime, strftime, asctime and ctime at fixed instants (the local zone is
// the test machine's, the same for CPython).
func TestCalendarMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, timePrelude, []string{
		"time.gmtime(0), time.gmtime(1710073800.7), time.localtime(1710073800)[:6], time.localtime(86400 * 365).tm_yday",
		"time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(1710073800)), time.asctime(time.gmtime(1710073800)), time.ctime(0), time.asctime((2024, 3, 1, 5, 6, 7, 4, 61, 0))",
		"time.mktime(time.localtime(1710073800)), time.timezone, time.altzone, time.daylight, time.tzname",
		"len(time.strftime('%Y%m%d-%H%M%S')), type(time.localtime()).__name__, time.gmtime(0).tm_wday, time.gmtime(0)[6], len(time.gmtime()), time.gmtime(-1).tm_year",
		"t = time.gmtime(1e9)\nt.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_yday, t.tm_isdst, list(t) == list(time.gmtime(1e9))",
		"time.strftime('%Y', (1, 2))", "time.gmtime(float('nan'))", "time.mktime(5)", "time.gmtime('x')",
		"abs(time.mktime(time.localtime()) - time.time()) < 2",
	})
}
