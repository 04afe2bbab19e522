package autograd

import (
	"sync/atomic"

	"github.com/kael-dev/kael/tensor"
)

// CPU autocast, torch.autocast("cpu"): inside it, the operations of
// PyTorch 1.13's CPU lists run in another precision. Those of its
// lower-precision list (matmul, mm, bmm, linear, conv1d/2d/3d, addmm,
// baddbmm, addbmm) cast their floating-point operands other than float64
// to the autocast dtype (bfloat16) first; those of its float32 list (the
// losses, conv_transpose) cast them to float32. The casts are recorded
// (ToCopyBackward0), so gradients flow back in the operands' own dtypes.
// Like the grad mode, it is one process-wide switch.

var (
	autocastOn    atomic.Bool
	autocastDType atomic.Uint32
	autocastCache atomic.Bool
	autocastDepth atomic.Int64
)

func init() {
	autocastDType.Store(uint32(tensor.BFloat16))
	autocastCache.Store(true)
}

// IsAutocastCPUEnabled reports whether CPU autocast is on
// (torch.is_autocast_cpu_enabled()).
func IsAutocastCPUEnabled() bool { return autocastOn.Load() }

// SetAutocastCPUEnabled turns CPU autocast on or off and returns the
// previous setting.
func SetAutocastCPUEnabled(on bool) (previous bool) { return autocastOn.Swap(on) }

// AutocastCPUDType is the dtype the lower-precision operations run in
// (torch.get_autocast_cpu_dtype(), bfloat16 unless set).
func AutocastCPUDType() tensor.DType { return tensor.DType(autocastDType.Load()) }

// SetAutocastCPUDType sets that dtype and returns the previous one.
func SetAutocastCPUDType(d tensor.DType) (previous tensor.DType) {
	return tensor.DType(autocastDType.Swap(uint32(d)))
}

// IsAutocastCacheEnabled reports torch.is_autocast_cache_enabled(). kael
// keeps no cache of cast weights (each operation casts its operands
// afresh, which gives the same values), so the setting is only kept.
func IsAutocastCacheEnabled() bool { return autocastCache.Load() }

// SetAutocastCacheEnabled sets it and returns the previous setting.
func SetAutocastCacheEnabled(on bool) (previous bool) { return autocastCache.Swap(on) }

// AutocastNesting adds delta to the number of autocast regions entered
// (torch.autocast_increment_nesting and _decrement_nesting) and returns
// the new number.
func AutocastNesting(delta int64) int64 { return autocastDepth.Add(delta) }

// autocastEligible reports whether autocast casts t: a floating-point
// tensor other than float64, as PyTorch's is_eligible.
func autocastEligible(t *tensor.Tensor, to tensor.DType) bool {
	return t != nil && t.DType().IsFloating() && t.DType() != tensor.Float64 && t.DType() != to
}

// autocastTo casts each eligible operand to d (recorded), through its
// pointer.
func autocastTo(d tensor.DType, ts []**tensor.Tensor) error {
	for _, t := range ts {
		if !autocastEligible(*t, d) {
			continue
		}
		c, err := To(*t, d)
		if err != nil {
			return err
		}
		*t = c
	}
	return nil
}

// AutocastLower casts the operands (pointers to them; a nil tensor stays
// nil) of an operation of the lower-precision list to the autocast dtype
// when CPU autocast is on.
func AutocastLower(ts ...**tensor.Tensor) error {
	if !autocastOn.Load() {
		return nil
	}
	return autocastTo(AutocastCPUDType(), ts)
}

// AutocastFloat32 casts the operands of an operation of the float32 list
// to float32 when CPU autocast is on.
func AutocastFloat32(ts ...**tensor.Tensor) error {
	if !autocastOn.Load() {
		return nil
	}
	return autocastTo(tensor.Float32, ts)
}

// NoAutocast runs f with CPU autocast off, for an operation outside
// PyTorch's lists (mv) that kael computes with one inside them (matmul).
func NoAutocast(f func() (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	prev := autocastOn.Swap(false)
	defer autocastOn.Store(prev)
	return f()
}
