package tensor

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"slices"
	"testing"
)

// embeddingGradCase is one gradient of an embedding's weight: indices of
// idxShape picking among rows, and the gradient of the output, dim wide,
// laid out as layout says: "contiguous"; "step2", every other element of
// rows twice as wide; "transposed", the first two dimensions of a
// contiguous tensor swapped; "columns", the middle third of rows three
// times as wide (one of makemore's 16 embeddings in the gradient of their
// cat).
type embeddingGradCase struct {
	Name     string `json:"name"`
	DType    string `json:"dtype"`
	Rows     int    `json:"rows"`
	Dim      int    `json:"dim"`
	IdxShape []int  `json:"idx_shape"`
	Layout   string `json:"layout"`
	// Filled in by the test: the indices, and the elements of the
	// gradient's base tensor (real and imaginary parts for complex).
	Idx  []int64   `json:"idx"`
	Base []float64 `json:"base"`
}

// baseShape is the shape of the contiguous tensor the gradient is a view of.
func (c *embeddingGradCase) baseShape() []int {
	s := append(slices.Clone(c.IdxShape), c.Dim)
	switch c.Layout {
	case "step2":
		s[len(s)-1] *= 2
	case "columns":
		s[len(s)-1] *= 3
	case "transposed":
		s[0], s[1] = s[1], s[0]
	}
	return s
}

// fill draws the indices (mostly a few rows, so that they repeat many
// times) and the gradient's values, of magnitudes from 2^-8 to 2^8 so
// that float32 sums depend on their order, rounded to the dtype.
func (c *embeddingGradCase) fill() {
	state := uint64(len(c.Name)*7919 + c.Rows)
	next := func() uint64 {
		state = state*6364136223846793005 + 1442695040888963407
		return state >> 33
	}
	c.Idx = make([]int64, numel(c.IdxShape))
	for i := range c.Idx {
		c.Idx[i] = int64(next() % uint64(min(c.Rows, 3)))
		if next()%4 == 0 {
			c.Idx[i] = int64(next() % uint64(c.Rows))
		}
	}
	parts := 1
	if c.DType == "complex64" || c.DType == "complex128" {
		parts = 2
	}
	c.Base = make([]float64, numel(c.baseShape())*parts)
	for i := range c.Base {
		v := (float64(next()%(1<<20))/(1<<19) - 1) * math.Ldexp(1, int(next()%17)-8)
		switch c.DType {
		case "float32", "complex64":
			v = float64(float32(v))
		case "float16":
			v = float64(F16FromFloat32(float32(v)).Float32())
		case "bfloat16":
			v = float64(BF16FromFloat32(float32(v)).Float32())
		}
		c.Base[i] = v
	}
}

// grad builds the case's gradient in kael, as a view of its base tensor.
func (c *embeddingGradCase) grad(t *testing.T) *Tensor {
	t.Helper()
	d, ok := ParseDType(c.DType)
	if !ok {
		t.Fatalf("unknown dtype %s", c.DType)
	}
	shape := c.baseShape()
	var base *Tensor
	if d.IsComplex() {
		base = mustOp(ViewAsComplex(mustOp(mustOp(FromSlice(c.Base, append(slices.Clone(shape), 2)...)).To(d.ToReal()))))
	} else {
		base = mustOp(mustOp(FromSlice(c.Base, shape...)).To(d))
	}
	switch c.Layout {
	case "step2":
		return mustOp(base.Slice(len(shape)-1, 0, shape[len(shape)-1], 2))
	case "columns":
		return mustOp(base.Narrow(len(shape)-1, c.Dim, c.Dim))
	case "transposed":
		return mustOp(base.Transpose(0, 1))
	}
	return base
}

