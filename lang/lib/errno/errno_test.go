package errno_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

var cases = []langtest.Case{
	{"errno.ENOENT, errno.ENOTDIR, errno.EEXIST, errno.EACCES, errno.EISDIR, errno.EPIPE", "(2, 20, 17, 13, 21, 32)"},
	{"errno.errorcode[errno.ENOENT], errno.errorcode[errno.EINVAL]", "('ENOENT', 'EINVAL')"},
	{"try:\n    open('/nonexistent/x')\nexcept OSError as e:\n    r = e.errno == errno.ENOENT\nr", "True"},
}

func TestErrno(t *testing.T) {
	langtest.CheckCellCases(t, "import errno\n", cases)
	cpython.CheckCellCases(t, "import errno\n", cases)
}
