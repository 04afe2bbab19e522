// Package base64 is Python's base64 module: the base64 (standard and
// URL-safe), base32 (and base32hex) and base16 codecs of RFC 4648 and
// encodebytes/decodebytes, over lang/lib/binascii as CPython's base64.py
// is over binascii, with its errors. Ascii85 and base85 are not here.
package base64

import (
	"bytes"
	"encoding/base32"
	"encoding/hex"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/binascii"
)

// decodeData is an argument of a decoder: bytes-like or an ASCII str.
func decodeData(v lang.Value) ([]byte, error) {
	if s, ok := v.(string); ok {
		return binascii.ASCIIData(s)
	}
	if b, err := lang.BytesArg(v); err == nil {
		return b, nil
	}
	return nil, lang.Errorf(lang.TypeError, "argument should be a bytes-like object or ASCII string, not '%s'", lang.TypeName(v))
}

// translate maps the bytes from[i] of b to to[i], in a copy.
func translate(b []byte, from, to string) []byte {
	out := bytes.Clone(b)
	for i, c := range out {
		if k := bytes.IndexByte([]byte(from), c); k >= 0 {
			out[i] = to[k]
		}
	}
	return out
}

// altChars reads the altchars argument: None, or two characters.
func altChars(a *lang.Args, decode bool) (string, bool, error) {
	v := a.Value("altchars")
	if v == lang.None {
		return "", false, nil
	}
	var b []byte
	var err error
	if decode {
		b, err = decodeData(v)
	} else {
		b, err = lang.BytesArg(v)
	}
	if err != nil {
		return "", false, err
	}
	if len(b) != 2 {
		return "", false, lang.Errorf(lang.AssertionError, "%s", lang.Repr(v))
	}
	return string(b), true, nil
}

// b64encode is b64encode, or standard_b64encode without altchars.
func b64encode(a *lang.Args, withAlt bool) (lang.Value, error) {
	b, err := lang.BytesArg(a.Value("s"))
	if err != nil {
		return nil, err
	}
	alt, ok := "", false
	if withAlt {
		if alt, ok, err = altChars(a, false); err != nil {
			return nil, err
		}
	}
	out := binascii.B2ABase64(b, false)
	if ok {
		out = translate(out, "+/", alt)
	}
	return lang.NewBytes(out), nil
}

func b64decode(a *lang.Args) (lang.Value, error) {
	b, err := decodeData(a.Value("s"))
	if err != nil {
		return nil, err
	}
	alt, ok, err := altChars(a, true)
	if err != nil {
		return nil, err
	}
	if ok {
		b = translate(b, alt, "+/")
	}
	validate := a.Bool("validate")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return decoded(binascii.A2BBase64(b, validate))
}

func decoded(b []byte, err error) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	return lang.NewBytes(b), nil
}

// b32Encoder is _b32encode: s must be bytes-like.
func b32Encoder(enc *base32.Encoding) func(a *lang.Args) (lang.Value, error) {
	return func(a *lang.Args) (lang.Value, error) {
		v := a.Value("s")
		b, err := lang.BytesArg(v)
		if err != nil {
			return nil, lang.Errorf(lang.TypeError, "memoryview: a bytes-like object is required, not '%s'", lang.TypeName(v))
		}
		return lang.NewBytes(enc.AppendEncode(nil, b)), nil
	}
}

// b32Decode is CPython's _b32decode: whole quanta of 8 characters, the
// padding at the end saying how many bytes the last one holds.
func b32Decode(alphabet string, s []byte) ([]byte, error) {
	if len(s)%8 != 0 {
		return nil, lang.Errorf(binascii.Error, "Incorrect padding")
	}
	data := bytes.TrimRight(s, "=")
	pads := len(s) - len(data)
	var out []byte
	var acc uint64
	for i := 0; i < len(data); i += 8 {
		acc = 0
		for _, c := range data[i:min(i+8, len(data))] {
			k := bytes.IndexByte([]byte(alphabet), c)
			if k < 0 {
				return nil, lang.Errorf(binascii.Error, "Non-base32 digit found")
			}
			acc = acc<<5 + uint64(k)
		}
		out = append(out, byte(acc>>32), byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc))
	}
	switch pads {
	case 0, 1, 3, 4, 6:
	default:
		return nil, lang.Errorf(binascii.Error, "Incorrect padding")
	}
	if pads > 0 && len(out) > 0 {
		acc <<= 5 * uint(pads)
		keep := (43 - 5*pads) / 8
		last := []byte{byte(acc >> 32), byte(acc >> 24), byte(acc >> 16), byte(acc >> 8), byte(acc)}
		out = append(out[:len(out)-5], last[:keep]...)
	}
	return out, nil
}

