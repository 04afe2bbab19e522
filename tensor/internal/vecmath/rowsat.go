package vecmath

// AddRowsAtFloat32 adds rows of src into rows of dst, one row after the
// other in the order of idx: for each i, dst[idx[i]·dim+j] +=
// src[offs[i]+j] for j in [0, dim), each sum rounded to float32. Two
// rows added into the same row of dst are added in their order in idx,
// so the result is the Go loop's bit for bit whatever the implementation
// (the vector kernels add element by element, as it does). It is
// embedding's backward (ATen's index_add_ of the picked rows of the
// gradient): one call for all the rows where a call a row cost more than
// the 64 additions of makemore's rows.
//
// idx and offs must be as long as each other; every row must lie inside
// dst and src (it panics otherwise: callers check the indices first).
// dst must not overlap src.
func AddRowsAtFloat32(dst []float32, dim int, src []float32, idx []int64, offs []int) {
	if len(idx) != len(offs) || dim < 0 {
		panic("vecmath: AddRowsAtFloat32: idx and offs differ in length")
	}
	if dim == 0 || len(idx) == 0 {
		return
	}
	rows := int64(len(dst) / dim)
	for i, k := range idx {
		if k < 0 || k >= rows || offs[i] < 0 || offs[i] > len(src)-dim {
			panic("vecmath: AddRowsAtFloat32: a row outside dst or src")
		}
	}
	cols := dim &^ 7
	if cols > 0 {
		impls.Current().addRowsAtF32(dst, dim, cols, src, idx, offs)
	}
	if cols < dim {
		for i, k := range idx {
			row := dst[int(k)*dim+cols : int(k)*dim+dim]
			s := src[offs[i]+cols : offs[i]+dim]
			for j := range row {
				row[j] += s[j]
			}
		}
	}
}

// addRowsAtF32Generic is AddRowsAtFloat32's kernel in Go: the first cols
// elements of each row, the rows checked.
func addRowsAtF32Generic(dst []float32, dim, cols int, src []float32, idx []int64, offs []int) {
	for i, k := range idx {
		row := dst[int(k)*dim : int(k)*dim+cols]
		s := src[offs[i] : offs[i]+cols]
		for j := range row {
			row[j] += s[j]
		}
	}
}
