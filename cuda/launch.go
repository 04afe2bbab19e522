package cuda

import (
	"fmt"

	"github.com/kael-dev/kael/tensor"
)

// IterPlan is a tensor iterator's plan in the form a device kernel reads:
// the coalesced iteration shape, each operand's strides over it (output
// first, in elements) and each operand's storage offset.
type IterPlan struct {
	Numel   int
	Shape   []int
	Strides [][]int
	Offsets []int
}

// PlanIter takes the plan of it, whose inputs are inputs: the CPU
// iterator's broadcasting, dimension ordering and coalescing are the
// device's too, so the two backends visit elements alike.
func PlanIter(it *tensor.Iter, inputs ...*tensor.Tensor) IterPlan {
	p := IterPlan{Shape: it.Shape(), Strides: it.Strides(), Numel: 1}
	for _, n := range p.Shape {
		p.Numel *= n
	}
	p.Offsets = append(p.Offsets, it.Output().Offset())
	for _, in := range inputs {
		p.Offsets = append(p.Offsets, in.Offset())
	}
	return p
}

// Params packs the kernel parameters ElementwisePTX's kernels take, in
// their order: one device pointer per operand (bases[k] advanced by the
// operand's offset of elemSizes[k]-byte elements), the element count, the
// sizes, and each operand's strides in elements.
func (p IterPlan) Params(bases []uint64, elemSizes []int) ([]uint64, error) {
	nops := len(p.Strides)
	if len(bases) != nops || len(elemSizes) != nops || len(p.Offsets) != nops {
		return nil, fmt.Errorf("cuda: %d operands in the plan, %d pointers, %d element sizes, %d offsets",
			nops, len(bases), len(elemSizes), len(p.Offsets))
	}
	if len(p.Shape) < 1 || len(p.Shape) > MaxDims {
		return nil, fmt.Errorf("cuda: %d dimensions is outside 1..%d", len(p.Shape), MaxDims)
	}
	params := make([]uint64, 0, nops+1+len(p.Shape)*(nops+1))
	for k := range nops {
		params = append(params, bases[k]+uint64(p.Offsets[k]*elemSizes[k]))
	}
	params = append(params, uint64(p.Numel))
	for _, n := range p.Shape {
		params = append(params, uint64(n))
	}
	for k := range nops {
		for _, s := range p.Strides[k] {
			params = append(params, uint64(int64(s)))
		}
	}
	return params, nil
}

// BlockSize is the threads per block of element-wise launches.
const BlockSize = 256

// maxGrid caps the blocks of a launch; the kernels' grid-stride loop covers
// the rest.
const maxGrid = 1 << 16

// LaunchDims returns the grid and block sizes for numel elements; a grid
// of 0 means there is nothing to launch.
func LaunchDims(numel int) (grid, block uint32) {
	if numel <= 0 {
		return 0, BlockSize
	}
	return uint32(min((numel+BlockSize-1)/BlockSize, maxGrid)), BlockSize
}
