package io

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

// streamKind is what StringIO and BytesIO differ in: the stream of a
// call's self, and the conversions between their elements and values.
type streamKind[T rune | byte] struct {
	self func(a *lang.Args, method string) (*memFile[T], error) // the open stream, or the closed-file error
	from func(v lang.Value) ([]T, error)                        // a value written
	to   func(p []T) lang.Value                                 // a value read
}

// streamMethods makes the methods StringIO and BytesIO share.
func streamMethods[T rune | byte](k streamKind[T]) map[string]*lang.Builtin {
	ms := map[string]*lang.Builtin{}
	def := func(sig, doc string, fn func(a *lang.Args, m *memFile[T]) (lang.Value, error)) {
		var b *lang.Builtin
		b = lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			m, err := k.self(a, b.Name)
			if err != nil {
				return nil, err
			}
			return fn(a, m)
		})
		ms[b.Name] = b
	}
	def("write(self, s)", "Writes s at the position (over what is there) and returns its length.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		p, err := k.from(a.Value("s"))
		if err != nil {
			return nil, err
		}
		return int64(len(p)), m.write(p)
	})
	def("writelines(self, lines)", "Writes each of lines (adding no newlines).", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		var werr error
		err := lang.Iterate(a.Value("lines"), func(v lang.Value) bool {
			p, err := k.from(v)
			if err == nil {
				err = m.write(p)
			}
			werr = err
			return err == nil
		})
		if err == nil {
			err = werr
		}
		return lang.None, err
	})
	def("read(self, size=-1)", "Reads up to size elements from the position (all of the rest by default).", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		n, err := sizeArg(a.Value("size"))
		if err != nil {
			return nil, err
		}
		return k.to(m.read(n)), nil
	})
	def("readline(self, size=-1)", "Reads the next line, with its newline (up to size elements).", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		n, err := sizeArg(a.Value("size"))
		if err != nil {
			return nil, err
		}
		return k.to(m.readline(n)), nil
	})
	def("readlines(self, hint=-1)", "The remaining lines, as a list (stopping after hint elements when hint > 0).", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		hint, err := sizeArg(a.Value("hint"))
		if err != nil {
			return nil, err
		}
		var lines []lang.Value
		total := 0
		for {
			line := m.readline(-1)
			if len(line) == 0 {
				break
			}
			lines = append(lines, k.to(line))
			total += len(line)
			if hint > 0 && total >= hint {
				break
			}
		}
		return &lang.List{Elems: lines}, nil
	})
	def("getvalue(self)", "All of the stream's data, wherever the position is.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		return k.to(m.data), nil
	})
	def("seek(self, pos, whence=0)", "Moves the position to pos from the start (whence 0), the position (1) or the end (2), and returns it.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		var zero T
		_, text := any(zero).(rune)
		p, err := seekTarget(a.Value("pos"), a.Value("whence"), m.pos, len(m.data), text)
		if err != nil {
			return nil, err
		}
		m.pos = p
		return int64(p), nil
	})
	def("tell(self)", "The position.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		return int64(m.pos), nil
	})
	def("truncate(self, size=None)", "Cuts the data at size (the position by default), leaving the position, and returns the size.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		var size *int
		if !a.IsNone("size") {
			n, err := sizeArg(a.Value("size"))
			if err != nil {
				return nil, err
			}
			size = &n
		}
		n, err := m.truncate(size)
		return int64(n), err
	})
	def("flush(self)", "Does nothing: the data is in memory.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) {
		return lang.None, nil
	})
	for _, name := range []string{"readable", "writable", "seekable"} {
		def(name+"(self)", "True.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) { return true, nil })
	}
	def("isatty(self)", "False.", func(a *lang.Args, m *memFile[T]) (lang.Value, error) { return false, nil })
	// close works on a closed stream too.
	ms["close"] = lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the stream: its data is gone, and using it is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		switch s := streamOf(a.Value("self")).(type) {
		case *stringIO:
			s.closed, s.data = true, nil
		case *bytesIO:
			s.closed, s.data = true, nil
		}
		return lang.None, nil
	})
	return ms
}

var stringIOMethods = streamMethods(streamKind[rune]{
	self: func(a *lang.Args, method string) (*memFile[rune], error) {
		s, ok := streamOf(a.Value("self")).(*stringIO)
		if !ok {
			return nil, descriptorError(method, "_io.StringIO", a.Value("self"))
		}
		return &s.memFile, s.check()
	},
	from: func(v lang.Value) ([]rune, error) {
		s, ok := v.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "string argument expected, got '%s'", lang.TypeName(v))
		}
		return []rune(s), nil
	},
	to: func(p []rune) lang.Value { return string(p) },
})

