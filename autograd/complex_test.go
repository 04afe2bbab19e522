package autograd

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// crandn returns a complex128 leaf whose real and imaginary parts are
// normal draws.
func (f *fixture) crandn(shape ...int) *tensor.Tensor {
	f.t.Helper()
	re := must(tensor.Randn(f.g, tensor.Float64, shape...))
	im := must(tensor.Randn(f.g, tensor.Float64, shape...))
	return f.leaf(must(tensor.ComplexFrom(re, im)))
}

// cshifted returns a complex128 leaf away from 0 and the negative real
// axis (real parts in [0.5, 2)), where log, sqrt and pow are smooth.
func (f *fixture) cshifted(shape ...int) *tensor.Tensor {
	f.t.Helper()
	u := must(tensor.Rand(f.g, tensor.Float64, shape...))
	re := must(tensor.Add(must(tensor.Mul(u, tensor.MustScalar(1.5))), tensor.MustScalar(0.5)))
	im := must(tensor.Randn(f.g, tensor.Float64, shape...))
	return f.leaf(must(tensor.ComplexFrom(re, im)))
}

func complexCases() []gradCase {
	ts := func(xs ...*tensor.Tensor) []*tensor.Tensor { return xs }
	one := func(in func(f *fixture) *tensor.Tensor) func(f *fixture) []*tensor.Tensor {
		return func(f *fixture) []*tensor.Tensor { return ts(in(f)) }
	}
	randn := func(shape ...int) func(f *fixture) *tensor.Tensor {
		return func(f *fixture) *tensor.Tensor { return f.crandn(shape...) }
	}
	shifted := func(shape ...int) func(f *fixture) *tensor.Tensor {
		return func(f *fixture) *tensor.Tensor { return f.cshifted(shape...) }
	}
	fft := func(n, dim int, norm tensor.FFTNorm, inverse bool) func(*tensor.Tensor) (*tensor.Tensor, error) {
		return func(x *tensor.Tensor) (*tensor.Tensor, error) { return FFT(x, n, dim, norm, inverse) }
	}
	var cases []gradCase
	for _, u := range []struct {
		name string
		f    func(*tensor.Tensor) (*tensor.Tensor, error)
		in   func(f *fixture) *tensor.Tensor
	}{
		{"neg", Neg, randn(2, 3)}, {"conj", ConjOp.Apply, randn(2, 3)}, {"abs", Abs, randn(2, 3)},
		{"angle", AngleOp.Apply, randn(2, 3)}, {"exp", Exp, randn(2, 3)}, {"log", Log, shifted(2, 3)},
		{"sqrt", Sqrt, shifted(2, 3)}, {"sin", Sin, randn(2, 3)}, {"cos", Cos, randn(2, 3)},
		{"tanh", Tanh, randn(2, 3)}, {"real", Real, randn(2, 3)}, {"imag", Imag, randn(2, 3)},
		{"view_as_real", ViewAsReal, randn(2, 3)}, {"sum", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Sum(x, []int{1}, false) }, randn(2, 3)},
		{"mean", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Mean(x, nil, false) }, randn(2, 3)},
		{"transpose", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Transpose(x, 0, 1) }, randn(2, 3)},
		{"pow 2", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pow(x, tensor.MustScalar(2.0)) }, randn(2, 3)},
		{"pow 1.5+1j", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pow(x, tensor.MustScalar(complex(1.5, 1))) }, shifted(2, 3)},
		{"2 ** x", func(x *tensor.Tensor) (*tensor.Tensor, error) { return Pow(tensor.MustScalar(2.0), x) }, randn(2, 3)},
		{"fft", fft(-1, -1, "", false), randn(2, 5)},
		{"fft n=8 ortho", fft(8, 1, "ortho", false), randn(2, 5)},
		{"ifft n=3 dim=0", fft(3, 0, "", true), randn(4, 2)},
		{"ifft forward", fft(-1, 1, "forward", true), randn(2, 4)},
		{"irfft", func(x *tensor.Tensor) (*tensor.Tensor, error) { return IRFFT(x, -1, -1, "") }, randn(2, 4)},
		{"irfft n=5 ortho", func(x *tensor.Tensor) (*tensor.Tensor, error) { return IRFFT(x, 5, -1, "ortho") }, randn(2, 4)},
		{"irfft n=8 dim=0", func(x *tensor.Tensor) (*tensor.Tensor, error) { return IRFFT(x, 8, 0, "forward") }, randn(3, 2)},
		{"fftn s", func(x *tensor.Tensor) (*tensor.Tensor, error) { return FFTN(x, []int{4, 2}, nil, "", false) }, randn(3, 3)},
		{"fftshift", func(x *tensor.Tensor) (*tensor.Tensor, error) { return FFTShift(x, nil, false) }, randn(3, 4)},
		{"diag_embed", func(x *tensor.Tensor) (*tensor.Tensor, error) { return DiagEmbed(x, 1, 0, 2) }, randn(2, 3)},
	} {
		cases = append(cases, gradCase{u.name, one(u.in), un(u.f)})
	}
	for _, b := range []struct {
		name string
		f    func(a, b *tensor.Tensor) (*tensor.Tensor, error)
	}{{"add", Add}, {"sub", Sub}, {"mul", Mul}, {"div", Div}, {"matmul", Matmul}, {"pow", Pow}} {
		cases = append(cases,
			gradCase{b.name + "/complex", func(f *fixture) []*tensor.Tensor { return ts(f.cshifted(3, 3), f.crandn(3, 3)) }, bin(b.f)},
			gradCase{b.name + "/real and complex", func(f *fixture) []*tensor.Tensor { return ts(f.positive(3, 3), f.crandn(3, 3)) }, bin(b.f)},
			gradCase{b.name + "/complex and real", func(f *fixture) []*tensor.Tensor { return ts(f.cshifted(3, 3), f.positive(3, 3)) }, bin(b.f)})
	}
	cases = append(cases,
		gradCase{"mul/broadcast", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2, 3), f.crandn(3)) }, bin(Mul)},
		gradCase{"matmul/vector", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2, 3, 4), f.crandn(4)) }, bin(Matmul)},
		gradCase{"complex", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 3), f.randn(3)) }, bin(Complex)},
		gradCase{"view_as_complex", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3, 2)) }, un(ViewAsComplex)},
		gradCase{"fft of real", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 5)) }, un(fft(6, -1, "", false))},
		gradCase{"rfft", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 5)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return RFFT(x, -1, -1, "") })},
		gradCase{"rfft n=4 ortho", func(f *fixture) []*tensor.Tensor { return ts(f.randn(2, 5)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return RFFT(x, 4, 1, "ortho") })},
		gradCase{"rfft n=9 dim=0", func(f *fixture) []*tensor.Tensor { return ts(f.randn(6, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return RFFT(x, 9, 0, "forward") })},
		gradCase{"to complex", func(f *fixture) []*tensor.Tensor { return ts(f.randn(3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return To(x, tensor.Complex128) })},
		gradCase{"advanced index", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(4, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Index(x, tensor.IndexTensor(values([]int64{2, 0, 2}, 3)))
		})},
		gradCase{"gather", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return Gather(x, 1, values([]int64{0, 0, 2, 1}, 2, 2))
		})},
		gradCase{"index_select", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return IndexSelect(x, 0, values([]int64{1, 1, 0}, 3))
		})},
		gradCase{"repeat", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Repeat(x, 2, 1) })},
		gradCase{"tril", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Tril(x, 0) })},
		gradCase{"triu", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Triu(x, 1) })},
		gradCase{"diagonal", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Diagonal(x, 0, 0, 1) })},
		gradCase{"diag", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Diag(x, 0) })},
		gradCase{"trace", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 3)) }, un(Trace)},
		gradCase{"flip", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3, 2)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) { return Flip(x, 0) })},
		gradCase{"cat", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2, 2), f.crandn(1, 2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) { return Cat(in, 0) }},
		gradCase{"stack", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(2), f.crandn(2)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) { return Stack(in, 1) }},
		gradCase{"where", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(3), f.crandn(3)) }, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return Where(must(tensor.FromBools([]bool{true, false, true}, 3)), in[0], in[1])
		}},
		gradCase{"index", func(f *fixture) []*tensor.Tensor { return ts(f.crandn(4, 3)) }, un(func(x *tensor.Tensor) (*tensor.Tensor, error) {
			row, err := Select(x, 0, 2)
			if err != nil {
				return nil, err
			}
			return Mul(row, row)
		})},
	)
	return cases
}

