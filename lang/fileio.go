package lang

import (
	"bytes"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/fileguard"
)

// open() and file objects, as Python's io: text mode (str, UTF-8,
// universal newlines when reading) and binary mode (bytes), with read,
// readline, readlines, iteration by line, write, writelines, seek, tell,
// flush and close, and with open(p) as f. Files are opened through
// fileguard: only regular files, and an open never blocks, so a FIFO or
// a device is an OSError instead of a hang or an endless read.

// The errors of opening files, as Python names them.
const (
	IsADirectoryError ErrorKind = "IsADirectoryError"
	PermissionError   ErrorKind = "PermissionError"
	FileExistsError   ErrorKind = "FileExistsError"
)

// File is an open file.
type File struct {
	f      handle
	name   string
	fd     Value // the descriptor it was opened from (open(fd)): its name; nil for a path
	mode   string
	binary bool
	read   bool
	write  bool
	buf    []byte // read ahead, not yet returned
	closed bool
	text   textCoding
	over   *fileOver // the stream under a file made over one (io.TextIOWrapper(buffer)); nil for open()'s
}

// textCoding is how a text file turns bytes into str: its codec (nil:
// UTF-8, read strictly as it streams), errors and newline, as open()'s
// arguments give them. A file of another codec (or errors) is decoded
// whole at its first read: text holds what was decoded from rawStart on
// (newlines translated), and buf what of it is not yet read.
type textCoding struct {
	encoding  string // as given, for repr and .encoding
	codec     *Codec
	errors    string
	newline   Value // None (universal), '', '\n', '\r' or '\r\n'
	loaded    bool
	decoded   string
	rawStart  int64
	translate bool // newline None: '\r' and '\r\n' read as '\n'
}

// handle is what a File reads and writes through: an *os.File for a
// path, an fdHandle for a descriptor the program gave (open(fd)).
type handle interface {
	io.ReadWriteSeeker
	Truncate(size int64) error
	Close() error
	Fd() uintptr
}

// fdHandle is a file descriptor as a handle: closing it closes the
// descriptor only when it owns it (open(fd, closefd=True)).
type fdHandle struct {
	fd      int
	closefd bool
}

func (h fdHandle) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(h.fd, p)
		if err == syscall.EINTR {
			continue
		}
		if n < 0 {
			n = 0
		}
		if err == nil && n == 0 && len(p) > 0 {
			return 0, io.EOF
		}
		return n, err
	}
}

