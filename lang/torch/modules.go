package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The modules torch registers: torch and its submodules, and
// the refusal for numpy.

// torchMembers are the members of torch that are not global names (the
// global builtins and dtypes are members too): torch.device, torch.Size,
// torch.Tensor, ... Files that define them add them in their registration
// steps (see torch.go).
var torchMembers = map[string]lang.Value{
	"bool": tensor.Bool, "float": tensor.Float32, "double": tensor.Float64, "long": tensor.Int64,
}

// torchAutograd holds the members of torch.autograd beyond backward.
var torchAutograd = map[string]lang.Value{}

func defModules() {
	lang.RegisterModule("torch", "PyTorch's namespace: every builtin and dtype, and the submodules below.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}}
		for _, name := range lang.Builtins() {
			m.Attrs[name], _ = lang.LookupBuiltin(name)
		}
		for name, d := range lang.DTypeNames() {
			m.Attrs[name] = d
		}
		for name, v := range torchMembers {
			m.Attrs[name] = v
		}
		return m
	})
	lang.RegisterModule("torch.nn", "Neural-network building blocks: nn.Module, nn.Parameter, the layers and the losses (docs/nn.md), with torch.nn.functional and torch.nn.init below.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}, MissingHint: "kael's torch.nn has the layers and losses listed in docs/nn.md; " +
			"others can be written with torch.nn.functional in a class deriving from nn.Module"}
		for name, v := range torchNN {
			m.Attrs[name] = v
		}
		return m
	})
	lang.RegisterModule("torch.nn.functional", "The functional layers and losses; every builtin is a member, so F.relu and F.cross_entropy work as in PyTorch.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}}
		for _, name := range lang.Builtins() {
			m.Attrs[name], _ = lang.LookupBuiltin(name)
		}
		return m
	})
	lang.RegisterModule("torch.optim", "The optimizers.", func() *lang.Module { return torchOptim })
	lang.RegisterModule("torch.autograd", "Automatic differentiation: backward, gradcheck, and Variable, the deprecated alias of a tensor.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}}
		for name, v := range torchAutograd {
			m.Attrs[name] = v
		}
		return m
	})
	lang.RegisterModule("torch.cuda", "CUDA devices, as the NVIDIA driver reports them. kael's tensors cannot live on a GPU yet.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"is_available": lang.NewBuiltin(lang.AsValue, "is_available()", "Whether tensors can be placed on a CUDA device: False in kael until device tensors exist, also where the NVIDIA driver finds a GPU (x.to('cuda') says what the driver reports), so device = 'cuda' if torch.cuda.is_available() else 'cpu' picks the CPU.", func(a *lang.Args) (lang.Value, error) {
				return cudaIsAvailable(), nil
			}),
			"device_count": lang.NewBuiltin(lang.AsValue, "device_count()", "The number of CUDA devices tensors can be placed on: 0 in kael until device tensors exist.", func(a *lang.Args) (lang.Value, error) {
				return int64(cudaDeviceCount()), nil
			}),
		}}
	})
	lang.RegisterModule("torch.nn.init", "The initialisers of torch.nn.init: in place, from the default generator, with PyTorch's values for the same seed.", func() *lang.Module { return nnInitModule })
	lang.RegisterUnavailable("numpy", "No module named 'numpy': kael has no NumPy",
		"kael's tensors do what NumPy arrays do: torch.tensor(...), x.tolist(), torch.arange, ...")
	lang.NewBuiltin(lang.AsMethod, "numpy(input, force=False)", "A NumPy array in PyTorch; kael has no NumPy, so this is a RuntimeError that suggests x.tolist().", func(a *lang.Args) (lang.Value, error) {
		return nil, noNumPy()
	})
	torchMembers["from_numpy"] = lang.NewBuiltin(lang.AsValue, "from_numpy(ndarray)", "Makes a tensor of a NumPy array in PyTorch; kael has no NumPy, so this is a RuntimeError.", func(a *lang.Args) (lang.Value, error) {
		return nil, noNumPy()
	})
}

// noNumPy is the error for the NumPy bridges.
func noNumPy() *lang.Error {
	return lang.Errorf(lang.RuntimeError, "kael has no NumPy: tensors cannot become NumPy arrays").
		WithHint("use x.tolist() for Python lists, x.item() for one number, or keep the tensor")
}
