// Package re is Python's re module: regular expressions with Python's
// syntax and semantics (backreferences, lookarounds, named groups,
// conditionals, atomic groups and possessive repeats, inline and scoped
// flags), on str and bytes, with positions in code points. Patterns are
// parsed as CPython 3.11's re._parser parses them, with its errors, and
// run by github.com/dlclark/regexp2, a backtracking engine, in the
// translation emit.go writes.
package re

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Error is the kind of re.error, the exception of a bad pattern or
// template (an Exception, as in CPython).
const Error lang.ErrorKind = "re.error"

var (
	_ lang.HasAttrs  = (*Pattern)(nil)
	_ lang.TypeNamer = (*Pattern)(nil)
	_ lang.Reprer    = (*Pattern)(nil)
	_ lang.Equaler   = (*Pattern)(nil)
	_ lang.Hashable  = (*Pattern)(nil)
)

// TypeName is re.Pattern.
func (p *Pattern) TypeName() string { return "re.Pattern" }

// ClassName is re.Pattern, the class isinstance asks for.
func (p *Pattern) ClassName() string { return "re.Pattern" }

// flagNames are the flags in the order a Pattern's repr names them.
var flagNames = []struct {
	name  string
	value int
}{
	{"re.TEMPLATE", flagTemplate}, {"re.IGNORECASE", flagIgnoreCase}, {"re.LOCALE", flagLocale},
	{"re.MULTILINE", flagMultiline}, {"re.DOTALL", flagDotAll}, {"re.UNICODE", flagUnicode},
	{"re.VERBOSE", flagVerbose}, {"re.DEBUG", flagDebug}, {"re.ASCII", flagASCII},
}

// PyRepr is re.compile('pattern', re.IGNORECASE), as CPython writes it.
func (p *Pattern) PyRepr() string {
	src := []rune(lang.Repr(p.source))
	if len(src) > 200 {
		src = src[:200]
	}
	flags := p.flags
	if flags&(flagLocale|flagUnicode|flagASCII) == flagUnicode {
		flags &^= flagUnicode
	}
	if flags == 0 {
		return "re.compile(" + string(src) + ")"
	}
	var names []string
	for _, f := range flagNames {
		if flags&f.value != 0 {
			names = append(names, f.name)
			flags &^= f.value
		}
	}
	if flags != 0 {
		names = append(names, fmt.Sprintf("0x%x", flags))
	}
	return "re.compile(" + string(src) + ", " + strings.Join(names, "|") + ")"
}

// Equal is ==: the same pattern with the same flags.
func (p *Pattern) Equal(other lang.Value) bool {
	q, ok := other.(*Pattern)
	return ok && q.istext == p.istext && q.flags == p.flags && string(q.text) == string(p.text)
}

// HashKey makes patterns dict keys.
func (p *Pattern) HashKey() (string, error) {
	return fmt.Sprintf("%t/%d/%s", p.istext, p.flags, string(p.text)), nil
}

// Attr returns the pattern's attributes and methods.
func (p *Pattern) Attr(name string) (lang.Value, bool) {
	switch name {
	case "pattern":
		return p.source, true
	case "flags":
		return int64(p.flags), true
	case "groups":
		return int64(p.groups), true
	case "groupindex":
		d := lang.NewDict()
		for _, n := range p.groupNames() {
			_ = d.Set(n, int64(p.names[n]))
		}
		return lang.NewMappingProxy(d), true
	}
	if b, ok := patternMethods[name]; ok {
		return &lang.BoundMethod{Recv: p, Method: b}, true
	}
	return nil, false
}

