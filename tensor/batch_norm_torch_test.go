package tensor

import (
	"encoding/json"
	"math"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// batchNormTorchScript computes, for each case read from stdin,
// F.batch_norm in training mode on float32 with PyTorch 1.13: the output,
// the running statistics after the update, and the gradients of the
// input, weight and bias for the given output gradient.
const batchNormTorchScript = `
import json, sys
import torch
import torch.nn.functional as F
torch.set_num_threads(1)
out = []
for c in json.load(sys.stdin):
    t = lambda v: torch.tensor(v, dtype=torch.float32)
    x = t(c["x"]).view(*c["shape"]).requires_grad_()
    w = t(c["w"]).requires_grad_() if c["w"] else None
    b = t(c["b"]).requires_grad_() if c["b"] else None
    rm, rv = t(c["rm"]), t(c["rv"])
    y = F.batch_norm(x, rm, rv, w, b, True, c["momentum"], c["eps"])
    y.backward(t(c["g"]).view(*c["shape"]))
    out.append({"y": y.detach().flatten().tolist(), "rm": rm.tolist(), "rv": rv.tolist(),
                "gx": x.grad.flatten().tolist(),
                "gw": w.grad.tolist() if w is not None else [],
                "gb": b.grad.tolist() if b is not None else []})
print(json.dumps(out))
`

// TestBatchNormTrainMatchesPyTorch checks BatchNormTrain, its running
// statistics and BatchNormTrainGrads against PyTorch 1.13's batch_norm
// and autograd in float32: dcgan's shapes, odd planes (a tail shorter
// than the eight lanes), [N, C] and 5-D inputs, no affine parameters.
//
// Tolerance: the statistics are summed in float64 as ATen's (the output
// and running statistics then differ from PyTorch's by a few float32
// roundings: 8·ε32·(1 + |value|)); the backward's sums over the M = N·H·W
// elements of a channel are float32 lanes in an order other than ATen's
// vectorised one, each term at most a few in size, so the gradients may
// differ by 4·√M·ε32·M·(1 + |value|).
func TestBatchNormTrainMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	type batchCase struct {
		Name     string    `json:"-"`
		Shape    []int     `json:"shape"`
		X        []float64 `json:"x"`
		W        []float64 `json:"w"`
		B        []float64 `json:"b"`
		RM       []float64 `json:"rm"`
		RV       []float64 `json:"rv"`
		G        []float64 `json:"g"`
		Momentum float64   `json:"momentum"`
		Eps      float64   `json:"eps"`
	}
	specs := []struct {
		name   string
		shape  []int
		affine bool
	}{
		{"dcgan second layer", []int{4, 8, 16, 16}, true},
		{"dcgan fourth layer", []int{16, 16, 4, 4}, true},
		{"odd plane", []int{3, 5, 7, 3}, true},
		{"no affine", []int{2, 3, 5, 5}, false},
		{"[N, C]", []int{9, 4}, true},
		{"5-D", []int{2, 3, 3, 4, 5}, true},
	}
	seed := 0.0
	values := func(n int, scale, shift float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			seed++
			v[i] = shift + scale*math.Sin(seed*1.618)
		}
		return v
	}
	var cases []batchCase
	for _, s := range specs {
		c := s.shape[1]
		bc := batchCase{Name: s.name, Shape: s.shape, Momentum: 0.1, Eps: 1e-5}
		bc.X = values(numel(s.shape), 1.5, 0.25)
		bc.G = values(numel(s.shape), 1, 0)
		if s.affine {
			bc.W, bc.B = values(c, 0.5, 1), values(c, 0.5, 0)
		}
		bc.RM, bc.RV = values(c, 0.5, 0), values(c, 0.5, 1)
		cases = append(cases, bc)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", batchNormTorchScript)
	cmd.Stdin = strings.NewReader(string(in))
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("PyTorch: %v", err)
	}
	var want []struct {
		Y, RM, RV, GX, GW, GB []float64
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(cases) {
		t.Fatalf("PyTorch answered %d cases of %d", len(want), len(cases))
	}
	f32 := func(vals []float64, shape ...int) *Tensor {
		if len(vals) == 0 {
			return nil
		}
		return mustOp(mustOp(FromSlice(vals, shape...)).To(Float32))
	}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			ch := c.Shape[1]
			x, g := f32(c.X, c.Shape...), f32(c.G, c.Shape...)
			w, b := f32(c.W, ch), f32(c.B, ch)
			rm, rv := f32(c.RM, ch), f32(c.RV, ch)
			if !BatchNormFusable(x, w, b) {
				t.Fatal("BatchNormFusable refused a contiguous float32 input")
			}
			y, st, err := BatchNormTrain(x, w, b, c.Eps)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.UpdateRunning(rm, rv, c.Momentum); err != nil {
				t.Fatal(err)
			}
			gx, gw, gb, err := BatchNormTrainGrads(g, x, w, st, true, w != nil, b != nil)
			if err != nil {
				t.Fatal(err)
			}
			// The form that writes into a gradient held alone: into a
			// copy of g, the same bits as the new tensor's.
			gc := mustOp(g.Clone())
			gxIn, gwIn, gbIn, err := BatchNormTrainGradsInPlace(gc, x, w, st, true, w != nil, b != nil)
			if err != nil {
				t.Fatal(err)
			}
			if gxIn != gc {
				t.Errorf("BatchNormTrainGradsInPlace wrote the input gradient into a new tensor")
			}
			for _, p := range [][2]*Tensor{{gxIn, gx}, {gwIn, gw}, {gbIn, gb}} {
				if (p[0] == nil) != (p[1] == nil) || p[0] != nil && !slices.Equal(mustOp(p[0].Float64s()), mustOp(p[1].Float64s())) {
					t.Errorf("BatchNormTrainGradsInPlace's gradients differ from BatchNormTrainGrads'")
				}
			}
			m := float64(numel(c.Shape) / ch)
			eps := 0x1p-23
			forward, backward := 8*eps, 4*math.Sqrt(m)*eps*m
			for _, r := range []struct {
				what string
				got  *Tensor
				want []float64
				tol  float64
			}{
				{"output", y, want[i].Y, forward},
				{"running_mean", rm, want[i].RM, forward},
				{"running_var", rv, want[i].RV, forward},
				{"input gradient", gx, want[i].GX, backward},
				{"weight gradient", gw, want[i].GW, backward},
				{"bias gradient", gb, want[i].GB, backward},
			} {
				if r.got == nil {
					if len(r.want) != 0 {
						t.Errorf("%s: none, PyTorch has one", r.what)
					}
					continue
				}
				if r.got.DType() != Float32 {
					t.Errorf("%s: dtype %s", r.what, r.got.DType())
				}
				vals := mustOp(r.got.Float64s())
				if len(vals) != len(r.want) {
					t.Errorf("%s: %d values, PyTorch's %d", r.what, len(vals), len(r.want))
					continue
				}
				for j, v := range vals {
					if d := math.Abs(v - r.want[j]); d > r.tol*(1+math.Abs(r.want[j])) {
						t.Errorf("%s[%d] = %.9g, PyTorch's %.9g (tolerance %.2g)", r.what, j, v, r.want[j], r.tol*(1+math.Abs(r.want[j])))
						break
					}
				}
			}
		})
	}
}

// TestBatchNormFusable checks which inputs take the fused path.
func TestBatchNormFusable(t *testing.T) {
	x := mustOp(Zeros(Float32, 2, 3, 4))
	w := mustOp(Zeros(Float32, 3))
	xt := mustOp(x.Transpose(1, 2))
	cases := []struct {
		name    string
		x, w, b *Tensor
		want    bool
	}{
		{"contiguous", x, w, w, true},
		{"no affine", x, nil, nil, true},
		{"float64", mustOp(Zeros(Float64, 2, 3, 4)), nil, nil, false},
		{"transposed", xt, nil, nil, false},
		{"one value per channel", mustOp(Zeros(Float32, 1, 3)), nil, nil, false},
		{"float64 weight", x, mustOp(Zeros(Float64, 3)), nil, false},
		{"1-D", mustOp(Zeros(Float32, 3)), nil, nil, false},
	}
	for _, c := range cases {
		if got := BatchNormFusable(c.x, c.w, c.b); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
