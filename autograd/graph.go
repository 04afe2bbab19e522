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

// GraphNode is one node of the graph behind a tensor, as Graph lists it:
// an operation's backward function, or the AccumulateGrad of a leaf.
type GraphNode struct {
	// Name is the node's name as PyTorch gives it: the grad_fn's
	// ("MulBackward0") or "AccumulateGrad" for a leaf.
	Name string
	// DType and Shape are those of the tensor the node belongs to: the
	// output it was first reached through, or a leaf's own.
	DType tensor.DType
	Shape []int
	// Inputs are the indices, in Graph's list, of the nodes this one
	// passes gradients to (its next_functions that carry a gradient), in
	// the order of the operation's inputs.
	Inputs []int
}

// Graph lists the nodes of the graph behind t, t's own first (its GradFn,
// or the AccumulateGrad of a leaf t), then the others in breadth-first
// order. A node reached along several edges (an output used twice, a leaf
// read by several operations) is listed once, as PyTorch has one node for
// it. Inputs that do not require grad are left out. A graph of more than
// limit nodes is cut after limit, and cut says so; a tensor that does not
// require grad gives no nodes.
func Graph(t *tensor.Tensor, limit int) (nodes []GraphNode, cut bool) {
	root := edgeTo(t)
	if !root.live() || limit < 1 {
		return nil, root.live()
	}
	index := map[any]int{}
	var queue []edge
	// add returns e's node's index, listing it first when it is new; -1
	// when the limit leaves it out.
	add := func(e edge) int {
		key := any(e.fn)
		if e.leaf != nil {
			key = e.leaf
		}
		if i, ok := index[key]; ok {
			return i
		}
		if len(nodes) == limit {
			cut = true
			return -1
		}
		n := GraphNode{Name: "AccumulateGrad", DType: e.dtype, Shape: e.shape}
		if e.fn != nil {
			n.Name = e.fn.name
		}
		index[key] = len(nodes)
		nodes = append(nodes, n)
		queue = append(queue, e)
		return index[key]
	}
	add(root)
	for k := 0; k < len(queue); k++ {
		e := queue[k]
		if e.fn == nil {
			continue
		}
		for _, in := range e.fn.next {
			if !in.live() {
				continue
			}
			if i := add(in); i >= 0 {
				nodes[k].Inputs = append(nodes[k].Inputs, i)
			}
		}
	}
	return nodes, cut
}
