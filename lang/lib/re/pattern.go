package re

import (
	"errors"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"

	"github.com/kael-dev/kael/lang"
)

// Pattern is re.Pattern: a compiled regular expression. The engine runs
// the translated pattern in three forms, made when first needed: as it is
// (search), anchored where the search starts (match, and the retry after
// an empty match), and anchored at both ends (fullmatch).
type Pattern struct {
	source   lang.Value // the pattern as given: a str or bytes
	text     []rune
	istext   bool
	flags    int
	groups   int
	names    map[string]int
	parents  []int
	emitted  string
	options  regexp2.RegexOptions
	compiled [4]*regexp2.Regexp
	once     [4]sync.Once
	errs     [4]error
}

// The engine forms of a pattern.
const (
	formSearch = iota
	formMatch
	formFull
	formNonEmpty // anchored, and not empty: the retry after an empty match
)

var formTemplates = [4]string{"%s", `\G(?:%s)`, `\G(?:%s)\z`, `\G(?:%s)(?<!\G)`}

// maxBacktrack bounds the engine's backtracking stack (in slots of 8
// bytes): a match that needs more is a RecursionError, not an exhausted
// process.
const maxBacktrack = 1 << 24

// matchTimeout bounds one match's time: forever, as in CPython (a
// pattern that backtracks exponentially runs as long there); the fuzz
// test bounds it.
var matchTimeout = regexp2.DefaultMatchTimeout

func (p *Pattern) form(i int) (*regexp2.Regexp, error) {
	p.once[i].Do(func() {
		src := strings.Replace(formTemplates[i], "%s", p.emitted, 1)
		p.compiled[i], p.errs[i] = regexp2.Compile(src, p.options, regexp2.OptionMaxBacktrackingStackSize(maxBacktrack))
		if p.errs[i] == nil {
			p.compiled[i].MatchTimeout = matchTimeout
		}
		if p.errs[i] != nil {
			p.errs[i] = lang.Errorf(Error, "kael cannot run this pattern (%v)", p.errs[i]).
				WithHint("this is a gap in kael's translation of Python's syntax; please report the pattern")
		}
	})
	return p.compiled[i], p.errs[i]
}

// patternCache keeps compiled patterns by their source and flags, as
// re's own cache does, so that re.search(p, s) in a loop compiles p once.
var patternCache = struct {
	sync.Mutex
	m map[cacheKey]*Pattern
}{m: map[cacheKey]*Pattern{}}

type cacheKey struct {
	src    string
	istext bool
	flags  int
}

const maxCache = 512

// compilePattern compiles src (str or bytes) with flags, as re.compile.
func compilePattern(src lang.Value, flags int) (*Pattern, error) {
	if p, ok := src.(*Pattern); ok {
		if flags != 0 {
			return nil, lang.Errorf(lang.ValueError, "cannot process flags argument with a compiled pattern")
		}
		return p, nil
	}
	text, istext, ok := textOf(src)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "first argument must be string or compiled pattern")
	}
	key := cacheKey{string(text), istext, flags}
	patternCache.Lock()
	p, hit := patternCache.m[key]
	patternCache.Unlock()
	if hit {
		return p, nil
	}
	parsed, err := parsePattern(text, istext, flags)
	if err != nil {
		return nil, convertError(err, text)
	}
	p = &Pattern{source: src, text: text, istext: istext, flags: parsed.flags, groups: parsed.groups,
		names: parsed.names, parents: parsed.parents, emitted: emit(parsed.seq)}
	if parsed.flags&flagIgnoreCase != 0 {
		p.options |= regexp2.IgnoreCase
	}
	if parsed.flags&flagMultiline != 0 {
		p.options |= regexp2.Multiline
	}
	if parsed.flags&flagDotAll != 0 {
		p.options |= regexp2.Singleline
	}
	if _, err := p.form(formSearch); err != nil {
		return nil, err
	}
	patternCache.Lock()
	if len(patternCache.m) >= maxCache {
		clear(patternCache.m)
	}
	patternCache.m[key] = p
	patternCache.Unlock()
	return p, nil
}

