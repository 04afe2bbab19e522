package cuda

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestElementwisePTXStructure checks, per op and dtype, the module header,
// the entry's name and parameter list, and that loads and stores use the
// dtype's PTX type.
func TestElementwisePTXStructure(t *testing.T) {
	tests := []struct {
		op             Op
		dtype          tensor.DType
		ndim           int
		load, store    string
		mustHave       []string
		outDType       tensor.DType
		wantParamCount int // pointers + numel + sizes + strides
	}{
		{Add, tensor.Float32, 1, "ld.global.f32", "st.global.f32", []string{"add.rn.f32 %y, %a, %b;"}, tensor.Float32, 3 + 1 + 1 + 3},
		{Add, tensor.Float64, 2, "ld.global.f64", "st.global.f64", []string{"add.rn.f64"}, tensor.Float64, 3 + 1 + 2 + 6},
		{Add, tensor.Int64, 3, "ld.global.s64", "st.global.s64", []string{"add.s64"}, tensor.Int64, 3 + 1 + 3 + 9},
		{Add, tensor.Bool, 1, "ld.global.u8", "st.global.u8", []string{"or.b16"}, tensor.Bool, 8},
		{Mul, tensor.Int64, 1, "ld.global.s64", "st.global.s64", []string{"mul.lo.s64"}, tensor.Int64, 8},
		{Mul, tensor.Float32, 1, "ld.global.f32", "st.global.f32", []string{"mul.rn.f32"}, tensor.Float32, 8},
		{Div, tensor.Float64, 1, "ld.global.f64", "st.global.f64", []string{"div.rn.f64"}, tensor.Float64, 8},
		{Maximum, tensor.Float32, 1, "ld.global.f32", "st.global.f32", []string{"max.f32", "setp.nan.f32"}, tensor.Float32, 8},
		{Minimum, tensor.Int64, 1, "ld.global.s64", "st.global.s64", []string{"min.s64"}, tensor.Int64, 8},
		{Lt, tensor.Float32, 2, "ld.global.f32", "st.global.u8", []string{"setp.lt.f32", "selp.u16"}, tensor.Bool, 3 + 1 + 2 + 6},
		{Ne, tensor.Float64, 1, "ld.global.f64", "st.global.u8", []string{"setp.neu.f64"}, tensor.Bool, 8},
		{Eq, tensor.Int64, 1, "ld.global.s64", "st.global.u8", []string{"setp.eq.s64"}, tensor.Bool, 8},
		{Ge, tensor.Bool, 1, "ld.global.u8", "st.global.u8", []string{"setp.ge.u16"}, tensor.Bool, 8},
		{Neg, tensor.Float32, 2, "ld.global.f32", "st.global.f32", []string{"neg.f32 %y, %a;"}, tensor.Float32, 2 + 1 + 2 + 4},
		{Abs, tensor.Int64, 1, "ld.global.s64", "st.global.s64", []string{"abs.s64"}, tensor.Int64, 2 + 1 + 1 + 2},
	}
	entry := regexp.MustCompile(`(?s)\.visible \.entry (\w+)\((.*?)\n\)`)
	for _, tt := range tests {
		k, err := ElementwisePTX(tt.op, tt.dtype, tt.ndim)
		if err != nil {
			t.Errorf("%s %s: %v", tt.op, tt.dtype, err)
			continue
		}
		name := tt.op.String() + "/" + tt.dtype.String()
		for _, want := range []string{".version 6.0\n", ".target sm_50\n", ".address_size 64\n"} {
			if !strings.Contains(k.PTX, want) {
				t.Errorf("%s: no %q", name, want)
			}
		}
		m := entry.FindStringSubmatch(k.PTX)
		if m == nil || m[1] != k.Name {
			t.Errorf("%s: entry %v, want %s", name, m, k.Name)
			continue
		}
		params := strings.Split(m[2], ",")
		if len(params) != tt.wantParamCount || k.NumParams() != tt.wantParamCount {
			t.Errorf("%s: %d params (NumParams %d), want %d", name, len(params), k.NumParams(), tt.wantParamCount)
		}
		for _, p := range params {
			if !strings.HasPrefix(strings.TrimSpace(p), ".param .u64 ") {
				t.Errorf("%s: param %q is not a .u64", name, p)
			}
		}
		if n := strings.Count(k.PTX, tt.load+" "); n != tt.op.Arity() {
			t.Errorf("%s: %d %s, want %d", name, n, tt.load, tt.op.Arity())
		}
		if n := strings.Count(k.PTX, "ld.global."); n != tt.op.Arity() {
			t.Errorf("%s: %d loads in all, want %d", name, n, tt.op.Arity())
		}
		if strings.Count(k.PTX, tt.store+" ") != 1 || strings.Count(k.PTX, "st.global.") != 1 {
			t.Errorf("%s: want exactly one %s", name, tt.store)
		}
		for _, want := range tt.mustHave {
			if !strings.Contains(k.PTX, want) {
				t.Errorf("%s: no %q in\n%s", name, want, k.PTX)
			}
		}
		if k.OutDType != tt.outDType {
			t.Errorf("%s: out dtype %s, want %s", name, k.OutDType, tt.outDType)
		}
		// Every register used is declared, and braces balance.
		if strings.Count(k.PTX, "{") != 1 || strings.Count(k.PTX, "}") != 1 {
			t.Errorf("%s: unbalanced body", name)
		}
		checkRegistersDeclared(t, name, k.PTX)
		// The size of dimension 0 is never needed: the last quotient is
		// its index.
		if strings.Contains(k.PTX, "[size0]") {
			t.Errorf("%s: reads size0", name)
		}
	}
}

