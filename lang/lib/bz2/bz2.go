// Package bz2 is Python's bz2 module: compress and decompress, open and
// BZ2File in every mode, BZ2Compressor and BZ2Decompressor, with
// CPython's errors. Decoding is Go's compress/bzip2; encoding is
// github.com/dsnet/compress/bzip2 (Go's standard library has no bzip2
// encoder), whose bytes differ from libbz2's (the same data comes back).
package bz2

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"io"
	"strings"

	dsbzip2 "github.com/dsnet/compress/bzip2"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/internal/compfile"
)

// NewWriter is a bzip2 encoder writing one stream to w, with blocks of
// level (1 to 9) times 100 kB; Close ends the stream.
func NewWriter(w io.Writer, level int) (io.WriteCloser, error) {
	if err := checkLevel(level); err != nil {
		return nil, err
	}
	return dsbzip2.NewWriter(w, &dsbzip2.WriterConfig{Level: level})
}

// compress is bz2.compress: one bzip2 stream of data.
func compress(data []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, level)
	if err != nil {
		return nil, err
	}
	if _, err = w.Write(data); err == nil {
		err = w.Close()
	}
	if err != nil {
		return nil, lang.Errorf(lang.OSError, "bz2: %v", err)
	}
	return buf.Bytes(), nil
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

// codec is bz2's part of its files.
var codec = &compfile.Codec{
	Module:     "bz2",
	FileType:   "BZ2File",
	Compress:   func(data []byte, level int, _ string) ([]byte, error) { return compress(data, level) },
	Decompress: decompress,
}

// checkLevel is CPython's check of a compresslevel argument.
func checkLevel(level int) error {
	if level < 1 || level > 9 {
		return lang.Errorf(lang.ValueError, "compresslevel must be between 1 and 9")
	}
	return nil
}

var fileClass = lang.NewBuiltin(lang.AsValue, "BZ2File(filename, mode='r', *, compresslevel=9)", "A file object of a bzip2 file, in binary mode: read ('r') or written ('w', 'x').", func(a *lang.Args) (lang.Value, error) {
	name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if err := checkLevel(level); err != nil {
		return nil, err
	}
	return compfile.OpenBinary(codec, name, mode, level)
})

func init() {
	lang.RegisterClass(fileClass, "bz2.BZ2File")
	lang.RegisterModule("bz2", "Python's bz2: compress and decompress, open and BZ2File, BZ2Compressor and BZ2Decompressor.", func() *lang.Module {
		return &lang.Module{Name: "bz2", Attrs: map[string]lang.Value{
			"BZ2File":         fileClass,
			"BZ2Compressor":   compressorClass,
			"BZ2Decompressor": decompressorClass,
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
			"compress": lang.NewBuiltin(lang.AsValue, "compress(data, compresslevel=9)", "The bzip2 stream of data (its bytes differ from libbz2's; the same data comes back).", func(a *lang.Args) (lang.Value, error) {
				data, err := lang.BytesArg(a.Value("data"))
				if err != nil {
					return nil, err
				}
				level := a.Int("compresslevel")
				if err := a.Err(); err != nil {
					return nil, err
				}
				out, err := compress(data, level)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"open": lang.NewBuiltin(lang.AsValue, "open(filename, mode='rb', compresslevel=9, encoding=None, errors=None, newline=None)", "A bzip2 file read or written in binary ('rb', 'wb', 'xb', 'ab') or text ('rt', 'wt', ...: UTF-8) mode.", func(a *lang.Args) (lang.Value, error) {
				name, mode, level := a.Str("filename"), a.Str("mode"), a.Int("compresslevel")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if err := checkLevel(level); err != nil {
					return nil, err
				}
				return compfile.Open(codec, name, mode, level, a.Value("encoding"))
			}),
		}}
	})
}
