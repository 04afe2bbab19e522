// Package lzma is Python's lzma module over github.com/ulikunitz/xz, a
// pure-Go xz and LZMA codec: compress and decompress in the .xz and the
// legacy .lzma ("alone") formats, open and LZMAFile for files, LZMAError,
// and the constants. Raw streams (FORMAT_RAW with filter chains) and the
// streaming LZMACompressor and LZMADecompressor are not here.
package lzma

import (
	"bytes"
	"errors"
	"io"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/internal/compfile"
	"github.com/ulikunitz/xz"
	xzlzma "github.com/ulikunitz/xz/lzma"
)

// Error is the kind of lzma.LZMAError.
const Error lang.ErrorKind = "lzma.LZMAError"

var errorClass = lang.RegisterExceptionClass(Error, "_lzma", "LZMAError", "Exception")

// The formats, checks and presets, as CPython's.
const (
	formatAuto  = 0
	formatXZ    = 1
	formatAlone = 2
	formatRaw   = 3

	checkNone    = 0
	checkCRC32   = 1
	checkCRC64   = 4
	checkSHA256  = 10
	checkIDMax   = 15
	checkUnknown = 16

	presetDefault = 6
	presetExtreme = 0x80000000
)

// checks are the xz checks kael's codec makes, by CPython's number.
var checks = map[int]byte{checkNone: xz.None, checkCRC32: xz.CRC32, checkCRC64: xz.CRC64, checkSHA256: xz.SHA256}

// dictSizes are liblzma's dictionary sizes of presets 0 to 9.
var dictSizes = [10]int{1 << 18, 1 << 20, 1 << 21, 1 << 22, 1 << 22, 1 << 23, 1 << 23, 1 << 24, 1 << 25, 1 << 26}

func errEnded() error {
	return lang.Errorf(Error, "Compressed data ended before the end-of-stream marker was reached")
}

// compress is lzma.compress of data in format with check and preset.
func compress(data []byte, format, check int, preset int64) ([]byte, error) {
	switch format {
	case formatXZ, formatAlone:
	case formatRaw:
		return nil, lang.Errorf(lang.ValueError, "Must specify filters for FORMAT_RAW")
	default:
		return nil, lang.Errorf(lang.ValueError, "Invalid container format: %d", format)
	}
	if format != formatXZ && check != -1 && check != checkNone {
		return nil, lang.Errorf(lang.ValueError, "Integrity checks are only supported by FORMAT_XZ")
	}
	level := preset &^ presetExtreme
	if level < 0 || level > 9 {
		return nil, lang.Errorf(Error, "Invalid or unsupported options")
	}
	var b bytes.Buffer
	if format == formatAlone {
		w, err := xzlzma.WriterConfig{DictCap: dictSizes[level]}.NewWriter(&b)
		if err != nil {
			return nil, lang.Errorf(Error, "Internal error")
		}
		w.Write(data)
		w.Close()
		return b.Bytes(), nil
	}
	if check == -1 {
		check = checkCRC64
	}
	sum, ok := checks[check]
	if !ok {
		return nil, lang.Errorf(Error, "Internal error")
	}
	w, err := xz.WriterConfig{DictCap: dictSizes[level], CheckSum: sum}.NewWriter(&b)
	if err != nil {
		return nil, lang.Errorf(Error, "Internal error")
	}
	w.Write(data)
	w.Close()
	return b.Bytes(), nil
}

// xzMagic starts every .xz stream.
var xzMagic = []byte{0xfd, '7', 'z', 'X', 'Z', 0}

// decodeError is LZMAError for what the codec reports.
func decodeError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errEnded()
	}
	return lang.Errorf(Error, "Corrupt input data")
}

// plausibleAlone reports whether what there is of a .lzma header is one
// liblzma's automatic decoder takes: properties below 225, a dictionary
// size of 2^n or 2^n + 2^(n-1) (or unknown, all ones), an uncompressed
// size below 2^38 (or unknown).
func plausibleAlone(data []byte) bool {
	if len(data) > 0 && data[0] > 224 {
		return false
	}
	if len(data) >= 5 {
		d := uint32(data[1]) | uint32(data[2])<<8 | uint32(data[3])<<16 | uint32(data[4])<<24
		if d != 0xffffffff {
			top := uint32(1)
			for top <= d/2 {
				top <<= 1
			}
			if d != top && d != top+top/2 {
				return false
			}
		}
	}
	if len(data) >= 13 {
		var size uint64
		for i := 12; i >= 5; i-- {
			size = size<<8 | uint64(data[i])
		}
		if size != 1<<64-1 && size >= 1<<38 {
			return false
		}
	}
	return true
}

