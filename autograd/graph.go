package autograd

import (
	"fmt"
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
// A tensor that does not require grad gives "". A drawing longer than
// maxGraphLines lines (the graph of a long loop, whose indentation grows
// with its depth) is cut there, and a last line says so.
func GraphString(t *tensor.Tensor) string {
	e := edgeTo(t)
	if !e.live() {
		return ""
	}
	w := &treeWriter{seen: map[*Node]bool{}}
	w.write(e, "", "")
	if w.cut {
		fmt.Fprintf(&w.b, "... (cut after %d lines)\n", maxGraphLines)
	}
	return strings.TrimSuffix(w.b.String(), "\n")
}

// maxGraphLines bounds the drawing of GraphString, and so its time, memory
// and recursion depth.
const maxGraphLines = 1000

// treeWriter accumulates GraphString's drawing.
type treeWriter struct {
	b     strings.Builder
	seen  map[*Node]bool
	lines int  // lines written
	cut   bool // a line was left out for maxGraphLines
}

// write writes the line of e after prefix, then e's inputs, each prefixed
// with indent and a branch.
func (w *treeWriter) write(e edge, prefix, indent string) {
	if w.lines == maxGraphLines {
		w.cut = true
		return
	}
	w.lines++
	b := &w.b
	b.WriteString(prefix)
	if e.leaf != nil {
		b.WriteString("AccumulateGrad (" + e.dtype.String() + tensor.FormatShape(e.shape) + ")\n")
		return
	}
	b.WriteString(e.fn.name)
	if w.seen[e.fn] {
		b.WriteString(" (shown above)\n")
		return
	}
	w.seen[e.fn] = true
	b.WriteString("\n")
	var inputs []edge
	for _, in := range e.fn.next {
		if in.live() {
			inputs = append(inputs, in)
		}
	}
	for i, in := range inputs {
		if w.cut {
			return
		}
		branch, next := "├─ ", "│  "
		if i == len(inputs)-1 {
			branch, next = "└─ ", "   "
		}
		w.write(in, indent+branch, indent+next)
	}
}
