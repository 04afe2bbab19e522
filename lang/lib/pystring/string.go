// Package pystring is Python's string module (string is the name of a
// Go type's package here too): the character-class constants, capwords
// and Template's $-substitution.
package pystring

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

const (
	lowercase   = "abcdefghijklmnopqrstuvwxyz"
	uppercase   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digits      = "0123456789"
	punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
	whitespace  = " \t\n\r\x0b\x0c"
)

// template is a string.Template.
type template struct {
	text    string
	methods map[string]*lang.Builtin
}

var (
	_ lang.HasAttrs = (*template)(nil)
	_ lang.Reprer   = (*template)(nil)
)

// Attr gives template and the methods.
func (t *template) Attr(name string) (lang.Value, bool) {
	switch name {
	case "template":
		return t.text, true
	case "delimiter":
		return "$", true
	}
	if m, ok := templateMethods[name]; ok {
		return &lang.BoundMethod{Recv: t, Method: m}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (t *template) AttrNames() []string {
	return []string{"delimiter", "get_identifiers", "is_valid", "safe_substitute", "substitute", "template"}
}

// PyRepr is CPython's object repr without the address.
func (t *template) PyRepr() string { return "<string.Template object>" }

// TypeName is Template.
func (t *template) TypeName() string { return "Template" }

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// placeholder is one $ of a template: $$, $name, ${name}, or an invalid
// one; end is the index after it.
type placeholder struct {
	name    string
	escaped bool
	invalid bool
	end     int
}

// scan reads the placeholder at text[i] == '$', as Template's pattern.
func scan(text string, i int) placeholder {
	j := i + 1
	switch {
	case j < len(text) && text[j] == '$':
		return placeholder{escaped: true, end: j + 1}
	case j < len(text) && text[j] == '{':
		k := j + 1
		if k < len(text) && isIdentStart(text[k]) {
			for k < len(text) && isIdentChar(text[k]) {
				k++
			}
			if k < len(text) && text[k] == '}' {
				return placeholder{name: text[j+1 : k], end: k + 1}
			}
		}
	case j < len(text) && isIdentStart(text[j]):
		k := j
		for k < len(text) && isIdentChar(text[k]) {
			k++
		}
		return placeholder{name: text[j:k], end: k}
	}
	return placeholder{invalid: true, end: j}
}

// invalidPlaceholder is Template's ValueError, with the line and column.
func invalidPlaceholder(text string, i int) error {
	line := strings.Count(text[:i], "\n") + 1
	col := i - strings.LastIndex(text[:i], "\n")
	return lang.Errorf(lang.ValueError, "Invalid placeholder in string: line %d, col %d", line, col)
}

// substitute fills the template from the mapping and keywords; safe
// leaves unknown and invalid placeholders as they are.
func (t *template) substitute(a *lang.Args, safe bool) (lang.Value, error) {
	lookup := func(name string) (lang.Value, bool, error) {
		names, vals := a.Keywords()
		for i, n := range names {
			if n == name {
				return vals[i], true, nil
			}
		}
		if a.IsNone("mapping") {
			return nil, false, nil
		}
		v, err := lang.Index(a.Value("mapping"), []lang.Subscript{{Value: name}})
		if err != nil {
			if lang.ToError(err).Kind == lang.KeyError {
				return nil, false, nil
			}
			return nil, false, err
		}
		return v, true, nil
	}
	var b strings.Builder
	text := t.text
	for i := 0; i < len(text); {
		if text[i] != '$' {
			b.WriteByte(text[i])
			i++
			continue
		}
		p := scan(text, i)
		switch {
		case p.escaped:
			b.WriteByte('$')
		case p.invalid:
			if !safe {
				return nil, invalidPlaceholder(text, i)
			}
			b.WriteByte('$')
		default:
			v, ok, err := lookup(p.name)
			if err != nil {
				return nil, err
			}
			if !ok {
				if !safe {
					return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(p.name))
				}
				b.WriteString(text[i:p.end])
				break
			}
			s, err := lang.StrText(v)
			if err != nil {
				return nil, err
			}
			b.WriteString(s)
		}
		i = p.end
	}
	return b.String(), nil
}

func templateSelf(a *lang.Args) (*template, error) {
	t, ok := a.Value("self").(*template)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "Template's method needs a Template, not %s", lang.TypeName(a.Value("self")))
	}
	return t, nil
}

