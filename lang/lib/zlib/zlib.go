// Package zlib is Python's zlib module over Go's compress/flate,
// compress/zlib and compress/gzip: compress and decompress with CPython's
// wbits (zlib, raw deflate, gzip, automatic), streaming compressobj and
// decompressobj, crc32 and adler32, and zlib.error with zlib's codes.
// Compressed bytes are valid zlib streams that CPython reads, though not
// byte for byte those of the C library (another encoder).
package zlib

import (
	"bytes"
	"compress/flate"
	gz "compress/gzip"
	zl "compress/zlib"
	"errors"
	"hash/crc32"
	"io"

	"github.com/kael-dev/kael/lang"
)

// Error is the kind of zlib.error.
const Error lang.ErrorKind = "zlib.error"

var errorClass = lang.RegisterExceptionClass(Error, "zlib", "error", "Exception")

// Constants of CPython's zlib module (zlib 1.2.13's values).
const (
	maxWBits      = 15
	deflated      = 8
	defMemLevel   = 8
	defBufSize    = 16384
	zNoFlush      = 0
	zPartialFlush = 1
	zSyncFlush    = 2
	zFullFlush    = 3
	zFinish       = 4
	zBlock        = 5
	zTrees        = 6
)

// container is what a wbits value says the stream is wrapped in.
type container int

const (
	raw  container = iota // bare deflate
	zlib                  // zlib header and Adler-32
	gzip                  // gzip header and CRC-32
	auto                  // zlib or gzip, by the header (decompress only)
)

// decodeWBits is the container of a decompressor's wbits, ok false for a
// value zlib refuses.
func decodeWBits(w int) (container, bool) {
	switch {
	case w == 0 || 8 <= w && w <= 15:
		return zlib, true
	case -15 <= w && w <= -8:
		return raw, true
	case 24 <= w && w <= 31:
		return gzip, true
	case 40 <= w && w <= 47:
		return auto, true
	}
	return 0, false
}

// encodeWBits is the container of a compressor's wbits.
func encodeWBits(w int) (container, bool) {
	switch {
	case 9 <= w && w <= 15:
		return zlib, true
	case -15 <= w && w <= -9:
		return raw, true
	case 25 <= w && w <= 31:
		return gzip, true
	}
	return 0, false
}

// writer is a compressor: flate's, zlib's or gzip's.
type writer interface {
	io.WriteCloser
	Flush() error
}

// newWriter is a compressor writing to b.
func newWriter(b *bytes.Buffer, level, wbits int) (writer, error) {
	c, ok := encodeWBits(wbits)
	if !ok || level < -1 || level > 9 {
		return nil, lang.Errorf(Error, "Bad compression level")
	}
	switch c {
	case raw:
		return flate.NewWriter(b, level)
	case gzip:
		return gz.NewWriterLevel(b, level)
	}
	return zl.NewWriterLevel(b, level)
}

// byteReader is what the decoders read: a reader that is also an
// io.ByteReader, so that they read no further than their stream's end.
type byteReader interface {
	io.Reader
	io.ByteReader
}

// newReader is a decompressor of c reading r; it reads the header.
func newReader(r byteReader, c container, peek func() (byte, bool)) (io.Reader, error) {
	if c == auto {
		c = zlib
		if b, ok := peek(); ok && b == 0x1f {
			c = gzip
		}
	}
	switch c {
	case raw:
		return flate.NewReader(r), nil
	case gzip:
		g, err := gz.NewReader(r)
		if err != nil {
			return nil, err
		}
		g.Multistream(false)
		return g, nil
	}
	return zl.NewReader(r)
}

// decodeError is zlib.error for what Go's decoders report.
func decodeError(err error) error {
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, zl.ErrHeader) || errors.Is(err, gz.ErrHeader):
		return lang.Errorf(Error, "Error -3 while decompressing data: incorrect header check")
	case errors.Is(err, zl.ErrChecksum) || errors.Is(err, gz.ErrChecksum):
		return lang.Errorf(Error, "Error -3 while decompressing data: incorrect data check")
	case errors.Is(err, zl.ErrDictionary):
		return lang.Errorf(Error, "Error 2 while decompressing data")
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return lang.Errorf(Error, "Error -5 while decompressing data: incomplete or truncated stream")
	case errors.As(err, &corrupt):
		return lang.Errorf(Error, "Error -3 while decompressing data: invalid compressed data at byte %d", int64(corrupt))
	}
	return lang.Errorf(Error, "Error -3 while decompressing data: %v", err)
}

// maxData bounds what decompressing may make.
const maxData = 1 << 30

// readAll reads r whole, bounded by maxData.
func readAll(r io.Reader) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, maxData+1))
	if len(out) > maxData {
		return nil, lang.Errorf(lang.MemoryError, "zlib: more than %d bytes decompressed", maxData)
	}
	if err != nil {
		return nil, decodeError(err)
	}
	return out, nil
}

