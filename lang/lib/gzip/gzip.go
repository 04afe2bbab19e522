// Package gzip is Python's gzip module in small: gzip.open of a file
// for reading or writing, in binary or text mode, and compress and
// decompress of bytes, with CPython's errors. A file is read whole when
// opened and written whole when closed.
package gzip

import (
	"bytes"
	gz "compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
)

// BadGzipFile is the kind of gzip.BadGzipFile, an OSError.
const BadGzipFile lang.ErrorKind = "gzip.BadGzipFile"

// maxData bounds what decompressing may make, as open's reads are bounded.
const maxData = 1 << 30

// decompress is gzip.decompress: every member of data, concatenated.
func decompress(data []byte) ([]byte, error) {
	if len(data) >= 2 && (data[0] != 0x1f || data[1] != 0x8b) {
		return nil, lang.Errorf(BadGzipFile, "Not a gzipped file (%s)", lang.Repr(lang.NewBytes(data[:2])))
	}
	r, err := gz.NewReader(bytes.NewReader(data))
	if err != nil {
		if len(data) == 0 {
			return []byte{}, nil
		}
		return nil, lang.Errorf(lang.EOFError, "Compressed file ended before the end-of-stream marker was reached")
	}
	out, err := io.ReadAll(io.LimitReader(r, maxData+1))
	switch {
	case len(out) > maxData:
		return nil, lang.Errorf(lang.MemoryError, "gzip: more than %d bytes decompressed", maxData)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, lang.Errorf(lang.EOFError, "Compressed file ended before the end-of-stream marker was reached")
	case err != nil:
		return nil, lang.Errorf(BadGzipFile, "%v", err)
	}
	return out, nil
}

// compress is gzip.compress at level, with the header's name and time.
func compress(data []byte, level int, name string, mtime time.Time) ([]byte, error) {
	var b bytes.Buffer
	w, err := gz.NewWriterLevel(&b, level)
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "Invalid initialization option")
	}
	w.Name, w.ModTime = name, mtime
	w.Write(data)
	w.Close()
	return b.Bytes(), nil
}

// File is what gzip.open returns: GzipFile (binary) or TextIOWrapper.
type File struct {
	name   string
	path   string
	text   bool
	write  bool
	level  int
	data   []byte // read: what is left to read; write: what was written
	closed bool
}

var (
	_ lang.HasAttrs  = (*File)(nil)
	_ lang.Iterable  = (*File)(nil)
	_ lang.TypeNamer = (*File)(nil)
)

// TypeName is GzipFile, or TextIOWrapper in text mode.
func (f *File) TypeName() string {
	if f.text {
		return "TextIOWrapper"
	}
	return "GzipFile"
}

// Enter is the with statement's entry: the file itself.
func (f *File) Enter() (lang.Value, error) {
	if f.closed {
		return nil, errClosed()
	}
	return f, nil
}

// Exit closes the file when the with block ends.
func (f *File) Exit() { _ = f.close() }

func errClosed() error { return lang.Errorf(lang.ValueError, "I/O operation on closed file.") }

func (f *File) value(b []byte) lang.Value {
	if f.text {
		return string(b)
	}
	return lang.NewBytes(b)
}

func (f *File) check(write bool) error {
	switch {
	case f.closed:
		return errClosed()
	case write && !f.write:
		return lang.Errorf(lang.UnsupportedOperation, "not writable")
	case !write && f.write:
		return lang.Errorf(lang.UnsupportedOperation, "not readable")
	}
	return nil
}

// readLine takes the next line, with its newline.
func (f *File) readLine() []byte {
	i := bytes.IndexByte(f.data, '\n')
	n := len(f.data)
	if i >= 0 {
		n = i + 1
	}
	line := f.data[:n]
	f.data = f.data[n:]
	return line
}

// Iterate yields the lines.
func (f *File) Iterate(yield func(lang.Value) bool) error {
	if err := f.check(false); err != nil {
		return err
	}
	for len(f.data) > 0 {
		if !yield(f.value(f.readLine())) {
			break
		}
	}
	return nil
}

func (f *File) close() error {
	if f.closed {
		return nil
	}
	f.closed = true
	if !f.write {
		return nil
	}
	name := strings.TrimSuffix(filepath.Base(f.path), ".gz")
	out, err := compress(f.data, f.level, name, time.Now())
	if err != nil {
		return err
	}
	if err := os.WriteFile(f.path, out, 0o644); err != nil {
		return lang.OSErrorFrom(err, f.path)
	}
	return nil
}

