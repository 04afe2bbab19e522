package tensor

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCgroupMemoryLimit(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		name   string
		files  map[string]string
		want   int64
		wantOK bool
	}{
		{"v2 container", map[string]string{
			"proc/self/cgroup":          "0::/\n",
			"sys/fs/cgroup/memory.max":  "6442450944\n",
			"sys/fs/cgroup/memory.stat": "anon 0\n",
		}, 6 * gib, true},
		{"v2 unlimited", map[string]string{
			"proc/self/cgroup":         "0::/\n",
			"sys/fs/cgroup/memory.max": "max\n",
		}, 0, false},
		{"v2 limit on a parent", map[string]string{
			"proc/self/cgroup": "0::/user.slice/session.scope\n",
			"sys/fs/cgroup/user.slice/session.scope/memory.max": "max\n",
			"sys/fs/cgroup/user.slice/memory.max":               "2147483648\n",
		}, 2 * gib, true},
		{"v2 path of the host, container mount", map[string]string{
			"proc/self/cgroup":         "0::/docker/abc\n",
			"sys/fs/cgroup/memory.max": "1073741824\n",
		}, gib, true},
		{"v1 limit", map[string]string{
			"proc/self/cgroup": "4:memory:/process_api/x\n3:cpuset:/\n0::/\n",
			"sys/fs/cgroup/memory/process_api/x/memory.limit_in_bytes": "3221225472\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":               "9223372036854771712\n",
		}, 3 * gib, true},
		{"v1 unlimited", map[string]string{
			"proc/self/cgroup":                           "4:memory:/\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
		}, 0, false},
		{"v1 and v2 together: the smaller", map[string]string{
			"proc/self/cgroup": "5:cpu,memory:/a\n0::/a\n",
			"sys/fs/cgroup/memory/a/memory.limit_in_bytes": "4294967296\n",
			"sys/fs/cgroup/unified/a/memory.max":           "3221225472\n",
		}, 3 * gib, true},
		{"no cgroup file", map[string]string{}, 0, false},
		{"garbage", map[string]string{
			"proc/self/cgroup":         "0::/\nnonsense\n",
			"sys/fs/cgroup/memory.max": "lots\n",
		}, 0, false},
	}
	for _, tt := range tests {
		root := t.TempDir()
		for name, content := range tt.files {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, ok := cgroupMemoryLimit(root)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: got %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestDefaultMemoryLimitWithinPhysical(t *testing.T) {
	phys := physicalMemory()
	if phys == 0 {
		t.Skip("physical memory unknown")
	}
	got := defaultMemoryLimit()
	if got <= 0 || got > phys/4*3 {
		t.Errorf("defaultMemoryLimit() = %d, want in (0, %d]", got, phys/4*3)
	}
	if limit, ok := cgroupMemoryLimit("/"); ok && limit < phys && got != limit/4*3 {
		t.Errorf("defaultMemoryLimit() = %d, want three quarters of the cgroup limit %d", got, limit)
	}
}

// TestAddressSpaceLimit runs this test binary again under ulimit -v of 8
// GiB: the tensors' limit must come from the address space left, and a
// tensor past it (or past what is left) must be a MemoryError rather than
// the Go runtime's fatal out of memory, with the process going on.
func TestAddressSpaceLimit(t *testing.T) {
	if os.Getenv("KAEL_TEST_RLIMIT_CHILD") == "1" {
		limit, source := MemoryLimit()
		left, ok := addressSpaceLeft()
		if !ok || !strings.Contains(source, "ulimit -v") {
			t.Fatalf("limit %d from %q, want the address space", limit, source)
		}
		for _, bytes := range []int64{left / 8 * 7, left + 1<<30} {
			if _, err := Zeros(Float32, int(bytes/4)); KindOf(err) != MemoryError {
				t.Fatalf("a tensor of %d bytes with %d of address space left: %v, want MemoryError", bytes, left, err)
			}
		}
		if _, err := Zeros(Float32, 16<<20); err != nil {
			t.Fatalf("a 64 MiB tensor afterwards: %v", err)
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	if _, limited := addressSpaceLeft(); limited {
		t.Skip("already under an address-space limit")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to set ulimit -v")
	}
	const kib = 8 << 20
	cmd := exec.Command("sh", "-c", fmt.Sprintf("ulimit -v %d && exec \"$0\" -test.run='^TestAddressSpaceLimit$' -test.v", kib), os.Args[0])
	cmd.Env = append(os.Environ(), "KAEL_TEST_RLIMIT_CHILD=1", MemoryLimitEnv+"=")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestAddressSpaceLimit") {
		t.Fatalf("the child under ulimit -v %d KiB: %v\n%.2000s", kib, err, out)
	}
}
