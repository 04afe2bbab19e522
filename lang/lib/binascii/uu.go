package binascii

import "github.com/kael-dev/kael/lang"

// uuencoding: a line of at most 45 bytes, its length first, each 6 bits
// a character from ' ' (or '`' for 0 with backtick) on.

// maxUULine is how many bytes one uuencoded line holds.
const maxUULine = 45

// B2AUU is binascii.b2a_uu: one uuencoded line, newline included.
func B2AUU(data []byte, backtick bool) ([]byte, error) {
	if len(data) > maxUULine {
		return nil, lang.Errorf(Error, "At most 45 bytes at once")
	}
	char := func(v byte) byte {
		if backtick && v == 0 {
			return '`'
		}
		return ' ' + v
	}
	out := []byte{char(byte(len(data)))}
	var acc uint32
	bits := 0
	for i := 0; i < len(data) || bits != 0; i++ {
		acc <<= 8
		if i < len(data) {
			acc |= uint32(data[i])
		}
		bits += 8
		for bits >= 6 {
			bits -= 6
			out = append(out, char(byte(acc>>bits)&0x3f))
		}
		acc &= 1<<bits - 1
	}
	return append(out, '\n'), nil
}

// A2BUU is binascii.a2b_uu: the bytes of one uuencoded line. As
// CPython's, a line cut short (or ended by a newline) reads as zeros to
// its stated length, and what follows the data may only be spaces,
// backticks and line ends.
func A2BUU(line []byte) ([]byte, error) {
	var first byte // an empty line reads as the length 32, as CPython's
	if len(line) > 0 {
		first, line = line[0], line[1:]
	}
	n := int((first - ' ') & 0x3f)
	out := make([]byte, 0, n)
	var acc uint32
	bits, i := 0, 0
	for ; len(out) < n; i++ {
		var v byte
		if i < len(line) && line[i] != '\n' && line[i] != '\r' {
			c := line[i]
			if c < ' ' || c > ' '+64 {
				return nil, lang.Errorf(Error, "Illegal char")
			}
			v = (c - ' ') & 0x3f
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	for ; i < len(line); i++ {
		if c := line[i]; c != ' ' && c != ' '+64 && c != '\n' && c != '\r' {
			return nil, lang.Errorf(Error, "Trailing garbage")
		}
	}
	return out, nil
}

func init() {
	uuFuncs["b2a_uu"] = def("b2a_uu(data, /, *, backtick=False)", "Uuencode a line of at most 45 bytes: its length, then 6 bits a character, then a newline; backtick writes '`' for zero bits in place of ' '.", func(a *lang.Args) (lang.Value, error) {
		b, err := bytesArg(a, "data")
		backtick := a.Bool("backtick")
		if err == nil {
			err = a.Err()
		}
		if err != nil {
			return nil, err
		}
		out, err := B2AUU(b, backtick)
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(out), nil
	})
	uuFuncs["a2b_uu"] = def("a2b_uu(data, /)", "Decode a line of uuencoded data.", func(a *lang.Args) (lang.Value, error) {
		b, err := asciiArg(a, "data")
		if err != nil {
			return nil, err
		}
		out, err := A2BUU(b)
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(out), nil
	})
}

// uuFuncs are the uuencoding functions the module adds.
var uuFuncs = map[string]*lang.Builtin{}
