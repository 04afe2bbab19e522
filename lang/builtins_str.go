package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The str methods that search (find, index, count, startswith, ... with
// Python's start and end), rsplit and splitlines, the character-class
// predicates beyond builtins_python.go's, and expandtabs.

// strWindow is s[start:end] of a search method's start and end arguments,
// in characters and with Python's slice rules, and the character offset
// of its start; ok is false where CPython finds nothing even for an empty
// needle (start beyond the string, or end before start).
func strWindow(a *Args, s string) (window string, offset int, ok bool, err error) {
	n := utf8.RuneCountInString(s)
	bound := func(name string, def int) (int, error) {
		v := a.Value(name)
		if _, none := v.(NoneType); none {
			return def, nil
		}
		i, isInt := AsInt(v)
		if !isInt {
			return 0, errSliceIndices()
		}
		if i < 0 {
			i = max(i+int64(n), 0)
		}
		return int(min(i, int64(n))), nil
	}
	if _, none := a.Value("start").(NoneType); !none {
		if i, isInt := AsInt(a.Value("start")); isInt && i > int64(n) {
			return "", 0, false, nil
		}
	}
	start, err := bound("start", 0)
	if err != nil {
		return "", 0, false, err
	}
	end, err := bound("end", n)
	if err != nil || end < start {
		return "", 0, false, err
	}
	return s[runeOffset(s, start):runeOffset(s, end)], start, true, nil
}

// runeOffset is the byte offset of the i-th character of s.
func runeOffset(s string, i int) int {
	if len(s) == utf8.RuneCountInString(s) {
		return i
	}
	for off := range s {
		if i == 0 {
			return off
		}
		i--
	}
	return len(s)
}

// strNeedle reads a search method's str argument, with CPython's error.
func strNeedle(a *Args, name string) (string, error) {
	s, ok := a.Value(name).(string)
	if !ok {
		return "", Errorf(TypeError, "must be str, not %s", TypeName(a.Value(name)))
	}
	return s, nil
}

// strFind is the character position of sub in s[start:end] (the last one
// when last), or -1.
func strFind(a *Args, last bool) (int64, error) {
	sub, err := strNeedle(a, "sub")
	if err != nil {
		return 0, err
	}
	s := self[string](a)
	w, off, ok, err := strWindow(a, s)
	if err != nil || !ok {
		return -1, err
	}
	i := strings.Index(w, sub)
	if last {
		i = strings.LastIndex(w, sub)
	}
	if i < 0 {
		return -1, nil
	}
	return int64(off + utf8.RuneCountInString(w[:i])), nil
}

// strSplitRight is s.rsplit(sep, n): at most n splits (all when n < 0),
// made from the right.
func strSplitRight(s, sep string, n int) []string {
	var parts []string
	for n < 0 || len(parts) < n {
		i := strings.LastIndex(s, sep)
		if i < 0 {
			break
		}
		parts = append(parts, s[i+len(sep):])
		s = s[:i]
	}
	parts = append(parts, s)
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// splitSpaceRight is s.rsplit() without a separator: at runs of
// whitespace, at most n splits from the right when n >= 0.
func splitSpaceRight(s string, n int) []string {
	var parts []string
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	for s != "" {
		if n >= 0 && len(parts) == n {
			parts = append(parts, s)
			break
		}
		start := strings.LastIndexFunc(s, unicode.IsSpace)
		if start < 0 {
			parts = append(parts, s)
			break
		}
		_, size := utf8.DecodeRuneInString(s[start:])
		parts = append(parts, s[start+size:])
		s = strings.TrimRightFunc(s[:start], unicode.IsSpace)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// isLineBreak reports whether r ends a line for str.splitlines: \n, \r,
// \v, \f, the file, group and record separators, NEL and the Unicode line
// and paragraph separators.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// stringList is a list of strings.
func stringList(parts []string) *List {
	out := make([]Value, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return &List{Elems: out}
}

func defStrSearchMethods() {
	defMethod("str", "find(self, sub, start=None, end=None)", "The position of the first sub in s[start:end], or -1.", func(a *Args) (Value, error) {
		return strFind(a, false)
	})
	defMethod("str", "rfind(self, sub, start=None, end=None)", "The position of the last sub in s[start:end], or -1.", func(a *Args) (Value, error) {
		return strFind(a, true)
	})
	for name, last := range map[string]bool{"index": false, "rindex": true} {
		which := map[bool]string{false: "first", true: "last"}[last]
		defMethod("str", name+"(self, sub, start=None, end=None)", "The position of the "+which+" sub in s[start:end]; ValueError when there is none.", func(a *Args) (Value, error) {
			i, err := strFind(a, last)
			if err == nil && i < 0 {
				err = Errorf(ValueError, "substring not found")
			}
			return i, err
		})
	}
	defMethod("str", "count(self, sub, start=None, end=None)", "The number of non-overlapping occurrences of sub in s[start:end].", func(a *Args) (Value, error) {
		sub, err := strNeedle(a, "sub")
		if err != nil {
			return nil, err
		}
		w, _, ok, err := strWindow(a, self[string](a))
		if err != nil || !ok {
			return int64(0), err
		}
		return int64(strings.Count(w, sub)), nil
	})
	for _, op := range []struct {
		name, param string
		test        func(s, affix string) bool
		doc         string
	}{
		{"startswith", "prefix", strings.HasPrefix, "Whether s[start:end] starts with prefix (a string or a tuple of strings)."},
		{"endswith", "suffix", strings.HasSuffix, "Whether s[start:end] ends with suffix (a string or a tuple of strings)."},
	} {
		defMethod("str", op.name+"(self, "+op.param+", start=None, end=None)", op.doc, func(a *Args) (Value, error) {
			affixes := Tuple{a.Value(op.param)}
			if t, ok := a.Value(op.param).(Tuple); ok {
				affixes = t
			}
			w, _, ok, err := strWindow(a, self[string](a))
			if err != nil {
				return nil, err
			}
			for _, v := range affixes {
				affix, isStr := v.(string)
				if !isStr {
					return nil, Errorf(TypeError, "%s first arg must be str or a tuple of str, not %s", op.name, TypeName(v))
				}
				if ok && op.test(w, affix) {
					return true, nil
				}
			}
			return false, nil
		})
	}
	defMethod("str", "rsplit(self, sep=None, maxsplit=-1)", "split from the right: the parts between occurrences of sep (runs of whitespace when sep is None), at most maxsplit splits, the last ones, when it is not -1.", func(a *Args) (Value, error) {
		s, n := self[string](a), a.Int("maxsplit")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.IsNone("sep") {
			return stringList(splitSpaceRight(s, n)), nil
		}
		sep := a.Str("sep")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if sep == "" {
			return nil, Errorf(ValueError, "empty separator")
		}
		return stringList(strSplitRight(s, sep, n)), nil
	})
	defMethod("str", "splitlines(self, keepends=False)", "The lines of the string, split at \\n, \\r, \\r\\n and Python's other line breaks; with keepends the breaks stay on their lines.", func(a *Args) (Value, error) {
		s, keep := self[string](a), a.Bool("keepends")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var lines []string
		for s != "" {
			i := strings.IndexFunc(s, isLineBreak)
			if i < 0 {
				lines = append(lines, s)
				break
			}
			_, size := utf8.DecodeRuneInString(s[i:])
			if strings.HasPrefix(s[i:], "\r\n") {
				size = 2
			}
			if keep {
				lines = append(lines, s[:i+size])
			} else {
				lines = append(lines, s[:i])
			}
			s = s[i+size:]
		}
		return stringList(lines), nil
	})
	all := func(name, doc string, empty bool, f func(r rune) bool) {
		defMethod("str", name+"(self)", doc, func(a *Args) (Value, error) {
			s := self[string](a)
			if s == "" {
				return empty, nil
			}
			for _, r := range s {
				if !f(r) {
					return false, nil
				}
			}
			return true, nil
		})
	}
	all("isdecimal", "Whether the string is non-empty and all decimal digits (Unicode category Nd).", false, func(r rune) bool { return unicode.Is(unicode.Nd, r) })
	all("isnumeric", "Whether the string is non-empty and all numeric characters (digits, fractions such as ½, numerals, 一).", false, isNumericRune)
	all("isascii", "Whether every character is ASCII (true for '').", true, func(r rune) bool { return r < utf8.RuneSelf })
	all("isprintable", "Whether every character prints as itself in repr (true for ''): no control characters, no separators but the space.", true, unicode.IsPrint)
	defMethod("str", "isidentifier(self)", "Whether the string is a valid name (PEP 3131): a letter or _ and then letters, digits, marks and _.", func(a *Args) (Value, error) {
		s := self[string](a)
		for i, r := range s {
			if !(i == 0 && isIdentifierStart(r) || i > 0 && isIdentifierContinue(r)) {
				return false, nil
			}
		}
		return s != "", nil
	})
	defMethod("str", "istitle(self)", "Whether the string has cased letters and each word starts with the only upper-case one: 'Hello World'.", func(a *Args) (Value, error) {
		cased, prevCased := false, false
		for _, r := range self[string](a) {
			switch {
			case unicode.IsUpper(r) || unicode.IsTitle(r):
				if prevCased {
					return false, nil
				}
				prevCased, cased = true, true
			case unicode.IsLower(r):
				if !prevCased {
					return false, nil
				}
				prevCased, cased = true, true
			default:
				prevCased = false
			}
		}
		return cased, nil
	})
	defMethod("str", "expandtabs(self, tabsize=8)", "The string with each tab replaced by spaces up to the next multiple of tabsize columns (columns restart after a line break).", func(a *Args) (Value, error) {
		s, size := self[string](a), a.Int("tabsize")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var b strings.Builder
		col := 0
		for _, r := range s {
			switch {
			case r == '\t':
				if size > 0 {
					n := size - col%size
					if b.Len()+n > MaxRepeat {
						return nil, Errorf(MemoryError, "expandtabs with tabsize %d needs too much memory", size)
					}
					b.WriteString(strings.Repeat(" ", n))
					col += n
				}
			case r == '\n' || r == '\r':
				b.WriteRune(r)
				col = 0
			default:
				b.WriteRune(r)
				col++
			}
		}
		return b.String(), nil
	})
}
