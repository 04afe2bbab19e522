package tensor

// PyTorch 1.13 implements many of its CPU kernels for bfloat16 but not for
// float16 ("Half"): exp, tanh, sqrt, ... of a float16 tensor raise
// RuntimeError: "exp_vml_cpu" not implemented for 'Half'. kael, which
// could compute them in float32, raises the same error, so that a program
// that runs in kael runs in PyTorch. cpuHalfKernels names, by the
// operation's name, the kernel PyTorch's error names; the table was taken
// from Debian's PyTorch (lang/torch's TestHalfRefusalsMatchTorch checks
// it). The other operations PyTorch refuses float16 for call
// refuseHalfKernel or RefuseHalf themselves (matmul, softmax, conv2d,
// layer_norm, ...; TestHalfKernelRefusalsMatchTorch).
var cpuHalfKernels = map[string]string{
	"acos": "acos_vml_cpu", "acosh": "acosh_cpu", "asin": "asin_vml_cpu", "asinh": "asinh_cpu",
	"atan": "atan_vml_cpu", "atanh": "atanh_cpu", "ceil": "ceil_vml_cpu", "cos": "cos_vml_cpu",
	"cosh": "cosh_cpu", "erf": "erf_vml_cpu", "erfc": "erfc_vml_cpu", "exp": "exp_vml_cpu",
	"expm1": "expm1_vml_cpu", "floor": "floor_vml_cpu", "log": "log_vml_cpu", "log10": "log10_vml_cpu",
	"log1p": "log1p_vml_cpu", "log2": "log2_vml_cpu", "relu": "clamp_min_cpu", "round": "round_vml_cpu",
	"rsqrt": "rsqrt_cpu", "sigmoid": "sigmoid_cpu", "sin": "sin_vml_cpu", "sinh": "sinh_cpu",
	"sqrt": "sqrt_vml_cpu", "tan": "tan_vml_cpu", "tanh": "tanh_vml_cpu", "trunc": "trunc_vml_cpu",
	"gelu": "GeluKernelImpl", "silu": "silu_cpu", "atan2": "atan2_cpu", "hypot": "hypot_cpu",
	"erfinv": "erfinv_vml_cpu", "lgamma": "lgamma_vml_cpu", "digamma": "digamma", "i0": "i0_vml_cpu",
	"sinc": "sinc_cpu", "logaddexp": "logaddexp_cpu", "logaddexp2": "logaddexp2_cpu", "nextafter": "nextafter_cpu",
}

// refuseHalf is PyTorch's error for op computed in compute when PyTorch
// has no float16 CPU kernel for it; nil otherwise.
func refuseHalf(op string, compute DType) error {
	if compute != Float16 {
		return nil // every operation asks: the map only for float16
	}
	if k, ok := cpuHalfKernels[op]; ok {
		return refuseHalfKernel(k, compute)
	}
	return nil
}

// refuseHalfKernel is PyTorch's error for its CPU kernel named kernel,
// which has no float16 version, when the operation computes in d; nil for
// another d.
func refuseHalfKernel(kernel string, d DType) error {
	if d != Float16 {
		return nil
	}
	return Errorf(RuntimeError, "%q not implemented for 'Half'", kernel).
		WithHint("PyTorch computes this in float16 on the GPU only: convert with x.float() (or use bfloat16)")
}

// RefuseHalf is refuseHalfKernel for an operation on ts: PyTorch's error
// when one of them is float16 (the operations that call it take one
// floating dtype). Package autograd uses it for the operations it composes
// of others (conv3d, whose PyTorch kernel is compute_columns3d).
func RefuseHalf(kernel string, ts ...*Tensor) error {
	for _, t := range ts {
		if t != nil && t.dtype == Float16 {
			return refuseHalfKernel(kernel, Float16)
		}
	}
	return nil
}

// activationHalfKernels are the kernels PyTorch's float16 errors name for
// the MapActivation functions whose kernel is not their name + "_cpu".
var activationHalfKernels = map[string]string{"hardtanh": "clamp_scalar_cpu", "log_sigmoid_forward": "log_sigmoid_cpu"}

// matmulHalfKernel is the kernel PyTorch 1.13's CPU runs for a product of
// operands with da and db dims, as torch.matmul folds them: op is "mm",
// "bmm" or "dot" for those functions, whose kernels are fixed.
func matmulHalfKernel(op string, da, db int) string {
	switch {
	case op == "mm":
		return "addmm_impl_cpu_"
	case op == "bmm" || da >= 3 && db >= 3:
		return "bmm"
	case op == "dot" || da == 1 && db == 1:
		return "dot"
	case db == 1 || da == 1 && db >= 3:
		return "addmv_impl_cpu"
	}
	return "addmm_impl_cpu_"
}

// softmaxHalfKernel is the kernel PyTorch 1.13's CPU runs for softmax or
// log_softmax (op) along dim d of a tensor with n dims.
func softmaxHalfKernel(op string, d, n int) string {
	if d == n-1 || n == 0 {
		return op + "_lastdim_kernel_impl"
	}
	return "softmax_kernel_impl"
}
