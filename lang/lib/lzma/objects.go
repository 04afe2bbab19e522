package lzma

import (
	"bytes"
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// lzma.LZMACompressor and lzma.LZMADecompressor, CPython's incremental
// objects. The compressor holds what it is given and makes its stream at
// flush(); the decompressor holds its input until it decodes as a whole
// stream (decodeOne, which tells the stream's end), then returns the
// data in pieces of at most max_length.

// compressor is an LZMACompressor.
type compressor struct {
	format, check int
	preset        int64
	data          []byte
	flushed       bool
}

// decompressor is an LZMADecompressor.
type decompressor struct {
	format int
	in     []byte // input held until a stream ends
	out    []byte // decoded, not yet returned
	done   bool   // the stream has ended
	unused []byte
	check  int64
}

func (*compressor) TypeName() string    { return "LZMACompressor" }
func (*decompressor) TypeName() string  { return "LZMADecompressor" }
func (*compressor) ClassName() string   { return "_lzma.LZMACompressor" }
func (*decompressor) ClassName() string { return "_lzma.LZMADecompressor" }
func (c *compressor) PyRepr() string {
	return fmt.Sprintf("<_lzma.LZMACompressor object at 0x%x>", lang.ID(c))
}
func (d *decompressor) PyRepr() string {
	return fmt.Sprintf("<_lzma.LZMADecompressor object at 0x%x>", lang.ID(d))
}

var compressorMethods = map[string]*lang.Builtin{
	"compress": lang.NewBuiltin(lang.AsValue, "compress(self, data, /)", "Takes data in; returns what is ready of the stream (kael's: b'' until flush; join every piece).", func(a *lang.Args) (lang.Value, error) {
		c := a.Value("self").(*compressor)
		data, err := lang.BytesArg(a.Value("data"))
		if err != nil {
			return nil, err
		}
		if c.flushed {
			return nil, lang.Errorf(lang.ValueError, "Compressor has been flushed")
		}
		c.data = append(c.data, data...)
		return lang.NewBytes([]byte{}), nil
	}),
	"flush": lang.NewBuiltin(lang.AsValue, "flush(self, /)", "Ends the stream and returns the rest of it; the compressor cannot be used after.", func(a *lang.Args) (lang.Value, error) {
		c := a.Value("self").(*compressor)
		if c.flushed {
			return nil, lang.Errorf(lang.ValueError, "Repeated call to flush()")
		}
		c.flushed = true
		out, err := compress(c.data, c.format, c.check, c.preset)
		c.data = nil
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(out), nil
	}),
}

func (c *compressor) Attr(name string) (lang.Value, bool) {
	if m, ok := compressorMethods[name]; ok {
		return &lang.BoundMethod{Recv: c, Method: m}, true
	}
	return nil, false
}

func (*compressor) AttrNames() []string { return []string{"compress", "flush"} }

var compressorClass = lang.NewBuiltin(lang.AsValue, "LZMACompressor(format=1, check=-1, preset=None, filters=None)", "An incremental compressor of an .xz (FORMAT_XZ) or .lzma (FORMAT_ALONE) stream: compress(data) for each piece, then flush(); join what they return.", func(a *lang.Args) (lang.Value, error) {
	c := &compressor{format: a.Int("format"), check: a.Int("check"), preset: presetDefault}
	if !a.IsNone("preset") {
		c.preset = a.Int64("preset")
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if a.Value("filters") != lang.None {
		return nil, lang.Errorf(lang.ValueError, "kael's lzma takes no filter chains")
	}
	if _, err := compress(nil, c.format, c.check, c.preset); err != nil { // the arguments' errors, now
		return nil, err
	}
	return c, nil
})

var decompressorMethods = map[string]*lang.Builtin{
	"decompress": lang.NewBuiltin(lang.AsValue, "decompress(self, data, max_length=-1)", "Takes data in and returns what it decodes, at most max_length bytes (all when negative); data after the stream's end goes to unused_data.", func(a *lang.Args) (lang.Value, error) {
		d := a.Value("self").(*decompressor)
		data, err := lang.BytesArg(a.Value("data"))
		if err != nil {
			return nil, err
		}
		maxLength := a.Int("max_length")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d.done && len(d.out) == 0 {
			return nil, lang.Errorf(lang.EOFError, "Already at end of stream")
		}
		if d.done {
			d.unused = append(d.unused, data...)
		} else {
			d.in = append(d.in, data...)
			out, rest, err := decodeOne(d.in, d.format)
			switch {
			case err != nil && lang.ToError(err).Msg == lang.ToError(errEnded()).Msg:
				// more input is needed
			case err != nil:
				return nil, err
			case bytes.HasPrefix(d.in, xzMagic) && !xzComplete(d.in[:len(d.in)-len(rest)]):
				// the codec ends a stream cut short quietly: the footer
				// ("YZ") has not come yet
			default:
				d.check = checkNone
				if bytes.HasPrefix(d.in, xzMagic) && len(d.in) > 7 {
					d.check = int64(d.in[7] & 0x0f)
				}
				d.out, d.unused, d.in, d.done = out, append([]byte(nil), rest...), nil, true
			}
		}
		n := len(d.out)
		if maxLength >= 0 && maxLength < n {
			n = maxLength
		}
		out := append([]byte(nil), d.out[:n]...)
		d.out = d.out[n:]
		return lang.NewBytes(out), nil
	}),
}

func (d *decompressor) Attr(name string) (lang.Value, bool) {
	switch name {
	case "eof":
		return d.done && len(d.out) == 0, true
	case "unused_data":
		return lang.NewBytes(append([]byte(nil), d.unused...)), true
	case "needs_input":
		return !d.done && len(d.out) == 0, true
	case "check":
		return d.check, true
	}
	if m, ok := decompressorMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	return nil, false
}

func (*decompressor) AttrNames() []string {
	return []string{"check", "decompress", "eof", "needs_input", "unused_data"}
}

var decompressorClass = lang.NewBuiltin(lang.AsValue, "LZMADecompressor(format=0, memlimit=None, filters=None)", "An incremental decompressor of one .xz or .lzma stream (FORMAT_AUTO tells them apart): decompress(data) for each piece; eof, unused_data, needs_input and check tell where it is.", func(a *lang.Args) (lang.Value, error) {
	format := a.Int("format")
	if err := a.Err(); err != nil {
		return nil, err
	}
	switch format {
	case formatAuto, formatXZ, formatAlone:
	case formatRaw:
		return nil, lang.Errorf(lang.ValueError, "Must specify filters for FORMAT_RAW")
	default:
		return nil, lang.Errorf(lang.ValueError, "Invalid container format: %d", format)
	}
	if a.Value("filters") != lang.None {
		return nil, lang.Errorf(lang.ValueError, "kael's lzma takes no filter chains")
	}
	return &decompressor{format: format, check: checkUnknown}, nil
})

// xzComplete reports whether stream, a whole .xz stream as decoded, ends
// as one does: header and footer of 12 bytes each, the footer's magic
// "YZ", a multiple of 4 bytes.
func xzComplete(stream []byte) bool {
	return len(stream) >= 24 && len(stream)%4 == 0 && bytes.HasSuffix(stream, []byte("YZ"))
}

func init() {
	lang.RegisterClass(compressorClass, "_lzma.LZMACompressor")
	lang.RegisterClass(decompressorClass, "_lzma.LZMADecompressor")
}
