package torch

import (
	"sync/atomic"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Automatic mixed precision as PyTorch 1.13 has it on a machine without
// CUDA: torch.autocast (torch.amp.autocast) and its subclasses
// torch.cpu.amp.autocast and torch.cuda.amp.autocast, context managers and
// decorators over the switches of autograd/autocast.go; the torch.*autocast*
// functions; torch.cuda.amp.GradScaler, which disables itself with
// PyTorch's warning (scale returns its input, step calls optimizer.step);
// custom_fwd and custom_bwd.

// gpuAutocast is torch.set_autocast_enabled's switch and dtype. It acts
// only on CUDA tensors, which kael has none of, so it is kept and read
// back and changes no operation, as in PyTorch on CPU tensors.
var (
	gpuAutocast      atomic.Bool
	gpuAutocastDType atomic.Uint32
)

const cudaAutocastWarning = "User provided device_type of 'cuda', but CUDA is not available. Disabling"

// autocastSelf is the instance a method of autocast is called on.
func autocastSelf(a *lang.Args) (*lang.Instance, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "descriptor requires a 'torch.autocast' object but received '%s'", lang.TypeName(a.Value("self")))
	}
	return x, nil
}

// initAutocast is autocast.__init__ for device, as torch/amp/autocast_mode.py:
// the fast dtype is the device's current autocast dtype unless given; CUDA
// disables itself with a warning (kael has none), and a CPU dtype other
// than bfloat16 disables CPU autocast with PyTorch's warning.
func initAutocast(a *lang.Args, x *lang.Instance, device string, dtype *tensor.DType, enabled bool, cache lang.Value) error {
	var fast tensor.DType
	switch device {
	case "cuda":
		fast = tensor.DType(gpuAutocastDType.Load())
	case "cpu":
		fast = autograd.AutocastCPUDType()
	default:
		return lang.Errorf(lang.RuntimeError, "User specified autocast device_type must be 'cuda' or 'cpu'")
	}
	cacheOn := autograd.IsAutocastCacheEnabled()
	if enabled && device == "cuda" {
		if err := warnUser(a, cudaAutocastWarning); err != nil {
			return err
		}
		enabled = false
	}
	if dtype != nil {
		fast = *dtype
	}
	if cache != lang.None {
		cacheOn = truth(cache)
	}
	if device == "cpu" && fast != tensor.BFloat16 {
		if err := warnUser(a, "In CPU autocast, but the target dtype is not supported. Disabling autocast.\nCPU Autocast only supports dtype of torch.bfloat16 currently."); err != nil {
			return err
		}
		enabled = false
	}
	for _, kv := range []struct {
		name string
		v    lang.Value
	}{{"device", device}, {"fast_dtype", fast}, {"_cache_enabled", cacheOn}, {"_enabled", enabled}} {
		if err := lang.SetAttr(x, kv.name, kv.v); err != nil {
			return err
		}
	}
	return nil
}

// autocastEnter is autocast.__enter__: it keeps the settings it finds on
// the instance and sets the instance's.
func autocastEnter(x *lang.Instance) error {
	get := func(name string) (lang.Value, error) { return lang.GetAttr(x, name) }
	device, err := get("device")
	if err != nil {
		return err
	}
	fast, err := get("fast_dtype")
	if err != nil {
		return err
	}
	enabled, err := get("_enabled")
	if err != nil {
		return err
	}
	cache, err := get("_cache_enabled")
	if err != nil {
		return err
	}
	d, ok := fast.(tensor.DType)
	if !ok {
		return lang.Errorf(lang.TypeError, "autocast's fast_dtype must be a torch.dtype, not %s", lang.TypeName(fast))
	}
	if err := lang.SetAttr(x, "prev_cache_enabled", autograd.IsAutocastCacheEnabled()); err != nil {
		return err
	}
	if device == "cpu" {
		if d != tensor.BFloat16 {
			return lang.Errorf(lang.RuntimeError, "Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype")
		}
		if err := lang.SetAttr(x, "prev", autograd.IsAutocastCPUEnabled()); err != nil {
			return err
		}
		if err := lang.SetAttr(x, "prev_fastdtype", autograd.AutocastCPUDType()); err != nil {
			return err
		}
		autograd.SetAutocastCPUEnabled(truth(enabled))
		autograd.SetAutocastCPUDType(d)
	} else {
		if err := lang.SetAttr(x, "prev", gpuAutocast.Load()); err != nil {
			return err
		}
		if err := lang.SetAttr(x, "prev_fastdtype", tensor.DType(gpuAutocastDType.Load())); err != nil {
			return err
		}
		gpuAutocastDType.Store(uint32(d))
		gpuAutocast.Store(truth(enabled))
	}
	autograd.AutocastNesting(1)
	autograd.SetAutocastCacheEnabled(truth(cache))
	return nil
}

