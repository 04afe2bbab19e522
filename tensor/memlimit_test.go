package tensor

import (
	"runtime"
	"strings"
	"testing"
)

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  bool
	}{
		{"4096", 4096, false},
		{"4096B", 4096, false},
		{"2GiB", 2 << 30, false},
		{"2 GiB", 2 << 30, false},
		{"2g", 2 << 30, false},
		{"1.5G", 3 << 29, false},
		{"800MB", 800e6, false},
		{"512M", 512 << 20, false},
		{"64k", 64 << 10, false},
		{"1TB", 1e12, false},
		{"", 0, true},
		{"G", 0, true},
		{"0", 0, true},
		{"-1G", 0, true},
		{"1e9", 0, true},
		{"inf", 0, true},
		{"nan", 0, true},
		{"2 GB extra", 0, true},
		{"3PiB", 0, true},
		{"9999999T", 0, true},
		{"1..5G", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseBytes(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func FuzzParseBytes(f *testing.F) {
	for _, s := range []string{"2GiB", "1.5G", "800MB", "0", "-3k", "1e3", " 7 t "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseBytes(s)
		if err == nil && v < 1 {
			t.Fatalf("ParseBytes(%q) = %d without an error", s, v)
		}
		if err != nil && !strings.Contains(err.Error(), "size") {
			t.Fatalf("ParseBytes(%q): error %q does not name the size", s, err)
		}
	})
}

func TestMemoryLimitFromEnvironment(t *testing.T) {
	defaultLimit, defaultSource := defaultMemoryLimitFrom()
	defer restoreMemoryLimit(MemoryLimit())
	tests := []struct {
		env        string
		want       int64
		wantSource string
		wantErr    bool
	}{
		{"", defaultLimit, defaultSource, false},
		{"300MiB", 300 << 20, "KAEL_MEMORY_LIMIT=300MiB", false},
		{" 1G ", 1 << 30, "KAEL_MEMORY_LIMIT=1G", false},
		// A larger value than the default does not raise it.
		{"1000T", defaultLimit, defaultSource, false},
		// A malformed one is reported and changes nothing.
		{"lots", defaultLimit, defaultSource, true},
	}
	for _, tt := range tests {
		t.Run(tt.env, func(t *testing.T) {
			t.Setenv(MemoryLimitEnv, tt.env)
			initMemoryLimit()
			got, source := MemoryLimit()
			if got != tt.want || source != tt.wantSource {
				t.Errorf("MemoryLimit() = %d, %q; want %d, %q", got, source, tt.want, tt.wantSource)
			}
			if _, _, err := MemoryLimitFromEnv(); (err != nil) != tt.wantErr {
				t.Errorf("MemoryLimitFromEnv error %v, want error %v", err, tt.wantErr)
			}
		})
	}
}

func TestMemoryLimitIsEnforced(t *testing.T) {
	t.Setenv(MemoryLimitEnv, "1MiB")
	defer restoreMemoryLimit(MemoryLimit())
	initMemoryLimit()
	_, err := Zeros(Float32, 1<<20)
	if err == nil || !strings.Contains(err.Error(), "the limit is 1.0 MiB") {
		t.Errorf("a 4 MiB tensor under a 1 MiB limit: %v", err)
	}
}

func restoreMemoryLimit(limit int64, source string) {
	limitSourceMu.Lock()
	defer limitSourceMu.Unlock()
	memoryLimit.Store(limit)
	limitSource = source
}

// TestSmallLimitChecksMediumTensors keeps 6 MiB tensors under a 48 MiB
// limit, as a loop keeping 60 MB tensors does in a 500 MB cgroup: each is
// below the 64 MiB from which a large machine's limit looks at the heap,
// but not below 1/64 of this limit, so the heap in use is checked and the
// loop ends in a MemoryError before the heap passes the limit.
func TestSmallLimitChecksMediumTensors(t *testing.T) {
	limit, source := MemoryLimit()
	defer restoreMemoryLimit(limit, source)
	runtime.GC()
	SetMemoryLimit(int64(heapInUse()) + 48<<20)
	var kept []*Tensor
	for i := range 100 {
		x, err := Zeros(Float32, 6<<20/4)
		if err != nil {
			if KindOf(err) != MemoryError {
				t.Fatalf("tensor %d: %v, want MemoryError", i, err)
			}
			if i < 4 {
				t.Errorf("MemoryError after %d tensors of 6 MiB under a 48 MiB limit", i)
			}
			return
		}
		kept = append(kept, x)
	}
	t.Errorf("kept %d tensors of 6 MiB under a 48 MiB limit", len(kept))
}