func (h fdHandle) Write(p []byte) (int, error) {
	done := 0
	for done < len(p) {
		n, err := syscall.Write(h.fd, p[done:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}

func (h fdHandle) Seek(off int64, whence int) (int64, error) { return syscall.Seek(h.fd, off, whence) }
func (h fdHandle) Truncate(size int64) error                 { return syscall.Ftruncate(h.fd, size) }
func (h fdHandle) Fd() uintptr                               { return uintptr(h.fd) }
func (h fdHandle) Close() error {
	if h.closefd {
		return syscall.Close(h.fd)
	}
	return nil
}

// osError is the OSError of err from using the file: named by its
// path, or by nothing for a descriptor, as CPython's.
func (x *File) osError(err error) *Error {
	if x.fd != nil {
		return OSErrorFrom(err)
	}
	return OSErrorFrom(err, x.name)
}

// nameValue is the file's name attribute: its path, or the descriptor
// it was opened from.
func (x *File) nameValue() Value {
	if x.fd != nil {
		return x.fd
	}
	return x.name
}

// TypeName returns the class of Python's open() result for the mode.
func (x *File) TypeName() string {
	switch {
	case !x.binary:
		return "TextIOWrapper"
	case x.read && x.write:
		return "BufferedRandom"
	case x.write:
		return "BufferedWriter"
	}
	return "BufferedReader"
}

// ClassName is the qualified name of its class, which io names:
// _io.TextIOWrapper, _io.BufferedReader, ...
func (x *File) ClassName() string { return "_io." + x.TypeName() }

// PyRepr is repr(f): <_io.TextIOWrapper name='f.txt' mode='r' encoding='UTF-8'>.
func (x *File) PyRepr() string {
	if x.over != nil {
		return x.over.repr(x)
	}
	if x.binary {
		return "<_io." + x.TypeName() + " name=" + Repr(x.nameValue()) + ">"
	}
	return "<_io.TextIOWrapper name=" + Repr(x.nameValue()) + " mode=" + Repr(x.mode) + " encoding=" + Repr(x.text.encoding) + ">"
}

func init() {
	NewBuiltin(AsFunc, "open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None)",
		"Opens a file and returns a file object: mode 'r' (read), 'w' (write, truncating), 'a' (append), 'x' (create), with 'b' for bytes and '+' for reading and writing. Text is UTF-8. file is a path, or an open file descriptor (an int: os.open, os.pipe), closed with the file unless closefd=False; opener(path, flags) may open the descriptor.",
		func(a *Args) (Value, error) {
			fd, byFD := a.Value("file").(int64)
			var name string
			if !byFD {
				name = a.Path("file")
			}
			mode, closefd := a.Str("mode"), a.Bool("closefd")
			if err := a.Err(); err != nil {
				return nil, err
			}
			text, err := textArgs(a, mode, "open()")
			if err != nil {
				return nil, err
			}
			var x *File
			switch {
			case byFD:
				x, err = openFD(fd, mode, closefd, fd)
			case !closefd:
				return nil, Errorf(ValueError, "Cannot use closefd=False with file name")
			case !a.IsNone("opener"):
				flag, err := (&File{mode: mode}).parseMode()
				if err != nil {
					return nil, err
				}
				got, err := a.Session().CallHook(a.Value("opener"), name, int64(flag|syscall.O_CLOEXEC))
				if err != nil {
					return nil, err
				}
				n, ok := got.(int64)
				if !ok {
					return nil, Errorf(TypeError, "expected an integer from opener")
				}
				x, err = openFD(n, mode, true, nil)
				if x != nil {
					x.name = name
				}
			default:
				x, err = openFile(name, mode)
			}
			if err != nil {
				return nil, err
			}
			x.text = text
			return x, nil
		})
}

// utf8Text is the text coding of open() without encoding, errors or
// newline.
var utf8Text = textCoding{encoding: "UTF-8", errors: "strict", newline: None, translate: true}

// textArgs reads the encoding, errors and newline of fn (open() or
// TextIOWrapper()), with CPython's errors for a binary mode and for a
// value it does not take.
func textArgs(a *Args, mode, fn string) (textCoding, error) {
	t := textCoding{encoding: "UTF-8", errors: "strict", newline: a.Value("newline"), translate: a.IsNone("newline")}
	binary := strings.ContainsRune(mode, 'b')
	if !a.IsNone("encoding") {
		enc, ok := a.Value("encoding").(string)
		switch {
		case !ok:
			return t, Errorf(TypeError, "%s argument 'encoding' must be str or None, not %s", fn, TypeName(a.Value("encoding")))
		case binary:
			return t, Errorf(ValueError, "binary mode doesn't take an encoding argument")
		}
		t.encoding = enc
		if strings.ToLower(enc) != "locale" { // kael's locale encoding is UTF-8
			c, err := lookupCodec(enc)
			if err != nil {
				return t, err
			}
			if c.name != "utf-8" {
				t.codec = c
			}
		}
	}
	if !a.IsNone("errors") {
		e, ok := a.Value("errors").(string)
		switch {
		case !ok:
			return t, Errorf(TypeError, "%s argument 'errors' must be str or None, not %s", fn, TypeName(a.Value("errors")))
		case binary:
			return t, Errorf(ValueError, "binary mode doesn't take an errors argument")
		}
		t.errors = e
	}
	if !a.IsNone("newline") {
		nl, ok := t.newline.(string)
		switch {
		case !ok:
			return t, Errorf(TypeError, "%s argument 'newline' must be str or None, not %s", fn, TypeName(t.newline))
		case nl != "" && nl != "\n" && nl != "\r" && nl != "\r\n":
			return t, Errorf(ValueError, "illegal newline value: %s", nl)
		case binary:
			return t, Errorf(ValueError, "binary mode doesn't take a newline argument")
		}
	}
	if t.codec == nil && t.errors != "strict" {
		t.codec, _ = lookupCodec("utf-8")
	}
	return t, nil
}

// openFD is open(fd, mode, closefd=closefd): a file object over the open
// descriptor fd, named name (the fd itself for open(fd)).
func openFD(fd int64, mode string, closefd bool, name Value) (*File, error) {
	x := &File{mode: mode, fd: name, text: utf8Text}
	if _, err := x.parseMode(); err != nil {
		return nil, err
	}
	if fd < 0 {
		return nil, Errorf(ValueError, "negative file descriptor")
	}
	if fd > math.MaxInt32 {
		return nil, Errorf(OverflowError, "fd is greater than maximum")
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(fd), &st); err != nil {
		return nil, OSErrorFrom(err)
	}
	if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
		return nil, osErrorFD(syscall.EISDIR, name)
	}
	x.f = fdHandle{fd: int(fd), closefd: closefd}
	if strings.ContainsRune(mode, 'a') {
		if _, err := x.f.Seek(0, io.SeekEnd); err != nil && err != syscall.ESPIPE {
			return nil, osErrorFD(err, name)
		}
	}
	return x, nil
}

// osErrorFD is the OSError of err about the descriptor fd, which CPython
// names as the file ("[Errno 21] Is a directory: 3"); none when fd is nil.
func osErrorFD(err error, fd Value) *Error {
	e := OSErrorFrom(err)
	if e.os != nil && fd != nil {
		e.os.filename = fd
		e.Msg, _ = osStr(e.os)
	}
	return e
}

// openFile opens name in mode.
func openFile(name, mode string) (*File, error) {
	x := &File{name: name, mode: mode, text: utf8Text}
	flag, err := x.parseMode()
	if err != nil {
		return nil, err
	}
	f, _, err := fileguard.OpenRegular(name, flag, 0o666)
	if err != nil {
		return nil, OSErrorFrom(err, name)
	}
	x.f = f
	return x, nil
}

// parseMode reads x.mode as open() does, setting binary, read and
// write, and returns the flags of os.OpenFile that it stands for.
func (x *File) parseMode() (int, error) {
	mode := x.mode
	var kind byte
	plus, text := false, false
	for _, c := range mode {
		switch c {
		case 'r', 'w', 'a', 'x':
			if kind != 0 {
				return 0, Errorf(ValueError, "must have exactly one of create/read/write/append mode")
			}
			kind = byte(c)
		case 'b':
			if x.binary {
				return 0, Errorf(ValueError, "invalid mode: '%s'", mode)
			}
			x.binary = true
		case 't':
			text = true
		case '+':
			if plus {
				return 0, Errorf(ValueError, "invalid mode: '%s'", mode)
			}
			plus = true
		default:
			return 0, Errorf(ValueError, "invalid mode: '%s'", mode)
		}
	}
	switch {
	case text && x.binary:
		return 0, Errorf(ValueError, "can't have text and binary mode at once")
	case kind == 0:
		return 0, Errorf(ValueError, "Must have exactly one of create/read/write/append mode and at most one plus")
	}
	var flag int
	switch kind {
	case 'r':
		x.read = true
	case 'w':
		x.write, flag = true, os.O_CREATE|os.O_TRUNC
	case 'a':
		x.write, flag = true, os.O_CREATE|os.O_APPEND
	case 'x':
		x.write, flag = true, os.O_CREATE|os.O_EXCL
	}
	if plus {
		x.read, x.write = true, true
	}
	switch {
	case x.read && x.write:
		flag |= os.O_RDWR
	case x.write:
		flag |= os.O_WRONLY
	}
	return flag, nil
}

// check returns the error of using x to read (need 'r'), to write ('w'),
// or for neither (0: seek, tell, readable): closed, or not of that mode.
func (x *File) check(need byte) error {
	if x.over != nil {
		return x.over.check(x, need)
	}
	switch {
	case x.closed:
		return Errorf(ValueError, "I/O operation on closed file.")
	case need == 'r' && !x.read:
		return Errorf(UnsupportedOperation, "not readable")
	case need == 'w' && !x.write:
		return Errorf(UnsupportedOperation, "not writable")
	}
	return nil
}

// UnsupportedOperation is io.UnsupportedOperation.
const UnsupportedOperation ErrorKind = "UnsupportedOperation"

// maxRead bounds the bytes a read, a readline or a line of iteration
// holds at once: a bigger one (a read() of a huge file, a file without
// newlines) would exhaust the process, which Go cannot recover from.
var maxRead = 1 << 30

// fill reads more of the file into the buffer, in its spare capacity; it
// reports false at the end, and a MemoryError past maxRead, leaving the
// file where reading was.
func (x *File) fill() (bool, error) {
	if x.text.codec != nil && !x.binary {
		return x.load()
	}
	if len(x.buf) >= maxRead {
		if err := x.discard(); err != nil {
			return false, err
		}
		return false, Errorf(MemoryError, "reading more than %d bytes at once is too much to hold", maxRead).
			WithHint("read it in pieces: f.read(n) in a loop, or for line in f")
	}
	x.buf = slices.Grow(x.buf, 64<<10)
	n, err := x.f.Read(x.buf[len(x.buf):cap(x.buf)])
	x.buf = x.buf[:len(x.buf)+n]
	if err == io.EOF || (err == nil && n == 0) {
		return n > 0, nil
	}
	if err != nil {
		return false, x.osError(err)
	}
	return true, nil
}

// load decodes the rest of a file of another codec than UTF-8 into buf,
// once; it reports whether it read anything.
func (x *File) load() (bool, error) {
	if x.text.loaded {
		return false, nil
	}
	start, err := x.f.Seek(0, io.SeekCurrent)
	if err != nil {
		start = 0 // a pipe: positions are not asked of it
	}
	var raw []byte
	chunk := make([]byte, 64<<10)
	for {
		n, err := x.f.Read(chunk)
		raw = append(raw, chunk[:n]...)
		if len(raw) > maxRead {
			return false, Errorf(MemoryError, "reading more than %d bytes at once is too much to hold", maxRead).
				WithHint("read it in pieces with open(..., 'rb') and decode each")
		}
		if err == io.EOF || err == nil && n == 0 {
			break
		}
		if err != nil {
			return false, x.osError(err)
		}
	}
	codec := x.text.codec
	if start > 0 {
		codec = unmarked(codec)
	}
	s, err := codec.Decode(raw, x.text.errors)
	if err != nil {
		return false, err
	}
	if x.text.translate && strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	x.text.loaded, x.text.decoded, x.text.rawStart = true, s, start
	x.buf = []byte(s)
	return len(s) > 0, nil
}

// unmarked is c without its byte-order mark (utf-16-le for utf-16), for
// what is read or written past the start of a file.
func unmarked(c *Codec) *Codec {
	switch c.name {
	case "utf-16", "utf-32":
		u, _ := lookupCodec(c.name + "-le")
		return u
	case "utf-8-sig":
		u, _ := lookupCodec("utf-8")
		return u
	}
	return c
}

// loadedPos is the file position of what is read so far of a loaded
// file: where the text not yet read starts, as its codec encodes the
// text before it.
func (x *File) loadedPos() int64 {
	read := x.text.decoded[:len(x.text.decoded)-len(x.buf)]
	codec := x.text.codec
	if x.text.rawStart > 0 || read == "" {
		codec = unmarked(codec)
	}
	b, err := codec.Encode(read, "surrogatepass")
	if err != nil {
		b, _ = codec.Encode(read, "replace")
	}
	return x.text.rawStart + int64(len(b))
}

// discard drops the read-ahead, moving the file back to where reading is.
func (x *File) discard() error {
	if x.text.loaded {
		pos := x.loadedPos()
		x.buf, x.text.loaded, x.text.decoded = nil, false, ""
		if _, err := x.f.Seek(pos, io.SeekStart); err != nil {
			return x.osError(err)
		}
		return nil
	}
	if len(x.buf) > 0 {
		if _, err := x.f.Seek(-int64(len(x.buf)), io.SeekCurrent); err != nil {
			return x.osError(err)
		}
		x.buf = nil
	}
	return nil
}

// value makes what a read returns from data: str (decoded, newlines
// translated) or bytes.
func (x *File) value(data []byte) (Value, error) {
	if x.binary {
		return NewBytes(append([]byte(nil), data...)), nil
	}
	if x.text.codec != nil {
		return string(data), nil // decoded already
	}
	if !utf8.Valid(data) {
		// CPython's error, of what is read: the codec's own.
		_, err := decodeText(data, "utf-8", "strict")
		if err == nil {
			err = Errorf(UnicodeDecodeError, "'utf-8' codec can't decode the text read")
		}
		return nil, err
	}
	s := string(data)
	if x.text.translate && strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	return s, nil
}

// readAll reads what is left.
func (x *File) readAll() (Value, error) {
	for {
		more, err := x.fill()
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	data := x.buf
	x.buf = nil
	return x.value(data)
}

// readN reads up to n characters (text: '\r\n' is one) or bytes.
func (x *File) readN(n int) (Value, error) {
	cut, count, eof := 0, 0, false
	for {
		if x.binary {
			cut = min(n, len(x.buf))
		} else {
			cut, count = textAdvance(x.buf, cut, count, n, eof, x.text.translate)
		}
		if eof || x.binary && cut == n || !x.binary && count == n {
			break
		}
		more, err := x.fill()
		if err != nil {
			return nil, err
		}
		eof = !more
	}
	data := x.buf[:cut]
	x.buf = x.buf[cut:]
	return x.value(data)
}

// textAdvance goes on from cut, the end of the first count characters of
// buf, to the end of up to n; before eof it stops short of a character
// that more of the file could change (a '\r' at the end, a part of one).
func textAdvance(buf []byte, cut, count, n int, eof, translate bool) (int, int) {
	for count < n && cut < len(buf) {
		size := 1
		switch c := buf[cut]; {
		case c == '\r' && translate:
			if cut+1 < len(buf) && buf[cut+1] == '\n' {
				size = 2
			} else if cut+1 == len(buf) && !eof {
				return cut, count
			}
		case c >= utf8.RuneSelf:
			if !eof && !utf8.FullRune(buf[cut:]) {
				return cut, count
			}
			_, size = utf8.DecodeRune(buf[cut:])
		}
		cut += size
		count++
	}
	return cut, count
}

// lineEnd returns the end of the first line in buf from on, after its
// '\n' (in text mode also '\r' or '\r\n'), or 0 when buf holds no whole
// line: before eof, a '\r' at the end may be followed by '\n'.
func (x *File) lineEnd(from int, eof bool) int {
	nl, _ := x.text.newline.(string)
	switch {
	case x.binary || nl == "\n" || nl == "\r":
		sep := byte('\n')
		if !x.binary && nl == "\r" {
			sep = '\r'
		}
		if i := bytes.IndexByte(x.buf[from:], sep); i >= 0 {
			return from + i + 1
		}
		return 0
	case nl == "\r\n":
		if i := bytes.Index(x.buf[from:], []byte("\r\n")); i >= 0 {
			return from + i + 2
		}
		return 0
	}
	i := bytes.IndexAny(x.buf[from:], "\r\n")
	if i < 0 {
		return 0
	}
	i += from
	switch {
	case x.buf[i] == '\n':
		return i + 1
	case i+1 < len(x.buf):
		if x.buf[i+1] == '\n' {
			return i + 2
		}
		return i + 1
	case eof:
		return i + 1
	}
	return 0
}

// readLine reads a line with its newline; "" (or b"") at the end.
func (x *File) readLine() (Value, error) {
	cut, eof := x.lineEnd(0, false), false
	for cut == 0 && !eof {
		from := max(len(x.buf)-1, 0) // a '\r' at the end is looked at again
		more, err := x.fill()
		if err != nil {
			return nil, err
		}
		eof = !more
		cut = x.lineEnd(from, eof)
	}
	if cut == 0 {
		cut = len(x.buf)
	}
	data := x.buf[:cut]
	x.buf = x.buf[cut:]
	return x.value(data)
}

// Iterate yields the lines of the file, as for line in f does.
func (x *File) Iterate(yield func(Value) bool) error {
	if err := x.check('r'); err != nil {
		return err
	}
	for {
		line, err := x.readLine()
		if err != nil {
			return err
		}
		if atEnd(line) {
			return nil
		}
		if !yield(line) {
			return nil
		}
	}
}

// atEnd reports whether a line read is empty: the end of the file.
func atEnd(v Value) bool {
	switch v := v.(type) {
	case string:
		return v == ""
	case Bytes:
		return len(v.b) == 0
	}
	return false
}

func (x *File) writeValue(v Value) (int, error) {
	var data []byte
	var n int
	switch v := v.(type) {
	case string:
		if x.binary {
			return 0, Errorf(TypeError, "a bytes-like object is required, not 'str'")
		}
		data, n = []byte(v), utf8.RuneCountInString(v)
		if nl, _ := x.text.newline.(string); nl == "\r" || nl == "\r\n" {
			v = strings.ReplaceAll(v, "\n", nl)
			data = []byte(v)
		}
		if x.text.codec != nil {
			if err := x.discard(); err != nil {
				return 0, err
			}
			codec := x.text.codec
			whence := io.SeekCurrent
			if strings.ContainsRune(x.mode, 'a') {
				whence = io.SeekEnd // where an append writes
			}
			if pos, err := x.f.Seek(0, whence); err == nil && pos > 0 {
				codec = unmarked(codec)
			}
			enc, err := codec.Encode(v, x.text.errors)
			if err != nil {
				return 0, err
			}
			data = enc
		}
	case Bytes:
		if !x.binary {
			return 0, Errorf(TypeError, "write() argument must be str, not bytes")
		}
		data, n = v.b, len(v.b)
	default:
		if x.binary {
			return 0, Errorf(TypeError, "a bytes-like object is required, not '%s'", TypeName(v))
		}
		return 0, Errorf(TypeError, "write() argument must be str, not %s", TypeName(v))
	}
	if err := x.discard(); err != nil {
		return 0, err
	}
	if _, err := x.f.Write(data); err != nil {
		return 0, x.osError(err)
	}
	return n, nil
}

// Close closes the file; closing again does nothing.
func (x *File) Close() {
	if !x.closed {
		x.closed = true
		x.f.Close()
	}
}

// Enter and Exit make a file a context manager: with open(p) as f
// closes f at the end of the block.
func (x *File) Enter() (Value, error) {
	if x.closed {
		return nil, Errorf(ValueError, "I/O operation on closed file.")
	}
	return x, nil
}
func (x *File) Exit() { x.Close() }

// AttrNames lists a file's attributes.
func (*File) AttrNames() []string {
	return []string{"close", "closed", "fileno", "flush", "mode", "name", "read", "readable", "readline", "readlines", "seek", "tell", "truncate", "writable", "write", "writelines"}
}

// fileMethods are the file methods by signature, parsed once: Attr makes
// one at each access (f.write in a loop), bound to its file.
var fileMethods sync.Map

// fileMethod is the file method of sig, calling fn.
func fileMethod(sig, doc string, fn func(a *Args) (Value, error)) *Builtin {
	m, ok := fileMethods.Load(sig)
	if !ok {
		m, _ = fileMethods.LoadOrStore(sig, NewBuiltin(AsValue, sig, doc, nil))
	}
	b := *m.(*Builtin)
	b.fn = fn
	return &b
}

// Attr returns a file's attribute.
func (x *File) Attr(name string) (Value, bool) {
	method := func(sig, doc string, need byte, fn func(a *Args) (Value, error)) (Value, bool) {
		return fileMethod(sig, doc, func(a *Args) (Value, error) {
			if err := x.check(need); err != nil {
				return nil, err
			}
			return fn(a)
		}), true
	}
	if x.over != nil {
		if v, ok, done := x.over.attr(x, name); done {
			return v, ok
		}
	}
	switch name {
	case "name":
		return x.nameValue(), true
	case "fileno":
		return method("fileno()", "The file's descriptor, for the os functions that take one.", 0, func(a *Args) (Value, error) { return int64(x.f.Fd()), nil })
	case "mode":
		return x.mode, true
	case "encoding", "errors":
		if x.binary {
			return nil, false
		}
		if name == "errors" {
			return x.text.errors, true
		}
		return x.text.encoding, true
	case "closed":
		return x.closed, true
	case "close":
		return fileMethod("close()", "Closes the file.", func(a *Args) (Value, error) { x.Close(); return None, nil }), true
	case "readable":
		return method("readable()", "Whether the file was opened for reading.", 0, func(a *Args) (Value, error) { return x.read, nil })
	case "writable":
		return method("writable()", "Whether the file was opened for writing.", 0, func(a *Args) (Value, error) { return x.write, nil })
	case "flush":
		return fileMethod("flush()", "Does nothing: writes are not held back.", func(a *Args) (Value, error) { return None, nil }), true
	case "read":
		return method("read(size=-1)", "Reads size characters (bytes in binary mode), or the rest of the file.", 'r', func(a *Args) (Value, error) {
			n := a.OptInt("size")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if n == nil || *n < 0 {
				return x.readAll()
			}
			return x.readN(*n)
		})
	case "readline":
		return method("readline()", "Reads a line, with its newline; '' at the end of the file.", 'r', func(a *Args) (Value, error) { return x.readLine() })
	case "readlines":
		return method("readlines()", "Reads the remaining lines into a list.", 'r', func(a *Args) (Value, error) {
			var lines []Value
			err := x.Iterate(func(v Value) bool { lines = append(lines, v); return true })
			if err != nil {
				return nil, err
			}
			return &List{Elems: lines}, nil
		})
	case "write":
		return method("write(s)", "Writes s (bytes in binary mode) and returns how many characters (bytes) it wrote.", 'w', func(a *Args) (Value, error) {
			n, err := x.writeValue(a.Value("s"))
			return int64(n), err
		})
	case "writelines":
		return method("writelines(lines)", "Writes each string of lines; no newlines are added.", 'w', func(a *Args) (Value, error) {
			var werr error
			err := Iterate(a.Value("lines"), func(v Value) bool {
				_, werr = x.writeValue(v)
				return werr == nil
			})
			if err == nil {
				err = werr
			}
			return None, err
		})
	case "seek":
		return method("seek(offset, whence=0)", "Moves to offset from the start (whence 0), the current position (1) or the end (2), and returns the new position.", 0, func(a *Args) (Value, error) {
			off, whence := a.Int64("offset"), a.Int("whence")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := x.discard(); err != nil {
				return nil, err
			}
			pos, err := x.f.Seek(off, whence)
			if err != nil {
				return nil, x.osError(err)
			}
			return pos, nil
		})
	case "truncate":
		return method("truncate(size=None)", "Cuts the file at size bytes (the position by default), leaving the position where it is, and returns size.", 0, func(a *Args) (Value, error) {
			if !x.write {
				return nil, Errorf(UnsupportedOperation, "truncate")
			}
			if err := x.discard(); err != nil {
				return nil, err
			}
			var size int64
			if a.IsNone("size") {
				pos, err := x.f.Seek(0, io.SeekCurrent)
				if err != nil {
					return nil, x.osError(err)
				}
				size = pos
			} else if n, ok := a.Value("size").(int64); ok {
				size = n
			} else {
				return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("size")))
			}
			if err := x.f.Truncate(size); err != nil {
				return nil, OSErrorFrom(err)
			}
			return size, nil
		})
	case "tell":
		return method("tell()", "Returns the current position.", 0, func(a *Args) (Value, error) {
			if x.text.loaded {
				return x.loadedPos(), nil
			}
			pos, err := x.f.Seek(0, io.SeekCurrent)
			if err != nil {
				return nil, x.osError(err)
			}
			return pos - int64(len(x.buf)), nil
		})
	}
	return nil, false
}
