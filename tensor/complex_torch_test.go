package tensor

import (
	"bytes"
	"encoding/json"
	"math"
	"math/cmplx"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// complexOperand is a tensor of the complex test cases: its elements as
// real and imaginary parts, its shape and dtype.
type complexOperand struct {
	Re    []jsonFloat `json:"re"`
	Im    []jsonFloat `json:"im"`
	Shape []int       `json:"shape"`
	DType string      `json:"dtype"`
}

// jsonFloat is a float64 written in JSON as Python's repr of it, in a
// string, so that NaN and the infinities pass.
type jsonFloat float64

func (f jsonFloat) MarshalJSON() ([]byte, error) {
	return json.Marshal(strconv.FormatFloat(float64(f), 'g', -1, 64))
}

func (f *jsonFloat) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := strconv.ParseFloat(strings.TrimPrefix(s, "+"), 64)
	*f = jsonFloat(v)
	return err
}

// complexCase is one operation of TestComplexMatchesPyTorch.
type complexCase struct {
	Op string          `json:"op"`
	A  complexOperand  `json:"a"`
	B  *complexOperand `json:"b,omitempty"`
}

// complexResult is what PyTorch gives for a case: its repr, dtype,
// shape and elements (imaginary parts zero for a real result), or its
// error.
type complexResult struct {
	Repr  string      `json:"repr"`
	DType string      `json:"dtype"`
	Shape []int       `json:"shape"`
	Re    []jsonFloat `json:"re"`
	Im    []jsonFloat `json:"im"`
	Error string      `json:"error"`
}

func cop(d string, shape []int, vals ...complex128) complexOperand {
	o := complexOperand{Shape: shape, DType: d}
	for _, v := range vals {
		o.Re, o.Im = append(o.Re, jsonFloat(real(v))), append(o.Im, jsonFloat(imag(v)))
	}
	return o
}

func rop(d string, shape []int, vals ...float64) complexOperand {
	o := complexOperand{Shape: shape, DType: d}
	for _, v := range vals {
		o.Re, o.Im = append(o.Re, jsonFloat(v)), append(o.Im, 0)
	}
	return o
}

func (o complexOperand) tensor(t *testing.T) *Tensor {
	t.Helper()
	vals := make([]complex128, len(o.Re))
	for i := range vals {
		vals[i] = complex(float64(o.Re[i]), float64(o.Im[i]))
	}
	x := mustOp(FromSlice(vals, o.Shape...))
	d, ok := ParseDType(o.DType)
	if !ok {
		t.Fatalf("dtype %q", o.DType)
	}
	return mustOp(x.To(d))
}

