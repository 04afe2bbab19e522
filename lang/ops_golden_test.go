package lang

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

const (
	opsGolden    = "testdata/ops/golden.json"
	opsGenerator = "testdata/ops/gen.py"
	// debianPython is the interpreter with python3-torch (Debian's).
	debianPython = "/usr/bin/python3"
)

// goldenTensor is a tensor as gen.py writes it: non-finite floats are the
// strings "nan", "inf" and "-inf".
type goldenTensor struct {
	DType string            `json:"dtype"`
	Shape []int             `json:"shape"`
	Data  []json.RawMessage `json:"data"`
}

// goldenValue is a result: a tensor, a tuple of results or a number.
type goldenValue struct {
	Tensor *goldenTensor    `json:"tensor"`
	Tuple  []goldenValue    `json:"tuple"`
	Number *json.RawMessage `json:"number"`
}

type goldenCase struct {
	Name       string                  `json:"name"`
	Expr       string                  `json:"expr"`
	Inputs     map[string]goldenTensor `json:"inputs"`
	Out        *goldenValue            `json:"out"`
	Error      string                  `json:"error"`
	GradWeight *goldenTensor           `json:"grad_weight"`
	Grads      map[string]goldenTensor `json:"grads"`
	Rtol       *float64                `json:"rtol"`
	Atol       *float64                `json:"atol"`
}

// TestOpsAgainstPyTorch evaluates each expression of testdata/ops/golden.json
// in kael and compares the result (dtype, shape, values, refusals) and,
// where recorded, the gradients with what PyTorch computed.
func TestOpsAgainstPyTorch(t *testing.T) {
	raw, err := os.ReadFile(opsGolden)
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Cases []goldenCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &golden); err != nil {
		t.Fatal(err)
	}
	if len(golden.Cases) == 0 {
		t.Fatal("no cases in " + opsGolden)
	}
	for _, c := range golden.Cases {
		t.Run(c.Name, func(t *testing.T) { checkGoldenCase(t, c) })
	}
}

func checkGoldenCase(t *testing.T, c goldenCase) {
	s := NewSession(IO{})
	tol := goldenTolerance{rtol: 1e-5, atol: 1e-6, rtol64: 1e-12, atol64: 1e-12}
	if c.Rtol != nil {
		tol.rtol, tol.rtol64 = *c.Rtol, *c.Rtol
	}
	if c.Atol != nil {
		tol.atol, tol.atol64 = *c.Atol, *c.Atol
	}
	leaves := map[string]*tensor.Tensor{}
	for name, in := range c.Inputs {
		x, err := in.tensor()
		if err != nil {
			t.Fatalf("input %s: %v", name, err)
		}
		if _, ok := c.Grads[name]; ok {
			if err := autograd.SetRequiresGrad(x, true); err != nil {
				t.Fatal(err)
			}
		}
		leaves[name] = x
		s.Set(name, x)
	}
	v, _, e := s.Eval(context.Background(), c.Expr)
	if c.Error != "" {
		if e == nil {
			t.Fatalf("%s: PyTorch refuses (%s), kael gives %s", c.Expr, c.Error, Repr(v))
		}
		return
	}
	if e != nil {
		t.Fatalf("%s: %s: %s", c.Expr, e.Kind, e.Msg)
	}
	if err := compareGolden(v, *c.Out, tol); err != nil {
		t.Fatalf("%s: %v\n got %s", c.Expr, err, Repr(v))
	}
	if c.GradWeight == nil {
		return
	}
	first := v
	if tup, ok := seqElems(v); ok { // a tuple or a named tuple such as sort's
		first = tup[0]
	}
	w, err := c.GradWeight.tensor()
	if err != nil {
		t.Fatal(err)
	}
	s.Set("__out", first)
	s.Set("__w", w)
	if r := s.Exec(context.Background(), "", "(__out * __w).sum().backward()"); r.Err != nil {
		t.Fatalf("backward: %s: %s", r.Err.Kind, r.Err.Msg)
	}
	for name, want := range c.Grads {
		g := autograd.Grad(leaves[name])
		if g == nil {
			t.Fatalf("%s.grad is None", name)
		}
		if err := compareTensor(g, want, goldenTolerance{rtol: 1e-4, atol: 1e-5, rtol64: 1e-9, atol64: 1e-10}); err != nil {
			t.Errorf("grad of %s: %v\n got %s", name, err, g)
		}
	}
}

type goldenTolerance struct{ rtol, atol, rtol64, atol64 float64 }

