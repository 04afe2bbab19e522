package diagram

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

var update = flag.Bool("update", false, "rewrite the golden SVGs under testdata/")

// checkSVG fails unless data is well-formed XML whose root is an svg
// element, and compares it with testdata/name.svg (-update rewrites it).
func checkSVG(t *testing.T, name string, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", name, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("%s: the root element is %q, not svg", name, root)
	}
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./diagram -update writes it)", err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s differs from %s (go test ./diagram -update rewrites it)", name, path)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func ints(t *testing.T, vals []int64, shape ...int) *tensor.Tensor {
	t.Helper()
	x, err := tensor.FromSlice(vals, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestStorage draws views of one storage as text and as SVG; the text is
// exact, the SVG well-formed and golden, and the same input draws the same
// bytes twice.
func TestStorage(t *testing.T) {
	x := ints(t, []int64{1, 2, 3, 4, 5, 6}, 2, 3)
	row := must(x.Select(0, 1))
	tr := must(x.Transpose(0, 1))
	for _, c := range []struct {
		name  string
		views []*tensor.Tensor
		text  string
	}{
		{"views", []*tensor.Tensor{x, row, tr},
			"storage: 6 int64 elements of 8 bytes (48 bytes)\n" +
				"index  0  1  2  3  4  5\n" +
				"value  1  2  3  4  5  6\n" +
				"#1     0  1  2  3  4  5   shape [2, 3], strides [3, 1], offset 0, contiguous\n" +
				"#2              0  1  2   shape [3], strides [1], offset 3, contiguous\n" +
				"#3     0  2  4  1  3  5   shape [3, 2], strides [1, 3], offset 0, not contiguous\n" +
				legend + "\n"},
		{"broadcast", []*tensor.Tensor{row, must(row.Expand(2, 3))},
			"storage: 6 int64 elements of 8 bytes (48 bytes)\n" +
				"index  0  1  2    3    4    5\n" +
				"value  1  2  3    4    5    6\n" +
				"#1                0    1    2   shape [3], strides [1], offset 3, contiguous\n" +
				"#2              0,3  1,4  2,5   shape [2, 3], strides [0, 1], offset 3, not contiguous\n" +
				legend + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := NewStorage(c.views)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Text(); got != c.text {
				t.Errorf("text\n%s\nwant\n%s", got, c.text)
			}
			svg := d.SVG()
			if again := must(NewStorage(c.views)).SVG(); !bytes.Equal(svg, again) {
				t.Error("two drawings of the same views differ")
			}
			checkSVG(t, "storage-"+c.name, svg)
		})
	}
}

// TestStorageRefuses: a tensor of another storage, and a storage too big
// to draw, are ValueErrors that say why.
func TestStorageRefuses(t *testing.T) {
	x := ints(t, []int64{1, 2, 3}, 3)
	big := must(tensor.Zeros(tensor.Float32, MaxStorage+1))
	for _, c := range []struct {
		views []*tensor.Tensor
		want  string
	}{
		{[]*tensor.Tensor{x, must(x.Clone())}, "tensor 2 does not share the storage of tensor 1"},
		{[]*tensor.Tensor{big}, "too many to draw"},
	} {
		_, err := NewStorage(c.views)
		te, ok := err.(*tensor.Error)
		if !ok || te.Kind != tensor.ValueError || !strings.Contains(te.Msg, c.want) {
			t.Errorf("got %v, want a ValueError saying %q", err, c.want)
		}
	}
}

// TestGraph lays out graphs: every edge goes down at least one layer, the
// edges that cross a layer bend there, and the SVG is
// well-formed and golden.
func TestGraph(t *testing.T) {
	leaf := func(vals ...float32) *tensor.Tensor {
		x := must(tensor.FromSlice(vals, len(vals)))
		if err := autograd.SetRequiresGrad(x, true); err != nil {
			t.Fatal(err)
		}
		return x
	}
	w, b := leaf(1, 2, 3), leaf(0, 0, 0)
	y := must(autograd.Exp(w))
	for _, c := range []struct {
		name   string
		t      *tensor.Tensor
		layers string
	}{
		{"chain", must(autograd.Mean(must(autograd.Mul(must(autograd.Add(w, b)), w)), nil, false)),
			"MeanBackward0 | MulBackward0 | AddBackward0 · | AccumulateGrad AccumulateGrad"},
		// y reached directly and through MulBackward0 sits below both.
		{"shared", must(autograd.Add(y, must(autograd.Mul(y, w)))),
			"AddBackward0 | MulBackward0 · | · ExpBackward0 | AccumulateGrad"},
		{"leaf", w, "AccumulateGrad"},
		{"constant", must(tensor.Zeros(tensor.Float32, 2)), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := NewGraph(c.t)
			var layers []string
			for _, layer := range g.layers {
				var names []string
				for _, i := range layer {
					if i >= len(g.Nodes) {
						names = append(names, "·") // an edge's bend
						continue
					}
					names = append(names, g.Nodes[i].Name)
				}
				layers = append(layers, strings.Join(names, " "))
			}
			if got := strings.Join(layers, " | "); got != c.layers {
				t.Errorf("layers %q, want %q", got, c.layers)
			}
			for i, n := range g.Nodes {
				for _, j := range n.Inputs {
					if g.layer[j] <= g.layer[i] {
						t.Errorf("edge %s -> %s does not go down", n.Name, g.Nodes[j].Name)
					}
				}
			}
			checkSVG(t, "graph-"+c.name, g.SVG())
		})
	}
}

// TestGraphCut: the graph of a long loop is cut at MaxGraphNodes nodes,
// and the picture says so and stays small.
func TestGraphCut(t *testing.T) {
	w := must(tensor.FromSlice([]float32{1}, 1))
	if err := autograd.SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	y := w
	for range MaxGraphNodes + 50 {
		y = must(autograd.Mul(y, w))
	}
	g := NewGraph(y)
	if len(g.Nodes) != MaxGraphNodes || !g.Cut {
		t.Fatalf("%d nodes, cut %v; want %d, cut", len(g.Nodes), g.Cut, MaxGraphNodes)
	}
	svg := g.SVG()
	if !bytes.Contains(svg, []byte("(cut after 200 nodes)")) {
		t.Error("the picture does not say the graph was cut")
	}
	// Every step reads w: bent around the boxes, the edges to it would
	// need 20,000 bends; they go straight.
	if len(svg) > 150_000 {
		t.Errorf("the picture is %d bytes", len(svg))
	}
	if err := xml.Unmarshal(svg, new(struct {
		XMLName xml.Name `xml:"svg"`
	})); err != nil {
		t.Errorf("not an SVG document: %v", err)
	}
}
