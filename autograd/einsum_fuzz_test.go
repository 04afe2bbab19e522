package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// FuzzEinsum parses arbitrary equations over three small operands: Einsum
// must return a result or an error, never panic.
func FuzzEinsum(f *testing.F) {
	for _, seed := range []string{"ij,jk->ik", "bij,bjk->bik", "ii->i", "...ij,jk", "i,j->ij", "ij->", "ijk,k",
		"a...,...b->ab", "ii", "i,i,i->", "->", ",,", "...,...->...", "iij,jk->ki", "ij,jk->ikk", "é,j"} {
		f.Add(seed)
	}
	prev := tensor.SetMemoryLimit(64 << 20)
	defer tensor.SetMemoryLimit(prev)
	ops := []*tensor.Tensor{
		must(tensor.Ones(tensor.Float64, 2, 2)),
		must(tensor.Ones(tensor.Float64, 2, 3, 1)),
		must(tensor.Ones(tensor.Float64, 3)),
	}
	f.Fuzz(func(t *testing.T, eq string) {
		for n := 1; n <= len(ops); n++ {
			out, err := Einsum(eq, ops[:n])
			if err == nil && out == nil {
				t.Fatalf("Einsum(%q) returned neither a result nor an error", eq)
			}
		}
	})
}
