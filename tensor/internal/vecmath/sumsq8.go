package vecmath

// SumSqLanesFloat32 adds the squares of s's whole vectors of eight to acc
// lane by lane, acc[k] += s[8i+k]·s[8i+k] in order of i, each square
// rounded to float32 before the sum (as Go's loops compute it on amd64,
// without a fused multiply-add), and returns how many elements it took:
// a multiple of 8, all of them but the last len(s) % 8. The lanes are the
// bits of a Go loop with eight accumulators.
func SumSqLanesFloat32(acc *[8]float32, s []float32) int {
	if n := sumSqLanesArch(acc, s); n > 0 {
		return n
	}
	n := len(s) &^ 7
	for i := 0; i < n; i += 8 {
		v := s[i : i+8 : i+8]
		for k := range acc {
			acc[k] += v[k] * v[k]
		}
	}
	return n
}
