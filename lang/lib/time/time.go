package time

import (
	"math"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/threading"
)

// The time module: Python's clocks, which training scripts use to time
// their loops, and time.sleep, which an interrupt stops at once.

// clockStart is the origin of kael's monotonic clocks (perf_counter,
// monotonic): as in CPython, only the difference between two readings
// means something.
var clockStart = time.Now()

// monotonicNanos is the time since clockStart on Go's monotonic clock,
// which never goes back when the wall clock is set.
func monotonicNanos() int64 { return int64(time.Since(clockStart)) }

// sleepDuration converts the argument of time.sleep as CPython does: a
// number of seconds, not negative, NaN or too large for its clock.
func sleepDuration(v lang.Value) (time.Duration, error) {
	switch x := v.(type) {
	case bool:
		if x {
			return sleepDuration(int64(1))
		}
		return sleepDuration(int64(0))
	case int64:
		if x < 0 {
			return 0, lang.Errorf(lang.ValueError, "sleep length must be non-negative")
		}
		if x > math.MaxInt64/int64(time.Second) {
			return 0, lang.Errorf(lang.OverflowError, "timestamp too large to convert to C _PyTime_t")
		}
		return time.Duration(x) * time.Second, nil
	case float64:
		switch ns := x * float64(time.Second); {
		case math.IsNaN(x):
			return 0, lang.Errorf(lang.ValueError, "Invalid value NaN (not a number)")
		case ns >= math.MaxInt64 || ns < math.MinInt64:
			// CPython 3.11.2's message (Debian 12's; 3.11.7 says "timestamp
			// out of range for platform time_t")
			return 0, lang.Errorf(lang.OverflowError, "timestamp too large to convert to C _PyTime_t")
		case x < 0:
			return 0, lang.Errorf(lang.ValueError, "sleep length must be non-negative")
		default:
			return time.Duration(ns), nil
		}
	}
	return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
}

// clockFunc is a time function without arguments.
func clockFunc(sig, doc string, read func() lang.Value) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) { return read(), nil })
}

// nanosToSeconds is a reading in nanoseconds as float seconds.
func nanosToSeconds(ns int64) lang.Value { return float64(ns) / 1e9 }

var timeModule = &lang.Module{Name: "time", Attrs: map[string]lang.Value{
	"time": clockFunc("time()", "The wall-clock time in seconds since the Epoch (1970-01-01 UTC), as a float.", func() lang.Value {
		return nanosToSeconds(time.Now().UnixNano())
	}),
	"time_ns": clockFunc("time_ns()", "time.time() as an int of nanoseconds.", func() lang.Value {
		return time.Now().UnixNano()
	}),
	"perf_counter": clockFunc("perf_counter()", "A monotonic clock of the highest resolution, in float seconds, for timing a loop: only the difference of two readings means something.", func() lang.Value {
		return nanosToSeconds(monotonicNanos())
	}),
	"perf_counter_ns": clockFunc("perf_counter_ns()", "time.perf_counter() as an int of nanoseconds.", func() lang.Value {
		return monotonicNanos()
	}),
	"monotonic": clockFunc("monotonic()", "A clock that never goes back, in float seconds (the same clock as perf_counter in kael): only the difference of two readings means something.", func() lang.Value {
		return nanosToSeconds(monotonicNanos())
	}),
	"monotonic_ns": clockFunc("monotonic_ns()", "time.monotonic() as an int of nanoseconds.", func() lang.Value {
		return monotonicNanos()
	}),
	"process_time": lang.NewBuiltin(lang.AsValue, "process_time()", "The CPU time, user and system, of the process (all its threads), in float seconds; sleeping does not count.", func(a *lang.Args) (lang.Value, error) {
		ns, err := processTimeNanos()
		if err != nil {
			return nil, err
		}
		return nanosToSeconds(ns), nil
	}),
	"process_time_ns": lang.NewBuiltin(lang.AsValue, "process_time_ns()", "time.process_time() as an int of nanoseconds.", func(a *lang.Args) (lang.Value, error) {
		ns, err := processTimeNanos()
		if err != nil {
			return nil, err
		}
		return ns, nil
	}),
	"sleep": lang.NewBuiltin(lang.AsValue, "sleep(secs)", "Waits secs seconds (an int or a float); the threads started meanwhile run while it waits. An interrupt (Ctrl-C, the kernel's interrupt) stops the wait at once with KeyboardInterrupt; a negative length is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		d, err := sleepDuration(a.Value("secs"))
		if err != nil {
			return nil, err
		}
		// the threads started run meanwhile (threading.Sleep)
		return lang.None, threading.Sleep(a, d)
	}),
}}

func init() {
	lang.RegisterModule("time", "Python's time module in small: the clocks (time, perf_counter, monotonic, process_time and their _ns forms), sleep, which an interrupt stops, and the calendar (localtime, gmtime, mktime, strftime, asctime, ctime).", func() *lang.Module { return timeModule })
}
