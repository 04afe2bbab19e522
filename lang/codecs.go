package lang

import (
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// The text codecs of str.encode and bytes.decode: utf-8, utf-8-sig,
// utf-16 and utf-32 (with a byte-order mark, or -le/-be without),
// ascii, latin-1 and cp1252, under CPython's names and aliases, with
// the error handlers strict, ignore, replace, backslashreplace and (to
// encode) xmlcharrefreplace, and CPython's messages: "'utf-8' codec
// can't decode byte 0xff in position 0: invalid start byte".

// Codec is one of kael's text codecs (codecs.lookup); name is how
// CPython's messages name it, info its name in codecs.lookup.
type Codec struct {
	name, info string
	encode     func(c *Codec, s, errors string) ([]byte, error)
	decode     func(c *Codec, b []byte, errors string) (string, error)
	// limit and table are the single-byte codecs': the code points
	// below limit are their own byte, the others table's (cp1252).
	limit rune
	table *charmap.Charmap
}

// codecAliases maps CPython's normalized names (lower case, '_' for
// '-' and ' ') to the codecs.
var codecAliases = map[string]*Codec{}

func init() {
	utf8c := &Codec{name: "utf-8", info: "utf-8", encode: encodeUTF8, decode: decodeUTF8}
	sig := &Codec{name: "utf-8-sig", info: "utf-8-sig", encode: encodeUTF8, decode: decodeUTF8}
	ascii := &Codec{name: "ascii", info: "ascii", limit: 0x80, encode: encodeByteTable, decode: decodeByteTable}
	latin1 := &Codec{name: "latin-1", info: "iso8859-1", limit: 0x100, encode: encodeByteTable, decode: decodeByteTable}
	cp1252 := &Codec{name: "charmap", info: "cp1252", limit: 0x80, table: charmap.Windows1252, encode: encodeByteTable, decode: decodeByteTable}
	wide := func(name string) *Codec {
		return &Codec{name: name, info: name, encode: encodeWide, decode: decodeWide}
	}
	for names, c := range map[string]*Codec{
		"utf_8 utf8 u8 utf utf8_ucs2 utf8_ucs4 cp65001": utf8c,
		"utf_8_sig": sig,
		"ascii us_ascii 646 us ansi_x3.4_1968 ansi_x3_4_1968 iso646_us cp367 csascii ibm367 iso_ir_6 us":        ascii,
		"latin_1 latin1 latin l1 iso_8859_1 iso8859_1 8859 cp819 iso_ir_100 csisolatin1 ibm819 iso_8859_1_1987": latin1,
		"cp1252 windows_1252 1252":                 cp1252,
		"utf_16 utf16 u16":                         wide("utf-16"),
		"utf_16_le utf_16le unicodelittleunmarked": wide("utf-16-le"),
		"utf_16_be utf_16be unicodebigunmarked":    wide("utf-16-be"),
		"utf_32 utf32 u32":                         wide("utf-32"),
		"utf_32_le utf_32le":                       wide("utf-32-le"),
		"utf_32_be utf_32be":                       wide("utf-32-be"),
	} {
		for _, n := range strings.Fields(names) {
			codecAliases[n] = c
		}
	}
}

// LookupCodec finds the codec named encoding, as codecs.lookup does: a
// LookupError for a name kael does not know.
func LookupCodec(encoding string) (*Codec, error) { return lookupCodec(encoding) }

// Name is the codec's name in codecs.lookup: 'utf-8', 'iso8859-1'.
func (c *Codec) Name() string { return c.info }

// FuncName is the prefix of the codec's functions in CPython's messages:
// utf_8 (of utf_8_encode), latin_1, charmap.
func (c *Codec) FuncName() string {
	if c.name == "utf-8-sig" {
		return "utf_8"
	}
	return strings.ReplaceAll(c.name, "-", "_")
}

// Encode is s.encode(c, errors).
func (c *Codec) Encode(s, errors string) ([]byte, error) { return c.encode(c, s, errors) }

// Decode is b.decode(c, errors).
func (c *Codec) Decode(b []byte, errors string) (string, error) { return c.decode(c, b, errors) }

// lookupCodec finds the codec named encoding, as codecs.lookup does.
func lookupCodec(encoding string) (*Codec, error) {
	n := strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return '_'
		}
		return r
	}, strings.ToLower(strings.TrimSpace(encoding)))
	if c, ok := codecAliases[n]; ok {
		return c, nil
	}
	return nil, Errorf(LookupError, "unknown encoding: %s", encoding).WithHint("kael's codecs are utf-8, utf-8-sig, utf-16, utf-32 (and their -le/-be), ascii, latin-1 and cp1252")
}

