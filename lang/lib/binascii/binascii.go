// Package binascii is Python's binascii module: base64, hex, uuencoding
// (uu.go) and quoted-printable (qp.go) codecs and
// the CRCs of bytes, with CPython's binascii.Error for bad input. The
// codecs are exported for lang/lib/base64, which builds on them as
// CPython's base64.py builds on binascii.
package binascii

import (
	"encoding/base64"
	"encoding/hex"
	"hash/crc32"

	"github.com/kael-dev/kael/lang"
)

// Error is the kind of binascii.Error, a ValueError; Incomplete that of
// binascii.Incomplete.
const (
	Error      lang.ErrorKind = "binascii.Error"
	Incomplete lang.ErrorKind = "binascii.Incomplete"
)

var (
	errorClass      = lang.RegisterExceptionClass(Error, "binascii", "Error", lang.ValueError)
	incompleteClass = lang.RegisterExceptionClass(Incomplete, "binascii", "Incomplete", "Exception")
)

// ASCIIData is an argument of an a2b_ function: bytes-like, or a str of
// ASCII characters only, with CPython's errors for others.
func ASCIIData(v lang.Value) ([]byte, error) {
	if s, ok := v.(string); ok {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return nil, lang.Errorf(lang.ValueError, "string argument should contain only ASCII characters")
			}
		}
		return []byte(s), nil
	}
	if b, err := lang.BytesArg(v); err == nil {
		return b, nil
	}
	return nil, lang.Errorf(lang.TypeError, "argument should be bytes, buffer or ASCII string, not '%s'", lang.TypeName(v))
}

// b64Value maps a base64 character to its value, 0xff for the others.
var b64Value = func() (t [256]byte) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range t {
		t[i] = 0xff
	}
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// A2BBase64 decodes base64 as CPython's binascii.a2b_base64: characters
// outside the alphabet are skipped (an error in strict mode), the data
// ends at the padding that completes a quad.
func A2BBase64(data []byte, strict bool) ([]byte, error) {
	if strict && len(data) > 0 && data[0] == '=' {
		return nil, lang.Errorf(Error, "Leading padding not allowed")
	}
	out := make([]byte, 0, len(data)/4*3+3)
	quad, pads, left := 0, 0, byte(0)
	padding := false
	for i, c := range data {
		if c == '=' {
			padding = true
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					if strict && i+1 < len(data) {
						return nil, lang.Errorf(Error, "Excess data after padding")
					}
					return out, nil
				}
			}
			continue
		}
		v := b64Value[c]
		if v == 0xff {
			if strict {
				return nil, lang.Errorf(Error, "Only base64 data is allowed")
			}
			continue
		}
		if strict && padding {
			return nil, lang.Errorf(Error, "Discontinuous padding not allowed")
		}
		pads = 0
		switch quad {
		case 0:
			left = v
		case 1:
			out = append(out, left<<2|v>>4)
			left = v & 0x0f
		case 2:
			out = append(out, left<<4|v>>2)
			left = v & 0x03
		case 3:
			out = append(out, left<<6|v)
		}
		quad = (quad + 1) % 4
	}
	switch {
	case quad == 1:
		return nil, lang.Errorf(Error, "Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a multiple of 4", len(out)/3*4+1)
	case quad != 0:
		return nil, lang.Errorf(Error, "Incorrect padding")
	}
	return out, nil
}

// B2ABase64 encodes data as base64, with a newline at the end if asked.
func B2ABase64(data []byte, newline bool) []byte {
	out := base64.StdEncoding.AppendEncode(nil, data)
	if newline {
		out = append(out, '\n')
	}
	return out
}

// Unhexlify decodes hex digits, with CPython's errors.
func Unhexlify(data []byte) ([]byte, error) {
	if len(data)%2 != 0 {
		return nil, lang.Errorf(Error, "Odd-length string")
	}
	out := make([]byte, len(data)/2)
	if _, err := hex.Decode(out, data); err != nil {
		return nil, lang.Errorf(Error, "Non-hexadecimal digit found")
	}
	return out, nil
}

