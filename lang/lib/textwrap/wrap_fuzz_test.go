package textwrap

import (
	"strings"
	"testing"
)

// FuzzWrap holds wrap, dedent and indent's line splitting to never
// panicking, and wrap to lines no wider than width unless a word could
// not be broken.
func FuzzWrap(f *testing.F) {
	for _, s := range []string{"a b c", "well-known-word", "x\ty\nz", "  ", "supercalifragilistic", "é ü-ö", "--a--", "a\r\nb"} {
		f.Add(s, 5, 2)
	}
	f.Fuzz(func(t *testing.T, text string, width, maxLines int) {
		if width <= 0 || width > 200 || maxLines < 0 || maxLines > 5 {
			return
		}
		w := &wrapper{width: width, expandTabs: true, replaceWhitespace: true, dropWhitespace: true, breakLongWords: true,
			breakOnHyphens: true, tabsize: 8, maxLines: maxLines, placeholder: "."}
		for _, line := range w.wrap(text) {
			if runeLen(line) > width {
				t.Fatalf("wrap(%q, %d) gave %q", text, width, line)
			}
		}
		_ = dedent(text)
		if strings.Join(splitLinesKeepEnds(text), "") != text {
			t.Fatalf("splitlines(%q) lost text", text)
		}
	})
}
