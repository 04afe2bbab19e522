package lang

import (
	"bytes"
	"slices"
	"strings"
)

// The methods of bytes that treat them as ASCII text: padding (center,
// ljust, rjust, zfill), partition and rpartition, rsplit, splitlines,
// expandtabs, the case changes title, swapcase and capitalize, the
// predicates isalnum, islower, isupper and istitle, and translate with
// bytes.maketrans. Bytes outside ASCII are neither letters nor digits,
// as in CPython.

func isASCIILower(c byte) bool { return 'a' <= c && c <= 'z' }
func isASCIIUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }

// swapASCIICase is c with its ASCII case swapped.
func swapASCIICase(c byte) byte {
	if isASCIILower(c) || isASCIIUpper(c) {
		return c ^ 0x20
	}
	return c
}

// selfBytes is the content of the receiver of a bytes method.
func selfBytes(a *Args) []byte { return a.Value("self").(Bytes).b }

// indexArg is an int argument with CPython's error for another type
// ("'str' object cannot be interpreted as an integer").
func indexArg(a *Args, name string) (int, error) {
	v := a.Value(name)
	if _, ok := v.(BigInt); ok {
		return 0, Errorf(OverflowError, "Python int too large to convert to C ssize_t")
	}
	n, ok := AsInt(v)
	if !ok || isTensor(v) {
		return 0, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(v))
	}
	return int(n), nil
}

// bytesFill is the fillchar of center, ljust and rjust: bytes (or a
// bytearray) of length 1, with CPython's error.
func bytesFill(a *Args, name string) (byte, error) {
	v := a.Value("fillchar")
	b, ok := bytesLike(v)
	if _, isView := v.(*MemoryView); !ok || isView || len(b) != 1 {
		return 0, Errorf(TypeError, "%s() argument 2 must be a byte string of length 1, not %s", name, TypeName(v))
	}
	return b[0], nil
}

