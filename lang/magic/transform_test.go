package magic

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestMagicsInsideCells runs cells whose magics stand after the first
// line: each runs where it stands, printing in order with the cell's own
// output, a magic's value can be assigned, a help request gives the
// cell's page, and a magic's error stops the cell at its line.
func TestMagicsInsideCells(t *testing.T) {
	for _, tc := range []struct {
		src, stdout, page, err string
		value                  string
	}{
		{src: "x = 2\n%who\nprint('after')", stdout: "x\nafter\n"},
		{src: "print('before')\n%who\nx = 1", stdout: "before\nInteractive namespace is empty.\n"},
		{src: "y = %time 6 * 7\ny", stdout: "~CPU times", value: "42"},
		{src: "x = 3\nx?\nx + 1", page: "~x: int = 3", value: "4"},
		{src: "x = 3\n%nosuch\nx = 4", err: "UsageError: Line magic function `%nosuch` not found.", value: ""},
		{src: "s = '''\n%who\n'''\ns", value: "'\\n%who\\n'"},
	} {
		var stdout bytes.Buffer
		sh := New(lang.NewSession(lang.IO{Stdout: &stdout}))
		out := sh.Run(context.Background(), 0, "", tc.src)
		got := ""
		if out.Err != nil {
			got = string(out.Err.Kind) + ": " + out.Err.Msg
		}
		if got != tc.err {
			t.Errorf("%q: error %q, want %q", tc.src, got, tc.err)
		}
		if !matches(stdout.String(), tc.stdout) {
			t.Errorf("%q: prints %q, want %q", tc.src, stdout.String(), tc.stdout)
		}
		if !matches(out.Page, tc.page) {
			t.Errorf("%q: page %q, want %q", tc.src, out.Page, tc.page)
		}
		value := ""
		if out.Value != nil {
			value = lang.Repr(out.Value)
		}
		if value != tc.value {
			t.Errorf("%q: value %s, want %s", tc.src, value, tc.value)
		}
		if _, ok := sh.Session().Get("x"); ok && strings.Contains(tc.src, "%nosuch") {
			if v, _ := sh.Session().Get("x"); lang.Repr(v) != "3" {
				t.Errorf("%q: x = %s after the failing magic, want 3", tc.src, lang.Repr(v))
			}
		}
	}
}

// matches is want == got, or for want "~text", got containing text.
func matches(got, want string) bool {
	if rest, ok := strings.CutPrefix(want, "~"); ok {
		return strings.Contains(got, rest)
	}
	return got == want
}
