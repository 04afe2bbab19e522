package safetensors

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"unicode/utf8"
)

// MaxHeaderSize is the longest JSON header accepted, as in the reference
// implementation.
const MaxHeaderSize = 100_000_000

// metadataKey names the header entry holding the free-form string map.
const metadataKey = "__metadata__"

// Info describes one tensor of a file: its name, its dtype as the format
// spells it ("F32", "BF16", ...), its shape and its byte range [Begin, End)
// in the data buffer.
type Info struct {
	Name       string
	DType      string
	Shape      []int
	Begin, End int64
}

// Header is a validated safetensors header.
type Header struct {
	// Tensors in name order.
	Tensors []Info
	// Metadata is the __metadata__ map, or nil when the file has none.
	Metadata map[string]string
	// DataOffset is the file offset of the data buffer (8 + N).
	DataOffset int64
}

// elementSizes holds the element size of every dtype of the format.
var elementSizes = map[string]int{
	"BOOL": 1, "U8": 1, "I8": 1, "F8_E5M2": 1, "F8_E4M3": 1,
	"I16": 2, "U16": 2, "F16": 2, "BF16": 2,
	"I32": 4, "U32": 4, "F32": 4,
	"I64": 8, "U64": 8, "F64": 8,
}

// Error is a problem with a safetensors file: the file's name, the
// tensor's when there is one, and what is wrong.
type Error struct {
	File   string
	Tensor string
	Msg    string
}

func (e *Error) Error() string {
	if e.Tensor != "" {
		return fmt.Sprintf("safetensors: %s: tensor %q: %s", e.File, e.Tensor, e.Msg)
	}
	return fmt.Sprintf("safetensors: %s: %s", e.File, e.Msg)
}

func errorf(file, tensor, format string, args ...any) error {
	return &Error{File: file, Tensor: tensor, Msg: fmt.Sprintf(format, args...)}
}

// rawEntry is one tensor entry as it appears in the JSON header.
type rawEntry struct {
	DType       *string  `json:"dtype"`
	Shape       []uint64 `json:"shape"`
	DataOffsets []uint64 `json:"data_offsets"`
}

// ParseHeader reads and validates the header at the start of a file of
// fileSize bytes whose first bytes r reads; file names the file in errors.
func ParseHeader(file string, r io.Reader, fileSize int64) (*Header, error) {
	var prefix [8]byte
	if fileSize < 8 {
		return nil, errorf(file, "", "file is %d bytes, too short for the 8-byte header length", fileSize)
	}
	if _, err := io.ReadFull(r, prefix[:]); err != nil {
		return nil, errorf(file, "", "reading the header length: %v", err)
	}
	n := binary.LittleEndian.Uint64(prefix[:])
	if n > MaxHeaderSize {
		return nil, errorf(file, "", "header of %d bytes is larger than the limit of %d", n, MaxHeaderSize)
	}
	if int64(n) > fileSize-8 {
		return nil, errorf(file, "", "header of %d bytes runs past the end of the %d-byte file", n, fileSize)
	}
	text := make([]byte, n)
	if _, err := io.ReadFull(r, text); err != nil {
		return nil, errorf(file, "", "reading the header: %v", err)
	}
	h, err := parseJSON(file, text)
	if err != nil {
		return nil, err
	}
	h.DataOffset = 8 + int64(n)
	if err := h.checkOffsets(file, fileSize-h.DataOffset); err != nil {
		return nil, err
	}
	return h, nil
}