func compareGolden(v Value, want goldenValue, tol goldenTolerance) error {
	switch {
	case want.Tensor != nil:
		x, ok := v.(*tensor.Tensor)
		if !ok {
			return fmt.Errorf("want a tensor, got %s", TypeName(v))
		}
		return compareTensor(x, *want.Tensor, tol)
	case want.Tuple != nil:
		elems, isStr, ok := sequence(v)
		if !ok || isStr {
			return fmt.Errorf("want a tuple, got %s", TypeName(v))
		}
		if len(elems) != len(want.Tuple) {
			return fmt.Errorf("want %d elements, got %d", len(want.Tuple), len(elems))
		}
		for i := range elems {
			if err := compareGolden(elems[i], want.Tuple[i], tol); err != nil {
				return fmt.Errorf("element %d: %w", i, err)
			}
		}
		return nil
	case want.Number != nil:
		w, err := goldenNumber(*want.Number)
		if err != nil {
			return err
		}
		var got float64
		switch x := v.(type) {
		case int64:
			got = float64(x)
		case float64:
			got = x
		case bool:
			got = map[bool]float64{false: 0, true: 1}[x]
		default:
			return fmt.Errorf("want a number, got %s", TypeName(v))
		}
		if !closeEnough(got, w, tol.rtol64, tol.atol64) {
			return fmt.Errorf("got %v, want %v", got, w)
		}
		return nil
	}
	return fmt.Errorf("empty golden value")
}

func compareTensor(x *tensor.Tensor, want goldenTensor, tol goldenTolerance) error {
	if x.DType().String() != want.DType {
		return fmt.Errorf("dtype %s, want %s", x.DType(), want.DType)
	}
	if !slices.Equal(x.Shape(), want.Shape) {
		return fmt.Errorf("shape %v, want %v", x.Shape(), want.Shape)
	}
	got, err := x.Float64s()
	if err != nil {
		return err
	}
	rtol, atol := tol.rtol, tol.atol
	if x.DType() == tensor.Float64 {
		rtol, atol = tol.rtol64, tol.atol64
	}
	if !x.DType().IsFloating() {
		rtol, atol = 0, 0
	}
	for i, raw := range want.Data {
		w, err := goldenNumber(raw)
		if err != nil {
			return err
		}
		if !closeEnough(got[i], w, rtol, atol) {
			return fmt.Errorf("element %d is %v, want %v", i, got[i], w)
		}
	}
	return nil
}

// closeEnough compares like torch.allclose with equal_nan; infinities must
// match exactly.
func closeEnough(got, want, rtol, atol float64) bool {
	switch {
	case math.IsNaN(want) || math.IsNaN(got):
		return math.IsNaN(want) && math.IsNaN(got)
	case math.IsInf(want, 0) || math.IsInf(got, 0):
		return got == want
	}
	return math.Abs(got-want) <= atol+rtol*math.Abs(want)
}

func goldenNumber(raw json.RawMessage) (float64, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, err
	}
	switch x := v.(type) {
	case float64:
		return x, nil
	case bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case string:
		switch x {
		case "nan":
			return math.NaN(), nil
		case "inf":
			return math.Inf(1), nil
		case "-inf":
			return math.Inf(-1), nil
		}
	}
	return 0, fmt.Errorf("bad golden number %s", raw)
}

// tensor builds the kael tensor of a golden input.
func (g goldenTensor) tensor() (*tensor.Tensor, error) {
	d, ok := tensor.ParseDType(g.DType)
	if !ok {
		return nil, fmt.Errorf("unknown dtype %s", g.DType)
	}
	vals := make([]float64, len(g.Data))
	for i, raw := range g.Data {
		v, err := goldenNumber(raw)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	shape := g.Shape
	if shape == nil {
		shape = []int{}
	}
	x, err := tensor.FromSlice(vals, shape...)
	if err != nil {
		return nil, err
	}
	return x.To(d)
}

// TestOpsGoldenIsCurrent reruns gen.py with Debian's PyTorch, when it is
// there (KAEL_REQUIRE_TORCH=1, as make test sets, demands it), and checks
// that golden.json is what it writes.
func TestOpsGoldenIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PyTorch")
	}
	if err := exec.Command(debianPython, "-c", "import torch").Run(); err != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") == "1" {
			t.Fatalf("KAEL_REQUIRE_TORCH=1 but %s cannot import torch: %v (install python3-torch)", debianPython, err)
		}
		t.Skipf("no PyTorch at %s: %v", debianPython, err)
	}
	var out, stderr bytes.Buffer
	cmd := exec.Command(debianPython, opsGenerator)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", opsGenerator, err, stderr.String())
	}
	committed, err := os.ReadFile(opsGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), committed) {
		t.Errorf("%s is not what %s writes now; regenerate it: cd lang/testdata/ops && %s gen.py > golden.json\n%s",
			opsGolden, opsGenerator, debianPython, firstLineDifference(string(committed), out.String()))
	}
}

func firstLineDifference(a, b string) string {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			lo := max(0, i-80)
			return "committed: ..." + a[lo:min(len(a), i+80)] + "\ngenerated: ..." + b[lo:min(len(b), i+80)]
		}
	}
	return strings.TrimSpace(fmt.Sprintf("lengths %d and %d", len(a), len(b)))
}
