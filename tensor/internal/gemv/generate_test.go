package gemv

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestGeneratedAssemblyIsCurrent checks that gemv_amd64.s is what
// _asm/gen.go writes (run `go generate` after changing the generator).
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	reftest.GeneratedIsCurrent(t, "_asm/gen.go", "gemv_amd64.s")
}
