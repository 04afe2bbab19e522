package magic

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

func newShell() *Shell { return New(lang.NewSession(lang.IO{})) }

func run(t *testing.T, sh *Shell, src string) Output {
	t.Helper()
	return sh.Run(context.Background(), 0, "", src)
}

func mustRun(t *testing.T, sh *Shell, src string) Output {
	t.Helper()
	out := run(t, sh, src)
	if out.Err != nil {
		t.Fatalf("%q: %v", src, out.Err)
	}
	return out
}

// The expected strings are what IPython's _format_time gives for the same
// numbers ("%.*g %s" with precision 3, and d/h/min/s from a minute on).
func TestFormatTime(t *testing.T) {
	for _, tc := range []struct {
		seconds float64
		want    string
	}{
		{0, "0 ns"},
		{1.5e-9, "1.5 ns"},
		{2.34567e-7, "235 ns"},
		{1e-6, "1 µs"},
		{3.1e-6, "3.1 µs"},
		{0.0015, "1.5 ms"},
		{0.999, "999 ms"},
		{1.23456, "1.23 s"},
		{59.9, "59.9 s"},
		{65, "1min 5s"},
		{3725.5, "1h 2min 5s"},
		{90061, "1d 1h 1min 1s"},
	} {
		if got := FormatTime(tc.seconds); got != tc.want {
			t.Errorf("FormatTime(%g) = %q, want %q", tc.seconds, got, tc.want)
		}
	}
}

func TestTimeitReport(t *testing.T) {
	for _, tc := range []struct {
		timings []float64
		loops   int
		want    string
	}{
		{[]float64{1e-6, 1e-6}, 1000000, "1 µs ± 0 ns per loop (mean ± std. dev. of 2 runs, 1,000,000 loops each)\n"},
		{[]float64{2e-3, 4e-3}, 1, "3 ms ± 1 ms per loop (mean ± std. dev. of 2 runs, 1 loop each)\n"},
		{[]float64{5e-3}, 10, "5 ms ± 0 ns per loop (mean ± std. dev. of 1 run, 10 loops each)\n"},
		{[]float64{1e-3, 1e-3, 9e-3}, 100, "The slowest run took 9.00 times longer than the fastest. This could mean that an intermediate result is being cached.\n" +
			"3.67 ms ± 3.77 ms per loop (mean ± std. dev. of 3 runs, 100 loops each)\n"},
	} {
		if got := TimeitReport(tc.timings, tc.loops, 3); got != tc.want {
			t.Errorf("TimeitReport(%v, %d) =\n%q, want\n%q", tc.timings, tc.loops, got, tc.want)
		}
	}
}

var timeitLine = regexp.MustCompile(`^(The slowest run took [0-9.]+ times longer than the fastest\. This could mean that an intermediate result is being cached\.\n)?[0-9.]+ (ns|µs|ms|s) ± [0-9.]+ (ns|µs|ms|s) per loop \(mean ± std\. dev\. of (\d+) runs?, ([0-9,]+) loops? each\)\n$`)

func TestTimeit(t *testing.T) {
	defer func(d time.Duration) { timeitTarget = d }(timeitTarget)
	timeitTarget = 20 * time.Millisecond
	sh := newShell()
	mustRun(t, sh, "a = tensor([1., 2.])")
	for _, tc := range []struct{ src, runs, loops string }{
		{"%timeit -n 3 -r 2 a + a", "2", "3"},
		{"%timeit -r 1 -n 1 a.sum()", "1", "1"},
		{"%timeit a * 2", "7", ""}, // the loop count is chosen
	} {
		out := mustRun(t, sh, tc.src)
		m := timeitLine.FindStringSubmatch(out.Text)
		if m == nil {
			t.Fatalf("%s printed %q", tc.src, out.Text)
		}
		if m[4] != tc.runs || tc.loops != "" && m[5] != tc.loops {
			t.Errorf("%s: %s runs of %s loops, want %s of %s", tc.src, m[4], m[5], tc.runs, tc.loops)
		}
		if tc.loops == "" && m[5] == "1" {
			t.Errorf("%s chose 1 loop for a fast expression", tc.src)
		}
	}
	if v, ok := sh.Session().Get("_"); ok {
		t.Errorf("%%timeit set _ to %v", v)
	}
}

