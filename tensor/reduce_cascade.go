package tensor

import "math/bits"

// PyTorch 1.13 sums float32 and float64 tensors on the CPU with its
// cascade sum (aten/src/ATen/native/cpu/SumKernel.cpp), in accumulators
// of the input's own type. cascadeSum reproduces its order for one
// contiguous run, the case of x.sum(), x.mean() and of reductions over
// the last dimension of a contiguous tensor, so that their bits are
// PyTorch's on an AVX2 CPU with one thread:
//
//   - a run of at least one vector (cascadeLanes elements) is read as
//     vectors; each group of four consecutive vectors is a "row" of the
//     multi-level sum (cascadeRowsSum), the vectors left over are added to
//     the first partial vector, the four partial vectors are added one
//     after another, then the elements after the last whole vector are
//     summed from zero and the lanes of the partial vector added to them
//     one by one;
//   - a shorter run is read element by element in the same multi-level
//     way, with four elements a row.
//
// The lanes are AVX2's (eight float32 or four float64); PyTorch on an
// AVX-512 CPU reads sixteen or eight, and its bits can differ from these.
// With several threads PyTorch splits runs of 32768 elements or more
// between them; kael keeps the one-thread order whatever its goroutines.

// cascadeILP is the number of vectors (or elements) in one row of the
// multi-level sum, PyTorch's ilp_factor and nrows.
const cascadeILP = 4

// cascadeLevels is the number of levels of the multi-level sum.
const cascadeLevels = 4

// cascadeLanes returns the lanes of PyTorch's AVX2 vector of T.
func cascadeLanes[T float32 | float64]() int {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return 8
	}
	return 4
}

// cascadeSum returns the sum of x in PyTorch's cascade order.
func cascadeSum[T float32 | float64](x []T) T {
	lanes := cascadeLanes[T]()
	if len(x) < lanes {
		return cascadeRowSum(x, 1)
	}
	whole := len(x) / lanes * lanes
	vec := cascadeRowSumVec(x[:whole], lanes)
	var total T
	for _, v := range x[whole:] {
		total += v
	}
	for _, v := range vec {
		total += v
	}
	return total
}

// cascadeRowSum is PyTorch's row_sum of x read in elements of width
// lanes, for width 1: the scalar sum.
func cascadeRowSum[T float32 | float64](x []T, width int) T {
	return cascadeRowSumVec(x, width)[0]
}

// cascadeRowSumVec is PyTorch's row_sum of x read as len(x)/width
// elements of width lanes, each lane summed apart; it returns the width
// lane sums.
func cascadeRowSumVec[T float32 | float64](x []T, width int) []T {
	n := len(x) / width
	rows := n / cascadeILP
	rowLen := cascadeILP * width
	partial := cascadeRowsSum(x[:rows*rowLen], rowLen)
	first := partial[:width]
	for i := rows * cascadeILP; i < n; i++ {
		for l, v := range x[i*width : (i+1)*width] {
			first[l] += v
		}
	}
	for k := 1; k < cascadeILP; k++ {
		for l, v := range partial[k*width : (k+1)*width] {
			first[l] += v
		}
	}
	return first
}

// cascadeRowsSum is PyTorch's multi_row_sum: x holds rows of rowLen
// values, and each of the rowLen columns is summed over the rows in four
// levels. Level 0 adds levelStep rows from zero, then is added into level
// 1; every levelStep additions into a level carry it into the next one.
func cascadeRowsSum[T float32 | float64](x []T, rowLen int) []T {
	size := len(x) / rowLen
	levelPower := max(4, ceilLog2(size)/cascadeLevels)
	levelStep := 1 << levelPower
	levelMask := levelStep - 1
	acc := make([]T, cascadeLevels*rowLen)
	level := func(j int) []T { return acc[j*rowLen : (j+1)*rowLen] }
	i := 0
	for ; i+levelStep <= size; i += levelStep {
		cascadeAddRows(level(0), x[i*rowLen:(i+levelStep)*rowLen])
		for j := 1; j < cascadeLevels; j++ {
			lower, upper := level(j-1), level(j)
			for k := range upper {
				upper[k] += lower[k]
				lower[k] = 0
			}
			if (i+levelStep)&(levelMask<<(j*levelPower)) != 0 {
				break
			}
		}
	}
	cascadeAddRows(level(0), x[i*rowLen:size*rowLen])
	first := level(0)
	for j := 1; j < cascadeLevels; j++ {
		for k, v := range level(j) {
			first[k] += v
		}
	}
	return first
}

// cascadeAddRows adds the rows of x, of len(acc) values each, into acc one after
// another, eight columns at a time so that their sums stay in registers.
func cascadeAddRows[T float32 | float64](acc, x []T) {
	w := len(acc)
	if len(x) == 0 {
		return
	}
	c := 0
	for ; c+8 <= w; c += 8 {
		a := acc[c : c+8 : c+8]
		a0, a1, a2, a3, a4, a5, a6, a7 := a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]
		for r := c; r < len(x); r += w {
			v := x[r : r+8 : r+8]
			a0 += v[0]
			a1 += v[1]
			a2 += v[2]
			a3 += v[3]
			a4 += v[4]
			a5 += v[5]
			a6 += v[6]
			a7 += v[7]
		}
		a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7] = a0, a1, a2, a3, a4, a5, a6, a7
	}
	for ; c < w; c++ {
		s := acc[c]
		for r := c; r < len(x); r += w {
			s += x[r]
		}
		acc[c] = s
	}
}

// ceilLog2 is PyTorch's CeilLog2: 1 for n <= 2, else ceil(log2(n)).
func ceilLog2(n int) int {
	if n <= 2 {
		return 1
	}
	return bits.Len64(uint64(n - 1))
}
