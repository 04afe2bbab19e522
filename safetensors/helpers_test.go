package safetensors

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/kael-dev/kael/tensor"
)

// fileBytes returns a whole file: length, header text, data.
func fileBytes(header string, data []byte) []byte {
	b := make([]byte, 8, 8+len(header)+len(data))
	binary.LittleEndian.PutUint64(b, uint64(len(header)))
	return append(append(b, header...), data...)
}

func le16(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func itoa(i int) string { return strconv.Itoa(i) }

func jsonInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = itoa(x)
	}
	return "[" + strings.Join(s, ",") + "]"
}

func inf() float64 { return math.Inf(1) }

func unsafePointer(b []byte) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(b)) }

func hasNaN(x *tensor.Tensor) bool {
	if !x.DType().IsFloating() {
		return false
	}
	v, err := x.Float64s()
	if err != nil {
		return false
	}
	for _, f := range v {
		if math.IsNaN(f) {
			return true
		}
	}
	return false
}