func TestTimeCell(t *testing.T) {
	sh := newShell()
	timeLines := regexp.MustCompile(`^CPU times: user [0-9.]+ (ns|µs|ms|s), sys: [0-9.]+ (ns|µs|ms|s), total: [0-9.]+ (ns|µs|ms|s)\nWall time: [0-9.]+ (ns|µs|ms|s)\n$`)
	out := mustRun(t, sh, "%time 6 * 7")
	if !timeLines.MatchString(out.Text) || lang.Repr(out.Value) != "42" {
		t.Errorf("%%time 6 * 7: text %q, value %v", out.Text, out.Value)
	}
	out = mustRun(t, sh, "%%time\ns = 0\nfor i in range(10):\n    s = s + i\ns\n")
	if !timeLines.MatchString(out.Text) || lang.Repr(out.Value) != "45" {
		t.Errorf("%%%%time cell: text %q, value %v", out.Text, out.Value)
	}
	if v, _ := sh.Session().Get("s"); lang.Repr(v) != "45" {
		t.Errorf("%%%%time did not run the cell in the session: s = %v", v)
	}
}

func TestUsageErrors(t *testing.T) {
	sh := newShell()
	mustRun(t, sh, "x = 1")
	for _, tc := range []struct{ src, msg, hint string }{
		{"%tiem x", "Line magic function `%tiem` not found.", "did you mean %time?"},
		{"%timeit", "%timeit needs a statement", "usage: %timeit [-n N] [-r R]"},
		{"%timeit -n 0 x", `%timeit -n takes a positive count, not "0"`, ""},
		{"%timeit -z x", "option -z not recognized", "usage: %timeit"},
		{"%timeit -o x", "%timeit -o is not supported", ""},
		{"%%timeit -r\nx\n", `%timeit -r takes a positive count, not ""`, ""},
		{"%load", "%load needs a file or a range of cells", ""},
		{"%load -q f", "%load takes -r LINES, -y and -n, not -q", ""},
		{"%run -i", "%run takes a file", ""},
		{"%explain", "%explain needs EXPR", "usage: %explain EXPR"},
		{"%reset -q", "%reset takes only -f, not -q", ""},
		{"%history 5-2", "%history takes -n and a cell number or range N-M, not 5-2", ""},
		{"%%tim\nx\n", "Cell magic `%%tim` not found.", ""},
		{"%%time extra\nx\n", `%%time takes no arguments on its line, got "extra"`, ""},
	} {
		out := run(t, sh, tc.src)
		if out.Err == nil || out.Err.Kind != UsageError || !strings.Contains(out.Err.Msg, tc.msg) || !strings.Contains(out.Err.Hint, tc.hint) {
			t.Errorf("%q: got %+v, want UsageError %q hint %q", tc.src, out.Err, tc.msg, tc.hint)
		}
	}
	if v, _ := sh.Session().Get("x"); lang.Repr(v) != "1" {
		t.Errorf("a failing magic changed x to %v", v)
	}
}

func TestHistoryVariables(t *testing.T) {
	sh := newShell()
	for _, src := range []string{"10", "y = 5", "20", "30", "40"} {
		mustRun(t, sh, src)
	}
	for _, tc := range []struct{ expr, want string }{
		{"_", "40"},
		{"__", "30"},
		{"___", "20"},
		{"_1", "10"},
		{"_3", "20"},
		{"Out[4]", "30"},
		{"In[2]", "'y = 5'"},
		{"In[0]", "''"},
		{"len(In)", "6"},
		{"len(Out)", "4"},
	} {
		v, _, err := sh.Session().Eval(context.Background(), tc.expr)
		if err != nil || lang.Repr(v) != tc.want {
			t.Errorf("%s = %v (%v), want %s", tc.expr, lang.Repr(v), err, tc.want)
		}
	}
	// A cell that shares a count (a kernel's silent cell) changes no history.
	sh.Run(context.Background(), 5, "", "99")
	if v, _ := sh.Session().Get("_5"); lang.Repr(v) != "40" {
		t.Errorf("_5 = %v after a second cell with count 5", v)
	}
	// Counts given by a kernel are followed; a gap leaves In empty.
	sh.Run(context.Background(), 8, "", "7 * 6")
	if v, _ := sh.Session().Get("_8"); lang.Repr(v) != "42" {
		t.Errorf("_8 = %v", v)
	}
	if v, _, _ := sh.Session().Eval(context.Background(), "In[7]"); lang.Repr(v) != "''" {
		t.Errorf("In[7] = %v", v)
	}
}

