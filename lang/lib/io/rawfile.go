package io

import (
	"errors"
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
)

// io.FileIO: a raw file over a descriptor, each read and write one
// system call, as CPython's _io.FileIO.
type fileIO struct {
	fd                 int
	name               lang.Value
	readable, writable bool
	appending, created bool
	closefd, closed    bool
}

var (
	_ lang.HasAttrs = (*fileIO)(nil)
	_ lang.Reprer   = (*fileIO)(nil)
	_ lang.Iterable = (*fileIO)(nil)
)

func (f *fileIO) TypeName() string { return "_io.FileIO" }

// mode is the mode CPython's FileIO reports: 'rb', 'wb', 'xb', 'ab',
// with '+' when it both reads and writes.
func (f *fileIO) mode() string {
	var m string
	switch {
	case f.created:
		m = "xb"
	case f.appending:
		m = "ab"
	case f.readable:
		m = "rb"
	default:
		m = "wb"
	}
	if f.readable && f.writable {
		if m == "wb" {
			m = "rb"
		}
		m += "+"
	}
	return m
}

func (f *fileIO) PyRepr() string {
	if f.closed {
		return "<_io.FileIO [closed]>"
	}
	closefd := "False"
	if f.closefd {
		closefd = "True"
	}
	return fmt.Sprintf("<_io.FileIO name=%s mode='%s' closefd=%s>", lang.Repr(f.name), f.mode(), closefd)
}

func (f *fileIO) Enter() (lang.Value, error) { return f, f.check(0) }
func (f *fileIO) Exit()                      { f.close() }

func (f *fileIO) close() {
	if !f.closed {
		f.closed = true
		if f.closefd {
			_ = syscall.Close(f.fd)
		}
	}
}

// check is the error of reading ('r'), writing ('w') or using (0) f.
func (f *fileIO) check(need byte) error {
	switch {
	case f.closed:
		return lang.Errorf(lang.ValueError, "I/O operation on closed file")
	case need == 'r' && !f.readable:
		return lang.Errorf(lang.UnsupportedOperation, "File not open for reading")
	case need == 'w' && !f.writable:
		return lang.Errorf(lang.UnsupportedOperation, "File not open for writing")
	}
	return nil
}

func (f *fileIO) Attr(name string) (lang.Value, bool) {
	switch name {
	case "closed":
		return f.closed, true
	case "name":
		return f.name, true
	case "mode":
		return f.mode(), true
	case "closefd":
		return f.closefd, true
	}
	if m, ok := fileIOMethods[name]; ok {
		return &lang.BoundMethod{Recv: f, Method: m}, true
	}
	return nil, false
}

func (f *fileIO) AttrNames() []string {
	return append(sortedKeys(fileIOMethods), "closed", "closefd", "mode", "name")
}

// readSome is one read of at most n bytes.
func (f *fileIO) readSome(n int) ([]byte, error) {
	buf := make([]byte, n)
	for {
		got, err := syscall.Read(f.fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, lang.OSErrorFrom(err)
		}
		return buf[:got], nil
	}
}

// readAll reads to the end of the file.
func (f *fileIO) readAll() ([]byte, error) {
	var out []byte
	for {
		b, err := f.readSome(64 << 10)
		if err != nil {
			return nil, err
		}
		if len(b) == 0 {
			return out, nil
		}
		out = append(out, b...)
		if len(out) > maxFileIORead {
			return nil, lang.Errorf(lang.MemoryError, "reading more than %d bytes at once is too much to hold", maxFileIORead)
		}
	}
}

// maxFileIORead bounds one read.
const maxFileIORead = 1 << 30

// readLine reads a line byte by byte, as CPython's raw readline.
func (f *fileIO) readLine(limit int) ([]byte, error) {
	var out []byte
	for limit < 0 || len(out) < limit {
		b, err := f.readSome(1)
		if err != nil {
			return nil, err
		}
		if len(b) == 0 {
			break
		}
		out = append(out, b[0])
		if b[0] == '\n' || len(out) > maxFileIORead {
			break
		}
	}
	return out, nil
}

func (f *fileIO) Iterate(yield func(lang.Value) bool) error {
	if err := f.check('r'); err != nil {
		return err
	}
	for {
		line, err := f.readLine(-1)
		if err != nil || len(line) == 0 {
			return err
		}
		if !yield(lang.NewBytes(line)) {
			return nil
		}
	}
}