// parseJSON decodes the header text, keeping each name once.
func parseJSON(file string, text []byte) (*Header, error) {
	if !utf8.Valid(text) {
		return nil, errorf(file, "", "header is not valid UTF-8")
	}
	trimmed := bytes.TrimLeft(text, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, errorf(file, "", "header is not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	if _, err := dec.Token(); err != nil {
		return nil, errorf(file, "", "header is not JSON: %v", err)
	}
	h := &Header{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errorf(file, "", "header is not JSON: %v", err)
		}
		name, ok := tok.(string)
		if !ok {
			return nil, errorf(file, "", "header is not JSON: key %v is not a string", tok)
		}
		if seen[name] {
			return nil, errorf(file, name, "the name appears twice in the header")
		}
		seen[name] = true
		if name == metadataKey {
			if err := dec.Decode(&h.Metadata); err != nil {
				return nil, errorf(file, "", "__metadata__ is not a map of strings to strings: %v", err)
			}
			continue
		}
		info, err := decodeEntry(file, name, dec)
		if err != nil {
			return nil, err
		}
		h.Tensors = append(h.Tensors, info)
	}
	if _, err := dec.Token(); err != nil {
		return nil, errorf(file, "", "header is not JSON: %v", err)
	}
	if rest, err := io.ReadAll(dec.Buffered()); err == nil && len(bytes.TrimSpace(rest)) > 0 {
		return nil, errorf(file, "", "header has text after its JSON object")
	}
	sort.Slice(h.Tensors, func(i, j int) bool { return h.Tensors[i].Name < h.Tensors[j].Name })
	return h, nil
}

// decodeEntry decodes and checks one tensor entry.
func decodeEntry(file, name string, dec *json.Decoder) (Info, error) {
	var e rawEntry
	if err := dec.Decode(&e); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return Info{}, errorf(file, "", "header is not JSON: %v", err)
		}
		return Info{}, errorf(file, name, "entry is not {dtype, shape, data_offsets}: %v", err)
	}
	switch {
	case e.DType == nil:
		return Info{}, errorf(file, name, "entry has no dtype")
	case e.Shape == nil:
		return Info{}, errorf(file, name, "entry has no shape")
	case len(e.DataOffsets) != 2:
		return Info{}, errorf(file, name, "data_offsets must be [begin, end], got %d numbers", len(e.DataOffsets))
	}
	size, ok := elementSizes[*e.DType]
	if !ok {
		return Info{}, errorf(file, name, "unknown dtype %q", *e.DType)
	}
	info := Info{Name: name, DType: *e.DType, Shape: make([]int, len(e.Shape))}
	count := uint64(1)
	for i, s := range e.Shape {
		if s > math.MaxInt64 {
			return Info{}, errorf(file, name, "shape %v overflows", e.Shape)
		}
		info.Shape[i] = int(s)
		if s != 0 && count > math.MaxInt64/s {
			return Info{}, errorf(file, name, "shape %v has more elements than fit in 64 bits", e.Shape)
		}
		count *= s
	}
	if count > math.MaxInt64/uint64(size) {
		return Info{}, errorf(file, name, "shape %v of %s has more bytes than fit in 64 bits", e.Shape, *e.DType)
	}
	begin, end := e.DataOffsets[0], e.DataOffsets[1]
	if begin > end || end > math.MaxInt64 {
		return Info{}, errorf(file, name, "data_offsets [%d, %d] are not a byte range", begin, end)
	}
	if end-begin != count*uint64(size) {
		return Info{}, errorf(file, name, "data_offsets [%d, %d] hold %d bytes, but shape %v of %s needs %d",
			begin, end, end-begin, e.Shape, *e.DType, count*uint64(size))
	}
	info.Begin, info.End = int64(begin), int64(end)
	return info, nil
}

// checkOffsets checks that the byte ranges, in order, tile a data buffer
// of size bytes exactly.
func (h *Header) checkOffsets(file string, size int64) error {
	order := make([]Info, len(h.Tensors))
	copy(order, h.Tensors)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].Begin != order[j].Begin {
			return order[i].Begin < order[j].Begin
		}
		return order[i].End < order[j].End
	})
	at := int64(0)
	for _, t := range order {
		switch {
		case t.Begin > at:
			return errorf(file, t.Name, "data_offsets [%d, %d] leave a gap after byte %d of the data", t.Begin, t.End, at)
		case t.Begin < at:
			return errorf(file, t.Name, "data_offsets [%d, %d] overlap the tensor before, which ends at byte %d", t.Begin, t.End, at)
		}
		at = t.End
	}
	if at != size {
		return errorf(file, "", "the tensors hold %d bytes of data but the data buffer has %d", at, size)
	}
	return nil
}
