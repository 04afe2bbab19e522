package nn

import (
	"strings"
	"testing"
)

// TestReprDepthBound checks that a chain of containers far deeper than
// PyTorch could print gives a bounded repr quickly, cut at maxReprDepth.
func TestReprDepthBound(t *testing.T) {
	var m Module = NewSequential()
	for range 2_000 {
		m = NewSequential(m)
	}
	s := Repr(m)
	if got := strings.Count(s, "Sequential("); got != maxReprDepth+1 {
		t.Errorf("repr shows %d levels, want %d", got, maxReprDepth+1)
	}
	if !strings.Contains(s, "Sequential(...)") {
		t.Errorf("repr does not mark the cut")
	}
}
