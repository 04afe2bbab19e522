package fnmatch

import (
	"regexp"
	"strings"
	"testing"
)

// FuzzMatch matches any name against any pattern: it never panics, and
// agrees with a regular expression made as CPython's fnmatch.translate
// makes one, where Go's regexp can express it.
func FuzzMatch(f *testing.F) {
	for _, s := range [][2]string{{"a.py", "*.py"}, {"[", "["}, {"]", "[]]"}, {"a", "[!]"}, {"b", "[a-c]"}, {"x/y", "*"}, {"abc", "a*b*c*"}, {"é", "?"}, {"-", "[a-]"}, {"aaa", "a*a*a*a"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, name, pat string) {
		got := Compile(pat).Match(name)
		re, ok := translate(pat)
		if !ok {
			return
		}
		if want := re.MatchString(name); got != want {
			t.Fatalf("fnmatch(%q, %q) = %v, the regular expression %s says %v", name, pat, got, re, want)
		}
	})
}

// translate is CPython's fnmatch.translate for patterns of valid UTF-8.
func translate(pat string) (*regexp.Regexp, bool) {
	rs := []rune(pat)
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := i + 1
			if j < len(rs) && rs[j] == '!' {
				j++
			}
			if j < len(rs) && rs[j] == ']' {
				j++
			}
			for j < len(rs) && rs[j] != ']' {
				j++
			}
			if j >= len(rs) {
				b.WriteString(`\[`)
				continue
			}
			body := rs[i+1 : j]
			neg := len(body) > 0 && body[0] == '!'
			if neg {
				body = body[1:]
			}
			var alts []string
			for k := 0; k < len(body); k++ {
				lo, hi := body[k], body[k]
				if k+2 < len(body) && body[k+1] == '-' {
					hi = body[k+2]
					k += 2
				}
				if lo <= hi {
					alts = append(alts, regexp.QuoteMeta(string(lo))+"-"+regexp.QuoteMeta(string(hi)))
				}
			}
			switch {
			case len(alts) == 0 && neg:
				b.WriteString(".")
			case len(alts) == 0:
				b.WriteString("[^\\x00-\\x{10FFFF}]")
			case neg:
				b.WriteString("[^" + strings.Join(alts, "") + "]")
			default:
				b.WriteString("[" + strings.Join(alts, "") + "]")
			}
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`\z`)
	re, err := regexp.Compile(b.String())
	return re, err == nil
}
