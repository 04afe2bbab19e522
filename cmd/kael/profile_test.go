package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartProfile checks KAEL_CPUPROFILE: a file it can create holds a
// gzipped profile once stopped, one it cannot is said on standard error
// and the program goes on, and no variable writes nothing.
func TestStartProfile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		value   string
		file    string // the file that should hold a profile, or ""
		message string // what standard error should say, or ""
	}{
		{name: "unset", value: ""},
		{name: "file", value: filepath.Join(dir, "cpu.out"), file: filepath.Join(dir, "cpu.out")},
		{name: "missing folder", value: filepath.Join(dir, "no", "cpu.out"), message: "running without a CPU profile"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(ProfileEnv, tc.value)
			var stderr bytes.Buffer
			stop := startProfile(&stderr)
			stop()
			if tc.message == "" && stderr.Len() != 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
			if tc.message != "" && !strings.Contains(stderr.String(), tc.message) {
				t.Errorf("stderr = %q, want %q", stderr.String(), tc.message)
			}
			if tc.file == "" {
				return
			}
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			// A pprof profile is gzipped protocol buffers.
			if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
				t.Errorf("%s holds %d bytes, not a gzipped profile", tc.file, len(data))
			}
		})
	}
}
