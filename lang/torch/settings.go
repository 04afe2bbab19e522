package torch

import (
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The global settings scripts set at their top: torch.set_printoptions,
// the thread counts, the determinism and matmul-precision flags,
// set_warn_always and set_flush_denormal. As in PyTorch they belong to the
// process, not to one session.

// globalFlags are the flags PyTorch keeps in at::globalContext() and
// c10::Warning, which kael's kernels do not read: its algorithms are
// deterministic and its float32 matmul is full precision whatever they
// say, so they only report what was set, as PyTorch's getters do.
var globalFlags = struct {
	sync.Mutex
	deterministic, warnOnly bool
	matmulPrecision         string
	warnAlways              bool
	interopThreads          int // 0 until set_num_interop_threads
}{matmulPrecision: "highest"}

// printProfiles are set_printoptions' profiles (torch/_tensor_str.py).
var printProfiles = map[string]tensor.PrintOptions{
	"default": tensor.DefaultPrintOptions,
	"short":   {Precision: 2, Threshold: 1000, EdgeItems: 2, LineWidth: 80},
	"full":    {Precision: 4, Threshold: math.MaxInt, EdgeItems: 3, LineWidth: 80},
}

// setPrintOptions is torch.set_printoptions: a profile first, then the
// options given; sci_mode is set to its argument, None included, as
// PyTorch's does.
func setPrintOptions(a *lang.Args) (lang.Value, error) {
	o := tensor.CurrentPrintOptions()
	if !a.IsNone("profile") {
		if p, ok := printProfiles[lang.Str(a.Value("profile"))]; ok {
			o = p
		}
	}
	for _, opt := range []struct {
		name string
		to   *int
	}{{"precision", &o.Precision}, {"edgeitems", &o.EdgeItems}, {"linewidth", &o.LineWidth}} {
		if !a.IsNone(opt.name) {
			*opt.to = a.Int(opt.name)
		}
	}
	if !a.IsNone("threshold") {
		o.Threshold = printThreshold(a)
	}
	o.SciMode = nil
	if !a.IsNone("sci_mode") {
		on := a.Bool("sci_mode")
		o.SciMode = &on
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if o.Precision < 0 {
		return nil, lang.Errorf(lang.ValueError, "Format specifier missing precision")
	}
	if o.Precision > maxPrintPrecision {
		// PyTorch takes it and hangs formatting; Go's fmt prints
		// %!(BADPREC) past this many digits.
		return nil, lang.Errorf(lang.ValueError, "precision too big: tensors print at most %d digits after the point", maxPrintPrecision)
	}
	tensor.SetPrintOptions(o)
	return lang.None, nil
}

// maxPrintPrecision is the most digits after the point a tensor prints
// with: Go's fmt refuses more.
const maxPrintPrecision = 1_000_000

// printThreshold reads threshold, an int or a float (math.inf prints
// every element): a tensor is summarised when its numel is above it.
func printThreshold(a *lang.Args) int {
	if f, ok := a.Value("threshold").(float64); ok {
		switch {
		case math.IsInf(f, 1) || f >= math.MaxInt64:
			return math.MaxInt
		case math.IsNaN(f) || f < math.MinInt64:
			return math.MinInt
		}
		return int(math.Floor(f))
	}
	return a.Int("threshold")
}

// intArg reads name as PyTorch's thread setters do: an int, else
// RuntimeError "<fn> expects an int, but got <type>".
func intArg(a *lang.Args, fn, name string) (int, error) {
	v := a.Value(name)
	n, ok := lang.AsInt(v)
	if _, isBool := v.(bool); !ok || isBool {
		return 0, lang.Errorf(lang.RuntimeError, "%s expects an int, but got %s", fn, lang.TypeName(v))
	}
	if n <= 0 {
		return 0, lang.Errorf(lang.RuntimeError, "%s expects a positive integer", fn)
	}
	return int(n), nil
}

// strictBool reads name as a bool, refusing ints as PyTorch's argument
// parser does: "fn(): argument 'mode' (position 1) must be bool, not int".
func strictBool(a *lang.Args, fn, name string, pos int) (bool, error) {
	b, ok := a.Value(name).(bool)
	if !ok {
		return false, lang.Errorf(lang.TypeError, "%s(): argument '%s' (position %d) must be bool, not %s", fn, name, pos, lang.TypeName(a.Value(name)))
	}
	return b, nil
}

func defSettings() {
	def := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		torchMembers[b.Name] = b
	}
	def("set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None)",
		"Sets how tensors print from now on, as PyTorch's: precision (digits after the point, 4), threshold (elements above which a tensor is summarised with ..., 1000), edgeitems (elements kept at each end, 3), linewidth (80), profile ('default', 'short' or 'full', applied first) and sci_mode (True or False forces or forbids scientific notation; None, what every call not giving it sets, lets the values choose).",
		setPrintOptions)

	def("set_num_threads(int)", "Caps the goroutines one kernel splits its work across (kael's intra-op parallelism, GOMAXPROCS by default), as PyTorch's intra-op thread pool.", func(a *lang.Args) (lang.Value, error) {
		n, err := intArg(a, "set_num_threads", "int")
		if err != nil {
			return nil, err
		}
		return lang.None, tensor.SetNumThreads(n)
	})
	def("get_num_threads()", "The number of goroutines one kernel may use: what set_num_threads set, else GOMAXPROCS.", func(a *lang.Args) (lang.Value, error) {
		return int64(tensor.NumThreads()), nil
	})
	def("init_num_threads()", "Initialises the thread counts of the calling thread, as PyTorch's; kael's goroutines read the process-wide count, so there is nothing more to do.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	})
	def("set_num_interop_threads(int)", "Sets the number of threads for inter-op parallelism once, before any is used, as PyTorch's; a second call is a RuntimeError. kael runs one op at a time per session, so the count is only reported back.", func(a *lang.Args) (lang.Value, error) {
		n, err := intArg(a, "set_num_interop_threads", "int")
		if err != nil {
			return nil, err
		}
		globalFlags.Lock()
		defer globalFlags.Unlock()
		if globalFlags.interopThreads != 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Error: cannot set number of interop threads after parallel work has started or set_num_interop_threads called")
		}
		globalFlags.interopThreads = n
		return lang.None, nil
	})
	def("get_num_interop_threads()", "The inter-op thread count: what set_num_interop_threads set, else the number of CPUs kael uses (GOMAXPROCS).", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		if globalFlags.interopThreads != 0 {
			return int64(globalFlags.interopThreads), nil
		}
		return int64(runtime.GOMAXPROCS(0)), nil
	})

	def("use_deterministic_algorithms(mode, *, warn_only=False)", "Asks for deterministic algorithms (PyTorch then refuses or warns on the nondeterministic ones); every kael kernel is deterministic, so the setting is kept and reported by are_deterministic_algorithms_enabled().", func(a *lang.Args) (lang.Value, error) {
		mode, err := strictBool(a, "_set_deterministic_algorithms", "mode", 1)
		if err != nil {
			return nil, err
		}
		warnOnly, ok := a.Value("warn_only").(bool)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "_set_deterministic_algorithms(): argument 'warn_only' must be bool, not %s", lang.TypeName(a.Value("warn_only")))
		}
		globalFlags.Lock()
		globalFlags.deterministic, globalFlags.warnOnly = mode, warnOnly
		globalFlags.Unlock()
		return lang.None, nil
	})
	def("are_deterministic_algorithms_enabled()", "Whether use_deterministic_algorithms(True) is in force.", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		return globalFlags.deterministic, nil
	})
	def("is_deterministic_algorithms_warn_only_enabled()", "Whether use_deterministic_algorithms was given warn_only=True.", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		return globalFlags.warnOnly, nil
	})
	def("set_deterministic_debug_mode(debug_mode)", "use_deterministic_algorithms by number or name: 0 or 'default' (off), 1 or 'warn' (warn_only), 2 or 'error' (on).", func(a *lang.Args) (lang.Value, error) {
		mode := -1
		switch v := a.Value("debug_mode").(type) {
		case string:
			names := map[string]int{"default": 0, "warn": 1, "error": 2}
			m, ok := names[v]
			if !ok {
				return nil, lang.Errorf(lang.RuntimeError, "invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got %s", v)
			}
			mode = m
		case int64, bool:
			n, _ := lang.AsInt(v)
			if n < 0 || n > 2 {
				return nil, lang.Errorf(lang.RuntimeError, "invalid value of debug_mode, expected 0, 1, or 2, but got %d", n)
			}
			mode = int(n)
		default:
			return nil, lang.Errorf(lang.TypeError, "debug_mode must be str or int, but got %s", lang.Str(lang.TypeOf(v)))
		}
		globalFlags.Lock()
		globalFlags.deterministic, globalFlags.warnOnly = mode > 0, mode == 1
		globalFlags.Unlock()
		return lang.None, nil
	})
	def("get_deterministic_debug_mode()", "0 when deterministic algorithms are off, 1 when they only warn, 2 when they are required.", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		switch {
		case !globalFlags.deterministic:
			return int64(0), nil
		case globalFlags.warnOnly:
			return int64(1), nil
		}
		return int64(2), nil
	})
	def("set_float32_matmul_precision(precision)", "Sets the internal precision of float32 matrix products: 'highest', 'high' or 'medium'; another string warns and changes nothing, as PyTorch's. kael's products are always full float32 ('highest'), which PyTorch's setting allows.", func(a *lang.Args) (lang.Value, error) {
		p := a.Str("precision")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch p {
		case "highest", "high", "medium":
			globalFlags.Lock()
			globalFlags.matmulPrecision = p
			globalFlags.Unlock()
			return lang.None, nil
		}
		return lang.None, a.WriteStderr("UserWarning: " + p + " is not one of 'highest', 'high', or 'medium'; the current setFloat32MatmulPrecision call has no effect.\n")
	})
	def("get_float32_matmul_precision()", "The float32 matmul precision set_float32_matmul_precision set: 'highest' by default.", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		return globalFlags.matmulPrecision, nil
	})
	def("set_warn_always(b)", "Asks that warnings PyTorch gives once be given every time; kept and reported by is_warn_always_enabled().", func(a *lang.Args) (lang.Value, error) {
		b, ok := a.Value("b").(bool)
		if !ok {
			return nil, lang.Errorf(lang.RuntimeError, "setWarnOnlyOnce expects a bool, but got %s", lang.TypeName(a.Value("b")))
		}
		globalFlags.Lock()
		globalFlags.warnAlways = b
		globalFlags.Unlock()
		return lang.None, nil
	})
	def("is_warn_always_enabled()", "Whether set_warn_always(True) is in force.", func(a *lang.Args) (lang.Value, error) {
		globalFlags.Lock()
		defer globalFlags.Unlock()
		return globalFlags.warnAlways, nil
	})
	def("set_flush_denormal(mode)", "Whether the CPU flushes subnormal floats to zero. PyTorch returns True where the CPU supports it (SSE3); kael's kernels are Go and assembly that never set the FTZ/DAZ flags, so it returns False and subnormals keep their value.", func(a *lang.Args) (lang.Value, error) {
		if _, ok := a.Value("mode").(bool); !ok {
			return nil, lang.Errorf(lang.RuntimeError, "flush_denormal expects a bool, but got %s", lang.TypeName(a.Value("mode")))
		}
		return false, nil
	})

	def("is_inference_mode_enabled()", "Whether code runs inside torch.inference_mode() (with mode=True).", func(a *lang.Args) (lang.Value, error) {
		return inferenceMode.Load(), nil
	})
	isInference := func(a *lang.Args) (lang.Value, error) {
		if a.Tensor("input"); a.Err() != nil {
			return nil, a.Err()
		}
		return false, nil
	}
	const inferenceDoc = "Whether input is an inference tensor: False in kael, which makes ordinary tensors inside torch.inference_mode() (they may later take part in autograd, where PyTorch refuses inference tensors)."
	def("is_inference(input)", inferenceDoc, isInference)
	lang.NewBuiltin(lang.AsMethod, "is_inference(input)", inferenceDoc, isInference)

	def("set_default_tensor_type(t)", "Sets the default floating dtype by tensor type, as set_default_dtype: 'torch.FloatTensor' or torch.FloatTensor (float32, kael's default); torch.DoubleTensor is refused as set_default_dtype(torch.float64) is, and a non-floating type is PyTorch's TypeError.", func(a *lang.Args) (lang.Value, error) {
		name := lang.ClassOf(a.Value("t"))
		if s, ok := a.Value("t").(string); ok {
			name = s
			if _, ok := lang.TypedTensorClasses[s]; !ok {
				module, attr, dotted := strings.Cut(s, ".")
				if !dotted || module != "torch" {
					return nil, lang.Errorf(lang.ModuleNotFoundError, "No module named '%s'", module)
				}
				return nil, lang.Errorf(lang.AttributeError, "module 'torch' has no attribute '%s'", attr)
			}
		}
		d, ok := lang.TypedTensorClasses[name]
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "invalid type object: only floating-point types are supported as the default type")
		}
		if !d.IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "only floating-point types are supported as the default type")
		}
		return a.Call(torchMembers["set_default_dtype"], d)
	})

	lang.RegisterModule("torch.version", "The version of PyTorch kael's torch follows: __version__, and cuda, git_version and debug as a CPU-only release build has them.", func() *lang.Module {
		return &lang.Module{Name: "torch.version", Attrs: map[string]lang.Value{
			"__version__": torchVersion, "cuda": lang.None, "git_version": "Unknown", "debug": false, "hip": lang.None,
		}}
	})
}

// inferenceMode is set inside torch.inference_mode(), as PyTorch's
// thread-local InferenceMode; kael runs one cell at a time.
var inferenceMode atomic.Bool

// torchVersion is the PyTorch version kael's torch follows.
const torchVersion = "1.13.1"
