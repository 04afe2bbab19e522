package kernel

import (
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestKernelSpecDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("paths below are Linux's")
	}
	t.Setenv("HOME", "/home/u")
	// A jupyter on PATH for --sys-prefix.
	bin := filepath.Join(t.TempDir(), "venv", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "jupyter"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	venv := filepath.Dir(bin)
	tests := []struct {
		name      string
		env       map[string]string
		scope     Scope
		prefix    string
		kernel    string
		want      string
		wantError bool
	}{
		{"user", nil, ScopeUser, "", "", "/home/u/.local/share/jupyter/kernels/kael", false},
		{"user with JUPYTER_DATA_DIR", map[string]string{"JUPYTER_DATA_DIR": "/jd"}, ScopeUser, "", "", "/jd/kernels/kael", false},
		{"user with XDG_DATA_HOME", map[string]string{"XDG_DATA_HOME": "/xdg"}, ScopeUser, "", "", "/xdg/jupyter/kernels/kael", false},
		{"user named", nil, ScopeUser, "", "kael-0.1", "/home/u/.local/share/jupyter/kernels/kael-0.1", false},
		{"prefix", nil, ScopePrefix, "/opt/env", "", "/opt/env/share/jupyter/kernels/kael", false},
		{"prefix named", nil, ScopePrefix, "/opt/env", "course_2GB", "/opt/env/share/jupyter/kernels/course_2GB", false},
		{"prefix empty", nil, ScopePrefix, "", "", "", true},
		{"system", nil, ScopeSystem, "", "", "/usr/local/share/jupyter/kernels/kael", false},
		{"sys-prefix from PATH", map[string]string{"PATH": bin}, ScopeSysPrefix, "", "", venv + "/share/jupyter/kernels/kael", false},
		{"sys-prefix from VIRTUAL_ENV", map[string]string{"VIRTUAL_ENV": "/venv"}, ScopeSysPrefix, "", "", "/venv/share/jupyter/kernels/kael", false},
		{"sys-prefix from CONDA_PREFIX", map[string]string{"CONDA_PREFIX": "/conda"}, ScopeSysPrefix, "", "", "/conda/share/jupyter/kernels/kael", false},
		{"sys-prefix without jupyter", map[string]string{"PATH": "/nonexistent"}, ScopeSysPrefix, "", "", "", true},
		{"name with a slash", nil, ScopeUser, "", "../evil", "", true},
		{"name with a space", nil, ScopeUser, "", "my kernel", "", true},
		{"name dot-dot", nil, ScopeUser, "", "..", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"JUPYTER_DATA_DIR", "XDG_DATA_HOME", "VIRTUAL_ENV", "CONDA_PREFIX"} {
				t.Setenv(k, "")
			}
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			got, err := KernelSpecDir(tt.scope, tt.prefix, tt.kernel)
			if (err != nil) != tt.wantError || got != tt.want {
				t.Errorf("KernelSpecDir = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestInstall(t *testing.T) {
	prefix := t.TempDir()
	res, err := Install(InstallOptions{Scope: ScopePrefix, Prefix: prefix, Executable: "bin/kael"})
	if err != nil {
		t.Fatal(err)
	}
	dir := res.Dir
	if dir != filepath.Join(prefix, "share", "jupyter", "kernels", "kael") {
		t.Errorf("dir %s", dir)
	}
	data, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	exe, _ := filepath.Abs("bin/kael")
	want := map[string]any{
		"argv":           []any{exe, "kernel", "{connection_file}"},
		"display_name":   "kael",
		"language":       "kael",
		"interrupt_mode": "message",
		"metadata":       map[string]any{"debugger": false},
	}
	if !reflect.DeepEqual(spec, want) {
		t.Errorf("kernel.json %v, want %v", spec, want)
	}
	for _, size := range []int{32, 64} {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("logo-%dx%d.png", size, size)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("logo %d is %v", size, b)
		}
		// Transparent corner, opaque background, white stroke of the "k".
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("logo %d: corner alpha %d", size, a)
		}
		if r, _, _, a := img.At(size/10, size/2).RGBA(); a != 0xffff || r > 0x8000 {
			t.Errorf("logo %d: background %v", size, img.At(size/10, size/2))
		}
		if r, g, b, _ := img.At(size/3, size/2).RGBA(); r < 0xf000 || g < 0xf000 || b < 0xf000 {
			t.Errorf("logo %d: stroke %v", size, img.At(size/3, size/2))
		}
	}
	// Installing again overwrites.
	if _, err := Install(InstallOptions{Scope: ScopePrefix, Prefix: prefix, Executable: "/usr/bin/kael"}); err != nil {
		t.Fatal(err)
	}
}

// readSpec reads the kernel.json under dir.
func readSpec(t *testing.T, dir string) KernelSpec {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec KernelSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	return spec
}

// openTree makes a temporary directory that every user can pass through,
// with the directories above it, as a shared install needs.
func openTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
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
	return dir
}