// decodeOne decodes the stream at the start of data in format: its
// bytes and what follows it.
func decodeOne(data []byte, format int) ([]byte, []byte, error) {
	if format == formatAuto {
		format = formatAlone
		if len(data) < len(xzMagic) && bytes.HasPrefix(xzMagic, data) || bytes.HasPrefix(data, xzMagic) {
			format = formatXZ
		}
	}
	r := bytes.NewReader(data)
	if format == formatAlone {
		if !plausibleAlone(data) {
			return nil, nil, lang.Errorf(Error, "Input format not supported by decoder")
		}
		d, err := xzlzma.NewReader(r)
		if err != nil {
			if len(data) < 13 {
				return nil, nil, errEnded()
			}
			return nil, nil, lang.Errorf(Error, "Input format not supported by decoder")
		}
		out, err := readAll(d)
		if err != nil {
			return nil, nil, err
		}
		return out, data[len(data)-r.Len():], nil
	}
	if !bytes.HasPrefix(data, xzMagic) {
		if bytes.HasPrefix(xzMagic, data) {
			return nil, nil, errEnded()
		}
		return nil, nil, lang.Errorf(Error, "Input format not supported by decoder")
	}
	d, err := xz.ReaderConfig{SingleStream: true}.NewReader(r)
	if err != nil {
		return nil, nil, decodeError(err)
	}
	out, err := readAll(d)
	var rest []byte
	if err != nil {
		// A single stream read one byte past its end to find more data.
		if err.Error() != "xz: unexpected data after stream" {
			return nil, nil, err
		}
		rest = data[len(data)-r.Len()-1:]
	}
	return out, rest, nil
}

// readAll reads d whole, bounded by compfile.MaxData; the error for
// data after a single stream is the codec's, for decodeOne.
func readAll(d io.Reader) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(d, compfile.MaxData+1))
	if len(out) > compfile.MaxData {
		return nil, lang.Errorf(lang.MemoryError, "lzma: more than %d bytes decompressed", compfile.MaxData)
	}
	if err != nil && err.Error() == "xz: unexpected data after stream" {
		return out, err
	}
	if err != nil {
		return nil, decodeError(err)
	}
	return out, nil
}

// decompress is lzma.decompress: stream after stream, data after the
// last one that is no stream ignored, as CPython's.
func decompress(data []byte, format int) ([]byte, error) {
	switch format {
	case formatAuto, formatXZ, formatAlone:
	case formatRaw:
		return nil, lang.Errorf(lang.ValueError, "Must specify filters for FORMAT_RAW")
	default:
		return nil, lang.Errorf(lang.ValueError, "Invalid container format: %d", format)
	}
	var out []byte
	for first := true; ; first = false {
		part, rest, err := decodeOne(data, format)
		if err != nil {
			if !first && lang.ToError(err).Kind == Error {
				return out, nil
			}
			return nil, err
		}
		out = append(out, part...)
		if len(out) > compfile.MaxData {
			return nil, lang.Errorf(lang.MemoryError, "lzma: more than %d bytes decompressed", compfile.MaxData)
		}
		if len(rest) == 0 {
			if out == nil {
				out = []byte{}
			}
			return out, nil
		}
		data = rest
	}
}

// codec is lzma's part of its files: .xz with CRC64 at the preset.
var codec = &compfile.Codec{
	Module:   "lzma",
	FileType: "LZMAFile",
	Compress: func(data []byte, preset int, _ string) ([]byte, error) {
		return compress(data, formatXZ, -1, int64(preset))
	},
	Decompress: func(data []byte) ([]byte, error) { return decompress(data, formatAuto) },
}

// fileArgs reads the arguments open and LZMAFile share.
func fileArgs(a *lang.Args) (name, mode string, preset int, err error) {
	name, mode = a.Str("filename"), a.Str("mode")
	preset = presetDefault
	if !a.IsNone("preset") {
		preset = a.Int("preset")
	}
	if err := a.Err(); err != nil {
		return "", "", 0, err
	}
	if f := a.Value("format"); f != lang.None {
		if n, _ := lang.AsInt(f); n != formatXZ && n != formatAuto {
			return "", "", 0, lang.Errorf(lang.ValueError, "kael's lzma files are in FORMAT_XZ; use compress and decompress for other formats")
		}
	}
	if a.Value("filters") != lang.None {
		return "", "", 0, lang.Errorf(lang.ValueError, "kael's lzma takes no filter chains")
	}
	return name, mode, preset, nil
}

