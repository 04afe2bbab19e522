package cuda

import (
	"slices"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// kernelOffsets computes, as ElementwisePTX's kernels do, the element
// offset of every operand at linear index i from packed parameters (the
// pointers were packed with element size 1 from base 0, so they are the
// storage offsets).
func kernelOffsets(params []uint64, nops, ndim int, i uint64) []int {
	sizes := params[nops+1 : nops+1+ndim]
	strides := params[nops+1+ndim:]
	offs := make([]int, nops)
	for k := range nops {
		offs[k] = int(params[k])
	}
	rem := i
	for d := ndim - 1; d >= 0; d-- {
		c := rem
		if d > 0 {
			c, rem = rem%sizes[d], rem/sizes[d]
		}
		for k := range nops {
			offs[k] += int(c) * int(int64(strides[k*ndim+d]))
		}
	}
	return offs
}

// cpuOffsets lists, element by element, the operand offsets the CPU
// iterator visits.
func cpuOffsets(t *testing.T, it *tensor.Iter) [][]int {
	var out [][]int
	err := it.Run(func(offs, inner []int, n int) {
		for j := range n {
			row := make([]int, len(offs))
			for k := range offs {
				row[k] = offs[k] + j*inner[k]
			}
			out = append(out, row)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPlanIterMatchesCPUIterator(t *testing.T) {
	arange := func(shape ...int) *tensor.Tensor {
		n := 1
		for _, s := range shape {
			n *= s
		}
		x, err := tensor.Arange(0, float64(n), 1, tensor.Float32)
		if err != nil {
			t.Fatal(err)
		}
		x, err = x.Reshape(shape...)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	must := func(x *tensor.Tensor, err error) *tensor.Tensor {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name   string
		inputs []*tensor.Tensor
	}{
		{"contiguous", []*tensor.Tensor{arange(2, 3), arange(2, 3)}},
		{"broadcast row", []*tensor.Tensor{arange(4, 3), arange(3)}},
		{"broadcast column", []*tensor.Tensor{arange(4, 1), arange(1, 5)}},
		{"transposed", []*tensor.Tensor{must(arange(3, 4).Transpose(0, 1)), arange(4, 3)}},
		{"both transposed", []*tensor.Tensor{must(arange(3, 4).Transpose(0, 1)), must(arange(3, 4).Transpose(0, 1))}},
		{"sliced with offset", []*tensor.Tensor{must(arange(4, 5).Select(0, 2)), arange(5)}},
		{"3-d broadcast", []*tensor.Tensor{arange(2, 1, 4), arange(3, 1)}},
		{"unary transposed", []*tensor.Tensor{must(arange(2, 3, 4).Transpose(0, 2))}},
		{"scalar", []*tensor.Tensor{arange(), arange()}},
	}
	for _, tt := range tests {
		it, err := tensor.NewIter(tensor.IterConfig{OutDType: tensor.Float32, Inputs: tt.inputs})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		plan := PlanIter(it, tt.inputs...)
		nops := len(tt.inputs) + 1
		params, err := plan.Params(make([]uint64, nops), slices.Repeat([]int{1}, nops))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		op := Add
		if len(tt.inputs) == 1 {
			op = Neg
		}
		k, err := ElementwisePTX(op, tensor.Float32, len(plan.Shape))
		if err != nil {
			t.Fatal(err)
		}
		if len(params) != k.NumParams() {
			t.Fatalf("%s: %d params, kernel takes %d", tt.name, len(params), k.NumParams())
		}
		want := cpuOffsets(t, it)
		if int(params[nops]) != len(want) {
			t.Fatalf("%s: numel %d, CPU visits %d", tt.name, params[nops], len(want))
		}
		for i, w := range want {
			if got := kernelOffsets(params, nops, len(plan.Shape), uint64(i)); !slices.Equal(got, w) {
				t.Fatalf("%s: element %d: kernel offsets %v, CPU %v (plan %+v)", tt.name, i, got, w, plan)
			}
		}
	}
}

func TestParamsFoldOffsetsIntoPointers(t *testing.T) {
	p := IterPlan{Numel: 6, Shape: []int{2, 3}, Strides: [][]int{{3, 1}, {1, 2}}, Offsets: []int{0, 5}}
	got, err := p.Params([]uint64{0x1000, 0x2000}, []int{8, 4})
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{0x1000, 0x2000 + 20, 6, 2, 3, 3, 1, 1, 2}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if _, err := p.Params([]uint64{1}, []int{4}); err == nil {
		t.Error("mismatched operand count accepted")
	}
	deep := IterPlan{Shape: make([]int, MaxDims+1), Strides: [][]int{nil}, Offsets: []int{0}}
	if _, err := deep.Params([]uint64{0}, []int{4}); err == nil {
		t.Error("too many dimensions accepted")
	}
}

func TestLaunchDims(t *testing.T) {
	tests := []struct {
		numel int
		grid  uint32
	}{{0, 0}, {1, 1}, {256, 1}, {257, 2}, {1 << 30, maxGrid}}
	for _, tt := range tests {
		if g, b := LaunchDims(tt.numel); g != tt.grid || b != BlockSize {
			t.Errorf("LaunchDims(%d) = %d, %d; want %d, %d", tt.numel, g, b, tt.grid, BlockSize)
		}
	}
}
