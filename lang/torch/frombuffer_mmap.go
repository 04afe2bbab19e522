//go:build unix

package torch

import (
	"os"
	"runtime"
	"syscall"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// mapping is a shared mapping of a file, unmapped when no tensor uses it.
type mapping struct{ data []byte }

// mapShared maps nbytes of f shared, as the storage of a tensor of size
// elements of dtype d: writes through the tensor reach the file.
func mapShared(f *os.File, name string, nbytes int64, size int, d tensor.DType) (*tensor.Tensor, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, int(nbytes), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "unable to mmap %d bytes from file <%s>: %s", nbytes, name, errnoText(err))
	}
	m := &mapping{data: data}
	runtime.SetFinalizer(m, func(m *mapping) { _ = syscall.Munmap(m.data) })
	return tensor.FromBytes(data, d, []int{size}, m)
}
