// Package bz2 is Python's bz2 module for reading: decompress, and open
// and BZ2File in read modes, over Go's compress/bzip2, with CPython's
// errors. Go's standard library has no bzip2 encoder and no pure-Go one
// is available to kael, so compress and the write modes raise a
// NotImplementedError that says so.
package bz2

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"io"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/internal/compfile"
)

// notImplementedError is the kind of the built-in NotImplementedError.
const notImplementedError lang.ErrorKind = "NotImplementedError"

// errNoEncoder is the error of every way to compress.
func errNoEncoder() error {
	return lang.Errorf(notImplementedError, "kael's bz2 cannot compress: Go's standard library has a bzip2 decoder only").
		WithHint("use gzip, zlib or lzma to compress, or compress outside kael")
}

// decompress is bz2.decompress: every stream of data, concatenated.
func decompress(data []byte) ([]byte, error) {
	if len(data) == 0 {
		return []byte{}, nil
	}
	out, err := io.ReadAll(io.LimitReader(bzip2.NewReader(bytes.NewReader(data)), compfile.MaxData+1))
	var structural bzip2.StructuralError
	switch {
	case len(out) > compfile.MaxData:
		return nil, lang.Errorf(lang.MemoryError, "bz2: more than %d bytes decompressed", compfile.MaxData)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return nil, lang.Errorf(lang.ValueError, "Compressed data ended before the end-of-stream marker was reached")
	case errors.As(err, &structural):
		if len(out) > 0 && strings.Contains(string(structural), "magic") {
			return out, nil // data after the last stream that is no stream: ignored, as CPython
		}
		return nil, lang.Errorf(lang.OSError, "Invalid data stream")
	case err != nil:
		return nil, lang.Errorf(lang.OSError, "Invalid data stream")
	}
	return out, nil
}

// codec is bz2's part of its files: reading only.
var codec = &compfile.Codec{
	Module:     "bz2",
	FileType:   "BZ2File",
	Compress:   func([]byte, int, string) ([]byte, error) { return nil, errNoEncoder() },
	Decompress: decompress,
}

// reading checks that mode reads, as kael's bz2 can only.
func reading(mode string) error {
	if strings.ContainsAny(mode, "wxa") {
		return errNoEncoder()
	}
	return nil
}

var fileClass = lang.NewBuiltin(lang.AsValue, "BZ2File(filename, mode='r', *, compresslevel=9)", "A file object of a bzip2 file, read in binary mode ('r').", func(a *lang.Args) (lang.Value, error) {
	name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := reading(mode); err != nil {
		return nil, err
	}
	return compfile.OpenBinary(codec, name, mode, level)
})

func init() {
	lang.RegisterClass(fileClass, "bz2.BZ2File")
	lang.RegisterModule("bz2", "Python's bz2 for reading: decompress, open and BZ2File (compressing raises NotImplementedError: Go has no bzip2 encoder).", func() *lang.Module {
		return &lang.Module{Name: "bz2", Attrs: map[string]lang.Value{
			"BZ2File": fileClass,
			"decompress": lang.NewBuiltin(lang.AsValue, "decompress(data)", "Decompress data: every bzip2 stream in it, concatenated.", func(a *lang.Args) (lang.Value, error) {
				b, err := lang.BytesArg(a.Value("data"))
				if err != nil {
					return nil, err
				}
				out, err := decompress(b)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"compress": lang.NewBuiltin(lang.AsValue, "compress(data, compresslevel=9)", "Not in kael: Go has no bzip2 encoder (NotImplementedError).", func(a *lang.Args) (lang.Value, error) {
				if _, err := lang.BytesArg(a.Value("data")); err != nil {
					return nil, err
				}
				return nil, errNoEncoder()
			}),
			"open": lang.NewBuiltin(lang.AsValue, "open(filename, mode='rb', compresslevel=9, encoding=None, errors=None, newline=None)", "A bzip2 file read in binary ('rb') or text ('rt', UTF-8) mode; writing is not in kael.", func(a *lang.Args) (lang.Value, error) {
				name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if err := reading(mode); err != nil {
					return nil, err
				}
				return compfile.Open(codec, name, mode, level, a.Value("encoding"))
			}),
		}}
	})
}