// checkRegistersDeclared fails when an instruction names a register that
// no .reg line declares (special registers such as %tid.x aside).
func checkRegistersDeclared(t *testing.T, name, ptx string) {
	t.Helper()
	declared := map[string]bool{}
	decl := regexp.MustCompile(`^\s*\.reg \.\w+ (.*);$`)
	for line := range strings.SplitSeq(ptx, "\n") {
		if m := decl.FindStringSubmatch(line); m != nil {
			for r := range strings.SplitSeq(m[1], ",") {
				declared[strings.TrimSpace(r)] = true
			}
		}
	}
	use := regexp.MustCompile(`%[a-z]+[0-9]*(\.[xyz])?`)
	for _, r := range use.FindAllString(ptx, -1) {
		if strings.Contains(r, ".") {
			continue
		}
		if !declared[r] {
			t.Errorf("%s: register %s is used but not declared", name, r)
		}
	}
}

// TestElementwisePTXRefusals checks PyTorch's refusals and the limits.
func TestElementwisePTXRefusals(t *testing.T) {
	tests := []struct {
		op    Op
		dtype tensor.DType
		ndim  int
		want  string
	}{
		{Sub, tensor.Bool, 1, "sub is not supported for bool tensors"},
		{Neg, tensor.Bool, 1, "neg is not supported for bool tensors"},
		{Div, tensor.Int64, 1, "div is not supported for int64 tensors"},
		{Add, tensor.Float32, 0, "0 dimensions is outside 1..16"},
		{Add, tensor.Float32, MaxDims + 1, "17 dimensions is outside 1..16"},
		{Op(99), tensor.Float32, 1, "unknown op 99"},
	}
	for _, tt := range tests {
		_, err := ElementwisePTX(tt.op, tt.dtype, tt.ndim)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s %d: error %v, want %q", tt.op, tt.dtype, tt.ndim, err, tt.want)
		}
	}
}

// TestElementwisePTXEveryDType checks that every op has a kernel or a
// refusal for every dtype, and that names are unique.
func TestElementwisePTXEveryDType(t *testing.T) {
	names := map[string]bool{}
	for op := Add; op <= Abs; op++ {
		for _, d := range []tensor.DType{tensor.Bool, tensor.Int64, tensor.Float32, tensor.Float64} {
			k, err := ElementwisePTX(op, d, 2)
			if err != nil {
				continue
			}
			if names[k.Name] {
				t.Errorf("duplicate kernel name %s", k.Name)
			}
			names[k.Name] = true
		}
	}
	if len(names) < 40 {
		t.Errorf("only %d kernels", len(names))
	}
}
