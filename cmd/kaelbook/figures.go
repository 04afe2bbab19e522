package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/kael-dev/kael/diagram"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/std" // torch and matplotlib, as a notebook has them
	"github.com/kael-dev/kael/tensor"
)

// FiguresDir is where the chapter pages' figures live, beside the pages.
const figuresDir = "figures"

// A figure is one picture of a chapter page, an SVG file under
// docs/figures/ that kaelbook draws. Most are drawn by a kael program, as a
// reader would draw them in a notebook: the program's value, or the last
// thing it displays (show_storage, show_graph, a matplotlib figure), is
// the picture. One that shows what the language does not reach (the
// iterator's plan) is drawn in Go.
type figure struct {
	file string // under docs/figures/
	page string // the chapter page that embeds it
	src  string // the kael program that draws it
	draw func() ([]byte, error)
}

var figures = []figure{
	{file: "02-storage.svg", page: "02-memory-model.md", src: `
x = tensor([[1, 2, 3], [4, 5, 6]])
show_storage(x, x[1], x.t(), x[0].expand(2, 3))
`},
	{file: "02-strides.svg", page: "02-memory-model.md", src: `
import matplotlib.pyplot as plt
s = arange(12)
views = [("s.view(3, 4)", s.view(3, 4)), ("s.view(3, 4).t()", s.view(3, 4).t()),
         ("s.view(3, 4)[:, ::2]", s.view(3, 4)[:, ::2]), ("s.view(3, 4)[0].expand(3, 4)", s.view(3, 4)[0].expand(3, 4))]
fig, axes = plt.subplots(2, 2, figsize=(8, 6))
for ax, (name, v) in zip([a for row in axes for a in row], views):
    ax.imshow(v, cmap="viridis", vmin=0, vmax=11)
    ax.set_title(f"{name}: stride {v.stride()}")
fig
`},
	{file: "03-coalescing.svg", page: "03-tensor-iterator.md", draw: coalescingFigure},
	{file: "05-graph.svg", page: "05-autograd.md", src: `
x = tensor([1., 2., 3.], requires_grad=True)
w = tensor([0.5, -1., 2.], requires_grad=True)
b = tensor(0.1, requires_grad=True)
y = torch.tanh(x * w + b)
loss = (y * y).mean() + (w * w).sum() * 0.01
show_graph(loss)
`},
	{file: "05-loss-curve.svg", page: "05-autograd.md", src: `
import math
import matplotlib.pyplot as plt
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 64, dtype=torch.float64).view(64, 1)
y = torch.sin(x)
net = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1)).double()
opt = torch.optim.Adam(net.parameters(), lr=0.02)
losses = []
for step in range(200):
    opt.zero_grad()
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    losses.append(loss.item())
plt.figure(figsize=(6.4, 4))
plt.plot(losses, label="training loss (MSE)")
plt.xlabel("step")
plt.ylabel("loss")
plt.title("fitting sin(x) with a 1-16-1 net and Adam")
plt.legend()
plt.gcf()
`},
	{file: "08-attention.svg", page: "08-loading-gpt2.md", src: `
import math
import matplotlib.pyplot as plt
import torch.nn.functional as F
torch.manual_seed(0)
T, d = 8, 16
x = torch.randn(T, d, dtype=torch.float64)
wq = torch.randn(d, d, dtype=torch.float64) / math.sqrt(d)
wk = torch.randn(d, d, dtype=torch.float64) / math.sqrt(d)
scores = (x @ wq) @ (x @ wk).t() / math.sqrt(d)
mask = torch.arange(T).view(T, 1) < torch.arange(T).view(1, T)
weights = F.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
plt.figure(figsize=(5.6, 4.8))
plt.imshow(weights, cmap="viridis", vmin=0)
plt.colorbar()
plt.title("causal attention weights of one head")
plt.xlabel("key position (token attended to)")
plt.ylabel("query position")
plt.gcf()
`},
}

