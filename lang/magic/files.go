package magic

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// ExpandHome replaces a leading ~/ with the home directory.
func ExpandHome(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return path
}

// ErrText is an OS error without the operation and path, which a message
// naming the file already gives.
func ErrText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func (sh *Shell) tensorVar(name string) (*tensor.Tensor, bool) {
	v, _ := sh.sess.Get(name)
	t, ok := v.(*tensor.Tensor)
	return t, ok
}
