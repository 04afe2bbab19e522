//go:build !unix

package torch

import (
	"os"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// mapShared is torch.from_file's shared mapping, which kael makes on Unix
// systems only.
func mapShared(f *os.File, name string, nbytes int64, size int, d tensor.DType) (*tensor.Tensor, error) {
	return nil, lang.Errorf(NotImplementedError, "torch.from_file(shared=True) maps files on Unix systems only in kael")
}
