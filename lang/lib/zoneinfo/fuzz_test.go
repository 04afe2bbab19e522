package zoneinfo_test

import (
	"context"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzZoneInfoKey loads any key: a zone or a Python exception, never a
// crash, and never a file outside the tz database.
func FuzzZoneInfoKey(f *testing.F) {
	for _, k := range []string{"Europe/Berlin", "UTC", "../etc/passwd", "", "Local", "a//b", "posix/UTC"} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		src := "from zoneinfo import ZoneInfo\nfrom datetime import datetime\ntry:\n    z = ZoneInfo(" + lang.Repr(key) + ")\n    r = datetime(2024, 7, 1, tzinfo=z).isoformat()\nexcept Exception as e:\n    r = e\n"
		if r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", src); r.Err != nil {
			t.Fatalf("%q: %v", key, r.Err)
		}
	})
}