// TestEmbeddingDenseBackwardMatchesPyTorch checks the weight's gradient
// against PyTorch's (F.embedding(idx, w).backward(g), whose
// embedding_dense_backward adds the picked rows in index order in the
// dtype; for complex, which PyTorch's autograd refuses, that kernel
// itself): bit for bit, including float32's rounding after each of many
// additions to the same row, float16's and bfloat16's rounding to their
// own precision after each, and strided gradients.
func TestEmbeddingDenseBackwardMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	cases := []embeddingGradCase{
		{Name: "float32, repeated rows", DType: "float32", Rows: 5, Dim: 7, IdxShape: []int{300}, Layout: "contiguous"},
		{Name: "float32, batch of sequences", DType: "float32", Rows: 27, Dim: 64, IdxShape: []int{32, 16}, Layout: "contiguous"},
		{Name: "float32, columns of wider rows", DType: "float32", Rows: 27, Dim: 64, IdxShape: []int{32, 16}, Layout: "columns"},
		{Name: "float32, rows of vectors and a tail", DType: "float32", Rows: 6, Dim: 21, IdxShape: []int{12, 25}, Layout: "columns"},
		{Name: "float32, every other element", DType: "float32", Rows: 6, Dim: 5, IdxShape: []int{4, 30}, Layout: "step2"},
		{Name: "float32, transposed", DType: "float32", Rows: 9, Dim: 3, IdxShape: []int{20, 11}, Layout: "transposed"},
		{Name: "float32, one index", DType: "float32", Rows: 4, Dim: 6, IdxShape: []int{}, Layout: "contiguous"},
		{Name: "float32, no index", DType: "float32", Rows: 3, Dim: 2, IdxShape: []int{0}, Layout: "contiguous"},
		{Name: "float64", DType: "float64", Rows: 5, Dim: 4, IdxShape: []int{10, 20}, Layout: "transposed"},
		{Name: "float16", DType: "float16", Rows: 4, Dim: 3, IdxShape: []int{200}, Layout: "contiguous"},
		{Name: "bfloat16", DType: "bfloat16", Rows: 4, Dim: 3, IdxShape: []int{200}, Layout: "step2"},
		{Name: "complex64", DType: "complex64", Rows: 3, Dim: 2, IdxShape: []int{50}, Layout: "contiguous"},
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
    shape = c["idx_shape"] + [c["dim"]]
    base_shape = list(shape)
    if c["layout"] == "step2":
        base_shape[-1] *= 2
    elif c["layout"] == "columns":
        base_shape[-1] *= 3
    elif c["layout"] == "transposed":
        base_shape[0], base_shape[1] = base_shape[1], base_shape[0]
    if dt.is_complex:
        base = torch.view_as_complex(torch.tensor(c["base"], dtype=torch.float64).reshape(base_shape + [2]).to({torch.complex64: torch.float32, torch.complex128: torch.float64}[dt]))
    else:
        base = torch.tensor(c["base"], dtype=torch.float64).reshape(base_shape).to(dt)
    g = {"contiguous": base, "step2": base[..., ::2], "columns": base[..., c["dim"]:2 * c["dim"]], "transposed": base.transpose(0, 1) if base.dim() > 1 else base}[c["layout"]]
    idx = torch.tensor(c["idx"], dtype=torch.int64).reshape(c["idx_shape"])
    if dt.is_complex:  # refused by autograd: the kernel itself
        r = torch.view_as_real(torch.ops.aten.embedding_dense_backward(g, idx, c["rows"], -1, False))
    else:
        w = torch.zeros(c["rows"], c["dim"], dtype=dt, requires_grad=True)
        torch.nn.functional.embedding(idx, w).backward(g)
        r = w.grad
    out.append(r.double().flatten().tolist())
print(json.dumps(out))
`
	cmd := exec.Command(python, "-c", script)
	cmd.Stderr = os.Stderr
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var want [][]float64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	if len(want) != len(cases) {
		t.Fatalf("python printed %d results for %d cases", len(want), len(cases))
	}
	for i, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			g := c.grad(t)
			idx := mustOp(FromSlice(c.Idx, c.IdxShape...))
			res, err := EmbeddingDenseBackward(g, idx, c.Rows)
			if err != nil {
				t.Fatal(err)
			}
			if res.DType() != g.DType() || !slices.Equal(res.Shape(), []int{c.Rows, c.Dim}) {
				t.Fatalf("result %s %v, want %s [%d %d]", res.DType(), res.Shape(), g.DType(), c.Rows, c.Dim)
			}
			if res.DType().IsComplex() {
				res = mustOp(ViewAsReal(res))
			}
			got := mustOp(res.Float64s())
			if len(got) != len(want[i]) {
				t.Fatalf("%d values, PyTorch %d", len(got), len(want[i]))
			}
			for k := range got {
				if math.Float64bits(got[k]) != math.Float64bits(want[i][k]) {
					t.Errorf("element %d: %v, PyTorch %v", k, got[k], want[i][k])
				}
			}
		})
	}
}

// TestEmbeddingDenseBackwardRefuses checks the errors for operands no
// embedding can have produced.
func TestEmbeddingDenseBackwardRefuses(t *testing.T) {
	g := mustOp(Zeros(Float32, 3, 4))
	tests := []struct {
		name    string
		grad    *Tensor
		idx     *Tensor
		rows    int
		kind    ErrorKind
		message string
	}{
		{"index out of range", g, mustOp(FromSlice([]int64{0, 5, 1}, 3)), 5, IndexError, "index out of range in self"},
		{"negative index", g, mustOp(FromSlice([]int64{0, -1, 1}, 3)), 5, IndexError, "index out of range in self"},
		{"int32 indices", g, mustOp(FromSlice([]int32{0, 1, 1}, 3)), 5, TypeError, "embedding_backward(): expected indices of dtype int64, got int32"},
		{"shape", g, mustOp(FromSlice([]int64{0, 1}, 2)), 5, RuntimeError, "embedding_backward(): the gradient of shape [3, 4] does not fit indices of shape [2]"},
		{"integer gradient", mustOp(Zeros(Int64, 3, 4)), mustOp(FromSlice([]int64{0, 1, 1}, 3)), 5, TypeError, "embedding_backward only supports floating point and complex dtypes, got int64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := EmbeddingDenseBackward(tt.grad, tt.idx, tt.rows)
			wantError(t, err, tt.kind, tt.message)
		})
	}
}
