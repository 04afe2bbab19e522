// Package zoneinfo is Python's zoneinfo module: ZoneInfo(key), a time
// zone of the system's tz database (/usr/share/zoneinfo, as CPython's
// TZPATH) with its daylight saving rules, for datetime's tzinfo;
// available_timezones; ZoneInfoNotFoundError. The zones are Go's
// time.Location, read from the same files.
package zoneinfo

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/datetime"
)

// ZoneInfoNotFoundError is the kind of zoneinfo.ZoneInfoNotFoundError, a
// KeyError.
const ZoneInfoNotFoundError lang.ErrorKind = "ZoneInfoNotFoundError"

var notFoundClass = lang.RegisterExceptionClass(ZoneInfoNotFoundError, "zoneinfo._common", "ZoneInfoNotFoundError", lang.KeyError)

// tzPath is where the zones are, as CPython's default TZPATH on Debian.
const tzPath = "/usr/share/zoneinfo"

// load is ZoneInfo(key) with CPython's checks of the key.
func load(key string) (lang.Value, error) {
	switch {
	case strings.HasPrefix(key, "/"):
		return nil, lang.Errorf(lang.ValueError, "ZoneInfo keys may not be absolute paths, got: %s", key)
	case key == "" || path.Clean(key) != key:
		return nil, lang.Errorf(lang.ValueError, "ZoneInfo keys must be normalized relative paths, got: %s", key)
	case key == ".." || strings.HasPrefix(key, "../"):
		return nil, lang.Errorf(lang.ValueError, "ZoneInfo keys must refer to subdirectories of TZPATH, got: %s", key)
	}
	notFound := lang.Errorf(ZoneInfoNotFoundError, "%s", lang.Repr("No time zone found with key "+key))
	if key == "Local" { // Go's name for the process's zone, no key of the database
		return nil, notFound
	}
	loc, err := time.LoadLocation(key)
	if err != nil {
		return nil, notFound
	}
	return datetime.NewZoneInfo(loc), nil
}

// available lists the keys of the database: the files that are zones.
func available() []string {
	var keys []string
	_ = filepath.WalkDir(tzPath, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		key, _ := filepath.Rel(tzPath, p)
		if strings.HasPrefix(key, "posix/") || strings.HasPrefix(key, "right/") || !strings.Contains("ABCDEFGHIJKLMNOPQRSTUVWXYZ", key[:1]) {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && len(b) > 4 && string(b[:4]) == "TZif" {
			keys = append(keys, key)
		}
		return nil
	})
	sort.Strings(keys)
	return keys
}

var zoneInfoClass = lang.NewBuiltin(lang.AsValue, "ZoneInfo(key)", "The time zone key of the tz database ('Europe/Berlin', 'America/New_York', 'UTC'), with its daylight saving rules, for datetime's tzinfo.", func(a *lang.Args) (lang.Value, error) {
	key, ok := a.Value("key").(string)
	if !ok {
		if p, isPath := lang.PathText(a.Value("key")); isPath {
			key = p
		} else {
			return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(a.Value("key")))
		}
	}
	return load(key)
})

func init() {
	lang.RegisterClass(zoneInfoClass, "zoneinfo.ZoneInfo")
	lang.RegisterSubclass("zoneinfo.ZoneInfo", "datetime.tzinfo")
	lang.RegisterModule("zoneinfo", "Python's zoneinfo: ZoneInfo(key), the zones of the system's tz database with their daylight saving rules, for datetime.", func() *lang.Module {
		return &lang.Module{Name: "zoneinfo", Doc: "Python's zoneinfo on the system's tz database (docs/stdlib.md).", Attrs: map[string]lang.Value{
			"ZoneInfo":              zoneInfoClass,
			"ZoneInfoNotFoundError": notFoundClass,
			"TZPATH":                lang.Tuple{tzPath},
			"available_timezones": lang.NewBuiltin(lang.AsValue, "available_timezones()", "The set of the keys of the tz database.", func(a *lang.Args) (lang.Value, error) {
				var elems []lang.Value
				for _, k := range available() {
					elems = append(elems, k)
				}
				return lang.NewSet(elems, false)
			}),
		}}
	})
}
