package lang

import "strings"

// Files made over another stream, as io.TextIOWrapper(buffer),
// io.BufferedReader(raw) and io.BufferedWriter(raw) make them: a File
// whose bytes come from and go to a Python object (a BytesIO, a binary
// file, a class of the program's deriving from io.RawIOBase) through a
// FileStream, which the io library makes. Everything else (decoding,
// newlines, lines, seek and tell) is open()'s files'.

// FileStream is the stream under a file made by NewFileOver: its bytes
// are read and written through it, and Flush passes on what it holds
// back.
type FileStream interface {
	Read(p []byte) (int, error)
	Write(p []byte) (int, error)
	Seek(offset int64, whence int) (int64, error)
	Truncate(size int64) error
	Close() error
	Flush() error
}

// streamHandle is a FileStream as a File's handle; its descriptor is
// the stream's fileno(), which fileOver.attr asks of it.
type streamHandle struct{ FileStream }

func (streamHandle) Fd() uintptr { return ^uintptr(0) }

// fileOver is what a File made over a stream keeps of it.
type fileOver struct {
	stream   FileStream
	value    Value // the stream's object: .buffer (text) or .raw (binary)
	detached bool
}

// NewFileOver makes a file over stream, whose object is over: a text
// file (TextIOWrapper, taking a's encoding, errors and newline) or a
// binary one (BufferedReader, BufferedWriter or BufferedRandom, as it
// reads or writes).
func NewFileOver(a *Args, stream FileStream, over Value, binary, read, write bool) (*File, error) {
	mode := "r"
	if binary {
		mode = "rb"
	}
	x := &File{mode: mode, text: utf8Text, f: streamHandle{stream}, over: &fileOver{stream: stream, value: over}}
	if _, err := x.parseMode(); err != nil {
		return nil, err
	}
	x.read, x.write = read, write
	if !binary {
		text, err := textArgs(a, mode, "TextIOWrapper()")
		if err != nil {
			return nil, err
		}
		x.text = text
	}
	return x, nil
}

// check is File.check for a file over a stream: CPython's Buffered
// classes name the operation they lack.
func (o *fileOver) check(x *File, need byte) error {
	switch {
	case o.detached && x.binary:
		return Errorf(ValueError, "raw stream has been detached")
	case o.detached:
		return Errorf(ValueError, "underlying buffer has been detached")
	case x.closed:
		return Errorf(ValueError, "I/O operation on closed file.")
	case x.binary && need == 'r' && !x.read:
		return Errorf(UnsupportedOperation, "read")
	case x.binary && need == 'w' && !x.write:
		return Errorf(UnsupportedOperation, "write")
	case need == 'r' && !x.read:
		return Errorf(UnsupportedOperation, "not readable")
	case need == 'w' && !x.write:
		return Errorf(UnsupportedOperation, "not writable")
	}
	return nil
}

// repr is CPython's: <_io.TextIOWrapper name='f' encoding='utf-8'>, the
// name only when the stream has one.
func (o *fileOver) repr(x *File) string {
	var b strings.Builder
	b.WriteString("<_io." + x.TypeName())
	if !o.detached {
		if name, err := GetAttr(o.value, "name"); err == nil {
			b.WriteString(" name=" + Repr(name))
		}
	}
	if !x.binary {
		b.WriteString(" encoding=" + Repr(x.text.encoding))
	}
	return b.String() + ">"
}

// attr is the attribute name of a file over a stream where it is not
// open()'s files' (done false).
func (o *fileOver) attr(x *File, name string) (v Value, ok, done bool) {
	method := func(sig, doc string, fn func(a *Args) (Value, error)) (Value, bool, bool) {
		return fileMethod(sig, doc, func(a *Args) (Value, error) {
			if err := o.check(x, 0); err != nil {
				return nil, err
			}
			return fn(a)
		}), true, true
	}
	// pass calls the stream's method of the same name.
	pass := func(doc string) (Value, bool, bool) {
		return method(name+"()", doc, func(a *Args) (Value, error) {
			m, err := GetAttr(o.value, name)
			if err != nil {
				return nil, err
			}
			return a.Session().CallHook(m)
		})
	}
	switch name {
	case "buffer", "raw":
		if (name == "raw") != x.binary {
			return nil, false, true
		}
		if o.detached {
			return None, true, true
		}
		return o.value, true, true
	case "name", "mode":
		if name == "mode" && !x.binary {
			return nil, false, true
		}
		v, err := GetAttr(o.value, name)
		return v, err == nil, true
	case "closed":
		if o.detached || x.closed {
			return x.closed, true, true
		}
		v, err := GetAttr(o.value, "closed")
		return v, err == nil, true
	case "readable", "writable":
		if x.binary && (name == "readable" && !x.read || name == "writable" && !x.write) {
			return method(name+"()", "False: a Buffered class of the other direction.", func(*Args) (Value, error) { return false, nil })
		}
		return pass("The stream's " + name + "().")
	case "seekable", "isatty", "fileno":
		return pass("The stream's " + name + "().")
	case "flush":
		return method("flush()", "Writes what is held back to the stream and flushes it.", func(a *Args) (Value, error) {
			return None, o.stream.Flush()
		})
	case "detach":
		return method("detach()", "Flushes, and returns the stream, leaving this object unusable.", func(a *Args) (Value, error) {
			if err := o.stream.Flush(); err != nil {
				return nil, err
			}
			o.detached = true
			return o.value, nil
		})
	case "close":
		return fileMethod("close()", "Flushes and closes the stream.", func(a *Args) (Value, error) {
			if o.detached {
				return nil, o.check(x, 0)
			}
			if !x.closed {
				x.closed = true
				if err := x.f.Close(); err != nil {
					return nil, err
				}
			}
			return None, nil
		}), true, true
	case "peek", "read1":
		if !x.binary {
			return nil, false, true
		}
		sig := "peek(size=0)"
		if name == "read1" {
			sig = "read1(size=-1)"
		}
		return method(sig, "Returns what is read ahead (reading once when nothing is); read1 reads it.", func(a *Args) (Value, error) {
			n := a.OptInt("size")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := o.check(x, 'r'); err != nil {
				return nil, err
			}
			if len(x.buf) == 0 {
				if _, err := x.fill(); err != nil {
					return nil, err
				}
			}
			data := x.buf
			if name == "peek" {
				return x.value(data)
			}
			if n != nil && *n >= 0 && *n < len(data) {
				data = data[:*n]
			}
			x.buf = x.buf[len(data):]
			return x.value(data)
		})
	}
	return nil, false, false
}
