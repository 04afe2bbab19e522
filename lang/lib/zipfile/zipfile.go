// Package zipfile is Python's zipfile module on Go's archive/zip:
// ZipFile read ('r'), written ('w', 'x') or added to ('a'), with
// namelist, infolist, getinfo, read, open, write, writestr, extract,
// extractall, testzip and the context manager; ZipInfo; is_zipfile;
// ZIP_STORED and ZIP_DEFLATED; BadZipFile. Archives of either side read
// on the other; deflated bytes differ from zlib's (the same data comes
// back).
package zipfile

import (
	"archive/zip"
	"compress/flate"
	_ "embed" // module.py
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/io" // the modules module.py imports
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/pathlib"
)

//go:embed module.py
var source string

// The compression methods kael has (ZIP_BZIP2 and ZIP_LZMA are refused).
const (
	zipStored   = 0
	zipDeflated = 8
)

// BadZipFile is the kind of zipfile.BadZipFile.
const BadZipFile lang.ErrorKind = "BadZipFile"

var badZipFileClass = lang.RegisterExceptionClass(BadZipFile, "zipfile", "BadZipFile", "Exception")

// maxMember bounds what reading one member may make.
const maxMember = 1 << 30

// ZipFile is an open archive.
type ZipFile struct {
	filename    string
	mode        string
	compression int
	level       int
	closed      bool
	// reading
	file   *os.File
	reader *zip.Reader
	// writing: to out (the file, or a temporary file for 'a' renamed over
	// it on close)
	out    *os.File
	tmp    string
	writer *zip.Writer
	infos  []*ZipInfo // the members, in the archive's order
}

var (
	_ lang.HasAttrs  = (*ZipFile)(nil)
	_ lang.TypeNamer = (*ZipFile)(nil)
	_ lang.Reprer    = (*ZipFile)(nil)
)

// TypeName returns "ZipFile".
func (*ZipFile) TypeName() string { return "ZipFile" }

// ClassName is zipfile.ZipFile, for type() and isinstance.
func (*ZipFile) ClassName() string { return "zipfile.ZipFile" }

// PyRepr is CPython's <zipfile.ZipFile filename='a.zip' mode='r'>.
func (z *ZipFile) PyRepr() string {
	if z.closed {
		return "<zipfile.ZipFile [closed]>"
	}
	return fmt.Sprintf("<zipfile.ZipFile filename=%s mode=%s>", lang.Repr(z.filename), lang.Repr(z.mode))
}

// Attr gives the methods and filename, mode, compression.
func (z *ZipFile) Attr(name string) (lang.Value, bool) {
	switch name {
	case "filename":
		return z.filename, true
	case "mode":
		return z.mode, true
	case "compression":
		return int64(z.compression), true
	}
	m, ok := zipMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: z, Method: m}, true
}

// AttrNames lists them.
func (z *ZipFile) AttrNames() []string {
	names := []string{"filename", "mode", "compression"}
	for n := range zipMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Enter is the with statement's entry: the archive.
func (z *ZipFile) Enter() (lang.Value, error) { return z, nil }

// Exit closes the archive.
func (z *ZipFile) Exit() { _ = z.close() }

func (z *ZipFile) close() error {
	if z.closed {
		return nil
	}
	z.closed = true
	var err error
	if z.writer != nil {
		err = z.writer.Close()
		if cerr := z.out.Close(); err == nil {
			err = cerr
		}
		if z.tmp != "" {
			if err == nil {
				err = os.Rename(z.tmp, z.filename)
			} else {
				os.Remove(z.tmp)
			}
		}
	}
	if z.file != nil {
		z.file.Close()
	}
	if err != nil {
		return lang.OSErrorFrom(err, z.filename)
	}
	return nil
}

func badZip(format string, args ...any) error { return lang.Errorf(BadZipFile, format, args...) }

// openZip is ZipFile(file, mode, compression, compresslevel).
func openZip(name, mode string, compression, level int) (*ZipFile, error) {
	if mode != "r" && mode != "w" && mode != "x" && mode != "a" {
		return nil, lang.Errorf(lang.ValueError, "ZipFile requires mode 'r', 'w', 'x', or 'a'")
	}
	if err := checkCompression(compression); err != nil {
		return nil, err
	}
	z := &ZipFile{filename: name, mode: mode, compression: compression, level: level}
	if mode == "r" || mode == "a" {
		f, info, err := fileguard.OpenRegular(name, os.O_RDONLY, 0)
		if err != nil {
			if mode == "a" && errors.Is(err, fs.ErrNotExist) {
				return z, z.startWriting(os.O_WRONLY|os.O_CREATE|os.O_EXCL, "")
			}
			return nil, lang.OSErrorFrom(err, name)
		}
		r, err := zip.NewReader(f, info.Size())
		if err != nil {
			f.Close()
			return nil, badZip("File is not a zip file")
		}
		z.file, z.reader = f, r
		for _, m := range r.File {
			z.infos = append(z.infos, infoOf(&m.FileHeader))
		}
		if mode == "r" {
			return z, nil
		}
		// 'a': write a new archive beside, with the members there are
		// copied, and put it in the file's place on close
		tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".kael-tmp")
		if err := z.startWriting(os.O_WRONLY|os.O_CREATE|os.O_TRUNC, tmp); err != nil {
			return nil, err
		}
		for _, m := range r.File {
			if err := z.writer.Copy(m); err != nil {
				z.close()
				return nil, badZip("%v", err)
			}
		}
		return z, nil
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if mode == "x" {
		flag = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	}
	return z, z.startWriting(flag, "")
}

func (z *ZipFile) startWriting(flag int, tmp string) error {
	target := z.filename
	if tmp != "" {
		target = tmp
	}
	f, _, err := fileguard.OpenRegular(target, flag, 0o644)
	if err != nil {
		return lang.OSErrorFrom(err, z.filename)
	}
	z.out, z.tmp, z.writer = f, tmp, zip.NewWriter(f)
	level := z.level
	z.writer.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, level)
	})
	return nil
}

