// Package tarfile is Python's tarfile module over Go's archive/tar:
// tarfile.open of an archive read (plain, gzip, bzip2 or xz, by mode or
// by its first bytes), written (plain, gzip or xz) or appended to,
// with getmembers, getnames, getmember, extractfile, extract,
// extractall, add, addfile and TarInfo; is_tarfile; CPython's errors.
// An archive is read whole when opened and written whole when closed.
package tarfile

import (
	"archive/tar"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/bz2"
	"github.com/kael-dev/kael/lang/lib/internal/compfile"
	_ "github.com/kael-dev/kael/lang/lib/io" // extractfile returns an _io.BytesIO
	"github.com/ulikunitz/xz"
)

// The error kinds, with CPython's classes.
const (
	TarError         lang.ErrorKind = "tarfile.TarError"
	ReadError        lang.ErrorKind = "tarfile.ReadError"
	CompressionError lang.ErrorKind = "tarfile.CompressionError"
	StreamError      lang.ErrorKind = "tarfile.StreamError"
	ExtractError     lang.ErrorKind = "tarfile.ExtractError"
	HeaderError      lang.ErrorKind = "tarfile.HeaderError"
)

var errorClasses = map[string]lang.Value{
	"TarError":         lang.RegisterExceptionClass(TarError, "tarfile", "TarError", "Exception"),
	"ReadError":        lang.RegisterExceptionClass(ReadError, "tarfile", "ReadError", TarError),
	"CompressionError": lang.RegisterExceptionClass(CompressionError, "tarfile", "CompressionError", TarError),
	"StreamError":      lang.RegisterExceptionClass(StreamError, "tarfile", "StreamError", TarError),
	"ExtractError":     lang.RegisterExceptionClass(ExtractError, "tarfile", "ExtractError", TarError),
	"HeaderError":      lang.RegisterExceptionClass(HeaderError, "tarfile", "HeaderError", TarError),
}

func unixTime(sec int64) time.Time { return time.Unix(sec, 0) }

// member is an Info and its data.
type member struct {
	info *Info
	data []byte
}

// TarFile is a tarfile.TarFile.
type TarFile struct {
	name     string // absolute path
	mode     string // r, w, x or a
	comp     string // "", gz, bz2 or xz
	level    int
	members  []member
	closed   bool
	modified bool
	// sink, for an archive written to a file object, is its write
	// method, which close calls in sess.
	sink lang.Value
	sess *lang.Session
}

var (
	_ lang.HasAttrs   = (*TarFile)(nil)
	_ lang.Iterable   = (*TarFile)(nil)
	_ lang.TypeNamer  = (*TarFile)(nil)
	_ lang.ClassNamer = (*TarFile)(nil)
)

// TypeName is TarFile.
func (*TarFile) TypeName() string { return "TarFile" }

// ClassName is tarfile.TarFile.
func (*TarFile) ClassName() string { return "tarfile.TarFile" }

// Enter is the with statement's entry.
func (t *TarFile) Enter() (lang.Value, error) { return t, nil }

// Exit closes the archive, writing it when it was opened to write.
func (t *TarFile) Exit() { _ = t.close() }

