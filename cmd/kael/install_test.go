package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel"
)

// TestKernelInstallOptions runs `kael kernel install` with each option and
// checks the kernelspec it writes, or its refusal.
func TestKernelInstallOptions(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ = filepath.Abs(exe)
	// The test binary sits in go test's private work directory, so others
	// usually cannot run it: shared installs must be refused or copy it.
	privateExe := kernel.CheckExecutableByOthers(exe) != nil
	tests := []struct {
		name     string
		args     []string          // after "kernel install"; PREFIX is replaced
		env      map[string]string // VENV and DATA are replaced
		code     int
		stderr   string // a part of it
		dir      string // the kernelspec directory, under PREFIX, VENV or DATA
		copied   string // the copy kernel.json runs, or "" for exe
		display  string
		specEnv  map[string]string
		needPriv bool // only meaningful when others cannot run the test binary
		open     bool // let others through the temporary directory
	}{
		{name: "user by default", env: map[string]string{"JUPYTER_DATA_DIR": "DATA"},
			dir: "DATA/kernels/kael", display: "kael"},
		{name: "user", args: []string{"--user", "--name", "kael-test", "--display-name", "kael (test)"}, env: map[string]string{"JUPYTER_DATA_DIR": "DATA"},
			dir: "DATA/kernels/kael-test", display: "kael (test)"},
		{name: "prefix", args: []string{"--prefix", "PREFIX"},
			dir: "PREFIX/share/jupyter/kernels/kael", display: "kael"},
		{name: "env and memory limit", args: []string{"--prefix", "PREFIX", "--env", "OMP_NUM_THREADS=1", "--env", "A=b=c", "--memory-limit", "2GiB"},
			dir: "PREFIX/share/jupyter/kernels/kael", display: "kael",
			specEnv: map[string]string{"OMP_NUM_THREADS": "1", "A": "b=c", "KAEL_MEMORY_LIMIT": "2GiB"}},
		{name: "memory limit through --env", args: []string{"--prefix", "PREFIX", "--env", "KAEL_MEMORY_LIMIT=300MB"},
			dir: "PREFIX/share/jupyter/kernels/kael", display: "kael", specEnv: map[string]string{"KAEL_MEMORY_LIMIT": "300MB"}},
		{name: "copy binary", args: []string{"--prefix", "PREFIX", "--copy-binary"},
			dir: "PREFIX/share/jupyter/kernels/kael", copied: "PREFIX/bin/" + filepath.Base(exe), display: "kael"},
		{name: "sys-prefix copies", args: []string{"--sys-prefix", "--copy-binary"}, env: map[string]string{"VIRTUAL_ENV": "VENV"}, open: true,
			dir: "VENV/share/jupyter/kernels/kael", copied: "VENV/bin/" + filepath.Base(exe), display: "kael"},
		{name: "sys-prefix refuses a copy in a private directory", args: []string{"--sys-prefix", "--copy-binary"}, env: map[string]string{"VIRTUAL_ENV": "VENV"},
			code: 1, stderr: "does not let them through; allow them with `chmod o+x /tmp"},
		{name: "sys-prefix refuses a private binary", args: []string{"--sys-prefix"}, env: map[string]string{"VIRTUAL_ENV": "VENV"},
			code: 1, stderr: "kael kernel install: other users cannot run " + exe, needPriv: true},
		{name: "system refuses a private binary", args: []string{"--system"},
			code: 1, stderr: "or install with --copy-binary", needPriv: true},
		{name: "bad memory limit", args: []string{"--prefix", "PREFIX", "--memory-limit", "lots"}, code: 2, stderr: "--memory-limit: size \"lots\""},
		{name: "bad memory limit through --env", args: []string{"--prefix", "PREFIX", "--env", "KAEL_MEMORY_LIMIT=-1"}, code: 2, stderr: "--env KAEL_MEMORY_LIMIT: size"},
		{name: "memory limit twice", args: []string{"--prefix", "PREFIX", "--env", "KAEL_MEMORY_LIMIT=1G", "--memory-limit", "2G"}, code: 2, stderr: "exclude each other"},
		{name: "bad env", args: []string{"--prefix", "PREFIX", "--env", "NOVALUE"}, code: 2, stderr: "want KEY=VALUE"},
		{name: "bad name", args: []string{"--prefix", "PREFIX", "--name", "my kernel"}, code: 1, stderr: "kael kernel install: kernel name \"my kernel\": use only letters"},
		{name: "two scopes", args: []string{"--user", "--system"}, code: 2, stderr: "--user and --system exclude each other"},
		{name: "three scopes", args: []string{"--user", "--sys-prefix", "--prefix", "PREFIX"}, code: 2, stderr: "--user and --sys-prefix and --prefix exclude each other"},
		{name: "stray argument", args: []string{"--user", "extra"}, code: 2, stderr: "unexpected argument \"extra\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.needPriv && !privateExe {
				t.Skip("others can run the test binary here")
			}
			root := t.TempDir()
			if tt.open {
				openToOthers(t, root)
			}
			expand := func(s string) string {
				for _, k := range []string{"PREFIX", "VENV", "DATA"} {
					s = strings.ReplaceAll(s, k, filepath.Join(root, strings.ToLower(k)))
				}
				return s
			}
			t.Setenv("JUPYTER_DATA_DIR", filepath.Join(root, "unused"))
			t.Setenv("VIRTUAL_ENV", "")
			t.Setenv("CONDA_PREFIX", "")
			for k, v := range tt.env {
				t.Setenv(k, expand(v))
			}
			args := []string{"kernel", "install"}
			for _, a := range tt.args {
				args = append(args, expand(a))
			}
			out, errOut, code := runCmd(t, "", args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderr) {
				t.Fatalf("exit %d, stderr %q; want exit %d, stderr with %q", code, errOut, tt.code, tt.stderr)
			}
			if tt.code != 0 {
				if _, err := os.Stat(filepath.Join(root, "venv", "share")); err == nil {
					t.Error("a refused install wrote a kernelspec")
				}
				if entries, _ := os.ReadDir(root); len(entries) != 0 && !strings.Contains(tt.name, "copy") {
					t.Errorf("a refused install wrote %v", entries)
				}
				return
			}
			dir := expand(tt.dir)
			if !strings.Contains(out, "installed the kael kernelspec in "+dir) {
				t.Errorf("stdout %q does not name %s", out, dir)
			}
			data, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
			if err != nil {
				t.Fatal(err)
			}
			var spec kernel.KernelSpec
			if err := json.Unmarshal(data, &spec); err != nil {
				t.Fatal(err)
			}
			runs := exe
			if tt.copied != "" {
				runs = expand(tt.copied)
				if !strings.Contains(out, "copied kael to "+runs) {
					t.Errorf("stdout %q does not name the copy %s", out, runs)
				}
				if a, b := fileSize(t, exe), fileSize(t, runs); a != b {
					t.Errorf("the copy has %d bytes, the binary %d", b, a)
				}
			}
			want := kernel.KernelSpec{
				Argv: []string{runs, "kernel", "{connection_file}"}, DisplayName: tt.display,
				Language: "kael", InterruptMode: "message", Env: tt.specEnv, Metadata: map[string]any{"debugger": false},
			}
			if !reflect.DeepEqual(spec, want) {
				t.Errorf("kernel.json %+v\nwant %+v", spec, want)
			}
		})
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}

