package tensor

import (
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"strings"
	"testing"
)

// convTorchScript computes, for each case read from stdin, conv2d's output
// and the gradients of its input and weight for the given output gradient
// with PyTorch 1.13's autograd, and prints them as JSON. Uneven padding
// is an F.pad before the convolution; the input and the output gradient
// may be transposed views.
const convTorchScript = `
import json, sys
import torch
import torch.nn.functional as F
torch.set_num_threads(1)
out = []
for c in json.load(sys.stdin):
    dt = getattr(torch, c["dtype"])
    def t(vals, shape, transposed):
        if transposed:
            return torch.tensor(vals, dtype=dt).view(*shape[:-2], shape[-1], shape[-2]).transpose(-2, -1)
        return torch.tensor(vals, dtype=dt).view(*shape)
    x = t(c["x"], c["xshape"], c["transposed"]).requires_grad_()
    w = torch.tensor(c["w"], dtype=dt).view(*c["wshape"]).requires_grad_()
    b = torch.tensor(c["b"], dtype=dt) if c["b"] else None
    top, bottom, left, right = c["padding"]
    y = F.conv2d(F.pad(x, (left, right, top, bottom)), w, b, c["stride"], 0, c["dilation"], c["groups"])
    y.backward(t(c["g"], list(y.shape), c["transposed"]))
    out.append({"y": y.detach().flatten().tolist(), "yshape": list(y.shape),
                "gx": x.grad.flatten().tolist(), "gw": w.grad.flatten().tolist()})
print(json.dumps(out))
`

// convTorchCase is one convolution of TestConv2dMatchesPyTorch, as the
// script reads it.
type convTorchCase struct {
	Name       string    `json:"-"`
	DType      string    `json:"dtype"`
	XShape     []int     `json:"xshape"`
	WShape     []int     `json:"wshape"`
	YShape     []int     `json:"-"`
	Stride     [2]int    `json:"stride"`
	Dilation   [2]int    `json:"dilation"`
	Padding    [4]int    `json:"padding"`
	Groups     int       `json:"groups"`
	Bias       bool      `json:"-"`
	Transposed bool      `json:"transposed"`
	X          []float64 `json:"x"`
	W          []float64 `json:"w"`
	B          []float64 `json:"b"`
	G          []float64 `json:"g"`
}

