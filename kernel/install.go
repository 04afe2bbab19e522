package kernel

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// KernelName is the name of kael's kernelspec directory unless
// InstallOptions.Name says otherwise.
const KernelName = "kael"

// KernelSpec is the content of kernel.json.
type KernelSpec struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata"`
}

// Scope says whose Jupyter sees an installed kernelspec.
type Scope int

const (
	// ScopeUser installs into the current user's Jupyter data directory.
	ScopeUser Scope = iota
	// ScopeSystem installs into the system-wide directory every user's
	// Jupyter reads (/usr/local/share/jupyter/kernels on Unix).
	ScopeSystem
	// ScopeSysPrefix installs under the prefix of the Jupyter on PATH (a
	// virtualenv, a conda environment, /usr for Debian's), as
	// jupyter kernelspec install --sys-prefix does.
	ScopeSysPrefix
	// ScopePrefix installs under InstallOptions.Prefix.
	ScopePrefix
)

func (s Scope) String() string {
	switch s {
	case ScopeUser:
		return "--user"
	case ScopeSystem:
		return "--system"
	case ScopeSysPrefix:
		return "--sys-prefix"
	case ScopePrefix:
		return "--prefix"
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// InstallOptions say where and how Install writes a kernelspec.
type InstallOptions struct {
	Scope  Scope
	Prefix string // for ScopePrefix
	// Name is the kernelspec's directory name, which notebooks record
	// (default "kael"): letters, digits, ".", "_" and "-", as Jupyter
	// requires.
	Name string
	// DisplayName is the name front ends show (default "kael").
	DisplayName string
	// Env is set in the kernel's environment (kernel.json's "env").
	Env map[string]string
	// Executable is the kael binary the kernelspec runs; it is made
	// absolute.
	Executable string
	// CopyBinary copies Executable to the scope's bin directory (PREFIX/bin,
	// /usr/local/bin, ~/.local/bin) and makes the kernelspec run the copy,
	// so that it does not depend on where kael was built.
	CopyBinary bool
	// Shared says that other users will start the kernel: Install then
	// checks that they can run the binary. It is implied by ScopeSystem
	// and ScopeSysPrefix.
	Shared bool
}

// Installed is what Install wrote.
type Installed struct {
	Dir        string // the kernelspec directory
	Executable string // the binary kernel.json runs
	Copied     bool   // Executable is a copy Install made
}

var kernelNamePattern = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// KernelSpecDir is the directory Install writes to for a scope and name
// ("" for KernelName): for ScopeUser, USER_DATA/kernels/NAME, where
// USER_DATA is Jupyter's user data directory ($JUPYTER_DATA_DIR, else
// ~/.local/share/jupyter on Linux); for ScopePrefix,
// PREFIX/share/jupyter/kernels/NAME; for ScopeSysPrefix, the same under
// the prefix of the Jupyter on PATH; for ScopeSystem, the system-wide
// directory (/usr/local/share/jupyter/kernels/NAME on Unix).
func KernelSpecDir(scope Scope, prefix, name string) (string, error) {
	if name == "" {
		name = KernelName
	}
	if !kernelNamePattern.MatchString(name) || name == "." || name == ".." {
		return "", fmt.Errorf("kernel: kernel name %q: use only letters, digits, '.', '_' and '-'", name)
	}
	switch {
	case scope == ScopeUser:
		dir, err := jupyterDataDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, "kernels", name), nil
	case scope == ScopeSystem && runtime.GOOS == "windows":
		return filepath.Join(os.Getenv("PROGRAMDATA"), "jupyter", "kernels", name), nil
	}
	base, err := installPrefix(scope, prefix)
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "share", "jupyter", "kernels", name), nil
}

// installPrefix is the prefix whose bin directory --copy-binary copies to,
// and whose share/jupyter holds the kernelspec outside ScopeUser.
func installPrefix(scope Scope, prefix string) (string, error) {
	switch scope {
	case ScopePrefix:
		if prefix == "" {
			return "", errors.New("kernel: --prefix needs a directory")
		}
		return filepath.Abs(prefix)
	case ScopeSysPrefix:
		return sysPrefix()
	case ScopeSystem:
		if runtime.GOOS == "windows" {
			return filepath.Join(os.Getenv("PROGRAMDATA"), "kael"), nil
		}
		return filepath.Join("/usr", "local"), nil
	case ScopeUser:
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("kernel: %w", err)
		}
		return filepath.Join(home, ".local"), nil
	}
	return "", fmt.Errorf("kernel: unknown install scope %v", scope)
}