func checkCompression(c int) error {
	switch c {
	case zipStored, zipDeflated:
		return nil
	case 12, 14:
		return lang.Errorf(notImplementedError, "kael's zipfile compresses with ZIP_STORED and ZIP_DEFLATED, not %s", map[int]string{12: "ZIP_BZIP2", 14: "ZIP_LZMA"}[c])
	}
	return lang.Errorf(notImplementedError, "That compression method is not supported")
}

func (z *ZipFile) checkOpen(op string) error {
	if z.closed {
		return lang.Errorf(lang.ValueError, "Attempt to %s ZIP archive that was already closed", op)
	}
	return nil
}

// member finds a member by name (a str or a ZipInfo).
func (z *ZipFile) member(v lang.Value) (*zip.File, error) {
	name, ok := v.(string)
	if zi, isInfo := v.(*ZipInfo); isInfo {
		name, ok = zi.name, true
	}
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "member must be a str or a ZipInfo, not %s", lang.TypeName(v))
	}
	if z.reader != nil {
		for i := len(z.reader.File) - 1; i >= 0; i-- {
			if f := z.reader.File[i]; f.Name == name {
				return f, nil
			}
		}
	}
	return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(fmt.Sprintf("There is no item named %s in the archive", lang.Repr(name))))
}

// readMember is the data of member f, checked against its CRC.
func readMember(f *zip.File) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		if errors.Is(err, zip.ErrAlgorithm) {
			return nil, lang.Errorf(notImplementedError, "That compression method is not supported")
		}
		return nil, badZip("%v", err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxMember+1))
	switch {
	case len(data) > maxMember:
		return nil, lang.Errorf(lang.MemoryError, "zipfile: member %s is over %d bytes", lang.Repr(f.Name), maxMember)
	case errors.Is(err, zip.ErrChecksum):
		return nil, badZip("Bad CRC-32 for file %s", lang.Repr(f.Name))
	case err != nil:
		return nil, badZip("%v", err)
	}
	return data, nil
}

// add writes one member of data with its external attributes (the Unix
// mode in the upper 16 bits, 0x10 for a directory), made on Unix.
func (z *ZipFile) add(name string, data []byte, compression int, modified time.Time, externalAttrs uint32) error {
	if z.writer == nil {
		return lang.Errorf(lang.ValueError, "write() requires mode 'w', 'x', or 'a'")
	}
	h := &zip.FileHeader{Name: name, Method: uint16(compression), Modified: modified, CreatorVersion: 3<<8 | 20, ExternalAttrs: externalAttrs}
	w, err := z.writer.CreateHeader(h)
	if err != nil {
		return badZip("%v", err)
	}
	if _, err := w.Write(data); err != nil {
		return lang.OSErrorFrom(err, z.filename)
	}
	z.infos = append(z.infos, infoOf(h))
	return nil
}
