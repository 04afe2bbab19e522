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
	"half": tensor.Float16, "int": tensor.Int32, "short": tensor.Int16,
	"cfloat": tensor.Complex64, "cdouble": tensor.Complex128,
}

// torchFunctionalNames are the __all__ of PyTorch 1.13's torch.functional,
// the functions written in torch/functional.py; the module holds those
// torch has.
var torchFunctionalNames = []string{
	"atleast_1d", "atleast_2d", "atleast_3d", "align_tensors", "broadcast_shapes",
	"broadcast_tensors", "cartesian_prod", "block_diag", "cdist", "chain_matmul",
	"einsum", "istft", "lu", "norm", "meshgrid", "pca_lowrank", "split", "stft",
	"svd_lowrank", "tensordot", "unique", "unique_consecutive",
}

// torchAutograd holds the members of torch.autograd beyond backward.
var torchAutograd = map[string]lang.Value{}

// notTorch are the global functions of other libraries that kael
// predefines beside torch's, bare names of a notebook (display(x),
// tqdm(xs)): IPython.display's display, clear_output, HTML, Markdown and
// Math, tqdm's tqdm and trange, and kael's dtype_of. torch's modules,
// which copy the global functions, leave them out, as they leave out
// Python's builtins (lang.IsPythonBuiltin).
var notTorch = map[string]bool{
	"display": true, "clear_output": true, "HTML": true, "Markdown": true, "Math": true,
	"tqdm": true, "trange": true, "dtype_of": true,
}

// torchFunctions are the global builtins torch and torch.nn.functional
// hold: every one but Python's builtins (no torch.len, torch.print:
// PyTorch has none) and notTorch's.
func torchFunctions() map[string]*lang.Builtin {
	out := map[string]*lang.Builtin{}
	for _, name := range lang.Builtins() {
		if lang.IsPythonBuiltin(name) || notTorch[name] {
			continue
		}
		if b, ok := lang.LookupBuiltin(name); ok {
			out[name] = b
		}
	}
	return out
}

// defBuiltinModules names the module of each of torch's builtins
// (__module__), as PyTorch's: torch for the tensor functions (the forms
// of sum, max, ... torch has name theirs: lang.TorchForm); torch.functional for those of
// PyTorch's torch/functional.py (einsum, split); torch.nn.functional for
// F's own functions (F.relu, F.softmax), so that pickle writes them by
// reference (torch.relu) and loads them again. It runs before defOut and
// defAliases, whose wrappers and copies keep a builtin's names.
func defBuiltinModules() {
	for _, b := range torchFunctions() {
		b.SetModule("torch")
	}
	for _, v := range functionalOnly {
		if b, ok := v.(*lang.Builtin); ok {
			b.SetModule("torch.nn.functional")
		}
	}
	for _, name := range torchFunctionalNames { // written in PyTorch's torch/functional.py
		if b, ok := lang.LookupBuiltin(name); ok {
			b.SetModule("torch.functional")
		}
	}
}

func defModules() {
	lang.RegisterModule("torch", "PyTorch's namespace: every tensor function and dtype, and the submodules below (Python's builtins are not members: there is no torch.len).", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}}
		for name, b := range torchFunctions() {
			m.Attrs[name] = b
		}
		for _, name := range lang.OverloadedBuiltins() { // torch.sum, not Python's sum
			m.Attrs[name], _ = torchFormOf(name)
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
	lang.RegisterModule("torch.nn.functional", "The functional layers and losses; every tensor function is a member, so F.relu and F.cross_entropy work as in PyTorch (Python's builtins are not: there is no F.len or F.sum).", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}}
		for name, b := range torchFunctions() { // no F.len, F.sum: PyTorch's F has none
			m.Attrs[name] = b
		}
		for name, v := range functionalOnly {
			m.Attrs[name] = v
		}
		m.Attrs["Tensor"] = torchMembers["Tensor"] // imported by PyTorch's functional.py
		return m
	})
	lang.RegisterModule("torch.functional", "The module of PyTorch's torch/functional.py: the tensor functions written there (einsum, split, norm, meshgrid, unique, ...), each the same function as torch's.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{}, MissingHint: "torch.functional holds torch's own functions of PyTorch's torch/functional.py; the layers' functions are torch.nn.functional's"}
		for _, name := range torchFunctionalNames {
			if v, ok := lang.LookupBuiltin(name); ok {
				m.Attrs[name] = v
			} else if v, ok := torchMembers[name]; ok {
				m.Attrs[name] = v
			}
		}
		return m
	})
	lang.RegisterModule("torch.optim", "The optimizers.", func() *lang.Module { return torchOptim })
	lang.RegisterModule("torch.autograd", "Automatic differentiation: backward, grad (create_graph=True for higher-order derivatives), gradcheck, gradgradcheck, Function, the grad-mode switches, torch.autograd.functional (jacobian, vjp, jvp, hessian, vhp, hvp), and Variable, the deprecated alias of a tensor.", func() *lang.Module {
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
			"manual_seed": lang.NewBuiltin(lang.AsValue, "manual_seed(seed)", "Seeds the current CUDA device's generator; without CUDA tensors it does nothing, as PyTorch does without a GPU.", func(a *lang.Args) (lang.Value, error) {
				a.Int64("seed")
				return lang.None, a.Err()
			}),
			"manual_seed_all": lang.NewBuiltin(lang.AsValue, "manual_seed_all(seed)", "Seeds every CUDA device's generator; without CUDA tensors it does nothing, as PyTorch does without a GPU.", func(a *lang.Args) (lang.Value, error) {
				a.Int64("seed")
				return lang.None, a.Err()
			}),
			"empty_cache": lang.NewBuiltin(lang.AsValue, "empty_cache()", "Releases CUDA's cached memory; without CUDA tensors there is none.", func(a *lang.Args) (lang.Value, error) {
				return lang.None, nil
			}),
		}}
	})
	lang.RegisterModule("torch.nn.init", "The initialisers of torch.nn.init: in place, from the default generator, with PyTorch's values for the same seed.", func() *lang.Module { return nnInitModule })
	lang.NewBuiltin(lang.AsMethod, "numpy(input, force=False)", "The tensor as a NumPy array that shares its memory: writes to one show in the other. A tensor that requires grad is refused unless force=True (detach() it first).", func(a *lang.Args) (lang.Value, error) {
		t := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if t.RequiresGrad() && !a.Bool("force") {
			return nil, lang.Errorf(lang.RuntimeError, "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
		}
		arr, ok, err := lang.MakeArray(t.Detach())
		if !ok {
			return nil, noNumPy()
		}
		return arr, err
	})
	torchMembers["from_numpy"] = lang.NewBuiltin(lang.AsValue, "from_numpy(ndarray)", "A tensor that shares the NumPy array's memory and dtype: writes to one show in the other.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("ndarray")
		arr, ok := x.(lang.ArrayProvider)
		if !ok || lang.TypeName(x) != "numpy.ndarray" {
			return nil, lang.Errorf(lang.TypeError, "expected np.ndarray (got %s)", lang.TypeName(x))
		}
		return numpyTensor(arr)
	})
}

func noNumPy() *lang.Error {
	return lang.Errorf(lang.RuntimeError, "Numpy is not available").
		WithHint("this program runs without kael's standard library (lang/std), which holds numpy")
}
