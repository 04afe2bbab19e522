package autograd

import "github.com/kael-dev/kael/tensor"

// BatchNormTrain is batch_norm's training forward on float32 in one
// kernel (tensor.BatchNormTrain, for inputs tensor.BatchNormFusable
// accepts), recorded as PyTorch's NativeBatchNormBackward0 on (x, weight,
// bias) with the fused backward (tensor.BatchNormTrainGrads). recorded
// computes the same result from recorded operations: a backward pass with
// create_graph runs it again on the inputs and differentiates that, as a
// Composite does, so second derivatives keep working.
func BatchNormTrain(x, weight, bias *tensor.Tensor, eps float64, recorded func(inputs []*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, *tensor.BatchNormStats, error) {
	out, st, err := tensor.BatchNormTrain(x, weight, bias, eps)
	if err != nil || !track(out, x, weight, bias) {
		return out, st, err
	}
	inputs := []*tensor.Tensor{x, weight, bias}
	n := newNode("NativeBatchNormBackward0", inputs...)
	n.recordable = true
	n.save(x, weight)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 3)
		if c.err != nil {
			return grads
		}
		if c.rec {
			c.err = compositeRecorded(recorded, inputs, g, grads)
			return grads
		}
		// Into g when the engine holds it alone and drops it after this
		// node (calc.writable): one buffer fewer to stream through the
		// cache (dcgan's three BatchNorms, issue 34).
		grads3 := tensor.BatchNormTrainGrads
		if c.writable(g) {
			grads3 = tensor.BatchNormTrainGradsInPlace
		}
		gx, gw, gb, err := grads3(g, x, weight, st, n.needs(0), n.needs(1), n.needs(2))
		if err != nil {
			c.err = err
			return grads
		}
		grads[0], grads[1], grads[2] = gx, gw, gb
		return grads
	}
	return n.attach(out), st, nil
}
