package subprocess_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/subprocess"
)

// subprocessCases are compared with CPython 3.11's outcomes.
var subprocessCases = []string{
	"subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL, sorted(subprocess.__all__)",
	"e = subprocess.CalledProcessError(2, ['ls', 'x'], b'out', b'err')\nrepr(e), str(e), e.returncode, e.cmd, e.output, e.stdout, e.stderr, isinstance(e, subprocess.SubprocessError)",
	"str(subprocess.CalledProcessError(-9, 'ls')), str(subprocess.CalledProcessError(-99, 'ls')), str(subprocess.CalledProcessError(0, 'true'))",
	"e = subprocess.TimeoutExpired('sleep 9', 5)\nstr(e), e.timeout, e.stdout, issubclass(subprocess.TimeoutExpired, subprocess.SubprocessError)",
	"e = subprocess.CalledProcessError(1, 'x')\ne.stdout = 'set'\ne.output",
	"subprocess.CompletedProcess(['a'], 0), subprocess.CompletedProcess('a', 1, b'o', b'e'), subprocess.CompletedProcess('a', 0, stderr='x')",
	"subprocess.CompletedProcess(['a'], 0).check_returncode(),",
	"subprocess.CompletedProcess(['a', 'b'], 3, 'so').check_returncode()",
	"subprocess.list2cmdline(['a b', 'c\"d', 'e\\\\', '', 'x\\\\\\\\\"y', 'tab\\there', 'plain'])",
	"subprocess.list2cmdline([]), subprocess.list2cmdline(['\\\\\\\\server\\\\share', 'a\\\\ b'])",
}

func TestSubprocessMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import subprocess\n", subprocessCases)
}

// The calls that start a program are os's refusal.
func TestSubprocessRefusesToStartPrograms(t *testing.T) {
	var cases []langtest.Case
	for _, call := range []string{"run(['ls'])", "call('ls', shell=True)", "check_call(['ls'])", "check_output(['ls'])", "getoutput('ls')", "getstatusoutput('ls')", "Popen(['ls'], stdout=subprocess.PIPE)"} {
		name := call[:len(call)-len(call[indexParen(call):])]
		cases = append(cases, langtest.Case{Src: "import subprocess\nsubprocess." + call,
			Want: "NotImplementedError: subprocess." + name + ": kael cannot start, wait for or signal other processes"})
	}
	langtest.RunCells(t, cases)
}

func indexParen(s string) int {
	for i, c := range s {
		if c == '(' {
			return i
		}
	}
	return len(s)
}