// complexCases cover printing (fixed, integer-valued and scientific
// parts, signed zeros, NaN and infinities, wrapped rows, 0-d), the
// arithmetic with broadcasting and promotion, and the complex functions.
var complexCases = func() []complexCase {
	c64, c128 := "complex64", "complex128"
	v := []complex128{1 + 2i, complex(0, -0.5), 3.25, complex(-1.5, 1e-3)}
	cases := []complexCase{
		{Op: "repr", A: cop(c64, []int{3}, 1+2i, complex(math.Copysign(0, -1), -0.5), 3.25)},
		{Op: "repr", A: cop(c128, []int{3}, 1+2i, complex(math.Copysign(0, -1), -0.5), 3.25)},
		{Op: "repr", A: cop(c64, []int{1}, 1+2i)},
		{Op: "repr", A: cop(c64, []int{}, 1+2i)},
		{Op: "repr", A: cop(c128, []int{}, complex(-2.5, -0.125))},
		{Op: "repr", A: cop(c64, []int{2, 2}, 1.5+2i, 100, 1e-5i, 3)},
		{Op: "repr", A: cop(c64, []int{2}, 1e10+1i, 1)},
		{Op: "repr", A: cop(c64, []int{3}, complex(math.NaN(), 1), complex(math.Inf(1), math.Inf(-1)), 0)},
		{Op: "repr", A: cop(c64, []int{0})},
		{Op: "repr", A: cop(c128, []int{0, 2})},
		{Op: "repr", A: cop(c64, []int{2, 6}, 1+1i, 2-3i, 0.5, -4i, 7, 8+9i, 1.25, 2.5i, -3, 4, 5-5i, 6)},
		{Op: "repr", A: cop(c128, []int{12}, 1+1i, 2-3i, 0.5, -4i, 7, 8+9i, 1.25, 2.5i, -3, 4, 5-5i, 6)},
		{Op: "repr", A: cop(c64, []int{2, 1, 2}, 0.001+1000i, 12345.678, -1, 1i)},
	}
	for _, d := range []string{c64, c128} {
		a := cop(d, []int{2, 2}, v...)
		b := cop(d, []int{2}, 2-1i, complex(0.5, 0.25))
		for _, op := range []string{"add", "sub", "mul", "div", "eq", "ne", "matmul"} {
			cases = append(cases, complexCase{Op: op, A: a, B: &b})
		}
		for _, op := range []string{"abs", "angle", "real", "imag", "conj", "neg", "sum", "mean", "view_as_real", "to_float32", "to_float64", "to_int64", "to_bool",
			"exp", "log", "sqrt", "sin", "cos", "tanh"} {
			cases = append(cases, complexCase{Op: op, A: a})
		}
		cases = append(cases, complexCase{Op: "matmul", A: a, B: &a})
	}
	// promotion: complex with real tensors
	r64, r32, i64 := rop("float64", []int{2}, 1.5, -2), rop("float32", []int{2}, 1.5, -2), rop("int64", []int{2}, 3, -4)
	z := cop(c64, []int{2}, 1+2i, -3i)
	for _, r := range []complexOperand{r64, r32, i64} {
		cases = append(cases, complexCase{Op: "add", A: z, B: &r}, complexCase{Op: "div", A: r, B: &z}, complexCase{Op: "mul", A: r, B: &z})
	}
	cases = append(cases, complexCase{Op: "complex", A: r32, B: &r32}, complexCase{Op: "complex", A: r64, B: &r64},
		complexCase{Op: "angle", A: rop("float32", []int{3}, -1, 0, 2)}, complexCase{Op: "view_as_complex", A: rop("float32", []int{2, 2}, 1, 2, 3, 4)})
	return cases
}()

// complexScript computes complexCases with PyTorch.
const complexScript = `
import json, sys, torch
def operand(o):
    re = torch.tensor([float(v) for v in o["re"] or []], dtype=torch.float64)
    im = torch.tensor([float(v) for v in o["im"] or []], dtype=torch.float64)
    return torch.complex(re, im).reshape(o["shape"]).to(getattr(torch, o["dtype"]))
ops = {
    "repr": lambda a: a, "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div,
    "eq": torch.eq, "ne": torch.ne, "matmul": torch.matmul, "abs": torch.abs, "angle": torch.angle,
    "real": lambda a: a.real, "imag": lambda a: a.imag, "conj": lambda a: a.conj().resolve_conj(),
    "neg": torch.neg, "sum": torch.sum, "mean": torch.mean, "view_as_real": torch.view_as_real,
    "view_as_complex": torch.view_as_complex, "complex": torch.complex,
    "to_float32": lambda a: a.to(torch.float32), "to_float64": lambda a: a.to(torch.float64),
    "to_int64": lambda a: a.to(torch.int64), "to_bool": lambda a: a.to(torch.bool),
    "exp": torch.exp, "log": torch.log, "sqrt": torch.sqrt, "sin": torch.sin, "cos": torch.cos,
    "tanh": torch.tanh,
}
import warnings
warnings.simplefilter("ignore")
out = []
for c in json.load(sys.stdin):
    a = operand(c["a"])
    if c["a"]["dtype"] not in ("complex64", "complex128"):
        a = a.real
    args = [a]
    if c.get("b"):
        b = operand(c["b"])
        if c["b"]["dtype"] not in ("complex64", "complex128"):
            b = b.real
        args.append(b)
    try:
        r = ops[c["op"]](*args)
    except RuntimeError as e:
        out.append({"error": str(e)})
        continue
    flat = r.reshape(-1)
    if r.is_complex():
        re, im = flat.real.tolist(), flat.imag.tolist()
    else:
        re, im = flat.double().tolist(), [0.0] * flat.numel()
    out.append({"repr": repr(r), "dtype": str(r.dtype).replace("torch.", ""), "shape": list(r.shape),
                "re": [repr(float(v)) for v in re], "im": [repr(float(v)) for v in im]})
print(json.dumps(out))
`

