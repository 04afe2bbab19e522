package torch

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The tensor builtins that make tensors (tensor, zeros, arange, rand, ...)
// and convert them (to, float, tolist, item, ...), under PyTorch's names and
// signatures.

func defTensorFuncs() {
	lang.NewBuiltin(lang.AsFunc, "tensor(data, dtype=None, requires_grad=False, device=None)", "A new tensor from a number, nested lists or tuples of numbers, or a tensor (copied). Without dtype the elements decide: bool when all are bools, int64 when all are integers, float32 when one is a float.", func(a *lang.Args) (lang.Value, error) {
		d := a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := newFromData(a, "data", d)
		return withRequiresGrad(a, t, err)
	})
	defFill("zeros", "A tensor of the given size filled with zeros (float32 unless dtype says otherwise): zeros(2, 3) or zeros((2, 3)).", 0)
	defFill("ones", "A tensor of the given size filled with ones (float32 unless dtype says otherwise): ones(2, 3) or ones((2, 3)).", 1)
	defFill("empty", "An uninitialized tensor of the given size; kael fills it with zeros.", 0)
	lang.NewBuiltin(lang.AsFunc, "full(size, fill_value, *, dtype=None, requires_grad=False, device=None)", "A tensor of the given size filled with fill_value. Without dtype the value decides: bool for a bool, int64 for an int, float32 for a float.", func(a *lang.Args) (lang.Value, error) {
		shape, fill, d := a.Ints("size"), a.TensorLike("fill_value"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Empty(dtypeOr(d, scalarDType(fill)), shape...)
		if err == nil {
			err = t.CopyFrom(fill)
		}
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "arange(start, end=None, step=1, *, dtype=None, requires_grad=False, device=None)", "The values start, start+step, ... up to but not including end; arange(n) counts 0..n-1. int64 when every argument is an int, float32 when one is a float.", func(a *lang.Args) (lang.Value, error) {
		start, end := a.Value("start"), a.Value("end")
		if _, none := end.(lang.NoneType); none {
			start, end = int64(0), start
		}
		var nums [3]float64
		integral := true
		for i, v := range []lang.Value{start, end, a.Value("step")} {
			f, ok := lang.AsFloat(v)
			if !ok {
				return nil, a.WrongType([]string{"start", "end", "step"}[i], "a number", v)
			}
			if _, isInt := lang.AsInt(v); !isInt {
				integral = false
			}
			nums[i] = f
		}
		d := a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		dflt := tensor.DefaultFloat
		if integral {
			dflt = tensor.Int64
		}
		t, err := tensor.Arange(nums[0], nums[1], nums[2], dtypeOr(d, dflt))
		return withRequiresGrad(a, t, err)
	})
	torchMembers["range"] = lang.NewBuiltin(lang.AsValue, "range(start=None, end=None, step=1, *, dtype=None, requires_grad=False, device=None)", "Deprecated (it warns, as PyTorch 1.13 does): the values start, start+step, ... up to and including end, in the default float dtype unless dtype says otherwise; torch.arange, which stops before end, replaces it. Not Python's range, which stays the builtin.", torchRange)
	lang.NewBuiltin(lang.AsFunc, "linspace(start, end, steps, *, dtype=None, requires_grad=False, device=None)", "steps values evenly spaced from start to end, both included (float32 unless dtype says otherwise).", func(a *lang.Args) (lang.Value, error) {
		start, end, steps, d := a.Float("start"), a.Float("end"), a.Int("steps"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Linspace(start, end, steps, dtypeOr(d, tensor.DefaultFloat))
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "eye(n, m=None, *, dtype=None, requires_grad=False, device=None)", "The n×m matrix (n×n without m) with ones on the diagonal and zeros elsewhere.", func(a *lang.Args) (lang.Value, error) {
		n, m, d := a.Int("n"), a.OptInt("m"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if m == nil {
			m = &n
		}
		t, err := tensor.Eye(n, *m, dtypeOr(d, tensor.DefaultFloat))
		return withRequiresGrad(a, t, err)
	})
	defLike("zeros_like", "A tensor of zeros with the size and dtype of input.", func(shape []int, d tensor.DType) (*tensor.Tensor, error) {
		return tensor.Zeros(d, shape...)
	})
	defLike("ones_like", "A tensor of ones with the size and dtype of input.", func(shape []int, d tensor.DType) (*tensor.Tensor, error) {
		return tensor.Ones(d, shape...)
	})
	defLike("empty_like", "An uninitialized tensor (kael fills it with zeros) with the size and dtype of input.", func(shape []int, d tensor.DType) (*tensor.Tensor, error) {
		return tensor.Empty(d, shape...)
	})
	defLike("rand_like", "Values uniform in [0, 1) with the size and dtype of input, which must be floating.", func(shape []int, d tensor.DType) (*tensor.Tensor, error) {
		return tensor.Rand(nil, d, shape...)
	})
	lang.NewBuiltin(lang.AsFunc, "randn_like(input, *, dtype=None, requires_grad=False, device=None)", "Standard normal values with the size and dtype of input, which must be floating.", func(a *lang.Args) (lang.Value, error) {
		x, d := a.Tensor("input"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Randn(nil, dtypeOr(d, x.DType()), x.Shape()...)
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "full_like(input, fill_value, *, dtype=None, requires_grad=False, device=None, memory_format=None)", "A tensor with the size and dtype of input filled with fill_value.", func(a *lang.Args) (lang.Value, error) {
		x, fill, d := a.Tensor("input"), a.TensorLike("fill_value"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, "full_like", preserveFormat)
		if err != nil {
			return nil, err
		}
		t, err := newLike(x, f, func(shape []int) (*tensor.Tensor, error) { return tensor.Empty(dtypeOr(d, x.DType()), shape...) })
		if err == nil {
			err = t.CopyFrom(fill)
		}
		return withRequiresGrad(a, t, err)
	})

	defRandom("rand", "Values uniform in [0, 1) of the given size: rand(2, 3).", tensor.Rand)
	defRandom("randn", "Standard normal values (mean 0, standard deviation 1) of the given size: randn(2, 3).", tensor.Randn)
	lang.NewBuiltin(lang.AsFunc, "randint(low, high=None, size=None, *, dtype=None, generator=None, device=None)", "Integers uniform in [low, high) of the given size (int64 unless dtype says otherwise): randint(0, 10, (3,)), or randint(10, (3,)) with low 0.", func(a *lang.Args) (lang.Value, error) {
		low, high, size := a.Value("low"), a.Value("high"), a.Value("size")
		if _, none := size.(lang.NoneType); none {
			if _, ok := lang.IntSequence(high); !ok {
				return nil, lang.Errorf(lang.TypeError, "randint() missing required argument 'size'").
					WithHint("pass the size as a tuple: randint(low, high, (3,)) or randint(high, (3,))")
			}
			low, high, size = int64(0), low, high
		} else if _, none := high.(lang.NoneType); none {
			low, high = int64(0), low // randint(10, size=(3,)): PyTorch's randint(high, size)
		}
		var bounds [2]int64
		for i, v := range []lang.Value{low, high} {
			n, ok := lang.AsInt(v)
			if !ok {
				return nil, a.WrongType([]string{"low", "high"}[i], "int", v)
			}
			bounds[i] = n
		}
		shape, ok := lang.IntSequence(size)
		if !ok {
			if n, isInt := lang.AsInt(size); isInt {
				shape = []int{int(n)}
			} else {
				return nil, a.WrongType("size", "tuple of ints", size)
			}
		}
		g, d := GeneratorArg(a), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		t, err := tensor.Randint(g, bounds[0], bounds[1], shape...)
		if err != nil {
			return nil, err
		}
		return result(t.To(dtypeOr(d, tensor.Int64)))
	})
	lang.NewBuiltin(lang.AsFunc, "normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False, device=None)", "Normal values with the given mean and standard deviation: normal(0.0, 1.0, (2, 3)). Without size, mean or std (or both) are tensors and give the result's shape and dtype: normal(zeros(3), 1.0).", func(a *lang.Args) (lang.Value, error) {
		g := GeneratorArg(a)
		if a.IsNone("size") {
			return normalLike(a, g)
		}
		shape, mean, std, d := a.Ints("size"), a.Float("mean"), a.Float("std"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Normal(g, mean, std, dtypeOr(d, tensor.DefaultFloat), shape...)
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "manual_seed(seed)", "Seeds the default random number generator, so that every random builtin, dropout and torch.nn.init repeat their values: PyTorch's values for the same seed.", func(a *lang.Args) (lang.Value, error) {
		seed := a.Int64("seed")
		if err := a.Err(); err != nil {
			return nil, err
		}
		tensor.ManualSeed(uint64(seed))
		return lang.None, nil
	})
	generator := lang.NewBuiltin(lang.AsFunc, "Generator(device='cpu')", "A random number generator of its own (PyTorch's CPU generator), for the generator= argument of rand, randn, randint, randperm, normal, bernoulli, multinomial and the in-place uniform_, normal_, bernoulli_: g = Generator().manual_seed(0).", func(a *lang.Args) (lang.Value, error) {
		if err := CheckDevice(a.Value("device")); err != nil {
			a.Fail(lang.ToError(err))
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return &Generator{g: tensor.NewGenerator(tensor.DefaultSeed)}, nil
	})
	lang.RegisterClass(generator, "torch.Generator")

	lang.NewBuiltin(lang.AsMethod, "to(input, *args, dtype=None, device=None, copy=False, non_blocking=False, memory_format=None)", "The tensor converted to a dtype: x.to(float64), x.to(dtype=int64), x.to(other) for other's dtype; memory_format=torch.channels_last (or contiguous_format) lays the result out in that order. Devices other than 'cpu' are refused. Returns x itself when nothing changes, unless copy=True.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		d := toTarget(a, x.DType())
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, "to", preserveFormat)
		if err != nil {
			return nil, err
		}
		out, err := convertPreserving(x, d)
		if err != nil {
			return nil, err
		}
		cp := a.Bool("copy")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if cp && out == x {
			if out, err = copyPreserving("CloneBackward0", x, autograd.Clone); err != nil {
				return nil, err
			}
		}
		if f != preserveFormat {
			return result(toMemoryFormat(out, f, false))
		}
		return out, nil
	})
	defConvert("float", tensor.Float32, "The tensor as float32 (x itself when it is float32).")
	defConvert("double", tensor.Float64, "The tensor as float64 (x itself when it is float64).")
	defConvert("long", tensor.Int64, "The tensor as int64 (x itself when it is int64).")
	defConvert("int", tensor.Int32, "The tensor as int32 (x itself when it is int32).")
	defConvert("short", tensor.Int16, "The tensor as int16 (x itself when it is int16).")
	defConvert("char", tensor.Int8, "The tensor as int8 (x itself when it is int8).")
	defConvert("byte", tensor.Uint8, "The tensor as uint8 (x itself when it is uint8).")
	defConvert("half", tensor.Float16, "The tensor as float16 (x itself when it is float16): computed in float32 and rounded to nearest even.")
	defConvert("bfloat16", tensor.BFloat16, "The tensor as bfloat16 (x itself when it is bfloat16): computed in float32 and rounded to nearest even.")
	defConvert("cfloat", tensor.Complex64, "The tensor as complex64 (x itself when it is complex64): real values get imaginary part 0.")
	defConvert("cdouble", tensor.Complex128, "The tensor as complex128 (x itself when it is complex128): real values get imaginary part 0.")
	defConvert("bool", tensor.Bool, "The tensor as bool: true where an element is not zero.")
	lang.NewBuiltin(lang.AsMethod, "tolist(input)", "The elements as nested lists of Python numbers; a 0-d tensor gives its number.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		v, err := tensor.ToList(x)
		if err != nil {
			return nil, err
		}
		return fromGo(v), nil
	})
	lang.NewBuiltin(lang.AsMethod, "item(input)", "The value of a one-element tensor as a Python number.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		v, err := x.Item()
		if err != nil {
			return nil, hinted(err, "index one element first, e.g. x[0].item(), or reduce with x.sum().item()")
		}
		return fromGo(v), nil
	})
	lang.NewBuiltin(lang.AsBoth, "numel(input)", "The number of elements.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.Numel()), nil
	})
	lang.NewBuiltin(lang.AsMethod, "size(input, dim=None)", "The sizes of the dimensions, like x.shape, or the size of one dimension: x.size(0).", func(a *lang.Args) (lang.Value, error) {
		x, d := a.Tensor("input"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d == nil {
			return lang.NewSize(x.Shape()), nil
		}
		n, err := x.Size(*d)
		if err != nil {
			return nil, err
		}
		return int64(n), nil
	})
	lang.NewBuiltin(lang.AsMethod, "dim(input)", "The number of dimensions, like x.ndim.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return int64(x.Dim()), nil
	})
	lang.NewBuiltin(lang.AsBoth, "allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)", "Whether |input - other| <= atol + rtol·|other| holds for every element (broadcasting), as a Python bool.", func(a *lang.Args) (lang.Value, error) {
		x, y := a.Tensor("input"), a.TensorLike("other")
		rtol, atol, nan := a.Float("rtol"), a.Float("atol"), a.Bool("equal_nan")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ok, err := tensor.Allclose(x, y, rtol, atol, nan)
		if err != nil {
			return nil, err
		}
		return ok, nil
	})
	lang.NewBuiltin(lang.AsBoth, "equal(input, other)", "Whether the two tensors have the same shape and the same elements, as a Python bool.", func(a *lang.Args) (lang.Value, error) {
		x, y := a.Tensor("input"), a.Tensor("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensor.Equal(x, y), nil
	})
}

// defFill defines zeros, ones or empty.
// torch.empty, the one of them with memory_format, lays its tensor out
// in that order.
func defFill(name, doc string, value float64) {
	sig := name + "(*size, dtype=None, requires_grad=False, device=None)"
	if name == "empty" {
		sig = name + "(*size, dtype=None, requires_grad=False, device=None, memory_format=None)"
	}
	lang.NewBuiltin(lang.AsFunc, sig, doc, func(a *lang.Args) (lang.Value, error) {
		shape, d := a.Shape("size"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f := contiguousFormat
		if a.Builtin().HasParam("memory_format") {
			var err error
			if f, err = memoryFormatArg(a, name, contiguousFormat); err != nil {
				return nil, err
			}
		}
		t, err := newInFormat(shape, f, func(shape []int) (*tensor.Tensor, error) {
			return tensor.Full(value, dtypeOr(d, tensor.DefaultFloat), shape...)
		})
		return withRequiresGrad(a, t, err)
	})
}

// defLike defines one of the *_like functions, which make a tensor with the
// shape of input and, unless dtype says otherwise, its dtype.
// build makes a contiguous tensor of the shape it is given; memory_format
// (PyTorch's preserve_format by default) decides the layout (newLike).
func defLike(name, doc string, build func(shape []int, d tensor.DType) (*tensor.Tensor, error)) {
	lang.NewBuiltin(lang.AsFunc, name+"(input, *, dtype=None, requires_grad=False, device=None, memory_format=None)", doc, func(a *lang.Args) (lang.Value, error) {
		x, d := a.Tensor("input"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		f, err := memoryFormatArg(a, name, preserveFormat)
		if err != nil {
			return nil, err
		}
		t, err := newLike(x, f, func(shape []int) (*tensor.Tensor, error) { return build(shape, dtypeOr(d, x.DType())) })
		return withRequiresGrad(a, t, err)
	})
}

// defRandom defines rand or randn.
func defRandom(name, doc string, draw func(g *tensor.Generator, d tensor.DType, shape ...int) (*tensor.Tensor, error)) {
	lang.NewBuiltin(lang.AsFunc, name+"(*size, dtype=None, requires_grad=False, generator=None, device=None)", doc, func(a *lang.Args) (lang.Value, error) {
		shape, d, g := a.Shape("size"), a.OptDType("dtype"), GeneratorArg(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := draw(g, dtypeOr(d, tensor.DefaultFloat), shape...)
		return withRequiresGrad(a, t, err)
	})
}

// defConvert defines a conversion method such as x.float().
func defConvert(name string, d tensor.DType, doc string) {
	defUnary(lang.AsMethod, name+"(input)", doc, func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return convertPreserving(x, d)
	})
}

// normalLike is normal with tensor mean or std, PyTorch's three tensor
// overloads: the result has the broadcast shape of the two and the dtype
// of the tensor among them (mean's when both are). Autograd records them
// with PyTorch's gradient, which is zero (see autograd.Normal).
func normalLike(a *lang.Args, g *tensor.Generator) (lang.Value, error) {
	mean, std := a.TensorLike("mean"), a.TensorLike("std")
	d := a.OptDType("dtype")
	if err := a.Err(); err != nil {
		return nil, err
	}
	var t *tensor.Tensor
	var err error
	switch {
	case mean.IsWrappedNumber() && std.IsWrappedNumber():
		return nil, lang.Errorf(lang.TypeError, "normal() missing required argument 'size'").
			WithHint("normal(mean, std, size) with numbers, e.g. normal(0.0, 1.0, (3,)); or pass mean or std as a tensor")
	case std.IsWrappedNumber():
		t, err = tensor.NormalMeanTensor(mean, a.Float("std"), g)
		std = nil
	case mean.IsWrappedNumber():
		t, err = tensor.NormalStdTensor(a.Float("mean"), std, g)
		mean = nil
	default:
		t, err = tensor.NormalTensors(mean, std, g)
	}
	if err == nil && d != nil {
		t, err = t.To(*d)
	}
	if err != nil {
		return nil, err
	}
	return withRequiresGrad(a, autograd.Normal(t, mean, std), nil)
}

// Generator is a random number generator value, made by Generator().
type Generator struct{ g *tensor.Generator }

// TypeName returns "Generator".
func (*Generator) TypeName() string { return "Generator" }

// ClassName returns torch.Generator.
func (*Generator) ClassName() string { return "torch.Generator" }

// String returns the text print shows.
func (g *Generator) String() string { return "<Generator>" }

// generatorMethods are the methods of Generator values.
var generatorMethods = map[string]*lang.Builtin{
	"manual_seed": lang.NewBuiltin(lang.AsValue, "manual_seed(self, seed)", "Seeds the generator and returns it.", func(a *lang.Args) (lang.Value, error) {
		seed := a.Int64("seed")
		if err := a.Err(); err != nil {
			return nil, err
		}
		g := a.Value("self").(*Generator)
		g.g.ManualSeed(uint64(seed))
		return g, nil
	}),
	"initial_seed": lang.NewBuiltin(lang.AsValue, "initial_seed(self)", "The seed the generator started from.", func(a *lang.Args) (lang.Value, error) {
		return int64(a.Value("self").(*Generator).g.InitialSeed()), nil
	}),
}

// Attr returns the generator's methods manual_seed and initial_seed.
func (g *Generator) Attr(name string) (lang.Value, bool) {
	m, ok := generatorMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: g, Method: m}, true
}

// AttrNames lists the generator's methods.
func (g *Generator) AttrNames() []string { return sortedKeys(generatorMethods) }

// GeneratorArg returns the generator= argument; nil means the default
// generator.
func GeneratorArg(a *lang.Args) *tensor.Generator {
	switch g := a.Value("generator").(type) {
	case lang.NoneType:
		return nil
	case *Generator:
		return g.g
	}
	a.Fail(a.WrongType("generator", "Generator", a.Value("generator")))
	return nil
}

// result converts the results of a tensor function to a builtin's results,
// keeping a failed call from returning a typed nil.
func result(t *tensor.Tensor, err error) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	return t, nil
}

// withRequiresGrad finishes a creation function: it checks the device
// argument (kael's tensors live on the CPU) and applies the requires_grad
// argument to the new tensor t.
func withRequiresGrad(a *lang.Args, t *tensor.Tensor, err error) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	if err := CheckDevice(a.Value("device")); err != nil {
		return nil, err
	}
	return requiresGradArg(a, t)
}

// requiresGradArg applies the requires_grad argument to the new tensor t,
// for a factory without a device argument (torch.frombuffer).
func requiresGradArg(a *lang.Args, t *tensor.Tensor) (lang.Value, error) {
	on := a.Bool("requires_grad")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if on {
		if d := t.DType(); !d.IsFloating() && !d.IsComplex() { // the factories' own wording
			return nil, lang.Errorf(lang.RuntimeError, "Only Tensors of floating point and complex dtype can require gradients")
		}
		if err := autograd.SetRequiresGrad(t, true); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// dtypeOr returns the optional dtype d, or dflt when it is nil (None).
func dtypeOr(d *tensor.DType, dflt tensor.DType) tensor.DType {
	if d == nil {
		return dflt
	}
	return *d
}

// dtypes turns an optional dtype into the variadic argument of
// tensor.FromValue.
func dtypes(d *tensor.DType) []tensor.DType {
	if d == nil {
		return nil
	}
	return []tensor.DType{*d}
}

// scalarDType is the dtype a tensor made from a fill value has: a Python
// float gives float32, as in PyTorch's full.
func scalarDType(t *tensor.Tensor) tensor.DType {
	switch {
	case t.IsWrappedNumber() && t.DType().IsFloating():
		return tensor.DefaultFloat
	case t.IsWrappedNumber() && t.DType().IsComplex():
		return tensor.DefaultComplex
	}
	return t.DType()
}

// fromGo converts the values tensor.ToList and Item return (nested []any of
// float64, int64, bool and complex128) into kael values.
func fromGo(v any) lang.Value {
	if xs, ok := v.([]any); ok {
		out := make([]lang.Value, len(xs))
		for i, x := range xs {
			out[i] = fromGo(x)
		}
		return &lang.List{Elems: out}
	}
	if c, ok := v.(complex128); ok {
		return lang.Complex(c)
	}
	return v
}

// toTarget resolves the positional and keyword arguments of x.to(...) to a
// dtype; cur is the tensor's dtype, kept when only a device is given.
func toTarget(a *lang.Args, cur tensor.DType) tensor.DType {
	d := cur
	args := append(lang.Tuple{}, a.Value("args").(lang.Tuple)...)
	if !a.IsNone("device") {
		args = append(args, a.Value("device"))
	}
	if !a.IsNone("dtype") {
		args = append(args, a.Value("dtype"))
	}
	for _, v := range args {
		switch x := v.(type) {
		case tensor.DType:
			d = x
			continue
		case *tensor.Tensor:
			d = x.DType()
			continue
		case *lang.Builtin:
			if bd, ok := lang.BuiltinDType(x); ok {
				d = bd
				continue
			}
		case string:
			if pd, ok := tensor.ParseDType(strings.TrimPrefix(x, "torch.")); ok && lang.IsTorchDType(pd) {
				d = pd
				continue
			}
			if err := CheckDevice(x); err != nil {
				a.Fail(lang.ToError(err))
				return 0
			}
			continue
		case *Device:
			if err := CheckDevice(x); err != nil {
				a.Fail(lang.ToError(err))
				return 0
			}
			continue
		}
		a.Fail(lang.Errorf(lang.TypeError, "to() received an invalid argument %s", lang.Repr(v)).
			WithHint("pass a dtype (x.to(float64)), a device ('cpu') or a tensor whose dtype to take"))
		return 0
	}
	return d
}

// hinted attaches a hint to err unless it has one.
func hinted(err error, format string, args ...any) error {
	e := lang.ToError(err)
	if e.Hint == "" {
		e.WithHint(format, args...)
	}
	return e
}

// newFromData makes a new tensor of the argument name as torch.tensor
// does: a copy of a tensor (outside the graph) or of a NumPy array, or
// the numbers of a number or a (nested) sequence, as dtype d when not nil.
func newFromData(a *lang.Args, name string, d *tensor.DType) (*tensor.Tensor, error) {
	var data any
	switch x := a.Value(name).(type) {
	case *tensor.Tensor:
		data = x // FromValue copies it, outside the graph
	case lang.ArrayProvider:
		t, err := numpyTensor(x) // a NumPy array or scalar: copied, dtype kept
		if err != nil {
			return nil, err
		}
		data = t
	default:
		switch x.(type) {
		case int64, float64, bool, lang.Complex, *lang.List, lang.Tuple, lang.BigInt:
		default:
			if !lang.IsSequence(x) { // a range or a deque is data, as in PyTorch
				return nil, a.WrongType(name, "a number, a list, a tuple or a Tensor", x)
			}
		}
		var inferred *tensor.DType // the promotion of the leaves' dtypes, when tensors are among them
		var err error
		if data, inferred, err = lang.TensorDataDType(x); err != nil {
			return nil, err
		}
		if d == nil {
			d = inferred
		}
	}
	return tensor.FromValue(data, dtypes(d)...)
}

// rangeDeprecated is the warning PyTorch 1.13's torch.range gives at
// every call.
const rangeDeprecated = "torch.range is deprecated and will be removed in a future release because its behavior is inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end)."

// torchRange is torch.range: as ATen's range_out, the size is
// (end - start) / step + 1, truncated, and element i is start + i*step,
// computed in float64 for a floating dtype (the CPU's accumulate type)
// and in int64, the bounds truncated, for an integer one.
func torchRange(a *lang.Args) (lang.Value, error) {
	var missing []string
	for _, name := range []string{"start", "end"} {
		if _, none := a.Value(name).(lang.NoneType); none {
			missing = append(missing, `"`+name+`"`)
		}
	}
	switch len(missing) { // PyTorch's words, plurals as they are
	case 1:
		return nil, lang.Errorf(lang.TypeError, "range() missing 1 required positional arguments: %s", missing[0])
	case 2:
		return nil, lang.Errorf(lang.TypeError, "range() missing 2 required positional argument: %s", strings.Join(missing, ", "))
	}
	var nums [3]float64
	for i, name := range []string{"start", "end", "step"} {
		f, ok := lang.AsFloat(a.Value(name))
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "range(): argument '%s' (position %d) must be Number, not %s", name, i+1, lang.TypeName(a.Value(name)))
		}
		nums[i] = f
	}
	d := dtypeOr(a.OptDType("dtype"), tensor.DefaultFloat)
	if err := a.Err(); err != nil {
		return nil, err
	}
	if d == tensor.Bool || d == tensor.Float16 || d.IsComplex() {
		return nil, lang.Errorf(lang.RuntimeError, "\"range_cpu\" not implemented for '%s'", d.ScalarTypeName())
	}
	start, end, step := nums[0], nums[1], nums[2]
	if !d.IsFloating() {
		start, end, step = math.Trunc(start), math.Trunc(end), math.Trunc(step)
	}
	if step == 0 {
		return nil, lang.Errorf(lang.RuntimeError, "step must be nonzero")
	}
	if math.IsInf(start, 0) || math.IsNaN(start) || math.IsInf(end, 0) || math.IsNaN(end) {
		return nil, lang.Errorf(lang.RuntimeError, "unsupported range: %s -> %s", lang.Repr(a.Value("start")), lang.Repr(a.Value("end")))
	}
	if (step > 0 && end < start) || (step < 0 && end > start) {
		return nil, lang.Errorf(lang.RuntimeError, "upper bound and lower bound inconsistent with step sign")
	}
	var n int
	if d.IsFloating() {
		n = int((end-start)/step + 1)
	} else {
		n = int(int64(end-start)/int64(step) + 1)
	}
	var t *tensor.Tensor
	var err error
	if d.IsFloating() {
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = start + float64(i)*step
		}
		t, err = tensor.FromSlice(vals, n)
	} else {
		vals := make([]int64, n)
		for i := range vals {
			vals[i] = int64(start) + int64(i)*int64(step)
		}
		t, err = tensor.FromSlice(vals, n)
	}
	if err == nil {
		t, err = t.To(d)
	}
	v, err := withRequiresGrad(a, t, err)
	if err != nil {
		return nil, err
	}
	if err := warnUser(a, rangeDeprecated); err != nil {
		return nil, err
	}
	return v, nil
}