const (
	b32Alphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	b32HexAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
)

func b32decode(a *lang.Args) (lang.Value, error) {
	s, err := decodeData(a.Value("s"))
	if err != nil {
		return nil, err
	}
	if len(s)%8 != 0 {
		return nil, lang.Errorf(binascii.Error, "Incorrect padding")
	}
	if m := a.Value("map01"); m != lang.None {
		b, err := decodeData(m)
		if err != nil {
			return nil, err
		}
		if len(b) != 1 {
			return nil, lang.Errorf(lang.AssertionError, "%s", lang.Repr(m))
		}
		s = translate(s, "01", "O"+string(b))
	}
	if a.Bool("casefold") {
		s = bytes.ToUpper(s)
	}
	return decoded(b32Decode(b32Alphabet, s))
}

func b32hexdecode(a *lang.Args) (lang.Value, error) {
	s, err := decodeData(a.Value("s"))
	if err != nil {
		return nil, err
	}
	if a.Bool("casefold") {
		s = bytes.ToUpper(s)
	}
	return decoded(b32Decode(b32HexAlphabet, s))
}

func b16encode(a *lang.Args) (lang.Value, error) {
	b, err := lang.BytesArg(a.Value("s"))
	if err != nil {
		return nil, err
	}
	return lang.NewBytes(bytes.ToUpper(hex.AppendEncode(nil, b))), nil
}

func b16decode(a *lang.Args) (lang.Value, error) {
	s, err := decodeData(a.Value("s"))
	if err != nil {
		return nil, err
	}
	if a.Bool("casefold") {
		s = bytes.ToUpper(s)
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'F') {
			return nil, lang.Errorf(binascii.Error, "Non-base16 digit found")
		}
	}
	return decoded(binascii.Unhexlify(s))
}

// maxBinSize is how many bytes encodebytes puts on a line of 76.
const maxBinSize = 76 / 4 * 3

// bytesLike is the argument of encodebytes and decodebytes.
func bytesLike(v lang.Value) ([]byte, error) {
	b, err := lang.BytesArg(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "expected bytes-like object, not %s", lang.TypeName(v))
	}
	return b, nil
}

func encodebytes(a *lang.Args) (lang.Value, error) {
	b, err := bytesLike(a.Value("s"))
	if err != nil {
		return nil, err
	}
	var out []byte
	for i := 0; i < len(b); i += maxBinSize {
		out = append(out, binascii.B2ABase64(b[i:min(i+maxBinSize, len(b))], true)...)
	}
	if out == nil {
		out = []byte{}
	}
	return lang.NewBytes(out), nil
}

func decodebytes(a *lang.Args) (lang.Value, error) {
	b, err := bytesLike(a.Value("s"))
	if err != nil {
		return nil, err
	}
	return decoded(binascii.A2BBase64(b, false))
}

// b85Alphabet is RFC 1924's, base64.b85encode's.
const b85Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"