// defBytesText adds the methods above; bytes' init calls it before
// shareBytesMethods copies them to bytearray.
func defBytesText() {
	pad := func(name, doc string, place func(b []byte, fill byte, n int) []byte) {
		defMethod("bytes", name+"(self, width, fillchar=b' ')", doc, func(a *Args) (Value, error) {
			b := selfBytes(a)
			width, err := indexArg(a, "width")
			if err != nil {
				return nil, err
			}
			fill, err := bytesFill(a, name)
			if err != nil {
				return nil, err
			}
			if err := checkLength(float64(width), "width %d is too large", width); err != nil {
				return nil, err
			}
			n := width - len(b)
			if n <= 0 {
				return Bytes{b: bytes.Clone(b)}, nil
			}
			return Bytes{b: place(b, fill, n)}, nil
		})
	}
	pad("ljust", "b padded on the right with fillchar to width bytes.", func(b []byte, f byte, n int) []byte {
		return append(bytes.Clone(b), bytes.Repeat([]byte{f}, n)...)
	})
	pad("rjust", "b padded on the left with fillchar to width bytes.", func(b []byte, f byte, n int) []byte {
		return append(bytes.Repeat([]byte{f}, n), b...)
	})
	pad("center", "b centred in width bytes of fillchar.", func(b []byte, f byte, n int) []byte {
		left := n/2 + n&(len(b)+n)&1 // CPython's rule for where the odd fill byte goes
		out := append(bytes.Repeat([]byte{f}, left), b...)
		return append(out, bytes.Repeat([]byte{f}, n-left)...)
	})
	defMethod("bytes", "zfill(self, width)", "b padded with b'0' on the left to width bytes, after a leading sign (b'+' or b'-').", func(a *Args) (Value, error) {
		b := selfBytes(a)
		width, err := indexArg(a, "width")
		if err != nil {
			return nil, err
		}
		if err := checkLength(float64(width), "width %d is too large", width); err != nil {
			return nil, err
		}
		n := width - len(b)
		if n <= 0 {
			return Bytes{b: bytes.Clone(b)}, nil
		}
		var sign []byte
		if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
			sign, b = b[:1], b[1:]
		}
		return Bytes{b: append(append(bytes.Clone(sign), bytes.Repeat([]byte{'0'}, n)...), b...)}, nil
	})
	for _, name := range []string{"partition", "rpartition"} {
		defMethod("bytes", name+"(self, sep)", map[string]string{
			"partition":  "(before, sep, after) around the first sep, or (b, b'', b'') when there is none.",
			"rpartition": "(before, sep, after) around the last sep, or (b'', b'', b) when there is none.",
		}[name], func(a *Args) (Value, error) {
			b := selfBytes(a)
			sep, err := bytesArg(a.Value("sep"))
			if err != nil {
				return nil, err
			}
			if len(sep) == 0 {
				return nil, Errorf(ValueError, "empty separator")
			}
			i := bytes.Index(b, sep)
			if name == "rpartition" {
				i = bytes.LastIndex(b, sep)
			}
			empty := Bytes{b: []byte{}}
			switch {
			case i >= 0:
				return Tuple{Bytes{b: bytes.Clone(b[:i])}, a.Value("sep"), Bytes{b: bytes.Clone(b[i+len(sep):])}}, nil
			case name == "rpartition":
				return Tuple{empty, empty, Bytes{b: bytes.Clone(b)}}, nil
			}
			return Tuple{Bytes{b: bytes.Clone(b)}, empty, empty}, nil
		})
	}
	defMethod("bytes", "rsplit(self, sep=None, maxsplit=-1)", "split from the right: the parts of b between occurrences of sep (runs of ASCII white space without sep), at most maxsplit splits, the last ones.", func(a *Args) (Value, error) {
		b, n := selfBytes(a), a.Int64("maxsplit")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var parts [][]byte
		if a.IsNone("sep") {
			parts = rsplitASCIISpace(b, n)
		} else {
			sep, err := bytesArg(a.Value("sep"))
			if err != nil {
				return nil, err
			}
			if len(sep) == 0 {
				return nil, Errorf(ValueError, "empty separator")
			}
			for n != 0 {
				i := bytes.LastIndex(b, sep)
				if i < 0 {
					break
				}
				parts = append(parts, b[i+len(sep):])
				b = b[:i]
				n--
			}
			parts = append(parts, b)
			slices.Reverse(parts)
		}
		out := make([]Value, len(parts))
		for i, p := range parts {
			out[i] = Bytes{b: bytes.Clone(p)}
		}
		return &List{Elems: out}, nil
	})
	defMethod("bytes", "splitlines(self, keepends=False)", "The lines of b, split at b'\\n', b'\\r' and b'\\r\\n' (only those, unlike str); with keepends the breaks stay on their lines.", func(a *Args) (Value, error) {
		b, keep := selfBytes(a), a.Bool("keepends")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var lines []Value
		for len(b) > 0 {
			i := bytes.IndexAny(b, "\r\n")
			if i < 0 {
				lines = append(lines, Bytes{b: bytes.Clone(b)})
				break
			}
			size := 1
			if bytes.HasPrefix(b[i:], []byte("\r\n")) {
				size = 2
			}
			end := i
			if keep {
				end = i + size
			}
			lines = append(lines, Bytes{b: bytes.Clone(b[:end])})
			b = b[i+size:]
		}
		return &List{Elems: lines}, nil
	})
	defMethod("bytes", "expandtabs(self, tabsize=8)", "b with each b'\\t' replaced by spaces up to the next multiple of tabsize columns (columns restart after b'\\n' and b'\\r').", func(a *Args) (Value, error) {
		b := selfBytes(a)
		size, err := indexArg(a, "tabsize")
		if err != nil {
			return nil, err
		}
		var out []byte
		col := 0
		for _, c := range b {
			switch c {
			case '\t':
				if size > 0 {
					n := size - col%size
					if len(out)+n > MaxRepeat {
						return nil, Errorf(MemoryError, "expandtabs with tabsize %d needs too much memory", size)
					}
					out = append(out, bytes.Repeat([]byte{' '}, n)...)
					col += n
				}
			case '\n', '\r':
				out = append(out, c)
				col = 0
			default:
				out = append(out, c)
				col++
			}
		}
		return Bytes{b: out}, nil
	})
	defBytesCase()
	defBytesTranslate()
}