// encodeText is s.encode(encoding, errors).
func encodeText(s, encoding, errors string) ([]byte, error) {
	c, err := lookupCodec(encoding)
	if err != nil {
		return nil, err
	}
	return c.encode(c, s, errors)
}

// decodeText is b.decode(encoding, errors).
func decodeText(b []byte, encoding, errors string) (string, error) {
	c, err := lookupCodec(encoding)
	if err != nil {
		return "", err
	}
	return c.decode(c, b, errors)
}

// errUnknownHandler is CPython's error for an error handler it does not
// know, raised (as CPython does) only when an error needs one.
func errUnknownHandler(errors string) error {
	return Errorf(LookupError, "unknown error handler name '%s'", errors)
}

// errLoneSurrogate is the error of surrogateescape and surrogatepass
// where CPython would decode to a lone surrogate, which kael's str (Go's
// UTF-8) cannot hold.
func errLoneSurrogate(errors string) error {
	return Errorf(notImplemented, "the %s error handler would make a lone surrogate here, which kael's str cannot hold", errors).
		WithHint("decode with errors='backslashreplace' or 'replace', or keep the data as bytes")
}

// surrogateBytes reports whether the undecodable bytes b[start:end] of
// c are a surrogate code point in c's encoding, which surrogatepass
// would decode (utf-8's 0xed 0xa0-0xbf, utf-16's and utf-32's units).
func (c *Codec) surrogateBytes(b []byte, start, end int) bool {
	switch {
	case c.name == "utf-8" || c.name == "utf-8-sig":
		return end-start >= 1 && b[start] == 0xed && start+2 < len(b) && b[start+1] >= 0xa0 && b[start+1] <= 0xbf && b[start+2]&0xc0 == 0x80
	case !strings.HasPrefix(c.name, "utf-16") && !strings.HasPrefix(c.name, "utf-32"):
		return false
	}
	unit, order, _ := c.wideLayout()
	if end-start < unit {
		return false
	}
	u := uint32(0)
	if unit == 2 {
		u = uint32(order.Uint16(b[start:]))
	} else {
		u = order.Uint32(b[start:])
	}
	return 0xd800 <= u && u < 0xe000
}

// decodeFailure handles the bytes b[start:end] that c cannot decode
// under errors: what to write in their place, or the UnicodeDecodeError.
func (c *Codec) decodeFailure(b []byte, start, end int, reason, errors string) (string, error) {
	switch errors {
	case "strict":
		if end-start == 1 {
			return "", Errorf(UnicodeDecodeError, "'%s' codec can't decode byte 0x%02x in position %d: %s", c.name, b[start], start, reason)
		}
		return "", Errorf(UnicodeDecodeError, "'%s' codec can't decode bytes in position %d-%d: %s", c.name, start, end-1, reason)
	case "ignore":
		return "", nil
	case "replace":
		return "\ufffd", nil
	case "backslashreplace":
		var s strings.Builder
		for _, x := range b[start:end] {
			fmt.Fprintf(&s, `\x%02x`, x)
		}
		return s.String(), nil
	case "surrogateescape":
		// bytes below 128 are not escaped: the error stands
		for _, x := range b[start:end] {
			if x < 0x80 {
				return c.decodeFailure(b, start, end, reason, "strict")
			}
		}
		return "", errLoneSurrogate(errors)
	case "surrogatepass":
		if c.surrogateBytes(b, start, end) {
			return "", errLoneSurrogate(errors)
		}
		return c.decodeFailure(b, start, end, reason, "strict")
	}
	return "", errUnknownHandler(errors)
}