// autocastExit is autocast.__exit__: the settings autocastEnter kept come
// back.
func autocastExit(x *lang.Instance) error {
	device, err := lang.GetAttr(x, "device")
	if err != nil {
		return err
	}
	prev, err := lang.GetAttr(x, "prev")
	if err != nil {
		return err
	}
	prevFast, err := lang.GetAttr(x, "prev_fastdtype")
	if err != nil {
		return err
	}
	prevCache, err := lang.GetAttr(x, "prev_cache_enabled")
	if err != nil {
		return err
	}
	d, _ := prevFast.(tensor.DType)
	autograd.AutocastNesting(-1)
	if device == "cpu" {
		autograd.SetAutocastCPUEnabled(truth(prev))
		autograd.SetAutocastCPUDType(d)
	} else {
		gpuAutocast.Store(truth(prev))
		gpuAutocastDType.Store(uint32(d))
	}
	autograd.SetAutocastCacheEnabled(truth(prevCache))
	return nil
}

// autocastMethods are the methods autocast and its subclasses share.
func autocastMethods() []*lang.Builtin {
	return []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "__enter__(self)", "Turns autocast on (or off, with enabled=False) for the device, keeping the settings it replaces; returns None, as PyTorch 1.13's.", func(a *lang.Args) (lang.Value, error) {
			x, err := autocastSelf(a)
			if err != nil {
				return nil, err
			}
			return lang.None, autocastEnter(x)
		}),
		lang.NewBuiltin(lang.AsValue, "__exit__(self, exc_type, exc_val, exc_tb)", "Restores the autocast settings __enter__ found; returns False, so an exception goes on.", func(a *lang.Args) (lang.Value, error) {
			x, err := autocastSelf(a)
			if err != nil {
				return nil, err
			}
			return false, autocastExit(x)
		}),
		lang.NewBuiltin(lang.AsValue, "__call__(self, func)", "Decorates func: each call runs inside this autocast.", func(a *lang.Args) (lang.Value, error) {
			x, err := autocastSelf(a)
			if err != nil {
				return nil, err
			}
			fn := a.Value("func")
			if !lang.Callable(fn) {
				return nil, lang.Errorf(lang.TypeError, "'%s' object is not callable", lang.TypeName(fn))
			}
			name := "decorate_autocast"
			return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", "A function decorated with torch.autocast: each call runs inside it.", func(b *lang.Args) (lang.Value, error) {
				if err := autocastEnter(x); err != nil {
					return nil, err
				}
				names, vals := b.Keywords()
				v, err := b.CallKw(fn, b.Value("args").(lang.Tuple), names, vals)
				if xerr := autocastExit(x); err == nil && xerr != nil {
					return nil, xerr
				}
				return v, err
			}).CollectKeywords(), nil
		}),
	}
}

// autocastClasses are torch.autocast and its CPU and CUDA subclasses.
var autocastClasses = func() (classes struct{ base, cpu, cuda *lang.UserClass }) {
	classes.base = lang.MustNewClass("autocast", "torch.amp.autocast_mode", nil, append(autocastMethods(),
		lang.NewBuiltin(lang.AsValue, "__init__(self, device_type, dtype=None, enabled=True, cache_enabled=None)", "Autocast for device_type 'cpu' (bfloat16, the only dtype PyTorch 1.13's CPU autocast takes) or 'cuda' (disabled with a warning: kael has no CUDA tensors).", func(a *lang.Args) (lang.Value, error) {
			x, err := autocastSelf(a)
			if err != nil {
				return nil, err
			}
			device, dtype, enabled, cache := a.Str("device_type"), a.OptDType("dtype"), a.Bool("enabled"), a.Value("cache_enabled")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.None, initAutocast(a, x, device, dtype, enabled, cache)
		}))...)
	sub := func(device, module string, def tensor.DType) *lang.UserClass {
		return lang.MustNewClass("autocast", module, []*lang.UserClass{classes.base},
			lang.NewBuiltin(lang.AsValue, "__init__(self, enabled=True, dtype=None, cache_enabled=True)", "torch.autocast('"+device+"', dtype, enabled, cache_enabled); dtype defaults to torch."+tensor.TorchName(def)[len("torch."):]+".", func(a *lang.Args) (lang.Value, error) {
				x, err := autocastSelf(a)
				if err != nil {
					return nil, err
				}
				enabled, dtype, cache := a.Bool("enabled"), a.OptDType("dtype"), a.Bool("cache_enabled")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if dtype == nil {
					dtype = &def
				}
				return lang.None, initAutocast(a, x, device, dtype, enabled, cache)
			}))
	}
	classes.cpu = sub("cpu", "torch.cpu.amp.autocast_mode", tensor.BFloat16)
	classes.cuda = sub("cuda", "torch.cuda.amp.autocast_mode", tensor.Float16)
	return classes
}()

