//go:build !unix

package safetensors

import "os"

// mapping owns the bytes of a file; without mmap they are read into memory.
type mapping struct {
	data []byte
}

func mapFile(f *os.File, size int64) (*mapping, error) { return readFile(f, size) }