// AttrNames lists them.
func (p *Pattern) AttrNames() []string {
	names := []string{"flags", "groupindex", "groups", "pattern"}
	for n := range patternMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// The operations, shared by the module's functions and Pattern's methods.

func (p *Pattern) matchForm(form int, str lang.Value, pos, endpos int) (lang.Value, error) {
	s, err := p.subjectOf(str)
	if err != nil {
		return nil, err
	}
	pos, endpos = bounds(len(s.runes), pos, endpos)
	m, err := p.run(form, s, pos, endpos)
	if err != nil || m == nil {
		return lang.None, err
	}
	return m, nil
}

func (p *Pattern) findall(str lang.Value, pos, endpos int) (lang.Value, error) {
	s, err := p.subjectOf(str)
	if err != nil {
		return nil, err
	}
	out := &lang.List{}
	err = p.each(s, pos, endpos, 0, func(m *Match) (bool, error) {
		switch p.groups {
		case 0:
			out.Elems = append(out.Elems, m.group(0, nil))
		case 1:
			out.Elems = append(out.Elems, m.group(1, s.slice(0, 0)))
		default:
			out.Elems = append(out.Elems, m.groupsTuple(s.slice(0, 0)))
		}
		return true, nil
	})
	return out, err
}

func (p *Pattern) finditer(str lang.Value, pos, endpos int) (lang.Value, error) {
	s, err := p.subjectOf(str)
	if err != nil {
		return nil, err
	}
	var ms []lang.Value
	err = p.each(s, pos, endpos, 0, func(m *Match) (bool, error) {
		ms = append(ms, m)
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return lang.NewIterator("callable_iterator", ms), nil
}

// subn replaces up to count matches (0: all) by repl, a template or a
// function of the match, and returns the text and the number replaced.
func (p *Pattern) subn(a *lang.Args, repl, str lang.Value, count int) (lang.Value, int64, error) {
	s, err := p.subjectOf(str)
	if err != nil {
		return nil, 0, err
	}
	var tmpl *template
	fn := false
	if _, _, isText := textOf(repl); !isText && lang.Callable(repl) {
		fn = true
	} else if tmpl, err = p.parseTemplate(repl); err != nil {
		return nil, 0, err
	}
	if count < 0 {
		return s.value, 0, nil
	}
	var out []rune
	last, n := 0, int64(0)
	items := 0 // the pieces CPython joins: the text before each match, and each replacement
	err = p.each(s, 0, len(s.runes), count, func(m *Match) (bool, error) {
		start, end := m.span(0)
		if start > last {
			items++
		}
		out = append(out, s.runes[last:start]...)
		if fn {
			v, err := a.Call(repl, m)
			if err != nil {
				return false, err
			}
			if v != lang.None {
				r, istext, ok := textOf(v)
				if !ok || istext != p.istext {
					if !p.istext {
						return false, lang.Errorf(lang.TypeError, "sequence item %d: expected a bytes-like object, %s found", items, lang.TypeName(v))
					}
					return false, lang.Errorf(lang.TypeError, "sequence item %d: expected str instance, %s found", items, lang.TypeName(v))
				}
				out = append(out, r...)
				items++
			}
		} else {
			out = append(out, tmpl.expandRunes(m)...)
		}
		if len(out) > lang.MaxRepeat {
			return false, lang.Errorf(lang.MemoryError, "re.sub: the result is longer than %d characters", lang.MaxRepeat)
		}
		last = end
		n++
		return true, nil
	})
	if err != nil {
		return nil, 0, err
	}
	out = append(out, s.runes[last:]...)
	return fromRunes(out, p.istext), n, nil
}

func (p *Pattern) split(str lang.Value, maxsplit int) (lang.Value, error) {
	s, err := p.subjectOf(str)
	if err != nil {
		return nil, err
	}
	out := &lang.List{}
	if maxsplit < 0 {
		out.Elems = append(out.Elems, s.slice(0, len(s.runes)))
		return out, nil
	}
	last := 0
	err = p.each(s, 0, len(s.runes), maxsplit, func(m *Match) (bool, error) {
		start, end := m.span(0)
		out.Elems = append(out.Elems, s.slice(last, start))
		for g := 1; g <= p.groups; g++ {
			out.Elems = append(out.Elems, m.group(g, lang.None))
		}
		last = end
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	out.Elems = append(out.Elems, s.slice(last, len(s.runes)))
	return out, nil
}

// escapeSpecial are the characters re.escape escapes.
const escapeSpecial = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"

func escape(v lang.Value) (lang.Value, error) {
	text, istext, ok := textOf(v)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "expected str or bytes, got '%s'", lang.TypeName(v))
	}
	var out []rune
	for _, r := range text {
		if r < 0x80 && strings.ContainsRune(escapeSpecial, r) {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return fromRunes(out, istext), nil
}

// patternArg compiles the pattern argument with the flags argument.
func patternArg(a *lang.Args) (*Pattern, error) {
	pat := a.Value("pattern")
	flags := a.Int("flags")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return compilePattern(pat, flags)
}

// selfPattern is the receiver of a Pattern method.
func selfPattern(a *lang.Args) *Pattern { return a.Value("self").(*Pattern) }

// endposDefault stands for sys.maxsize, endpos's default.
const endposDefault = 1<<63 - 1

// posArgs reads pos and endpos.
func posArgs(a *lang.Args) (int, int, error) {
	pos, endpos := a.Int("pos"), a.Int("endpos")
	return pos, endpos, a.Err()
}

var patternMethods = map[string]*lang.Builtin{}

func matchMethod(name string, form int, doc string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(self, string, pos=0, endpos=9223372036854775807)", doc, func(a *lang.Args) (lang.Value, error) {
		pos, endpos, err := posArgs(a)
		if err != nil {
			return nil, err
		}
		return selfPattern(a).matchForm(form, a.Value("string"), pos, endpos)
	})
}

func matchFunc(name string, form int, doc string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(pattern, string, flags=0)", doc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		return p.matchForm(form, a.Value("string"), 0, endposDefault)
	})
}

const (
	searchDoc    = "The first place where the pattern matches, as a Match, or None."
	matchDoc     = "A Match when the pattern matches at the start of the string, else None."
	fullmatchDoc = "A Match when the pattern matches the whole string, else None."
	findallDoc   = "Every match, left to right, not overlapping: the texts, or a group's text when the pattern has one group, or tuples of the groups' texts."
	finditerDoc  = "An iterator over the Match of every match, left to right, not overlapping."
	subDoc       = `The string with each match (up to count, 0 for all) replaced by repl: a template with \1, \g<1>, \g<name>, or a function of the Match that returns the text.`
	subnDoc      = "sub, and the number of replacements: a tuple (text, n)."
	splitDoc     = "The string split at each match (at most maxsplit times, 0 for all), with the groups' texts between the pieces."
)

var reModule = &lang.Module{Name: "re", Attrs: map[string]lang.Value{
	"compile": lang.NewBuiltin(lang.AsValue, "compile(pattern, flags=0)", "The compiled Pattern of a regular expression in Python's syntax.", func(a *lang.Args) (lang.Value, error) {
		return patternArg(a)
	}),
	"search":    matchFunc("search", formSearch, searchDoc),
	"match":     matchFunc("match", formMatch, matchDoc),
	"fullmatch": matchFunc("fullmatch", formFull, fullmatchDoc),
	"findall": lang.NewBuiltin(lang.AsValue, "findall(pattern, string, flags=0)", findallDoc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		return p.findall(a.Value("string"), 0, endposDefault)
	}),
	"finditer": lang.NewBuiltin(lang.AsValue, "finditer(pattern, string, flags=0)", finditerDoc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		return p.finditer(a.Value("string"), 0, endposDefault)
	}),
	"sub": lang.NewBuiltin(lang.AsValue, "sub(pattern, repl, string, count=0, flags=0)", subDoc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		count := a.Int("count")
		if err := a.Err(); err != nil {
			return nil, err
		}
		text, _, err := p.subn(a, a.Value("repl"), a.Value("string"), count)
		return text, err
	}),
	"subn": lang.NewBuiltin(lang.AsValue, "subn(pattern, repl, string, count=0, flags=0)", subnDoc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		count := a.Int("count")
		if err := a.Err(); err != nil {
			return nil, err
		}
		text, n, err := p.subn(a, a.Value("repl"), a.Value("string"), count)
		if err != nil {
			return nil, err
		}
		return lang.Tuple{text, n}, nil
	}),
	"split": lang.NewBuiltin(lang.AsValue, "split(pattern, string, maxsplit=0, flags=0)", splitDoc, func(a *lang.Args) (lang.Value, error) {
		p, err := patternArg(a)
		if err != nil {
			return nil, err
		}
		maxsplit := a.Int("maxsplit")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return p.split(a.Value("string"), maxsplit)
	}),
	"escape": lang.NewBuiltin(lang.AsValue, "escape(pattern)", "The pattern with every character that is special in a regular expression escaped with a backslash.", func(a *lang.Args) (lang.Value, error) {
		return escape(a.Value("pattern"))
	}),
	"purge": lang.NewBuiltin(lang.AsValue, "purge()", "Empties the cache of compiled patterns.", func(a *lang.Args) (lang.Value, error) {
		patternCache.Lock()
		clear(patternCache.m)
		patternCache.Unlock()
		return lang.None, nil
	}),
	"error":   lang.RegisterExceptionClass("re.error", "re", "error", "Exception"),
	"Pattern": patternClass,
	"Match":   matchClass,
}}

