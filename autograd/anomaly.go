package autograd

import (
	"sync"

	"github.com/kael-dev/kael/tensor"
)

// Anomaly detection, as torch.autograd.set_detect_anomaly: while it is on
// with its NaN check, a backward node whose gradient for an input holds a
// NaN stops the backward pass with PyTorch's RuntimeError
// "Function 'MulBackward0' returned nan values in its 0th output."
// (torch/csrc/autograd/engine.cpp). As PyTorch's AnomalyMode, the mode
// belongs to the process.

var anomaly = struct {
	sync.Mutex
	enabled, checkNaN bool
}{checkNaN: true}

// SetAnomalyEnabled turns anomaly detection on or off, with or without the
// NaN check, and returns the previous settings.
func SetAnomalyEnabled(enabled, checkNaN bool) (prevEnabled, prevCheckNaN bool) {
	anomaly.Lock()
	defer anomaly.Unlock()
	prevEnabled, prevCheckNaN = anomaly.enabled, anomaly.checkNaN
	anomaly.enabled, anomaly.checkNaN = enabled, checkNaN
	return prevEnabled, prevCheckNaN
}

// IsAnomalyEnabled reports whether anomaly detection is on.
func IsAnomalyEnabled() bool {
	anomaly.Lock()
	defer anomaly.Unlock()
	return anomaly.enabled
}

// IsAnomalyCheckNaNEnabled reports whether anomaly detection checks the
// gradients for NaN.
func IsAnomalyCheckNaNEnabled() bool {
	anomaly.Lock()
	defer anomaly.Unlock()
	return anomaly.checkNaN
}

// checkAnomaly returns PyTorch's error when anomaly detection with its NaN
// check is on and a gradient node name computed holds a NaN.
func checkAnomaly(name string, grads []*tensor.Tensor) error {
	anomaly.Lock()
	on := anomaly.enabled && anomaly.checkNaN
	anomaly.Unlock()
	if !on {
		return nil
	}
	for i, g := range grads {
		if g == nil || !(g.DType().IsFloating() || g.DType().IsComplex()) {
			continue
		}
		nan, err := tensor.Isnan(g)
		if err != nil {
			return err
		}
		anyNaN, err := tensor.Any(nan, nil, false)
		if err != nil {
			return err
		}
		if v, _ := anyNaN.Item(); v == true {
			return tensor.Errorf(tensor.RuntimeError, "Function '%s' returned nan values in its %dth output.", name, i)
		}
	}
	return nil
}