// decompressBytes is zlib.decompress: the first stream of data; what follows
// it is ignored, as CPython's.
func decompressBytes(data []byte, wbits int) ([]byte, error) {
	c, ok := decodeWBits(wbits)
	if !ok {
		return nil, lang.Errorf(Error, "Error -2 while preparing to decompress data: inconsistent stream state")
	}
	r := bytes.NewReader(data)
	d, err := newReader(r, c, func() (byte, bool) {
		if len(data) == 0 {
			return 0, false
		}
		return data[0], true
	})
	if err != nil {
		return nil, decodeError(err)
	}
	return readAll(d)
}

// compressBytes is zlib.compress.
func compressBytes(data []byte, level, wbits int) ([]byte, error) {
	var b bytes.Buffer
	w, err := newWriter(&b, level, wbits)
	if err != nil {
		return nil, err
	}
	w.Write(data)
	w.Close()
	return b.Bytes(), nil
}

func def(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, fn)
}

func checksum(update func(uint32, []byte) uint32) func(a *lang.Args) (lang.Value, error) {
	return func(a *lang.Args) (lang.Value, error) {
		b, err := lang.BytesArg(a.Value("data"))
		start := a.Int64("value")
		if err == nil {
			err = a.Err()
		}
		if err != nil {
			return nil, err
		}
		return int64(update(uint32(start), b)), nil
	}
}

func init() {
	lang.RegisterModule("zlib", "Python's zlib: compress, decompress, compressobj, decompressobj (zlib, raw deflate and gzip streams), crc32 and adler32, with zlib.error.", func() *lang.Module {
		attrs := map[string]lang.Value{
			"error": errorClass,
			"compress": def("compress(data, /, level=-1, wbits=15)", "Returns a bytes object containing compressed data.", func(a *lang.Args) (lang.Value, error) {
				b, err := lang.BytesArg(a.Value("data"))
				level, wbits := a.Int("level"), a.Int("wbits")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				out, err := compressBytes(b, level, wbits)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"decompress": def("decompress(data, /, wbits=15, bufsize=16384)", "Returns a bytes object containing the uncompressed data.", func(a *lang.Args) (lang.Value, error) {
				b, err := lang.BytesArg(a.Value("data"))
				wbits, bufsize := a.Int("wbits"), a.Int("bufsize")
				if err == nil {
					err = a.Err()
				}
				if err != nil {
					return nil, err
				}
				if bufsize < 0 {
					return nil, lang.Errorf(lang.ValueError, "bufsize must be non-negative")
				}
				out, err := decompressBytes(b, wbits)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"crc32":         def("crc32(data, value=0, /)", "Compute a CRC-32 checksum of data, starting from value.", checksum(func(c uint32, b []byte) uint32 { return crc32.Update(c, crc32.IEEETable, b) })),
			"adler32":       def("adler32(data, value=1, /)", "Compute an Adler-32 checksum of data, starting from value.", checksum(adler32Update)),
			"compressobj":   def("compressobj(level=-1, method=8, wbits=15, memLevel=8, strategy=0, zdict=None)", "Return a compressor object, for data too big to compress at once.", newCompress),
			"decompressobj": def("decompressobj(wbits=15, zdict=b'')", "Return a decompressor object, for data fed in pieces.", newDecompress),
			"MAX_WBITS":     int64(maxWBits), "DEFLATED": int64(deflated), "DEF_MEM_LEVEL": int64(defMemLevel),
			"DEF_BUF_SIZE": int64(defBufSize), "Z_NO_COMPRESSION": int64(0), "Z_BEST_SPEED": int64(1),
			"Z_BEST_COMPRESSION": int64(9), "Z_DEFAULT_COMPRESSION": int64(-1), "Z_FILTERED": int64(1),
			"Z_HUFFMAN_ONLY": int64(2), "Z_RLE": int64(3), "Z_FIXED": int64(4), "Z_DEFAULT_STRATEGY": int64(0),
			"Z_NO_FLUSH": int64(zNoFlush), "Z_PARTIAL_FLUSH": int64(zPartialFlush), "Z_SYNC_FLUSH": int64(zSyncFlush),
			"Z_FULL_FLUSH": int64(zFullFlush), "Z_FINISH": int64(zFinish), "Z_BLOCK": int64(zBlock), "Z_TREES": int64(zTrees),
			"ZLIB_VERSION": "1.2.13", "ZLIB_RUNTIME_VERSION": "1.2.13",
		}
		return &lang.Module{Name: "zlib", Attrs: attrs}
	})
}

// adler32Update continues an Adler-32 from start, as zlib's adler32().
func adler32Update(start uint32, b []byte) uint32 {
	const mod = 65521
	s1, s2 := start&0xffff, start>>16
	for len(b) > 0 {
		n := min(len(b), 5552)
		for _, c := range b[:n] {
			s1 += uint32(c)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
		b = b[n:]
	}
	return s2<<16 | s1
}
