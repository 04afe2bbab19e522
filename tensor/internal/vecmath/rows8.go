package vecmath

// AddRows8Float64 adds eight rows to acc, acc[j] += ((r0[j] + r1[j]) +
// (r2[j] + r3[j])) + ((r4[j] + r5[j]) + (r6[j] + r7[j])), or with load
// set stores the bracket; the rows must be at least as long as acc. The
// order of the additions is fixed (PyTorch's for eight rows of a column
// sum), so every implementation gives the Go loop's bits. acc must not
// overlap the rows.
func AddRows8Float64(acc []float64, rows *[8][]float64, load bool) {
	n := len(acc)
	var r [8][]float64
	for k := range rows {
		r[k] = rows[k][:n]
	}
	if n8 := n &^ 7; n8 > 0 {
		impls.Current().addRows8F64(acc[:n8], &r, load)
		acc = acc[n8:]
		for k := range r {
			r[k] = r[k][n8:]
		}
	}
	addRows8F64Generic(acc, &r, load)
}

// addRows8F64Generic is AddRows8Float64 in Go.
func addRows8F64Generic(acc []float64, rows *[8][]float64, load bool) {
	addRows8Generic(acc, rows, load)
}

// AddRows8Float32 is AddRows8Float64 for float32: the same order of the
// additions, each rounded to float32, so every implementation gives the
// Go loop's bits. acc must not overlap the rows.
func AddRows8Float32(acc []float32, rows *[8][]float32, load bool) {
	n := len(acc)
	var r [8][]float32
	for k := range rows {
		r[k] = rows[k][:n]
	}
	if n8 := addRows8F32Arch(acc, &r, load); n8 > 0 {
		acc = acc[n8:]
		for k := range r {
			r[k] = r[k][n8:]
		}
	}
	addRows8F32Generic(acc, &r, load)
}

// addRows8F32Generic is AddRows8Float32 in Go.
func addRows8F32Generic(acc []float32, rows *[8][]float32, load bool) {
	addRows8Generic(acc, rows, load)
}

// addRows8Generic is AddRows8Float64 and AddRows8Float32 in Go: each
// addition rounded to T, in the order the kernels keep.
func addRows8Generic[T float32 | float64](acc []T, rows *[8][]T, load bool) {
	n := len(acc)
	a, b, c, d := rows[0][:n], rows[1][:n], rows[2][:n], rows[3][:n]
	e, f, g, h := rows[4][:n], rows[5][:n], rows[6][:n], rows[7][:n]
	if load {
		for j := range acc {
			acc[j] = ((a[j] + b[j]) + (c[j] + d[j])) + ((e[j] + f[j]) + (g[j] + h[j]))
		}
		return
	}
	for j := range acc {
		acc[j] += ((a[j] + b[j]) + (c[j] + d[j])) + ((e[j] + f[j]) + (g[j] + h[j]))
	}
}