// convertError makes a parser's error the Python exception CPython raises.
func convertError(err error, pattern []rune) error {
	var pe *patternError
	var oe *overflowError
	var ve valueError
	switch {
	case errors.As(err, &pe):
		return lang.Errorf(Error, "%s", pe.Error())
	case errors.As(err, &oe):
		return lang.Errorf(lang.OverflowError, "%s", oe.msg)
	case errors.As(err, &ve):
		return lang.Errorf(lang.ValueError, "%s", string(ve))
	}
	return err
}

// textOf returns the code points of a str, or of bytes read as Latin-1.
func textOf(v lang.Value) (text []rune, istext, ok bool) {
	switch x := lang.ValueOf(v).(type) {
	case string:
		return []rune(x), true, true
	case lang.Bytes:
		data := x.Data()
		r := make([]rune, len(data))
		for i, c := range data {
			r[i] = rune(c)
		}
		return r, false, true
	}
	return nil, false, false
}

// subject is a string being searched: its code points and its kind.
type subject struct {
	value  lang.Value
	runes  []rune
	istext bool
}

// slice returns the text i:j as a value of the subject's kind.
func (s *subject) slice(i, j int) lang.Value {
	return fromRunes(s.runes[i:j], s.istext)
}

func fromRunes(r []rune, istext bool) lang.Value {
	if istext {
		return string(r)
	}
	b := make([]byte, len(r))
	for i, c := range r {
		b[i] = byte(c)
	}
	return lang.NewBytes(b)
}

// subjectOf checks that v is a string of the pattern's kind.
func (p *Pattern) subjectOf(v lang.Value) (*subject, error) {
	text, istext, ok := textOf(v)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "expected string or bytes-like object, got '%s'", lang.TypeName(v))
	}
	if istext != p.istext {
		if p.istext {
			return nil, lang.Errorf(lang.TypeError, "cannot use a string pattern on a bytes-like object")
		}
		return nil, lang.Errorf(lang.TypeError, "cannot use a bytes pattern on a string-like object")
	}
	return &subject{value: v, runes: text, istext: istext}, nil
}

// bounds clamps pos and endpos as CPython does.
func bounds(n, pos, endpos int) (int, int) {
	pos = max(min(pos, n), 0)
	endpos = max(min(endpos, n), 0)
	return pos, endpos
}

// run finds a match of form in s.runes[:endpos] starting at pos; nil
// when there is none.
func (p *Pattern) run(form int, s *subject, pos, endpos int) (*Match, error) {
	if pos > endpos {
		return nil, nil
	}
	re, err := p.form(form)
	if err != nil {
		return nil, err
	}
	m, err := re.FindRunesMatchStartingAt(s.runes[:endpos], pos)
	if err != nil {
		if errors.Is(err, regexp2.ErrBacktrackingStackLimit) {
			return nil, lang.Errorf(lang.RecursionError, "the regular expression backtracks too deeply for kael's bound on this text")
		}
		return nil, lang.Errorf(lang.RuntimeError, "re: %v", err)
	}
	if m == nil {
		return nil, nil
	}
	return p.newMatch(m, s, pos, endpos), nil
}

// each calls yield for the successive matches of p in s between pos and
// endpos, as CPython's finditer, sub and split find them: after an empty
// match the next may not be empty at the same place, and the search goes
// on from the end of each match. It stops after limit matches (0: none).
func (p *Pattern) each(s *subject, pos, endpos, limit int, yield func(*Match) (bool, error)) error {
	pos, endpos = bounds(len(s.runes), pos, endpos)
	mustAdvance := false
	count := 0
	for pos <= endpos {
		var m *Match
		var err error
		if mustAdvance {
			if m, err = p.run(formNonEmpty, s, pos, endpos); err == nil && m == nil && pos < endpos {
				m, err = p.run(formSearch, s, pos+1, endpos)
			}
		} else {
			m, err = p.run(formSearch, s, pos, endpos)
		}
		if err != nil {
			return err
		}
		if m == nil {
			return nil
		}
		count++
		if count > lang.MaxCollect {
			return lang.Errorf(lang.MemoryError, "more than %d matches", lang.MaxCollect)
		}
		more, err := yield(m)
		if err != nil || !more {
			return err
		}
		if limit > 0 && count >= limit {
			return nil
		}
		start, end := m.span(0)
		mustAdvance = start == end
		pos = end
	}
	return nil
}
