// Package codecs is Python's codecs module for what programs use of it:
// encode, decode, lookup (a CodecInfo with name, encode and decode),
// getencoder, getdecoder and the byte-order marks (BOM_UTF8, BOM_UTF16,
// ...), over the text codecs of str.encode and bytes.decode (lang's
// Codec: utf-8, utf-8-sig, utf-16, utf-32 and their -le/-be, ascii,
// latin-1, cp1252) and their error handlers. Left out: open and the
// stream and incremental classes (kael's open reads and writes UTF-8),
// register and register_error, and the bytes-to-bytes and str-to-str
// codecs (hex, base64, rot13): a name kael lacks is CPython's
// LookupError.
package codecs

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// CodecInfo is what codecs.lookup returns: the codec's name and its
// stateless encode and decode functions.
type CodecInfo struct {
	codec          *lang.Codec
	encode, decode *lang.Builtin
}

func (*CodecInfo) TypeName() string { return "CodecInfo" }

func (c *CodecInfo) PyRepr() string {
	return fmt.Sprintf("<codecs.CodecInfo object for encoding %s at %p>", c.codec.Name(), c)
}

func (c *CodecInfo) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return c.codec.Name(), true
	case "encode":
		return c.encode, true
	case "decode":
		return c.decode, true
	}
	return nil, false
}

func (*CodecInfo) AttrNames() []string { return []string{"decode", "encode", "name"} }

// encodeText is codec's encode of v, which must be str: CPython names the
// codec's function in the TypeError (utf_8_encode()).
func encodeText(codec *lang.Codec, v lang.Value, errors string) (lang.Bytes, error) {
	s, ok := v.(string)
	if !ok {
		return lang.Bytes{}, lang.Errorf(lang.TypeError, "%s_encode() argument 1 must be str, not %s", codec.FuncName(), lang.TypeName(v))
	}
	b, err := codec.Encode(s, errors)
	return lang.NewBytes(b), err
}

// decodeText is codec's decode of v, which must be bytes-like.
func decodeText(codec *lang.Codec, v lang.Value, errors string) (string, int, error) {
	b, err := lang.BytesArg(v)
	if err != nil {
		return "", 0, err
	}
	s, err := codec.Decode(b, errors)
	return s, len(b), err
}

// newCodecInfo is codecs.lookup's value for codec.
func newCodecInfo(codec *lang.Codec) *CodecInfo {
	return &CodecInfo{
		codec: codec,
		encode: lang.NewBuiltin(lang.AsValue, codec.FuncName()+"_encode(str, errors=None, /)", "The bytes of str in this codec and the number of characters encoded, as a tuple.", func(a *lang.Args) (lang.Value, error) {
			errs, err := errorsArg(a, codec.FuncName()+"_encode")
			if err != nil {
				return nil, err
			}
			b, err := encodeText(codec, a.Value("str"), errs)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{b, int64(len([]rune(a.Value("str").(string))))}, nil
		}),
		decode: lang.NewBuiltin(lang.AsValue, codec.FuncName()+"_decode(data, errors=None, /)", "The text the bytes-like data spells in this codec and the number of bytes decoded, as a tuple.", func(a *lang.Args) (lang.Value, error) {
			errs, err := errorsArg(a, codec.FuncName()+"_decode")
			if err != nil {
				return nil, err
			}
			s, n, err := decodeText(codec, a.Value("data"), errs)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{s, int64(n)}, nil
		}),
	}
}

// errorsArg is the errors argument of a codec's function fn: a str, or
// None for 'strict'.
func errorsArg(a *lang.Args, fn string) (string, error) {
	switch v := a.Value("errors").(type) {
	case lang.NoneType:
		return "strict", nil
	case string:
		return v, nil
	default:
		return "", lang.Errorf(lang.TypeError, "%s() argument 2 must be str or None, not %s", fn, lang.TypeName(v))
	}
}

// lookup is codecs.lookup(encoding), with CPython's TypeError for a name
// that is not a str.
func lookup(name string, v lang.Value) (*lang.Codec, error) {
	s, ok := v.(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s() argument must be str, not %s", name, lang.TypeName(v))
	}
	return lang.LookupCodec(s)
}

// wrapped is CPython's error of codecs.encode and codecs.decode for an
// argument of the wrong type or an unknown error handler, which names the
// codec: "encoding with 'utf-8' codec failed (TypeError: ...)". The
// Unicode errors stand as they are.
func wrapped(err error, verb, encoding string) error {
	if e, ok := err.(*lang.Error); ok && (e.Kind == lang.TypeError || e.Kind == lang.LookupError) {
		return lang.Errorf(e.Kind, "%s with '%s' codec failed (%s: %s)", verb, encoding, e.Kind, e.Msg)
	}
	return err
}

// textArgs reads the encoding and errors arguments of codecs.encode and
// codecs.decode and looks the codec up.
func textArgs(a *lang.Args) (*lang.Codec, string, string, error) {
	enc, errs := a.Str("encoding"), a.Str("errors")
	if err := a.Err(); err != nil {
		return nil, "", "", err
	}
	c, err := lang.LookupCodec(enc)
	return c, enc, errs, err
}

