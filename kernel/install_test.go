package kernel

import (
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

func TestKernelSpecDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("paths below are Linux's")
	}
	t.Setenv("HOME", "/home/u")
	tests := []struct {
		name      string
		env       map[string]string
		user      bool
		prefix    string
		want      string
		wantError bool
	}{
		{"user", nil, true, "", "/home/u/.local/share/jupyter/kernels/kael", false},
		{"user with JUPYTER_DATA_DIR", map[string]string{"JUPYTER_DATA_DIR": "/jd"}, true, "", "/jd/kernels/kael", false},
		{"user with XDG_DATA_HOME", map[string]string{"XDG_DATA_HOME": "/xdg"}, true, "", "/xdg/jupyter/kernels/kael", false},
		{"prefix", nil, false, "/opt/env", "/opt/env/share/jupyter/kernels/kael", false},
		{"system", nil, false, "", "/usr/local/share/jupyter/kernels/kael", false},
		{"both", nil, true, "/opt/env", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("JUPYTER_DATA_DIR", "")
			t.Setenv("XDG_DATA_HOME", "")
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			got, err := KernelSpecDir(tt.user, tt.prefix)
			if (err != nil) != tt.wantError || got != tt.want {
				t.Errorf("KernelSpecDir = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestInstall(t *testing.T) {
	prefix := t.TempDir()
	dir, err := Install(false, prefix, "bin/kael")
	if err != nil {
		t.Fatal(err)
	}
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
	if _, err := Install(false, prefix, "/usr/bin/kael"); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(true, prefix, "kael"); err == nil {
		t.Error("user and prefix together were accepted")
	}
}
