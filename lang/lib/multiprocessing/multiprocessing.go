// Package multiprocessing is Python's multiprocessing module as far as
// kael, which runs a program in one process, can honour it (module.py):
// cpu_count, current_process, parent_process, active_children, the start
// methods, freeze_support, the exceptions, and the locks and queues of
// threading and queue, which serve one process. Process.start, Pool,
// Manager, Pipe, Value and Array are os's refusals (os.ProcessRefusal),
// in _multiprocessing.
package multiprocessing

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/queue"     // module.py imports queue
	_ "github.com/kael-dev/kael/lang/lib/sys"       // module.py imports sys
	_ "github.com/kael-dev/kael/lang/lib/threading" // module.py imports threading
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("multiprocessing", "Python's multiprocessing as far as kael, one process, can honour it: cpu_count, current_process, the start methods, freeze_support, the exceptions, and the locks and queues of threading and queue; Process.start, Pool, Manager, Pipe, Value and Array are NotImplementedError.", source)
	lang.RegisterModule("_multiprocessing", "The calls of multiprocessing that start or share with another process, which kael refuses.", func() *lang.Module {
		m := &lang.Module{Name: "_multiprocessing", Attrs: map[string]lang.Value{
			"start": os.ProcessRefusal("multiprocessing.Process", "start"),
		}}
		for _, name := range []string{"Pool", "Manager", "Pipe", "Value", "Array"} {
			m.Attrs[name] = os.ProcessRefusal("multiprocessing", name)
		}
		return m
	})
}