// crcHQX is CRC-CCITT (polynomial 0x1021, not reflected), binascii.crc_hqx.
func crcHQX(data []byte, crc uint16) uint16 {
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

func asciiArg(a *lang.Args, name string) ([]byte, error) { return ASCIIData(a.Value(name)) }

func bytesArg(a *lang.Args, name string) ([]byte, error) { return lang.BytesArg(a.Value(name)) }

func def(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, fn)
}

// hexlify is b2a_hex; with sep it is bytes.hex(sep, bytes_per_sep) as
// bytes, the engine's rule for separators.
func hexlify(a *lang.Args) (lang.Value, error) {
	b, err := bytesArg(a, "data")
	if err != nil {
		return nil, err
	}
	if a.IsNone("sep") {
		return lang.NewBytes(hex.AppendEncode(nil, b)), nil
	}
	method, err := lang.GetAttr(lang.NewBytes(b), "hex")
	if err != nil {
		return nil, err
	}
	v, err := a.Call(method, a.Value("sep"), a.Value("bytes_per_sep"))
	if err != nil {
		return nil, err
	}
	s, _ := v.(string)
	return lang.NewBytes([]byte(s)), nil
}

func unhexlify(a *lang.Args) (lang.Value, error) {
	b, err := asciiArg(a, "hexstr")
	if err != nil {
		return nil, err
	}
	out, err := Unhexlify(b)
	if err != nil {
		return nil, err
	}
	return lang.NewBytes(out), nil
}

func init() {
	lang.RegisterModule("binascii", "Python's binascii: base64, hex, uuencoding and quoted-printable (a2b_base64, b2a_base64, hexlify, unhexlify, a2b_uu, b2a_uu, a2b_qp, b2a_qp) and crc32, crc_hqx, with binascii.Error.", func() *lang.Module {
		m := &lang.Module{Name: "binascii", Attrs: map[string]lang.Value{
			"Error":      errorClass,
			"Incomplete": incompleteClass,
			"a2b_base64": def("a2b_base64(data, /, *, strict_mode=False)", "Decode a line of base64 data.", func(a *lang.Args) (lang.Value, error) {
				b, err := asciiArg(a, "data")
				strict := a.Bool("strict_mode")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				out, err := A2BBase64(b, strict)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"b2a_base64": def("b2a_base64(data, /, *, newline=True)", "Base64-code line of data.", func(a *lang.Args) (lang.Value, error) {
				b, err := bytesArg(a, "data")
				newline := a.Bool("newline")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(B2ABase64(b, newline)), nil
			}),
			"hexlify":   def("hexlify(data, sep=None, bytes_per_sep=1)", "Hexadecimal representation of binary data: two lowercase hex digits a byte, sep between groups of bytes_per_sep bytes.", hexlify),
			"b2a_hex":   def("b2a_hex(data, sep=None, bytes_per_sep=1)", "Hexadecimal representation of binary data: two lowercase hex digits a byte, sep between groups of bytes_per_sep bytes.", hexlify),
			"unhexlify": def("unhexlify(hexstr, /)", "Binary data of hexadecimal representation; hexstr must have an even number of hex digits.", unhexlify),
			"a2b_hex":   def("a2b_hex(hexstr, /)", "Binary data of hexadecimal representation; hexstr must have an even number of hex digits.", unhexlify),
			"crc32": def("crc32(data, crc=0, /)", "The CRC-32 of data, continuing from crc, as an unsigned int.", func(a *lang.Args) (lang.Value, error) {
				b, err := bytesArg(a, "data")
				crc := a.Int64("crc")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				return int64(crc32.Update(uint32(crc), crc32.IEEETable, b)), nil
			}),
			"crc_hqx": def("crc_hqx(data, crc, /)", "The CRC-CCITT (XMODEM) of data, continuing from crc.", func(a *lang.Args) (lang.Value, error) {
				b, err := bytesArg(a, "data")
				crc := a.Int64("crc")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				return int64(crcHQX(b, uint16(crc))), nil
			}),
		}}
		for name, f := range uuFuncs {
			m.Attrs[name] = f
		}
		return m
	})
}
