package time_test

import (
	"context"
	"io"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/time"

	// The engine's predefined names are math, torch, F and optim: a
	// session cannot look up a global name without their modules.
	_ "github.com/kael-dev/kael/lang/lib/math"
	_ "github.com/kael-dev/kael/lang/torch"
)

const timePrelude = "import time\n"

// timeCases hold CPython 3.11's outcomes for what does not depend on the
// clock's reading; TestTimeAgainstCPython checks them there.
var timeCases = []langtest.Case{
	{"[type(f()).__name__ for f in (time.time, time.perf_counter, time.monotonic, time.process_time)]", "['float', 'float', 'float', 'float']"},
	{"[type(f()).__name__ for f in (time.time_ns, time.perf_counter_ns, time.monotonic_ns, time.process_time_ns)]", "['int', 'int', 'int', 'int']"},
	{"from time import perf_counter, sleep, time as now\ntype(now()).__name__", "'float'"},
	{"time.sleep(0), time.sleep(False), time.sleep(0.001), time.sleep(-0.0)", "(None, None, None, None)"},
	// Each clock reads the same or later each time.
	{"a = [time.perf_counter_ns() for _ in range(1000)]\na == sorted(a)", "True"},
	{"a = [time.monotonic() for _ in range(1000)]\na == sorted(a)", "True"},
	{"a = [time.process_time_ns() for _ in range(100)]\na == sorted(a) and a[0] >= 0", "True"},
	// The wall clock is seconds since 1970: after 2020, before 2200.
	{"1.58e9 < time.time() < 7.3e9, 1.58e18 < time.time_ns() < 7.3e18", "(True, True)"},
	{"abs(time.time() - time.time_ns() / 1e9) < 60", "True"},
	// A sleep lasts at least its length (the upper bound is generous: no
	// speed is tested here).
	{"t0 = time.perf_counter()\ntime.sleep(0.02)\n0.02 <= time.perf_counter() - t0 < 10", "True"},
	{"t0 = time.monotonic_ns()\ntime.sleep(1 / 50)\n20_000_000 <= time.monotonic_ns() - t0", "True"},
	{"start = time.time()\nfor epoch in range(3):\n    pass\nelapsed = time.time() - start\nf'{elapsed:.0f}s'", "'0s'"},
	// CPython's errors.
	{"time.sleep(-1)", "ValueError: sleep length must be non-negative"},
	{"time.sleep(-0.5)", "ValueError: sleep length must be non-negative"},
	{"time.sleep('1')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"time.sleep(None)", "TypeError: 'NoneType' object cannot be interpreted as an integer"},
	{"time.sleep(float('nan'))", "ValueError: Invalid value NaN (not a number)"},
	{"time.sleep(float('inf'))", "OverflowError: timestamp too large to convert to C _PyTime_t"},
	{"time.sleep(1e300)", "OverflowError: timestamp too large to convert to C _PyTime_t"},
	{"time.sleep(10**10)", "OverflowError: timestamp too large to convert to C _PyTime_t"},
}

func TestTime(t *testing.T) {
	langtest.CheckCellCases(t, timePrelude, timeCases)
}

func TestTimeAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, timePrelude, timeCases)
}

// TestTimeSleepStopsOnInterrupt checks that an interrupt stops a long
// time.sleep with KeyboardInterrupt, long before the sleep would end, and
// that the session runs the next cell.
func TestTimeSleepStopsOnInterrupt(t *testing.T) {
	s := lang.NewSession(lang.IO{Stdout: io.Discard})
	for _, src := range []string{
		"import time\ntime.sleep(3600)",
		"import time\nfor i in range(10):\n    time.sleep(600)",
		"import time\ndef wait():\n    time.sleep(3600.5)\nwait()",
	} {
		langtest.CheckStopsOnInterrupt(t, s, src)
	}
	if got := langtest.Outcome(s.Exec(context.Background(), "", "time.sleep(0.001)\n1")); got != "1" {
		t.Errorf("after the interrupts: got %s", got)
	}
}