// encodeFailure handles the characters rs[start:end] (a run c cannot
// encode) under errors: the bytes to write in their place, or the
// UnicodeEncodeError.
func (c *Codec) encodeFailure(rs []rune, start, end int, reason, errors string) ([]byte, error) {
	var s strings.Builder
	switch errors {
	case "strict", "surrogateescape", "surrogatepass":
		// the two surrogate handlers encode only lone surrogates, which
		// kael's str cannot hold: for any other character the error stands
		if end-start == 1 {
			return nil, Errorf(UnicodeEncodeError, "'%s' codec can't encode character %s in position %d: %s", c.name, asciiEscape(rs[start]), start, reason)
		}
		return nil, Errorf(UnicodeEncodeError, "'%s' codec can't encode characters in position %d-%d: %s", c.name, start, end-1, reason)
	case "ignore":
	case "replace":
		s.WriteString(strings.Repeat("?", end-start))
	case "backslashreplace":
		for _, r := range rs[start:end] {
			s.WriteString(strings.Trim(asciiEscape(r), "'"))
		}
	case "xmlcharrefreplace":
		for _, r := range rs[start:end] {
			fmt.Fprintf(&s, "&#%d;", r)
		}
	default:
		return nil, errUnknownHandler(errors)
	}
	return []byte(s.String()), nil
}

// byteOf is the byte c encodes r to, if any.
func (c *Codec) byteOf(r rune) (byte, bool) {
	if r < c.limit {
		return byte(r), true
	}
	if c.table != nil {
		return c.table.EncodeRune(r)
	}
	return 0, false
}

// encodeByteTable is the encoder of ascii, latin-1 and cp1252.
func encodeByteTable(c *Codec, s, errors string) ([]byte, error) {
	rs := []rune(s)
	out := make([]byte, 0, len(rs))
	reason := fmt.Sprintf("ordinal not in range(%d)", c.limit)
	if c.table != nil {
		reason = "character maps to <undefined>"
	}
	for i := 0; i < len(rs); {
		if b, ok := c.byteOf(rs[i]); ok {
			out = append(out, b)
			i++
			continue
		}
		j := i + 1
		for j < len(rs) {
			if _, ok := c.byteOf(rs[j]); ok {
				break
			}
			j++
		}
		rep, err := c.encodeFailure(rs, i, j, reason, errors)
		if err != nil {
			return nil, err
		}
		out = append(out, rep...)
		i = j
	}
	return out, nil
}

// cp1252Undefined are the bytes CPython's cp1252 leaves undefined.
const cp1252Undefined = "\x81\x8d\x8f\x90\x9d"

// decodeByteTable is the decoder of ascii, latin-1 and cp1252.
func decodeByteTable(c *Codec, b []byte, errors string) (string, error) {
	var s strings.Builder
	for i, x := range b {
		switch {
		case rune(x) < c.limit:
			s.WriteRune(rune(x))
		case c.table != nil && strings.IndexByte(cp1252Undefined, x) < 0:
			s.WriteRune(c.table.DecodeByte(x))
		default:
			reason := "ordinal not in range(128)"
			if c.table != nil {
				reason = "character maps to <undefined>"
			}
			rep, err := c.decodeFailure(b, i, i+1, reason, errors)
			if err != nil {
				return "", err
			}
			s.WriteString(rep)
		}
	}
	return s.String(), nil
}

// utf8BOM is the byte-order mark utf-8-sig writes and skips.
const utf8BOM = "\xef\xbb\xbf"

func encodeUTF8(c *Codec, s, _ string) ([]byte, error) {
	if c.name == "utf-8-sig" {
		return []byte(utf8BOM + s), nil
	}
	return []byte(s), nil
}

