package zipfile

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/kael-dev/kael/lang"
)

// ZipInfo is a member's information, read from its header (whose sizes
// the writer fills in when the member is finished).
type ZipInfo struct {
	name string
	h    *zip.FileHeader
	// given is the date_time a program made the ZipInfo with, kept as it
	// is (odd seconds too) as CPython keeps it until written.
	given lang.Tuple
}

var (
	_ lang.HasAttrs   = (*ZipInfo)(nil)
	_ lang.TypeNamer  = (*ZipInfo)(nil)
	_ lang.Reprer     = (*ZipInfo)(nil)
	_ lang.ClassNamer = (*ZipInfo)(nil)
)

func infoOf(h *zip.FileHeader) *ZipInfo { return &ZipInfo{name: h.Name, h: h} }

// TypeName returns "ZipInfo".
func (*ZipInfo) TypeName() string { return "ZipInfo" }

// ClassName is zipfile.ZipInfo, for type() and isinstance.
func (*ZipInfo) ClassName() string { return "zipfile.ZipInfo" }

// infoClass is zipfile.ZipInfo: called, the information of a member not
// yet written, as CPython's ZipInfo(filename, date_time).
var infoClass = lang.NewBuiltin(lang.AsValue, "ZipInfo(filename='NoName', date_time=(1980, 1, 1, 0, 0, 0))", "The information of an archive member: filename (a NUL ends it, os.sep becomes /) and date_time, a 6-tuple.", func(a *lang.Args) (lang.Value, error) {
	name := a.Str("filename")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if i := strings.IndexByte(name, 0); i >= 0 {
		name = name[:i]
	}
	dt, err := lang.Collect(a.Value("date_time"))
	if err != nil {
		return nil, err
	}
	var f [6]int
	for i := range f {
		if i >= len(dt) {
			break
		}
		n, ok := lang.AsInt(dt[i])
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(dt[i]))
		}
		f[i] = int(n)
	}
	if len(dt) != 6 {
		return nil, lang.Errorf(lang.TypeError, "date_time must be a 6-tuple, not %d items", len(dt))
	}
	if f[0] < 1980 {
		return nil, lang.Errorf(lang.ValueError, "ZIP does not support timestamps before 1980")
	}
	h := &zip.FileHeader{Name: name, Modified: time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, time.Local)}
	return &ZipInfo{name: name, h: h, given: lang.Tuple(dt)}, nil
})

func (zi *ZipInfo) isDir() bool { return strings.HasSuffix(zi.name, "/") }

// PyRepr is CPython's ZipInfo repr.
func (zi *ZipInfo) PyRepr() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<ZipInfo filename=%s", lang.Repr(zi.name))
	if zi.h.Method != zipStored {
		fmt.Fprintf(&b, " compress_type=%s", compressorName(int(zi.h.Method)))
	}
	hi, lo := zi.h.ExternalAttrs>>16, zi.h.ExternalAttrs&0xFFFF
	if hi != 0 {
		fmt.Fprintf(&b, " filemode=%s", lang.Repr(fileMode(hi)))
	}
	if lo != 0 {
		fmt.Fprintf(&b, " external_attr=%#x", lo)
	}
	dir := zi.isDir()
	if !dir || zi.h.UncompressedSize64 != 0 {
		fmt.Fprintf(&b, " file_size=%d", zi.h.UncompressedSize64)
	}
	if (!dir || zi.h.CompressedSize64 != 0) && (zi.h.Method != zipStored || zi.h.UncompressedSize64 != zi.h.CompressedSize64) {
		fmt.Fprintf(&b, " compress_size=%d", zi.h.CompressedSize64)
	}
	return b.String() + ">"
}

func compressorName(m int) string {
	switch m {
	case zipDeflated:
		return "deflate"
	case 12:
		return "bzip2"
	case 14:
		return "lzma"
	}
	return fmt.Sprint(m)
}

// fileMode is stat.filemode of a Unix mode: '-rw-r--r--'.
func fileMode(mode uint32) string {
	kinds := []struct {
		bit uint32
		c   byte
	}{{0o140000, 's'}, {0o120000, 'l'}, {0o100000, '-'}, {0o060000, 'b'}, {0o040000, 'd'}, {0o020000, 'c'}, {0o010000, 'p'}}
	out := []byte{'?'}
	for _, k := range kinds {
		if mode&0o170000 == k.bit {
			out[0] = k.c
			break
		}
	}
	perms := "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if mode&(1<<(8-i)) != 0 {
			out = append(out, perms[i])
		} else {
			out = append(out, '-')
		}
	}
	return string(out)
}

// Attr gives the fields CPython's ZipInfo has.
func (zi *ZipInfo) Attr(name string) (lang.Value, bool) {
	h := zi.h
	switch name {
	case "filename", "orig_filename":
		return zi.name, true
	case "file_size":
		return int64(h.UncompressedSize64), true
	case "compress_size":
		return int64(h.CompressedSize64), true
	case "compress_type":
		return int64(h.Method), true
	case "CRC":
		return int64(h.CRC32), true
	case "comment":
		return lang.NewBytes([]byte(h.Comment)), true
	case "external_attr":
		return int64(h.ExternalAttrs), true
	case "date_time":
		if zi.given != nil {
			return zi.given, true
		}
		t := h.Modified
		return lang.Tuple{int64(t.Year()), int64(t.Month()), int64(t.Day()), int64(t.Hour()), int64(t.Minute()), int64(t.Second() / 2 * 2)}, true
	case "is_dir":
		return lang.NewBuiltin(lang.AsValue, "is_dir()", "Whether the member is a directory (its name ends with /).", func(a *lang.Args) (lang.Value, error) {
			return zi.isDir(), nil
		}), true
	}
	return nil, false
}

// AttrNames lists them.
func (zi *ZipInfo) AttrNames() []string {
	return []string{"CRC", "comment", "compress_size", "compress_type", "date_time", "external_attr", "file_size", "filename", "is_dir", "orig_filename"}
}

// statMode is the st_mode of a file: its permission bits and file type.
func statMode(info fs.FileInfo) uint32 {
	m := uint32(info.Mode().Perm())
	switch {
	case info.IsDir():
		m |= 0o040000
	case info.Mode().IsRegular():
		m |= 0o100000
	}
	return m
}
