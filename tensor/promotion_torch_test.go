package tensor

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

const (
	promotionTable     = "testdata/promotion/promotion.json"
	promotionGenerator = "testdata/promotion/gen.py"
)

// promotionCases is promotion.json: PyTorch's promotion for every pair of
// kael's dtypes (see gen.py).
type promotionCases struct {
	Torch        string      `json:"torch"`
	PromoteTypes [][3]string `json:"promote_types"`
	CanCast      [][3]any    `json:"can_cast"`
	ResultType   [][5]string `json:"result_type"`
	InPlace      [][5]any    `json:"inplace"`
}

// promotionOperand makes an operand of the kind gen.py names: a tensor of
// dtype d with dimensions ("dim") or without ("0d"), or a Python int,
// float or bool (a wrapped number).
func promotionOperand(t *testing.T, kind, d string) *Tensor {
	t.Helper()
	switch kind {
	case "int":
		return MustScalar(int64(2))
	case "float":
		return MustScalar(2.5)
	case "bool":
		return MustScalar(true)
	case "complex":
		return MustScalar(2.5i)
	}
	dt, ok := ParseDType(d)
	if !ok {
		t.Fatalf("unknown dtype %q", d)
	}
	if kind == "dim" {
		return mustOp(Zeros(dt, 3))
	}
	return mustOp(Zeros(dt))
}

// TestPromotionMatchesPyTorch checks PromoteTypes, CanCast, ResultType
// and the refusals of in-place operations against promotion.json, every
// pair of dtypes with tensors, 0-d tensors and Python scalars.
func TestPromotionMatchesPyTorch(t *testing.T) {
	data, err := os.ReadFile(promotionTable)
	if err != nil {
		t.Fatal(err)
	}
	var c promotionCases
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	// NumPy's uint16, uint32 and uint64 are no PyTorch dtypes
	// (TestPromotionOfWideUnsignedMatchesNumPy checks them).
	torchDTypes := len(DTypes) - 3
	if len(c.PromoteTypes) != torchDTypes*torchDTypes || len(c.CanCast) != len(c.PromoteTypes) {
		t.Fatalf("%d promote_types and %d can_cast cases for %d dtypes: regenerate %s", len(c.PromoteTypes), len(c.CanCast), torchDTypes, promotionTable)
	}
	dtype := func(name string) DType {
		d, ok := ParseDType(name)
		if !ok {
			t.Fatalf("unknown dtype %q", name)
		}
		return d
	}
	for _, p := range c.PromoteTypes {
		if got := PromoteTypes(dtype(p[0]), dtype(p[1])); got.String() != p[2] {
			t.Errorf("PromoteTypes(%s, %s) = %s, PyTorch %s", p[0], p[1], got, p[2])
		}
	}
	for _, p := range c.CanCast {
		if got := CanCast(dtype(p[0].(string)), dtype(p[1].(string))); got != p[2].(bool) {
			t.Errorf("CanCast(%s, %s) = %v, PyTorch %v", p[0], p[1], got, p[2])
		}
	}
	for _, r := range c.ResultType {
		a, b := promotionOperand(t, r[0], r[1]), promotionOperand(t, r[2], r[3])
		want := r[4]
		if want == "complex32" {
			want = "complex64" // kael has no complex32 (ResultType)
		}
		if got := ResultType(a, b); got.String() != want {
			t.Errorf("ResultType(%s %s, %s %s) = %s, PyTorch %s", r[0], r[1], r[2], r[3], got, r[4])
		}
		if got := ResultType(b, a); got.String() != want {
			t.Errorf("ResultType(%s %s, %s %s) = %s, PyTorch %s", r[2], r[3], r[0], r[1], got, r[4])
		}
	}
	for _, r := range c.InPlace {
		ka, a, kb, b := r[0].(string), r[1].(string), r[2].(string), r[3].(string)
		err := AddSpec.CheckInPlace(promotionOperand(t, ka, a), promotionOperand(t, kb, b))
		if refused := err != nil; refused != r[4].(bool) {
			t.Errorf("%s %s .add_(%s %s): refused %v (%v), PyTorch refused %v", ka, a, kb, b, refused, err, r[4])
		}
	}
	t.Logf("%d cases from PyTorch %s", len(c.PromoteTypes)+len(c.CanCast)+2*len(c.ResultType)+len(c.InPlace), c.Torch)
}

// TestPromotionTableIsCurrent reruns gen.py with Debian's PyTorch and
// checks that promotion.json is what it writes.
func TestPromotionTableIsCurrent(t *testing.T) {
	python := debianTorch(t)
	out, err := exec.Command(python, promotionGenerator).Output()
	if err != nil {
		t.Fatalf("%s: %v", promotionGenerator, err)
	}
	data, err := os.ReadFile(promotionTable)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("%s is not what %s writes: regenerate it with %s %s > %s", promotionTable, promotionGenerator, python, promotionGenerator, promotionTable)
	}
}
