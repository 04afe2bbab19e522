package vecmath

import (
	"math/rand"
	"slices"
	"testing"
)

// TestBatchNormPassesMatchGeneric checks BatchNorm's vector passes bit for
// bit against the Go loops (the generic implementation forced), at every
// length up to 70 (whole vectors and tails), with zeros, subnormals, large
// values and infinities, in place and not.
func TestBatchNormPassesMatchGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	defer func(name string) { _ = SetImpl(name) }(Impl())
	for _, impl := range Impls() {
		for n := 0; n <= 70; n++ {
			for round := range 20 {
				g, x := drawFloat32s(r, n, 6), drawFloat32s(r, n, 6)
				c := drawFloat32s(r, 5, 6)
				inPlace := round%2 == 1
				run := func(name string) (aff, grad []float32) {
					if err := SetImpl(name); err != nil {
						t.Fatal(err)
					}
					aff, grad = make([]float32, n), make([]float32, n)
					gx := append([]float32(nil), g...)
					if inPlace {
						copy(aff, x)
						BatchNormAffineFloat32(aff, aff, c[0], c[1])
						grad = gx
					} else {
						BatchNormAffineFloat32(aff, x, c[0], c[1])
					}
					BatchNormGradFloat32(grad, gx, x, c[0], c[1], c[2], c[3], c[4])
					return aff, grad
				}
				a1, g1 := run(impl)
				a2, g2 := run("generic")
				if !slices.EqualFunc(a1, a2, sameBits) || !slices.EqualFunc(g1, g2, sameBits) {
					t.Fatalf("%s, n %d, in place %v: affine %v against %v, gradient %v against %v", impl, n, inPlace, a1, a2, g1, g2)
				}
			}
		}
	}
	// The Go loop against the formula's float64 values, each step rounded.
	x, g := []float32{1.5, -2, 0.25}, []float32{0.5, 3, -1}
	dst := make([]float32, 3)
	BatchNormAffineFloat32(dst, x, 2, 0.5)
	if dst[0] != 3.5 || dst[1] != -3.5 || dst[2] != 1 {
		t.Fatalf("affine %v", dst)
	}
	BatchNormGradFloat32(dst, g, x, 0.5, 2, 0.25, 0.5, 4)
	// ((0.5−0.25) − (1.5−0.5)·2)·0.5·4 = −3.5; ((3−0.25) − (−2.5)·2)·2 = 15.5;
	// ((−1−0.25) − (−0.25)·2)·2 = −1.5.
	if dst[0] != -3.5 || dst[1] != 15.5 || dst[2] != -1.5 {
		t.Fatalf("gradient %v", dst)
	}
}
