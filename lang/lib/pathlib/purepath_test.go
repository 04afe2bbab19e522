package pathlib

import (
	"strings"
	"testing"
)

// FuzzParsePath parses any path text as pathlib does: it never panics,
// a path's text parses back to the same path, and its parts (name, stem,
// suffix, parent) hold together.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"", "/", "//", "///", "a/b/c.tar.gz", "./a/../b/", ".bashrc", "a.", "..a.b", "//a//b", "é/ü.py", "\x00", "a\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := parsePath(s)
		text := p.String()
		if q := parsePath(text); !q.Equal(p) {
			t.Fatalf("Path(%q) is %q, which parses to %q", s, text, q.String())
		}
		if p.stem()+p.suffix() != p.name() {
			t.Fatalf("Path(%q): stem %q + suffix %q is not name %q", s, p.stem(), p.suffix(), p.name())
		}
		if len(p.parts) > 0 && !p.parent().join(&path{parts: []string{p.name()}}).Equal(p) {
			t.Fatalf("Path(%q): parent / name is not the path", s)
		}
		if p.name() != "" {
			if _, err := p.withSuffix(""); err != nil {
				t.Fatalf("Path(%q).with_suffix(''): %v", s, err)
			}
		}
	})
}

// FuzzParseWindowsPath parses any text as a PureWindowsPath: it never
// panics, and a path's text parses back to the same path, except a UNC
// drive with an empty share name (//host/), whose text CPython 3.11 too
// parses to another path: str(PureWindowsPath('//0/')) is \\0\\, which
// parses as PureWindowsPath('\\0').
func FuzzParseWindowsPath(f *testing.F) {
	for _, s := range []string{"", "c:", "c:/", "c:a", "//s/h", "//s/h/x", "\\\\\\a", "//s//h", "a/./b//c", "C:\\A\\b.txt", "\\\\?\\c:\\x", "é:/ü", "//0/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := parseWin(s)
		if strings.HasPrefix(p.drv, `\\`) && strings.HasSuffix(p.drv, `\`) {
			return // a UNC drive without a share name: CPython's text does not parse back either
		}
		if q := parseWin(p.String()); !q.Equal(p) {
			t.Fatalf("PureWindowsPath(%q) is %q, which parses to %q", s, p.String(), q.String())
		}
	})
}
