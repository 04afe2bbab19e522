package re

import (
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzCompileSearch compiles any pattern and runs every match of it over
// any text: a bad pattern is an error, never a panic, and matches lie in
// the text in order.
func FuzzCompileSearch(f *testing.F) {
	for _, seed := range [][2]string{
		{`(a)(b)?`, "xab"}, {`(?P<n>\w+)\s(?P=n)`, "hey hey"}, {`(?<=-)\d+`, "a-12"}, {`x*`, "axxb"},
		{`(?i)[^\W\d]+`, "Héllo 42"}, {`(?x) a # c`, "a"}, {`(<)?\w+(?(1)>)`, "<a>"}, {`a++b|(?>c*)d`, "aab ccd"},
		{`[\d-z]`, ""}, {`(?P<1>`, ""}, {`\777`, ""}, {`a{2,1}`, ""}, {`(?<=a+)`, ""}, {`[]`, ""}, {`\N{DASH}`, ""},
		{`(?s).{0,3}$`, "ab\ncd\n"}, {`\b\B\A\Z`, "é"}, {`(a|b)*?c`, "ababc"}, {`(?a:\w)(?-i:x)`, "éx"},
	} {
		f.Add(seed[0], seed[1], 0)
	}
	matchTimeout = 50 * time.Millisecond
	f.Fuzz(func(t *testing.T, pattern, text string, flags int) {
		if !utf8.ValidString(pattern) || !utf8.ValidString(text) || len(pattern) > 200 || len(text) > 200 {
			return
		}
		p, err := compilePattern(pattern, flags&(flagIgnoreCase|flagMultiline|flagDotAll|flagVerbose|flagASCII))
		if err != nil {
			return
		}
		s, err := p.subjectOf(text)
		if err != nil {
			t.Fatal(err)
		}
		last := 0
		_ = p.each(s, 0, len(s.runes), 0, func(m *Match) (bool, error) {
			start, end := m.span(0)
			if start < last || end < start || end > len(s.runes) {
				t.Fatalf("%q on %q: match %d..%d after %d", pattern, text, start, end, last)
			}
			last = end
			_ = m.PyRepr()
			return true, nil
		})
	})
}
