// Package compfile is the file of the compression modules (gzip.open,
// bz2.open, lzma.open): read whole and decompressed when opened, or
// written whole and compressed when closed, in binary or text (UTF-8)
// mode, with read, readline, readlines, iteration, write, close and
// with. Each module gives its codec.
package compfile

import (
	"bytes"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
)

// MaxData bounds what decompressing may make, as open's reads are bounded.
const MaxData = 1 << 30

// Codec is a compression module's part of its files.
type Codec struct {
	Module   string // gzip
	FileType string // the binary file's class: GzipFile
	// Compress compresses what a file written to path holds at level.
	Compress func(data []byte, level int, path string) ([]byte, error)
	// Decompress decompresses a file's bytes.
	Decompress func(data []byte) ([]byte, error)
}

// File is what a compressed file's open returns: the codec's binary file
// (GzipFile, BZ2File, LZMAFile) or, in text mode, a TextIOWrapper.
type File struct {
	codec  *Codec
	name   string
	path   string
	text   bool
	write  bool
	level  int
	data   []byte // read: what is left to read; write: what was written
	closed bool
	// sink, for a file made over a file object to write (GzipFile(
	// fileobj=)), is its write method, which close calls in sess.
	sink lang.Value
	sess *lang.Session
}

var (
	_ lang.HasAttrs   = (*File)(nil)
	_ lang.Iterable   = (*File)(nil)
	_ lang.TypeNamer  = (*File)(nil)
	_ lang.ClassNamer = (*File)(nil)
)

// TypeName is the codec's file class, or TextIOWrapper in text mode.
func (f *File) TypeName() string {
	if f.text {
		return "TextIOWrapper"
	}
	return f.codec.FileType
}

// ClassName is the module's class of a binary file (gzip.GzipFile), for
// type() and isinstance; a text file's is TextIOWrapper's.
func (f *File) ClassName() string {
	if f.text {
		return ""
	}
	return f.codec.Module + "." + f.codec.FileType
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
	out, err := f.codec.Compress(f.data, f.level, f.path)
	if err != nil {
		return err
	}
	if f.sink != nil {
		_, err := f.sess.CallHook(f.sink, lang.NewBytes(out))
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

// ReadFileobj is the bytes fileobj.read() gives, with CPython's error for
// a file object that is not binary.
func ReadFileobj(a *lang.Args, fileobj lang.Value) ([]byte, error) {
	read, err := lang.GetAttr(fileobj, "read")
	if err != nil {
		return nil, err
	}
	v, err := a.Call(read)
	if err != nil {
		return nil, err
	}
	b, err := lang.BytesArg(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(v))
	}
	return b, nil
}

// FileobjName is fileobj.name when it is a str, else "".
func FileobjName(fileobj lang.Value) string {
	if v, err := lang.GetAttr(fileobj, "name"); err == nil {
		if s, ok := v.(string); ok {
			return s
		}
	}
	return ""
}

// OpenFileobj is the module's file class over an open binary file
// object: read whole now (mode 'r...'), or written to it, compressed,
// when closed ('w', 'x' or 'a'); mode "" is fileobj's mode, else 'rb'.
func OpenFileobj(a *lang.Args, c *Codec, fileobj lang.Value, mode string, level int) (*File, error) {
	if mode == "" {
		mode = "rb"
		if v, err := lang.GetAttr(fileobj, "mode"); err == nil {
			if s, ok := v.(string); ok {
				mode = s
			}
		}
	}
	if strings.Contains(mode, "t") {
		return nil, lang.Errorf(lang.ValueError, "Invalid mode: %s", lang.Repr(mode))
	}
	f := &File{codec: c, name: FileobjName(fileobj), level: level}
	switch {
	case strings.HasPrefix(mode, "r"):
		raw, err := ReadFileobj(a, fileobj)
		if err != nil {
			return nil, err
		}
		if f.data, err = c.Decompress(raw); err != nil {
			return nil, err
		}
	case strings.ContainsAny(mode[:1], "wxa"):
		write, err := lang.GetAttr(fileobj, "write")
		if err != nil {
			return nil, err
		}
		f.write, f.sink, f.sess = true, write, a.Session()
	default:
		return nil, lang.Errorf(lang.ValueError, "Invalid mode: %s", lang.Repr(mode))
	}
	return f, nil
}

// OpenBinary is the module's file class called (GzipFile, BZ2File,
// LZMAFile): a binary file only, mode without 'b' meaning the same.
func OpenBinary(c *Codec, name, mode string, level int) (*File, error) {
	if strings.Contains(mode, "t") {
		return nil, lang.Errorf(lang.ValueError, "Invalid mode: %s", lang.Repr(mode))
	}
	return Open(c, name, mode, level, lang.None)
}

// Open is the codec module's open(filename, mode): a file read whole
// and decompressed now, or one written whole, compressed, when closed.
func Open(c *Codec, name, mode string, level int, encoding lang.Value) (*File, error) {
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
	f := &File{codec: c, name: name, path: name, text: text, write: m != "r", level: level}
	if m == "r" {
		file, _, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
		if err != nil {
			return nil, lang.OSErrorFrom(err, name)
		}
		raw, err := io.ReadAll(io.LimitReader(file, MaxData+1))
		file.Close()
		if err != nil {
			return nil, lang.OSErrorFrom(err, name)
		}
		if f.data, err = c.Decompress(raw); err != nil {
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
		return nil, lang.Errorf(lang.ValueError, "kael's %s.open writes new files only (mode 'w' or 'x'), not 'a'", c.Module)
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
}
