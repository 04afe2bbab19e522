package autograd

import "github.com/kael-dev/kael/tensor"

// LRSetter is an optimizer whose learning rate may change between steps,
// as code that decays it through PyTorch's param_groups does.
type LRSetter interface {
	LR() float64
	SetLR(lr float64) error
}

// LR returns the learning rate.
func (o *SGD) LR() float64 { return o.opt.LR }

// SetLR changes the learning rate of the next steps.
func (o *SGD) SetLR(lr float64) error { return setLR(&o.opt.LR, lr) }

// LR returns the learning rate.
func (o *Adam) LR() float64 { return o.opt.LR }

// SetLR changes the learning rate of the next steps.
func (o *Adam) SetLR(lr float64) error { return setLR(&o.opt.LR, lr) }

func setLR(dst *float64, lr float64) error {
	if !(lr >= 0) { // NaN too
		return tensor.Errorf(tensor.ValueError, "Invalid learning rate: %v", lr)
	}
	*dst = lr
	return nil
}
