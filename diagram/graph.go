package diagram

import (
	"fmt"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// MaxGraphNodes bounds the nodes a Graph drawing holds (the graph of a
// long loop has thousands); a bigger graph is cut and says so.
const MaxGraphNodes = 200

// maxBends bounds the bends of a Graph's edges, which grow with the square
// of its nodes in the worst case.
const maxBends = 2 * MaxGraphNodes

// Graph is the drawing of the autograd graph behind a tensor, laid out in
// layers: the tensor's grad_fn on top, each node above every node it
// passes gradients to (so that every edge points down, the way the
// gradient flows in backward), AccumulateGrad leaves with their dtype and
// shape.
type Graph struct {
	Nodes []autograd.GraphNode
	// Cut is set when the graph had more than MaxGraphNodes nodes.
	Cut bool
	// layer is each node's layer (row) from the top. layers lists the
	// items of each layer in drawing order: a node's index, or for an
	// edge that crosses a layer, a bend (an index from len(Nodes) on,
	// into bends) where the edge passes it. paths are the edges, each
	// through its bends.
	layer  []int
	layers [][]int
	paths  [][]int
}

// NewGraph lays out the graph behind t; a tensor that does not require
// grad gives a graph of no nodes.
func NewGraph(t *tensor.Tensor) *Graph {
	g := &Graph{}
	g.Nodes, g.Cut = autograd.Graph(t, MaxGraphNodes)
	g.layout()
	return g
}

// layout assigns layers (the longest path from the root, so that every
// edge goes down at least one layer), gives every edge that crosses a
// layer a bend in it (so that no edge runs through a box; up to maxBends
// in all), and orders each
// layer to keep edges short and uncrossed: by the mean position of each
// item's parents in the layer above, ties in the order a breadth-first
// walk met them.
func (g *Graph) layout() {
	n := len(g.Nodes)
	g.layer = make([]int, n)
	// Nodes are listed breadth first, but a node can be reached again by
	// a longer path; relax the layers until they settle (a DAG: at most n
	// rounds).
	for changed, round := true, 0; changed && round <= n; round++ {
		changed = false
		for i, node := range g.Nodes {
			for _, j := range node.Inputs {
				if g.layer[j] < g.layer[i]+1 {
					g.layer[j], changed = g.layer[i]+1, true
				}
			}
		}
	}
	depth := 0
	for _, l := range g.layer {
		depth = max(depth, l+1)
	}
	g.layers = make([][]int, depth)
	for i, l := range g.layer {
		g.layers[l] = append(g.layers[l], i)
	}
	// Bends keep edges off the boxes, but a graph such as a loop's, where
	// every step reads one leaf, would need a number of them that grows
	// with the square of its nodes: past maxBends, edges go straight.
	bends := 0
	for i, node := range g.Nodes {
		for _, j := range node.Inputs {
			bends += g.layer[j] - g.layer[i] - 1
		}
	}
	bend := bends <= maxBends
	items := n
	parents := make([][]int, n) // of every item, by item
	for i, node := range g.Nodes {
		for _, j := range node.Inputs {
			path := []int{i}
			for l := g.layer[i] + 1; bend && l < g.layer[j]; l++ {
				g.layers[l] = append(g.layers[l], items)
				parents = append(parents, []int{path[len(path)-1]})
				path = append(path, items)
				items++
			}
			parents[j] = append(parents[j], path[len(path)-1])
			g.paths = append(g.paths, append(path, j))
		}
	}
	pos := make([]float64, items)
	for _, layer := range g.layers {
		key := make(map[int]float64, len(layer))
		for _, it := range layer {
			sum := 0.0
			for _, p := range parents[it] {
				sum += pos[p]
			}
			if len(parents[it]) > 0 {
				key[it] = sum / float64(len(parents[it]))
			}
		}
		slices.SortStableFunc(layer, func(a, b int) int {
			switch {
			case key[a] < key[b]:
				return -1
			case key[a] > key[b]:
				return 1
			}
			return 0
		})
		for k, it := range layer {
			pos[it] = float64(k) - float64(len(layer)-1)/2 // centred, as drawn
		}
	}
}

// label is a node's text: its name, and for a leaf its dtype and shape.
func (g *Graph) label(i int) []string {
	node := g.Nodes[i]
	if node.Name == "AccumulateGrad" {
		return []string{node.Name, node.DType.String() + tensor.FormatShape(node.Shape)}
	}
	return []string{node.Name}
}

// SVG draws the graph: a box per node (operations blue, leaves green), in
// its layer, with an arrow from each node to the nodes it passes gradients
// to, bent where it crosses a layer.
func (g *Graph) SVG() []byte {
	const pad, boxH, leafH, layerGap, nodeGap, bendW = 16.0, 28.0, 44.0, 40.0, 18.0, 8.0
	n := len(g.Nodes)
	items := n
	for _, layer := range g.layers {
		for _, it := range layer {
			items = max(items, it+1)
		}
	}
	boxW := make([]float64, items)
	height := make([]float64, items)
	for i := range items {
		if i >= n {
			boxW[i] = bendW
			continue
		}
		for _, line := range g.label(i) {
			boxW[i] = max(boxW[i], textWidth(line, fontSize)+20)
		}
		height[i] = boxH
		if len(g.label(i)) > 1 {
			height[i] = leafH
		}
	}
	layerW := make([]float64, len(g.layers))
	layerH := make([]float64, len(g.layers))
	width := 0.0
	for l, layer := range g.layers {
		for k, i := range layer {
			if k > 0 {
				layerW[l] += nodeGap
			}
			layerW[l] += boxW[i]
			layerH[l] = max(layerH[l], height[i])
		}
		width = max(width, layerW[l])
	}
	title := "the autograd graph: gradients flow down, from the output's grad_fn to the leaves"
	if n == 0 {
		title = "no graph: the tensor does not require grad"
	}
	width = max(width+2*pad, textWidth(title, smallFont)+2*pad)
	x := make([]float64, items)   // the centre of each item
	top := make([]float64, items) // the top of each box
	layerTop := make([]float64, len(g.layers))
	y := pad + 24
	for l, layer := range g.layers {
		layerTop[l] = y
		left := (width - layerW[l]) / 2
		for _, i := range layer {
			x[i], top[i] = left+boxW[i]/2, y+(layerH[l]-height[i])/2
			left += boxW[i] + nodeGap
		}
		y += layerH[l] + layerGap
	}
	total := y - layerGap + pad
	if g.Cut {
		total += 20
	}
	if n == 0 {
		total = pad + 24 + pad
	}
	var w svgWriter
	w.begin(width, total, title)
	w.text(pad, pad+10, "start", smallFont, "#555", title)
	for _, path := range g.paths {
		pts := [][2]float64{{x[path[0]], top[path[0]] + height[path[0]]}}
		for k, b := range path[1 : len(path)-1] {
			l := g.layer[path[0]] + 1 + k
			pts = append(pts, [2]float64{x[b], layerTop[l]}, [2]float64{x[b], layerTop[l] + layerH[l]})
		}
		end := path[len(path)-1]
		pts = append(pts, [2]float64{x[end], top[end]})
		w.polyArrow(pts)
	}
	for i := range n {
		fill, stroke := "#dbe9f8", "#5b8fc7"
		if g.Nodes[i].Name == "AccumulateGrad" {
			fill, stroke = "#dcf0d5", "#5a9a4a"
		}
		w.rect(x[i]-boxW[i]/2, top[i], boxW[i], height[i], fill, stroke)
		for k, line := range g.label(i) {
			size, colour := fontSize, "#111"
			if k > 0 {
				size, colour = smallFont, "#444"
			}
			w.text(x[i], top[i]+19+float64(k)*16, "middle", size, colour, line)
		}
	}
	if g.Cut {
		w.text(pad, total-pad, "start", smallFont, "#a33", fmt.Sprintf("(cut after %d nodes)", MaxGraphNodes))
	}
	return w.end()
}
