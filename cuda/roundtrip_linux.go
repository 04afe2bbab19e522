//go:build linux

package cuda

import (
	"fmt"

	"github.com/kael-dev/kael/tensor"
)

// Elementwise computes op over CPU tensors on dev: it copies the inputs'
// storages to the device, runs the generated kernel over the CPU
// iterator's plan, and copies the result back into a new CPU tensor. It
// is how the kernels are checked against the CPU backend until device
// tensors exist; it is not how device tensors will compute.
func (dev *Device) Elementwise(op Op, inputs ...*tensor.Tensor) (*tensor.Tensor, error) {
	if len(inputs) != op.Arity() {
		return nil, fmt.Errorf("cuda: %s takes %d input(s), got %d", op, op.Arity(), len(inputs))
	}
	k, err := ElementwisePTX(op, inputs[0].DType(), 1)
	if err != nil {
		return nil, err
	}
	it, err := tensor.NewIter(tensor.IterConfig{OutDType: k.OutDType, Inputs: inputs})
	if err != nil {
		return nil, err
	}
	plan := PlanIter(it, inputs...)
	if k, err = ElementwisePTX(op, inputs[0].DType(), len(plan.Shape)); err != nil {
		return nil, err
	}
	operands := append([]*tensor.Tensor{it.Output()}, inputs...)
	bases := make([]uint64, len(operands))
	sizes := make([]int, len(operands))
	hosts := make([][]byte, len(operands))
	defer func() {
		for _, p := range bases {
			dev.Free(p)
		}
	}()
	for i, t := range operands {
		if hosts[i], err = storageBytes(t); err != nil {
			return nil, err
		}
		sizes[i] = t.DType().Size()
		if bases[i], err = dev.Alloc(uint64(len(hosts[i]))); err != nil {
			return nil, err
		}
		if i > 0 {
			if err := dev.CopyToDevice(bases[i], hosts[i]); err != nil {
				return nil, err
			}
		}
	}
	params, err := plan.Params(bases, sizes)
	if err != nil {
		return nil, err
	}
	if err := dev.Launch(k, params, plan.Numel); err != nil {
		return nil, err
	}
	if err := dev.CopyToHost(hosts[0], bases[0]); err != nil {
		return nil, err
	}
	return it.Output(), nil
}