// Attr gives the file's methods, name and closed.
func (f *File) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return f.name, true
	case "closed":
		return f.closed, true
	}
	if m, ok := fileMethods[name]; ok {
		return &lang.BoundMethod{Recv: f, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (f *File) AttrNames() []string {
	return []string{"close", "closed", "name", "read", "readline", "readlines", "write"}
}

func self(a *lang.Args) *File { return a.Value("self").(*File) }

var fileMethods = map[string]*lang.Builtin{}

// open is gzip.open(filename, mode).
func open(name, mode string, level int, encoding lang.Value) (*File, error) {
	m := strings.ReplaceAll(mode, "b", "")
	text := strings.Contains(mode, "t")
	m = strings.ReplaceAll(m, "t", "")
	if strings.Contains(mode, "t") && strings.Contains(mode, "b") || len(m) != 1 || !strings.Contains("rwax", m) {
		bad := mode
		if !strings.Contains(mode, "t") && !strings.Contains(mode, "b") {
			bad += "b"
		}
		return nil, lang.Errorf(lang.ValueError, "invalid mode: %s", lang.Repr(bad))
	}
	if !text && encoding != lang.None {
		return nil, lang.Errorf(lang.ValueError, "Argument 'encoding' not supported in binary mode")
	}
	f := &File{name: name, path: name, text: text, write: m != "r", level: level}
	if m == "r" {
		file, _, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
		if err != nil {
			return nil, lang.OSErrorFrom(err, name)
		}
		raw, err := io.ReadAll(io.LimitReader(file, maxData+1))
		file.Close()
		if err != nil {
			return nil, lang.OSErrorFrom(err, name)
		}
		if f.data, err = decompress(raw); err != nil {
			return nil, err
		}
		if text {
			if !utf8.Valid(f.data) {
				return nil, lang.Errorf("UnicodeDecodeError", "'utf-8' codec can't decode the data of %s", lang.Repr(name))
			}
			f.data = bytes.ReplaceAll(bytes.ReplaceAll(f.data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
		}
		return f, nil
	}
	if m == "a" {
		return nil, lang.Errorf(lang.ValueError, "kael's gzip.open writes new files only (mode 'w' or 'x'), not 'a'")
	}
	flag := os.O_WRONLY | os.O_CREATE
	switch m {
	case "w":
		flag |= os.O_TRUNC
	case "x":
		flag |= os.O_EXCL
	}
	file, _, err := fileguard.OpenRegular(name, flag, 0o644)
	if err != nil {
		return nil, lang.OSErrorFrom(err, name)
	}
	file.Close()
	return f, nil
}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "read(self, size=-1)", "The rest of the data (or size of it): bytes, or str in text mode.", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			size := a.Int("size")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := f.check(false); err != nil {
				return nil, err
			}
			n := len(f.data)
			if size >= 0 && size < n {
				n = size
				if f.text { // size counts characters
					n = len(f.data)
					for i := range string(f.data) {
						if size == 0 {
							n = i
							break
						}
						size--
					}
				}
			}
			out := f.data[:n]
			f.data = f.data[n:]
			return f.value(out), nil
		}),
		lang.NewBuiltin(lang.AsValue, "readline(self)", "The next line, with its newline; empty at the end.", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			if err := f.check(false); err != nil {
				return nil, err
			}
			return f.value(f.readLine()), nil
		}),
		lang.NewBuiltin(lang.AsValue, "readlines(self)", "The remaining lines, as a list.", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			l := &lang.List{}
			err := f.Iterate(func(v lang.Value) bool { l.Elems = append(l.Elems, v); return true })
			return l, err
		}),
		lang.NewBuiltin(lang.AsValue, "write(self, data)", "Adds data (bytes, or str in text mode); returns its length.", func(a *lang.Args) (lang.Value, error) {
			f := self(a)
			if err := f.check(true); err != nil {
				return nil, err
			}
			switch x := a.Value("data").(type) {
			case string:
				if !f.text {
					return nil, lang.Errorf(lang.TypeError, "memoryview: a bytes-like object is required, not 'str'")
				}
				f.data = append(f.data, x...)
				return int64(utf8.RuneCountInString(x)), nil
			case lang.Bytes:
				if f.text {
					return nil, lang.Errorf(lang.TypeError, "write() argument must be str, not bytes")
				}
				f.data = append(f.data, x.Data()...)
				return int64(len(x.Data())), nil
			}
			return nil, lang.Errorf(lang.TypeError, "write() argument must be str, not %s", lang.TypeName(a.Value("data")))
		}),
		lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the file; a file being written is compressed and saved now.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, self(a).close()
		}),
	} {
		fileMethods[b.Name] = b
	}
	lang.RegisterModule("gzip", "Python's gzip in small: open, compress and decompress.", func() *lang.Module { return gzipModule })
}

var gzipModule = &lang.Module{Name: "gzip", Attrs: map[string]lang.Value{
	"open": lang.NewBuiltin(lang.AsValue, "open(filename, mode='rb', compresslevel=9, encoding=None, errors=None, newline=None)", "A gzip file: read ('rb', 'rt') or written ('wb', 'wt', 'xb', 'xt'); text is UTF-8.", func(a *lang.Args) (lang.Value, error) {
		name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return open(name, mode, level, a.Value("encoding"))
	}),
	"compress": lang.NewBuiltin(lang.AsValue, "compress(data, compresslevel=9, *, mtime=None)", "The gzip data of the bytes data (a valid stream; its bytes differ from CPython's zlib's).", func(a *lang.Args) (lang.Value, error) {
		b, ok := a.Value("data").(lang.Bytes)
		level := a.Int("compresslevel")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(a.Value("data")))
		}
		mtime := time.Now()
		if !a.IsNone("mtime") {
			mtime = time.Unix(int64(a.Float("mtime")), 0)
		}
		out, err := compress(b.Data(), level, "", mtime)
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(out), nil
	}),
	"decompress": lang.NewBuiltin(lang.AsValue, "decompress(data)", "The bytes of gzip data (every member).", func(a *lang.Args) (lang.Value, error) {
		b, ok := a.Value("data").(lang.Bytes)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(a.Value("data")))
		}
		out, err := decompress(b.Data())
		if err != nil {
			return nil, err
		}
		return lang.NewBytes(out), nil
	}),
	"BadGzipFile": lang.RegisterExceptionClass("gzip.BadGzipFile", "gzip", "BadGzipFile", "OSError"),
}}
