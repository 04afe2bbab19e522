package torch

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// loopPrograms are the loop programs of lang/loops_bench_test.go that
// need torch: a user nn.Module whose forward calls its submodules, run on
// one sample, the per-call overhead of issue 34 (cmd/kaelbench's module
// row runs the same program beside PyTorch). N stands for the iteration
// count.
var loopPrograms = []struct{ name, src string }{
	{"Module", "import torch\nfrom torch import nn\nclass MLP(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc1 = nn.Linear(16, 16)\n        self.fc2 = nn.Linear(16, 16)\n        self.fc3 = nn.Linear(16, 16)\n        self.fc4 = nn.Linear(16, 4)\n    def forward(self, x):\n        x = torch.relu(self.fc1(x))\n        x = torch.relu(self.fc2(x))\n        x = torch.relu(self.fc3(x))\n        return self.fc4(x)\ntorch.manual_seed(0)\nm = MLP()\nx = torch.randn(1, 16)\nwith torch.no_grad():\n    for i in range(N):\n        y = m(x)"},
}

// TestLoopProgram runs the loop program named by KAEL_LOOP_PROGRAM with
// KAEL_LOOP_N iterations, once, as lang's TestLoopProgram does, for
// .ci/loop-instructions to count its instructions; it is skipped without
// them, and for the programs of package lang.
func TestLoopProgram(t *testing.T) {
	name, n := os.Getenv("KAEL_LOOP_PROGRAM"), os.Getenv("KAEL_LOOP_N")
	if name == "" || n == "" {
		t.Skip("KAEL_LOOP_PROGRAM and KAEL_LOOP_N are not set")
	}
	for _, p := range loopPrograms {
		if p.name == name {
			s := lang.NewSession(lang.IO{})
			if r := s.Exec(context.Background(), "", strings.ReplaceAll(p.src, "N", n)); r.Err != nil {
				t.Fatal(r.Err.Render())
			}
			return
		}
	}
	t.Skipf("no torch loop program %q", name)
}

// TestLoopProgramsRun runs each program for a few iterations, so that a
// program that stopped working fails here rather than in the benchmarks.
func TestLoopProgramsRun(t *testing.T) {
	for _, p := range loopPrograms {
		s := lang.NewSession(lang.IO{})
		if r := s.Exec(context.Background(), "", strings.ReplaceAll(p.src, "N", "3")+"\ntuple(y.shape)"); r.Err != nil {
			t.Errorf("%s: %s", p.name, r.Err.Render())
		} else if got := lang.Repr(r.Value); got != "(1, 4)" {
			t.Errorf("%s: y.shape = %s, want (1, 4)", p.name, got)
		}
	}
}

func BenchmarkLoop(b *testing.B) {
	for _, p := range loopPrograms {
		b.Run(p.name, func(b *testing.B) {
			src := strings.ReplaceAll(p.src, "N", strconv.Itoa(b.N))
			s := lang.NewSession(lang.IO{})
			b.ReportAllocs()
			b.ResetTimer()
			if r := s.Exec(context.Background(), "", src); r.Err != nil {
				b.Fatal(r.Err.Render())
			}
		})
	}
}