// encode85 is CPython's _85encode: each 4-byte word as 5 digits of
// alphabet, big-endian; foldnuls writes a zero word as 'z', foldspaces
// four spaces as 'y'; the padding of the last word is cut unless pad.
func encode85(b []byte, alphabet string, pad, foldnuls, foldspaces bool) []byte {
	padding := (4 - len(b)%4) % 4
	data := append(bytes.Clone(b), make([]byte, padding)...)
	out := make([]byte, 0, len(data)/4*5)
	last := 0
	for i := 0; i < len(data); i += 4 {
		word := uint32(data[i])<<24 | uint32(data[i+1])<<16 | uint32(data[i+2])<<8 | uint32(data[i+3])
		last = len(out)
		switch {
		case foldnuls && word == 0:
			out = append(out, 'z')
		case foldspaces && word == 0x20202020:
			out = append(out, 'y')
		default:
			var chunk [5]byte
			for j := 4; j >= 0; j-- {
				chunk[j] = alphabet[word%85]
				word /= 85
			}
			out = append(out, chunk[:]...)
		}
	}
	if padding > 0 && !pad {
		if out[last] == 'z' && len(out)-last == 1 {
			out = append(out[:last], bytes.Repeat([]byte{alphabet[0]}, 5)...)
		}
		out = out[:len(out)-padding]
	}
	return out
}

func b85encode(a *lang.Args) (lang.Value, error) {
	v := a.Value("b")
	b, err := lang.BytesArg(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "memoryview: a bytes-like object is required, not '%s'", lang.TypeName(v))
	}
	pad := a.Bool("pad")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return lang.NewBytes(encode85(b, b85Alphabet, pad, false, false)), nil
}

// a85Alphabet is Ascii85's: the characters from '!' to 'u'.
var a85Alphabet = func() string {
	var b [85]byte
	for i := range b {
		b[i] = byte(33 + i)
	}
	return string(b[:])
}()

func a85encode(a *lang.Args) (lang.Value, error) {
	v := a.Value("b")
	b, err := lang.BytesArg(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "memoryview: a bytes-like object is required, not '%s'", lang.TypeName(v))
	}
	foldspaces, wrapcol, pad, adobe := a.Bool("foldspaces"), a.Int("wrapcol"), a.Bool("pad"), a.Bool("adobe")
	if err := a.Err(); err != nil {
		return nil, err
	}
	out := encode85(b, a85Alphabet, pad, true, foldspaces)
	if adobe {
		out = append([]byte("<~"), out...)
	}
	if wrapcol != 0 {
		if adobe {
			wrapcol = max(2, wrapcol)
		} else {
			wrapcol = max(1, wrapcol)
		}
		var chunks [][]byte
		for i := 0; i < len(out); i += wrapcol {
			chunks = append(chunks, out[i:min(i+wrapcol, len(out))])
		}
		if len(chunks) == 0 {
			chunks = [][]byte{{}}
		}
		if adobe && len(chunks[len(chunks)-1])+2 > wrapcol {
			chunks = append(chunks, []byte{})
		}
		out = bytes.Join(chunks, []byte("\n"))
	}
	if adobe {
		out = append(out, "~>"...)
	}
	return lang.NewBytes(out), nil
}

func a85decode(a *lang.Args) (lang.Value, error) {
	b, err := decodeData(a.Value("b"))
	if err != nil {
		return nil, err
	}
	foldspaces, adobe := a.Bool("foldspaces"), a.Bool("adobe")
	if err := a.Err(); err != nil {
		return nil, err
	}
	ignore, err := decodeData(a.Value("ignorechars"))
	if err != nil {
		return nil, err
	}
	if adobe {
		if !bytes.HasSuffix(b, []byte("~>")) {
			return nil, lang.Errorf(lang.ValueError, "Ascii85 encoded byte sequences must end with b'~>'")
		}
		if bytes.HasPrefix(b, []byte("<~")) {
			b = b[2 : len(b)-2]
		} else {
			b = b[:len(b)-2]
		}
	}
	var out, curr []byte
	for _, x := range append(bytes.Clone(b), "uuuu"...) {
		switch {
		case '!' <= x && x <= 'u':
			curr = append(curr, x)
			if len(curr) == 5 {
				var acc uint64
				for _, c := range curr {
					acc = 85*acc + uint64(c-33)
				}
				if acc > 0xffffffff {
					return nil, lang.Errorf(lang.ValueError, "Ascii85 overflow")
				}
				out = append(out, byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc))
				curr = curr[:0]
			}
		case x == 'z':
			if len(curr) > 0 {
				return nil, lang.Errorf(lang.ValueError, "z inside Ascii85 5-tuple")
			}
			out = append(out, 0, 0, 0, 0)
		case foldspaces && x == 'y':
			if len(curr) > 0 {
				return nil, lang.Errorf(lang.ValueError, "y inside Ascii85 5-tuple")
			}
			out = append(out, ' ', ' ', ' ', ' ')
		case bytes.IndexByte(ignore, x) >= 0:
		default:
			return nil, lang.Errorf(lang.ValueError, "Non-Ascii85 digit found: %c", rune(x))
		}
	}
	padding := 4 - len(curr)
	if padding > 0 {
		out = out[:max(0, len(out)-padding)]
	}
	if out == nil {
		out = []byte{}
	}
	return lang.NewBytes(out), nil
}