// patternClass and matchClass are re.Pattern and re.Match, for isinstance
// and type(); re.compile and the searches make their instances.
var (
	patternClass = lang.NewBuiltin(lang.AsValue, "Pattern(*args)", "The class of compiled patterns: re.compile makes them.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "cannot create 're.Pattern' instances")
	})
	matchClass = lang.NewBuiltin(lang.AsValue, "Match(*args)", "The class of matches: search, match and fullmatch make them.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "cannot create 're.Match' instances")
	})
)

func init() {
	for name, v := range map[string]int{
		"A": flagASCII, "ASCII": flagASCII, "I": flagIgnoreCase, "IGNORECASE": flagIgnoreCase,
		"L": flagLocale, "LOCALE": flagLocale, "M": flagMultiline, "MULTILINE": flagMultiline,
		"S": flagDotAll, "DOTALL": flagDotAll, "U": flagUnicode, "UNICODE": flagUnicode,
		"X": flagVerbose, "VERBOSE": flagVerbose, "T": flagTemplate, "TEMPLATE": flagTemplate,
		"DEBUG": flagDebug, "NOFLAG": 0,
	} {
		reModule.Attrs[name] = int64(v)
	}
	for _, b := range []*lang.Builtin{
		matchMethod("search", formSearch, searchDoc),
		matchMethod("match", formMatch, matchDoc),
		matchMethod("fullmatch", formFull, fullmatchDoc),
		lang.NewBuiltin(lang.AsValue, "findall(self, string, pos=0, endpos=9223372036854775807)", findallDoc, func(a *lang.Args) (lang.Value, error) {
			pos, endpos, err := posArgs(a)
			if err != nil {
				return nil, err
			}
			return selfPattern(a).findall(a.Value("string"), pos, endpos)
		}),
		lang.NewBuiltin(lang.AsValue, "finditer(self, string, pos=0, endpos=9223372036854775807)", finditerDoc, func(a *lang.Args) (lang.Value, error) {
			pos, endpos, err := posArgs(a)
			if err != nil {
				return nil, err
			}
			return selfPattern(a).finditer(a.Value("string"), pos, endpos)
		}),
		lang.NewBuiltin(lang.AsValue, "sub(self, repl, string, count=0)", subDoc, func(a *lang.Args) (lang.Value, error) {
			count := a.Int("count")
			if err := a.Err(); err != nil {
				return nil, err
			}
			text, _, err := selfPattern(a).subn(a, a.Value("repl"), a.Value("string"), count)
			return text, err
		}),
		lang.NewBuiltin(lang.AsValue, "subn(self, repl, string, count=0)", subnDoc, func(a *lang.Args) (lang.Value, error) {
			count := a.Int("count")
			if err := a.Err(); err != nil {
				return nil, err
			}
			text, n, err := selfPattern(a).subn(a, a.Value("repl"), a.Value("string"), count)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{text, n}, nil
		}),
		lang.NewBuiltin(lang.AsValue, "split(self, string, maxsplit=0)", splitDoc, func(a *lang.Args) (lang.Value, error) {
			maxsplit := a.Int("maxsplit")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return selfPattern(a).split(a.Value("string"), maxsplit)
		}),
	} {
		patternMethods[b.Name] = b
	}
	lang.RegisterMethodTable("re.Pattern", patternMethods)
	lang.RegisterClass(patternClass, "re.Pattern")
	lang.RegisterClass(matchClass, "re.Match")
	lang.RegisterModule("re", "Python's re module: regular expressions with Python's syntax (backreferences, lookarounds, named groups, flags) on str and bytes.",
		func() *lang.Module { return reModule })
}

// String is str(p), its repr.
func (p *Pattern) String() string { return p.PyRepr() }
