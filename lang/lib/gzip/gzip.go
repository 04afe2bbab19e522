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
	"path/filepath"
	"strings"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/internal/compfile"
)

// BadGzipFile is the kind of gzip.BadGzipFile, an OSError.
const BadGzipFile lang.ErrorKind = "gzip.BadGzipFile"

// maxData bounds what decompressing may make, as open's reads are bounded.
const maxData = compfile.MaxData

// codec is gzip's part of gzip.open's files; a file's header names the
// file without its .gz.
var codec = &compfile.Codec{
	Module:   "gzip",
	FileType: "GzipFile",
	Compress: func(data []byte, level int, path string) ([]byte, error) {
		return compress(data, level, strings.TrimSuffix(filepath.Base(path), ".gz"), time.Now())
	},
	Decompress: decompress,
}

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

// fileClass is gzip.GzipFile, the class of gzip.open's binary files.
var fileClass = lang.NewBuiltin(lang.AsValue, "GzipFile(filename=None, mode=None, compresslevel=9, fileobj=None, mtime=None)", "A gzip file named filename, or over the binary file object fileobj, read ('rb') or written ('wb', 'xb') in binary mode.", func(a *lang.Args) (lang.Value, error) {
	level := a.Int("compresslevel")
	mode := ""
	if !a.IsNone("mode") {
		mode = a.Str("mode")
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if a.Value("fileobj") != lang.None {
		return compfile.OpenFileobj(a, codec, a.Value("fileobj"), mode, level)
	}
	if a.IsNone("filename") {
		return nil, lang.Errorf(lang.TypeError, "expected str, bytes or os.PathLike object, not NoneType").WithHint("GzipFile needs a filename or a fileobj")
	}
	name := a.Str("filename")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if mode == "" {
		mode = "rb"
	}
	return compfile.OpenBinary(codec, name, mode, level)
})

func init() {
	lang.RegisterClass(fileClass, "gzip.GzipFile")
	gzipModule.Attrs["GzipFile"] = fileClass
	lang.RegisterModule("gzip", "Python's gzip in small: open, compress and decompress.", func() *lang.Module { return gzipModule })
}

var gzipModule = &lang.Module{Name: "gzip", Attrs: map[string]lang.Value{
	"open": lang.NewBuiltin(lang.AsValue, "open(filename, mode='rb', compresslevel=9, encoding=None, errors=None, newline=None)", "A gzip file: read ('rb', 'rt') or written ('wb', 'wt', 'xb', 'xt'); text is UTF-8.", func(a *lang.Args) (lang.Value, error) {
		name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return compfile.Open(codec, name, mode, level, a.Value("encoding"))
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