// self is the receiver of a FileIO method, checked for need.
func self(a *lang.Args, need byte) (*fileIO, error) {
	f := a.Value("self").(*fileIO)
	return f, f.check(need)
}

func fileIOMethod(sig, doc string, need byte, fn func(a *lang.Args, f *fileIO) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		f, err := self(a, need)
		if err != nil {
			return nil, err
		}
		return fn(a, f)
	})
}

var fileIOMethods = map[string]*lang.Builtin{}

func init() {
	for _, m := range []*lang.Builtin{
		fileIOMethod("read(self, size=-1)", "At most size bytes, in one system call (all that is left for -1); b'' at the end.", 'r', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			n := -1
			if !a.IsNone("size") {
				n = a.Int("size")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			var b []byte
			var err error
			if n < 0 {
				b, err = f.readAll()
			} else {
				b, err = f.readSome(min(n, maxFileIORead))
			}
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(b), nil
		}),
		fileIOMethod("readall(self)", "All the bytes left.", 'r', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			b, err := f.readAll()
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(b), nil
		}),
		fileIOMethod("readline(self, size=-1)", "A line of bytes, with its b'\\n'.", 'r', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			n := -1
			if !a.IsNone("size") {
				n = a.Int("size")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			b, err := f.readLine(n)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(b), nil
		}),
		fileIOMethod("readlines(self)", "The lines left, as a list of bytes.", 'r', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			var lines []lang.Value
			err := f.Iterate(func(v lang.Value) bool { lines = append(lines, v); return true })
			return &lang.List{Elems: lines}, err
		}),
		fileIOMethod("write(self, b)", "Writes the bytes b, in one system call, and returns how many were written.", 'w', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			data, err := lang.BytesArg(a.Value("b"))
			if err != nil {
				return nil, err
			}
			for {
				n, err := syscall.Write(f.fd, data)
				if errors.Is(err, syscall.EINTR) {
					continue
				}
				if err != nil {
					return nil, lang.OSErrorFrom(err)
				}
				return int64(n), nil
			}
		}),
		fileIOMethod("seek(self, pos, whence=0)", "Moves to pos from the start (0), the current position (1) or the end (2), and returns the new position.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) {
			pos, whence := a.Int64("pos"), a.Int("whence")
			if err := a.Err(); err != nil {
				return nil, err
			}
			off, err := syscall.Seek(f.fd, pos, whence)
			if err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			return off, nil
		}),
		fileIOMethod("tell(self)", "The current position.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) {
			off, err := syscall.Seek(f.fd, 0, 1)
			if err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			return off, nil
		}),
		fileIOMethod("truncate(self, size=None)", "Cuts the file at size bytes (the position by default) and returns size.", 'w', func(a *lang.Args, f *fileIO) (lang.Value, error) {
			var size int64
			if a.IsNone("size") {
				off, err := syscall.Seek(f.fd, 0, 1)
				if err != nil {
					return nil, lang.OSErrorFrom(err)
				}
				size = off
			} else {
				size = a.Int64("size")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := syscall.Ftruncate(f.fd, size); err != nil {
				return nil, lang.OSErrorFrom(err)
			}
			return size, nil
		}),
		fileIOMethod("fileno(self)", "The file's descriptor.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) { return int64(f.fd), nil }),
		fileIOMethod("readable(self)", "Whether the file was opened for reading.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) { return f.readable, nil }),
		fileIOMethod("writable(self)", "Whether the file was opened for writing.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) { return f.writable, nil }),
		fileIOMethod("seekable(self)", "Whether the file can seek (a pipe cannot).", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) {
			_, err := syscall.Seek(f.fd, 0, 1)
			return err == nil, nil
		}),
		fileIOMethod("isatty(self)", "Whether the file is a terminal.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) {
			_, err := unix.IoctlGetTermios(f.fd, unix.TCGETS)
			return err == nil, nil
		}),
		fileIOMethod("flush(self)", "Does nothing: a raw file holds nothing back.", 0, func(a *lang.Args, f *fileIO) (lang.Value, error) { return lang.None, nil }),
		lang.NewBuiltin(lang.AsValue, "close(self)", "Closes the file (and its descriptor, with closefd).", func(a *lang.Args) (lang.Value, error) {
			a.Value("self").(*fileIO).close()
			return lang.None, nil
		}),
	} {
		fileIOMethods[m.Name] = m
	}
	lang.RegisterClass(fileIOClass, "_io.FileIO")
	lang.RegisterMethodTable("_io.FileIO", fileIOMethods)
	ioModule.Attrs["FileIO"] = fileIOClass
}

