package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestScriptInputInterrupt checks that Ctrl-C (a cancelled context)
// interrupts input() waiting for a line that does not come.
func TestScriptInputInterrupt(t *testing.T) {
	stdin, w := io.Pipe() // nothing is ever written
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- runScript(ctx, "<string>", "x = 1\nname = input('who? ')\nx = 2\n", nil, true, stdin, &out, &errOut)
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(errOut.String(), "KeyboardInterrupt") {
			t.Errorf("exit %d, stderr %q; want 1 and a KeyboardInterrupt", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("input() was not interrupted")
	}
}

// TestScriptInputLines checks that input() reads successive lines, the
// last one without a newline, and fails at the end of the input.
func TestScriptInputLines(t *testing.T) {
	var out, errOut bytes.Buffer
	code := runScript(context.Background(), "<string>", "a = input()\nb = input()\nprint(a + '|' + b)\ninput()\n", nil, true,
		strings.NewReader("one\r\ntwo"), &out, &errOut)
	if code != 1 || out.String() != "one|two\n" || !strings.Contains(errOut.String(), "no more input") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestDashCRunsMagics checks that kael -c runs its code as a notebook cell
// does: line and cell magics, x? help, and a magic's errors.
func TestDashCRunsMagics(t *testing.T) {
	script := filepath.Join(t.TempDir(), "s.kael")
	if err := os.WriteFile(script, []byte("v = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		src, out, errOut string
		code             int
	}{
		{"%timeit -n 2 -r 1 1 + 1", " per loop (mean ± std. dev. of 1 run, 2 loops each)\n", "", 0},
		{"%%time\ny = 2\ny * 3", "\n6\n", "", 0},
		{"zeros?", "zeros(*size, dtype=None, requires_grad=False, device=None)\n", "", 0},
		{"%nope", "", "UsageError: Line magic function `%nope` not found.", 1},
		{"%load " + script, "# %load " + script + "\nv = 1\n", "", 0},
		{"tensor([1, 2]) + 0.5", "tensor([1.5000, 2.5000])  float32[2]\n", "note: int64 + float", 0},
	} {
		var out, errOut bytes.Buffer
		code := runScript(context.Background(), "<string>", tt.src, nil, true, strings.NewReader(""), &out, &errOut)
		if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errOut.String(), tt.errOut) {
			t.Errorf("kael -c %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.src, code, out.String(), errOut.String(), tt.code, tt.out, tt.errOut)
		}
	}
}

// TestScriptArgvAndExit runs scripts that read sys.argv, end with
// sys.exit, warn or log, as kael run FILE ARG... and as python3 FILE ARG...,
// and compares their output, error output and exit status.
func TestScriptArgvAndExit(t *testing.T) {
	py := reftest.CPython(t)
	dir := t.TempDir()
	tests := []struct {
		src  string
		args []string
	}{
		{"import sys\nprint(sys.argv[1:], len(sys.argv))", []string{"a", "--flag", "b c"}},
		{"import sys\nprint(sys.argv[1:])", nil},
		{"import sys\nprint('before')\nsys.exit()\nprint('after')", nil},
		{"import sys\nsys.exit(int(sys.argv[1]))", []string{"3"}},
		{"import sys\nsys.exit(300)", nil},
		{"import sys\nsys.exit('a message')", nil},
		{"import sys\nsys.exit(True)", nil},
		{"raise SystemExit(7)", nil},
		{"import warnings\nfor i in range(3):\n    warnings.warn('hi')\nwarnings.warn('x', DeprecationWarning)\nwarnings.warn(RuntimeWarning('y'))", nil},
		{"import logging, sys\nlogging.warning('first %s', 1)\nlogging.info('hidden')\nlog = logging.getLogger('app.sub')\nlog.warning('from %s', 'app')\nprint(logging.getLogger(), log, logging.getLevelName(10), logging.getLevelName(15), logging.getLevelName('INFO'), log.getEffectiveLevel())\nlog.setLevel(logging.DEBUG)\nlog.debug('dbg')\nh = logging.StreamHandler(sys.stdout)\nh.setFormatter(logging.Formatter('%(name)s|%(levelname)s|%(levelno)d|%(message)s|%(filename)s|%(lineno)d'))\nlog.addHandler(h)\nlog.info('hello %d', 5)\nlog.propagate = False\nlog.error('only stdout')\nother = logging.getLogger('x')\nother.warning('last resort')\nprint(h, log.handlers, other.hasHandlers(), log.isEnabledFor(5))", nil},
		{"import logging\nlogging.basicConfig(level=logging.DEBUG, format='%(levelname)-8s %(name)s: %(message)s')\nlogging.debug('d')\nlogging.getLogger('m').info('i %s', [1, 2])\nlogging.basicConfig(level=logging.ERROR)\nlogging.warning('still shown')\nlogging.log(25, 'custom')\nlogging.critical('c')", nil},
		{"import logging, sys\nlogging.basicConfig(stream=sys.stdout, format='%(message)s', level='INFO')\nlogging.info('to stdout')\nlogging.disable(logging.INFO)\nlogging.info('gone')\nlogging.warning('kept')", nil},
		{"import sys\ntry:\n    sys.exit(5)\nexcept SystemExit as e:\n    print('caught', e.code)\nsys.stderr.write('err\\n')\nprint('x', file=sys.stderr)", nil},
		{"import logging\nlog = logging.getLogger('lib')\nh = logging.NullHandler()\nlog.addHandler(h)\nlog.warning('hidden by the null handler')\nprint(h, log.handlers, log.hasHandlers())\nh.setLevel(logging.ERROR)\nprint(h)\nlogging.getLogger('other').warning('shown by the last resort')", nil},
		{"import warnings, io, sys\nprint(repr(warnings.formatwarning('msg', UserWarning, 'f.py', 3)))\nprint(repr(warnings.formatwarning(ValueError('m'), DeprecationWarning, 'f.py', 3, '   x = 1  \\n')))\nprint(repr(warnings.formatwarning('hi', RuntimeWarning, sys.argv[0], 1)))\nbuf = io.StringIO()\nwarnings.showwarning('to buf', UserWarning, 'g.py', 9, file=buf, line='code()')\nprint(repr(buf.getvalue()))\nsys.stderr = sys.stdout\nwarnings.showwarning('to stderr', FutureWarning, 'h.py', 2, line='')", nil},
		// what a program ends with goes to the sys.stderr it set
		{"import sys, io\nsys.stderr = io.StringIO()\nprint('before')\nraise ValueError('hidden')", nil},
		{"import sys\nsys.stderr = sys.stdout\nsys.exit('to stdout')", nil},
		{"import sys, warnings\nsys.stderr = sys.stdout\nwarnings.warn('w1')\nsys.stderr = sys.__stderr__\nwarnings.warn('w2')", nil},
		{"import sys, logging\nsys.stderr = sys.stdout\nlogging.warning('last resort')\nlogging.basicConfig(format='%(levelname)s %(message)s')\nsys.stderr = sys.__stderr__\nlogging.error('bound at basicConfig')\nlogging.getLogger('x').addHandler(logging.StreamHandler())\nlogging.getLogger('x').error('to stderr')", nil},
		{"import sys, io, threading\nsys.stderr = buf = io.StringIO()\ndef f():\n    raise KeyError('in thread')\nt = threading.Thread(target=f, name='t')\nt.start()\nt.join()\nsys.stderr = sys.__stderr__\nprint(buf.getvalue().startswith('Exception in thread t:'), 'in thread' in buf.getvalue())", nil},
		// the program's end waits for its threads that are not daemons,
		// and time.sleep runs the others
		{"import threading, time\ndef worker(n):\n    time.sleep(0.05 * n)\n    print('worker', n, 'done')\nfor i in (3, 1, 2):\n    threading.Thread(target=worker, args=(i,)).start()\nprint('main done', threading.active_count())", nil},
		{"import threading, queue\nq = queue.Queue()\ndef consume():\n    while (item := q.get()) is not None:\n        print('got', item)\n    print('consumer ends')\nthreading.Thread(target=consume).start()\nfor i in range(3):\n    q.put(i)\nq.put(None)", nil},
		{"import threading, time\nout = []\ndef tick(name, n):\n    for i in range(n):\n        out.append((name, i))\n        time.sleep(0.03)\na = threading.Thread(target=tick, args=('a', 3))\na.start()\ntime.sleep(0.2)\nprint(out, a.is_alive())", nil},
		{"import threading, time\ndef forever():\n    while True:\n        time.sleep(0.01)\nthreading.Thread(target=forever, daemon=True).start()\ntime.sleep(0.05)\nprint('daemon left behind', threading.active_count())", nil},
		// inspect.getsource reads the script's own file
		{"import inspect, functools\ndef plain(a, b=1):\n    x = a + b\n    # note\n\n    return x\n# after\n\n@functools.lru_cache\ndef deco(n):\n    return n\nsq = lambda x: (x *\n                x)\nclass Outer:\n    z = 1\n\n    @staticmethod\n    def st():\n        pass\n\n    class Inner:\n        def m(self):\n            return [\n    1]\n\n    def method(self):\n        return 5\nfor o in (plain, deco, sq, Outer, Outer.Inner, Outer().method, Outer.Inner.m, Outer.st):\n    print(inspect.getsourcelines(o))\nprint(inspect.getsource(Outer.Inner))", nil},
		// inspect.stack, getouterframes and getframeinfo read the frames and the script
		{"import inspect, os\ndef who():\n    return inspect.stack()[1].function\ndef inner(n):\n    st = inspect.stack(3)\n    return [(fi.function, fi.lineno, fi.code_context, fi.index, os.path.basename(fi.filename)) for fi in st]\ndef outer_():\n    return inner(2)\nprint(who(), outer_())\ninfo = inspect.getframeinfo(inspect.currentframe())\nprint(info.lineno, info.function, info.code_context, info.index, info[3])\nprint([(x.function, x.lineno) for x in inspect.getouterframes(inspect.currentframe(), 0)], inspect.getouterframes(inspect.currentframe(), 0)[0].code_context)\nprint(inspect.stack(5)[0].code_context, inspect.stack(100)[0].index)\nprint(inspect.stack()[0][1:3] == (inspect.stack()[0].filename, inspect.stack()[0].lineno))\ntry:\n    inspect.getframeinfo(3)\nexcept AttributeError as e:\n    print(type(e).__name__, e)", nil},
		// atexit's functions run at the end, the last registered first,
		// after the threads that are not daemons (threading registers first)
		{"import atexit\natexit.register(print, 'bye')\natexit.register(print, 'last in', 'first out')\nprint('main')", nil},
		{"import atexit, sys\n@atexit.register\ndef f():\n    print('f runs', sys.argv[1:])\nsys.exit('exit message')", []string{"x"}},
		{"import atexit, sys\natexit.register(sys.exit, 4)\natexit.register(print, 'then exit')", nil},
		{"import threading, time, sys, io\ndef late():\n    time.sleep(0.05)\n    print('late thread')\nthreading.Thread(target=late).start()\nsys.stderr = io.StringIO()\nraise RuntimeError('main fails')", nil},
	}
	for i, tt := range tests {
		file := filepath.Join(dir, fmt.Sprintf("s%d.py", i))
		if err := os.WriteFile(file, []byte(tt.src+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runCmd(t, "", append([]string{"run", file}, tt.args...)...)
		cmd := exec.Command(py, append([]string{file}, tt.args...)...)
		var pyOut, pyErr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &pyOut, &pyErr
		pyCode := 0
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatal(err)
			}
			pyCode = ee.ExitCode()
		}
		if stdout != pyOut.String() || stderr != pyErr.String() || code != pyCode {
			t.Errorf("%q %v:\nkael   %q %q %d\npython %q %q %d", tt.src, tt.args, stdout, stderr, code, pyOut.String(), pyErr.String(), pyCode)
		}
	}
}