func TestWhoWhosReset(t *testing.T) {
	sh := newShell()
	if out := mustRun(t, sh, "%who"); out.Text != "Interactive namespace is empty.\n" {
		t.Errorf("%%who on an empty session: %q", out.Text)
	}
	mustRun(t, sh, "x = tensor([[1., 2.], [3., 4.]])\nn = 3\n")
	mustRun(t, sh, "n")
	if out := mustRun(t, sh, "%who"); out.Text != "n\tx\n" {
		t.Errorf("%%who: %q", out.Text)
	}
	out := mustRun(t, sh, "%whos")
	want := "Variable   Type     Data/Info\n" +
		"----------------------------------------------\n" +
		"n          int      3\n" +
		"x          Tensor   float32[2, 2] tensor, 16 B\n"
	if out.Text != want {
		t.Errorf("%%whos:\n%s\nwant\n%s", out.Text, want)
	}
	sh.Ask = func(string) (string, error) { return "n", nil }
	if out := mustRun(t, sh, "%reset"); out.Text != "Nothing done.\n" {
		t.Errorf("%%reset answered no: %q", out.Text)
	}
	if _, ok := sh.Session().Get("x"); !ok {
		t.Fatal("%reset answered no removed x")
	}
	mustRun(t, sh, "%reset -f")
	if _, ok := sh.Session().Get("x"); ok {
		t.Error("%reset -f kept x")
	}
	if out := mustRun(t, sh, "%who"); out.Text != "Interactive namespace is empty.\n" {
		t.Errorf("%%who after %%reset -f: %q", out.Text)
	}
	// In keeps its numbering: the cells before the reset are gone.
	if v, _, err := sh.Session().Eval(context.Background(), "(In[2], In[-1])"); err != nil || lang.Repr(v) != "('', '%who')" {
		t.Errorf("(In[2], In[-1]) after reset = %v, %v", lang.Repr(v), err)
	}
}