// TestKernelRefusesBadMemoryLimit checks that a kernel whose
// KAEL_MEMORY_LIMIT cannot be read says so instead of starting without it.
func TestKernelRefusesBadMemoryLimit(t *testing.T) {
	t.Setenv("KAEL_MEMORY_LIMIT", "2 potatoes")
	_, errOut, code := runCmd(t, "", "kernel", "connection.json")
	if code != 2 || !strings.Contains(errOut, `kael kernel: KAEL_MEMORY_LIMIT=2 potatoes: size "2 potatoes": unknown unit`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// openToOthers lets other users through dir and the directories above it.
func openToOthers(t *testing.T, dir string) {
	t.Helper()
	for d := dir; d != filepath.Dir(d); d = filepath.Dir(d) {
		info, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode()&0o001 == 0 {
			if err := os.Chmod(d, info.Mode().Perm()|0o011); err != nil {
				t.Skipf("cannot open %s to others: %v", d, err)
			}
		}
	}
}

// TestKernelErrorsHaveOnePrefix checks that the command's errors name it
// once ("kael kernel: kernel: ..." was printed before).
func TestKernelErrorsHaveOnePrefix(t *testing.T) {
	_, errOut, code := runCmd(t, "", "kernel", filepath.Join(t.TempDir(), "missing.json"))
	if code != 1 || !strings.HasPrefix(errOut, "kael kernel: ") || strings.Contains(errOut, "kernel: kernel:") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if got := withoutPackagePrefix(kernel.ErrParentExited); got != "parent process exited" {
		t.Errorf("the parent's exit is reported as %q", got)
	}
}
