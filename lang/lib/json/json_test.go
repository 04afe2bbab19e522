package json

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// FuzzJSONLoads feeds json.loads any text: it never panics (a Go panic
// would be an InternalError), and what it accepts dumps to a text that
// loads back to the same dump.
func FuzzJSONLoads(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5, null, true]}`, `[[[]]]`, `"\ud83d\ude00"`, `1e400`, `{"a":1,"a":2}`, `-0`, ``, `[NaN, Infinity,-Infinity]`, `{"x":NaN}`, `"NaN"`, `"\u12"`, `[1,`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		src := "import json\ntry:\n    d = json.dumps(json.loads(" + quote(text) + "))\n    r = d == json.dumps(json.loads(d))\nexcept (ValueError, RecursionError):\n    r = True\nr"
		if got := langtest.Run(src); got != "True" {
			t.Fatalf("loads(%q): %s", text, got)
		}
	})
}

// quote is a Python expression for text: its UTF-8 bytes, decoded.
func quote(text string) string {
	var b strings.Builder
	b.WriteString("bytes([")
	for i, c := range []byte(text) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	b.WriteString("]).decode('utf-8', 'replace')")
	return b.String()
}
