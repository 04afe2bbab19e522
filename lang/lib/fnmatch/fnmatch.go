// Package fnmatch is Python's fnmatch module for kael (fnmatch,
// fnmatchcase, filter), and the shell-pattern matcher that glob and
// pathlib use: '*' any text, '?' one character, '[seq]' and '[!seq]' a
// character of (not of) seq, as CPython's fnmatch.translate reads them.
package fnmatch

import (
	"github.com/kael-dev/kael/lang"
)

type tokenKind int

const (
	literal tokenKind = iota
	anyChar           // ?
	anyText           // *
	class             // [...]
)

type token struct {
	kind   tokenKind
	r      rune
	negate bool
	ranges [][2]rune // inclusive; a range whose start is after its end matches nothing
}

// Pattern is a compiled shell pattern.
type Pattern struct{ tokens []token }

// Compile reads a shell pattern as CPython's fnmatch.translate does: a
// '[' without its ']' is a literal '[', a ']' first in a set (after '!')
// belongs to it, and a backslash is an ordinary character.
func Compile(pat string) *Pattern {
	rs := []rune(pat)
	var toks []token
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '*':
			if len(toks) == 0 || toks[len(toks)-1].kind != anyText {
				toks = append(toks, token{kind: anyText})
			}
		case '?':
			toks = append(toks, token{kind: anyChar})
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
				toks = append(toks, token{kind: literal, r: '['})
				continue
			}
			body := rs[i+1 : j]
			t := token{kind: class}
			if len(body) > 0 && body[0] == '!' {
				t.negate, body = true, body[1:]
			}
			for k := 0; k < len(body); k++ {
				if k+2 < len(body) && body[k+1] == '-' {
					t.ranges = append(t.ranges, [2]rune{body[k], body[k+2]})
					k += 2
				} else {
					t.ranges = append(t.ranges, [2]rune{body[k], body[k]})
				}
			}
			toks = append(toks, t)
			i = j
		default:
			toks = append(toks, token{kind: literal, r: c})
		}
	}
	return &Pattern{tokens: toks}
}

// matchOne reports whether the token t (not a star) matches r.
func (t *token) matchOne(r rune) bool {
	switch t.kind {
	case literal:
		return t.r == r
	case anyChar:
		return true
	case class:
		in := false
		for _, rg := range t.ranges {
			if rg[0] <= r && r <= rg[1] {
				in = true
				break
			}
		}
		return in != t.negate
	}
	return false
}

// Match reports whether the whole of name matches the pattern
// (case-sensitively, as on POSIX).
func (p *Pattern) Match(name string) bool {
	rs := []rune(name)
	ti, ri := 0, 0
	starT, starR := -1, 0
	for ri < len(rs) {
		switch {
		case ti < len(p.tokens) && p.tokens[ti].kind == anyText:
			starT, starR = ti, ri
			ti++
		case ti < len(p.tokens) && p.tokens[ti].matchOne(rs[ri]):
			ti++
			ri++
		case starT >= 0:
			starR++
			ti, ri = starT+1, starR
		default:
			return false
		}
	}
	for ti < len(p.tokens) && p.tokens[ti].kind == anyText {
		ti++
	}
	return ti == len(p.tokens)
}

// HasMagic reports whether s has a pattern character, as glob.has_magic.
func HasMagic(s string) bool {
	for _, c := range s {
		if c == '*' || c == '?' || c == '[' {
			return true
		}
	}
	return false
}

// textArg is a str argument, or the TypeError CPython's fnmatch raises.
func textArg(v lang.Value) (string, error) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return x, nil
	case lang.PathLike:
		return x.FSPath(), nil
	}
	return "", lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(v))
}

// matchArgs is the name and pattern of fnmatch(name, pat).
func matchArgs(a *lang.Args) (string, *Pattern, error) {
	name, err := textArg(a.Value("name"))
	if err != nil {
		return "", nil, err
	}
	pat, ok := lang.ValueOf(a.Value("pat")).(string)
	if !ok {
		return "", nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(a.Value("pat")))
	}
	return name, Compile(pat), nil
}

var fnmatchModule = &lang.Module{Name: "fnmatch", Attrs: map[string]lang.Value{
	"fnmatch": lang.NewBuiltin(lang.AsValue, "fnmatch(name, pat)", "Whether name matches the shell pattern pat ('*', '?', '[seq]', '[!seq]'); case-sensitive, as on POSIX.", func(a *lang.Args) (lang.Value, error) {
		name, p, err := matchArgs(a)
		if err != nil {
			return nil, err
		}
		return p.Match(name), nil
	}),
	"fnmatchcase": lang.NewBuiltin(lang.AsValue, "fnmatchcase(name, pat)", "fnmatch, always case-sensitive.", func(a *lang.Args) (lang.Value, error) {
		name, p, err := matchArgs(a)
		if err != nil {
			return nil, err
		}
		return p.Match(name), nil
	}),
	"filter": lang.NewBuiltin(lang.AsValue, "filter(names, pat)", "The names that match pat, in order, as a list.", func(a *lang.Args) (lang.Value, error) {
		pat, ok := lang.ValueOf(a.Value("pat")).(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(a.Value("pat")))
		}
		p := Compile(pat)
		names, err := lang.Collect(a.Value("names"))
		if err != nil {
			return nil, err
		}
		var out []lang.Value
		for _, n := range names {
			s, err := textArg(n)
			if err != nil {
				return nil, err
			}
			if p.Match(s) {
				out = append(out, n)
			}
		}
		return &lang.List{Elems: out}, nil
	}),
}}

func init() {
	lang.RegisterModule("fnmatch", "Python's fnmatch module: shell-pattern matching of names (fnmatch, fnmatchcase, filter).", func() *lang.Module { return fnmatchModule })
}