// TestComplexGradCheck checks the complex derivatives against central
// differences over the real and imaginary parts of inputs and outputs:
// the step and tolerances are gradcheck's defaults, which complex128's
// precision meets for these smooth functions.
func TestComplexGradCheck(t *testing.T) {
	for _, tc := range complexCases() {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.inputs(newFixture(t))
			out, err := tc.f(in)
			if err != nil {
				t.Fatal(err)
			}
			if !out.RequiresGrad() {
				t.Fatal("output does not require grad")
			}
			if err := GradCheck(tc.f, in, GradCheckOptions{}); err != nil {
				t.Fatalf("%v\ngraph:\n%s", err, GraphString(out))
			}
		})
	}
}

// TestComplexGradCheckCatchesMissingConjugate makes sure the complex check
// is not vacuous: mul recorded with the real formula g·b (no conjugate)
// must fail, naming the part that differs.
func TestComplexGradCheckCatchesMissingConjugate(t *testing.T) {
	f := newFixture(t)
	a, b := f.crandn(3), f.crandn(3)
	wrong := func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		out, err := tensor.Mul(in[0], in[1])
		if err != nil {
			return nil, err
		}
		n := newNode("MulBackward0", in[0], in[1])
		n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
			return []*tensor.Tensor{c.mul(g, in[1]), c.mul(g, in[0])}
		}
		return n.attach(out), nil
	}
	err := GradCheck(wrong, []*tensor.Tensor{a, b}, GradCheckOptions{})
	if err == nil || !strings.Contains(err.Error(), "part)") {
		t.Fatalf("got %v, want a Jacobian mismatch naming a complex part", err)
	}
	if err := GradCheck(bin(Mul), []*tensor.Tensor{a, b}, GradCheckOptions{}); err != nil {
		t.Fatal(err)
	}
}

