//go:build unix

package fileguard

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
)

func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "file")
	if err := os.WriteFile(regular, []byte("hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo, zero := fileguardtest.FIFO(t), fileguardtest.DevZeroLink(t)
	tests := []struct {
		name string
		path string
		flag int
		ok   bool
	}{
		{"regular", regular, os.O_RDONLY, true},
		{"regular rw", regular, os.O_RDWR | os.O_APPEND, true},
		{"create", filepath.Join(dir, "new"), os.O_RDWR | os.O_CREATE, true},
		{"fifo read", fifo, os.O_RDONLY, false},
		{"fifo rw", fifo, os.O_RDWR | os.O_APPEND | os.O_CREATE, false},
		{"symlink to /dev/zero", zero, os.O_RDONLY, false},
		{"directory", dir, os.O_RDONLY, false},
		{"missing", filepath.Join(dir, "missing"), os.O_RDONLY, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fileguardtest.NoHang(t, "OpenRegular", func() {
				f, _, err := OpenRegular(tt.path, tt.flag, 0o600)
				if err == nil {
					f.Close()
				}
				if (err == nil) != tt.ok {
					t.Errorf("err = %v, want ok %v", err, tt.ok)
				}
			})
		})
	}
	if _, _, err := OpenRegular(fifo, os.O_RDONLY, 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("FIFO: %v, want ErrNotRegular", err)
	}
}

func TestReadTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	content := "one\ntwo\nthree\n"
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		max       int64
		want      string
		truncated bool
	}{
		{100, content, false},
		{int64(len(content)), content, false},
		{8, "three\n", true}, // "o\nthree\n": the partial line goes
		{4, "", true},        // no whole line fits
	}
	for _, tt := range tests {
		f, info, err := OpenRegular(path, os.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, truncated, err := ReadTail(f, info.Size(), tt.max)
		f.Close()
		if err != nil || string(got) != tt.want || truncated != tt.truncated {
			t.Errorf("max %d: %q %v %v, want %q %v", tt.max, got, truncated, err, tt.want, tt.truncated)
		}
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, data := range []string{"first\n", "second\n"} {
		if err := WriteAtomic(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Errorf("got %q, %v", got, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", info.Mode())
	}
	if err := WriteAtomic(filepath.Join(dir, "missing", "f"), nil, 0o600); err == nil {
		t.Error("wrote below a missing directory")
	}
}

func TestTerminateLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{{"", ""}, {"a\n", "a\n"}, {"a\n{torn", "a\n{torn\n"}} {
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, []byte(tt.in), 0o600); err != nil {
			t.Fatal(err)
		}
		f, info, err := OpenRegular(path, os.O_RDWR|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := TerminateLine(f, info.Size()); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if got, _ := os.ReadFile(path); string(got) != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}
