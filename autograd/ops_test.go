package autograd

import (
	"os"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestOpTable checks the structure that makes a new element-wise operation
// a guided edit: every tensor kernel has a descriptor, and every descriptor
// has its help, either a derivative or the reason it has none, and a row in
// docs/operations.md. (The derivatives themselves are checked numerically
// by TestGradCheck's "table/" cases, and lang checks that each descriptor
// is a builtin.)
func TestOpTable(t *testing.T) {
	raw, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	docs := string(raw)
	check := func(name, specName, doc string, differentiable bool, noGrad string) {
		t.Helper()
		if doc == "" {
			t.Errorf("%s: no Doc", name)
		}
		if differentiable == (noGrad != "") {
			t.Errorf("%s: needs exactly one of a derivative and NoGrad (differentiable %v, NoGrad %q)", name, differentiable, noGrad)
		}
		// A row names the function as `Exp` or with its parameters, `Atan2(a, b)`.
		if g := "`" + goName(specName); !strings.Contains(docs, g+"`") && !strings.Contains(docs, g+"(") {
			t.Errorf("%s: docs/operations.md has no row naming %s`", name, g)
		}
	}
	binary := map[*tensor.BinarySpec]bool{}
	for _, op := range BinaryOps() {
		ops := []*BinaryOp{op}
		if op.Rounding != nil {
			ops = append(ops, op.Rounding.Trunc, op.Rounding.Floor, op.Rounding.Exact)
		}
		for _, op := range ops {
			binary[op.Spec] = true
			check(op.Name, op.Spec.Name, op.Doc, op.Differentiable(), op.NoGrad)
		}
	}
	unary := map[*tensor.UnarySpec]bool{}
	for _, op := range UnaryOps() {
		unary[op.Spec] = true
		check(op.Name, op.Spec.Name, op.Doc, op.Differentiable(), op.NoGrad)
	}
	for _, s := range tensor.BinarySpecs() {
		if !binary[s] {
			t.Errorf("tensor's binary %s has no descriptor in autograd's op table (BinaryOps)", s.Name)
		}
	}
	for _, s := range tensor.UnarySpecs() {
		if !unary[s] {
			t.Errorf("tensor's unary %s has no descriptor in autograd's op table (UnaryOps)", s.Name)
		}
	}
}

// goName is the Go name of a tensor operation: floor_divide is FloorDivide.
func goName(name string) string {
	parts := strings.Split(name, "_")
	for i, p := range parts {
		parts[i] = strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.Join(parts, "")
}

// TestRunRefusesAnotherOpsCall: a call prepared for one operation cannot be
// run as another.
func TestRunRefusesAnotherOpsCall(t *testing.T) {
	call, err := AddOp.Prepare(tensor.MustScalar(1.0), tensor.MustScalar(2.0))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MulOp.Run(call); tensor.KindOf(err) != tensor.RuntimeError {
		t.Errorf("MulOp.Run(add call) = %v, want a RuntimeError", err)
	}
}
