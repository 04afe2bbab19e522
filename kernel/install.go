package kernel

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
)

// KernelName is the name of kael's kernelspec directory.
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

// KernelSpecDir is the directory Install writes to: with user,
// USER_DATA/kernels/kael, where USER_DATA is Jupyter's user data directory
// ($JUPYTER_DATA_DIR, else ~/.local/share/jupyter on Linux); with a prefix,
// PREFIX/share/jupyter/kernels/kael; with neither, the system-wide
// directory (/usr/local/share/jupyter/kernels/kael on Unix).
func KernelSpecDir(user bool, prefix string) (string, error) {
	switch {
	case user && prefix != "":
		return "", errors.New("kernel: choose either a user install or a prefix, not both")
	case prefix != "":
		return filepath.Join(prefix, "share", "jupyter", "kernels", KernelName), nil
	case user:
		dir, err := jupyterDataDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, "kernels", KernelName), nil
	case runtime.GOOS == "windows":
		return filepath.Join(os.Getenv("PROGRAMDATA"), "jupyter", "kernels", KernelName), nil
	default:
		return filepath.Join("/usr", "local", "share", "jupyter", "kernels", KernelName), nil
	}
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

// Install writes kael's kernelspec to KernelSpecDir(user, prefix) and
// returns that directory. executable is the kael binary, made absolute.
func Install(user bool, prefix, executable string) (string, error) {
	dir, err := KernelSpecDir(user, prefix)
	if err != nil {
		return "", err
	}
	return dir, WriteKernelSpec(dir, executable)
}

// WriteKernelSpec writes kernel.json, logo-32x32.png and logo-64x64.png
// into dir for a kernel started as `executable kernel CONNECTION_FILE`.
func WriteKernelSpec(dir, executable string) error {
	exe, err := filepath.Abs(executable)
	if err != nil {
		return fmt.Errorf("kernel: %w", err)
	}
	spec := KernelSpec{
		Argv:          []string{exe, "kernel", "{connection_file}"},
		DisplayName:   "kael",
		Language:      "kael",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false},
	}
	data, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
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
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("kernel: %w", err)
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
