package tensor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// layerNormGradCase is one layer_norm backward: x of Shape normalized over
// its trailing dimensions Norm, with a weight unless NoWeight, the output's
// gradient transposed (its first two dimensions swapped) when Transposed.
type layerNormGradCase struct {
	Name       string  `json:"name"`
	DType      string  `json:"dtype"`
	Shape      []int   `json:"shape"`
	Norm       []int   `json:"norm"`
	NoWeight   bool    `json:"no_weight"`
	Transposed bool    `json:"transposed"`
	Offset     float64 `json:"offset"` // added to x: a mean far from 0
	Eps        float64 `json:"eps"`
	// Filled in by the test.
	X []float64 `json:"x"`
	G []float64 `json:"g"`
	W []float64 `json:"w"`
	B []float64 `json:"b"`
}

// fill draws x, the gradient and the weight, rounded to the dtype.
func (c *layerNormGradCase) fill() {
	state := uint64(len(c.Name)*7919 + len(c.Shape))
	next := func() float64 {
		state = state*6364136223846793005 + 1442695040888963407
		return float64(state>>40)/(1<<23) - 1
	}
	round := func(v float64) float64 {
		if c.DType == "float32" {
			return float64(float32(v))
		}
		return v
	}
	draw := func(n int, scale, offset float64) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = round(offset + scale*next())
		}
		return s
	}
	c.X = draw(numel(c.Shape), 2, c.Offset)
	c.G = draw(numel(c.Shape), 1, 0)
	if !c.NoWeight {
		c.W = draw(numel(c.Norm), 1, 1)
		c.B = draw(numel(c.Norm), 1, 0)
	}
}

// TestLayerNormBackwardMatchesPyTorch checks LayerNorm's output and
// LayerNormBackward's three gradients against PyTorch 1.13's F.layer_norm
// and its autograd. PyTorch sums
// each row in the dtype and LayerNormBackward in float64, so float32
// results agree to float32's accuracy (relative to the gradient's largest
// element), float64 ones to float64's.
func TestLayerNormBackwardMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	cases := []layerNormGradCase{
		{Name: "nanoGPT's block", DType: "float32", Shape: []int{8, 64, 128}, Norm: []int{128}, Eps: 1e-5},
		{Name: "two normalized dimensions", DType: "float32", Shape: []int{3, 5, 6}, Norm: []int{5, 6}, Eps: 1e-5},
		{Name: "no weight", DType: "float32", Shape: []int{7, 33}, Norm: []int{33}, NoWeight: true, Eps: 1e-5},
		{Name: "transposed gradient", DType: "float32", Shape: []int{6, 4, 20}, Norm: []int{20}, Transposed: true, Eps: 1e-5},
		{Name: "mean far from zero", DType: "float32", Shape: []int{16, 64}, Norm: []int{64}, Offset: 50, Eps: 1e-5},
		{Name: "large eps", DType: "float32", Shape: []int{5, 9}, Norm: []int{9}, Eps: 0.5},
		{Name: "float64", DType: "float64", Shape: []int{10, 4, 12}, Norm: []int{4, 12}, Transposed: true, Eps: 1e-5},
		{Name: "all of x", DType: "float64", Shape: []int{3, 7}, Norm: []int{3, 7}, Offset: -3, Eps: 1e-6},
	}
	for i := range cases {
		cases[i].fill()
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	script := `import json, sys, torch
out = []
for c in json.loads(sys.stdin.read()):
    dt = getattr(torch, c["dtype"])
    x = torch.tensor(c["x"], dtype=torch.float64).reshape(c["shape"]).to(dt).requires_grad_()
    g = torch.tensor(c["g"], dtype=torch.float64).reshape(c["shape"]).to(dt)
    if c["transposed"]:
        g = g.transpose(0, 1).contiguous().transpose(0, 1)
    w = b = None
    if not c["no_weight"]:
        w = torch.tensor(c["w"], dtype=torch.float64).reshape(c["norm"]).to(dt).requires_grad_()
        b = torch.tensor(c["b"], dtype=torch.float64).reshape(c["norm"]).to(dt).requires_grad_()
    y = torch.nn.functional.layer_norm(x, c["norm"], w, b, c["eps"])
    y.backward(g)
    r = {"y": y.double().flatten().tolist(), "x": x.grad.double().flatten().tolist()}
    if w is not None:
        r["w"] = w.grad.double().flatten().tolist()
        r["b"] = b.grad.double().flatten().tolist()
    out.append(r)
print(json.dumps(out))
`
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	var want []struct{ Y, X, W, B []float64 }
	if err := json.Unmarshal(res, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			d, _ := ParseDType(c.DType)
			x := mustOp(mustOp(FromSlice(c.X, c.Shape...)).To(d))
			g := mustOp(mustOp(FromSlice(c.G, c.Shape...)).To(d))
			if c.Transposed {
				g = mustOp(mustOp(mustOp(g.Transpose(0, 1)).Contiguous()).Transpose(0, 1))
			}
			var w, b *Tensor
			if !c.NoWeight {
				w = mustOp(mustOp(FromSlice(c.W, c.Norm...)).To(d))
				b = mustOp(mustOp(FromSlice(c.B, c.Norm...)).To(d))
			}
			y, err := LayerNorm(x, c.Norm, w, b, c.Eps)
			if err != nil {
				t.Fatal(err)
			}
			r, err := LayerNormBackward(g, x, c.Norm, w, c.Eps, true, !c.NoWeight, !c.NoWeight)
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-12
			if d == Float32 {
				// x̂ = (x − mean)/σ in float32 carries about ε·|mean|/σ
				// of rounding in PyTorch (its scalar kernel, under
				// ATEN_CPU_CAPABILITY=default, more than its vector one);
				// kael sums in float64.
				tol = 2e-6 + 1.2e-7*math.Abs(c.Offset)
			}
			check := func(what string, got *Tensor, want []float64) {
				if !slices.Equal(got.Shape(), map[bool][]int{true: c.Shape, false: c.Norm}[what == "input" || what == "output"]) {
					t.Fatalf("%s's gradient has shape %v", what, got.Shape())
				}
				if err := closeToScale(f64s(t, got), want, tol); err != nil {
					t.Errorf("%s's gradient: %v", what, err)
				}
			}
			check("output", y, want[i].Y)
			check("input", r.Input, want[i].X)
			if !c.NoWeight {
				check("weight", r.Weight, want[i].W)
				check("bias", r.Bias, want[i].B)
			} else if r.Weight != nil {
				t.Errorf("a weight gradient without a weight")
			}
		})
	}
}