func b85decode(a *lang.Args) (lang.Value, error) {
	b, err := decodeData(a.Value("b"))
	if err != nil {
		return nil, err
	}
	padding := (5 - len(b)%5) % 5
	data := append(bytes.Clone(b), bytes.Repeat([]byte{'~'}, padding)...)
	out := make([]byte, 0, len(data)/5*4)
	for i := 0; i < len(data); i += 5 {
		var acc uint64
		for j, c := range data[i : i+5] {
			k := strings.IndexByte(b85Alphabet, c)
			if k < 0 {
				return nil, lang.Errorf(lang.ValueError, "bad base85 character at position %d", i+j)
			}
			acc = acc*85 + uint64(k)
		}
		if acc > 0xffffffff {
			return nil, lang.Errorf(lang.ValueError, "base85 overflow in hunk starting at byte %d", i)
		}
		out = append(out, byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc))
	}
	return lang.NewBytes(out[:len(out)-padding]), nil
}

// encodeFile is base64.encode: input's bytes, read maxBinSize at a time,
// written to output as lines of base64.
func encodeFile(a *lang.Args) (lang.Value, error) {
	read, err := lang.GetAttr(a.Value("input"), "read")
	if err != nil {
		return nil, err
	}
	write, err := lang.GetAttr(a.Value("output"), "write")
	if err != nil {
		return nil, err
	}
	readBytes := func(n int) ([]byte, error) {
		v, err := a.Call(read, int64(n))
		if err != nil {
			return nil, err
		}
		return lang.BytesArg(v)
	}
	for {
		s, err := readBytes(maxBinSize)
		if err != nil {
			return nil, err
		}
		if len(s) == 0 {
			return lang.None, nil
		}
		for len(s) < maxBinSize {
			more, err := readBytes(maxBinSize - len(s))
			if err != nil {
				return nil, err
			}
			if len(more) == 0 {
				break
			}
			s = append(bytes.Clone(s), more...)
		}
		if _, err := a.Call(write, lang.NewBytes(binascii.B2ABase64(s, true))); err != nil {
			return nil, err
		}
	}
}

// decodeFile is base64.decode: input's lines of base64, decoded, written
// to output.
func decodeFile(a *lang.Args) (lang.Value, error) {
	readline, err := lang.GetAttr(a.Value("input"), "readline")
	if err != nil {
		return nil, err
	}
	write, err := lang.GetAttr(a.Value("output"), "write")
	if err != nil {
		return nil, err
	}
	for {
		v, err := a.Call(readline)
		if err != nil {
			return nil, err
		}
		line, err := binascii.ASCIIData(v)
		if err != nil {
			return nil, err
		}
		if len(line) == 0 {
			return lang.None, nil
		}
		s, err := binascii.A2BBase64(line, false)
		if err != nil {
			return nil, err
		}
		if _, err := a.Call(write, lang.NewBytes(s)); err != nil {
			return nil, err
		}
	}
}

func def(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, fn)
}

