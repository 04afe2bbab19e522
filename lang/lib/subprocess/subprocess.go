// Package subprocess is Python's subprocess module as far as kael can
// honour it (module.py): PIPE, STDOUT, DEVNULL, the exceptions,
// CompletedProcess and list2cmdline. The calls that start a program are
// os's refusals (os.ProcessRefusal), in _subprocess.
package subprocess

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/signal" // module.py imports signal
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("subprocess", "Python's subprocess as far as kael can honour it: PIPE, STDOUT, DEVNULL, the exceptions, CompletedProcess and list2cmdline; run, call, check_output, Popen and the others that start a program are NotImplementedError, as kael starts none.", source)
	lang.RegisterModule("_subprocess", "The calls of subprocess that start a program, which kael refuses.", func() *lang.Module {
		m := &lang.Module{Name: "_subprocess", Attrs: map[string]lang.Value{}}
		for _, name := range []string{"run", "call", "check_call", "check_output", "getoutput", "getstatusoutput", "Popen"} {
			m.Attrs[name] = os.ProcessRefusal("subprocess", name)
		}
		return m
	})
}
