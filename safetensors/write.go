package safetensors

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"unsafe"

	"github.com/kael-dev/kael/internal/atomicfile"
	"github.com/kael-dev/kael/tensor"
)

// formatDType is the format's name for each kael dtype.
func formatDType(d tensor.DType) (string, error) {
	switch d {
	case tensor.Float32:
		return "F32", nil
	case tensor.Float64:
		return "F64", nil
	case tensor.Int64:
		return "I64", nil
	case tensor.Bool:
		return "BOOL", nil
	}
	return "", fmt.Errorf("dtype %s cannot be saved", d)
}

// headerEntry is one tensor's entry as Save writes it.
type headerEntry struct {
	DType       string  `json:"dtype"`
	Shape       []int   `json:"shape"`
	DataOffsets []int64 `json:"data_offsets"`
}

// Encode returns the header (length prefix included, padded with spaces
// to a multiple of 8) for tensors laid out in name order, and that order.
func Encode(tensors map[string]*tensor.Tensor, metadata map[string]string) ([]byte, []string, error) {
	names := make([]string, 0, len(tensors))
	for name := range tensors {
		if name == metadataKey {
			return nil, nil, fmt.Errorf("safetensors: %q is reserved for the metadata and cannot name a tensor", name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	buf.WriteByte('{')
	if metadata != nil {
		b, err := json.Marshal(metadata)
		if err != nil {
			return nil, nil, err
		}
		buf.WriteString(`"__metadata__":`)
		buf.Write(b)
	}
	at := int64(0)
	for i, name := range names {
		t := tensors[name]
		if t == nil {
			return nil, nil, fmt.Errorf("safetensors: tensor %q is nil", name)
		}
		dt, err := formatDType(t.DType())
		if err != nil {
			return nil, nil, fmt.Errorf("safetensors: tensor %q: %v", name, err)
		}
		size := int64(t.Nbytes())
		k, _ := json.Marshal(name)
		v, _ := json.Marshal(headerEntry{dt, append([]int{}, t.Shape()...), []int64{at, at + size}})
		if i > 0 || metadata != nil {
			buf.WriteByte(',')
		}
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
		at += size
	}
	buf.WriteByte('}')
	for buf.Len()%8 != 0 {
		buf.WriteByte(' ')
	}
	out := make([]byte, 8, 8+buf.Len())
	binary.LittleEndian.PutUint64(out, uint64(buf.Len()))
	return append(out, buf.Bytes()...), names, nil
}

// Save writes tensors and metadata (which may be nil) to path, replacing
// the file only once the new one is complete.
func Save(path string, tensors map[string]*tensor.Tensor, metadata map[string]string) error {
	header, names, err := Encode(tensors, metadata)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(f io.Writer) error {
		return writeFile(f, path+": ", header, names, tensors)
	})
}

// Marshal returns the bytes of the file Save would write, as Python's
// safetensors.torch.save does.
func Marshal(tensors map[string]*tensor.Tensor, metadata map[string]string) ([]byte, error) {
	header, names, err := Encode(tensors, metadata)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := writeFile(&buf, "", header, names, tensors); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeFile writes the header and then the tensors' data in names' order;
// where starts its error messages (the file's path).
func writeFile(f io.Writer, where string, header []byte, names []string, tensors map[string]*tensor.Tensor) error {
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := w.Write(header); err != nil {
		return err
	}
	for _, name := range names {
		if err := writeData(w, tensors[name]); err != nil {
			return fmt.Errorf("safetensors: %stensor %q: %v", where, name, err)
		}
	}
	return w.Flush()
}

// writeData writes t's elements, row-major and little-endian.
func writeData(w *bufio.Writer, t *tensor.Tensor) error {
	switch t.DType() {
	case tensor.Float32:
		return writeValues[float32](w, t, 4, func(b []byte, v float32) { binary.LittleEndian.PutUint32(b, math.Float32bits(v)) })
	case tensor.Float64:
		return writeValues[float64](w, t, 8, func(b []byte, v float64) { binary.LittleEndian.PutUint64(b, math.Float64bits(v)) })
	case tensor.Int64:
		return writeValues[int64](w, t, 8, func(b []byte, v int64) { binary.LittleEndian.PutUint64(b, uint64(v)) })
	case tensor.Bool:
		return writeValues[uint8](w, t, 1, func(b []byte, v uint8) { b[0] = v })
	}
	return fmt.Errorf("dtype %s cannot be saved", t.DType())
}

func writeValues[T tensor.Element](w *bufio.Writer, t *tensor.Tensor, size int, put func([]byte, T)) error {
	c, err := t.Contiguous()
	if err != nil {
		return err
	}
	all, err := tensor.Data[T](c)
	if err != nil {
		return err
	}
	v := all[c.Offset() : c.Offset()+c.Numel()]
	if littleEndian {
		if len(v) == 0 {
			return nil
		}
		_, err := w.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), len(v)*size))
		return err
	}
	b := make([]byte, size)
	for _, x := range v {
		put(b, x)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
