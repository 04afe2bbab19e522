// Package shlex is Python's shlex module for command lines: split (POSIX
// and non-POSIX rules, comments), quote and join, as CPython's shlex
// class splits with whitespace_split. The shlex class itself, a
// configurable lexer, is not here.
package shlex

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

const (
	whitespace = " \t\r\n"
	quotes     = `'"`
	escape     = `\`
	escQuotes  = `"`
	commenter  = '#'
)

// lexer is CPython's shlex in whitespace_split mode, reading s.
type lexer struct {
	s        string
	pos      int
	posix    bool
	comments bool
}

// next is the next character, "" at the end.
func (l *lexer) next() string {
	if l.pos >= len(l.s) {
		return ""
	}
	c := l.s[l.pos : l.pos+1]
	// A multi-byte character is one character, never special.
	if l.s[l.pos] >= 0x80 {
		n := 1
		for l.pos+n < len(l.s) && l.s[l.pos+n]&0xc0 == 0x80 {
			n++
		}
		c = l.s[l.pos : l.pos+n]
	}
	l.pos += len(c)
	return c
}

// skipLine skips the rest of the line, after a comment character.
func (l *lexer) skipLine() {
	if i := strings.IndexByte(l.s[l.pos:], '\n'); i >= 0 {
		l.pos += i + 1
	} else {
		l.pos = len(l.s)
	}
}

func in(c, set string) bool { return c != "" && len(c) == 1 && strings.Contains(set, c) }

// token is the next token, ok false at the end of the input.
func (l *lexer) token() (string, bool, error) {
	var tok strings.Builder
	state, escState := " ", ""
	quoted := false
	for {
		c := l.next()
		switch {
		case state == " ":
			switch {
			case c == "":
				state = ""
			case in(c, whitespace):
				if tok.Len() > 0 || l.posix && quoted {
					return tok.String(), true, nil
				}
				continue
			case l.comments && c == string(commenter):
				l.skipLine()
				continue
			case l.posix && in(c, escape):
				escState, state = "a", c
				continue
			case in(c, quotes):
				if !l.posix {
					tok.WriteString(c)
				}
				state = c
				continue
			default:
				tok.WriteString(c)
				state = "a"
				continue
			}
		case in(state, quotes):
			quoted = true
			switch {
			case c == "":
				return "", false, lang.Errorf(lang.ValueError, "No closing quotation")
			case c == state:
				if !l.posix {
					tok.WriteString(c)
					return tok.String(), true, nil
				}
				state = "a"
			case l.posix && in(c, escape) && in(state, escQuotes):
				escState, state = state, c
			default:
				tok.WriteString(c)
			}
			continue
		case in(state, escape):
			if c == "" {
				return "", false, lang.Errorf(lang.ValueError, "No escaped character")
			}
			if in(escState, quotes) && c != state && c != escState {
				tok.WriteString(state)
			}
			tok.WriteString(c)
			state = escState
			continue
		case state == "a":
			switch {
			case c == "":
				state = ""
			case in(c, whitespace):
				state = " "
				if tok.Len() > 0 || l.posix && quoted {
					return tok.String(), true, nil
				}
				continue
			case l.comments && c == string(commenter):
				l.skipLine()
				if l.posix {
					state = " "
					if tok.Len() > 0 || quoted {
						return tok.String(), true, nil
					}
				}
				continue
			case l.posix && in(c, quotes):
				state = c
				continue
			case l.posix && in(c, escape):
				escState, state = "a", c
				continue
			default:
				tok.WriteString(c)
				continue
			}
		}
		// The end of the input.
		if tok.Len() == 0 && !(l.posix && quoted) {
			return "", false, nil
		}
		return tok.String(), true, nil
	}
}

// Split is shlex.split.
func Split(s string, comments, posix bool) ([]string, error) {
	l := &lexer{s: s, posix: posix, comments: comments}
	var out []string
	for {
		t, ok, err := l.token()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		out = append(out, t)
	}
}

// safe reports whether c needs no quoting: [\w@%+=:,./-] in ASCII.
func safe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_@%+=:,./-", c) >= 0
}

// Quote is shlex.quote.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	for i := 0; i < len(s); i++ {
		if !safe(s[i]) {
			return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
		}
	}
	return s
}

func strArg(a *lang.Args, name, fn string) (string, error) {
	v := a.Value(name)
	if s, ok := v.(string); ok {
		return s, nil
	}
	if v == lang.None {
		return "", lang.Errorf(lang.ValueError, "kael's shlex.%s reads no standard input: s must be a str", fn)
	}
	return "", lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'read'", lang.TypeName(v))
}

func init() {
	lang.RegisterModule("shlex", "Python's shlex for command lines: split (POSIX or not, comments), quote and join.", func() *lang.Module {
		return &lang.Module{Name: "shlex", Attrs: map[string]lang.Value{
			"split": lang.NewBuiltin(lang.AsValue, "split(s, comments=False, posix=True)", "Split the string s using shell-like syntax: quotes group words, a backslash escapes (POSIX), '#' starts a comment when comments is true.", func(a *lang.Args) (lang.Value, error) {
				s, err := strArg(a, "s", "split")
				if err != nil {
					return nil, err
				}
				comments, posix := a.Bool("comments"), a.Bool("posix")
				if err := a.Err(); err != nil {
					return nil, err
				}
				words, err := Split(s, comments, posix)
				if err != nil {
					return nil, err
				}
				out := make([]lang.Value, len(words))
				for i, w := range words {
					out[i] = w
				}
				return &lang.List{Elems: out}, nil
			}),
			"quote": lang.NewBuiltin(lang.AsValue, "quote(s)", "Return a shell-escaped version of the string s.", func(a *lang.Args) (lang.Value, error) {
				v := a.Value("s")
				s, ok := v.(string)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "expected string or bytes-like object, got '%s'", lang.TypeName(v))
				}
				return Quote(s), nil
			}),
			"join": lang.NewBuiltin(lang.AsValue, "join(split_command)", "Return a shell-escaped string from split_command, the words joined by spaces.", func(a *lang.Args) (lang.Value, error) {
				words, err := lang.Collect(a.Value("split_command"))
				if err != nil {
					return nil, err
				}
				parts := make([]string, len(words))
				for i, w := range words {
					s, ok := w.(string)
					if !ok {
						return nil, lang.Errorf(lang.TypeError, "expected string or bytes-like object, got '%s'", lang.TypeName(w))
					}
					parts[i] = Quote(s)
				}
				return strings.Join(parts, " "), nil
			}),
		}}
	})
}