var fileClass = lang.NewBuiltin(lang.AsValue, "LZMAFile(filename=None, mode='r', *, format=None, check=-1, preset=None, filters=None)", "A file object of an .xz file, read ('r') or written ('w', 'x'), in binary mode.", func(a *lang.Args) (lang.Value, error) {
	name, mode, preset, err := fileArgs(a)
	if err != nil {
		return nil, err
	}
	return compfile.OpenBinary(codec, name, mode, preset)
})

func init() {
	lang.RegisterClass(fileClass, "lzma.LZMAFile")
	lang.RegisterModule("lzma", "Python's lzma: compress and decompress of .xz and .lzma data, open and LZMAFile for .xz files, LZMAError.", func() *lang.Module {
		attrs := map[string]lang.Value{
			"LZMAError":        errorClass,
			"LZMAFile":         fileClass,
			"LZMACompressor":   compressorClass,
			"LZMADecompressor": decompressorClass,
			"compress": lang.NewBuiltin(lang.AsValue, "compress(data, format=1, check=-1, preset=None, filters=None)", "Compress data (bytes) into an .xz stream (FORMAT_XZ) or a .lzma one (FORMAT_ALONE) at preset 0 to 9 (6 by default).", func(a *lang.Args) (lang.Value, error) {
				b, err := lang.BytesArg(a.Value("data"))
				if err != nil {
					return nil, err
				}
				format, check := a.Int("format"), a.Int("check")
				preset := int64(presetDefault)
				if !a.IsNone("preset") {
					preset = a.Int64("preset")
				}
				if err := a.Err(); err != nil {
					return nil, err
				}
				if a.Value("filters") != lang.None {
					return nil, lang.Errorf(lang.ValueError, "kael's lzma takes no filter chains")
				}
				out, err := compress(b, format, check, preset)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"decompress": lang.NewBuiltin(lang.AsValue, "decompress(data, format=0, memlimit=None, filters=None)", "Decompress data: every .xz or .lzma stream in it (FORMAT_AUTO tells them apart), what follows the last ignored.", func(a *lang.Args) (lang.Value, error) {
				b, err := lang.BytesArg(a.Value("data"))
				if err != nil {
					return nil, err
				}
				format := a.Int("format")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if a.Value("filters") != lang.None {
					return nil, lang.Errorf(lang.ValueError, "kael's lzma takes no filter chains")
				}
				out, err := decompress(b, format)
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(out), nil
			}),
			"open": lang.NewBuiltin(lang.AsValue, "open(filename, mode='rb', *, format=None, check=-1, preset=None, filters=None, encoding=None, errors=None, newline=None)", "An .xz file: read ('rb', 'rt') or written ('wb', 'wt', 'xb', 'xt'); text is UTF-8.", func(a *lang.Args) (lang.Value, error) {
				name, mode, preset, err := fileArgs(a)
				if err != nil {
					return nil, err
				}
				return compfile.Open(codec, name, mode, preset, a.Value("encoding"))
			}),
			"is_check_supported": lang.NewBuiltin(lang.AsValue, "is_check_supported(check_id, /)", "Whether kael's codec can check integrity with check_id.", func(a *lang.Args) (lang.Value, error) {
				id := a.Int("check_id")
				if err := a.Err(); err != nil {
					return nil, err
				}
				_, ok := checks[id]
				return ok, nil
			}),
		}
		for name, v := range map[string]int64{
			"FORMAT_AUTO": formatAuto, "FORMAT_XZ": formatXZ, "FORMAT_ALONE": formatAlone, "FORMAT_RAW": formatRaw,
			"CHECK_NONE": checkNone, "CHECK_CRC32": checkCRC32, "CHECK_CRC64": checkCRC64, "CHECK_SHA256": checkSHA256,
			"CHECK_ID_MAX": checkIDMax, "CHECK_UNKNOWN": checkUnknown, "PRESET_DEFAULT": presetDefault, "PRESET_EXTREME": presetExtreme,
			// liblzma's filter, match finder and mode ids: kael takes no
			// filter chains, but a program naming them gets that error.
			"FILTER_LZMA1": 0x4000000000000001, "FILTER_LZMA2": 0x21, "FILTER_DELTA": 3, "FILTER_X86": 4,
			"FILTER_POWERPC": 5, "FILTER_IA64": 6, "FILTER_ARM": 7, "FILTER_ARMTHUMB": 8, "FILTER_SPARC": 9,
			"MF_HC3": 3, "MF_HC4": 4, "MF_BT2": 0x12, "MF_BT3": 0x13, "MF_BT4": 0x14, "MODE_FAST": 1, "MODE_NORMAL": 2,
		} {
			attrs[name] = v
		}
		return &lang.Module{Name: "lzma", Attrs: attrs}
	})
}
