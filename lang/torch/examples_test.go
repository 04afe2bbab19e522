package torch

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestExamplesMatchTorch runs every example help shows against PyTorch,
// and checks that help shows each (issue 32: ? gave one sentence and no
// example).
func TestExamplesMatchTorch(t *testing.T) {
	var srcs []string
	s := lang.NewSession(lang.IO{})
	if r := s.Exec(context.Background(), "", "import torch\nx = torch.ones(1)"); r.Err != nil {
		t.Fatal(r.Err)
	}
	check := func(prefix string, examples map[string][]string, lookup func(string) (*lang.Builtin, bool)) {
		for name, code := range examples {
			b, ok := lookup(name)
			ins, found := s.Inspect(prefix+name, len(prefix+name), 0)
			if !ok || !found {
				t.Errorf("%s%s has examples but does not exist", prefix, name)
				continue
			}
			help := ins.Text
			for _, c := range code {
				if !slices.Contains(b.Examples(), c) || !strings.Contains(help, "\n    "+c) {
					t.Errorf("the help of %s%s lacks the example %q:\n%s", prefix, name, c, help)
				}
			}
			srcs = append(srcs, code...)
		}
	}
	check("torch.", funcExamples, lang.LookupBuiltin)
	check("x.", methodExamples, lang.TensorMethod)
	slices.Sort(srcs)
	langtest.CheckMatchesTorch(t, "import torch\n", srcs)
}