func TestHistoryLoadExplainLsmagic(t *testing.T) {
	sh := newShell()
	mustRun(t, sh, "a = 1")
	mustRun(t, sh, "def f(x):\n    return x + a\n")
	if out := mustRun(t, sh, "%history -n"); out.Text != "1: a = 1\n2: def f(x):\n       return x + a\n3: %history -n\n" {
		t.Errorf("%%history -n: %q", out.Text)
	}
	if out := mustRun(t, sh, "%history 1"); out.Text != "a = 1\n" {
		t.Errorf("%%history 1: %q", out.Text)
	}
	file := filepath.Join(t.TempDir(), "script.kael")
	if err := os.WriteFile(file, []byte("b = f(41)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// %load puts the file into the next input and runs nothing; %run runs it.
	if out := mustRun(t, sh, "%load "+file); out.NextInput != "# %load "+file+"\nb = f(41)\n" || !out.ReplaceInput {
		t.Errorf("%%load: next input %q, replace %v", out.NextInput, out.ReplaceInput)
	}
	if _, ok := sh.Session().Get("b"); ok {
		t.Error("%load ran the file")
	}
	// Cells of the history: %load 1-2 (IPython looks there first).
	if out := mustRun(t, sh, "%load 1-2"); out.NextInput != "# %load 1-2\na = 1\ndef f(x):\n    return x + a" {
		t.Errorf("%%load 1-2: %q", out.NextInput)
	}
	mustRun(t, sh, "%run "+file)
	if v, _ := sh.Session().Get("b"); lang.Repr(v) != "42" {
		t.Errorf("%%run: b = %v", v)
	}
	for _, m := range []string{"%load", "%run"} {
		if out := run(t, sh, m+" /nonexistent/x.kael"); out.Err == nil || out.Err.Msg != "cannot read /nonexistent/x.kael: no such file or directory" {
			t.Errorf("%s of a missing file: %+v", m, out.Err)
		}
	}
	// A large text is loaded only when the user says so, or with -y.
	big := filepath.Join(t.TempDir(), "big.kael")
	if err := os.WriteFile(big, []byte(strings.Repeat("x = 1\n", 40000)), 0o644); err != nil {
		t.Fatal(err)
	}
	var asked string
	sh.Ask = func(q string) (string, error) { asked = q; return "n", nil }
	if out := mustRun(t, sh, "%load "+big); out.NextInput != "" || out.Text != "Operation cancelled.\n" ||
		asked != "The text you're trying to load seems pretty big (240000 characters). Continue (y/[N]) ?" {
		t.Errorf("%%load of a large file answered no: %+v, asked %q", out, asked)
	}
	if out := mustRun(t, sh, "%load -y "+big); len(out.NextInput) != 240000+len("# %load -y "+big+"\n") {
		t.Errorf("%%load -y of a large file: %d characters", len(out.NextInput))
	}
	if out := mustRun(t, sh, "%explain tensor([1, 2]) + 0.5"); !strings.Contains(out.Text, "float32") {
		t.Errorf("%%explain: %q", out.Text)
	}
	out := mustRun(t, sh, "%lsmagic")
	for _, m := range Magics() {
		if !strings.Contains(out.Text, m.Name) {
			t.Errorf("%%lsmagic lacks %s", m.Name)
		}
	}
}

func TestHelpSyntax(t *testing.T) {
	sh := newShell()
	mustRun(t, sh, "w = tensor([1., 2.], requires_grad=True)\ny = (w * 2).sum()\ny.backward()\n")
	for _, tc := range []struct {
		src  string
		has  []string
		hasn []string
	}{
		{"softmax?", []string{"softmax(input, dim", "\n    "}, []string{"Type:"}},
		{"softmax??", []string{"softmax(input, dim", "Type: builtin_function"}, nil},
		{"?w", []string{"w: float32[2] tensor", "requires_grad: True", "grad:          float32[2] tensor"}, []string{"Value:"}},
		{"w??", []string{"Value:\ntensor([1., 2.]", "Gradient:\ntensor([2., 2.]"}, nil},
		{"y?", []string{"grad_fn:       <SumBackward0>"}, nil},
		{"w.sum?", []string{"Tensor.sum("}, nil},
	} {
		out := mustRun(t, sh, tc.src)
		for _, s := range tc.has {
			if !strings.Contains(out.Page, s) {
				t.Errorf("%s: page %q lacks %q", tc.src, out.Page, s)
			}
		}
		for _, s := range tc.hasn {
			if strings.Contains(out.Page, s) {
				t.Errorf("%s: page %q has %q", tc.src, out.Page, s)
			}
		}
	}
	if out := mustRun(t, sh, "nothing?"); out.Text != "Object `nothing` not found.\n" || out.Page != "" {
		t.Errorf("nothing?: %+v", out)
	}
	// Not help requests: the language sees them (and reports the ?).
	for _, src := range []string{"w ? 1", "x = 1?"} {
		if IsMagic(src) {
			t.Errorf("IsMagic(%q)", src)
		}
	}
	if out := run(t, sh, "w ? 1"); out.Err == nil || out.Err.Kind != lang.SyntaxError {
		t.Errorf("w ? 1: %+v", out.Err)
	}
}

func TestComplete(t *testing.T) {
	for _, tc := range []struct {
		code    string
		matches []string
		start   int
		ok      bool
	}{
		{"%ti", []string{"%time", "%timeit"}, 0, true},
		{"  %%", []string{"%%time", "%%timeit"}, 2, true},
		{"x = 1\n%wh", []string{"%who", "%whos"}, 6, true},
		{"%lsm", []string{"%lsmagic"}, 0, true},
		{"%zz", nil, 0, true},
		{"%time x", nil, 0, false},
		{"x % 2", nil, 0, false},
		{"x", nil, 0, false},
	} {
		m, start, ok := Complete(tc.code, len([]rune(tc.code)))
		if ok != tc.ok || start != tc.start || strings.Join(m, ",") != strings.Join(tc.matches, ",") {
			t.Errorf("Complete(%q) = %v, %d, %v; want %v, %d, %v", tc.code, m, start, ok, tc.matches, tc.start, tc.ok)
		}
	}
}

type cancelOnWrite struct{ cancel context.CancelFunc }

func (w cancelOnWrite) Write(p []byte) (int, error) { w.cancel(); return len(p), nil }

// TestTimeitStatements: %timeit times statements and %%timeit a cell,
// leaving no variable they assign; an error in the timed code is the
// magic's error, and an interrupt stops the loops.
func TestTimeitStatements(t *testing.T) {
	defer func(d time.Duration) { timeitTarget = d }(timeitTarget)
	timeitTarget = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sess := lang.NewSession(lang.IO{Stdout: cancelOnWrite{cancel}})
	sh := New(sess)
	mustRun(t, sh, "a = tensor([1., 2.])")
	for _, tc := range []struct{ src, runs, loops string }{
		{"%timeit -n 3 -r 2 y = a + a", "2", "3"},
		{"%timeit -n2 -r1 y = a * 2; y = y + 1", "1", "2"},
		{"%%timeit -r 2\nb = a * 2\nc = b.sum()\n", "2", ""},
		{"%%timeit -n 5 -r 3 s = a.sum()\nb = s + 1\n", "3", "5"},
	} {
		out := mustRun(t, sh, tc.src)
		m := timeitLine.FindStringSubmatch(out.Text)
		if m == nil {
			t.Fatalf("%q printed %q", tc.src, out.Text)
		}
		if m[4] != tc.runs || tc.loops != "" && m[5] != tc.loops {
			t.Errorf("%q: %s runs of %s loops, want %s of %s", tc.src, m[4], m[5], tc.runs, tc.loops)
		}
	}
	for _, name := range []string{"y", "b", "c", "s"} {
		if v, ok := sess.Get(name); ok {
			t.Errorf("the timed code left %s = %v", name, lang.Repr(v))
		}
	}
	if out := mustRun(t, sh, "%timeit -q -n 1 -r 1 a"); out.Text != "" {
		t.Errorf("%%timeit -q printed %q", out.Text)
	}
	if out := run(t, sh, "%timeit undefined_name + 1"); out.Err == nil || out.Err.Kind != "NameError" || out.Text != "" {
		t.Errorf("%%timeit of a failing statement: %+v", out)
	}
	if out := run(t, sh, "%%timeit\nfor\n"); out.Err == nil || out.Err.Kind != lang.SyntaxError {
		t.Errorf("%%%%timeit of a syntax error: %+v", out.Err)
	}
	// The first print cancels the context: the loops stop.
	done := make(chan Output, 1)
	go func() { done <- sh.Run(ctx, 0, "", "%%timeit -n 1000000000 -r 7\nprint('.', end='')\n") }()
	select {
	case out := <-done:
		if out.Err == nil || out.Err.Kind != lang.KeyboardInterrupt {
			t.Errorf("interrupted %%%%timeit: %+v", out)
		}
	case <-time.After(time.Minute):
		t.Fatal("the cell timeit did not stop when interrupted")
	}
	if v, _ := sess.Get("a"); lang.Repr(v) != "tensor([1., 2.])" {
		t.Errorf("a = %v after the timings", lang.Repr(v))
	}
}

func TestKaelInfo(t *testing.T) {
	defer tensor.SetMemoryLimit(tensor.SetMemoryLimit(300 << 20))
	sh := newShell()
	out := mustRun(t, sh, "%kael_info")
	if !regexp.MustCompile(`^memory limit: 300.0 MiB \(set by the program\)\nmemory in use: [0-9.]+ [KMG]?i?B\n$`).MatchString(out.Text) {
		t.Errorf("%%kael_info printed %q", out.Text)
	}
	tensor.SetMemoryLimit(0)
	if out := mustRun(t, sh, "%kael_info"); !strings.HasPrefix(out.Text, "memory limit: none\n") {
		t.Errorf("without a limit %%kael_info printed %q", out.Text)
	}
	if out := run(t, sh, "%kael_info -v"); out.Err == nil || !strings.Contains(out.Err.Error(), "takes no arguments") {
		t.Errorf("%%kael_info -v: %v", out.Err)
	}
}
