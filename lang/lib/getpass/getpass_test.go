package getpass_test

import (
	"context"
	"io"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/getpass"
)

// getuserCases are compared with CPython 3.11's outcomes (both see this
// process's environment); each restores what it changes, as CPython runs
// them in one process.
const getuserPrelude = `import getpass, os
KEYS = ('LOGNAME', 'USER', 'LNAME', 'USERNAME')
def with_env(f, **env):
    old = {k: os.environ.get(k) for k in KEYS}
    for k in KEYS:
        os.environ.pop(k, None)
    os.environ.update(env)
    try:
        return f()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
`

// getuserCases are compared with CPython 3.11's outcomes (both see this
// process's environment); with_env restores what it changes, as CPython
// runs the cases in one process.
var getuserCases = []string{
	"with_env(getpass.getuser, LOGNAME='first', USER='second'), with_env(getpass.getuser, USER='second', USERNAME='fourth'), with_env(getpass.getuser, LOGNAME='', LNAME='third')",
	"sorted(getpass.__all__), issubclass(getpass.GetPassWarning, UserWarning)",
}

func TestGetuserMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, getuserPrelude, getuserCases)
	// Without the variables, CPython asks pwd for the user's name, and
	// kael the system: the same name.
	want := cpython.CellOutcomes(t, getuserPrelude+"import pwd\n", []string{"pwd.getpwuid(os.getuid())[0]"})[0]
	if got := langtest.Run(getuserPrelude + "with_env(getpass.getuser)"); got != want {
		t.Errorf("getuser() without the environment: got %s, want %s", got, want)
	}
}

// TestGetpassAsksForAPassword checks that getpass asks the front end for
// input it does not show, and input() for input it does.
func TestGetpassAsksForAPassword(t *testing.T) {
	type ask struct {
		prompt   string
		password bool
	}
	tests := []struct {
		src  string
		want string
		asks []ask
	}{
		{"import getpass\ngetpass.getpass()", "'typed'", []ask{{"Password: ", true}}},
		{"import getpass\ngetpass.getpass('PIN? ')", "'typed'", []ask{{"PIN? ", true}}},
		{"input('name: ')", "'typed'", []ask{{"name: ", false}}},
		{"import getpass\ngetpass.getpass(3)", "TypeError: getpass(): argument 'prompt' must be str, not int", nil},
	}
	for _, tt := range tests {
		var asks []ask
		s := lang.NewSession(lang.IO{Input: func(prompt string, password bool) (string, error) {
			asks = append(asks, ask{prompt, password})
			return "typed", nil
		}})
		if got := langtest.Outcome(s.Exec(context.Background(), "", tt.src)); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
		if len(asks) != len(tt.asks) || (len(asks) == 1 && asks[0] != tt.asks[0]) {
			t.Errorf("%s: asked %v, want %v", tt.src, asks, tt.asks)
		}
	}
	for _, tt := range []struct {
		io   lang.IO
		want string
	}{
		{lang.IO{}, "RuntimeError: getpass() is not available: this front end cannot read input"},
		{lang.IO{Input: func(string, bool) (string, error) { return "", io.EOF }}, "EOFError: no more input: the input ended before getpass() read a line"},
	} {
		s := lang.NewSession(tt.io)
		if got := langtest.Outcome(s.Exec(context.Background(), "", "import getpass\ngetpass.getpass()")); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
}
