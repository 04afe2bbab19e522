package safetensors

import (
	"io"
	"os"
)

// readFile reads the whole of f into memory, for systems or files that
// cannot be mapped.
func readFile(f *os.File, size int64) (*mapping, error) {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, err
	}
	return &mapping{data: b}, nil
}
