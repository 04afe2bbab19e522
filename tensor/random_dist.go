package tensor

import (
	"math"
	"slices"
)

// randomFloat allocates a contiguous tensor of dtype d and shape for op and
// fills it with fill, holding g's lock. The floating dtypes that have the
// kernel table's entry are accepted.
func randomFloat[F any](g *Generator, op string, table *Kernels[F], d DType, shape []int, fill func(k F, g *Generator, buf *Tensor) error) (*Tensor, error) {
	k, err := table.Select(op, d)
	if err != nil {
		return nil, randomDTypeError(err)
	}
	t, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	g = g.lock()
	defer g.unlock()
	if err := fill(k, g, t); err != nil {
		return nil, err
	}
	return t, nil
}

// randomDTypeError gives a table's refusal of a dtype the random
// functions' hint.
func randomDTypeError(err error) error {
	var e *Error
	if asError(err, &e) && e.Kind == TypeError {
		return e.WithHint("pass dtype=float32 or dtype=float64, and convert the result with .to() if needed")
	}
	return err
}

// Rand returns a tensor of values uniform in [0, 1), as torch.rand. d must
// be floating.
func Rand(g *Generator, d DType, shape ...int) (*Tensor, error) {
	return uniformTensor(g, "rand", 0, 1, d, shape)
}

// Uniform returns a tensor of values uniform in [from, to), as
// torch.empty(shape).uniform_(from, to).
func Uniform(g *Generator, from, to float64, d DType, shape ...int) (*Tensor, error) {
	if err := checkUniformRange(from, to, d); err != nil {
		return nil, err
	}
	return uniformTensor(g, "uniform_", from, to, d, shape)
}

// uniformTensor fills a new contiguous tensor with uniform values for op.
func uniformTensor(g *Generator, op string, from, to float64, d DType, shape []int) (*Tensor, error) {
	return randomFloat(g, op, &uniformKernels, d, shape, func(k uniformKernel, g *Generator, buf *Tensor) error {
		return k(g, buf, from, to)
	})
}

// checkUniformRange is PyTorch's check of uniform_'s bounds for a tensor
// of dtype d: both finite in d (its parts' dtype for a complex one), from
// <= to, and to - from finite in d.
func checkUniformRange(from, to float64, d DType) error {
	r := d.ToReal()
	limit := FloatInfoOf(r).Max
	if limit == 0 { // not floating: the kernel refuses the dtype
		limit = math.MaxFloat64
	}
	cppNames := map[DType]string{Float32: "float", Float64: "double", Float16: "c10::Half", BFloat16: "c10::BFloat16"}
	for _, b := range []struct {
		name string
		v    float64
	}{{"from", from}, {"to", to}} {
		if !(b.v >= -limit && b.v <= limit) {
			return Errorf(RuntimeError, "%s is out of bounds for %s", b.name, cppNames[r])
		}
	}
	if !(from <= to) {
		return Errorf(RuntimeError, "uniform_ expects to return a [from, to) range, but found from=%s > to=%s", streamDouble(from), streamDouble(to))
	}
	if to-from > limit {
		return Errorf(RuntimeError, "uniform_ expects to-from <= std::numeric_limits<%s>::max(), but found to=%s and from=%s which result in to-from to exceed the limit", r.ScalarTypeName(), streamDouble(to), streamDouble(from))
	}
	return nil
}

// Randn returns a tensor of standard normal values, as torch.randn. d must
// be floating.
func Randn(g *Generator, d DType, shape ...int) (*Tensor, error) {
	return normalTensor(g, "randn", 0, 1, d, shape)
}

// Normal returns a tensor of normal values with the given mean and standard
// deviation, as torch.normal(mean, std, size). d must be floating.
func Normal(g *Generator, mean, std float64, d DType, shape ...int) (*Tensor, error) {
	if err := checkNormalStd(std); err != nil {
		return nil, err
	}
	return normalTensor(g, "normal", mean, std, d, shape)
}

// checkNormalStd is PyTorch's check of normal's standard deviation.
func checkNormalStd(std float64) error {
	if !(std >= 0) {
		return Errorf(RuntimeError, "normal expects std >= 0.0, but found std %s", streamDouble(std))
	}
	return nil
}

// normalTensor fills a new contiguous tensor with normal values for op.
func normalTensor(g *Generator, op string, mean, std float64, d DType, shape []int) (*Tensor, error) {
	if d.IsComplex() {
		// As PyTorch: the parts are the normal values of the float view
		// (view_as_real), with std/√2 so that |z| has variance std².
		parts, err := normalTensor(g, op, mean, std/math.Sqrt2, d.ToReal(), append(slices.Clone(shape), 2))
		if err != nil {
			return nil, err
		}
		return ViewAsComplex(parts)
	}
	return randomFloat(g, op, &normalKernels, d, shape, func(k normalKernel, g *Generator, buf *Tensor) error {
		return k(g, buf, mean, std, true)
	})
}

// Randint returns an int64 tensor of values uniform in [low, high), as
// torch.randint.
func Randint(g *Generator, low, high int64, shape ...int) (*Tensor, error) {
	if low >= high {
		return nil, Errorf(RuntimeError, "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d", low, high)
	}
	t, err := emptyOutput(Int64, shape...)
	if err != nil {
		return nil, err
	}
	// high-low may overflow int64; as uint64 it is the exact span.
	span := uint64(high) - uint64(low)
	d := t.storage.data.([]int64)
	g = g.lock()
	defer g.unlock()
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return nil, errInterrupted()
		}
		d[i] = int64(g.below(span) + uint64(low))
	}
	return t, nil
}

// randpermSwapMax is the size below which PyTorch's randperm swaps each
// position with a later one chosen by one 32-bit word; from it on it uses
// the inside-out shuffle with 64-bit draws.
const randpermSwapMax = math.MaxUint32 / 20

// Randperm returns a random permutation of 0..n-1 as an int64 tensor, as
// torch.randperm.
func Randperm(g *Generator, n int) (*Tensor, error) {
	t, err := emptyOutput(Int64, n)
	if err != nil {
		return nil, err
	}
	d := t.storage.data.([]int64)
	g = g.lock()
	defer g.unlock()
	if n < randpermSwapMax {
		for i := range d {
			if i%chunkElements == 0 && Interrupted() {
				return nil, errInterrupted()
			}
			d[i] = int64(i)
		}
		for i := 0; i < n-1; i++ {
			if i%chunkElements == 0 && Interrupted() {
				return nil, errInterrupted()
			}
			z := i + int(uint64(g.random32())%uint64(n-i))
			d[i], d[z] = d[z], d[i]
		}
		return t, nil
	}
	for i := range d {
		if i%chunkElements == 0 && Interrupted() {
			return nil, errInterrupted()
		}
		z := int(g.random64() % uint64(i+1))
		d[i] = d[z]
		d[z] = int64(i)
	}
	return t, nil
}
