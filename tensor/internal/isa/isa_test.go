package isa

import "testing"

type impl string

func (i impl) Name() string { return string(i) }

func TestSelector(t *testing.T) {
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
