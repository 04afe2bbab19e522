package programs

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// nanoGPT's train.py configures itself by running a file in its own
// namespace, exec(open('configurator.py').read()): the configurator
// exec's each config file named on the command line (which assigns
// module globals) and sets each --key=value through globals()[key]. The
// files below follow that pattern (they are kael's, not nanoGPT's), and
// TestConfiguratorPattern holds kael to CPython on them.
var configuratorFiles = map[string]string{
	"train.py": `batch_size = 12
learning_rate = 6e-4
compile = True
out_dir = 'out'
n_layer = 12
_private = 'kept'
config_keys = [k for k, v in globals().items() if not k.startswith('_') and isinstance(v, (int, float, bool, str))]
exec(open('configurator.py').read())
config = {k: globals()[k] for k in config_keys}
print(config)
print(batch_size * 2, learning_rate, compile, out_dir, n_layer, _private)
def report():
    return f"{out_dir}:{batch_size}"
print(report())
`,
	"configurator.py": `import sys
from ast import literal_eval
for arg in sys.argv[1:]:
    if '=' not in arg:
        assert not arg.startswith('--')
        print(f"config file {arg}")
        with open(arg) as f:
            exec(f.read())
    else:
        assert arg.startswith('--')
        key, val = arg.split('=')
        key = key[2:]
        if key not in globals():
            raise ValueError(f"Unknown config key: {key}")
        try:
            attempt = literal_eval(val)
        except (SyntaxError, ValueError):
            attempt = val
        assert type(attempt) == type(globals()[key])
        print(f"override {key} = {attempt}")
        globals()[key] = attempt
`,
	"config/small.py": `# a config file: plain assignments to train.py's globals
out_dir = 'out-small'
n_layer = 4
learning_rate = 1e-3 * 2
`,
}

// TestConfiguratorPattern runs train.py under kael and CPython with
// config files and --key=value overrides, and with an unknown key, and
// compares what they print (and the uncaught error's last line).
func TestConfiguratorPattern(t *testing.T) {
	python := reftest.CPython(t)
	dir := t.TempDir()
	for name, src := range configuratorFiles {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = os.Chdir(cwd) }()
	for _, args := range [][]string{
		nil,
		{"config/small.py"},
		{"config/small.py", "--batch_size=32", "--compile=False", "--out_dir=elsewhere"},
		{"--n_layer=2", "--learning_rate=0.5"},
		{"--no_such_key=1"},
	} {
		t.Run(strings.Join(append([]string{"train.py"}, args...), " "), func(t *testing.T) {
			var out bytes.Buffer
			s := lang.NewSession(lang.IO{Stdout: &out})
			s.SetScript(filepath.Join(dir, "train.py"))
			s.SetArgv(append([]string{"train.py"}, args...))
			got := out.String
			gotErr := ""
			if r := s.Exec(context.Background(), "train.py", configuratorFiles["train.py"]); r.Err != nil {
				gotErr = string(r.Err.Kind) + ": " + r.Err.Msg
			}
			cmd := exec.Command(python, append([]string{"train.py"}, args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			wantErr := ""
			if err := cmd.Run(); err != nil {
				lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
				wantErr = lines[len(lines)-1]
			}
			if stdout.Len() == 0 && wantErr == "" {
				t.Fatalf("CPython printed nothing: %s", stderr.String())
			}
			if got() != stdout.String() {
				t.Errorf("kael printed\n%s\nCPython\n%s", got(), stdout.String())
			}
			if gotErr != wantErr {
				t.Errorf("kael's error %q, CPython's %q", gotErr, wantErr)
			}
		})
	}
}
