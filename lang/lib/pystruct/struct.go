package pystruct

import (
	"encoding/binary"
	"math"
	"math/big"
	"strconv"

	"github.com/kael-dev/kael/lang"
)

// The struct module: Python's struct.unpack, pack and calcsize, for reading
// binary headers by hand (the 8-byte length that starts a safetensors file
// is struct.unpack("<Q", data[:8])[0]).

// StructError is struct.error, Python's error for a bad format or buffer.
const StructError lang.ErrorKind = "struct.error"

// structItem is one item of a format: its code and, for 's', the length.
type structItem struct {
	code byte
	size int // bytes the item takes
	n    int // 's' only: the string's length
}

// structFormat is a parsed format string.
type structFormat struct {
	order  binary.ByteOrder
	native bool // '@' (or no prefix): items aligned to their size
	items  []structItem
	size   int
}

var structSizes = map[byte]int{'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
	'l': 8, 'L': 8, 'q': 8, 'Q': 8, 'n': 8, 'N': 8, 'f': 4, 'd': 8, 's': 1}

// parseStructFormat reads a format such as "<Q", "<2I", "@hh4s".
func parseStructFormat(f string) (*structFormat, error) {
	sf := &structFormat{order: binary.LittleEndian, native: true}
	if f != "" {
		switch f[0] {
		case '<', '=':
			sf.native, f = false, f[1:]
		case '>', '!':
			sf.order, sf.native, f = binary.BigEndian, false, f[1:]
		case '@':
			f = f[1:]
		}
	}
	for i := 0; i < len(f); {
		c := f[i]
		if c == ' ' || c == '\t' || c == '\n' {
			i++
			continue
		}
		count := 1
		if c >= '0' && c <= '9' {
			j := i
			for j < len(f) && f[j] >= '0' && f[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(f[i:j])
			if err != nil || n > 1<<24 {
				return nil, lang.Errorf(StructError, "total struct size too long")
			}
			if j == len(f) {
				return nil, lang.Errorf(StructError, "repeat count given without format specifier")
			}
			count, i, c = n, j, f[j]
		}
		size, ok := structSizes[c]
		if !ok || !sf.native && (c == 'n' || c == 'N') {
			return nil, lang.Errorf(StructError, "bad char in struct format")
		}
		if sf.native && c != 's' && c != 'x' && c != 'c' {
			sf.size = (sf.size + size - 1) / size * size
		} else if !sf.native && (c == 'l' || c == 'L') {
			size = 4
		}
		if c == 's' {
			sf.items = append(sf.items, structItem{code: c, size: count, n: count})
			sf.size += count
		} else {
			for range count {
				sf.items = append(sf.items, structItem{code: c, size: size})
			}
			sf.size += count * size
		}
		i++
	}
	return sf, nil
}

// unpack decodes buf, which must be exactly sf.size bytes.
func (sf *structFormat) unpack(buf []byte) (lang.Tuple, error) {
	if len(buf) != sf.size {
		return nil, lang.Errorf(StructError, "unpack requires a buffer of %d bytes", sf.size)
	}
	var out lang.Tuple
	off := 0
	for _, it := range sf.items {
		if sf.native && it.code != 's' && it.code != 'x' && it.code != 'c' {
			off = (off + it.size - 1) / it.size * it.size
		}
		b := buf[off : off+it.size]
		off += it.size
		var v lang.Value
		switch it.code {
		case 'x':
			continue
		case 'c', 's':
			v = lang.NewBytes(append([]byte(nil), b...))
		case 'b':
			v = int64(int8(b[0]))
		case 'B':
			v = int64(b[0])
		case '?':
			v = b[0] != 0
		case 'h':
			v = int64(int16(sf.order.Uint16(b)))
		case 'H':
			v = int64(sf.order.Uint16(b))
		case 'i', 'l':
			v = int64(int32(sf.order.Uint32(b)))
		case 'I', 'L':
			v = int64(sf.order.Uint32(b))
		case 'q', 'n':
			v = int64(sf.order.Uint64(b))
		case 'Q', 'N':
			v = lang.IntFromBig(new(big.Int).SetUint64(sf.order.Uint64(b)))
		case 'f':
			v = float64(math.Float32frombits(sf.order.Uint32(b)))
		case 'd':
			v = math.Float64frombits(sf.order.Uint64(b))
		}
		out = append(out, v)
	}
	return out, nil
}

// pack encodes vals, one per item but 'x'.
func (sf *structFormat) pack(vals []lang.Value) (lang.Bytes, error) {
	want := 0
	for _, it := range sf.items {
		if it.code != 'x' {
			want++
		}
	}
	if len(vals) != want {
		return lang.Bytes{}, lang.Errorf(StructError, "pack expected %d items for packing (got %d)", want, len(vals))
	}
	buf := make([]byte, sf.size)
	off, k := 0, 0
	for _, it := range sf.items {
		if sf.native && it.code != 's' && it.code != 'x' && it.code != 'c' {
			off = (off + it.size - 1) / it.size * it.size
		}
		b := buf[off : off+it.size]
		off += it.size
		if it.code == 'x' {
			continue
		}
		v := vals[k]
		k++
		switch it.code {
		case 'c', 's':
			bv, ok := v.(lang.Bytes)
			if !ok || it.code == 'c' && len(bv.Data()) != 1 {
				return lang.Bytes{}, lang.Errorf(StructError, "char format requires a bytes object of length 1")
			}
			copy(b, bv.Data())
			continue
		case 'f':
			f, ok := lang.AsFloat(v)
			if !ok {
				return lang.Bytes{}, lang.Errorf(StructError, "required argument is not a float")
			}
			sf.order.PutUint32(b, math.Float32bits(float32(f)))
			continue
		case 'd':
			f, ok := lang.AsFloat(v)
			if !ok {
				return lang.Bytes{}, lang.Errorf(StructError, "required argument is not a float")
			}
			sf.order.PutUint64(b, math.Float64bits(f))
			continue
		case '?':
			t, err := lang.Truth(v)
			if err != nil {
				return lang.Bytes{}, err
			}
			if t {
				b[0] = 1
			}
			continue
		}
		if z, big := v.(lang.BigInt); big && (it.code == 'Q' || it.code == 'N') && it.size == 8 {
			if z.Big().Sign() < 0 || z.Big().BitLen() > 64 {
				return lang.Bytes{}, lang.Errorf(StructError, "argument out of range") // CPython's, for an int beyond 64 bits
			}
			sf.order.PutUint64(b, z.Big().Uint64()) // 2**63 up to 2**64 - 1
			continue
		}
		n, ok := lang.AsInt(v)
		if !ok {
			if _, big := v.(lang.BigInt); big {
				return lang.Bytes{}, lang.Errorf(StructError, "argument out of range") // CPython's, for an int beyond 64 bits
			}
			return lang.Bytes{}, lang.Errorf(StructError, "required argument is not an integer")
		}
		lo, hi := structRange(it.code, it.size)
		if n < lo || n > hi {
			return lang.Bytes{}, lang.Errorf(StructError, "'%c' format requires %d <= number <= %d", it.code, lo, hi)
		}
		switch it.size {
		case 1:
			b[0] = byte(n)
		case 2:
			sf.order.PutUint16(b, uint16(n))
		case 4:
			sf.order.PutUint32(b, uint32(n))
		case 8:
			sf.order.PutUint64(b, uint64(n))
		}
	}
	return lang.NewBytes(buf), nil
}

// structRange is the range of an integer code within int64 (pack takes
// the unsigned 64-bit values beyond it as big ints).
func structRange(code byte, size int) (lo, hi int64) {
	bits := uint(8 * size)
	switch code {
	case 'B', 'H', 'I', 'L', 'Q', 'N':
		if bits == 64 {
			return 0, math.MaxInt64
		}
		return 0, 1<<bits - 1
	}
	if bits == 64 {
		return math.MinInt64, math.MaxInt64
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

func structFormatArg(a *lang.Args) (*structFormat, error) {
	f := a.Str("format")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return parseStructFormat(f)
}

var structModule = &lang.Module{Name: "struct", Attrs: map[string]lang.Value{
	"unpack": lang.NewBuiltin(lang.AsValue, "unpack(format, buffer)", "The values the bytes buffer holds in the layout format describes ('<' little-endian, '>' big-endian, '@' native with alignment; b B h H i I l L q Q n N ? f d, x padding, c and Ns bytes), as a tuple; the buffer must be exactly calcsize(format) bytes.", func(a *lang.Args) (lang.Value, error) {
		sf, err := structFormatArg(a)
		if err != nil {
			return nil, err
		}
		buf, ok := a.Value("buffer").(lang.Bytes)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(a.Value("buffer")))
		}
		return sf.unpack(buf.Data())
	}),
	"pack": lang.NewBuiltin(lang.AsValue, "pack(format, *values)", "The bytes that hold values in the layout format describes (the codes of unpack).", func(a *lang.Args) (lang.Value, error) {
		sf, err := structFormatArg(a)
		if err != nil {
			return nil, err
		}
		vals, _ := a.Value("values").(lang.Tuple)
		return sf.pack(vals)
	}),
	"calcsize": lang.NewBuiltin(lang.AsValue, "calcsize(format)", "The number of bytes the layout format takes.", func(a *lang.Args) (lang.Value, error) {
		sf, err := structFormatArg(a)
		if err != nil {
			return nil, err
		}
		return int64(sf.size), nil
	}),
}}

func init() {
	lang.RegisterModule("struct", "Python's struct module in small: unpack, pack and calcsize of binary layouts such as '<Q'.", func() *lang.Module {
		return structModule
	})
}
