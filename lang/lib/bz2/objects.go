package bz2

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// bz2.BZ2Compressor and bz2.BZ2Decompressor, CPython's incremental
// objects. The compressor holds what it is given and makes its one
// stream at flush(); the decompressor holds input until it has a whole
// stream (found by the end-of-stream marker), then decodes it, returning
// the data in pieces of at most max_length.

// compressor is a BZ2Compressor.
type compressor struct {
	level   int
	data    []byte
	flushed bool
}

// decompressor is a BZ2Decompressor.
type decompressor struct {
	in      []byte // input held until a stream ends
	out     []byte // decoded, not yet returned
	eof     bool
	unused  []byte
	started bool // decompress has been called
}

func (*compressor) TypeName() string   { return "BZ2Compressor" }
func (*decompressor) TypeName() string { return "BZ2Decompressor" }
func (*compressor) ClassName() string  { return "_bz2.BZ2Compressor" }
func (*decompressor) ClassName() string {
	return "_bz2.BZ2Decompressor"
}
func (c *compressor) PyRepr() string {
	return fmt.Sprintf("<_bz2.BZ2Compressor object at 0x%x>", lang.ID(c))
}
func (d *decompressor) PyRepr() string {
	return fmt.Sprintf("<_bz2.BZ2Decompressor object at 0x%x>", lang.ID(d))
}

var compressorMethods = map[string]*lang.Builtin{
	"compress": lang.NewBuiltin(lang.AsValue, "compress(self, data, /)", "Takes data in; returns what is ready of the stream (kael's: b'' until flush).", func(a *lang.Args) (lang.Value, error) {
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
		out, err := compress(c.data, c.level)
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

var compressorClass = lang.NewBuiltin(lang.AsValue, "BZ2Compressor(compresslevel=9, /)", "An incremental bzip2 compressor: compress(data) for each piece, then flush() for the stream.", func(a *lang.Args) (lang.Value, error) {
	level := a.Int("compresslevel")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := checkLevel(level); err != nil {
		return nil, err
	}
	return &compressor{level: level}, nil
})

// endMagic is the 48 bits that start a bzip2 stream's footer (the square
// root of pi), followed by 32 bits of checksum and the padding to a byte.
const endMagic = 0x177245385090

// streamEnd is the length of the bzip2 stream at the start of data: the
// end of the byte after its footer; -1 when data holds no footer yet.
func streamEnd(data []byte) int {
	var window uint64
	const mask = 1<<48 - 1
	for i := 4; i < len(data); i++ { // after the 4-byte header
		for bit := 7; bit >= 0; bit-- {
			window = (window<<1 | uint64(data[i]>>bit&1)) & mask
			if window == endMagic {
				end := (i*8 + (7 - bit) + 1 + 32 + 7) / 8
				if end <= len(data) {
					return end
				}
				return -1
			}
		}
	}
	return -1
}

// validHeader reports whether data can start a bzip2 stream: "BZh" and
// a block size digit, as far as data goes.
func validHeader(data []byte) bool {
	const magic = "BZh"
	for i := 0; i < len(data) && i < 4; i++ {
		if i < 3 && data[i] != magic[i] || i == 3 && (data[i] < '1' || data[i] > '9') {
			return false
		}
	}
	return true
}

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
		if d.eof && len(d.out) == 0 {
			return nil, lang.Errorf(lang.EOFError, "End of stream already reached")
		}
		d.started = true
		if d.eof {
			d.unused = append(d.unused, data...)
		} else {
			d.in = append(d.in, data...)
			if !validHeader(d.in) {
				return nil, lang.Errorf(lang.OSError, "Invalid data stream")
			}
			if end := streamEnd(d.in); end >= 0 {
				out, err := decompress(d.in[:end])
				if err != nil {
					return nil, err
				}
				d.out, d.unused, d.in, d.eof = out, append([]byte(nil), d.in[end:]...), nil, true
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
		return d.eof && len(d.out) == 0, true
	case "unused_data":
		return lang.NewBytes(append([]byte(nil), d.unused...)), true
	case "needs_input":
		return !d.eof && len(d.out) == 0, true
	}
	if m, ok := decompressorMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	return nil, false
}

func (*decompressor) AttrNames() []string {
	return []string{"decompress", "eof", "needs_input", "unused_data"}
}

var decompressorClass = lang.NewBuiltin(lang.AsValue, "BZ2Decompressor()", "An incremental bzip2 decompressor of one stream: decompress(data) for each piece; eof, unused_data and needs_input tell where it is.", func(a *lang.Args) (lang.Value, error) {
	return &decompressor{}, nil
})

func init() {
	lang.RegisterClass(compressorClass, "_bz2.BZ2Compressor")
	lang.RegisterClass(decompressorClass, "_bz2.BZ2Decompressor")
}