var bytesIOMethods = streamMethods(streamKind[byte]{
	self: func(a *lang.Args, method string) (*memFile[byte], error) {
		b, ok := streamOf(a.Value("self")).(*bytesIO)
		if !ok {
			return nil, descriptorError(method, "_io.BytesIO", a.Value("self"))
		}
		return &b.memFile, b.check()
	},
	from: bytesOf,
	to:   func(p []byte) lang.Value { return lang.NewBytes(append([]byte(nil), p...)) },
})

// bytesOf is the data of a bytes value, which BytesIO writes.
func bytesOf(v lang.Value) ([]byte, error) {
	b, ok := v.(lang.Bytes)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(v))
	}
	return b.Data(), nil
}

// stringIOClass is io.StringIO: calling it makes one, and it is the
// class of the objects it makes (type, isinstance).
var stringIOClass = lang.NewBuiltin(lang.AsValue, "StringIO(initial_value='', newline='\\n')", "An in-memory text stream, holding initial_value, at position 0. Only newline='\\n' (no translation) is supported.", func(a *lang.Args) (lang.Value, error) {
	s := &stringIO{}
	switch v := a.Value("initial_value").(type) {
	case string:
		s.data = []rune(v)
	case lang.NoneType:
	default:
		return nil, lang.Errorf(lang.TypeError, "initial_value must be str or None, not %s", lang.TypeName(v))
	}
	if nl, ok := a.Value("newline").(string); !ok || nl != "\n" {
		return nil, lang.Errorf(lang.ValueError, "kael's StringIO supports only newline='\\n', not %s", lang.Repr(a.Value("newline"))).
			WithHint("read and write the text as it is, or replace the line endings yourself")
	}
	return s, nil
})

// bytesIOClass is io.BytesIO, as stringIOClass.
var bytesIOClass = lang.NewBuiltin(lang.AsValue, "BytesIO(initial_bytes=None)", "An in-memory binary stream, holding initial_bytes, at position 0.", func(a *lang.Args) (lang.Value, error) {
	b := &bytesIO{}
	if !a.IsNone("initial_bytes") {
		p, err := bytesOf(a.Value("initial_bytes"))
		if err != nil {
			return nil, err
		}
		b.data = append([]byte(nil), p...)
	}
	return b, nil
})

// ioModule is _io, the part of io written in Go; io itself (module.py)
// adds the abstract classes.
var ioModule = &lang.Module{Name: "_io", Attrs: map[string]lang.Value{
	"SEEK_SET":            int64(0),
	"SEEK_CUR":            int64(1),
	"SEEK_END":            int64(2),
	"DEFAULT_BUFFER_SIZE": int64(8192),
	"StringIO":            stringIOClass,
	"BytesIO":             bytesIOClass,
	"TextIOWrapper":       textIOWrapperClass,
	"BufferedReader":      bufferedClass("BufferedReader", true, false),
	"BufferedWriter":      bufferedClass("BufferedWriter", false, true),
	"BufferedRandom":      bufferedClass("BufferedRandom", true, true),
	"text_encoding": lang.NewBuiltin(lang.AsValue, "text_encoding(encoding, stacklevel=2, /)", "The encoding a function that opens a text file should pass to open(): encoding, or 'locale' when it is None (kael's locale encoding is UTF-8).", func(a *lang.Args) (lang.Value, error) {
		if a.IsNone("encoding") {
			return "locale", nil
		}
		return a.Value("encoding"), nil
	}),
}}

//go:embed module.py
var source string

func init() {
	lang.RegisterClass(stringIOClass, "_io.StringIO")
	lang.RegisterClass(bytesIOClass, "_io.BytesIO")
	if c, ok := lang.ModuleExceptionClass(lang.UnsupportedOperation); ok {
		ioModule.Attrs["UnsupportedOperation"] = c
	}
	lang.RegisterModule("_io", "The part of io written in Go: StringIO, BytesIO, open and the classes of open's files.", func() *lang.Module {
		if open, ok := lang.LookupBuiltin("open"); ok {
			ioModule.Attrs["open"] = open
		}
		return ioModule
	})
	lang.RegisterSourceModule("io", "Python's io: StringIO and BytesIO, open, the classes of its files, and the abstract classes IOBase, RawIOBase, BufferedIOBase and TextIOBase to derive from.", source)
	lang.RegisterMethodTable("_io.StringIO", stringIOMethods)
	lang.RegisterMethodTable("_io.BytesIO", bytesIOMethods)
}
