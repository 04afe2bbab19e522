package io

import (
	goio "io"

	"github.com/kael-dev/kael/lang"
)

// io.TextIOWrapper(buffer), io.BufferedReader(raw), io.BufferedWriter(raw)
// and io.BufferedRandom(raw): files over another stream (a BytesIO, a
// binary file, a class of the program's deriving from io.RawIOBase), as
// lang.NewFileOver makes them. pyStream is the stream: it calls the
// object's read, write, seek, truncate, flush and close, holding writes
// back until flush (or until a buffer's worth), as CPython's buffers do.

// pyStream is a Python object as a lang.FileStream.
type pyStream struct {
	s       *lang.Session
	obj     lang.Value
	pending []byte // written, not yet passed to obj.write
	limit   int    // pending is passed on when it reaches limit bytes (0: at once)
	lines   bool   // line_buffering: passed on at each newline
}

var _ lang.FileStream = (*pyStream)(nil)

// call calls obj.name(args...).
func (p *pyStream) call(name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(p.obj, name)
	if err != nil {
		return nil, err
	}
	return p.s.CallHook(m, args...)
}

func (p *pyStream) Read(b []byte) (int, error) {
	if err := p.pass(); err != nil {
		return 0, err
	}
	v, err := p.call("read", int64(len(b)))
	if err != nil {
		return 0, err
	}
	if v == lang.None { // a stream that would block: nothing now
		return 0, goio.EOF
	}
	data, ok := bytesLikeOf(v)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "underlying read() should have returned a bytes-like object, not '%s'", lang.TypeName(v))
	}
	if len(data) > len(b) {
		return 0, lang.Errorf(lang.OSError, "raw readinto() returned invalid length %d (should have been between 0 and %d)", len(data), len(b))
	}
	if len(data) == 0 {
		return 0, goio.EOF
	}
	return copy(b, data), nil
}

// bytesLikeOf is the data of bytes or a bytearray.
func bytesLikeOf(v lang.Value) ([]byte, bool) {
	switch v := v.(type) {
	case lang.Bytes:
		return v.Data(), true
	case *lang.ByteArray:
		return v.Data(), true
	}
	return nil, false
}

func (p *pyStream) Write(b []byte) (int, error) {
	p.pending = append(p.pending, b...)
	if len(p.pending) >= p.limit || p.lines && containsNewline(b) {
		if err := p.pass(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

func containsNewline(b []byte) bool {
	for _, c := range b {
		if c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

// pass passes what is held back to obj.write, which may take part of it
// at a time.
func (p *pyStream) pass() error {
	for len(p.pending) > 0 {
		v, err := p.call("write", lang.NewBytes(append([]byte(nil), p.pending...)))
		if err != nil {
			return err
		}
		n, ok := v.(int64)
		if v == lang.None {
			n, ok = int64(len(p.pending)), true
		}
		if !ok || n < 0 || n > int64(len(p.pending)) {
			return lang.Errorf(lang.OSError, "raw write() returned invalid length %s (should have been between 0 and %d)", lang.Repr(v), len(p.pending))
		}
		if n == 0 {
			return lang.Errorf(lang.ErrorKind("BlockingIOError"), "write could not complete without blocking")
		}
		p.pending = p.pending[n:]
	}
	p.pending = nil
	return nil
}

func (p *pyStream) Seek(offset int64, whence int) (int64, error) {
	if err := p.pass(); err != nil {
		return 0, err
	}
	v, err := p.call("seek", offset, int64(whence))
	if err != nil {
		return 0, err
	}
	n, ok := v.(int64)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
	}
	return n, nil
}

func (p *pyStream) Truncate(size int64) error {
	if err := p.pass(); err != nil {
		return err
	}
	_, err := p.call("truncate", size)
	return err
}

func (p *pyStream) Flush() error {
	if err := p.pass(); err != nil {
		return err
	}
	_, err := p.call("flush")
	return err
}

// Close flushes and closes the stream, unless it is closed already.
func (p *pyStream) Close() error {
	if closed, err := lang.GetAttr(p.obj, "closed"); err == nil {
		if t, _ := lang.Truth(closed); t {
			return nil
		}
	}
	err := p.Flush()
	if _, cerr := p.call("close"); err == nil {
		err = cerr
	}
	return err
}

// ask is obj.name(), true or false.
func (p *pyStream) ask(name string) (bool, error) {
	v, err := p.call(name)
	if err != nil {
		return false, err
	}
	return lang.Truth(v)
}

// require is the check of a Buffered class's constructor that raw can
// do what (readable, writable, seekable).
func (p *pyStream) require(what string) error {
	ok, err := p.ask(what + "able")
	if err == nil && !ok {
		err = lang.Errorf(lang.UnsupportedOperation, "File or stream is not %sable.", what)
	}
	return err
}

// bufferSize is a Buffered class's buffer_size, strictly positive.
func bufferSize(a *lang.Args) (int, error) {
	n := a.Int("buffer_size")
	if err := a.Err(); err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, lang.Errorf(lang.ValueError, "buffer size must be strictly positive")
	}
	return n, nil
}

// bufferedClass is io.BufferedReader, BufferedWriter or BufferedRandom:
// a binary file over raw that reads, writes or both.
func bufferedClass(name string, read, write bool) *lang.Builtin {
	doc := "A buffered binary stream over raw (a raw stream such as FileIO, a BytesIO or a class deriving from io.RawIOBase)"
	b := lang.NewBuiltin(lang.AsValue, name+"(raw, buffer_size=8192)", doc+"; open() makes one for a binary file.", func(a *lang.Args) (lang.Value, error) {
		size, err := bufferSize(a)
		if err != nil {
			return nil, err
		}
		p := &pyStream{s: a.Session(), obj: a.Value("raw"), limit: size}
		checks := []string{}
		if read && write {
			checks = append(checks, "seek")
		}
		if read {
			checks = append(checks, "read")
		}
		if write {
			checks = append(checks, "writ")
		}
		for _, c := range checks {
			if err := p.require(c); err != nil {
				return nil, err
			}
		}
		return lang.NewFileOver(a, p, p.obj, true, read, write)
	})
	lang.RegisterClass(b, "_io."+name)
	return b
}

// textIOWrapperClass is io.TextIOWrapper: a text file over a binary
// buffer, reading and writing as the buffer does.
var textIOWrapperClass = func() *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, "TextIOWrapper(buffer, encoding=None, errors=None, newline=None, line_buffering=False, write_through=False)",
		"A text stream over a binary buffer (a BytesIO, a binary file): str is encoded (UTF-8 by default) and decoded, newlines translated as open()'s; writes are held back until flush(), unless write_through, or line_buffering and a newline. open() makes one for a text file.",
		func(a *lang.Args) (lang.Value, error) {
			p := &pyStream{s: a.Session(), obj: a.Value("buffer"), limit: 8192, lines: a.Bool("line_buffering")}
			if through, ok := p.obj.(interface{ WritesThrough() bool }); a.Bool("write_through") || ok && through.WritesThrough() {
				p.limit = 0 // a stream that holds nothing back (sys.stdout.buffer): nor does the wrapper
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			read, err := p.ask("readable")
			if err != nil {
				return nil, err
			}
			write, err := p.ask("writable")
			if err != nil {
				return nil, err
			}
			return lang.NewFileOver(a, p, p.obj, false, read, write)
		})
	lang.RegisterClass(b, "_io.TextIOWrapper")
	return b
}()
