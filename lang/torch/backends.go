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
		return &lang.Module{Attrs: map[string]lang.Value{}, MissingHint: "kael's torch.backends has only mps"}
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
