package tensor

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"
)

// logSoftmaxGradCase is one log_softmax backward over Dim of a tensor of
// Shape, with a gradient that is dense, or one-hot a row as NLLLoss's is
// (Sparse), or transposed (its first two dimensions swapped, so strided).
type logSoftmaxGradCase struct {
	Name       string  `json:"name"`
	DType      string  `json:"dtype"`
	Shape      []int   `json:"shape"`
	Dim        int     `json:"dim"`
	Scale      float64 `json:"scale"` // of the logits
	Sparse     bool    `json:"sparse"`
	Transposed bool    `json:"transposed"`
	X          []float64
	G          []float64
}

// TestLogSoftmaxBackwardMatchesPyTorch checks LogSoftmaxBackward against
// PyTorch 1.13's autograd of torch.log_softmax, given PyTorch's own output
// (so that only the backward is compared). PyTorch sums each row in
// float32 and takes Sleef's exp, kael sums in float64 and takes vecmath's
// exp (both within an ulp), so float32 results agree to a few ulps of the
// row's largest term, float64 ones to float64's accuracy.
func TestLogSoftmaxBackwardMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	cases := []logSoftmaxGradCase{
		{Name: "word_language_model's decoder", DType: "float32", Shape: []int{70, 1000}, Dim: 1, Scale: 3, Sparse: true},
		{Name: "makemore's logits", DType: "float32", Shape: []int{32, 16, 27}, Dim: -1, Scale: 2, Sparse: true},
		{Name: "dense gradient", DType: "float32", Shape: []int{9, 37}, Dim: 1, Scale: 8},
		{Name: "transposed gradient", DType: "float32", Shape: []int{6, 5, 19}, Dim: 2, Scale: 4, Transposed: true},
		{Name: "inner dimension", DType: "float32", Shape: []int{4, 27, 5}, Dim: 1, Scale: 3},
		{Name: "first dimension", DType: "float32", Shape: []int{11, 3}, Dim: 0, Scale: 1},
		{Name: "one class", DType: "float32", Shape: []int{5, 1}, Dim: 1, Scale: 1},
		{Name: "1-D", DType: "float32", Shape: []int{40}, Dim: 0, Scale: 20},
		{Name: "float64", DType: "float64", Shape: []int{12, 33}, Dim: -1, Scale: 5, Sparse: true},
		{Name: "float64 inner", DType: "float64", Shape: []int{3, 8, 7}, Dim: 1, Scale: 5, Transposed: true},
	}
	for i := range cases {
		c := &cases[i]
		state := uint64(i*7919 + 17)
		next := func() float64 {
			state = state*6364136223846793005 + 1442695040888963407
			return float64(state>>40)/(1<<23) - 1
		}
		n := numel(c.Shape)
		c.X, c.G = make([]float64, n), make([]float64, n)
		for j := range n {
			c.X[j] = c.Scale * next()
			if !c.Sparse {
				c.G[j] = next()
			}
		}
		if c.Sparse { // -1/N at one class a row, as NLLLoss's mean
			classes := c.Shape[len(c.Shape)-1]
			for r := range n / classes {
				c.G[r*classes+int((next()+1)/2*float64(classes))%classes] = -1 / float64(n/classes)
			}
		}
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	script := `import json, sys, torch
out = []
for c in json.loads(sys.stdin.read()):
    dt = getattr(torch, c["dtype"])
    x = torch.tensor(c["X"], dtype=torch.float64).reshape(c["shape"]).to(dt).requires_grad_()
    g = torch.tensor(c["G"], dtype=torch.float64).reshape(c["shape"]).to(dt)
    if c["transposed"]:
        g = g.transpose(0, 1).contiguous().transpose(0, 1)
    y = torch.log_softmax(x, c["dim"])
    y.backward(g)
    out.append({"y": y.detach().double().flatten().tolist(), "gx": x.grad.double().flatten().tolist()})
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
	var want []struct{ Y, GX []float64 }
	if err := json.Unmarshal(res, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			d, _ := ParseDType(c.DType)
			y := mustOp(mustOp(FromSlice(want[i].Y, c.Shape...)).To(d))
			g := mustOp(mustOp(FromSlice(c.G, c.Shape...)).To(d))
			if c.Transposed {
				g = mustOp(mustOp(mustOp(g.Transpose(0, 1)).Contiguous()).Transpose(0, 1))
			}
			got, err := LogSoftmaxBackward(g, y, c.Dim)
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-14
			if d == Float32 {
				tol = 4e-7
			}
			if err := closeToScale(f64s(t, got), want[i].GX, tol); err != nil {
				t.Error(err)
			}
			// In place: the same bits, written into a contiguous g; a
			// strided g is left alone and the result is a new tensor.
			gIn := mustOp(mustOp(g.Clone()).Contiguous())
			if c.Transposed {
				gIn = mustOp(mustOp(mustOp(g.Transpose(0, 1)).Contiguous()).Transpose(0, 1))
			}
			gBefore := mustOp(gIn.Clone())
			inPlace, err := LogSoftmaxBackwardInPlace(gIn, y, c.Dim)
			if err != nil {
				t.Fatal(err)
			}
			if shared := inPlace.SharesMemory(gIn); shared == c.Transposed {
				t.Errorf("in place: the result shares g's memory: %v, want %v", shared, !c.Transposed)
			}
			if c.Transposed && !bitsEqual(gIn, gBefore) {
				t.Errorf("in place: a strided g was written")
			}
			if !bitsEqual(inPlace, got) {
				t.Errorf("in place: the result's bits differ from LogSoftmaxBackward's")
			}
		})
	}
}

// TestLogSoftmaxBackwardErrors checks the arguments LogSoftmaxBackward
// refuses.
func TestLogSoftmaxBackwardErrors(t *testing.T) {
	f32 := mustOp(Zeros(Float32, 2, 3))
	cases := []struct {
		name  string
		g, y  *Tensor
		dim   int
		kind  ErrorKind
		match string
	}{
		{"dtypes differ", mustOp(Zeros(Float64, 2, 3)), f32, 1, RuntimeError, "expected a float32 or float64 gradient"},
		{"shapes differ", mustOp(Zeros(Float32, 3, 2)), f32, 1, RuntimeError, "expected a float32 or float64 gradient"},
		{"integers", mustOp(Zeros(Int64, 2, 3)), mustOp(Zeros(Int64, 2, 3)), 1, RuntimeError, "expected a float32 or float64 gradient"},
		{"dim", f32, f32, 2, IndexError, "Dimension out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LogSoftmaxBackward(c.g, c.y, c.dim)
			wantError(t, err, c.kind, c.match)
		})
	}
}
