package safetensors

import (
	"fmt"
	"io"
	"os"

	"github.com/kael-dev/kael/tensor"
)

// mapping owns the bytes of a file, read into memory: every tensor viewing
// them keeps them alive.
//
// The bytes are a copy, not a mapping of the file: a mapped file that
// another program truncates or rewrites while tensors view it faults (or
// changes) on the next read, and a fault in a kernel's goroutine takes the
// whole process down. Reading costs the time of a copy from the page cache
// (docs/performance.md measures it for GPT-2) and memory that the tensor
// memory limit counts.
type mapping struct {
	data []byte
}

// readFile reads the whole of f, of size bytes, into memory, refused as a
// tensor of that size is when the memory limit leaves no room. A file
// that shrinks while it is read is an error, not zeros.
func readFile(f *os.File, size int64) (*mapping, error) {
	b, err := tensor.AllocBytes(size)
	if err != nil {
		return nil, err
	}
	n, err := f.ReadAt(b, 0)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if int64(n) != size {
		return nil, fmt.Errorf("the file shrank from %d to %d bytes while it was read", size, n)
	}
	return &mapping{data: b}, nil
}
