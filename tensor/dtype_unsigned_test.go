package tensor

import (
	"encoding/json"
	"os/exec"
	"strconv"
	"testing"
)

// NumPy's uint16, uint32 and uint64 are checked against Debian's NumPy:
// PyTorch 1.13, the reference of the other dtypes, has none of them.

// numpyJSON runs script with /usr/bin/python3 and decodes the JSON it
// prints into out; the test is skipped without NumPy.
func numpyJSON(t *testing.T, script string, out any) {
	t.Helper()
	const python = "/usr/bin/python3"
	if exec.Command(python, "-c", "import numpy").Run() != nil {
		t.Skip("no NumPy at " + python)
	}
	b, err := exec.Command(python, "-c", "import json, numpy as np, warnings\nwarnings.simplefilter('ignore')\n"+script).Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

var wideUnsigned = []DType{Uint16, Uint32, Uint64}

// uintStrings returns the elements of a uint16, uint32 or uint64 tensor
// as decimal strings (uint64 values from 2^63 up included).
func uintStrings(t *testing.T, x *Tensor) []string {
	t.Helper()
	w := mustOp(x.To(Uint64))
	vals, err := Values[uint64](w)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = strconv.FormatUint(v, 10)
	}
	return out
}

func TestWideUnsignedConversionsMatchNumPy(t *testing.T) {
	// out-of-range values as NumPy's scalar cast loop converts them (its
	// SIMD loops, for longer arrays, differ: NumPy warns of an invalid cast)
	floats := []float64{0, 1.5, -1, -2.5, 65535, 65536, 70000.5, 4294967295, 4294967296, 5e9, 1e10, -1e10, 0x1p63, 0x1p63 + 2048, 1e19, 1e20, -1e20}
	ints := []int64{0, 1, -1, 65535, 65536, -65536, 4294967296 + 7, -9223372036854775808, 9223372036854775807}
	fs, _ := json.Marshal(floats)
	is, _ := json.Marshal(ints)
	var want map[string]map[string][]string
	numpyJSON(t, `f = np.array(`+string(fs)+`, dtype=np.float64)
i = np.array(`+string(is)+`, dtype=np.int64)
one = lambda a, d: [str(int(a[k:k+1].astype(d)[0])) for k in range(len(a))]  # NumPy's scalar loop
print(json.dumps({d: {"float64": one(f, d), "float32": one(f.astype(np.float32), d), "int64": [str(v) for v in i.astype(d).tolist()]} for d in ["uint16", "uint32", "uint64"]}))`, &want)
	for _, d := range wideUnsigned {
		for _, c := range []struct {
			name string
			x    *Tensor
		}{
			{"float64", mustOp(FromSlice(floats, len(floats)))},
			{"float32", mustOp(mustOp(FromSlice(floats, len(floats))).To(Float32))},
			{"int64", mustOp(FromSlice(ints, len(ints)))},
		} {
			got := uintStrings(t, mustOp(c.x.To(d)))
			if w := want[d.String()][c.name]; !equalStrings(got, w) {
				t.Errorf("%s to %s = %v, NumPy %v", c.name, d, got, w)
			}
		}
		// and back: the values read as they are, not as signed
		back := mustOp(mustOp(mustOp(FromSlice(ints, len(ints))).To(d)).To(Float64))
		wantBack := want[d.String()]["int64"]
		for i, v := range mustOp(Values[float64](back)) {
			if w, _ := strconv.ParseFloat(wantBack[i], 64); v != w {
				t.Errorf("%s %s to float64 = %v, want %v", d, wantBack[i], v, w)
			}
		}
	}
}

func equalStrings(a, b []string) bool {
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

// TestPromotionOfWideUnsignedMatchesNumPy checks PromoteTypes of every
// pair of integer dtypes with a wide unsigned one against NumPy's
// promote_types (PyTorch's table has no such dtype).
func TestPromotionOfWideUnsignedMatchesNumPy(t *testing.T) {
	var ints []string
	for _, d := range DTypes {
		if d.Category() <= IntegerCategory {
			ints = append(ints, d.String())
		}
	}
	names, _ := json.Marshal(ints)
	var want map[string]string
	numpyJSON(t, `ds = `+string(names)+`
print(json.dumps({a + "," + b: str(np.promote_types(a, b)) for a in ds for b in ds}))`, &want)
	for _, a := range DTypes {
		for _, b := range DTypes {
			if a.Category() > IntegerCategory || b.Category() > IntegerCategory || (a.IsSigned() || a < Uint16) && (b.IsSigned() || b < Uint16) {
				continue
			}
			if got, w := PromoteTypes(a, b).String(), want[a.String()+","+b.String()]; got != w {
				t.Errorf("PromoteTypes(%s, %s) = %s, NumPy %s", a, b, got, w)
			}
		}
	}
}

// TestWideUnsignedArithmeticMatchesNumPy runs the operations that compute
// in int64 and wrap on store on edge values of each wide unsigned dtype.
func TestWideUnsignedArithmeticMatchesNumPy(t *testing.T) {
	type op struct {
		name string
		fn   func(a, b *Tensor) (*Tensor, error)
	}
	ops := []op{{"add", Add}, {"subtract", Sub}, {"multiply", Mul}, {"bitwise_and", BitwiseAnd}, {"bitwise_or", BitwiseOr}, {"bitwise_xor", BitwiseXor}}
	xs := []int64{0, 1, 2, 3, 1000, 65535, 40000, 4294967295, 3000000000, 9223372036854775807}
	ys := []int64{1, 65535, 7, 65535, 1000, 2, 40000, 2, 3000000000, 3}
	bx, _ := json.Marshal(xs)
	by, _ := json.Marshal(ys)
	var want map[string]map[string][]string
	numpyJSON(t, `xs, ys = `+string(bx)+`, `+string(by)+`
out = {}
for d in ["uint16", "uint32", "uint64"]:
    a, b = np.array(xs).astype(d), np.array(ys).astype(d)
    out[d] = {f: [str(v) for v in getattr(np, f)(a, b).tolist()] for f in ["add", "subtract", "multiply", "bitwise_and", "bitwise_or", "bitwise_xor"]}
    out[d]["eq"] = [str(int(v)) for v in (a == b).tolist()]
print(json.dumps(out))`, &want)
	for _, d := range wideUnsigned {
		a := mustOp(mustOp(FromSlice(xs, len(xs))).To(d))
		b := mustOp(mustOp(FromSlice(ys, len(ys))).To(d))
		for _, o := range ops {
			r := mustOp(o.fn(a, b))
			if r.DType() != d {
				t.Errorf("%s of %s gave %s", o.name, d, r.DType())
			}
			if got, w := uintStrings(t, r), want[d.String()][o.name]; !equalStrings(got, w) {
				t.Errorf("%s(%s) = %v, NumPy %v", o.name, d, got, w)
			}
		}
		if got, w := uintStrings(t, mustOp(Eq(a, b))), want[d.String()]["eq"]; !equalStrings(got, w) {
			t.Errorf("eq(%s) = %v, NumPy %v", d, got, w)
		}
	}
}
