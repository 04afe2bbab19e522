package re

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The replacement templates of sub, subn and Match.expand: text with \1,
// \g<1> and \g<name> standing for groups, read as re._parser's
// parse_template reads them, with its errors.

// template is a parsed replacement: literal pieces, and group numbers
// between them (a piece with group >= 0 stands for that group).
type template struct {
	pieces []templatePiece
	istext bool
}

type templatePiece struct {
	text  []rune
	group int // -1: a literal
}

// parseTemplate parses repl for p.
func (p *Pattern) parseTemplate(repl lang.Value) (*template, error) {
	src, istext, ok := textOf(repl)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "expected str instance, %s found", lang.TypeName(repl))
	}
	if istext != p.istext {
		if p.istext {
			return nil, lang.Errorf(lang.TypeError, "expected str instance, bytes found")
		}
		return nil, lang.Errorf(lang.TypeError, "expected a bytes-like object, str found")
	}
	s := &parseState{src: src, istext: istext}
	if err := s.advance(); err != nil {
		return nil, convertError(err, src)
	}
	t := &template{istext: istext}
	var lit []rune
	addGroup := func(index, offset int) error {
		if index > p.groups {
			return s.errorAt(fmt.Sprintf("invalid group reference %d", index), offset)
		}
		if len(lit) > 0 {
			t.pieces = append(t.pieces, templatePiece{text: lit, group: -1})
			lit = nil
		}
		t.pieces = append(t.pieces, templatePiece{group: index})
		return nil
	}
	err := func() error {
		for {
			this, ok, err := s.get()
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			if this[0] != '\\' {
				lit = append(lit, []rune(this)...)
				continue
			}
			c := this[1]
			switch {
			case c == 'g':
				if ok, err := s.match("<"); err != nil {
					return err
				} else if !ok {
					return s.errorAt("missing <", 0)
				}
				name, err := s.getUntil(">", "group name")
				if err != nil {
					return err
				}
				nameLen := len([]rune(name))
				var index int
				if isIdentifier(name) {
					i, known := p.names[name]
					if !known {
						return lang.Errorf(lang.IndexError, "unknown group name %s", pyQuote(name))
					}
					index = i
				} else {
					v, err := strconv.Atoi(name)
					if err != nil || v < 0 || strings.ContainsAny(name, "+- ") {
						return s.errorAt(fmt.Sprintf("bad character in group name %s", pyQuote(name)), nameLen+1)
					}
					if v >= maxGroups {
						return s.errorAt(fmt.Sprintf("invalid group reference %d", v), nameLen+1)
					}
					index = v
				}
				if err := addGroup(index, nameLen+1); err != nil {
					return err
				}
			case c == '0':
				digits := "0"
				for k := 0; k < 2 && s.hasNext && len(s.next) == 1 && strings.Contains(octDigits, s.next); k++ {
					digits += s.next
					if err := s.advance(); err != nil {
						return err
					}
				}
				v, _ := strconv.ParseUint(digits, 8, 32)
				lit = append(lit, rune(v&0xff))
			case c >= '1' && c <= '9':
				isOctal := false
				if s.hasNext && len(s.next) == 1 && s.next[0] >= '0' && s.next[0] <= '9' {
					this += s.next
					if err := s.advance(); err != nil {
						return err
					}
					if strings.IndexByte(octDigits, c) >= 0 && strings.IndexByte(octDigits, this[2]) >= 0 &&
						s.hasNext && len(s.next) == 1 && strings.Contains(octDigits, s.next) {
						this += s.next
						if err := s.advance(); err != nil {
							return err
						}
						isOctal = true
						v, _ := strconv.ParseUint(this[1:], 8, 32)
						if v > 0o377 {
							return s.errorAt(fmt.Sprintf("octal escape value %s outside of range 0-0o377", this), len(this))
						}
						lit = append(lit, rune(v))
					}
				}
				if !isOctal {
					g, _ := strconv.Atoi(this[1:])
					if err := addGroup(g, len(this)-1); err != nil {
						return err
					}
				}
			default:
				if r, ok := simpleEscapes[this]; ok {
					lit = append(lit, r)
				} else if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
					return s.errorAt("bad escape "+this, len(this))
				} else {
					lit = append(lit, []rune(this)...)
				}
			}
		}
	}()
	if err != nil {
		return nil, convertError(err, src)
	}
	if len(lit) > 0 {
		t.pieces = append(t.pieces, templatePiece{text: lit, group: -1})
	}
	return t, nil
}

// literal returns the template's text when it has no groups.
func (t *template) literal() ([]rune, bool) {
	var out []rune
	for _, piece := range t.pieces {
		if piece.group >= 0 {
			return nil, false
		}
		out = append(out, piece.text...)
	}
	return out, true
}

// expandRunes writes the template for m: a group that did not take part
// is empty.
func (t *template) expandRunes(m *Match) []rune {
	var out []rune
	for _, piece := range t.pieces {
		if piece.group < 0 {
			out = append(out, piece.text...)
			continue
		}
		if s, e := m.span(piece.group); s >= 0 {
			out = append(out, m.subj.runes[s:e]...)
		}
	}
	return out
}

func (t *template) expand(m *Match) (lang.Value, error) {
	return fromRunes(t.expandRunes(m), t.istext), nil
}
