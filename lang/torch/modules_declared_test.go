package torch

import (
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestTorchModulesDeclared checks torchModules, the list that stands for
// torch's modules before torch is defined, against the modules
// registerTorch registers (all named torch, torch.* or _torch_*).
func TestTorchModulesDeclared(t *testing.T) {
	lang.LoadLibraries()
	var got []string
	for _, n := range lang.ModuleNames() {
		if n == "torch" || strings.HasPrefix(n, "torch.") || strings.HasPrefix(n, "_torch_") {
			got = append(got, n)
		}
	}
	if !slices.Equal(got, torchModules) {
		t.Errorf("registerTorch registers the modules\n%q\nbut torchModules (modules_declared.go) lists\n%q", got, torchModules)
	}
}
