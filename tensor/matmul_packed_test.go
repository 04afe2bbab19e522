package tensor

import "testing"

// TestMatmulPacked checks that products with a packed B are Matmul's bit
// for bit: B contiguous or a transposed view (a layer's weight.T()), K
// within one of the kernel's blocks and across several, shapes the
// plain loop takes, the matrix-vector shapes left to Matmul, one thread
// and two; and that a B written after it was packed is multiplied as it
// is now.
func TestMatmulPacked(t *testing.T) {
	defer func(n int) { _ = SetNumThreads(n) }(NumThreads())
	for _, tc := range []struct {
		name       string
		dtype      DType
		m, k, n    int
		transposed bool
	}{
		{"lstm step forward", Float32, 20, 200, 800, true},
		{"lstm step backward, K over a block", Float32, 20, 800, 200, false},
		{"f64 K over a block", Float64, 7, 300, 33, true},
		{"n not a sliver multiple", Float32, 9, 31, 45, false},
		{"plain loop", Float32, 2, 3, 4, true},
		{"one row", Float32, 1, 64, 48, true},
		{"one column", Float64, 16, 64, 1, false},
		{"empty K", Float32, 4, 0, 5, false},
	} {
		for _, threads := range []int{1, 2} {
			t.Run(tc.name, func(t *testing.T) {
				if err := SetNumThreads(threads); err != nil {
					t.Fatal(err)
				}
				g := NewGenerator(3)
				a := mustOp(Randn(g, tc.dtype, tc.m, tc.k))
				b := mustOp(Randn(g, tc.dtype, tc.k, tc.n))
				if tc.transposed {
					b = mustOp(Randn(g, tc.dtype, tc.n, tc.k)).T()
				}
				p := PackMatrix(b)
				if p == nil {
					t.Fatal("PackMatrix: nil")
				}
				for round := range 2 {
					got := mustOp(MatmulPacked(a, p))
					if want := mustOp(Matmul(a, b)); !Equal(got, want) {
						t.Fatalf("round %d, %d threads: %v\nwant %v", round, threads, got, want)
					}
					// Write B: the next round must see the new values.
					if b.Numel() > 0 {
						mustOp(0, MulSpec.ApplyInPlace(b, mustOp(Randn(g, tc.dtype, 1))))
					}
				}
			})
		}
	}
}

// TestLinearPacked checks LinearPacked against Linear: with the pack of
// weight.T(), with no pack, and with a pack of another matrix, which it
// must not use.
func TestLinearPacked(t *testing.T) {
	g := NewGenerator(4)
	x := mustOp(Randn(g, Float32, 20, 50))
	w := mustOp(Randn(g, Float32, 60, 50))
	other := mustOp(Randn(g, Float32, 60, 50))
	bias := mustOp(Randn(g, Float32, 60))
	want := mustOp(Add(mustOp(Matmul(x, w.T())), bias))
	for _, tc := range []struct {
		name string
		pack *PackedMatrix
		bias *Tensor
		want *Tensor
	}{
		{"packed", PackMatrix(w.T()), bias, want},
		{"packed, no bias", PackMatrix(w.T()), nil, mustOp(Matmul(x, w.T()))},
		{"none", nil, bias, want},
		{"another matrix's", PackMatrix(other.T()), bias, want},
		{"the weight untransposed", PackMatrix(w), bias, want},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustOp(LinearPacked(x, w, tc.pack, tc.bias)); !bitsEqual(got, tc.want) {
				t.Errorf("%v\nwant %v", got, tc.want)
			}
		})
	}
	t.Run("weight written after packing", func(t *testing.T) {
		v := mustOp(w.Clone())
		pack := PackMatrix(v.T())
		if err := v.Fill(0.5); err != nil {
			t.Fatal(err)
		}
		want := mustOp(Add(mustOp(Matmul(x, v.T())), bias))
		if got := mustOp(LinearPacked(x, v, pack, bias)); !bitsEqual(got, want) {
			t.Errorf("%v\nwant %v", got, want)
		}
	})
}
