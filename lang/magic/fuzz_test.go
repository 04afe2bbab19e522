package magic

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/lang"
)

// FuzzRun feeds arbitrary cells to a shell: magics with any arguments,
// help requests and code. It must never panic, and a cell that fails
// must leave the variables as they were.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"%timeit -n 1 -r 1 x", "%timeit -n", "%timeit -r 2 -n 3", "%time x = 2", "%%time\nx\n", "%%time a\n",
		"%who", "%whos", "%reset -f", "%reset -x", "%history -n 1-2", "%history 3-", "%history -n -n 0",
		"%load", "%load /nonexistent", "%explain x + 1", "%lsmagic", "%", "%%", "%%%", "x?", "??x", "x.sum??",
		"?", "a.?", "_1", "Out[1]", "In", "%timeit -n 99999999999999999999 x",
	} {
		f.Add(seed)
	}
	defer func(d time.Duration) { timeitTarget = d }(timeitTarget)
	timeitTarget = time.Millisecond
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "%load") { // reads files named by the input
			return
		}
		sh := New(lang.NewSession(lang.IO{}))
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		sh.Run(ctx, 0, "", "x = tensor([1., 2.])\n")
		out := sh.Run(ctx, 0, "", src)
		if out.Err != nil && !IsMagic(src) {
			return // the language's own errors are its fuzz tests' business
		}
		if out.Err != nil {
			if v, ok := sh.Session().Get("x"); !ok || lang.Repr(v) != "tensor([1., 2.])" {
				t.Errorf("%q failed (%v) and changed x to %v", src, out.Err, v)
			}
		}
	})
}

// FuzzTransformMagics rewrites arbitrary cells: it must never panic, keep
// the cell's lines (so errors name the right line), change only the lines
// it rewrites into calls, and leave a cell it reports unchanged as it was.
func FuzzTransformMagics(f *testing.F) {
	for _, c := range transformCells {
		f.Add(c)
	}
	f.Add("%%time\nx\n%who")
	f.Add("'''\n")
	f.Add("x = '\\")
	f.Fuzz(func(t *testing.T, src string) {
		code, ok := TransformMagics(src)
		if !ok {
			if code != src {
				t.Errorf("%q: reported unchanged, but became %q", src, code)
			}
			return
		}
		in, out := strings.Split(src, "\n"), strings.Split(code, "\n")
		if len(in) != len(out) {
			t.Fatalf("%q: %d lines became %d", src, len(in), len(out))
		}
		for i := range in {
			if in[i] != out[i] && !strings.Contains(out[i], magicCallee+"(") {
				t.Errorf("%q: line %d changed into %q, not a call", src, i+1, out[i])
			}
		}
	})
}