func init() {
	lang.RegisterModule("base64", "Python's base64: RFC 4648's base64, base32 and base16 codecs of bytes (b64encode, b64decode, urlsafe_*, b32*, b16*, encodebytes, decodebytes).", func() *lang.Module {
		urlsafe := func(a *lang.Args) (lang.Value, error) {
			v, err := b64encode(a, false)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(translate(v.(lang.Bytes).Data(), "+/", "-_")), nil
		}
		return &lang.Module{Name: "base64", Attrs: map[string]lang.Value{
			"b64encode": def("b64encode(s, altchars=None)", "Encode the bytes-like object s using Base64; altchars (two bytes) replace '+' and '/'.", func(a *lang.Args) (lang.Value, error) {
				return b64encode(a, true)
			}),
			"b64decode": def("b64decode(s, altchars=None, validate=False)", "Decode the Base64 bytes-like object or ASCII string s; with validate, characters outside the alphabet are a binascii.Error rather than skipped.", b64decode),
			"standard_b64encode": def("standard_b64encode(s)", "Encode s using the standard Base64 alphabet.", func(a *lang.Args) (lang.Value, error) {
				return b64encode(a, false)
			}),
			"standard_b64decode": def("standard_b64decode(s)", "Decode s, in the standard Base64 alphabet.", func(a *lang.Args) (lang.Value, error) {
				b, err := decodeData(a.Value("s"))
				if err != nil {
					return nil, err
				}
				return decoded(binascii.A2BBase64(b, false))
			}),
			"urlsafe_b64encode": def("urlsafe_b64encode(s)", "Encode s using the URL- and filesystem-safe Base64 alphabet ('-' and '_' for '+' and '/').", urlsafe),
			"urlsafe_b64decode": def("urlsafe_b64decode(s)", "Decode s, in the URL- and filesystem-safe Base64 alphabet.", func(a *lang.Args) (lang.Value, error) {
				b, err := decodeData(a.Value("s"))
				if err != nil {
					return nil, err
				}
				return decoded(binascii.A2BBase64(translate(b, "-_", "+/"), false))
			}),
			"b32encode":    def("b32encode(s)", "Encode the bytes-like object s using base32.", b32Encoder(base32.StdEncoding)),
			"b32decode":    def("b32decode(s, casefold=False, map01=None)", "Decode the base32 bytes-like object or ASCII string s; casefold accepts lowercase, map01 maps the digit 0 to O and 1 to map01.", b32decode),
			"b32hexencode": def("b32hexencode(s)", "Encode the bytes-like object s using base32hex.", b32Encoder(base32.HexEncoding)),
			"b32hexdecode": def("b32hexdecode(s, casefold=False)", "Decode the base32hex bytes-like object or ASCII string s.", b32hexdecode),
			"b16encode":    def("b16encode(s)", "Encode the bytes-like object s using Base16 (uppercase hex).", b16encode),
			"b16decode":    def("b16decode(s, casefold=False)", "Decode the Base16 bytes-like object or ASCII string s; casefold accepts lowercase.", b16decode),
			"encodebytes":  def("encodebytes(s)", "Encode bytes into lines of at most 76 base64 characters, each ending in a newline.", encodebytes),
			"decodebytes":  def("decodebytes(s)", "Decode bytes of base64 data (lines or not).", decodebytes),
			"a85encode":    def("a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False)", "Encode the bytes-like object b in Ascii85 ('z' for four zero bytes; foldspaces: 'y' for four spaces; lines of wrapcol characters; adobe: framed by <~ and ~>).", a85encode),
			"a85decode":    def("a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \\t\\n\\r\\x0b')", "Decode the Ascii85 bytes-like object or ASCII string b, skipping ignorechars.", a85decode),
			"b85encode":    def("b85encode(b, pad=False)", "Encode the bytes-like object b in base85 (RFC 1924's alphabet, as git uses); pad fills the input to a multiple of 4 bytes.", b85encode),
			"b85decode":    def("b85decode(b)", "Decode the base85 bytes-like object or ASCII string b.", b85decode),
			"encode":       def("encode(input, output)", "Encode the binary file input into lines of base64 written to the binary file output.", encodeFile),
			"decode":       def("decode(input, output)", "Decode the lines of base64 of the binary file input into the binary file output.", decodeFile),
		}}
	})
}
