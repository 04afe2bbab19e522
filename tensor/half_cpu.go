package tensor

// PyTorch 1.13 implements many of its CPU kernels for bfloat16 but not for
// float16 ("Half"): exp, tanh, sqrt, ... of a float16 tensor raise
// RuntimeError: "exp_vml_cpu" not implemented for 'Half'. kael, which
// could compute them in float32, raises the same error, so that a program
// that runs in kael runs in PyTorch. cpuHalfKernels names, by the
// operation's name, the kernel PyTorch's error names; the table was taken
// from Debian's PyTorch (lang/torch's TestHalfRefusalsMatchTorch checks
// it).
var cpuHalfKernels = map[string]string{
	"acos": "acos_vml_cpu", "acosh": "acosh_cpu", "asin": "asin_vml_cpu", "asinh": "asinh_cpu",
	"atan": "atan_vml_cpu", "atanh": "atanh_cpu", "ceil": "ceil_vml_cpu", "cos": "cos_vml_cpu",
	"cosh": "cosh_cpu", "erf": "erf_vml_cpu", "erfc": "erfc_vml_cpu", "exp": "exp_vml_cpu",
	"expm1": "expm1_vml_cpu", "floor": "floor_vml_cpu", "log": "log_vml_cpu", "log10": "log10_vml_cpu",
	"log1p": "log1p_vml_cpu", "log2": "log2_vml_cpu", "relu": "clamp_min_cpu", "round": "round_vml_cpu",
	"rsqrt": "rsqrt_cpu", "sigmoid": "sigmoid_cpu", "sin": "sin_vml_cpu", "sinh": "sinh_cpu",
	"sqrt": "sqrt_vml_cpu", "tan": "tan_vml_cpu", "tanh": "tanh_vml_cpu", "trunc": "trunc_vml_cpu",
	"gelu": "GeluKernelImpl", "silu": "silu_cpu", "atan2": "atan2_cpu", "hypot": "hypot_cpu",
}

// refuseHalf is PyTorch's error for op computed in compute when PyTorch
// has no float16 CPU kernel for it; nil otherwise.
func refuseHalf(op string, compute DType) error {
	if compute != Float16 {
		return nil
	}
	if k, ok := cpuHalfKernels[op]; ok {
		return Errorf(RuntimeError, "%q not implemented for 'Half'", k).
			WithHint("PyTorch computes this in float16 on the GPU only: convert with x.float() (or use bfloat16)")
	}
	return nil
}
