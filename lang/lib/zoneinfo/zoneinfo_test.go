package zoneinfo_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = `from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones
from datetime import datetime, timedelta, timezone
ber = ZoneInfo('Europe/Berlin')
ny = ZoneInfo('America/New_York')
w = datetime(2024, 1, 15, 12, 0, tzinfo=ber)
s = datetime(2024, 7, 15, 12, 0, tzinfo=ber)
`

// TestZoneInfoMatchesCPython compares zones of the system's tz database,
// and datetimes in them, with CPython's zoneinfo (away from the hours
// where the clocks change).
func TestZoneInfoMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"repr(ber), str(ber), ber.key, ber == ZoneInfo('Europe/Berlin'), ber == ny",
		"repr(w), str(w), s.isoformat(), w.utcoffset(), s.utcoffset(), w.tzname(), s.tzname(), w.dst(), s.dst()",
		"s.astimezone(ny), s.astimezone(timezone.utc), s - w, s.astimezone(ny) - w, s.astimezone(ny) == s",
		"datetime(2024, 3, 30, 12, tzinfo=ber) + timedelta(days=1), datetime.fromtimestamp(1710073800, ny), w.strftime('%H:%M %Z %z')",
		"ber.utcoffset(None), ber.utcoffset(w), ber.tzname(s), ber.dst(s), w.timestamp(), datetime(2024, 1, 1, tzinfo=timezone.utc).astimezone(ber)",
		"len(available_timezones()) > 300, 'Europe/Berlin' in available_timezones(), 'posix/UTC' in available_timezones()",
		"ZoneInfo('UTC'), datetime(2024, 1, 1, tzinfo=ZoneInfo('UTC')).utcoffset(), issubclass(ZoneInfoNotFoundError, KeyError)",
		"sorted([s, w, s.astimezone(ny)]), {s: 1}[s.astimezone(ny)]",
		"ZoneInfo('Nope/Zone')", "ZoneInfo('../x')", "ZoneInfo('')", "ZoneInfo('Local')", "ZoneInfo('/etc/x')", "ZoneInfo(5)",
		"try:\n    ZoneInfo('Nope/Zone')\nexcept KeyError as e:\n    r = type(e).__name__\nr",
	})
}
