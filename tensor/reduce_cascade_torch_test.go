package tensor

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// cascadeTorchScript sums, for each case read from stdin, a float32 or
// float64 tensor with PyTorch 1.13 on one thread and prints the result's
// elements as float64 (exact for both dtypes).
const cascadeTorchScript = `
import json, sys
import torch
torch.set_num_threads(1)
out = []
for c in json.load(sys.stdin):
    dt = torch.float32 if c["dtype"] == "float32" else torch.float64
    x = torch.tensor(c["x"], dtype=dt).view(*c["shape"])
    s = x.sum(c["dims"], keepdim=c["keep"]) if c["dims"] else x.sum()
    if c["mean"]:
        s = x.mean(c["dims"], keepdim=c["keep"]) if c["dims"] else x.mean()
    out.append(s.double().flatten().tolist())
print(json.dumps(out))
`

// TestCascadeSumMatchesPyTorch checks that Sum and Mean of float32 and
// float64 tensors reduced over contiguous runs (all dims, or the last
// dims of a contiguous tensor) give PyTorch 1.13's bits: lengths below,
// at and past a vector, a row of four vectors, the 16-row level step and
// the 32768-element grain, with values of mixed magnitudes.
func TestCascadeSumMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	type sumCase struct {
		DType string    `json:"dtype"`
		Shape []int     `json:"shape"`
		Dims  []int     `json:"dims"`
		Keep  bool      `json:"keep"`
		Mean  bool      `json:"mean"`
		X     []float64 `json:"x"`
	}
	rng := rand.New(rand.NewPCG(6, 60))
	var cases []sumCase
	add := func(dtype string, shape, dims []int, keep, mean bool) {
		n := 1
		for _, d := range shape {
			n *= d
		}
		x := make([]float64, n)
		for i := range x {
			v := rng.NormFloat64() * 1000
			if dtype == "float32" {
				v = float64(float32(v))
			}
			x[i] = v
		}
		cases = append(cases, sumCase{dtype, shape, dims, keep, mean, x})
	}
	for _, dtype := range []string{"float32", "float64"} {
		for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 511, 513, 1000, 4097, 32768, 32769, 65536, 100003} {
			add(dtype, []int{n}, nil, false, false)
		}
		add(dtype, []int{1 << 20}, nil, false, false)
		add(dtype, []int{3, 5, 7}, nil, false, true)
		add(dtype, []int{300, 70}, []int{1}, false, false)
		add(dtype, []int{4, 3, 33}, []int{2}, true, false)
		add(dtype, []int{4, 3, 33}, []int{1, 2}, false, true)
		add(dtype, []int{2, 40000}, []int{-1}, false, false)
		add(dtype, []int{64, 10}, nil, false, true)
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", cascadeTorchScript)
	cmd.Stdin = strings.NewReader(string(in))
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("pytorch: %v", err)
	}
	var want [][]float64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		var x *Tensor
		if c.DType == "float32" {
			f := make([]float32, len(c.X))
			for j, v := range c.X {
				f[j] = float32(v)
			}
			x, err = FromSlice(f, c.Shape...)
		} else {
			x, err = FromSlice(append([]float64(nil), c.X...), c.Shape...)
		}
		if err != nil {
			t.Fatal(err)
		}
		reduce := Sum
		if c.Mean {
			reduce = Mean
		}
		got, err := reduce(x, c.Dims, c.Keep)
		if err != nil {
			t.Fatalf("%s %v dims %v: %v", c.DType, c.Shape, c.Dims, err)
		}
		g, err := got.Float64s()
		if err != nil {
			t.Fatal(err)
		}
		if len(g) != len(want[i]) {
			t.Fatalf("%s %v dims %v: %d results, PyTorch %d", c.DType, c.Shape, c.Dims, len(g), len(want[i]))
		}
		for j := range g {
			if math.Float64bits(g[j]) != math.Float64bits(want[i][j]) {
				t.Errorf("%s %v dims %v mean %v: result %d is %v, PyTorch %v", c.DType, c.Shape, c.Dims, c.Mean, j, g[j], want[i][j])
				break
			}
		}
	}
}