// sysPrefix finds the prefix of the Jupyter that will read the kernelspec:
// the active virtualenv or conda environment, else the directory above the
// bin directory of the jupyter command on PATH.
func sysPrefix() (string, error) {
	for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if dir := os.Getenv(v); dir != "" {
			return filepath.Abs(dir)
		}
	}
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		return "", errors.New("kernel: --sys-prefix: no jupyter command on PATH (nor VIRTUAL_ENV or CONDA_PREFIX) to take the prefix from; use --prefix DIR or --system")
	}
	jupyter, err = filepath.Abs(jupyter)
	if err != nil {
		return "", fmt.Errorf("kernel: %w", err)
	}
	return filepath.Dir(filepath.Dir(jupyter)), nil
}

// jupyterDataDir follows jupyter_core.paths.jupyter_data_dir.
func jupyterDataDir() (string, error) {
	if dir := os.Getenv("JUPYTER_DATA_DIR"); dir != "" {
		return dir, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("kernel: %w", err)
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if appData := os.Getenv("APPDATA"); appData != "" {
			return filepath.Join(appData, "jupyter"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter"), nil
	}
	if xdg := os.Getenv("XDG_DATA_HOME"); xdg != "" {
		return filepath.Join(xdg, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// Install writes kael's kernelspec as opts say, copying the binary first
// with CopyBinary. An install other users will run (ScopeSystem,
// ScopeSysPrefix or Shared) is refused, before anything is written, when
// they could not execute the binary.
func Install(opts InstallOptions) (Installed, error) {
	dir, err := KernelSpecDir(opts.Scope, opts.Prefix, opts.Name)
	if err != nil {
		return Installed{}, err
	}
	for key := range opts.Env {
		if key == "" || strings.ContainsAny(key, "=\x00") {
			return Installed{}, fmt.Errorf("kernel: environment variable name %q: want KEY=VALUE with a KEY of neither '=' nor NUL", key)
		}
	}
	exe, err := filepath.Abs(opts.Executable)
	if err != nil {
		return Installed{}, fmt.Errorf("kernel: %w", err)
	}
	shared := opts.Shared || opts.Scope == ScopeSystem || opts.Scope == ScopeSysPrefix
	res := Installed{Dir: dir, Executable: exe}
	if opts.CopyBinary {
		prefix, err := installPrefix(opts.Scope, opts.Prefix)
		if err != nil {
			return Installed{}, err
		}
		target := filepath.Join(prefix, "bin", filepath.Base(exe))
		if err := copyBinary(exe, target); err != nil {
			return Installed{}, err
		}
		res.Executable, res.Copied = target, true
	}
	if shared && runtime.GOOS != "windows" {
		orElse := ", or install with --copy-binary to put a copy under the prefix's bin directory"
		if res.Copied {
			orElse = ", or install under another prefix"
		}
		if err := checkExecutableByOthers(res.Executable, orElse); err != nil {
			return Installed{}, err
		}
	}
	spec := KernelSpec{
		Argv:          []string{res.Executable, "kernel", "{connection_file}"},
		DisplayName:   cmp.Or(opts.DisplayName, "kael"),
		Language:      "kael",
		InterruptMode: "message",
		Env:           opts.Env,
		Metadata:      map[string]any{"debugger": false},
	}
	return res, writeKernelSpec(dir, spec, shared)
}

// WriteKernelSpec writes kernel.json, logo-32x32.png and logo-64x64.png
// into dir for a kernel started as `executable kernel CONNECTION_FILE`.
func WriteKernelSpec(dir, executable string) error {
	exe, err := filepath.Abs(executable)
	if err != nil {
		return fmt.Errorf("kernel: %w", err)
	}
	return writeKernelSpec(dir, KernelSpec{
		Argv:          []string{exe, "kernel", "{connection_file}"},
		DisplayName:   "kael",
		Language:      "kael",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false},
	}, false)
}

// writeKernelSpec writes spec and the logos into dir. A shared spec is made
// readable by everyone whatever the umask.
func writeKernelSpec(dir string, spec KernelSpec, shared bool) error {
	data, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	if err := mkdirAll(dir, shared); err != nil {
		return fmt.Errorf("kernel: %w", err)
	}
	files := map[string][]byte{"kernel.json": append(data, '\n')}
	for _, size := range []int{32, 64} {
		var buf bytes.Buffer
		if err := png.Encode(&buf, Logo(size)); err != nil {
			return err
		}
		files[fmt.Sprintf("logo-%dx%d.png", size, size)] = buf.Bytes()
	}
	for name, b := range files {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, b, 0o644); err != nil {
			return fmt.Errorf("kernel: %w", err)
		}
		if shared {
			if err := os.Chmod(file, 0o644); err != nil {
				return fmt.Errorf("kernel: %w", err)
			}
		}
	}
	return nil
}

// mkdirAll makes dir and its missing parents; when shared, those it makes
// (and dir) are opened to everyone whatever the umask.
func mkdirAll(dir string, shared bool) error {
	var made []string
	if shared {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil || d == filepath.Dir(d) {
				break
			}
			made = append(made, d)
		}
		made = append(made, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, d := range made {
		if err := os.Chmod(d, 0o755); err != nil {
			return err
		}
	}
	return nil
}

// copyBinary copies the executable src to dst, mode 0755, through a
// temporary file renamed into place: a kernel running the old copy keeps
// it, and nobody sees a partial binary.
func copyBinary(src, dst string) error {
	if same, err := sameFile(src, dst); err == nil && same {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("kernel: --copy-binary: %w", err)
	}
	defer in.Close()
	if err := mkdirAll(filepath.Dir(dst), true); err != nil {
		return fmt.Errorf("kernel: --copy-binary: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".*")
	if err != nil {
		return fmt.Errorf("kernel: --copy-binary: %w", err)
	}
	_, err = io.Copy(tmp, in)
	err = errors.Join(err, tmp.Chmod(0o755), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("kernel: --copy-binary: %w", err)
	}
	return nil
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}

// closedDirectory returns the first directory from dir up to the root that
// other users cannot pass through (no search bit for others), or ok. A
// directory that cannot be read counts as closed.
func closedDirectory(dir string) (closed string, mode os.FileMode, ok bool) {
	for {
		info, err := os.Stat(dir)
		if err != nil {
			return dir, 0, false
		}
		if info.Mode()&0o001 == 0 {
			return dir, info.Mode().Perm(), false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", 0, true
		}
		dir = parent
	}
}

// OthersCanReach reports whether other users can pass through every
// directory down to path, or to its nearest existing ancestor when path
// does not exist yet: whether a kernelspec installed there is one they
// will see.
func OthersCanReach(path string) bool {
	dir, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for {
		if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	_, _, ok := closedDirectory(dir)
	return ok
}

// CheckExecutableByOthers reports, as a sentence that says what to change,
// why a user other than the binary's owner and group could not run exe:
// the file lacks the execute bit for others, or a directory above it (or
// above the file a symbolic link leads to) lacks the search bit.
func CheckExecutableByOthers(exe string) error {
	return checkExecutableByOthers(exe, ", or install with --copy-binary to put a copy under the prefix's bin directory")
}

// checkExecutableByOthers is CheckExecutableByOthers with the end of its
// advice.
func checkExecutableByOthers(exe, orElse string) error {
	paths := []string{exe}
	if real, err := filepath.EvalSymlinks(exe); err == nil && real != exe {
		paths = append(paths, real)
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("kernel: %w", err)
		}
		if info.Mode()&0o001 == 0 {
			return fmt.Errorf("kernel: other users cannot run %s (mode %v): allow them with `chmod o+x %s`%s",
				p, info.Mode().Perm(), p, orElse)
		}
		if dir, mode, ok := closedDirectory(filepath.Dir(p)); !ok {
			return fmt.Errorf("kernel: other users cannot run %s: the directory %s (mode %v) does not let them through; allow them with `chmod o+x %s`%s",
				p, dir, mode, dir, orElse)
		}
	}
	return nil
}

// Logo draws kael's mark, a white "k" on a rounded indigo square, size
// pixels wide, antialiased by supersampling.
func Logo(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	bg := color.NRGBA{R: 0x3b, G: 0x2f, B: 0x8f, A: 0xff}
	const sub = 4
	s := float64(size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var inBG, inK int
			for sy := 0; sy < sub; sy++ {
				for sx := 0; sx < sub; sx++ {
					u := (float64(x) + (float64(sx)+0.5)/sub) / s
					v := (float64(y) + (float64(sy)+0.5)/sub) / s
					if inRoundedSquare(u, v, 0.2) {
						inBG++
						if inLetterK(u, v) {
							inK++
						}
					}
				}
			}
			if inBG == 0 {
				continue
			}
			t := float64(inK) / float64(inBG)
			img.SetNRGBA(x, y, color.NRGBA{
				R: mix(bg.R, 0xff, t), G: mix(bg.G, 0xff, t), B: mix(bg.B, 0xff, t),
				A: uint8(math.Round(255 * float64(inBG) / sub / sub)),
			})
		}
	}
	return img
}

func mix(a, b uint8, t float64) uint8 {
	return uint8(math.Round(float64(a)*(1-t) + float64(b)*t))
}

// inRoundedSquare reports whether (u, v) in the unit square lies inside it
// once its corners are rounded with radius r.
func inRoundedSquare(u, v, r float64) bool {
	cu := math.Max(r, math.Min(u, 1-r))
	cv := math.Max(r, math.Min(v, 1-r))
	return math.Hypot(u-cu, v-cv) <= r
}

// inLetterK reports whether (u, v) lies on the strokes of the "k".
func inLetterK(u, v float64) bool {
	const w = 0.07 // half stroke width
	return segmentDist(u, v, 0.33, 0.2, 0.33, 0.8) <= w ||
		segmentDist(u, v, 0.36, 0.58, 0.68, 0.3) <= w ||
		segmentDist(u, v, 0.47, 0.5, 0.7, 0.8) <= w
}

func segmentDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(px-ax-t*dx, py-ay-t*dy)
}