func TestInstallOptions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits are Unix's")
	}
	root := openTree(t)
	// A binary others can run, and one in a private directory.
	public := filepath.Join(root, "public", "kael")
	private := filepath.Join(root, "private", "kael")
	for _, p := range []string{public, private} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\necho kael\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o755); err != nil { // whatever the umask
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Dir(private), 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		opts        InstallOptions
		wantDir     string // under the prefix
		wantExe     string // "" for the copy under the prefix
		wantDisplay string
		wantEnv     map[string]string
		wantErr     string
	}{
		{name: "defaults", opts: InstallOptions{Executable: public},
			wantDir: "share/jupyter/kernels/kael", wantExe: public, wantDisplay: "kael"},
		{name: "name and display name", opts: InstallOptions{Executable: public, Name: "kael-2g", DisplayName: "kael (2 GiB)"},
			wantDir: "share/jupyter/kernels/kael-2g", wantExe: public, wantDisplay: "kael (2 GiB)"},
		{name: "env", opts: InstallOptions{Executable: public, Env: map[string]string{"KAEL_MEMORY_LIMIT": "2GiB", "OMP_NUM_THREADS": "1"}},
			wantDir: "share/jupyter/kernels/kael", wantExe: public, wantDisplay: "kael",
			wantEnv: map[string]string{"KAEL_MEMORY_LIMIT": "2GiB", "OMP_NUM_THREADS": "1"}},
		{name: "bad env name", opts: InstallOptions{Executable: public, Env: map[string]string{"A=B": "1"}},
			wantErr: "environment variable name"},
		{name: "bad name", opts: InstallOptions{Executable: public, Name: "a/b"},
			wantErr: "use only letters"},
		{name: "shared, public binary", opts: InstallOptions{Executable: public, Shared: true},
			wantDir: "share/jupyter/kernels/kael", wantExe: public, wantDisplay: "kael"},
		{name: "shared, private binary", opts: InstallOptions{Executable: private, Shared: true},
			wantErr: "the directory " + filepath.Dir(private) + " (mode -rwx------) does not let them through; allow them with `chmod o+x " + filepath.Dir(private) + "`, or install with --copy-binary"},
		{name: "private binary, not shared", opts: InstallOptions{Executable: private},
			wantDir: "share/jupyter/kernels/kael", wantExe: private, wantDisplay: "kael"},
		{name: "shared, private binary copied", opts: InstallOptions{Executable: private, Shared: true, CopyBinary: true},
			wantDir: "share/jupyter/kernels/kael", wantDisplay: "kael"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := filepath.Join(root, fmt.Sprint("prefix", i))
			tt.opts.Scope, tt.opts.Prefix = ScopePrefix, prefix
			res, err := Install(tt.opts)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				if _, serr := os.Stat(prefix); !os.IsNotExist(serr) {
					t.Errorf("a refused install wrote %s", prefix)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(prefix, tt.wantDir); res.Dir != want {
				t.Errorf("dir %s, want %s", res.Dir, want)
			}
			wantExe := tt.wantExe
			if wantExe == "" {
				wantExe = filepath.Join(prefix, "bin", "kael")
				if !res.Copied {
					t.Error("Copied is false")
				}
				got, err := os.ReadFile(wantExe)
				if err != nil || string(got) != "#!/bin/sh\necho kael\n" {
					t.Errorf("the copy holds %q, %v", got, err)
				}
				if info, err := os.Stat(wantExe); err != nil || info.Mode().Perm() != 0o755 {
					t.Errorf("the copy's mode: %v, %v", info.Mode(), err)
				}
			}
			spec := readSpec(t, res.Dir)
			want := KernelSpec{
				Argv: []string{wantExe, "kernel", "{connection_file}"}, DisplayName: tt.wantDisplay,
				Language: "kael", InterruptMode: "message", Env: tt.wantEnv, Metadata: map[string]any{"debugger": false},
			}
			if !reflect.DeepEqual(spec, want) || res.Executable != wantExe {
				t.Errorf("kernel.json %+v, executable %s; want %+v", spec, res.Executable, want)
			}
			if tt.opts.Shared {
				for p, bits := range map[string]os.FileMode{res.Dir: 0o005, filepath.Join(prefix, "share"): 0o005, filepath.Join(res.Dir, "kernel.json"): 0o004} {
					if info, err := os.Stat(p); err != nil || info.Mode().Perm()&bits != bits {
						t.Errorf("%s is not open to others: %v", p, info.Mode())
					}
				}
			}
		})
	}
}

func TestCheckExecutableByOthers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits are Unix's")
	}
	root := openTree(t)
	dir := filepath.Join(root, "d")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "kael")
	if err := os.WriteFile(exe, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	hidden := filepath.Join(root, "hidden")
	if err := os.Mkdir(hidden, 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(hidden, "kael")
	if err := os.WriteFile(target, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		setup   func() error
		exe     string
		wantErr string
	}{
		{"runnable", nil, exe, ""},
		{"file not executable by others", func() error { return os.Chmod(exe, 0o750) }, exe, "other users cannot run " + exe + " (mode -rwxr-x---): allow them with `chmod o+x " + exe + "`"},
		{"directory not searchable", func() error { return os.Chmod(dir, 0o750) }, exe, "the directory " + dir + " (mode -rwxr-x---)"},
		{"link into a private directory", nil, link, "the directory " + hidden + " (mode -rwx------)"},
		{"missing", nil, filepath.Join(dir, "nothing"), "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.Chmod(exe, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.setup != nil {
				if err := tt.setup(); err != nil {
					t.Fatal(err)
				}
			}
			err := CheckExecutableByOthers(tt.exe)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("error %v, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestOthersCanReach(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits are Unix's")
	}
	root := openTree(t)
	private := filepath.Join(root, "private")
	if err := os.Mkdir(private, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(private, 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want bool
	}{
		{root, true},
		{filepath.Join(root, "not", "yet", "made"), true},
		{private, false},
		{filepath.Join(private, "not", "yet"), false},
	}
	for _, tt := range tests {
		if got := OthersCanReach(tt.path); got != tt.want {
			t.Errorf("OthersCanReach(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