// decodeUTF8 decodes UTF-8 with CPython's reasons for ill-formed bytes:
// an invalid start byte, an invalid continuation byte (the maximal
// subpart before it is the error) or unexpected end of data.
func decodeUTF8(c *Codec, b []byte, errors string) (string, error) {
	off := 0
	if c.name == "utf-8-sig" && strings.HasPrefix(string(b), utf8BOM) {
		off = len(utf8BOM)
	}
	if utf8.Valid(b[off:]) {
		return string(b[off:]), nil
	}
	var s strings.Builder
	for i := off; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			s.Write(b[i : i+size])
			i += size
			continue
		}
		n := maximalSubpart(string(b[i:]))
		reason := "invalid continuation byte"
		switch {
		case b[i] < 0xc2 || b[i] > 0xf4:
			reason = "invalid start byte"
		case i+n == len(b):
			reason = "unexpected end of data"
		}
		rep, err := c.decodeFailure(b, i, i+n, reason, errors)
		if err != nil {
			return "", err
		}
		s.WriteString(rep)
		i += n
	}
	return s.String(), nil
}

// wideLayout is the unit size, byte order and byte-order mark of a
// utf-16 or utf-32 codec.
func (c *Codec) wideLayout() (unit int, order binary.ByteOrder, bom bool) {
	unit = 2
	if strings.HasPrefix(c.name, "utf-32") {
		unit = 4
	}
	order = binary.LittleEndian
	if strings.HasSuffix(c.name, "-be") {
		order = binary.BigEndian
	}
	return unit, order, !strings.HasSuffix(c.name, "-le") && !strings.HasSuffix(c.name, "-be")
}

// encodeWide encodes utf-16 and utf-32 (a little-endian byte-order mark
// first for the codecs without -le/-be).
func encodeWide(c *Codec, s, _ string) ([]byte, error) {
	unit, order, bom := c.wideLayout()
	var out []byte
	put := func(u uint32) {
		buf := make([]byte, unit)
		if unit == 2 {
			order.PutUint16(buf, uint16(u))
		} else {
			order.PutUint32(buf, u)
		}
		out = append(out, buf...)
	}
	if bom {
		put(0xfeff)
	}
	for _, r := range s {
		if unit == 2 && r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			put(uint32(hi))
			put(uint32(lo))
			continue
		}
		put(uint32(r))
	}
	return out, nil
}

// decodeWide decodes utf-16 and utf-32: a byte-order mark, where the
// codec reads one, sets the order (little-endian without one).
func decodeWide(c *Codec, b []byte, errors string) (string, error) {
	unit, order, bom := c.wideLayout()
	off := 0
	if bom && len(b) >= unit {
		le, be := []byte{0xff, 0xfe, 0, 0}[:unit], []byte{0, 0, 0xfe, 0xff}[4-unit:]
		switch {
		case string(b[:unit]) == string(le):
			off = unit
		case string(b[:unit]) == string(be):
			off, order = unit, binary.BigEndian
		}
	}
	var s strings.Builder
	fail := func(start, end int, reason string) error {
		rep, err := c.decodeFailure(b, start, end, reason, errors)
		s.WriteString(rep)
		return err
	}
	for i := off; i < len(b); {
		if len(b)-i < unit {
			if err := fail(i, len(b), "truncated data"); err != nil {
				return "", err
			}
			break
		}
		if unit == 4 {
			u := order.Uint32(b[i:])
			var err error
			switch {
			case u > 0x10ffff:
				err = fail(i, i+4, "code point not in range(0x110000)")
			case 0xd800 <= u && u < 0xe000:
				err = fail(i, i+4, "code point in surrogate code point range(0xd800, 0xe000)")
			default:
				s.WriteRune(rune(u))
			}
			if err != nil {
				return "", err
			}
			i += 4
			continue
		}
		u := rune(order.Uint16(b[i:]))
		var err error
		switch {
		case !utf16.IsSurrogate(u):
			s.WriteRune(u)
			i += 2
			continue
		case u >= 0xdc00:
			err = fail(i, i+2, "illegal encoding")
		case len(b)-i < 4:
			err = fail(i, len(b), "unexpected end of data")
			i = len(b) - 2
		default:
			lo := rune(order.Uint16(b[i+2:]))
			if lo < 0xdc00 || lo >= 0xe000 {
				err = fail(i, i+2, "illegal UTF-16 surrogate")
			} else {
				s.WriteRune(utf16.DecodeRune(u, lo))
				i += 2
			}
		}
		if err != nil {
			return "", err
		}
		i += 2
	}
	return s.String(), nil
}
