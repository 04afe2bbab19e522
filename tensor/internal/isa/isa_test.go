package isa

import "testing"

type impl string

func (i impl) Name() string { return string(i) }

func TestSelector(t *testing.T) {
	t.Setenv(EnvVar, "") // make test also runs with KAEL_ISA set
	s := NewSelector("demo", impl("avx512"), impl("generic"))
	if s.Current() != "avx512" {
		t.Errorf("default %q, want the first", s.Current())
	}
	if err := s.Set("generic"); err != nil || s.Current() != "generic" {
		t.Errorf("Set(generic): %v, current %q", err, s.Current())
	}
	err := s.Set("neon")
	if err == nil || err.Error() != `demo: implementation "neon" not available (have avx512, generic)` {
		t.Errorf("Set(neon) = %v", err)
	}
	if s.Current() != "generic" {
		t.Errorf("a failed Set changed the implementation to %q", s.Current())
	}
}

func TestCapped(t *testing.T) {
	all := []string{"avx512", "avx2", "generic"}
	noAVX512 := []string{"avx2", "generic"}
	cases := []struct {
		names []string
		cap   string
		want  int
	}{
		{all, "", 0},
		{all, "avx512", 0},
		{all, "avx2", 1},
		{all, " AVX2 ", 1},
		{all, "generic", 2},
		{noAVX512, "avx512", 0},
		{noAVX512, "avx2", 0},
		{noAVX512, "generic", 1},
		{[]string{"generic"}, "avx2", 0},
		{all, "neon", 0}, // unknown: warned about and ignored
	}
	for _, c := range cases {
		if got := Capped(c.names, c.cap); got != c.want {
			t.Errorf("Capped(%v, %q) = %d, want %d", c.names, c.cap, got, c.want)
		}
	}
}

func TestSelectorHonoursTheCap(t *testing.T) {
	t.Setenv(EnvVar, "avx2")
	s := NewSelector("demo", impl("avx512"), impl("avx2"), impl("generic"))
	if s.Current() != "avx2" {
		t.Errorf("%s=avx2 selected %q", EnvVar, s.Current())
	}
	t.Setenv(EnvVar, "generic")
	if s := NewSelector("demo", impl("avx2"), impl("generic")); s.Current() != "generic" {
		t.Errorf("%s=generic selected %q", EnvVar, s.Current())
	}
}