// complexOp computes a case with kael.
func complexOp(t *testing.T, c complexCase) (*Tensor, error) {
	a := c.A.tensor(t)
	var b *Tensor
	if c.B != nil {
		b = c.B.tensor(t)
	}
	switch c.Op {
	case "repr":
		return a, nil
	case "add":
		return Add(a, b)
	case "sub":
		return Sub(a, b)
	case "mul":
		return Mul(a, b)
	case "div":
		return Div(a, b)
	case "eq":
		return EqSpec.Apply(a, b)
	case "ne":
		return NeSpec.Apply(a, b)
	case "matmul":
		return Matmul(a, b)
	case "abs":
		return AbsSpec.Apply(a)
	case "angle":
		return AngleSpec.Apply(a)
	case "real":
		return a.RealPart()
	case "imag":
		return a.ImagPart()
	case "conj":
		return ConjSpec.Apply(a)
	case "neg":
		return NegSpec.Apply(a)
	case "sum":
		return Sum(a, nil, false)
	case "mean":
		return Mean(a, nil, false)
	case "view_as_real":
		return ViewAsReal(a)
	case "view_as_complex":
		return ViewAsComplex(a)
	case "complex":
		return ComplexFrom(a, b)
	case "to_float32":
		return a.To(Float32)
	case "to_float64":
		return a.To(Float64)
	case "to_int64":
		return a.To(Int64)
	case "to_bool":
		return a.To(Bool)
	case "exp", "log", "sqrt", "sin", "cos", "tanh":
		return UnaryByName(c.Op).Apply(a)
	}
	t.Fatalf("unknown op %q", c.Op)
	return nil, nil
}

// TestComplexMatchesPyTorch computes complexCases with kael and with
// Debian's PyTorch: the same dtype, shape and repr, and elements within
// the rounding of the dtype (a few units of float32's or float64's last
// place: kael's complex division and absolute value may round the last
// bit differently from PyTorch's).
func TestComplexMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	in, err := json.Marshal(complexCases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", complexScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var want []complexResult
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range complexCases {
		w := want[i]
		got, err := complexOp(t, c)
		name := c.Op + " " + c.A.DType
		if c.B != nil {
			name += ", " + c.B.DType
		}
		if w.Error != "" {
			if err == nil {
				t.Errorf("%s: no error, PyTorch: %s", name, w.Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got.DType().String() != w.DType || !equalInts(got.Shape(), w.Shape) {
			t.Errorf("%s: %s %v, PyTorch %s %v", name, got.DType(), got.Shape(), w.DType, w.Shape)
			continue
		}
		if s := got.String(); s != w.Repr {
			t.Errorf("%s prints\n%s\nPyTorch\n%s", name, s, w.Repr)
		}
		vals, err := complexValues(got)
		if err != nil {
			t.Fatal(err)
		}
		tol := 4 * FloatInfoOf(got.DType()).Eps // 0 for integers and bools: exact
		for k, v := range vals {
			p := complex(float64(w.Re[k]), float64(w.Im[k]))
			if !closeComplex(v, p, tol) {
				t.Errorf("%s: element %d is %v, PyTorch %v", name, k, v, p)
			}
		}
	}
}

// complexValues returns t's elements in row-major order as complex128.
func complexValues(t *Tensor) ([]complex128, error) {
	c, err := t.To(Complex128)
	if err != nil {
		return nil, err
	}
	return Values[complex128](c)
}

// closeComplex reports whether a and b agree within a relative tolerance
// of the larger magnitude, NaNs and infinities in the same places.
func closeComplex(a, b complex128, tol float64) bool {
	part := func(x, y, scale float64) bool {
		switch {
		case math.IsNaN(x) || math.IsNaN(y):
			return math.IsNaN(x) && math.IsNaN(y)
		case math.IsInf(x, 0) || math.IsInf(y, 0):
			return x == y
		}
		return math.Abs(x-y) <= tol*scale
	}
	scale := max(cmplx.Abs(a), cmplx.Abs(b), 1e-300)
	if math.IsNaN(scale) || math.IsInf(scale, 0) {
		scale = 1
	}
	return part(real(a), real(b), scale) && part(imag(a), imag(b), scale)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