// fileIOClass is io.FileIO(file, mode='r', closefd=True, opener=None).
var fileIOClass = lang.NewBuiltin(lang.AsValue, "FileIO(file, mode='r', closefd=True, opener=None)", "A raw binary file: the path file opened in mode ('r', 'w', 'x' or 'a', with '+'), or the descriptor file (closed with it unless closefd=False); reads and writes are single system calls.", func(a *lang.Args) (lang.Value, error) {
	mode, ok := a.Value("mode").(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "FileIO() argument 'mode' must be str, not %s", lang.TypeName(a.Value("mode")))
	}
	f := &fileIO{closefd: a.Bool("closefd")}
	if err := a.Err(); err != nil {
		return nil, err
	}
	var kind rune
	plus := false
	for _, c := range mode {
		switch c {
		case 'r', 'w', 'x', 'a':
			if kind != 0 {
				return nil, lang.Errorf(lang.ValueError, "Must have exactly one of create/read/write/append mode and at most one plus")
			}
			kind = c
		case '+':
			if plus {
				return nil, lang.Errorf(lang.ValueError, "Must have exactly one of create/read/write/append mode and at most one plus")
			}
			plus = true
		case 'b':
		default:
			return nil, lang.Errorf(lang.ValueError, "invalid mode: %s", mode)
		}
	}
	flags := 0
	switch kind {
	case 'r':
		f.readable = true
	case 'w':
		f.writable, flags = true, syscall.O_CREAT|syscall.O_TRUNC
	case 'x':
		f.writable, f.created, flags = true, true, syscall.O_CREAT|syscall.O_EXCL
	case 'a':
		f.writable, f.appending, flags = true, true, syscall.O_CREAT|syscall.O_APPEND
	default:
		return nil, lang.Errorf(lang.ValueError, "Must have exactly one of create/read/write/append mode and at most one plus")
	}
	if plus {
		f.readable, f.writable = true, true
	}
	switch {
	case f.readable && f.writable:
		flags |= syscall.O_RDWR
	case f.writable:
		flags |= syscall.O_WRONLY
	}
	if fd, isFD := a.Value("file").(int64); isFD {
		if fd < 0 {
			return nil, lang.Errorf(lang.ValueError, "negative file descriptor")
		}
		f.fd, f.name = int(fd), fd
	} else {
		p, ok := lang.PathText(a.Value("file"))
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not %s", lang.TypeName(a.Value("file")))
		}
		if !f.closefd {
			return nil, lang.Errorf(lang.ValueError, "Cannot use closefd=False with file name")
		}
		f.name = a.Value("file")
		if !a.IsNone("opener") {
			got, err := a.Call(a.Value("opener"), p, int64(flags|syscall.O_CLOEXEC))
			if err != nil {
				return nil, err
			}
			n, ok := got.(int64)
			if !ok || n < 0 {
				return nil, lang.Errorf(lang.ValueError, "opener returned %s", lang.Repr(got))
			}
			f.fd = int(n)
		} else {
			fd, err := syscall.Open(p, flags|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0o666)
			if err != nil {
				return nil, lang.OSErrorFrom(err, p)
			}
			f.fd = fd
			var st syscall.Stat_t
			if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFIFO {
				syscall.Close(fd)
				return nil, lang.OSErrorFrom(fileguard.ErrNotRegular, p)
			}
			if err := syscall.SetNonblock(fd, false); err != nil {
				syscall.Close(fd)
				return nil, lang.OSErrorFrom(err, p)
			}
		}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return nil, lang.OSErrorFrom(err)
	}
	if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
		if f.closefd {
			syscall.Close(f.fd)
		}
		if s, ok := f.name.(string); ok {
			return nil, lang.OSErrorFrom(syscall.EISDIR, s)
		}
		return nil, lang.OSErrorFrom(syscall.EISDIR)
	}
	if f.appending {
		_, _ = syscall.Seek(f.fd, 0, 2)
	}
	return f, nil
})
