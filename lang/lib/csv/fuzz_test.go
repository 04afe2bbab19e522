package csv

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzReader reads any text as CSV lines in each quoting, and writes back
// what it read: an error is a csv.Error or ValueError, never a panic, and
// a record written and read again is the same.
func FuzzReader(f *testing.F) {
	for _, seed := range []string{"a,b\r\n", "\"x\ny\",z\n", "a,\"b\"\"c\",d", "\"abc", "a\rb", " x, y", "1,\"a\",2", ",,\n\n"} {
		f.Add(seed, 0)
	}
	f.Fuzz(func(t *testing.T, text string, quoting int) {
		d := excel
		d.quoting = ((quoting % 3) + 3) % 3
		var lines []lang.Value
		for _, l := range strings.SplitAfter(text, "\n") {
			lines = append(lines, l)
		}
		rows, err := readAll(lines, d)
		if err != nil {
			if k := lang.ToError(err).Kind; k != Error && k != lang.ValueError {
				t.Fatalf("%q: %v", text, err)
			}
			return
		}
		for _, row := range rows {
			line, err := formatRow(row.(*lang.List).Elems, d)
			if err != nil {
				t.Fatal(err)
			}
			again, err := readAll([]lang.Value{line}, d)
			if d.quoting != quoteMinimal || err != nil {
				continue
			}
			if len(again) != 1 || lang.Repr(again[0]) != lang.Repr(row) {
				t.Fatalf("%q: %s wrote %q, read back %v", text, lang.Repr(row), line, again)
			}
		}
	})
}
