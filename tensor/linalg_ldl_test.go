package tensor

import "testing"

// TestLDLSolveRefusesForeignPivots checks that pivots ldl_factor cannot
// have given are a RuntimeError rather than rows read outside the matrix
// (PyTorch 1.13 itself fails on them, so there is no reference to ask).
func TestLDLSolveRefusesForeignPivots(t *testing.T) {
	ld := mustTensor(t, []float64{4, 0, 1, 3}, 2, 2)
	b := mustTensor(t, []float64{1, 2}, 2, 1)
	for _, piv := range [][]int32{{5, 1}, {0, 1}, {-1, 2}, {1, -1}, {-3, -3}} {
		_, err := LDLSolve("torch.linalg.ldl_solve", ld, mustTensor(t, piv, 2), b)
		wantError(t, err, RuntimeError, "torch.linalg.ldl_solve: pivot")
	}
	if _, err := LDLSolve("torch.linalg.ldl_solve", ld, mustTensor(t, []int32{1, 2}, 2), b); err != nil {
		t.Errorf("valid pivots: %v", err)
	}
	if _, err := LDLSolve("torch.linalg.ldl_solve", ld, mustTensor(t, []int32{-2, -2}, 2), b); err != nil {
		t.Errorf("a 2×2 block's pivots: %v", err)
	}
}
