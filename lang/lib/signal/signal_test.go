package signal_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/signal"
)

// signalCases are compared with CPython 3.11's outcomes; each sets only
// the handler already there, as CPython runs them in one process.
var signalCases = []string{
	"signal.SIGINT, signal.SIGTERM, int(signal.SIGKILL), signal.SIGUSR1.name, signal.Signals(15), signal.NSIG, signal.SIGIOT, signal.SIGRTMAX",
	"signal.SIG_DFL, signal.SIG_IGN, int(signal.SIG_IGN), signal.Handlers(0)",
	"signal.getsignal(signal.SIGINT) is signal.default_int_handler, signal.getsignal(signal.SIGTERM), signal.getsignal(2) is signal.default_int_handler",
	"signal.signal(signal.SIGINT, signal.default_int_handler) is signal.default_int_handler, signal.signal(signal.SIGTERM, signal.SIG_DFL), signal.signal(signal.SIGUSR1, 0)",
	"signal.getsignal(0)",
	"signal.getsignal(65)",
	"signal.signal(99, signal.SIG_DFL)",
	"signal.signal(signal.SIGKILL, signal.SIG_DFL)",
	"signal.signal(signal.SIGINT, 5)",
	"signal.signal(signal.SIGINT, 'x')",
	"[signal.strsignal(n) for n in (1, 2, 6, 9, 11, 15, 17, 19, 20, 28, 34, 40)]",
	"len(signal.valid_signals()), signal.SIGINT in signal.valid_signals(), 33 in signal.valid_signals(), 40 in signal.valid_signals()",
	"try:\n    signal.default_int_handler(2, None)\nexcept KeyboardInterrupt as e:\n    r = type(e).__name__, e.args\nr",
	"issubclass(signal.ItimerError, OSError), signal.ITIMER_REAL, signal.ITIMER_PROF, signal.SIG_BLOCK, signal.SIG_SETMASK",
	"signal.SIGINT == 2, signal.SIGINT + 1, str(signal.SIGINT), f'{signal.SIGTERM}'",
}

func TestSignalMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import signal\n", signalCases)
}

// signalRefusals cannot be compared with CPython, which honours them
// (and raise_signal(SIGINT) would interrupt the test's python3).
var signalRefusals = []langtest.Case{
	{"def h(n, f):\n    pass\nsignal.signal(signal.SIGINT, h)", "NotImplementedError: signal.signal: kael cannot install a handler for SIGINT: an interrupt (Ctrl-C, a notebook's stop) raises KeyboardInterrupt; catch it with try: ... except KeyboardInterrupt: ..."},
	{"signal.signal(signal.SIGINT, signal.SIG_IGN)", "~kael cannot install a handler for SIGINT"},
	{"signal.signal(signal.SIGTERM, print)", "NotImplementedError: signal.signal: kael cannot install a handler for SIGTERM: it delivers no signal to a program but SIGINT, as KeyboardInterrupt"},
	{"signal.alarm(5)", "NotImplementedError: signal.alarm: kael cannot deliver SIGALRM; time the work with time.monotonic() and check it in the loop"},
	{"signal.setitimer(signal.ITIMER_REAL, 1.0)", "NotImplementedError: signal.setitimer: kael cannot deliver timer signals"},
	{"signal.raise_signal(signal.SIGTERM)", "NotImplementedError: signal.raise_signal: kael delivers no signal to a program but SIGINT"},
	{"signal.raise_signal(signal.SIGINT)", "KeyboardInterrupt: "},
	{"try:\n    signal.raise_signal(2)\nexcept KeyboardInterrupt as e:\n    r = type(e).__name__, e.args\nr", "('KeyboardInterrupt', ())"},
	{"signal.pause()", "NotImplementedError: signal.pause: kael delivers no signal to wait for"},
}

func TestSignalRefusals(t *testing.T) {
	for i := range signalRefusals {
		signalRefusals[i].Src = "import signal\n" + signalRefusals[i].Src
	}
	langtest.RunCells(t, signalRefusals)
}
