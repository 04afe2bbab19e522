package autograd

import (
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// GraphString draws the graph behind t as an indented tree, one node per
// line, t's GradFn first:
//
//	MeanBackward0
//	└─ MulBackward0
//	   ├─ AddBackward0
//	   │  ├─ AccumulateGrad (float32[3])
//	   │  └─ AccumulateGrad (float32[3])
//	   └─ AccumulateGrad (float32[3])
//
// Leaves show as AccumulateGrad with their dtype and shape; inputs that do
// not require grad are left out. A node reached a second time (its output
// was used twice) is shown once in full and then as "NAME (shown above)".
// A tensor that does not require grad gives "".
func GraphString(t *tensor.Tensor) string {
	e := edgeTo(t)
	if !e.live() {
		return ""
	}
	var b strings.Builder
	writeTree(&b, e, "", "", map[*Node]bool{})
	return strings.TrimSuffix(b.String(), "\n")
}

// writeTree writes the line of e after prefix, then e's inputs, each
// prefixed with indent and a branch.
func writeTree(b *strings.Builder, e edge, prefix, indent string, seen map[*Node]bool) {
	b.WriteString(prefix)
	if e.leaf != nil {
		b.WriteString("AccumulateGrad (" + e.dtype.String() + tensor.FormatShape(e.shape) + ")\n")
		return
	}
	b.WriteString(e.fn.name)
	if seen[e.fn] {
		b.WriteString(" (shown above)\n")
		return
	}
	seen[e.fn] = true
	b.WriteString("\n")
	var inputs []edge
	for _, in := range e.fn.next {
		if in.live() {
			inputs = append(inputs, in)
		}
	}
	for i, in := range inputs {
		branch, next := "├─ ", "│  "
		if i == len(inputs)-1 {
			branch, next = "└─ ", "   "
		}
		writeTree(b, in, indent+branch, indent+next, seen)
	}
}
