package autograd

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/tensor"
)

// GradCheckOptions are the tolerances of GradCheck; zero fields take
// torch.autograd.gradcheck's defaults.
type GradCheckOptions struct {
	Eps  float64 // finite-difference step (default 1e-6)
	Atol float64 // absolute tolerance (default 1e-5)
	Rtol float64 // relative tolerance (default 1e-3)
}

// GradCheck compares the derivatives Backward computes for f with central
// differences, as torch.autograd.gradcheck. Every input that requires grad
// must be a float64 leaf and must not have overlapping elements (a broadcast
// view); the output must be float64. Entry (j, k) of the Jacobian of output
// element j with respect to input element k is computed both ways:
// analytically by a Backward with a one-hot gradient at j, numerically as
// (f(x + eps·e_k) - f(x - eps·e_k))[j] / (2·eps). They must agree within
// atol + rtol·|numerical|. The inputs' Grad are restored afterwards.
func GradCheck(f func(inputs []*tensor.Tensor) (*tensor.Tensor, error), inputs []*tensor.Tensor, opts GradCheckOptions) error {
	eps, atol, rtol := opts.Eps, opts.Atol, opts.Rtol
	if eps == 0 {
		eps = 1e-6
	}
	if atol == 0 {
		atol = 1e-5
	}
	if rtol == 0 {
		rtol = 1e-3
	}
	if !IsGradEnabled() {
		return fmt.Errorf("gradcheck: grad mode is off")
	}
	var checked []int
	for i, x := range inputs {
		if !x.RequiresGrad() {
			continue
		}
		if !IsLeaf(x) {
			return fmt.Errorf("gradcheck: input %d is not a leaf; pass the tensors f computes from", i)
		}
		if x.DType() != tensor.Float64 {
			return fmt.Errorf("gradcheck: input %d is %s; check in float64", i, x.DType())
		}
		if x.HasInternalOverlap() {
			return fmt.Errorf("gradcheck: input %d has overlapping elements (a broadcast view)", i)
		}
		checked = append(checked, i)
	}
	saved := make([]*tensor.Tensor, len(inputs))
	for i, x := range inputs {
		saved[i] = Grad(x)
	}
	defer func() {
		for _, i := range checked {
			inputs[i].Autograd().Grad = saved[i]
		}
	}()

	out, err := f(inputs)
	if err != nil {
		return err
	}
	if out.DType() != tensor.Float64 {
		return fmt.Errorf("gradcheck: output is %s; check in float64", out.DType())
	}
	analytical, err := analyticalJacobians(out, inputs, checked)
	if err != nil {
		return err
	}
	for k, i := range checked {
		numerical, err := numericalJacobian(f, inputs, i, out.Numel(), eps)
		if err != nil {
			return err
		}
		for e := range numerical {
			a, n := analytical[k][e], numerical[e]
			if math.Abs(a-n) > atol+rtol*math.Abs(n) || math.IsNaN(a) != math.IsNaN(n) {
				j, el := e/inputs[i].Numel(), e%inputs[i].Numel()
				return fmt.Errorf("gradcheck: Jacobian mismatch for output element %d with respect to input %d element %d: numerical %.8g, analytical %.8g",
					j, i, el, n, a)
			}
		}
	}
	return nil
}

// analyticalJacobians runs one Backward per output element j with a
// one-hot gradient and returns, for each checked input, the Jacobian as
// rows j of that input's gradient (zeros where none arrived).
func analyticalJacobians(out *tensor.Tensor, inputs []*tensor.Tensor, checked []int) ([][]float64, error) {
	m := out.Numel()
	jac := make([][]float64, len(checked))
	for k, i := range checked {
		jac[k] = make([]float64, m*inputs[i].Numel())
	}
	if !out.RequiresGrad() { // the output does not depend on the inputs
		return jac, nil
	}
	for j := range m {
		onehot := make([]float64, m)
		onehot[j] = 1
		g, err := fromFloat64s(onehot, out.Shape(), tensor.Float64)
		if err != nil {
			return nil, err
		}
		for _, i := range checked {
			inputs[i].Autograd().Grad = nil
		}
		if err := BackwardWith([]*tensor.Tensor{out}, []*tensor.Tensor{g}, BackwardOptions{RetainGraph: true}); err != nil {
			return nil, err
		}
		for k, i := range checked {
			gi := Grad(inputs[i])
			if gi == nil {
				continue
			}
			v, err := gi.Float64s()
			if err != nil {
				return nil, err
			}
			copy(jac[k][j*len(v):], v)
		}
	}
	return jac, nil
}

// numericalJacobian perturbs each element of input i by ±eps in place and
// returns the central differences of f's output, laid out like
// analyticalJacobians's.
func numericalJacobian(f func([]*tensor.Tensor) (*tensor.Tensor, error), inputs []*tensor.Tensor, i, m int, eps float64) ([]float64, error) {
	x := inputs[i]
	data, err := tensor.Data[float64](x)
	if err != nil {
		return nil, err
	}
	n := x.Numel()
	jac := make([]float64, m*n)
	eval := func(at int, v float64) ([]float64, error) {
		data[at] = v
		x.MarkModified()
		out, err := f(inputs)
		if err != nil {
			return nil, err
		}
		if out.Numel() != m {
			return nil, fmt.Errorf("gradcheck: f gave %d elements at a perturbed input, %d at the original", out.Numel(), m)
		}
		return out.Float64s()
	}
	for el := range n {
		at := storageIndex(x, el)
		orig := data[at]
		plus, err := eval(at, orig+eps)
		var minus []float64
		if err == nil {
			minus, err = eval(at, orig-eps)
		}
		data[at] = orig // restored even when f failed
		x.MarkModified()
		if err != nil {
			return nil, err
		}
		for j := range m {
			jac[j*n+el] = (plus[j] - minus[j]) / (2 * eps)
		}
	}
	return jac, nil
}

// storageIndex returns where element el (in row-major order) of t lives in
// its storage.
func storageIndex(t *tensor.Tensor, el int) int {
	shape, strides := t.Shape(), t.Strides()
	at := t.Offset()
	for d := len(shape) - 1; d >= 0; d-- {
		at += el % shape[d] * strides[d]
		el /= shape[d]
	}
	return at
}