// Attr gives name, mode, closed and the methods.
func (t *TarFile) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return t.name, true
	case "mode":
		return t.mode, true
	case "closed":
		return t.closed, true
	}
	if m, ok := methods[name]; ok {
		return &lang.BoundMethod{Recv: t, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (t *TarFile) AttrNames() []string {
	return []string{"add", "addfile", "close", "closed", "extract", "extractall", "extractfile", "getmember", "getmembers", "getnames", "mode", "name"}
}

// Iterate yields the members' TarInfos.
func (t *TarFile) Iterate(yield func(lang.Value) bool) error {
	for _, m := range t.members {
		if !yield(m.info) {
			break
		}
	}
	return nil
}

func errClosed() error { return lang.Errorf(lang.OSError, "TarFile is closed") }

// compressions are the methods of mode "r" and "r:*", in CPython's order.
var compressions = []string{"gz", "bz2", "xz", "tar"}

// notMethod is the ReadError text of data that is not of method m.
var notMethod = map[string]string{"gz": "not a gzip file", "bz2": "not a bzip2 file", "xz": "not an lzma file"}

// unpack decompresses raw by method m ("tar": as it is).
func unpack(raw []byte, m string) ([]byte, error) {
	var r io.Reader
	switch m {
	case "tar":
		return raw, nil
	case "gz":
		if len(raw) == 0 {
			return nil, lang.Errorf(ReadError, "empty file")
		}
		g, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, lang.Errorf(ReadError, "not a gzip file")
		}
		r = g
	case "bz2":
		if !bytes.HasPrefix(raw, []byte("BZh")) {
			return nil, lang.Errorf(ReadError, "not a bzip2 file")
		}
		r = bzip2.NewReader(bytes.NewReader(raw))
	case "xz":
		x, err := xz.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, lang.Errorf(ReadError, "not an lzma file")
		}
		r = x
	}
	out, err := io.ReadAll(io.LimitReader(r, compfile.MaxData+1))
	if len(out) > compfile.MaxData {
		return nil, lang.Errorf(lang.MemoryError, "tarfile: more than %d bytes decompressed", compfile.MaxData)
	}
	if err != nil {
		return nil, lang.Errorf(ReadError, "%s", notMethod[m])
	}
	return out, nil
}

// parse reads the members of an uncompressed archive.
func parse(data []byte) ([]member, error) {
	switch {
	case len(data) == 0:
		return nil, lang.Errorf(ReadError, "empty file")
	case len(data) < 512:
		return nil, lang.Errorf(ReadError, "truncated header")
	}
	r := tar.NewReader(bytes.NewReader(data))
	var out []member
	for {
		h, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			if len(out) == 0 {
				return nil, lang.Errorf(ReadError, "invalid header")
			}
			return nil, lang.Errorf(ReadError, "unexpected end of data")
		}
		body, err := io.ReadAll(r)
		if err != nil {
			return nil, lang.Errorf(ReadError, "unexpected end of data")
		}
		out = append(out, member{info: fromHeader(h), data: body})
	}
}

// read is the members of the archive file raw by method m, "*" trying
// each as CPython does.
func read(raw []byte, m string) ([]member, error) {
	if m != "*" {
		data, err := unpack(raw, m)
		if err != nil {
			return nil, err
		}
		return parse(data)
	}
	var why []string
	for _, c := range compressions {
		members, err := read(raw, c)
		if err == nil {
			return members, nil
		}
		e := lang.ToError(err)
		if e.Kind != ReadError {
			return nil, err
		}
		why = append(why, fmt.Sprintf("- method %s: ReadError(%s)", c, lang.Repr(e.Msg)))
	}
	return nil, lang.Errorf(ReadError, "file could not be opened successfully:\n%s", strings.Join(why, "\n"))
}

// parseMode splits tarfile.open's mode ("r:gz") into its action and
// compression ("*" for any when reading).
func parseMode(mode string) (action, comp string, err error) {
	action, comp, found := strings.Cut(mode, ":")
	if !found {
		action, comp, found = strings.Cut(mode, "|")
	}
	if !found {
		comp = ""
		if action == "r" {
			comp = "*"
		}
	}
	switch {
	case len(action) != 1 || !strings.Contains("rwxa", action):
		return "", "", lang.Errorf(lang.ValueError, "undiscernible mode")
	case comp == "*" && action != "r":
		return "", "", lang.Errorf(lang.ValueError, "undiscernible mode")
	case comp == "" || comp == "*" || comp == "gz" || comp == "bz2" || comp == "xz":
	default:
		return "", "", lang.Errorf(CompressionError, "unknown compression type %s", lang.Repr(comp))
	}
	if action == "a" && comp != "" {
		return "", "", lang.Errorf(lang.ValueError, "mode must be 'r', 'a', 'w' or 'x'")
	}
	return action, comp, nil
}