// defBytesCase adds title, swapcase, capitalize and the predicates
// isalnum, islower, isupper and istitle.
func defBytesCase() {
	recase := map[string]func(b []byte){
		"swapcase": func(b []byte) {
			for i, c := range b {
				b[i] = swapASCIICase(c)
			}
		},
		"capitalize": func(b []byte) {
			for i, c := range b {
				if i == 0 && isASCIILower(c) || i > 0 && isASCIIUpper(c) {
					b[i] = c ^ 0x20
				}
			}
		},
		"title": func(b []byte) {
			prevCased := false
			for i, c := range b {
				if prevCased && isASCIIUpper(c) || !prevCased && isASCIILower(c) {
					b[i] = c ^ 0x20
				}
				prevCased = isASCIILower(c) || isASCIIUpper(c)
			}
		},
	}
	docs := map[string]string{
		"swapcase":   "b with the case of its ASCII letters swapped.",
		"capitalize": "b with its first byte upper case and the other ASCII letters lower case.",
		"title":      "b with each word's first ASCII letter upper case and the rest lower case.",
	}
	for name, f := range recase {
		defMethod("bytes", name+"(self)", docs[name], func(a *Args) (Value, error) {
			b := bytes.Clone(selfBytes(a))
			f(b)
			return Bytes{b: b}, nil
		})
	}
	defMethod("bytes", "isalnum(self)", "Whether b is not empty and every byte is an ASCII letter or digit.", func(a *Args) (Value, error) {
		b := selfBytes(a)
		for _, c := range b {
			if !isASCIIDigit(c) && !isASCIILower(c|0x20) {
				return false, nil
			}
		}
		return len(b) > 0, nil
	})
	for name, want := range map[string]func(byte) bool{"islower": isASCIILower, "isupper": isASCIIUpper} {
		defMethod("bytes", name+"(self)", "Whether b has ASCII letters and all of them are "+strings.TrimPrefix(name, "is")+" case.", func(a *Args) (Value, error) {
			cased := false
			for _, c := range selfBytes(a) {
				if isASCIILower(c) || isASCIIUpper(c) {
					if !want(c) {
						return false, nil
					}
					cased = true
				}
			}
			return cased, nil
		})
	}
	defMethod("bytes", "istitle(self)", "Whether b has ASCII letters and each word starts with the only upper-case one: b'Hello World'.", func(a *Args) (Value, error) {
		cased, prevCased := false, false
		for _, c := range selfBytes(a) {
			switch {
			case isASCIIUpper(c):
				if prevCased {
					return false, nil
				}
				prevCased, cased = true, true
			case isASCIILower(c):
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
}

// defBytesTranslate adds bytes.translate and bytes.maketrans.
func defBytesTranslate() {
	defMethod("bytes", "translate(self, table, delete=b'')", "b with the bytes in delete removed and each other byte c replaced by table[c] (table: 256 bytes, or None to keep them).", func(a *Args) (Value, error) {
		var table []byte
		if !a.IsNone("table") {
			t, err := bytesArg(a.Value("table"))
			if err != nil {
				return nil, err
			}
			if len(t) != 256 {
				return nil, Errorf(ValueError, "translation table must be 256 characters long")
			}
			table = t
		}
		del, err := bytesArg(a.Value("delete"))
		if err != nil {
			return nil, err
		}
		out := make([]byte, 0, len(selfBytes(a)))
		for _, c := range selfBytes(a) {
			switch {
			case bytes.IndexByte(del, c) >= 0:
			case table != nil:
				out = append(out, table[c])
			default:
				out = append(out, c)
			}
		}
		return Bytes{b: out}, nil
	})
	defClassFunction("bytes", "maketrans(frm, to)", "A table for bytes.translate: the 256 bytes in order, with each byte of frm replaced by the byte of to at its position.", func(a *Args) (Value, error) {
		frm, err := bytesArg(a.Value("frm"))
		if err != nil {
			return nil, err
		}
		to, err := bytesArg(a.Value("to"))
		if err != nil {
			return nil, err
		}
		if len(frm) != len(to) {
			return nil, Errorf(ValueError, "maketrans arguments must have same length")
		}
		table := make([]byte, 256)
		for i := range table {
			table[i] = byte(i)
		}
		for i, c := range frm {
			table[c] = to[i]
		}
		return Bytes{b: table}, nil
	})
}

// rsplitASCIISpace is bytes.rsplit() without a separator.
func rsplitASCIISpace(b []byte, maxsplit int64) [][]byte {
	isSpace := func(c byte) bool { return strings.IndexByte(asciiSpace, c) >= 0 }
	var parts [][]byte
	j := len(b)
	for {
		for j > 0 && isSpace(b[j-1]) {
			j--
		}
		if j == 0 {
			break
		}
		if maxsplit >= 0 && int64(len(parts)) == maxsplit {
			parts = append(parts, b[:j]) // the rest, white space at its start kept
			break
		}
		i := j
		for i > 0 && !isSpace(b[i-1]) {
			i--
		}
		parts = append(parts, b[i:j])
		j = i
	}
	slices.Reverse(parts)
	return parts
}
