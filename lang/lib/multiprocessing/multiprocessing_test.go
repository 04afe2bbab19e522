package multiprocessing_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/multiprocessing"
)

// multiprocessingCases are compared with CPython 3.11's outcomes; a case
// that sets the start method sets it back, as CPython runs them in one
// process.
var multiprocessingCases = []string{
	"mp.cpu_count() == os.cpu_count(), mp.current_process().name, repr(mp.current_process()), mp.parent_process(), mp.active_children(), mp.freeze_support()",
	"mp.current_process().pid == os.getpid(), mp.current_process().is_alive(), mp.current_process() is mp.current_process()",
	"mp.get_all_start_methods(), mp.get_start_method()",
	"mp.set_start_method('spawn', force=True)\nr = mp.get_start_method()\nmp.set_start_method('fork', force=True)\nr",
	"mp.get_start_method()\nmp.set_start_method('fork')",
	"mp.set_start_method('bogus', force=True)",
	"mp.get_context('bogus')",
	"issubclass(mp.TimeoutError, mp.ProcessError), issubclass(mp.BufferTooShort, mp.ProcessError), issubclass(mp.AuthenticationError, mp.ProcessError), issubclass(mp.ProcessError, Exception)",
	"out = []\np = mp.Process(target=out.append, args=(5,), name='worker')\np.run()\nout, p.name, p.daemon, p.is_alive(), p.exitcode",
	"q = mp.Queue()\nq.put(1)\nq.put('two')\nl = mp.Lock()\nwith l:\n    r = q.get(), q.get(), q.empty()\nr",
	"e = mp.Event()\ne.set()\ne.is_set()",
}

func TestMultiprocessingMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import multiprocessing as mp, os\n", multiprocessingCases)
}

// The calls that start or share with another process are os's refusal.
func TestMultiprocessingRefusals(t *testing.T) {
	const why = ": kael cannot start, wait for or signal other processes"
	langtest.RunCells(t, []langtest.Case{
		{"import multiprocessing as mp\nmp.Process(target=print).start()", "NotImplementedError: multiprocessing.Process.start" + why},
		{"import multiprocessing as mp\nwith mp.Pool(4) as p:\n    p.map(abs, [1])", "NotImplementedError: multiprocessing.Pool" + why},
		{"from multiprocessing import Manager\nManager()", "NotImplementedError: multiprocessing.Manager" + why},
		{"import multiprocessing as mp\nmp.Pipe()", "NotImplementedError: multiprocessing.Pipe" + why},
		{"import multiprocessing as mp\nmp.Value('i', 0)", "NotImplementedError: multiprocessing.Value" + why},
		{"import multiprocessing as mp\nmp.get_context('spawn').Pool()", "NotImplementedError: multiprocessing.Pool" + why},
	})
}
