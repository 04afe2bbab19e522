package safetensors

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/internal/atomicfile"
	"github.com/kael-dev/kael/tensor"
)

// formatDTypes maps the format's dtype names to kael's dtypes; the format
// names the others too (U16, U32, U64, F8_*) but kael has no dtype for them.
var formatDTypes = map[string]tensor.DType{
	"F32": tensor.Float32, "F64": tensor.Float64, "F16": tensor.Float16, "BF16": tensor.BFloat16,
	"I64": tensor.Int64, "I32": tensor.Int32, "I16": tensor.Int16, "I8": tensor.Int8, "U8": tensor.Uint8,
	"BOOL": tensor.Bool,
}

// formatDType is the format's name for each kael dtype.
func formatDType(d tensor.DType) (string, error) {
	switch d {
	case tensor.Float32:
		return "F32", nil
	case tensor.Float64:
		return "F64", nil
	case tensor.Float16:
		return "F16", nil
	case tensor.BFloat16:
		return "BF16", nil
	case tensor.Int64:
		return "I64", nil
	case tensor.Int32:
		return "I32", nil
	case tensor.Int16:
		return "I16", nil
	case tensor.Int8:
		return "I8", nil
	case tensor.Uint8:
		return "U8", nil
	case tensor.Bool:
		return "BOOL", nil
	case tensor.Uint16, tensor.Uint32, tensor.Uint64:
		// NumPy's wider unsigned integers: PyTorch has no such dtype, and
		// kael reads U16 and U32 back as int64.
		return "", fmt.Errorf("dtype %s cannot be saved: it is a NumPy dtype PyTorch lacks; convert with .astype(np.int64) first", d)
	case tensor.Complex64, tensor.Complex128:
		// The format (safetensors 0.4, which kael follows) has no complex
		// dtype.
		return "", fmt.Errorf("dtype %s cannot be saved: safetensors has no complex dtype; save torch.view_as_real(x) instead", d)
	}
	return "", fmt.Errorf("dtype %s cannot be saved", d)
}

// kaelDTypeList names the dtypes the format can hold, for messages.
func kaelDTypeList() string {
	var names []string
	for _, d := range tensor.DTypes {
		if _, err := formatDType(d); err == nil {
			names = append(names, d.String())
		}
	}
	return strings.Join(names, ", ")
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
	if _, err := formatDType(t.DType()); err != nil {
		return err
	}
	c, err := t.Contiguous()
	if err != nil {
		return err
	}
	size := c.DType().Size()
	b := c.StorageBytes()[c.Offset()*size : (c.Offset()+c.Numel())*size]
	if !littleEndian && size > 1 {
		for i := 0; i < len(b); i += size {
			slices.Reverse(b[i : i+size])
		}
	}
	_, err = w.Write(b)
	return err
}
