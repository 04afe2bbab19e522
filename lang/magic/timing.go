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
	"github.com/kael-dev/kael/lang/syntax"
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
)

// timeitTarget is how long a run of the chosen loop count must take.
var timeitTarget = 200 * time.Millisecond

func (sh *Shell) magicTimeit(ctx context.Context, _, args string) Output {
	loops, runs, expr, out := parseTimeitArgs(args)
	if out != nil {
		return *out
	}
	if _, err := syntax.ParseExpr(expr); err != nil {
		out := usageError("%%timeit times an expression: %s", strings.TrimSpace(err.Error()))
		out.Err.Hint = "e.g. %timeit a @ b; assign the operands in a cell before"
		return out
	}
	var failure *lang.Error
	run := func(n int) time.Duration {
		start := time.Now()
		for range n {
			if _, _, err := sh.sess.Eval(ctx, expr); err != nil {
				failure = err
				break
			}
		}
		return time.Since(start)
	}
	if loops == 0 {
		for p := range timeitMaxPower + 1 {
			loops = int(math.Pow10(p))
			if run(loops) >= timeitTarget || failure != nil {
				break
			}
		}
	}
	timings := make([]float64, 0, runs)
	for range runs {
		if failure != nil {
			break
		}
		timings = append(timings, run(loops).Seconds()/float64(loops))
	}
	if failure != nil {
		return Output{Result: lang.Result{Err: failure}}
	}
	return Output{Text: TimeitReport(timings, loops)}
}

// parseTimeitArgs reads %timeit's -n and -r options; loops is 0 when it
// is to be chosen.
func parseTimeitArgs(args string) (loops, runs int, expr string, fail *Output) {
	runs = timeitRuns
	rest := strings.TrimSpace(args)
	for strings.HasPrefix(rest, "-n") || strings.HasPrefix(rest, "-r") {
		opt := rest[:2]
		rest = strings.TrimSpace(rest[2:])
		num, after, _ := strings.Cut(rest, " ")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 {
			out := usageError("%%timeit %s takes a positive count, not %q", opt, num)
			return 0, 0, "", &out
		}
		if opt == "-n" {
			loops = n
		} else {
			runs = n
		}
		rest = strings.TrimSpace(after)
	}
	if rest == "" {
		out := usageError("%%timeit needs an expression")
		out.Err.Hint = "usage: %timeit [-n N] [-r R] EXPR"
		return 0, 0, "", &out
	}
	return loops, runs, rest, nil
}

// TimeitReport is IPython's %timeit line for per-loop timings in seconds:
// "X µs ± Y ns per loop (mean ± std. dev. of 7 runs, N loops each)",
// with a warning first when the slowest run took over four times the
// fastest.
func TimeitReport(timings []float64, loops int) string {
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
		FormatTime(mean), FormatTime(std), len(timings), plural(len(timings)), thousands(loops), plural(loops))
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
func FormatTime(seconds float64) string {
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
	return strconv.FormatFloat(seconds*math.Pow(1000, float64(order)), 'g', 3, 64) + " " + units[order]
}
