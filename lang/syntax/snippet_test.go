package syntax

import (
	"strings"
	"testing"
)

func TestSnippet(t *testing.T) {
	sp := func(src string, from, to int) Span { return Span{posAt(src, from), posAt(src, to)} }
	tests := []struct {
		src      string
		from, to int // byte offsets of the span
		want     string
	}{
		{"y = x + tensr(1)", 8, 13, "1 | y = x + tensr(1)\n  |         ^^^^^"},
		{"y = x + tensr(1)\n", 0, 1, "1 | y = x + tensr(1)\n  | ^"},
		{"y = x + tensr(1)\n", 16, 16, "1 | y = x + tensr(1)\n  |                 ^"},
		// A span reaching past its first line is marked to the end of it.
		{"a\nf(1,\n  2)\nb", 2, 11, "2 | f(1,\n  | ^^^^"},
		// Line numbers widen the margin.
		{strings.Repeat("\n", 11) + "xyz", 12, 13, "12 | xyz\n   |  ^"},
		// Tabs expand to stops of 4 in both lines.
		{"\tx = a\tb", 7, 8, "1 |     x = a   b\n  |             ^"},
		{"if c:\n\t\treturn zz\n", 15, 17, "2 |         return zz\n  |                ^^"},
		// Columns count code points, not bytes.
		{"é = 'ü' + ñ", 12, 14, "1 | é = 'ü' + ñ\n  |           ^"},
		// CRLF line endings.
		{"a\r\nbb c\r\n", 6, 7, "2 | bb c\n  |    ^"},
		// Empty line at the end of input.
		{"if x:\n", 6, 6, "2 | \n  | ^"},
		// Invalid UTF-8 is shown as U+FFFD.
		{"x = \xff", 4, 5, "1 | x = \uFFFD\n  |     ^"},
	}
	for _, tt := range tests {
		if got := Snippet(tt.src, sp(tt.src, tt.from, tt.to)); got != tt.want {
			t.Errorf("Snippet(%q, %d-%d):\n%s\nwant:\n%s", tt.src, tt.from, tt.to, got, tt.want)
		}
	}
}

func TestSnippetBadSpans(t *testing.T) {
	src := "abc\ndef"
	tests := []struct {
		span Span
		want string
	}{
		{Span{}, ""},
		{Span{Pos{-5, 1, 1}, Pos{2, 1, 3}}, "1 | abc\n  | ^^"},
		{Span{Pos{100, 9, 1}, Pos{200, 9, 1}}, "9 | def\n  |    ^"},
		{Span{Pos{2, 1, 3}, Pos{1, 1, 2}}, "1 | abc\n  |   ^"},
	}
	for _, tt := range tests {
		if got := Snippet(src, tt.span); got != tt.want {
			t.Errorf("Snippet(%v):\n%s\nwant:\n%s", tt.span, got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"tensor", "zeros", "ones", "randn", "print", "len", "range", "True", "x", "xs", "sum", "mean"}
	tests := []struct{ name, want string }{
		{"tensr", "tensor"},
		{"tesnor", "tensor"},  // adjacent swap
		{"tnsor", "tensor"},   // deletion
		{"tnsr", ""},          // two edits are too many for four letters
		{"zeroes", "zeros"},   // insertion
		{"Zeros", "zeros"},    // case only
		{"true", "True"},      // case only
		{"rnage", "range"},    // swap
		{"prnt", "print"},     // deletion
		{"ln", "len"},         // short: one edit
		{"x", ""},             // one-letter names: only exact or case matches
		{"X", "x"},            // case only
		{"y", ""},             // too different
		{"tensor", ""},        // the name itself is not a suggestion
		{"foo", ""},           // nothing close
		{"mena", "mean"},      // swap
		{"ranges", "range"},   // insertion
		{"sun", "sum"},        // substitution
		{"tenzorz", "tensor"}, // substitution and deletion
		{"abcdefgh", ""},      // far from everything
	}
	for _, tt := range tests {
		if got := Suggest(tt.name, names); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	// Ties go to the alphabetically first candidate, whatever the order.
	if got := Suggest("cat", []string{"cut", "bat", "cot"}); got != "bat" {
		t.Errorf("Suggest tie = %q, want bat", got)
	}
	if got := Suggest("abc", nil); got != "" {
		t.Errorf("Suggest with no candidates = %q", got)
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"", "", 2, 0},
		{"abc", "abc", 2, 0},
		{"abc", "acb", 2, 1},
		{"abc", "ab", 2, 1},
		{"abc", "xbc", 2, 1},
		{"ca", "abc", 5, 3}, // optimal string alignment, not unrestricted Damerau
		{"kitten", "sitting", 5, 3},
		{"kitten", "sitting", 2, 3},
		{"a", "abcdef", 2, 3},
		{"héllo", "hello", 2, 1},
	}
	for _, tt := range tests {
		if got := distance([]rune(tt.a), []rune(tt.b), tt.limit); got != tt.want {
			t.Errorf("distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}
