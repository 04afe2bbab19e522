package zlib

import (
	"bytes"
	"fmt"
	"io"
	"runtime"

	"github.com/kael-dev/kael/lang"
)

// Compress is a compressor object, zlib.Compress: what compress returns
// is the compressed data the encoder has finished so far.
type Compress struct {
	buf      bytes.Buffer
	w        writer
	finished bool
}

// Decompress is a decompressor object, zlib.Decompress. A goroutine runs
// Go's decoder over the pieces decompress is given; when the decoder
// has read them all, it says so and waits for the next, and decompress
// returns what was decoded, so that each byte is decoded once.
type Decompress struct {
	c       container
	started bool
	broken  error
	in      chan []byte
	out     chan piece
	eof     bool
	ended   bool // flush was called after the end: the object is done
	unused  []byte
}

// piece is what the decoding goroutine reports.
type piece struct {
	data    []byte
	starved bool   // it has read all its input and waits for more
	done    bool   // the stream ended; rest is the input after it
	rest    []byte // with done
	err     error
}

var (
	_ lang.HasAttrs  = (*Compress)(nil)
	_ lang.TypeNamer = (*Compress)(nil)
	_ lang.HasAttrs  = (*Decompress)(nil)
	_ lang.TypeNamer = (*Decompress)(nil)
)

// TypeName is Compress, as CPython's zlib.Compress.
func (*Compress) TypeName() string { return "Compress" }

// TypeName is Decompress, as CPython's zlib.Decompress.
func (*Decompress) TypeName() string { return "Decompress" }

// PyRepr is <zlib.Compress object at 0x...>.
func (c *Compress) PyRepr() string { return fmt.Sprintf("<zlib.Compress object at %p>", c) }

// PyRepr is <zlib.Decompress object at 0x...>.
func (d *Decompress) PyRepr() string { return fmt.Sprintf("<zlib.Decompress object at %p>", d) }

// Attr gives the methods.
func (c *Compress) Attr(name string) (lang.Value, bool) {
	if m, ok := compressMethods[name]; ok {
		return &lang.BoundMethod{Recv: c, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (c *Compress) AttrNames() []string { return []string{"compress", "flush"} }

// Attr gives eof, unused_data, unconsumed_tail and the methods.
func (d *Decompress) Attr(name string) (lang.Value, bool) {
	switch name {
	case "eof":
		return d.eof, true
	case "unused_data":
		return lang.NewBytes(bytes.Clone(d.unused)), true
	case "unconsumed_tail":
		return lang.NewBytes([]byte{}), true
	}
	if m, ok := decompressMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (d *Decompress) AttrNames() []string {
	return []string{"decompress", "eof", "flush", "unconsumed_tail", "unused_data"}
}

func newCompress(a *lang.Args) (lang.Value, error) {
	level, method, wbits, memLevel, strategy := a.Int("level"), a.Int("method"), a.Int("wbits"), a.Int("memLevel"), a.Int("strategy")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if method != deflated || memLevel < 1 || memLevel > 9 || strategy < 0 || strategy > 4 {
		return nil, lang.Errorf(lang.ValueError, "Invalid initialization option")
	}
	if a.Value("zdict") != lang.None {
		return nil, lang.Errorf(lang.ValueError, "kael's zlib has no preset dictionary (zdict)")
	}
	c := &Compress{}
	w, err := newWriter(&c.buf, level, wbits)
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "Invalid initialization option")
	}
	c.w = w
	return c, nil
}

// take is what the buffer holds, emptying it.
func (c *Compress) take() lang.Value {
	out := bytes.Clone(c.buf.Bytes())
	c.buf.Reset()
	return lang.NewBytes(out)
}

func newDecompress(a *lang.Args) (lang.Value, error) {
	wbits := a.Int("wbits")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if z, err := lang.BytesArg(a.Value("zdict")); err != nil || len(z) > 0 {
		return nil, lang.Errorf(lang.ValueError, "kael's zlib has no preset dictionary (zdict)")
	}
	c, ok := decodeWBits(wbits)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "Invalid initialization option")
	}
	return &Decompress{c: c}, nil
}

// feed is the decoder's input: the pieces decompress sends, read as they
// come; when none is left it reports starved and waits for the next.
type feed struct {
	buf    []byte
	in     <-chan []byte
	out    chan<- piece
	closed bool
}

func (f *feed) fill() bool {
	for len(f.buf) == 0 {
		var chunk []byte
		var ok bool
		select {
		case chunk, ok = <-f.in:
		default:
			f.out <- piece{starved: true}
			chunk, ok = <-f.in
		}
		if !ok {
			f.closed = true
			return false
		}
		f.buf = chunk
	}
	return true
}

