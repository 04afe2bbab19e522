package torch

import (
	"sync/atomic"

	"github.com/kael-dev/kael/lang"
)

// torch.backends.cuda: the switches training scripts set before they
// start (nanoGPT's train.py sets torch.backends.cuda.matmul.allow_tf32),
// accepted and kept, with is_built() False: kael has no CUDA build.

func defBackendsCUDA() {
	lang.RegisterModule("torch.backends.cuda", "CUDA's switches, which kael (no CUDA build) accepts and keeps: matmul.allow_tf32 and matmul.allow_fp16_reduced_precision_reduction, the scaled-dot-product attention kernels' flags, and is_built() False.", func() *lang.Module {
		matmul := &lang.Module{Name: "torch.backends.cuda.matmul",
			Attrs:    map[string]lang.Value{"allow_tf32": false, "allow_fp16_reduced_precision_reduction": true},
			Settable: map[string]bool{"allow_tf32": true, "allow_fp16_reduced_precision_reduction": true}}
		// the process's switches, as PyTorch's global context keeps them;
		// atomic, since sessions on several goroutines may set them
		var flash, math atomic.Bool
		flash.Store(true)
		math.Store(true)
		sdp := map[string]*atomic.Bool{"flash": &flash, "math": &math} // read only
		enabled := func(kernel string) *lang.Builtin {
			return lang.NewBuiltin(lang.AsValue, kernel+"_sdp_enabled()", "Whether the "+kernel+" kernel of scaled-dot-product attention may be picked (a CUDA switch; kept, not used, in kael).", func(a *lang.Args) (lang.Value, error) {
				return sdp[kernel].Load(), nil
			})
		}
		enable := func(kernel string) *lang.Builtin {
			return lang.NewBuiltin(lang.AsValue, "enable_"+kernel+"_sdp(enabled)", "Allows or forbids the "+kernel+" kernel of scaled-dot-product attention (a CUDA switch; kept, not used, in kael).", func(a *lang.Args) (lang.Value, error) {
				on, err := lang.Truth(a.Value("enabled"))
				if err != nil {
					return nil, err
				}
				sdp[kernel].Store(on)
				return lang.None, nil
			})
		}
		return &lang.Module{Name: "torch.backends.cuda", Attrs: map[string]lang.Value{
			"is_built": lang.NewBuiltin(lang.AsValue, "is_built()", "Whether this build has CUDA: False in kael.", func(a *lang.Args) (lang.Value, error) {
				return false, nil
			}),
			"matmul":            matmul,
			"flash_sdp_enabled": enabled("flash"), "enable_flash_sdp": enable("flash"),
			"math_sdp_enabled": enabled("math"), "enable_math_sdp": enable("math"),
			"sdp_kernel": lang.NewBuiltin(lang.AsValue, "sdp_kernel(enable_flash=True, enable_math=True)", "A context manager that sets the attention kernels' switches inside it and restores them after.", func(a *lang.Args) (lang.Value, error) {
				onFlash, err := lang.Truth(a.Value("enable_flash"))
				if err != nil {
					return nil, err
				}
				onMath, err := lang.Truth(a.Value("enable_math"))
				if err != nil {
					return nil, err
				}
				var wasFlash, wasMath bool
				return &lang.ContextManager{Name: "sdp_kernel",
					Enter: func() error {
						wasFlash, wasMath = flash.Swap(onFlash), math.Swap(onMath)
						return nil
					},
					Exit: func() { flash.Store(wasFlash); math.Store(wasMath) }}, nil
			}),
		}}
	})
}
