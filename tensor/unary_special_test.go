package tensor

import (
	"encoding/json"
	"math"
	"os/exec"
	"testing"
)

// TestBesselMatchesTorch compares I0 and i1 (torch.i0, torch.special.i1)
// with Debian's PyTorch over both of kael's regimes, the power series up
// to |x| = 30 and the asymptotic series beyond, up to the overflow near
// 709.8. The two are computed differently (PyTorch's by Cephes'
// Chebyshev fits), each to a few units in the last place: they must agree
// to 1e-13 relative.
func TestBesselMatchesTorch(t *testing.T) {
	python := debianTorch(t)
	var xs []float64
	for x := -40.0; x <= 40; x += 0.75 {
		xs = append(xs, x)
	}
	xs = append(xs, 29.999, 30, 30.001, 55.5, 100, 250.25, 500, 700, -709, 709.5, 709.9, 712, 1e-300, math.Inf(1), math.NaN())
	want := [2][]float64{torchFloat64s(t, python, "torch.i0(x)", xs), torchFloat64s(t, python, "torch.special.i1(x)", xs)}
	for k, f := range []struct {
		name string
		f    func(float64) float64
	}{{"i0", I0}, {"i1", i1}} {
		for i, x := range xs {
			checkClose(t, f.name, x, f.f(x), want[k][i], 1e-13)
		}
	}
}

// TestExpNearOverflow checks float64 exp with PyTorch up to where its
// exp overflows, a range where Go's amd64 math.Exp gives +Inf early; exp
// is computed there as a square, within a few ulps.
func TestExpNearOverflow(t *testing.T) {
	python := debianTorch(t)
	xs := []float64{-745.2, 700, 709, 709.01, 709.4, 709.5, 709.7, 709.78, 709.7827111, 709.7827112, 709.782712893384, 709.7828, 710}
	want := torchFloat64s(t, python, "torch.exp(x)", xs)
	x := mustOp(FromSlice(xs, len(xs)))
	got := mustOp(mustOp(ExpSpec.Apply(x)).Float64s())
	for i := range xs {
		checkClose(t, "exp", xs[i], got[i], want[i], 1e-15)
	}
}

// checkClose compares f(x) with PyTorch's value within rtol; infinities,
// NaN and zero exactly.
func checkClose(t *testing.T, f string, x, got, want, rtol float64) {
	t.Helper()
	if math.IsNaN(want) || math.IsInf(want, 0) || want == 0 {
		if !(math.IsNaN(want) && math.IsNaN(got)) && got != want {
			t.Errorf("%s(%v) = %v, PyTorch %v", f, x, got, want)
		}
		return
	}
	if math.Abs(got-want) > rtol*math.Abs(want) {
		t.Errorf("%s(%v) = %v, PyTorch %v (relative difference %.2g)", f, x, got, want, math.Abs(got-want)/math.Abs(want))
	}
}

// torchFloat64s evaluates expr, a function of the float64 tensor x of
// xs, in PyTorch and returns its values.
func torchFloat64s(t *testing.T, python, expr string, xs []float64) []float64 {
	t.Helper()
	in, err := json.Marshal(encodeFloats(xs))
	if err != nil {
		t.Fatal(err)
	}
	script := `import json, math, sys, torch
x = torch.tensor([float(v) for v in json.loads(sys.argv[1])], dtype=torch.float64)
print(json.dumps([v if math.isfinite(v) else str(v) for v in (` + expr + `).tolist()]))`
	out, err := exec.Command(python, "-c", script, string(in)).Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var raw []any
	if err := json.Unmarshal(out, &raw); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	vals := make([]float64, len(raw))
	for i, v := range raw {
		vals[i] = decodeFloat(t, v)
	}
	return vals
}

// encodeFloats writes floats for JSON, the non-finite ones as Python's
// float() spells them.
func encodeFloats(xs []float64) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
		if math.IsInf(x, 0) || math.IsNaN(x) {
			out[i] = map[bool]string{true: "inf", false: "-inf"}[x > 0]
			if math.IsNaN(x) {
				out[i] = "nan"
			}
		}
	}
	return out
}

func decodeFloat(t *testing.T, v any) float64 {
	t.Helper()
	switch v := v.(type) {
	case float64:
		return v
	case string:
		switch v {
		case "inf":
			return math.Inf(1)
		case "-inf":
			return math.Inf(-1)
		case "nan":
			return math.NaN()
		}
	}
	t.Fatalf("not a float: %v", v)
	return 0
}
