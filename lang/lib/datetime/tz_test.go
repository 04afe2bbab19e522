package datetime_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTimezonesMatchCPython covers timezone and aware datetimes; the
// cases do not depend on the machine's local zone.
func TestTimezonesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, `from datetime import datetime, timezone, timedelta, tzinfo, UTC
tz1 = timezone(timedelta(hours=1))
tzn = timezone(timedelta(hours=-5, minutes=-30), 'X')
d = datetime(2024, 3, 10, 12, 30, tzinfo=timezone.utc)
`, []string{
		"repr(d), str(d), d.isoformat(), d.tzinfo, repr(d.tzinfo), d.utcoffset(), d.tzname(), d.dst()",
		"repr(timezone.utc), str(tz1), repr(tz1), repr(tzn), str(tzn), tz1.utcoffset(None), tzn.tzname(None), tz1.dst(None), timezone.min, timezone.max",
		"e = d.astimezone(tz1)\ne, e == d, hash(e) == hash(d), e.isoformat(timespec='minutes'), {d: 1}[e]",
		"f = d.astimezone(tzn)\nstr(f), f - d, f < d + timedelta(seconds=1), f.strftime('%Y-%m-%d %H:%M %z %Z'), sorted([f, d + timedelta(1), d - timedelta(1)])",
		"d.timestamp(), datetime.fromtimestamp(0, timezone.utc), datetime.fromtimestamp(86400.5, tz1)",
		"datetime.fromisoformat('2024-01-02T03:04:05+01:00'), datetime.fromisoformat('2024-01-02T03:04:05Z'), datetime.fromisoformat('2024-01-02 03:04:05.123-05:30')",
		"datetime.fromisoformat('2024-01-02T03:04+25:00')",
		"d.replace(tzinfo=None), datetime(2024, 1, 1).replace(tzinfo=tz1), d + timedelta(days=1), d.date(), d.time()",
		"UTC == timezone.utc, isinstance(tz1, tzinfo), tz1 == timezone(timedelta(seconds=3600), 'other'), timezone(timedelta(0)) == UTC",
		"datetime.now(timezone.utc).tzinfo, type(datetime.now(tz1).utcoffset()), datetime.now(tz1).utcoffset()",
		"datetime(2024, 1, 1).utcoffset(), datetime(2024, 1, 1).tzname(), d == datetime(2024, 3, 10, 12, 30)",
		"d < datetime(2024, 1, 1)", "d - datetime(2024, 1, 1)", "timezone(timedelta(hours=24))", "timezone(5)", "timezone(timedelta(hours=-24))",
		"timezone.utc.fromutc(datetime(2024, 1, 1, tzinfo=timezone.utc)), tz1.fromutc(datetime(2024, 1, 1, tzinfo=tz1))",
		"abs(datetime.now(timezone.utc) - datetime.now(tz1)) < timedelta(seconds=5)",
		"datetime(2024, 6, 1, 12, tzinfo=tz1).astimezone(timezone.utc).isoformat()",
	})
}
