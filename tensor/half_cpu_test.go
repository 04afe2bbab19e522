package tensor

import (
	"strings"
	"testing"
)

// TestHalfRefusals checks that the operations PyTorch 1.13's CPU has no
// float16 kernel for raise its error, in place too, and that bfloat16 and
// the operations it has kernels for compute.
func TestHalfRefusals(t *testing.T) {
	h := mustOp(mustOp(FromSlice([]float32{0.5, 2}, 2)).To(Float16))
	b := mustOp(h.To(BFloat16))
	for _, c := range []struct {
		name string
		run  func(x *Tensor) error
		want string // "" when it computes
	}{
		{"exp", func(x *Tensor) error { _, err := ExpSpec.Apply(x); return err }, `"exp_vml_cpu" not implemented for 'Half'`},
		{"exp_", func(x *Tensor) error { return ExpSpec.ApplyInPlace(mustOp(x.Clone())) }, `"exp_vml_cpu" not implemented for 'Half'`},
		{"relu", func(x *Tensor) error { _, err := ReluSpec.Apply(x); return err }, `"clamp_min_cpu" not implemented for 'Half'`},
		{"atan2", func(x *Tensor) error { _, err := Atan2(x, x); return err }, `"atan2_cpu" not implemented for 'Half'`},
		{"logsumexp", func(x *Tensor) error { _, err := Logsumexp(x, nil, false); return err }, `"exp_vml_cpu" not implemented for 'Half'`},
		{"matmul", func(x *Tensor) error { _, err := Matmul(x, x); return err }, `"dot" not implemented for 'Half'`},
		{"mm", func(x *Tensor) error { _, err := Mm(mustOp(x.Reshape(1, 2)), mustOp(x.Reshape(2, 1))); return err }, `"addmm_impl_cpu_" not implemented for 'Half'`},
		{"softmax", func(x *Tensor) error { _, err := Softmax(x, 0); return err }, `"softmax_lastdim_kernel_impl" not implemented for 'Half'`},
		{"prod", func(x *Tensor) error { _, err := Prod(x, nil, false); return err }, `"prod_cpu" not implemented for 'Half'`},
		{"cumsum", func(x *Tensor) error { _, err := Cumsum(x, 0); return err }, `"cumsum_out_cpu" not implemented for 'Half'`},
		{"lgamma", func(x *Tensor) error { _, err := LgammaSpec.Apply(x); return err }, `"lgamma_vml_cpu" not implemented for 'Half'`},
		{"digamma", func(x *Tensor) error { _, err := DigammaSpec.Apply(x); return err }, `"digamma" not implemented for 'Half'`},
		{"logaddexp", func(x *Tensor) error { _, err := LogaddexpSpec.Apply(x, x); return err }, `"logaddexp_cpu" not implemented for 'Half'`},
		{"add", func(x *Tensor) error { _, err := Add(x, x); return err }, ""},
		{"exp2", func(x *Tensor) error { _, err := Exp2Spec.Apply(x); return err }, ""},
		{"fmax", func(x *Tensor) error { _, err := FmaxSpec.Apply(x, x); return err }, ""},
		{"abs", func(x *Tensor) error { _, err := AbsSpec.Apply(x); return err }, ""},
	} {
		err := c.run(h)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s of float16: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s of float16: got %v, want %s", c.name, err, c.want)
		}
		if err := c.run(b); err != nil {
			t.Errorf("%s of bfloat16: %v", c.name, err)
		}
	}
}
