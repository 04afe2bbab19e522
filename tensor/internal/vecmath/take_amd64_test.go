package vecmath

import (
	"os"
	"strings"
	"testing"
)

// TestCPUVendor checks takeScalarOnAVX512's CPUID against /proc/cpuinfo.
func TestCPUVendor(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "vendor_id" {
			if got, want := isAMD(), strings.TrimSpace(v) == "AuthenticAMD"; got != want {
				t.Fatalf("isAMD() = %v, /proc/cpuinfo's vendor_id is %q", got, strings.TrimSpace(v))
			}
			return
		}
	}
	t.Skip("no vendor_id in /proc/cpuinfo")
}
