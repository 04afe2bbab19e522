package safetensors

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
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
	d, ok := formatDTypes[info.DType]
	switch {
	case ok:
	case info.DType == "U16" || info.DType == "U32":
		return tensor.FromSlice(decodeInts(raw, info.DType), shape...)
	default:
		return nil, fmt.Errorf("dtype %s has no kael equivalent (kael has %s)", info.DType, kaelDTypeList())
	}
	if littleEndian && uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%uintptr(d.Size()) == 0 {
		return tensor.FromBytes(raw, d, shape, f.m)
	}
	return copyUnaligned(raw, d, shape)
}

// copyUnaligned decodes little-endian data that cannot be viewed in place
// into an aligned copy in the machine's byte order.
func copyUnaligned(raw []byte, d tensor.DType, shape []int) (*tensor.Tensor, error) {
	size := d.Size()
	words := make([]uint64, (len(raw)+7)/8)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(raw))
	if littleEndian || size == 1 {
		copy(buf, raw)
	} else {
		for i := 0; i+size <= len(raw); i += size {
			for j := range size {
				buf[i+j] = raw[i+size-1-j]
			}
		}
	}
	return tensor.FromBytes(buf, d, shape, words)
}

// decodeInts widens little-endian unsigned integers that kael has no
// dtype for (U16, U32) to int64.
func decodeInts(raw []byte, dtype string) []int64 {
	le := binary.LittleEndian
	size := elementSizes[dtype]
	v := make([]int64, len(raw)/size)
	for i := range v {
		b := raw[size*i:]
		switch dtype {
		case "U32":
			v[i] = int64(le.Uint32(b))
		case "U16":
			v[i] = int64(le.Uint16(b))
		}
	}
	return v
}
