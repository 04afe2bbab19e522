package isa

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var (
	xeonSPR = CPU{Vendor: "GenuineIntel", Family: 6, Model: 0x8f, AVX512: true}
	zen3    = CPU{Vendor: "AuthenticAMD", Family: 0x19, Model: 0x01}
	zen4    = CPU{Vendor: "AuthenticAMD", Family: 0x19, Model: 0x11, AVX512: true}
	zen5    = CPU{Vendor: "AuthenticAMD", Family: 0x1a, Model: 0x02, AVX512: true}
	zen2    = CPU{Vendor: "AuthenticAMD", Family: 0x17, Model: 0x31}
	haswell = CPU{Vendor: "GenuineIntel", Family: 6, Model: 0x3f}
)

func TestStreamsAVX2(t *testing.T) {
	cases := []struct {
		name string
		c    CPU
		avx2 bool
	}{
		{"Xeon (Sapphire Rapids)", xeonSPR, false},
		{"Haswell", haswell, false},
		{"Zen 2", zen2, false},
		{"Zen 3 (no AVX-512)", zen3, false},
		{"Zen 4", zen4, true},
		{"Zen 5", zen5, true},
		{"unknown", CPU{}, false},
	}
	for _, c := range cases {
		if got := c.c.StreamsAVX2(); got != c.avx2 {
			t.Errorf("%s: StreamsAVX2() = %v, want %v", c.name, got, c.avx2)
		}
	}
}

func TestHardwarePrefetchesStreams(t *testing.T) {
	cases := []struct {
		name string
		c    CPU
		want bool
	}{
		{"Xeon (Sapphire Rapids)", xeonSPR, false},
		{"Haswell", haswell, false},
		{"Zen 2", zen2, false},
		{"Zen 3 (no AVX-512)", zen3, false},
		{"Zen 4", zen4, true},
		{"Zen 5", zen5, false},
		{"unknown", CPU{}, false},
	}
	for _, c := range cases {
		if got := c.c.HardwarePrefetchesStreams(); got != c.want {
			t.Errorf("%s: HardwarePrefetchesStreams() = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestStreamDefault(t *testing.T) {
	all := []string{"avx512", "avx2", "generic"}
	cases := []struct {
		names []string
		cap   string
		c     CPU
		want  int
	}{
		{all, "", xeonSPR, 0},
		{all, "", zen4, 1},
		{all, "", zen5, 1},
		{all, "avx512", zen4, 0}, // set explicitly: the AVX-512 kernels
		{all, "avx2", xeonSPR, 1},
		{all, "generic", zen4, 2},
		{[]string{"avx2", "generic"}, "", zen3, 0},
		{[]string{"avx512", "generic"}, "", zen4, 0}, // no AVX2 form to prefer
		{[]string{"generic"}, "", zen4, 0},
	}
	for _, c := range cases {
		if got := StreamDefault(c.names, c.cap, c.c); got != c.want {
			t.Errorf("StreamDefault(%v, %q, %+v) = %d, want %d", c.names, c.cap, c.c, got, c.want)
		}
	}
}

// TestDisplayFamily decodes CPUID leaf 1 values of real processors.
func TestDisplayFamily(t *testing.T) {
	cases := []struct {
		eax           uint32
		family, model int
	}{
		{0x00a10f11, 0x19, 0x11}, // EPYC 9004 (Zen 4)
		{0x00a00f11, 0x19, 0x01}, // EPYC 7003 (Zen 3)
		{0x00b00f21, 0x1a, 0x02}, // EPYC 9005 (Zen 5)
		{0x000806f8, 6, 0x8f},    // Xeon Sapphire Rapids
		{0x000306f2, 6, 0x3f},    // Xeon Haswell-EP
		{0x00000f41, 0xf, 0x04},  // Pentium 4
	}
	for _, c := range cases {
		if f, m := displayFamily(c.eax); f != c.family || m != c.model {
			t.Errorf("displayFamily(%#x) = %#x, %#x; want %#x, %#x", c.eax, f, m, c.family, c.model)
		}
	}
}

// TestHost checks the vendor string CPUID gives on amd64.
func TestHost(t *testing.T) {
	h := Host()
	t.Logf("host: %+v, StreamsAVX2 %v", h, h.StreamsAVX2())
	if runtime.GOARCH != "amd64" {
		return
	}
	if len(h.Vendor) != 12 || h.Family < 6 {
		t.Errorf("Host() = %+v: want a 12-byte vendor and a family of 6 or more", h)
	}
	// The kernel's own reading of CPUID, where there is one.
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return
	}
	first, _, _ := strings.Cut(string(b), "\n\n")
	fields := map[string]string{}
	for _, line := range strings.Split(first, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	if v, ok := fields["vendor_id"]; ok && v != h.Vendor {
		t.Errorf("Host().Vendor = %q, /proc/cpuinfo's vendor_id is %q", h.Vendor, v)
	}
	if v, err := strconv.Atoi(fields["cpu family"]); err == nil && v != h.Family {
		t.Errorf("Host().Family = %d, /proc/cpuinfo's cpu family is %d", h.Family, v)
	}
	if v, err := strconv.Atoi(fields["model"]); err == nil && v != h.Model {
		t.Errorf("Host().Model = %d, /proc/cpuinfo's model is %d", h.Model, v)
	}
}