var module = map[string]lang.Value{
	"encode": lang.NewBuiltin(lang.AsValue, "encode(obj, encoding='utf-8', errors='strict')", "obj, a str, encoded in encoding (a codec of str.encode) as bytes; errors names the error handler, as str.encode's.", func(a *lang.Args) (lang.Value, error) {
		c, enc, errs, err := textArgs(a)
		if err != nil {
			return nil, err
		}
		b, err := encodeText(c, a.Value("obj"), errs)
		if err != nil {
			return nil, wrapped(err, "encoding", enc)
		}
		return b, nil
	}),
	"decode": lang.NewBuiltin(lang.AsValue, "decode(obj, encoding='utf-8', errors='strict')", "obj, bytes-like, decoded from encoding (a codec of bytes.decode) as a str; errors names the error handler, as bytes.decode's.", func(a *lang.Args) (lang.Value, error) {
		c, enc, errs, err := textArgs(a)
		if err != nil {
			return nil, err
		}
		s, _, err := decodeText(c, a.Value("obj"), errs)
		if err != nil {
			return nil, wrapped(err, "decoding", enc)
		}
		return s, nil
	}),
	"lookup": lang.NewBuiltin(lang.AsValue, "lookup(encoding, /)", "The CodecInfo of the codec named encoding (any of CPython's aliases): its name ('iso8859-1' for 'latin1') and its encode and decode functions, which return (result, length consumed). An unknown name is a LookupError.", func(a *lang.Args) (lang.Value, error) {
		c, err := lookup("lookup", a.Value("encoding"))
		if err != nil {
			return nil, err
		}
		return newCodecInfo(c), nil
	}),
	"getencoder": lang.NewBuiltin(lang.AsValue, "getencoder(encoding)", "The encode function of codecs.lookup(encoding).", func(a *lang.Args) (lang.Value, error) {
		c, err := lookup("lookup", a.Value("encoding"))
		if err != nil {
			return nil, err
		}
		return newCodecInfo(c).encode, nil
	}),
	"getdecoder": lang.NewBuiltin(lang.AsValue, "getdecoder(encoding)", "The decode function of codecs.lookup(encoding).", func(a *lang.Args) (lang.Value, error) {
		c, err := lookup("lookup", a.Value("encoding"))
		if err != nil {
			return nil, err
		}
		return newCodecInfo(c).decode, nil
	}),
	// the byte-order marks; the unmarked ones are the machine's order,
	// little-endian on every machine kael runs on
	"BOM_UTF8":     lang.NewBytes([]byte("\xef\xbb\xbf")),
	"BOM_UTF16_LE": lang.NewBytes([]byte("\xff\xfe")),
	"BOM_UTF16_BE": lang.NewBytes([]byte("\xfe\xff")),
	"BOM_UTF32_LE": lang.NewBytes([]byte("\xff\xfe\x00\x00")),
	"BOM_UTF32_BE": lang.NewBytes([]byte("\x00\x00\xfe\xff")),
	"BOM_UTF16":    lang.NewBytes([]byte("\xff\xfe")),
	"BOM_UTF32":    lang.NewBytes([]byte("\xff\xfe\x00\x00")),
	"BOM":          lang.NewBytes([]byte("\xff\xfe")),
	"BOM_LE":       lang.NewBytes([]byte("\xff\xfe")),
	"BOM_BE":       lang.NewBytes([]byte("\xfe\xff")),
	"BOM32_LE":     lang.NewBytes([]byte("\xff\xfe")),
	"BOM32_BE":     lang.NewBytes([]byte("\xfe\xff")),
	"BOM64_LE":     lang.NewBytes([]byte("\xff\xfe\x00\x00")),
	"BOM64_BE":     lang.NewBytes([]byte("\x00\x00\xfe\xff")),
}

func init() {
	module["open"] = lang.NewBuiltin(lang.AsValue, "open(filename, mode='r', encoding=None, errors='strict', buffering=-1)", "open(filename, mode) without an encoding; with one, a text file of that codec and errors whose newlines are not translated (as CPython's, which opens the file in binary mode under a codec's reader and writer).", func(a *lang.Args) (lang.Value, error) {
		open, _ := lang.LookupBuiltin("open")
		mode, ok := a.Value("mode").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "open() argument 'mode' must be str, not %s", lang.TypeName(a.Value("mode")))
		}
		if a.IsNone("encoding") {
			return a.Call(open, a.Value("filename"), mode, a.Value("buffering"))
		}
		if _, err := lookup("lookup", a.Value("encoding")); err != nil {
			return nil, err
		}
		mode = strings.ReplaceAll(mode, "b", "")
		return a.CallKw(open, []lang.Value{a.Value("filename"), mode}, []string{"encoding", "errors", "newline"}, []lang.Value{a.Value("encoding"), a.Value("errors"), ""})
	})
	lang.RegisterModule("codecs", "Text codecs: encode, decode, lookup, getencoder, getdecoder, open and the byte-order marks.",
		func() *lang.Module { return &lang.Module{Attrs: module} })
}
