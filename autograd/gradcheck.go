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
// must be a float64 or complex128 leaf and must not have overlapping
// elements (a broadcast view); the output must be float64 or complex128.
// A complex number counts as its two real parts, as in PyTorch: a complex
// output as the functions Re and Im of each element, a complex input as
// the variables x and y of each z = x + iy, whose gradient is
// dL/dx + i·dL/dy. Entry (j, k) of the Jacobian of output part j with
// respect to input part k is computed both ways: analytically by a
// Backward with a one-hot gradient at j (1 for a real part, 1j for an
// imaginary one), numerically as (f(x + eps·e_k) - f(x - eps·e_k))[j] /
// (2·eps). They must agree within atol + rtol·|numerical|. The inputs'
// Grad are restored afterwards.
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
		if x.DType() != tensor.Float64 && x.DType() != tensor.Complex128 {
			return fmt.Errorf("gradcheck: input %d is %s; check in float64 or complex128", i, x.DType())
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
	if out.DType() != tensor.Float64 && out.DType() != tensor.Complex128 {
		return fmt.Errorf("gradcheck: output is %s; check in float64 or complex128", out.DType())
	}
	analytical, err := analyticalJacobians(out, inputs, checked)
	if err != nil {
		return err
	}
	m := partsOf(out)
	for k, i := range checked {
		numerical, err := numericalJacobian(f, inputs, i, m, eps)
		if err != nil {
			return err
		}
		n := partsOf(inputs[i])
		for e := range numerical {
			a, num := analytical[k][e], numerical[e]
			if math.Abs(a-num) > atol+rtol*math.Abs(num) || math.IsNaN(a) != math.IsNaN(num) {
				j, el := e/n, e%n
				return fmt.Errorf("gradcheck: Jacobian mismatch for output element %s with respect to input %d element %s: numerical %.8g, analytical %.8g",
					partName(out, j), i, partName(inputs[i], el), num, a)
			}
		}
	}
	return nil
}

// partsOf is the number of real parts of t's elements: two per complex
// element, one per real one.
func partsOf(t *tensor.Tensor) int {
	if t.DType().IsComplex() {
		return 2 * t.Numel()
	}
	return t.Numel()
}

// partName names real part p of t: the element, and for a complex t which
// of its parts.
func partName(t *tensor.Tensor, p int) string {
	if !t.DType().IsComplex() {
		return fmt.Sprint(p)
	}
	return fmt.Sprintf("%d (%s part)", p/2, [2]string{"real", "imaginary"}[p%2])
}

// realParts returns t's elements as float64s, a complex element as its
// real and imaginary parts in turn.
func realParts(t *tensor.Tensor) ([]float64, error) {
	if !t.DType().IsComplex() {
		return t.Float64s()
	}
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	if c, err = tensor.ViewAsReal(c); err != nil {
		return nil, err
	}
	return c.Float64s()
}

// analyticalJacobians runs one Backward per real part j of the output with
// a one-hot gradient and returns, for each checked input, the Jacobian as
// rows j of the real parts of that input's gradient (zeros where none
// arrived).
func analyticalJacobians(out *tensor.Tensor, inputs []*tensor.Tensor, checked []int) ([][]float64, error) {
	m := partsOf(out)
	jac := make([][]float64, len(checked))
	for k, i := range checked {
		jac[k] = make([]float64, m*partsOf(inputs[i]))
	}
	if !out.RequiresGrad() { // the output does not depend on the inputs
		return jac, nil
	}
	for j := range m {
		g, err := oneHot(out, j)
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
			v, err := realParts(gi)
			if err != nil {
				return nil, err
			}
			copy(jac[k][j*len(v):], v)
		}
	}
	return jac, nil
}

// oneHot is the gradient of out that picks its real part j: 1 at one
// element of a real out; 1 or 1j at one element of a complex one.
func oneHot(out *tensor.Tensor, j int) (*tensor.Tensor, error) {
	if !out.DType().IsComplex() {
		onehot := make([]float64, out.Numel())
		onehot[j] = 1
		return fromFloat64s(onehot, out.Shape(), tensor.Float64)
	}
	onehot := make([]complex128, out.Numel())
	onehot[j/2] = [2]complex128{1, 1i}[j%2]
	g, err := tensor.FromSlice(onehot, len(onehot))
	if err != nil {
		return nil, err
	}
	return g.Reshape(out.Shape()...)
}

// numericalJacobian perturbs each real part of input i by ±eps in place
// and returns the central differences of the real parts of f's output
// (m of them), laid out like analyticalJacobians's.
func numericalJacobian(f func([]*tensor.Tensor) (*tensor.Tensor, error), inputs []*tensor.Tensor, i, m int, eps float64) ([]float64, error) {
	x := inputs[i]
	get, set, err := partAccess(x)
	if err != nil {
		return nil, err
	}
	n := partsOf(x)
	jac := make([]float64, m*n)
	eval := func(p int, v float64) ([]float64, error) {
		set(p, v)
		x.MarkModified()
		out, err := f(inputs)
		if err != nil {
			return nil, err
		}
		if partsOf(out) != m {
			return nil, fmt.Errorf("gradcheck: f gave %d elements at a perturbed input, %d at the original", out.Numel(), m)
		}
		return realParts(out)
	}
	for p := range n {
		orig := get(p)
		plus, err := eval(p, orig+eps)
		var minus []float64
		if err == nil {
			minus, err = eval(p, orig-eps)
		}
		set(p, orig) // restored even when f failed
		x.MarkModified()
		if err != nil {
			return nil, err
		}
		for j := range m {
			jac[j*n+p] = (plus[j] - minus[j]) / (2 * eps)
		}
	}
	return jac, nil
}

// partAccess reads and writes real part p of x in its storage (partsOf's
// order), for a float64 or complex128 x.
func partAccess(x *tensor.Tensor) (get func(p int) float64, set func(p int, v float64), err error) {
	if x.DType() == tensor.Complex128 {
		data, err := tensor.Data[complex128](x)
		if err != nil {
			return nil, nil, err
		}
		get = func(p int) float64 {
			z := data[storageIndex(x, p/2)]
			return [2]float64{real(z), imag(z)}[p%2]
		}
		set = func(p int, v float64) {
			at := storageIndex(x, p/2)
			if p%2 == 0 {
				data[at] = complex(v, imag(data[at]))
			} else {
				data[at] = complex(real(data[at]), v)
			}
		}
		return get, set, nil
	}
	data, err := tensor.Data[float64](x)
	if err != nil {
		return nil, nil, err
	}
	get = func(p int) float64 { return data[storageIndex(x, p)] }
	set = func(p int, v float64) { data[storageIndex(x, p)] = v }
	return get, set, nil
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