// truth is bool(v) for the settings autocast keeps (Python bools).
func truth(v lang.Value) bool {
	b, _ := lang.Truth(v)
	return b
}

// gradScalerClass is torch.cuda.amp.GradScaler. Without CUDA, PyTorch
// 1.13 disables an enabled scaler with a warning; a disabled one has only
// _enabled, so its methods are the pass-throughs of grad_scaler.py:
// scale returns its argument, step calls optimizer.step, unscale_ and
// update do nothing, get_scale is 1.0, state_dict is {}.
var gradScalerClass = func() *lang.UserClass {
	self := func(a *lang.Args) *lang.Instance {
		x, _ := a.Value("self").(*lang.Instance)
		return x
	}
	enabled := func(a *lang.Args) (bool, error) {
		v, err := lang.GetAttr(a.Value("self"), "_enabled")
		if err != nil {
			return false, err
		}
		return truth(v), nil
	}
	none := func(sig, doc string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			if _, err := enabled(a); err != nil {
				return nil, err
			}
			return lang.None, nil
		})
	}
	getter := func(name, attr string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, name+"(self)", "The scaler's "+attr[1:]+" (an AttributeError for a disabled scaler, which keeps none).", func(a *lang.Args) (lang.Value, error) {
			return lang.GetAttr(a.Value("self"), attr)
		})
	}
	setter := func(name, attr string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, name+"(self, new_value)", "Sets the scaler's "+attr[1:]+".", func(a *lang.Args) (lang.Value, error) {
			return lang.None, lang.SetAttr(a.Value("self"), attr, a.Value("new_value"))
		})
	}
	return lang.MustNewClass("GradScaler", "torch.cuda.amp.grad_scaler", nil,
		lang.NewBuiltin(lang.AsValue, "__init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, enabled=True)", "A loss scaler for float16 training on CUDA. kael has no CUDA, so, as PyTorch without it, an enabled scaler warns and disables itself.", func(a *lang.Args) (lang.Value, error) {
			x, on := self(a), a.Bool("enabled")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if x == nil {
				return nil, lang.Errorf(lang.TypeError, "descriptor '__init__' requires a 'GradScaler' object")
			}
			if on {
				if err := warnUser(a, "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling."); err != nil {
					return nil, err
				}
			}
			return lang.None, lang.SetAttr(x, "_enabled", false)
		}),
		lang.NewBuiltin(lang.AsValue, "scale(self, outputs)", "outputs multiplied by the scale; a disabled scaler returns outputs itself.", func(a *lang.Args) (lang.Value, error) {
			if _, err := enabled(a); err != nil {
				return nil, err
			}
			return a.Value("outputs"), nil
		}),
		lang.NewBuiltin(lang.AsValue, "step(self, optimizer, *args, **kwargs)", "optimizer.step(*args, **kwargs), skipped when the unscaled gradients hold an inf or NaN; a disabled scaler always steps.", func(a *lang.Args) (lang.Value, error) {
			if _, err := enabled(a); err != nil {
				return nil, err
			}
			step, err := lang.GetAttr(a.Value("optimizer"), "step")
			if err != nil {
				return nil, err
			}
			names, vals := a.Keywords()
			return a.CallKw(step, a.Value("args").(lang.Tuple), names, vals)
		}).CollectKeywords(),
		none("unscale_(self, optimizer)", "Divides optimizer's gradients by the scale; a disabled scaler does nothing."),
		none("update(self, new_scale=None)", "Updates the scale after a step; a disabled scaler does nothing."),
		lang.NewBuiltin(lang.AsValue, "get_scale(self)", "The current scale: 1.0 for a disabled scaler.", func(a *lang.Args) (lang.Value, error) {
			if _, err := enabled(a); err != nil {
				return nil, err
			}
			return 1.0, nil
		}),
		lang.NewBuiltin(lang.AsValue, "is_enabled(self)", "Whether the scaler scales: False without CUDA.", func(a *lang.Args) (lang.Value, error) {
			on, err := enabled(a)
			return on, err
		}),
		lang.NewBuiltin(lang.AsValue, "state_dict(self)", "The scaler's state: {} for a disabled scaler.", func(a *lang.Args) (lang.Value, error) {
			if _, err := enabled(a); err != nil {
				return nil, err
			}
			return lang.NewDict(), nil
		}),
		none("load_state_dict(self, state_dict)", "Loads a state_dict; a disabled scaler ignores it."),
		getter("get_growth_factor", "_growth_factor"), setter("set_growth_factor", "_growth_factor"),
		getter("get_backoff_factor", "_backoff_factor"), setter("set_backoff_factor", "_backoff_factor"),
		getter("get_growth_interval", "_growth_interval"), setter("set_growth_interval", "_growth_interval"),
	)
}()

