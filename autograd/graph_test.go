package autograd

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// graphText writes Graph's nodes one a line: index, name, dtype and
// shape, and the indices of the inputs.
func graphText(nodes []GraphNode) string {
	var lines []string
	for i, n := range nodes {
		lines = append(lines, fmt.Sprintf("%d %s %s%s -> %v", i, n.Name, n.DType, tensor.FormatShape(n.Shape), n.Inputs))
	}
	return strings.Join(lines, "\n")
}

// TestGraph lists the nodes of graphs: one node per operation and per
// leaf however many edges reach it, breadth first, cut at the limit.
func TestGraph(t *testing.T) {
	w, b := f32(t, 1, 2, 3), f32(t, 0, 0, 0)
	y := must(Exp(w))
	for _, c := range []struct {
		name  string
		t     *tensor.Tensor
		limit int
		want  string
		cut   bool
	}{
		{"chain", must(Mean(must(Mul(must(Add(w, b)), w)), nil, false)), 10,
			"0 MeanBackward0 float32[] -> [1]\n1 MulBackward0 float32[3] -> [2 3]\n2 AddBackward0 float32[3] -> [3 4]\n3 AccumulateGrad float32[3] -> []\n4 AccumulateGrad float32[3] -> []", false},
		{"shared output", must(Add(y, must(Mul(y, values([]float32{2, 2, 2}, 3))))), 10,
			"0 AddBackward0 float32[3] -> [1 2]\n1 ExpBackward0 float32[3] -> [3]\n2 MulBackward0 float32[3] -> [1]\n3 AccumulateGrad float32[3] -> []", false},
		{"cut", must(Mean(must(Mul(must(Add(w, b)), w)), nil, false)), 2,
			"0 MeanBackward0 float32[] -> [1]\n1 MulBackward0 float32[3] -> []", true},
		{"leaf", w, 10, "0 AccumulateGrad float32[3] -> []", false},
		{"constant", values([]float32{1}), 10, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			nodes, cut := Graph(c.t, c.limit)
			if got := graphText(nodes); got != c.want || cut != c.cut {
				t.Errorf("got (cut %v)\n%s\nwant (cut %v)\n%s", cut, got, c.cut, c.want)
			}
		})
	}
}
