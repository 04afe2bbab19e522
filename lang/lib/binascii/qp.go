package binascii

import "github.com/kael-dev/kael/lang"

// Quoted-printable (RFC 1521), as CPython's binascii writes and reads it:
// lines of at most 76 characters, =XX for bytes that cannot stand as
// themselves, '=' at a line's end for a soft break.

// maxQPLine is the longest encoded line, the soft break's '=' included.
const maxQPLine = 76

const upperHex = "0123456789ABCDEF"

func hexValue(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// A2BQP is binascii.a2b_qp: =XX decoded, soft line breaks dropped, and
// with header '_' read as a space. What is not a valid escape stays.
func A2BQP(data []byte, header bool) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '=':
			i++
			if i >= len(data) {
				return out
			}
			switch n := data[i]; {
			case n == '\n' || n == '\r': // a soft break: up to the newline
				for i < len(data) && data[i] != '\n' {
					i++
				}
				if i < len(data) {
					i++
				}
			case n == '=':
				out = append(out, '=')
				i++
			default:
				hi, ok1 := hexValue(n)
				lo, ok2 := byte(0), false
				if i+1 < len(data) {
					lo, ok2 = hexValue(data[i+1])
				}
				if ok1 && ok2 {
					out = append(out, hi<<4|lo)
					i += 2
				} else {
					out = append(out, '=')
				}
			}
		case header && c == '_':
			out = append(out, ' ')
			i++
		default:
			out = append(out, c)
			i++
		}
	}
	return out
}

// B2AQP is binascii.b2a_qp. quotetabs escapes every tab and space,
// istext keeps line ends as line ends (written as the data writes its
// first one, CRLF or LF), header escapes '_' and writes spaces as '_'.
func B2AQP(data []byte, quotetabs, istext, header bool) []byte {
	crlf := false
	for i, c := range data {
		if c == '\n' {
			crlf = i > 0 && data[i-1] == '\r'
			break
		}
	}
	var out []byte
	newline := func() {
		if crlf {
			out = append(out, '\r')
		}
		out = append(out, '\n')
	}
	softBreak := func() {
		out = append(out, '=')
		newline()
	}
	escape := func(c byte) { out = append(out, '=', upperHex[c>>4], upperHex[c&15]) }
	lineLen := 0
	for i := 0; i < len(data); {
		c := data[i]
		last := i+1 == len(data)
		next := byte(0)
		if !last {
			next = data[i+1]
		}
		mustEscape := c > 126 || c == '=' || (header && c == '_') ||
			(c == '.' && lineLen == 0 && (last || next == '\n' || next == '\r' || next == 0)) ||
			(!istext && (c == '\r' || c == '\n')) ||
			((c == '\t' || c == ' ') && last) ||
			(c < 33 && c != '\r' && c != '\n' && (quotetabs || (c != '\t' && c != ' ')))
		switch {
		case mustEscape:
			if lineLen+3 >= maxQPLine {
				softBreak()
				lineLen = 0
			}
			escape(c)
			i++
			lineLen += 3
		case istext && (c == '\n' || (!last && c == '\r' && next == '\n')):
			lineLen = 0
			// white space at a line's end is escaped, as mail may strip it
			if n := len(out); n > 0 && (out[n-1] == ' ' || out[n-1] == '\t') {
				ws := out[n-1]
				out = out[:n-1]
				escape(ws)
			}
			newline()
			if c == '\r' {
				i += 2
			} else {
				i++
			}
		default:
			if !last && next != '\n' && lineLen+1 >= maxQPLine {
				softBreak()
				lineLen = 0
			}
			lineLen++
			if header && c == ' ' {
				out = append(out, '_')
			} else {
				out = append(out, c)
			}
			i++
		}
	}
	return out
}

func init() {
	uuFuncs["a2b_qp"] = def("a2b_qp(data, header=False)", "Decode a string of quoted-printable data.", func(a *lang.Args) (lang.Value, error) {
		b, err := asciiArg(a, "data")
		header := a.Bool("header")
		if err == nil {
			err = a.Err()
		}
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(A2BQP(b, header)), nil
	})
	uuFuncs["b2a_qp"] = def("b2a_qp(data, quotetabs=False, istext=True, header=False)", "Encode a string using quoted-printable encoding: quotetabs escapes tabs and spaces, istext keeps line ends, header writes spaces as '_'.", func(a *lang.Args) (lang.Value, error) {
		b, err := bytesArg(a, "data")
		quotetabs, istext, header := a.Bool("quotetabs"), a.Bool("istext"), a.Bool("header")
		if err == nil {
			err = a.Err()
		}
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(B2AQP(b, quotetabs, istext, header)), nil
	})
}
