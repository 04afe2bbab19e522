package os

import (
	"strings"
	"testing"
)

// FuzzPathText feeds the os.path text functions any path: they never
// panic, normpath is idempotent, split's parts join back to a path with
// the same tail, and splitext's parts add up to the path.
func FuzzPathText(f *testing.F) {
	for _, s := range []string{"", "/", "//", "///a", "a/b/../c", "../../x", ".bashrc", "a.tar.gz", "~", "~x/y", "$HOME/${X", "é/ü.py", "a//b//", "\x00", "a\xff/b"} {
		f.Add(s, "a/b")
	}
	f.Fuzz(func(t *testing.T, p, start string) {
		n := normPath(p)
		if again := normPath(n); again != n {
			t.Fatalf("normpath(%q) = %q, but normpath of that is %q", p, n, again)
		}
		head, tail := splitPath(p)
		if strings.Contains(tail, "/") || !strings.HasSuffix(p, tail) {
			t.Fatalf("split(%q) = %q, %q", p, head, tail)
		}
		root, ext := splitExt(p)
		if root+ext != p {
			t.Fatalf("splitext(%q) = %q, %q", p, root, ext)
		}
		_ = joinPath(p, start, tail)
		_ = expandUser(p)
		_ = expandVars(p)
		_ = commonPrefix([]string{p, start})
		if strings.HasPrefix(p, "/") && strings.HasPrefix(start, "/") {
			if _, err := relPath(p, start); err != nil && p != "" {
				t.Fatalf("relpath(%q, %q): %v", p, start, err)
			}
		}
	})
}
