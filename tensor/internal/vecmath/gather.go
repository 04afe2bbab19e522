package vecmath

// GatherRowsFloat32 gathers rows of src by a table of indices, as a
// convolution's im2col by table: for each row k < rows and j < n,
// dst[k·ld + j] = src[idx[k·n + j]], or 0 where that index is negative.
// hi is the largest index of idx[:rows·n]; where it is not below
// len(src), or dst, ld or idx are too short, nothing is written and
// false is returned. The vector kernels (AVX-512 and AVX2 gathers) and
// the Go loop write the same values.
func GatherRowsFloat32(dst []float32, ld int, src []float32, idx []int32, hi int32, rows, n int) bool {
	if !rowsFit(len(dst), ld, len(src), len(idx), hi, rows, n) {
		return false
	}
	if rows == 0 || n == 0 {
		return true
	}
	if !gatherRowsArch(dst, ld, src, idx, rows, n) {
		gatherRowsGeneric(dst, ld, src, idx, rows, n)
	}
	return true
}

// ScatterAddRowsFloat32 is GatherRowsFloat32's adjoint, a convolution's
// col2im by table: for each row k < rows in turn and j < n,
// dst[idx[k·n + j]] += src[k·ld + j] where that index is not negative.
// Within a row the non-negative indices must differ (a window's kernel
// element never reads one input element twice): each element of dst then
// gets its additions in the order of the rows, the Go loop's bits. hi,
// the lengths and the result are as in GatherRowsFloat32.
func ScatterAddRowsFloat32(dst []float32, src []float32, ld int, idx []int32, hi int32, rows, n int) bool {
	if !rowsFit(len(src), ld, len(dst), len(idx), hi, rows, n) {
		return false
	}
	if rows == 0 || n == 0 {
		return true
	}
	if !scatterAddRowsArch(dst, src, ld, idx, rows, n) {
		scatterAddRowsGeneric(dst, src, ld, idx, rows, n)
	}
	return true
}

// GathersInVectors reports whether GatherRowsFloat32 runs in vector
// gathers (AVX-512 or AVX2 in use), not in the Go loop.
func GathersInVectors() bool { return gathersArch() }

// rowsFit reports whether rows rows of n elements, ld apart, fit in a
// slice of length rowsLen, n·rows indices in one of length idxLen, and
// indices up to hi in one of length tableLen.
func rowsFit(rowsLen, ld, tableLen, idxLen int, hi int32, rows, n int) bool {
	if rows < 0 || n < 0 || ld < n || int(hi) >= tableLen {
		return false
	}
	if rows == 0 || n == 0 {
		return true
	}
	return idxLen/n >= rows && (rowsLen-n)/ld >= rows-1 && rowsLen >= n
}

func gatherRowsGeneric(dst []float32, ld int, src []float32, idx []int32, rows, n int) {
	for k := range rows {
		row := dst[k*ld : k*ld+n]
		for j, ix := range idx[k*n : (k+1)*n] {
			if ix < 0 {
				row[j] = 0
				continue
			}
			row[j] = src[ix]
		}
	}
}

func scatterAddRowsGeneric(dst []float32, src []float32, ld int, idx []int32, rows, n int) {
	for k := range rows {
		row := src[k*ld : k*ld+n]
		for j, ix := range idx[k*n : (k+1)*n] {
			if ix >= 0 {
				dst[ix] += row[j]
			}
		}
	}
}