// open is tarfile.open(name, mode).
func open(name, mode string, level int) (*TarFile, error) {
	action, comp, err := parseMode(mode)
	if err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(name)
	t := &TarFile{name: abs, mode: action, comp: comp, level: level}
	if comp == "" && action == "r" {
		comp = "tar"
	}
	switch action {
	case "r", "a":
		raw, err := readFile(name, action == "a")
		if err != nil {
			return nil, err
		}
		if action == "a" && len(raw) == 0 {
			return t, nil
		}
		if action == "a" {
			comp = "tar"
		}
		if t.members, err = read(raw, comp); err != nil {
			return nil, err
		}
		return t, nil
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if action == "x" {
		flag = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	}
	f, _, err := fileguard.OpenRegular(name, flag, 0o644)
	if err != nil {
		return nil, lang.OSErrorFrom(err, name)
	}
	f.Close()
	t.modified = true
	return t, nil
}

// openFileobj is tarfile.open(fileobj=f, mode): an archive read from the
// binary file object f now, or written to it when closed.
func openFileobj(a *lang.Args, f lang.Value, mode string, level int) (*TarFile, error) {
	action, comp, err := parseMode(mode)
	if err != nil {
		return nil, err
	}
	t := &TarFile{mode: action, comp: comp, level: level}
	if n := compfile.FileobjName(f); n != "" {
		t.name, _ = filepath.Abs(n)
	}
	switch action {
	case "r":
		raw, err := compfile.ReadFileobj(a, f)
		if err != nil {
			return nil, err
		}
		if comp == "" {
			comp = "tar"
		}
		if t.members, err = read(raw, comp); err != nil {
			return nil, err
		}
		return t, nil
	case "a":
		return nil, lang.Errorf(lang.ValueError, "kael's tarfile appends to an archive named by its path, not to a fileobj")
	}
	if t.sink, err = lang.GetAttr(f, "write"); err != nil {
		return nil, err
	}
	t.sess, t.modified = a.Session(), true
	return t, nil
}

// readFile is the archive's bytes; a missing file is empty in append mode.
func readFile(name string, appending bool) ([]byte, error) {
	f, _, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
	if err != nil {
		if appending && errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, lang.OSErrorFrom(err, name)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, compfile.MaxData+1))
	if err != nil {
		return nil, lang.OSErrorFrom(err, name)
	}
	return raw, nil
}

// close writes an archive opened to write or append.
func (t *TarFile) close() error {
	if t.closed {
		return nil
	}
	t.closed = true
	if t.mode == "r" || !t.modified {
		return nil
	}
	var buf bytes.Buffer
	var sink io.WriteCloser
	switch t.comp {
	case "gz":
		g, err := gzip.NewWriterLevel(&buf, t.level)
		if err != nil {
			return lang.Errorf(lang.ValueError, "Invalid compression level: %d", t.level)
		}
		sink = g
	case "bz2":
		b, err := bz2.NewWriter(&buf, t.level)
		if err != nil {
			return err
		}
		sink = b
	case "xz":
		x, err := xz.NewWriter(&buf)
		if err != nil {
			return lang.Errorf(CompressionError, "%v", err)
		}
		sink = x
	}
	var w *tar.Writer
	if sink != nil {
		w = tar.NewWriter(sink)
	} else {
		w = tar.NewWriter(&buf)
	}
	for _, m := range t.members {
		h := m.info.header()
		if err := w.WriteHeader(h); err != nil {
			return lang.Errorf(HeaderError, "%s: %v", m.info.name, err)
		}
		if h.Size > 0 {
			if _, err := w.Write(m.data); err != nil {
				return lang.Errorf(HeaderError, "%s: %v", m.info.name, err)
			}
		}
	}
	if err := w.Close(); err != nil {
		return lang.Errorf(TarError, "%v", err)
	}
	if sink != nil {
		sink.Close()
	}
	if t.sink != nil {
		_, err := t.sess.CallHook(t.sink, lang.NewBytes(buf.Bytes()))
		return err
	}
	if err := os.WriteFile(t.name, buf.Bytes(), 0o644); err != nil {
		return lang.OSErrorFrom(err, t.name)
	}
	return nil
}

// isTarfile is tarfile.is_tarfile(name).
func isTarfile(name string) (bool, error) {
	raw, err := readFile(name, false)
	if err != nil {
		return false, err
	}
	_, err = read(raw, "*")
	return err == nil, nil
}
