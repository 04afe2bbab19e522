package lang

import (
	"bytes"
	"fmt"
	"strings"
)

// bytes(), str.encode and the methods of bytes that search, split, join,
// strip and change case, with CPython's ASCII rules and its errors.

// asciiSpace is the white space of bytes.split() and bytes.strip().
const asciiSpace = " \t\n\r\x0b\x0c"

// bytesArg is an argument that must be bytes-like, with CPython's error.
func bytesArg(v Value) ([]byte, error) {
	if b, ok := bytesLike(v); ok {
		return b, nil
	}
	return nil, Errorf(TypeError, "a bytes-like object is required, not '%s'", TypeName(v))
}

// BytesArg is the content of v, which must be bytes-like (bytes, a
// bytearray or a memoryview), or CPython's TypeError.
func BytesArg(v Value) ([]byte, error) { return bytesArg(v) }

// bytesNeedle is the sub argument of find, count and index: bytes or an
// int in range(256).
func bytesNeedle(v Value) ([]byte, error) {
	if b, ok := bytesLike(v); ok {
		return b, nil
	}
	if n, ok := AsInt(v); ok && !isTensor(v) {
		if n < 0 || n > 255 {
			return nil, Errorf(ValueError, "byte must be in range(0, 256)")
		}
		return []byte{byte(n)}, nil
	}
	return nil, Errorf(TypeError, "argument should be integer or bytes-like object, not '%s'", TypeName(v))
}

// bytesWindow is b[start:end] for the optional start and end of find,
// count, startswith and their kin, and the offset of the window.
func bytesWindow(a *Args, b []byte) ([]byte, int, error) {
	s := Subscript{IsSlice: true, Lo: a.Value("start"), Hi: a.Value("end"), Step: None}
	lo, hi, _, err := SliceBounds(s, len(b))
	if err != nil {
		return nil, 0, err
	}
	if hi < lo {
		return nil, lo, nil
	}
	return b[lo:hi], lo, nil
}

// encodeString is str.encode(encoding, errors) (codecs.go).
func encodeString(s, encoding, errors string) (Bytes, error) {
	b, err := encodeText(s, encoding, errors)
	return Bytes{b: b}, err
}

// asciiEscape is how CPython's messages name a character: '\xe9', '\u20ac'.
func asciiEscape(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf(`'\x%02x'`, r)
	case r < 0x10000:
		return fmt.Sprintf(`'\u%04x'`, r)
	}
	return fmt.Sprintf(`'\U%08x'`, r)
}

// UnicodeEncodeError is Python's error for text an encoding cannot hold.
const UnicodeEncodeError ErrorKind = "UnicodeEncodeError"

