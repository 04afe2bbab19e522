package torch

import (
	"github.com/kael-dev/kael/lang"
)

// torch.backends.mps and torch.accelerator, which device-picking code asks
// before falling back to the CPU (PyTorch's quickstart picks "cuda", else
// "mps", else "cpu"), and the refusal for torchvision, whose datasets the
// tutorials download.

func defBackends() {
	lang.RegisterModule("torch.backends", "PyTorch's backend switches; kael has torch.backends.mps, to ask for Apple's GPU.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{}, MissingHint: "kael's torch.backends has cuda, cudnn, mkl, mkldnn, mps, openmp and opt_einsum"}
	})
	isAvailable := func(what string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, "is_available()", "Whether PyTorch's "+what+" can be used: False in kael, whose own kernels do that work.", func(a *lang.Args) (lang.Value, error) {
			return false, nil
		})
	}
	lang.RegisterModule("torch.backends.mkldnn", "oneDNN (MKL-DNN), which kael does not use: is_available() is False; the enabled switch is accepted and kept.", func() *lang.Module {
		return &lang.Module{Name: "torch.backends.mkldnn", Attrs: map[string]lang.Value{"is_available": isAvailable("oneDNN"), "enabled": true},
			Settable: map[string]bool{"enabled": true}}
	})
	lang.RegisterModule("torch.backends.mkl", "Intel's MKL, which kael does not use: is_available() is False.", func() *lang.Module {
		return &lang.Module{Name: "torch.backends.mkl", Attrs: map[string]lang.Value{"is_available": isAvailable("MKL")}}
	})
	lang.RegisterModule("torch.backends.openmp", "OpenMP, which kael does not use (its threads are goroutines): is_available() is False.", func() *lang.Module {
		return &lang.Module{Name: "torch.backends.openmp", Attrs: map[string]lang.Value{"is_available": isAvailable("OpenMP")}}
	})
	lang.RegisterModule("torch.backends.opt_einsum", "The opt_einsum package, which kael does not have: is_available() is False, enabled False and strategy None, as PyTorch without the package; einsum contracts left to right.", func() *lang.Module {
		return &lang.Module{Name: "torch.backends.opt_einsum", Attrs: map[string]lang.Value{"is_available": isAvailable("opt_einsum package"), "enabled": false, "strategy": lang.None},
			Settable: map[string]bool{"enabled": true, "strategy": true}}
	})
	lang.RegisterModule("torch.backends.cudnn", "NVIDIA's cuDNN switches, which kael does not have: is_available() is False and the settings (benchmark, deterministic, enabled) are accepted and kept.", func() *lang.Module {
		return &lang.Module{Name: "torch.backends.cudnn", Attrs: map[string]lang.Value{
			"is_available": lang.NewBuiltin(lang.AsValue, "is_available()", "Whether cuDNN can be used: False in kael.", func(a *lang.Args) (lang.Value, error) {
				return false, nil
			}),
			"version": lang.NewBuiltin(lang.AsValue, "version()", "cuDNN's version: None, as PyTorch without cuDNN answers.", func(a *lang.Args) (lang.Value, error) {
				return lang.None, nil
			}),
			"benchmark": false, "deterministic": false, "enabled": true, "allow_tf32": true,
		}, Settable: map[string]bool{"benchmark": true, "deterministic": true, "enabled": true, "allow_tf32": true}}
	})
	lang.RegisterModule("torch.backends.mps", "Apple's Metal GPU backend, which kael does not have: is_available() is False.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"is_available": lang.NewBuiltin(lang.AsValue, "is_available()", "Whether tensors can be placed on Apple's Metal GPU: False in kael, so device-picking code falls back to the CPU.", func(a *lang.Args) (lang.Value, error) {
				return false, nil
			}),
			"is_built": lang.NewBuiltin(lang.AsValue, "is_built()", "Whether this build of kael has the Metal backend: False.", func(a *lang.Args) (lang.Value, error) {
				return false, nil
			}),
		}}
	})
	lang.RegisterModule("torch.accelerator", "PyTorch 2.6's device-independent accelerator API: kael has no accelerator tensors yet, so is_available() is False and current_accelerator() None.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"is_available": lang.NewBuiltin(lang.AsValue, "is_available()", "Whether an accelerator (CUDA, MPS, ...) can hold tensors: False in kael, so device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else 'cpu' picks the CPU.", func(a *lang.Args) (lang.Value, error) {
				return false, nil
			}),
			"current_accelerator": lang.NewBuiltin(lang.AsValue, "current_accelerator(check_available=False)", "The accelerator's device, or None: None in kael.", func(a *lang.Args) (lang.Value, error) {
				return lang.None, nil
			}),
			"device_count": lang.NewBuiltin(lang.AsValue, "device_count()", "The number of accelerator devices: 0 in kael.", func(a *lang.Args) (lang.Value, error) {
				return int64(0), nil
			}),
		}}
	})
	lang.RegisterUnavailable("torchvision", "No module named 'torchvision': kael has no torchvision",
		"make the data with tensors and wrap it in torch.utils.data.TensorDataset, or write a Dataset class with __len__ and __getitem__")
}

// defParallel registers torch.nn.parallel: on one device its
// data_parallel runs the module as it is, as PyTorch does without GPUs.
func defParallel() {
	lang.RegisterModule("torch.nn.parallel", "Data parallelism across GPUs; kael has one device, so data_parallel(module, inputs) runs module(inputs).", func() *lang.Module {
		return &lang.Module{Name: "torch.nn.parallel", Attrs: map[string]lang.Value{
			"data_parallel": lang.NewBuiltin(lang.AsValue, "data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None)", "module(inputs) on the one device kael has, as PyTorch's data_parallel gives without several GPUs (a tuple of inputs is spread as arguments).", func(a *lang.Args) (lang.Value, error) {
				in := a.Value("inputs")
				args := []lang.Value{in}
				if t, ok := in.(lang.Tuple); ok {
					args = t
				}
				if a.IsNone("module_kwargs") {
					return a.Call(a.Value("module"), args...)
				}
				kw, ok := a.Value("module_kwargs").(*lang.Dict)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "module_kwargs must be a dict, not %s", lang.TypeName(a.Value("module_kwargs")))
				}
				var names []string
				for _, k := range kw.Keys() {
					s, ok := k.(string)
					if !ok {
						return nil, lang.Errorf(lang.TypeError, "keywords must be strings")
					}
					names = append(names, s)
				}
				return a.CallKw(a.Value("module"), args, names, kw.Values())
			}),
		}}
	})
}