// closeToScale reports the first element of got further than tol times
// the largest magnitude of want from want.
func closeToScale(got, want []float64, tol float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(got), len(want))
	}
	scale := 0.0
	for _, v := range want {
		scale = max(scale, math.Abs(v))
	}
	for i := range got {
		if !(math.Abs(got[i]-want[i]) <= tol*max(scale, 1e-30)) {
			return fmt.Errorf("element %d: %v, want %v (scale %v)", i, got[i], want[i], scale)
		}
	}
	return nil
}

// TestLayerNormBackwardErrors checks the refusals of LayerNormBackward.
func TestLayerNormBackwardErrors(t *testing.T) {
	x := mustOp(Zeros(Float32, 2, 3))
	tests := []struct {
		name string
		g, w *Tensor
		norm []int
		msg  string
	}{
		{"gradient shape", mustOp(Zeros(Float32, 3, 2)), nil, []int{3}, "layer_norm_backward(): the gradient float32 [3, 2] does not fit the input float32 [2, 3] normalized over [3]"},
		{"normalized shape", mustOp(Zeros(Float32, 2, 3)), nil, []int{2}, "layer_norm_backward(): the gradient float32 [2, 3] does not fit the input float32 [2, 3] normalized over [2]"},
		{"weight shape", mustOp(Zeros(Float32, 2, 3)), mustOp(Zeros(Float32, 2)), []int{3}, "Expected weight to be of same shape as normalized_shape, but got weight of shape [2] and normalized_shape = [3]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LayerNormBackward(tt.g, x, tt.norm, tt.w, 1e-5, true, true, true)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %v, want %q", err, tt.msg)
			}
		})
	}
	if _, err := LayerNormBackward(mustOp(Zeros(Int64, 2, 3)), mustOp(Zeros(Int64, 2, 3)), []int{3}, nil, 1e-5, true, false, false); err == nil {
		t.Errorf("int64 accepted")
	}
}
