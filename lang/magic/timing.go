package magic

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kael-dev/kael/lang"
)

// cpuTimes returns the user and system CPU time the process has used.
func cpuTimes() (user, sys time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}

// timed runs f and reports its times as IPython's %time does.
func timed(f func()) string {
	user0, sys0 := cpuTimes()
	start := time.Now()
	f()
	wall := time.Since(start)
	user1, sys1 := cpuTimes()
	user, sys := user1-user0, sys1-sys0
	return fmt.Sprintf("CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
		FormatTime(user.Seconds()), FormatTime(sys.Seconds()), FormatTime((user + sys).Seconds()), FormatTime(wall.Seconds()))
}

func (sh *Shell) magicTime(ctx context.Context, filename, code string) Output {
	var res lang.Result
	text := timed(func() { res = sh.exec(ctx, filename, code) })
	return Output{Result: res, Text: text}
}

func (sh *Shell) cellTime(ctx context.Context, filename, args, body string) Output {
	if args != "" {
		return usageError("%%%%time takes no arguments on its line, got %q", args)
	}
	return sh.magicTime(ctx, filename, body)
}

// The loop counts of %timeit: it tries 1, 10, 100, ... loops until one
// run takes timeitTarget, then makes timeitRuns runs of that many, as
// IPython does.
const (
	timeitRuns     = 7
	timeitMaxPower = 9
	// timeitCompileNote is the compile time from which %timeit reports it.
	timeitCompileNote = 100 * time.Millisecond
)

// timeitTarget is how long a run of the chosen loop count must take.
var timeitTarget = 200 * time.Millisecond

// timeitOptions are %timeit's options, as IPython reads them.
type timeitOptions struct {
	loops, runs, precision int // loops 0: chosen
	quiet                  bool
}

// magicTimeit is IPython's %timeit STATEMENT: it times a statement (an
// expression, an assignment, several separated by ;) run many times.
func (sh *Shell) magicTimeit(ctx context.Context, filename, args string) Output {
	opts, stmt, fail := parseTimeitArgs(args)
	if fail != nil {
		return *fail
	}
	if strings.TrimSpace(stmt) == "" {
		out := usageError("%%timeit needs a statement")
		out.Err.Hint = "usage: %timeit [-n N] [-r R] [-p P] [-q] STATEMENT, or %%timeit [options] [SETUP] with the statements in the cell"
		return out
	}
	return sh.timeit(ctx, filename, opts, "", stmt)
}

// cellTimeit is IPython's %%timeit: the cell's body is timed, and the
// rest of its first line after the options is setup code, run before each
// run of loops and not timed.
func (sh *Shell) cellTimeit(ctx context.Context, filename, args, body string) Output {
	opts, setup, fail := parseTimeitArgs(args)
	if fail != nil {
		return *fail
	}
	return sh.timeit(ctx, filename, opts, setup, body)
}

func (sh *Shell) timeit(ctx context.Context, filename string, opts timeitOptions, setup, stmt string) Output {
	rep, err := sh.sess.Repeat(filename, lineEnd(setup), lineEnd(stmt))
	if err != nil {
		return Output{Result: lang.Result{Err: err}}
	}
	var failure *lang.Error
	run := func(n int) time.Duration {
		took, err := rep.Run(ctx, n)
		if err != nil && failure == nil {
			failure = err
		}
		return took
	}
	loops := opts.loops
	if loops == 0 {
		for p := range timeitMaxPower + 1 {
			loops = int(math.Pow10(p))
			if run(loops) >= timeitTarget || failure != nil {
				break
			}
		}
	}
	timings := make([]float64, 0, opts.runs)
	for range opts.runs {
		if failure != nil {
			break
		}
		timings = append(timings, run(loops).Seconds()/float64(loops))
	}
	if failure != nil {
		return Output{Result: lang.Result{Err: failure}}
	}
	if opts.quiet {
		return Output{}
	}
	text := TimeitReport(timings, loops, opts.precision)
	if rep.CompileTime > timeitCompileNote {
		text += fmt.Sprintf("Compiler time: %.2f s\n", rep.CompileTime.Seconds())
	}
	return Output{Text: text}
}

// lineEnd ends src with a newline, as a cell's code ends.
func lineEnd(src string) string {
	if src != "" && !strings.HasSuffix(src, "\n") {
		src += "\n"
	}
	return src
}