func (f *feed) Read(p []byte) (int, error) {
	if !f.fill() {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

func (f *feed) ReadByte() (byte, error) {
	if !f.fill() {
		return 0, io.ErrUnexpectedEOF
	}
	b := f.buf[0]
	f.buf = f.buf[1:]
	return b, nil
}

// decode runs the decoder over f, reporting on out.
func decode(f *feed, c container, out chan<- piece) {
	r, err := newReader(f, c, func() (byte, bool) {
		if !f.fill() {
			return 0, false
		}
		return f.buf[0], true
	})
	if err != nil {
		if !f.closed {
			out <- piece{err: decodeError(err)}
		}
		return
	}
	buf := make([]byte, defBufSize)
	for {
		n, err := r.Read(buf)
		if f.closed {
			return
		}
		if n > 0 {
			out <- piece{data: bytes.Clone(buf[:n])}
		}
		switch {
		case err == io.EOF:
			out <- piece{done: true, rest: f.buf}
			return
		case err != nil:
			out <- piece{err: decodeError(err)}
			return
		}
	}
}

// decompress gives data to the decoder and collects what it decodes.
func (d *Decompress) decompress(data []byte) ([]byte, error) {
	switch {
	case d.broken != nil:
		return nil, d.broken
	case d.ended:
		return nil, lang.Errorf(Error, "Error -2 while decompressing data: inconsistent stream state")
	case d.eof:
		d.unused = append(d.unused, data...)
		return []byte{}, nil
	}
	if !d.started {
		// The first chunk is in the channel before the decoder starts:
		// a decoder that found it empty would report itself starved
		// before it had read anything, and this call would return b''.
		d.started = true
		d.in, d.out = make(chan []byte, 1), make(chan piece)
		d.in <- bytes.Clone(data)
		go decode(&feed{in: d.in, out: d.out}, d.c, d.out)
		runtime.AddCleanup(d, func(in chan []byte) { close(in) }, d.in)
	} else {
		d.in <- bytes.Clone(data)
	}
	out := []byte{}
	for {
		p := <-d.out
		out = append(out, p.data...)
		switch {
		case p.starved:
			return out, nil
		case p.done:
			d.eof, d.unused = true, bytes.Clone(p.rest)
			return out, nil
		case p.err != nil:
			d.broken = p.err
			return nil, p.err
		}
		if len(out) > maxData {
			d.broken = lang.Errorf(lang.MemoryError, "zlib: more than %d bytes decompressed", maxData)
			return nil, d.broken
		}
	}
}

var compressMethods, decompressMethods = map[string]*lang.Builtin{}, map[string]*lang.Builtin{}

func init() {
	errFinished := func() error {
		return lang.Errorf(Error, "Error -2 while compressing data: inconsistent stream state")
	}
	for _, b := range []*lang.Builtin{
		def("compress(self, data, /)", "Compresses data, returning the compressed data finished so far (the rest comes with later calls and flush).", func(a *lang.Args) (lang.Value, error) {
			c := a.Value("self").(*Compress)
			b, err := lang.BytesArg(a.Value("data"))
			if err != nil {
				return nil, err
			}
			if c.finished {
				return nil, errFinished()
			}
			c.w.Write(b)
			return c.take(), nil
		}),
		def("flush(self, mode=4, /)", "All pending output: Z_FINISH (the default) ends the stream, Z_SYNC_FLUSH and Z_FULL_FLUSH end a block, Z_NO_FLUSH gives what is ready.", func(a *lang.Args) (lang.Value, error) {
			c := a.Value("self").(*Compress)
			mode := a.Int("mode")
			if err := a.Err(); err != nil {
				return nil, err
			}
			switch {
			case mode == zNoFlush:
			case c.finished:
				return nil, errFinished()
			case mode == zFinish:
				c.w.Close()
				c.finished = true
			default:
				c.w.Flush()
			}
			return c.take(), nil
		}),
	} {
		compressMethods[b.Name] = b
	}
	for _, b := range []*lang.Builtin{
		def("decompress(self, data, /)", "Decompresses data, returning what it decodes to; what follows the end of the stream goes to unused_data.", func(a *lang.Args) (lang.Value, error) {
			b, err := lang.BytesArg(a.Value("data"))
			if err != nil {
				return nil, err
			}
			out, err := a.Value("self").(*Decompress).decompress(b)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(out), nil
		}),
		def("flush(self, length=16384, /)", "What is left to decode: decompress returns all it decodes, so this is b''.", func(a *lang.Args) (lang.Value, error) {
			if n := a.Int("length"); a.Err() == nil && n <= 0 {
				return nil, lang.Errorf(lang.ValueError, "length must be greater than zero")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			d := a.Value("self").(*Decompress)
			d.ended = d.eof
			return lang.NewBytes([]byte{}), nil
		}),
	} {
		decompressMethods[b.Name] = b
	}
	lang.RegisterMethodTable("Compress", compressMethods)
	lang.RegisterMethodTable("Decompress", decompressMethods)
}