// TestComplexRefusals: a node whose formula is only right for real
// numbers refuses complex tensors by name rather than give a wrong
// gradient, and the gradient of a complex output must be given unless it
// has one element.
func TestComplexRefusals(t *testing.T) {
	f := newFixture(t)
	z := f.crandn(3)
	// tensor has no complex sigmoid; a node of that name stands for an
	// operation whose formula is only that of real numbers.
	n := newNode("SigmoidBackward0", z)
	n.backward = func(_ *calc, g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g} }
	y := n.attach(must(z.Clone()))
	err := Backward(must(Sum(y, nil, false)), nil)
	if err == nil || !strings.Contains(err.Error(), "SigmoidBackward0: kael's autograd does not differentiate this operation for complex tensors yet") {
		t.Fatalf("sigmoid: got %v", err)
	}
	err = Backward(must(Mul(z, z)), nil)
	if err == nil || !strings.Contains(err.Error(), "grad can be implicitly created only for scalar outputs") {
		t.Fatalf("non-scalar: got %v", err)
	}
	// A one-element complex output starts from 1, as PyTorch 1.13 does.
	if err := Backward(must(Sum(must(Mul(z, z)), nil, false)), nil); err != nil {
		t.Fatal(err)
	}
	want := floats(must(tensor.ViewAsReal(must(tensor.Mul(must(tensor.ConjSpec.Apply(z)), tensor.MustScalar(2.0))))))
	if got := floats(must(tensor.ViewAsReal(Grad(z)))); !near(got, want) {
		t.Fatalf("grad of sum(z*z): got %v, want 2·conj(z) = %v", got, want)
	}
}
