package tensor

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestClonePreservingLayout checks the copy's strides against PyTorch
// 1.13's clone() (preserve_format), asked for the same views, and that
// the values are kept.
func TestClonePreservingLayout(t *testing.T) {
	base := func() *Tensor { return mustOp(mustOp(Arange(0, 24, 1, Float32)).View(2, 3, 4)) }
	cases := []struct {
		name, torch string // torch: the same view of b, PyTorch's
		x           *Tensor
	}{
		{"contiguous", "b", base()},
		{"transposed", "b.transpose(0, 2)", mustOp(base().Transpose(0, 2))},
		{"permuted and sliced", "b.permute(1, 2, 0)[:, 1:4]", mustOp(mustOp(base().Permute(1, 2, 0)).Slice(1, 1, 4, 1))},
		{"every other row", "b[:, 0:3:2]", mustOp(base().Slice(1, 0, 3, 2))},
		{"expanded", "b[:, 0:1].expand(2, 3, 4).contiguous()", mustOp(mustOp(mustOp(base().Narrow(1, 0, 1)).Expand(2, 3, 4)).Contiguous())},
		{"broadcast", "b[:, 0:1].expand(2, 3, 4)", mustOp(mustOp(base().Narrow(1, 0, 1)).Expand(2, 3, 4))},
		{"strided", "b.as_strided((2, 2), (1, 4), 3)", mustOp(base().AsStrided([]int{2, 2}, []int{1, 4}, 3))},
	}
	script := "import torch\nb = torch.arange(24.).view(2, 3, 4)\n"
	for _, c := range cases {
		script += "print(*(" + c.torch + ").clone().stride())\n"
	}
	out, err := exec.Command(debianTorch(t), "-c", script).Output()
	if err != nil {
		t.Fatalf("PyTorch: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("PyTorch printed %d lines for %d cases", len(lines), len(cases))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.x.ClonePreservingLayout()
			if err != nil {
				t.Fatal(err)
			}
			if s := strings.Trim(fmt.Sprint(got.Strides()), "[]"); s != lines[i] {
				t.Errorf("strides %s, PyTorch's %s", s, lines[i])
			}
			if got.SharesStorage(c.x) || !slices.Equal(mustOp(got.Float64s()), mustOp(c.x.Float64s())) {
				t.Errorf("the copy is not a copy of the values")
			}
		})
	}
}