// parseTimeitArgs reads %timeit's options as IPython's getopt does (-n N
// or -nN, -r, -p, -q; -t and -c choose a clock in IPython and change
// nothing here) up to the first word that is not one; the rest is the
// code.
func parseTimeitArgs(args string) (opts timeitOptions, code string, fail *Output) {
	opts = timeitOptions{runs: timeitRuns, precision: 3}
	rest := strings.TrimSpace(args)
	for strings.HasPrefix(rest, "-") && len(rest) > 1 {
		word, after, _ := strings.Cut(rest, " ")
		flags := word[1:]
		for len(flags) > 0 {
			opt := flags[0]
			flags = flags[1:]
			switch opt {
			case 'q':
				opts.quiet = true
			case 't', 'c':
			case 'n', 'r', 'p':
				num := flags
				if num == "" {
					num, after, _ = strings.Cut(strings.TrimSpace(after), " ")
				}
				flags = ""
				n, err := strconv.Atoi(num)
				if err != nil || n < 1 && opt != 'p' || n < 0 {
					out := usageError("%%timeit -%c takes a positive count, not %q", opt, num)
					return opts, "", &out
				}
				switch opt {
				case 'n':
					opts.loops = n
				case 'r':
					opts.runs = n
				default:
					opts.precision = n
				}
			case 'o':
				out := usageError("%%timeit -o is not supported: kael has no TimeitResult object")
				out.Err.Hint = "the report %timeit prints has the mean, the deviation, the runs and the loops"
				return opts, "", &out
			default:
				out := usageError("option -%c not recognized", opt)
				out.Err.Hint = "usage: %timeit [-n N] [-r R] [-p P] [-q] STATEMENT"
				return opts, "", &out
			}
		}
		rest = strings.TrimSpace(after)
	}
	return opts, rest, nil
}

// TimeitReport is IPython's %timeit line for per-loop timings in seconds:
// "X µs ± Y ns per loop (mean ± std. dev. of 7 runs, N loops each)",
// the times with precision significant digits (IPython's -p, 3 by
// default), with a warning first when the slowest run took over four
// times the fastest.
func TimeitReport(timings []float64, loops, precision int) string {
	mean, best, worst := 0.0, math.Inf(1), 0.0
	for _, t := range timings {
		mean += t
		best, worst = min(best, t), max(worst, t)
	}
	mean /= float64(len(timings))
	variance := 0.0
	for _, t := range timings {
		variance += (t - mean) * (t - mean)
	}
	std := math.Sqrt(variance / float64(len(timings)))
	var b strings.Builder
	if worst > 4*best && best > 0 && worst > 1e-6 {
		fmt.Fprintf(&b, "The slowest run took %0.2f times longer than the fastest. This could mean that an intermediate result is being cached.\n", worst/best)
	}
	fmt.Fprintf(&b, "%s ± %s per loop (mean ± std. dev. of %d run%s, %s loop%s each)\n",
		formatTime(mean, precision), formatTime(std, precision), len(timings), plural(len(timings)), thousands(loops), plural(loops))
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// thousands writes n with commas between groups of three digits, as
// Python's {:,} does.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// FormatTime writes a duration in seconds as IPython's _format_time does:
// three significant digits in s, ms, µs or ns, and from a minute on in
// days, hours, minutes and seconds ("1min 5s").
func FormatTime(seconds float64) string { return formatTime(seconds, 3) }

// formatTime is FormatTime with precision significant digits.
func formatTime(seconds float64, precision int) string {
	if seconds >= 60 {
		var parts []string
		left := seconds
		for _, u := range []struct {
			suffix string
			length float64
		}{{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}} {
			if v := int(left / u.length); v > 0 {
				left = math.Mod(left, u.length)
				parts = append(parts, strconv.Itoa(v)+u.suffix)
			}
			if left < 1 {
				break
			}
		}
		return strings.Join(parts, " ")
	}
	units := []string{"s", "ms", "µs", "ns"}
	order := 3
	if seconds > 0 {
		order = min(-int(math.Floor(math.Floor(math.Log10(seconds))/3)), 3)
	}
	return strconv.FormatFloat(seconds*math.Pow(1000, float64(order)), 'g', precision, 64) + " " + units[order]
}