// drawFigure draws f: its Go drawing, or the picture its program ends
// with (its value, else the last value it displays).
func drawFigure(f figure) ([]byte, error) {
	if f.draw != nil {
		return f.draw()
	}
	var shown lang.Value
	s := lang.NewSession(lang.IO{Stdout: io.Discard, Display: func(v lang.Value) { shown = v }})
	res := s.Exec(context.Background(), f.file, f.src)
	if res.Err != nil {
		return nil, fmt.Errorf("%s: %s", f.file, res.Err.Render())
	}
	if res.Value != nil && res.Value != lang.Value(lang.None) {
		shown = res.Value
	}
	switch v := shown.(type) {
	case *lang.Diagram:
		return v.SVG, nil
	case lang.Drawing:
		return v.SVG()
	}
	return nil, fmt.Errorf("%s: the program shows no picture (it ends with %s)", f.file, lang.TypeName(shown))
}

// coalescingFigure draws what the iterator makes of m.t() + m.t() for a
// contiguous m of shape [3, 4]: read as its shape says, the transpose is
// four runs of three elements, each with stride 4; the iterator reorders
// the dimensions into storage order and coalesces them into one
// contiguous run of twelve. The rows are operand a as it is and as the
// iterator's plan (tensor.Iter.Shape and Strides) reads it.
func coalescingFigure() ([]byte, error) {
	m, err := tensor.Arange(0, 12, 1, tensor.Float32)
	if err != nil {
		return nil, err
	}
	if m, err = m.View(3, 4); err != nil {
		return nil, err
	}
	a, err := m.Transpose(0, 1)
	if err != nil {
		return nil, err
	}
	it, err := tensor.NewIter(tensor.IterConfig{OutDType: tensor.Float32, Inputs: []*tensor.Tensor{a, a}})
	if err != nil {
		return nil, err
	}
	planned, err := a.AsStrided(it.Shape(), it.Strides()[1], a.Offset())
	if err != nil {
		return nil, err
	}
	d, err := diagram.NewStorage([]*tensor.Tensor{a, planned})
	if err != nil {
		return nil, err
	}
	d.Views[0].Label, d.Views[1].Label = "m.t()", "iterator"
	runs := func(shape, strides []int) string { // the innermost loop's runs
		inner := shape[len(shape)-1]
		return fmt.Sprintf("%d run(s) of %d (stride %d)", a.Numel()/inner, inner, strides[len(strides)-1])
	}
	d.Caption = "m.t() + m.t(), m contiguous of shape [3, 4]: read as its shape says, operand a is " + runs(a.Shape(), a.Strides()) + "; the iterator's loop is " + runs(it.Shape(), it.Strides()[1])
	return d.SVG(), nil
}

// syncFigures draws every figure and returns the paths under dir (docs/)
// whose content differs; with write it also writes them.
func syncFigures(dir string, write bool) (stale []string, err error) {
	for _, f := range figures {
		want, err := drawFigure(f)
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, figuresDir, f.file)
		differs, err := syncFile(path, want, sameFigure, write)
		if err != nil {
			return nil, err
		}
		if differs {
			stale = append(stale, path)
		}
	}
	return stale, nil
}

// number is a decimal number in a drawing's text.
var number = regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`)

// sameFigure reports whether two drawings of a figure are the same: the
// same text around their numbers, and numbers within 0.01 of each other,
// so that a value computed with a different last bit on another CPU
// (a loss, an attention weight) does not count as a change.
func sameFigure(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if !bytes.Equal(number.ReplaceAll(a, nil), number.ReplaceAll(b, nil)) {
		return false
	}
	na, nb := number.FindAll(a, -1), number.FindAll(b, -1)
	if len(na) != len(nb) {
		return false
	}
	for i := range na {
		x, errX := strconv.ParseFloat(string(na[i]), 64)
		y, errY := strconv.ParseFloat(string(nb[i]), 64)
		if errX != nil || errY != nil || math.Abs(x-y) > 0.01 {
			return false
		}
	}
	return true
}
