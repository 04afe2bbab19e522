//go:build unix

package safetensors

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
	"github.com/kael-dev/kael/tensor"
)

// TestLoadedTensorsSurviveFileChanges: tensors loaded from a file keep
// their values when another program truncates or rewrites the file, where
// a mapping of the file would fault (SIGBUS) on the next read.
func TestLoadedTensorsSurviveFileChanges(t *testing.T) {
	want := make([]float32, 1<<16) // 256 KiB: many pages
	for i := range want {
		want[i] = float32(i)
	}
	x, err := tensor.FromSlice(want)
	if err != nil {
		t.Fatal(err)
	}
	changes := []struct {
		name   string
		change func(path string) error
	}{
		{"truncated", func(path string) error { return os.Truncate(path, 0) }},
		{"truncated to the header", func(path string) error { return os.Truncate(path, 100) }},
		{"rewritten", func(path string) error {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteAt(make([]byte, 1<<18), 64)
			return err
		}},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.safetensors")
			if err := Save(path, map[string]*tensor.Tensor{"x": x}, nil); err != nil {
				t.Fatal(err)
			}
			ts, _, err := Load(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.change(path); err != nil {
				t.Fatal(err)
			}
			got, err := tensor.Values[float32](ts["x"])
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("the loaded tensor changed with its file")
			}
		})
	}
}

// TestOpenRefusesFIFO: opening a FIFO fails at once rather than blocking
// until a writer appears, as the script loader refuses it (fileguard).
func TestOpenRefusesFIFO(t *testing.T) {
	path := fileguardtest.FIFO(t)
	fileguardtest.NoHang(t, "safetensors.Open of a FIFO", func() {
		if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Open(FIFO) = %v, want a not-a-regular-file error", err)
		}
	})
}