func init() {
	pythonClasses = append(pythonClasses, "bytes")
	NewBuiltin(AsFunc, "bytes(source=b'', encoding=None, errors=None)", "Immutable bytes: bytes(n) is n zero bytes, bytes([104, 105]) the bytes of those ints, bytes('hi', 'utf-8') the encoded text, bytes(b) a copy.", func(a *Args) (Value, error) {
		src := a.Value("source")
		if s, ok := src.(string); ok {
			if a.IsNone("encoding") {
				return nil, Errorf(TypeError, "string argument without an encoding")
			}
			errs := "strict"
			if !a.IsNone("errors") {
				errs = a.Str("errors")
			}
			enc := a.Str("encoding")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return encodeString(s, enc, errs)
		}
		if inst, ok := src.(*Instance); ok && a.b.Name == "bytes" && a.IsNone("encoding") && a.IsNone("errors") {
			// a class's __bytes__ (array.array's), as CPython's bytes()
			// asks it first (bytearray(), which runs this too, does not)
			if r, found, err := a.in.callSpecial(inst, "__bytes__"); found {
				if err != nil {
					return nil, err
				}
				if b, isBytes := r.(Bytes); isBytes {
					return b, nil
				}
				return nil, Errorf(TypeError, "__bytes__ returned non-bytes (type %s)", TypeName(r))
			}
		}
		if !a.IsNone("encoding") {
			return nil, Errorf(TypeError, "encoding without a string argument")
		}
		if !a.IsNone("errors") {
			return nil, Errorf(TypeError, "errors without a string argument")
		}
		if n, ok := src.(int64); ok {
			if n < 0 {
				return nil, Errorf(ValueError, "negative count")
			}
			if n > MaxRepeat {
				return nil, Errorf(MemoryError, "bytes(%d) needs too much memory", n)
			}
			return Bytes{b: make([]byte, n)}, nil
		}
		if _, ok := src.(BigInt); ok {
			return nil, Errorf(OverflowError, "cannot fit 'int' into an index-sized integer")
		}
		b, err := bytesOf(src)
		if err != nil {
			return nil, err
		}
		return Bytes{b: bytes.Clone(b)}, nil
	})
	defMethod("str", "encode(self, encoding='utf-8', errors='strict')", "The text's bytes in encoding (utf-8, utf-8-sig, utf-16, utf-32 and their -le/-be, ascii, latin-1, cp1252); a character it cannot hold is a UnicodeEncodeError, or as errors says: 'ignore', 'replace' ('?'), 'backslashreplace', 'xmlcharrefreplace'.", func(a *Args) (Value, error) {
		enc, errs := a.Str("encoding"), a.Str("errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return encodeString(a.Value("self").(string), enc, errs)
	})
	defClassFunction("bytes", "fromhex(string)", "The bytes two hex digits each spell, spaces between pairs allowed: bytes.fromhex('01 ff') is b'\\x01\\xff'.", func(a *Args) (Value, error) {
		s, ok := a.Value("string").(string)
		if !ok {
			return nil, Errorf(TypeError, "fromhex() argument must be str, not %s", TypeName(a.Value("string")))
		}
		var out []byte
		for i := 0; i < len(s); {
			if strings.IndexByte(asciiSpace, s[i]) >= 0 {
				i++
				continue
			}
			hi, ok1 := hexDigit(s, i)
			lo, ok2 := hexDigit(s, i+1)
			if !ok1 || !ok2 {
				at := i
				if ok1 {
					at = i + 1
				}
				return nil, Errorf(ValueError, "non-hexadecimal number found in fromhex() arg at position %d", at)
			}
			out = append(out, hi<<4|lo)
			i += 2
		}
		return Bytes{b: out}, nil
	})
	defBytesSearch()
	defBytesShape()
	defBytesText()
	shareBytesMethods()
}

// hexDigit is the value of the hex digit s[i].
func hexDigit(s string, i int) (byte, bool) {
	if i >= len(s) {
		return 0, false
	}
	switch c := s[i]; {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}

// defBytesSearch adds count, find, rfind, index, rindex, startswith and
// endswith.
func defBytesSearch() {
	for _, name := range []string{"find", "rfind", "index", "rindex", "count"} {
		defMethod("bytes", name+"(self, sub, start=None, end=None)", map[string]string{
			"find":   "The lowest position of sub (bytes or an int) in b[start:end], or -1.",
			"rfind":  "The highest position of sub (bytes or an int) in b[start:end], or -1.",
			"index":  "find, but a ValueError where sub is absent.",
			"rindex": "rfind, but a ValueError where sub is absent.",
			"count":  "The number of non-overlapping occurrences of sub (bytes or an int) in b[start:end].",
		}[name], func(a *Args) (Value, error) {
			sub, err := bytesNeedle(a.Value("sub"))
			if err != nil {
				return nil, err
			}
			win, off, err := bytesWindow(a, a.Value("self").(Bytes).b)
			if err != nil {
				return nil, err
			}
			var i int
			switch name {
			case "count":
				if win == nil {
					return int64(0), nil
				}
				return int64(bytes.Count(win, sub)), nil
			case "find", "index":
				i = bytes.Index(win, sub)
				if win == nil {
					i = -1
				}
			default:
				i = bytes.LastIndex(win, sub)
				if win == nil {
					i = -1
				}
			}
			if i < 0 {
				if name == "index" || name == "rindex" {
					return nil, Errorf(ValueError, "subsection not found")
				}
				return int64(-1), nil
			}
			return int64(i + off), nil
		})
	}
	for _, name := range []string{"startswith", "endswith"} {
		defMethod("bytes", name+"(self, prefix, start=None, end=None)", "Whether b[start:end] "+strings.TrimSuffix(name, "with")+"s with prefix (bytes, or a tuple of bytes: any of them).", func(a *Args) (Value, error) {
			win, _, err := bytesWindow(a, a.Value("self").(Bytes).b)
			if err != nil {
				return nil, err
			}
			test := bytes.HasPrefix
			if name == "endswith" {
				test = bytes.HasSuffix
			}
			cands := Tuple{a.Value("prefix")}
			if t, ok := a.Value("prefix").(Tuple); ok {
				cands = t
			}
			for _, c := range cands {
				p, ok := bytesLike(c)
				if !ok {
					if _, isTuple := a.Value("prefix").(Tuple); isTuple {
						return nil, Errorf(TypeError, "a bytes-like object is required, not '%s'", TypeName(c))
					}
					return nil, Errorf(TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", name, TypeName(c))
				}
				if win != nil && test(win, p) {
					return true, nil
				}
			}
			return false, nil
		})
	}
}

// defBytesShape adds the methods that make new bytes: join, split,
// replace, strip, case changes and the predicates.
func defBytesShape() {
	defMethod("bytes", "join(self, iterable_of_bytes)", "The bytes of the iterable joined with b between them: b', '.join([b'a', b'b']) is b'a, b'.", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable_of_bytes"))
		if err != nil {
			return nil, joinIterError(a.Value("iterable_of_bytes"), err)
		}
		parts := make([][]byte, len(elems))
		for i, e := range elems {
			p, ok := bytesLike(e)
			if !ok {
				return nil, Errorf(TypeError, "sequence item %d: expected a bytes-like object, %s found", i, TypeName(e))
			}
			parts[i] = p
		}
		return Bytes{b: bytes.Join(parts, a.Value("self").(Bytes).b)}, nil
	})
	defMethod("bytes", "split(self, sep=None, maxsplit=-1)", "The parts of b between occurrences of sep, or between runs of ASCII white space without sep, at most maxsplit splits.", func(a *Args) (Value, error) {
		b := a.Value("self").(Bytes).b
		maxsplit := a.Int64("maxsplit")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var parts [][]byte
		if a.IsNone("sep") {
			parts = splitASCIISpace(b, maxsplit)
		} else {
			sep, err := bytesArg(a.Value("sep"))
			if err != nil {
				return nil, err
			}
			if len(sep) == 0 {
				return nil, Errorf(ValueError, "empty separator")
			}
			n := -1
			if maxsplit >= 0 {
				n = int(min(maxsplit, int64(len(b)))) + 1
			}
			parts = bytes.SplitN(b, sep, n)
		}
		out := make([]Value, len(parts))
		for i, p := range parts {
			out[i] = Bytes{b: bytes.Clone(p)}
		}
		return &List{Elems: out}, nil
	})
	defMethod("bytes", "replace(self, old, new, count=-1)", "b with the first count (all, by default) occurrences of old replaced by new.", func(a *Args) (Value, error) {
		old, err := bytesArg(a.Value("old"))
		if err != nil {
			return nil, err
		}
		repl, err := bytesArg(a.Value("new"))
		if err != nil {
			return nil, err
		}
		n := a.Int64("count")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return Bytes{b: bytes.Replace(a.Value("self").(Bytes).b, old, repl, int(max(n, -1)))}, nil
	})
	for _, name := range []string{"strip", "lstrip", "rstrip"} {
		defMethod("bytes", name+"(self, bytes=None)", "b without the leading and/or trailing bytes in the argument (ASCII white space by default).", func(a *Args) (Value, error) {
			b := a.Value("self").(Bytes).b
			cut := asciiSpace
			if !a.IsNone("bytes") {
				c, err := bytesArg(a.Value("bytes"))
				if err != nil {
					return nil, err
				}
				cut = string(c)
			}
			in := func(c byte) bool { return strings.IndexByte(cut, c) >= 0 }
			lo, hi := 0, len(b)
			if name != "rstrip" {
				for lo < hi && in(b[lo]) {
					lo++
				}
			}
			if name != "lstrip" {
				for hi > lo && in(b[hi-1]) {
					hi--
				}
			}
			return Bytes{b: bytes.Clone(b[lo:hi])}, nil
		})
	}
	cases := map[string]func(byte) byte{
		"upper": func(c byte) byte {
			if 'a' <= c && c <= 'z' {
				return c - 32
			}
			return c
		},
		"lower": func(c byte) byte {
			if 'A' <= c && c <= 'Z' {
				return c + 32
			}
			return c
		},
	}
	for name, f := range cases {
		defMethod("bytes", name+"(self)", "b with the ASCII letters in "+name+" case.", func(a *Args) (Value, error) {
			b := bytes.Clone(a.Value("self").(Bytes).b)
			for i, c := range b {
				b[i] = f(c)
			}
			return Bytes{b: b}, nil
		})
	}
	preds := map[string]func(byte) bool{
		"isdigit": func(c byte) bool { return '0' <= c && c <= '9' },
		"isalpha": func(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' },
		"isspace": func(c byte) bool { return strings.IndexByte(asciiSpace, c) >= 0 },
		"isascii": func(c byte) bool { return c < 0x80 },
	}
	for name, p := range preds {
		defMethod("bytes", name+"(self)", "Whether every byte of b is "+strings.TrimPrefix(name, "is")+" (ASCII), and b is not empty (isascii: also when empty).", func(a *Args) (Value, error) {
			b := a.Value("self").(Bytes).b
			if len(b) == 0 {
				return name == "isascii", nil
			}
			for _, c := range b {
				if !p(c) {
					return false, nil
				}
			}
			return true, nil
		})
	}
	for _, name := range []string{"removeprefix", "removesuffix"} {
		defMethod("bytes", name+"(self, affix)", "b without the "+strings.TrimPrefix(name, "remove")+" affix, when it has it.", func(a *Args) (Value, error) {
			affix, err := bytesArg(a.Value("affix"))
			if err != nil {
				return nil, err
			}
			b := a.Value("self").(Bytes).b
			if name == "removeprefix" {
				return Bytes{b: bytes.Clone(bytes.TrimPrefix(b, affix))}, nil
			}
			return Bytes{b: bytes.Clone(bytes.TrimSuffix(b, affix))}, nil
		})
	}
}

// splitASCIISpace is bytes.split() without a separator.
func splitASCIISpace(b []byte, maxsplit int64) [][]byte {
	var parts [][]byte
	isSpace := func(c byte) bool { return strings.IndexByte(asciiSpace, c) >= 0 }
	i := 0
	for {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return parts
		}
		if maxsplit >= 0 && int64(len(parts)) == maxsplit {
			return append(parts, b[i:]) // the rest, white space at its end kept
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		parts = append(parts, b[i:j])
		i = j
	}
}
