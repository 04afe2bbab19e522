package tensor

// Strides returns each operand's strides over Shape, in elements, output
// first: the plan a device backend packs into its kernels' parameters.
func (it *Iter) Strides() [][]int {
	out := make([][]int, len(it.strides))
	for i, s := range it.strides {
		out[i] = append([]int(nil), s...)
	}
	return out
}
