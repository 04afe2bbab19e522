package safetensors

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"unsafe"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/tensor"
)

// File is an open safetensors file: its validated header over the file's
// bytes, read into memory (see mapping).
type File struct {
	Header
	path string
	m    *mapping
}

// Options tunes Load.
type Options struct {
	// Progress, if not nil, is called after each tensor with the bytes of
	// tensor data made ready so far and the total, so that a front end can
	// draw a progress bar for a large file.
	Progress func(done, total int64)
}

// Open reads the file at path into memory and validates its header. The
// bytes are released when neither the File nor any tensor made from them
// is reachable. Anything but a regular file (a FIFO, a device) is refused
// at once, as fileguard refuses it, rather than blocking the open.
func Open(path string) (*File, error) {
	f, st, err := fileguard.OpenRegular(path, os.O_RDONLY, 0)
	if errors.Is(err, fileguard.ErrNotRegular) || errors.Is(err, fileguard.ErrDirectory) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err} // an OSError, as open() gives
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h, err := ParseHeader(path, f, st.Size())
	if err != nil {
		return nil, err
	}
	m, err := readFile(f, st.Size())
	if err != nil {
		if e, ok := err.(*tensor.Error); ok {
			return nil, e
		}
		return nil, errorf(path, "", "cannot read the file: %v", err)
	}
	return &File{Header: *h, path: path, m: m}, nil
}

// Parse validates data as the bytes of a whole safetensors file and returns
// it as a File whose tensors view (or convert) data; name names it in
// errors.
func Parse(name string, data []byte) (*File, error) {
	h, err := ParseHeader(name, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	return &File{Header: *h, path: name, m: &mapping{data: data}}, nil
}

// Load reads every tensor of the file at path into a map from name to
// tensor, and returns the file's metadata too.
func Load(path string, opt Options) (map[string]*tensor.Tensor, map[string]string, error) {
	f, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	ts, err := f.All(opt)
	return ts, f.Metadata, err
}

// All returns every tensor of the file by name.
func (f *File) All(opt Options) (map[string]*tensor.Tensor, error) {
	total := int64(0)
	for _, info := range f.Tensors {
		total += info.End - info.Begin
	}
	out := make(map[string]*tensor.Tensor, len(f.Tensors))
	done := int64(0)
	for _, info := range f.Tensors {
		t, err := f.tensor(info)
		if err != nil {
			return nil, err
		}
		out[info.Name] = t
		done += info.End - info.Begin
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	return out, nil
}

// Names returns the tensor names in order.
func (f *File) Names() []string {
	names := make([]string, len(f.Tensors))
	for i, t := range f.Tensors {
		names[i] = t.Name
	}
	return names
}

// Tensor returns the tensor called name.
func (f *File) Tensor(name string) (*tensor.Tensor, error) {
	for _, info := range f.Tensors {
		if info.Name == name {
			return f.tensor(info)
		}
	}
	return nil, errorf(f.path, name, "no such tensor in the file")
}

// littleEndian reports whether this machine stores numbers as the format
// does, so that data can be viewed without conversion.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// tensor makes the tensor described by info.
func (f *File) tensor(info Info) (*tensor.Tensor, error) {
	t, err := f.decode(info)
	if err != nil {
		return nil, errorf(f.path, info.Name, "%v", err)
	}
	return t, nil
}

// decode makes the tensor described by info: a view of the mapping when
// the data can be used as it is, else a converted copy.
func (f *File) decode(info Info) (*tensor.Tensor, error) {
	raw := f.m.data[f.DataOffset+info.Begin : f.DataOffset+info.End : f.DataOffset+info.End]
	shape := info.Shape
	var d tensor.DType
	switch info.DType {
	case "F32":
		d = tensor.Float32
	case "F64":
		d = tensor.Float64
	case "I64":
		d = tensor.Int64
	case "BOOL":
		d = tensor.Bool
	case "F16", "BF16":
		return tensor.FromSlice(decodeHalf(raw, info.DType == "BF16"), shape...)
	case "I32", "I16", "I8", "U8", "U16", "U32":
		return tensor.FromSlice(decodeInts(raw, info.DType), shape...)
	default:
		return nil, fmt.Errorf("dtype %s has no kael equivalent (kael has float32, float64, int64 and bool)", info.DType)
	}
	if littleEndian && uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%uintptr(d.Size()) == 0 {
		return tensor.FromBytes(raw, d, shape, f.m)
	}
	return copyUnaligned(raw, d, shape)
}

// copyUnaligned decodes little-endian data that cannot be viewed in place.
func copyUnaligned(raw []byte, d tensor.DType, shape []int) (*tensor.Tensor, error) {
	le := binary.LittleEndian
	switch d {
	case tensor.Float32:
		v := make([]float32, len(raw)/4)
		for i := range v {
			v[i] = math.Float32frombits(le.Uint32(raw[4*i:]))
		}
		return tensor.FromSlice(v, shape...)
	case tensor.Float64:
		v := make([]float64, len(raw)/8)
		for i := range v {
			v[i] = math.Float64frombits(le.Uint64(raw[8*i:]))
		}
		return tensor.FromSlice(v, shape...)
	case tensor.Int64:
		v := make([]int64, len(raw)/8)
		for i := range v {
			v[i] = int64(le.Uint64(raw[8*i:]))
		}
		return tensor.FromSlice(v, shape...)
	case tensor.Bool:
		for _, b := range raw {
			if b > 1 {
				return nil, fmt.Errorf("bool data holds the byte %d; only 0 and 1 are bools", b)
			}
		}
		return tensor.FromSlice(append([]uint8(nil), raw...), shape...)
	}
	return nil, fmt.Errorf("cannot decode dtype %s", d)
}

// decodeHalf converts IEEE half or bfloat16 data to float32.
func decodeHalf(raw []byte, brain bool) []float32 {
	v := make([]float32, len(raw)/2)
	for i := range v {
		h := binary.LittleEndian.Uint16(raw[2*i:])
		if brain {
			v[i] = math.Float32frombits(uint32(h) << 16)
		} else {
			v[i] = halfToFloat32(h)
		}
	}
	return v
}

// halfToFloat32 converts an IEEE 754 binary16 value exactly.
func halfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f: // inf or NaN
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
	case frac == 0:
		return math.Float32frombits(sign)
	}
	// Subnormal: frac * 2^-24.
	v := float32(frac) * (1.0 / (1 << 24))
	if sign != 0 {
		v = -v
	}
	return v
}

// decodeInts widens little-endian integers to int64.
func decodeInts(raw []byte, dtype string) []int64 {
	le := binary.LittleEndian
	size := elementSizes[dtype]
	v := make([]int64, len(raw)/size)
	for i := range v {
		b := raw[size*i:]
		switch dtype {
		case "I32":
			v[i] = int64(int32(le.Uint32(b)))
		case "U32":
			v[i] = int64(le.Uint32(b))
		case "I16":
			v[i] = int64(int16(le.Uint16(b)))
		case "U16":
			v[i] = int64(le.Uint16(b))
		case "I8":
			v[i] = int64(int8(b[0]))
		case "U8":
			v[i] = int64(b[0])
		}
	}
	return v
}