var templateMethods = map[string]*lang.Builtin{
	"substitute": lang.NewBuiltin(lang.AsValue, "substitute(self, mapping=None, **kws)", "The template with each $name filled from mapping and kws; a missing name is a KeyError.",
		func(a *lang.Args) (lang.Value, error) {
			t, err := templateSelf(a)
			if err != nil {
				return nil, err
			}
			return t.substitute(a, false)
		}).CollectKeywords(),
	"safe_substitute": lang.NewBuiltin(lang.AsValue, "safe_substitute(self, mapping=None, **kws)", "substitute, leaving missing and invalid placeholders as they are.",
		func(a *lang.Args) (lang.Value, error) {
			t, err := templateSelf(a)
			if err != nil {
				return nil, err
			}
			return t.substitute(a, true)
		}).CollectKeywords(),
	"get_identifiers": lang.NewBuiltin(lang.AsValue, "get_identifiers(self)", "The names of the valid placeholders, in order, once each.",
		func(a *lang.Args) (lang.Value, error) {
			t, err := templateSelf(a)
			if err != nil {
				return nil, err
			}
			var out []lang.Value
			seen := map[string]bool{}
			for i := 0; i < len(t.text); {
				if t.text[i] != '$' {
					i++
					continue
				}
				p := scan(t.text, i)
				if p.name != "" && !seen[p.name] {
					seen[p.name] = true
					out = append(out, p.name)
				}
				i = p.end
			}
			return &lang.List{Elems: out}, nil
		}),
	"is_valid": lang.NewBuiltin(lang.AsValue, "is_valid(self)", "Whether every $ of the template is a valid placeholder.",
		func(a *lang.Args) (lang.Value, error) {
			t, err := templateSelf(a)
			if err != nil {
				return nil, err
			}
			for i := 0; i < len(t.text); {
				if t.text[i] != '$' {
					i++
					continue
				}
				p := scan(t.text, i)
				if p.invalid {
					return false, nil
				}
				i = p.end
			}
			return true, nil
		}),
}

var stringModule = &lang.Module{Name: "string", Attrs: map[string]lang.Value{
	"Formatter":       formatterClass,
	"ascii_lowercase": lowercase,
	"ascii_uppercase": uppercase,
	"ascii_letters":   lowercase + uppercase,
	"digits":          digits,
	"hexdigits":       digits + "abcdefABCDEF",
	"octdigits":       "01234567",
	"punctuation":     punctuation,
	"whitespace":      whitespace,
	"printable":       digits + lowercase + uppercase + punctuation + whitespace,
	"capwords": lang.NewBuiltin(lang.AsValue, "capwords(s, sep=None)", "The words of s (split on sep, or on whitespace) capitalized and joined by sep (or a space).",
		func(a *lang.Args) (lang.Value, error) {
			s := a.Str("s")
			if err := a.Err(); err != nil {
				return nil, err
			}
			var words []string
			sep := " "
			if a.IsNone("sep") {
				words = strings.Fields(s)
			} else {
				if sep = a.Str("sep"); a.Err() != nil {
					return nil, a.Err()
				}
				if sep == "" {
					return nil, lang.Errorf(lang.ValueError, "empty separator")
				}
				words = strings.Split(s, sep)
			}
			for i, w := range words {
				words[i] = capitalizeWord(w)
			}
			return strings.Join(words, sep), nil
		}),
	"Template": lang.NewBuiltin(lang.AsValue, "Template(template)", "A string with $name placeholders that substitute fills ($$ is a $).",
		func(a *lang.Args) (lang.Value, error) {
			s, ok := a.Value("template").(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "Template() takes a str, not %s", lang.TypeName(a.Value("template")))
			}
			return &template{text: s}, nil
		}),
}}

// capitalizeWord is str.capitalize: the first character upper-cased, the
// rest lower-cased.
func capitalizeWord(w string) string {
	r := []rune(w)
	if len(r) == 0 {
		return w
	}
	return strings.ToUpper(string(r[0])) + strings.ToLower(string(r[1:]))
}

func init() {
	lang.RegisterModule("string", "Python's string: ascii_letters, digits, punctuation and the other constants, capwords, Template, Formatter.",
		func() *lang.Module { return stringModule })
}