// TestConv2dMatchesPyTorch checks Conv2d and Conv2dGrads against PyTorch's
// conv2d and its autograd for float32 and float64 (the folded GEMM path)
// and int64-free shapes that exercise every part of it: dcgan's strided
// layers (including the last, whose output is 1×1), images of at least
// foldMaxWidth outputs (multiplied image by image), groups, dilation,
// uneven padding, a single image, an unbatched input, a bias, an
// input and output gradient that are transposed views, the strided
// geometries that im2col gathers by phases, and windows that are the
// whole image.
//
// Tolerance: each element is a sum of at most K = C/G·kh·kw products
// (the output, the input gradient) or N·oh·ow (the weight gradient) of
// values in [−1, 1], added in an order that differs from PyTorch's (its
// mkldnn kernels block the sums differently). The rounding error of such a
// sum is at most K·ε·Σ|terms| and in practice about √K·ε·Σ|terms|, so
// float32 results may differ by 4·√K·ε32·(Σ|terms| ≤ K) and float64 by the
// same with ε64; the bound is computed per case from its largest K.
func TestConv2dMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	opts := convOptions
	type spec struct {
		name       string
		dtype      DType
		x, w       []int
		o          Conv2dOptions
		bias       bool
		transposed bool
	}
	one, two := [2]int{1, 1}, [2]int{2, 2}
	specs := []spec{
		{"dcgan first", Float32, []int{4, 3, 16, 16}, []int{8, 3, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, false},
		// Weight gradients cut along K at two threads and more
		// (weightGradParts): N·oh·ow 4096 and 2048.
		{"dcgan first, 64x64", Float32, []int{4, 3, 64, 64}, []int{8, 3, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, false},
		{"small weights, groups", Float64, []int{2, 4, 64, 64}, []int{6, 2, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 2), false, false},
		{"dcgan middle", Float32, []int{5, 8, 8, 8}, []int{16, 8, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, false},
		{"dcgan last 1x1", Float32, []int{5, 16, 4, 4}, []int{1, 16, 4, 4}, opts(one, one, [4]int{}, 1), false, false},
		{"bias and 3x3", Float32, []int{3, 4, 7, 6}, []int{5, 4, 3, 3}, opts(one, one, [4]int{1, 1, 1, 1}, 1), true, false},
		{"groups", Float32, []int{2, 6, 7, 7}, []int{9, 2, 3, 2}, opts([2]int{1, 2}, one, [4]int{1, 0, 2, 1}, 3), true, false},
		{"dilation", Float64, []int{2, 4, 9, 8}, []int{6, 2, 3, 2}, opts([2]int{2, 1}, [2]int{2, 3}, [4]int{1, 2, 3, 0}, 2), false, false},
		{"one image", Float64, []int{1, 3, 6, 5}, []int{2, 3, 2, 2}, opts(one, one, [4]int{0, 1, 1, 0}, 1), true, false},
		{"transposed views", Float32, []int{3, 2, 6, 5}, []int{4, 2, 3, 3}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, true},
		{"wide images", Float32, []int{2, 3, 18, 17}, []int{4, 3, 3, 3}, opts(one, one, [4]int{1, 1, 1, 1}, 1), true, false},
		{"wide images, groups", Float64, []int{2, 4, 20, 16}, []int{6, 2, 3, 3}, opts(one, one, [4]int{1, 1, 1, 1}, 2), false, true},
		{"unbatched", Float32, []int{3, 6, 6}, []int{4, 3, 3, 3}, opts(one, one, [4]int{}, 1), true, false},
		// Rows of 16 or more outputs with a kernel over twice the
		// stride's area: im2col by phases (conv_phase.go).
		{"phases: dcgan, 32 wide", Float32, []int{2, 3, 64, 64}, []int{5, 3, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, false},
		{"phases: odd sizes, uneven padding, bias", Float32, []int{2, 3, 35, 37}, []int{4, 3, 4, 5}, opts(two, one, [4]int{2, 0, 1, 3}, 1), true, false},
		{"phases: stride 3, groups", Float64, []int{2, 4, 50, 49}, []int{6, 2, 5, 5}, opts([2]int{3, 3}, one, [4]int{2, 2, 1, 1}, 2), false, false},
		{"phases: transposed views", Float32, []int{2, 2, 34, 33}, []int{3, 2, 4, 4}, opts(two, one, [4]int{1, 1, 1, 1}, 1), false, true},
		// The window is the whole image: the columns are the input
		// itself (wholeWindow), unless it is a transposed view.
		{"whole window: groups, bias", Float64, []int{3, 4, 3, 5}, []int{6, 2, 3, 5}, opts(one, one, [4]int{}, 2), true, false},
		{"whole window, transposed view", Float32, []int{3, 4, 5, 5}, []int{2, 4, 5, 5}, opts(two, one, [4]int{}, 1), false, true},
	}
	var cases []convTorchCase
	seed := 0.0
	values := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			seed++
			v[i] = math.Sin(seed * 1.618) // in [−1, 1], not repeating
		}
		return v
	}
	for _, s := range specs {
		c := convTorchCase{Name: s.name, DType: s.dtype.String(), XShape: s.x, WShape: s.w, Stride: s.o.Stride, Dilation: s.o.Dilation,
			Padding: s.o.Padding, Groups: s.o.Groups, Bias: s.bias, Transposed: s.transposed}
		c.X, c.W = values(numel(s.x)), values(numel(s.w))
		if s.bias {
			c.B = values(s.w[0])
		}
		h, w := s.x[len(s.x)-2]+s.o.Padding[0]+s.o.Padding[1], s.x[len(s.x)-1]+s.o.Padding[2]+s.o.Padding[3]
		c.YShape = append(append([]int{}, s.x[:len(s.x)-3]...), s.w[0],
			outputSize(h, s.w[2], s.o.Stride[0], s.o.Dilation[0]), outputSize(w, s.w[3], s.o.Stride[1], s.o.Dilation[1]))
		c.G = values(numel(c.YShape))
		cases = append(cases, c)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", convTorchScript)
	cmd.Stdin = strings.NewReader(string(in))
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("PyTorch: %v", err)
	}
	var want []struct {
		Y  []float64 `json:"y"`
		GX []float64 `json:"gx"`
		GW []float64 `json:"gw"`
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(cases) {
		t.Fatalf("PyTorch answered %d cases of %d", len(want), len(cases))
	}
	for i, c := range cases {
		s := specs[i]
		t.Run(c.Name, func(t *testing.T) {
			tensorOf := func(vals []float64, shape []int, transposed bool) *Tensor {
				t.Helper()
				if !transposed {
					return mustOp(mustOp(FromSlice(vals, shape...)).To(s.dtype))
				}
				sw := append([]int{}, shape...)
				sw[len(sw)-1], sw[len(sw)-2] = sw[len(sw)-2], sw[len(sw)-1]
				return mustOp(mustOp(mustOp(FromSlice(vals, sw...)).To(s.dtype)).Transpose(-2, -1))
			}
			x := tensorOf(c.X, c.XShape, c.Transposed)
			w := tensorOf(c.W, c.WShape, false)
			var b *Tensor
			if c.Bias {
				b = tensorOf(c.B, []int{len(c.B)}, false)
			}
			g := tensorOf(c.G, c.YShape, c.Transposed)
			y, err := Conv2d(x, w, b, s.o)
			if err != nil {
				t.Fatal(err)
			}
			gx, gw, err := Conv2dGrads(x, w, g, s.o, true, true)
			if err != nil {
				t.Fatal(err)
			}
			// The columns kept by the forward give the same gradients.
			yk, kept, err := Conv2dKeep(x, w, b, s.o)
			if err != nil {
				t.Fatal(err)
			}
			gxk, gwk, err := Conv2dGradsKept(x, w, g, kept, s.o, true, true)
			if err != nil {
				t.Fatal(err)
			}
			// The weight gradient by dot products (weightGradByDot) rounds
			// in its own order: compared with PyTorch's below, and
			// without it the kept columns give Conv2dGrads' bits.
			weightGradByDot = false
			_, gwt, err := Conv2dGradsKept(x, w, g, kept, s.o, false, true)
			weightGradByDot = true
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(yk, y) || !Equal(gxk, gx) || !Equal(gwt, gw) {
				t.Errorf("Conv2dKeep and Conv2dGradsKept (kept %v) differ from Conv2d and Conv2dGrads", kept != nil)
			}
			eps := 0x1p-23
			if s.dtype == Float64 {
				eps = 0x1p-52
			}
			k := float64(max(c.WShape[1]*c.WShape[2]*c.WShape[3], numel(c.YShape)/c.WShape[0]))
			tol := 4 * math.Sqrt(k) * eps * k
			for _, r := range []struct {
				what  string
				got   *Tensor
				want  []float64
				shape []int
			}{{"output", y, want[i].Y, c.YShape}, {"input gradient", gx, want[i].GX, c.XShape}, {"weight gradient", gw, want[i].GW, c.WShape},
				{"weight gradient from the kept columns", gwk, want[i].GW, c.WShape}} {
				if fmt.Sprint(r.got.Shape()) != fmt.Sprint(r.shape) {
					t.Errorf("%s: shape %v, PyTorch's %v", r.what, r.got.Shape(), r.shape)
					continue
				}
				if r.got.DType() != s.dtype {
					t.Errorf("%s: dtype %s, want %s", r.what, r.got.DType(), s.dtype)
				}
				vals := mustOp(r.got.Float64s())
				for j, v := range vals {
					if math.Abs(v-r.want[j]) > tol {
						t.Errorf("%s[%d] = %.9g, PyTorch's %.9g (tolerance %.2g)", r.what, j, v, r.want[j], tol)
						break
					}
				}
			}
		})
	}
}

// TestConv2dKeep checks which convolutions keep their columns for the
// weight gradient: float32 and float64 whose columns are at most
// keepColumnsRatio times the input, and that columns of another input
// are not used.
func TestConv2dKeep(t *testing.T) {
	g := NewGenerator(3)
	cases := []struct {
		name   string
		dtype  DType
		x, w   []int
		stride int
		pad    int
		keep   bool
	}{
		{"4x4 stride 2", Float32, []int{2, 3, 8, 8}, []int{4, 3, 4, 4}, 2, 1, true},
		{"float64", Float64, []int{2, 3, 8, 8}, []int{4, 3, 4, 4}, 2, 1, true},
		{"3x3 stride 1", Float32, []int{2, 3, 8, 8}, []int{4, 3, 3, 3}, 1, 1, false},
		{"int64", Int64, []int{2, 3, 8, 8}, []int{4, 3, 4, 4}, 2, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := mustOp(mustOp(Randn(g, Float64, c.x...)).To(c.dtype))
			w := mustOp(mustOp(Randn(g, Float64, c.w...)).To(c.dtype))
			o := DefaultConv2dOptions()
			o.Stride = [2]int{c.stride, c.stride}
			o.Padding = [4]int{c.pad, c.pad, c.pad, c.pad}
			y, kept, err := Conv2dKeep(x, w, nil, o)
			if err != nil {
				t.Fatal(err)
			}
			if (kept != nil) != c.keep {
				t.Fatalf("kept columns: %v, want %v", kept != nil, c.keep)
			}
			if !Equal(y, mustOp(Conv2d(x, w, nil, o))) {
				t.Errorf("Conv2dKeep's output differs from Conv2d's")
			}
			if kept == nil {
				return
			}
			// Another input of another shape: its own columns are gathered.
			x2 := mustOp(mustOp(Randn(g, Float64, c.x[0]+1, c.x[1], c.x[2], c.x[3])).To(c.dtype))
			gy := mustOp(mustOp(Randn(g, Float64, c.x[0]+1, c.w[0], c.x[2]/c.stride, c.x[3]/c.stride)).To(c.dtype))
			_, gw, err := Conv2dGradsKept(x2, w, gy, kept, o, false, true)
			if err != nil {
				t.Fatal(err)
			}
			_, want, err := Conv2dGrads(x2, w, gy, o, false, true)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(gw, want) {
				t.Errorf("the columns of another input were used")
			}
		})
	}
}

// convOptions is the Conv2dOptions of a table row: stride, dilation,
// padding (top, bottom, left, right) and groups.
func convOptions(stride, dilation [2]int, padding [4]int, groups int) Conv2dOptions {
	return Conv2dOptions{Stride: stride, Dilation: dilation, Padding: padding, Groups: groups}
}
