package tensor

import "testing"

// TestMatVecLayouts checks the matrix-vector products that bypass gemm, in
// each layout, against the float64 product (which does not).
func TestMatVecLayouts(t *testing.T) {
	g := NewGenerator(3)
	rnd := func(shape ...int) *Tensor {
		x, err := Randn(g, Float32, shape...)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	k, n := 37, 45
	cases := map[string][2]*Tensor{
		"row times matrix":             {rnd(1, k), rnd(k, n)},
		"row times transposed matrix":  {rnd(1, k), rnd(n, k).T()},
		"vector times matrix":          {rnd(k), rnd(k, n)},
		"stacked row times matrix":     {rnd(1, 1, k), rnd(k, n)},
		"matrix times vector":          {rnd(n, k), rnd(k)},
		"transposed matrix times col":  {rnd(k, n).T(), rnd(k, 1)},
		"matrix times column":          {rnd(n, k), rnd(k, 1)},
		"strided rows (narrowed) x W":  {rnd(1, k), mustNarrow(t, rnd(k, n+5), 1, 2, n)},
		"empty inner dimension":        {rnd(1, 0), rnd(0, n)},
		"row of a transposed operand":  {rnd(k, 1).T(), rnd(k, n)},
		"one-column result, row input": {rnd(1, k), rnd(k, 1)},
		// Batches, as attention over a KV cache makes: one query per head
		// times its keys, probabilities times values.
		"batch of rows times transposed": {rnd(12, 1, k), mustOp(rnd(12, n, k).Transpose(1, 2))},
		"batch of rows times matrices":   {rnd(12, 1, k), rnd(12, k, n)},
		"batch of matrices times cols":   {rnd(5, n, k), rnd(5, k, 1)},
		"broadcast batch of rows":        {rnd(3, 1, k), rnd(1, k, n)},
	}
	for name, c := range cases {
		got, err := Matmul(c[0], c[1])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a64, _ := c[0].To(Float64)
		b64, _ := c[1].To(Float64)
		want, err := Matmul(a64, b64)
		if err != nil {
			t.Fatal(err)
		}
		got64, _ := got.To(Float64)
		if ok, _ := Allclose(got64, want, 1e-5, 1e-5, false); !ok {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

func mustNarrow(t *testing.T, x *Tensor, dim, start, length int) *Tensor {
	y, err := x.Narrow(dim, start, length)
	if err != nil {
		t.Fatal(err)
	}
	return y
}

// TestMatVecBatchIsItsProducts checks that a batch of one-row products,
// which runs each product on the matrix-vector kernels, gives the bits of
// each product computed alone, as a cached decode step's attention needs
// (its heads are a batch; a model of one head is a single product).
func TestMatVecBatchIsItsProducts(t *testing.T) {
	g := NewGenerator(5)
	q := mustOp(Randn(g, Float32, 12, 1, 64))
	keys := mustOp(Randn(g, Float32, 12, 80, 64))
	kt := mustOp(keys.Transpose(1, 2))
	values := mustOp(Randn(g, Float32, 12, 80, 64))
	probs := mustOp(Randn(g, Float32, 12, 1, 80))
	for _, c := range []struct {
		name string
		a, b *Tensor
	}{{"query times keys", q, kt}, {"probabilities times values", probs, values}} {
		got := mustOp(Values[float32](mustOp(Matmul(c.a, c.b))))
		per := len(got) / 12
		for h := range 12 {
			ah, bh := mustOp(c.a.Select(0, h)), mustOp(c.b.Select(0, h))
			want := mustOp(Values[float32](mustOp(Matmul(ah, bh))))
			for j, w := range want {
				if got[h*per+j] != w {
					t.Fatalf("%s: head %d element %d is %v in the batch, %v alone", c.name, h, j, got[h*per+j], w)
				}
			}
		}
	}
}