// customFwd is torch.cuda.amp.custom_fwd: forward of an autograd.Function
// records in ctx._fwd_used_autocast whether CUDA autocast was on; with
// cast_inputs, forward runs with CUDA autocast off (its casts touch CUDA
// tensors only, which kael has none of).
func customFwd(fwd lang.Value, castInputs bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "decorate_fwd(*args, **kwargs)", "A forward decorated with torch.cuda.amp.custom_fwd.", func(a *lang.Args) (lang.Value, error) {
		args := a.Value("args").(lang.Tuple)
		if len(args) == 0 {
			return nil, lang.Errorf(lang.IndexError, "tuple index out of range")
		}
		on := gpuAutocast.Load()
		if err := lang.SetAttr(args[0], "_fwd_used_autocast", on && !castInputs); err != nil {
			return nil, err
		}
		if castInputs && on {
			gpuAutocast.Store(false)
			defer gpuAutocast.Store(on)
		}
		names, vals := a.Keywords()
		return a.CallKw(fwd, args, names, vals)
	}).CollectKeywords()
}

func defAmp() {
	gpuAutocastDType.Store(uint32(tensor.Float16))
	base, cpu, cuda := autocastClasses.base, autocastClasses.cpu, autocastClasses.cuda
	torchMembers["autocast"] = base
	def := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		torchMembers[b.Name] = b
	}
	def("is_autocast_cpu_enabled()", "Whether CPU autocast is on (inside torch.autocast('cpu')).", func(a *lang.Args) (lang.Value, error) {
		return autograd.IsAutocastCPUEnabled(), nil
	})
	def("set_autocast_cpu_enabled(enabled)", "Turns CPU autocast on or off.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("enabled")
		if err := a.Err(); err != nil {
			return nil, err
		}
		autograd.SetAutocastCPUEnabled(on)
		return lang.None, nil
	})
	def("get_autocast_cpu_dtype()", "The dtype CPU autocast computes its lower-precision operations in: torch.bfloat16.", func(a *lang.Args) (lang.Value, error) {
		return autograd.AutocastCPUDType(), nil
	})
	def("set_autocast_cpu_dtype(dtype)", "Sets CPU autocast's dtype: only torch.bfloat16, as PyTorch 1.13.", func(a *lang.Args) (lang.Value, error) {
		d := a.DType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d != tensor.BFloat16 {
			return nil, lang.Errorf(lang.RuntimeError, "Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype")
		}
		autograd.SetAutocastCPUDType(d)
		return lang.None, nil
	})
	def("is_autocast_enabled()", "Whether CUDA autocast is on. It acts on CUDA tensors only, which kael has none of.", func(a *lang.Args) (lang.Value, error) {
		return gpuAutocast.Load(), nil
	})
	def("set_autocast_enabled(enabled)", "Turns CUDA autocast on or off; it acts on CUDA tensors only, which kael has none of.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("enabled")
		if err := a.Err(); err != nil {
			return nil, err
		}
		gpuAutocast.Store(on)
		return lang.None, nil
	})
	def("get_autocast_gpu_dtype()", "CUDA autocast's dtype: torch.float16 unless set.", func(a *lang.Args) (lang.Value, error) {
		return tensor.DType(gpuAutocastDType.Load()), nil
	})
	def("set_autocast_gpu_dtype(dtype)", "Sets CUDA autocast's dtype.", func(a *lang.Args) (lang.Value, error) {
		d := a.DType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		gpuAutocastDType.Store(uint32(d))
		return lang.None, nil
	})
	def("is_autocast_cache_enabled()", "Whether autocast caches the casts of weights (kael recasts each time, with the same values).", func(a *lang.Args) (lang.Value, error) {
		return autograd.IsAutocastCacheEnabled(), nil
	})
	def("set_autocast_cache_enabled(enabled)", "Sets whether autocast caches the casts of weights.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("enabled")
		if err := a.Err(); err != nil {
			return nil, err
		}
		autograd.SetAutocastCacheEnabled(on)
		return lang.None, nil
	})
	def("clear_autocast_cache()", "Empties autocast's cache of cast weights (kael keeps none).", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	})
	def("autocast_increment_nesting()", "Counts one more autocast region entered; returns the count.", func(a *lang.Args) (lang.Value, error) {
		return autograd.AutocastNesting(1), nil
	})
	def("autocast_decrement_nesting()", "Counts one autocast region left; returns the count.", func(a *lang.Args) (lang.Value, error) {
		return autograd.AutocastNesting(-1), nil
	})

	customFwdFn := lang.NewBuiltin(lang.AsValue, "custom_fwd(fwd=None, *, cast_inputs=None)", "Decorates the forward of a torch.autograd.Function for CUDA autocast: it records whether autocast was on (in ctx._fwd_used_autocast), and with cast_inputs runs forward with autocast off. Without fwd, a decorator.", func(a *lang.Args) (lang.Value, error) {
		fwd, cast := a.Value("fwd"), !a.IsNone("cast_inputs")
		if fwd == lang.None {
			return lang.NewBuiltin(lang.AsValue, "custom_fwd(fwd)", "custom_fwd with its cast_inputs.", func(b *lang.Args) (lang.Value, error) {
				return customFwd(b.Value("fwd"), cast), nil
			}), nil
		}
		return customFwd(fwd, cast), nil
	})
	customBwdFn := lang.NewBuiltin(lang.AsValue, "custom_bwd(bwd)", "Decorates the backward of a torch.autograd.Function to run with the CUDA autocast state its forward had (custom_fwd).", func(a *lang.Args) (lang.Value, error) {
		bwd := a.Value("bwd")
		return lang.NewBuiltin(lang.AsValue, "decorate_bwd(*args, **kwargs)", "A backward decorated with torch.cuda.amp.custom_bwd.", func(b *lang.Args) (lang.Value, error) {
			args := b.Value("args").(lang.Tuple)
			if len(args) == 0 {
				return nil, lang.Errorf(lang.IndexError, "tuple index out of range")
			}
			used, err := lang.GetAttr(args[0], "_fwd_used_autocast")
			if err != nil {
				return nil, err
			}
			if truth(used) {
				if err := warnUser(b, cudaAutocastWarning); err != nil {
					return nil, err
				}
			}
			prev := gpuAutocast.Swap(false)
			defer gpuAutocast.Store(prev)
			names, vals := b.Keywords()
			return b.CallKw(bwd, args, names, vals)
		}).CollectKeywords(), nil
	})
	notAvailable := lang.NewBuiltin(lang.AsValue, "amp_definitely_not_available()", "Whether CUDA mixed precision certainly cannot run: True in kael, which has no CUDA tensors.", func(a *lang.Args) (lang.Value, error) {
		return true, nil
	})

	mod := func(name, doc string, attrs map[string]lang.Value) {
		lang.RegisterModule(name, doc, func() *lang.Module { return &lang.Module{Attrs: attrs} })
	}
	mod("torch.amp", "Automatic mixed precision: torch.amp.autocast, the same class as torch.autocast.", map[string]lang.Value{"autocast": base})
	mod("torch.amp.autocast_mode", "The module of torch.autocast.", map[string]lang.Value{"autocast": base})
	mod("torch.cpu", "The CPU's namespace: torch.cpu.amp.", map[string]lang.Value{})
	mod("torch.cpu.amp", "CPU mixed precision: torch.cpu.amp.autocast, torch.autocast('cpu') with dtype bfloat16 by default.", map[string]lang.Value{"autocast": cpu})
	mod("torch.cpu.amp.autocast_mode", "The module of torch.cpu.amp.autocast.", map[string]lang.Value{"autocast": cpu})
	mod("torch.cuda.amp", "CUDA mixed precision: autocast (disabled with a warning, as PyTorch without CUDA), GradScaler (likewise disabled: its scale and step pass through), custom_fwd and custom_bwd.", map[string]lang.Value{
		"autocast": cuda, "GradScaler": gradScalerClass, "custom_fwd": customFwdFn, "custom_bwd": customBwdFn})
	mod("torch.cuda.amp.autocast_mode", "The module of torch.cuda.amp.autocast, custom_fwd and custom_bwd.", map[string]lang.Value{
		"autocast": cuda, "custom_fwd": customFwdFn, "custom_bwd": customBwdFn})
	mod("torch.cuda.amp.grad_scaler", "The module of torch.cuda.amp.GradScaler.", map[string]lang.Value{"GradScaler": gradScalerClass})
	mod("torch.cuda.amp.common", "torch.cuda.amp's availability check.", map[string]lang.Value{"amp_definitely_not_available": notAvailable})
}
