package tensor

import (
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// conversionEdges are float32 values, by their bits, at the edges of the
// 16-bit formats and the narrow integers: ties to even, the subnormal
// range and its lower edge, overflow to infinity, signed zeros, NaNs with
// payloads, and values that wrap or leave the integer ranges.
var conversionEdges = []uint32{
	0x00000000, 0x80000000, 0x3f800000, 0xbf800000, // ±0, ±1
	0x3f801000, 0x3f803000, 0x3f802000, 0x3f802001, // 1 + ties and near-ties of float16
	0x3f808000, 0x3f818000, 0x3f807fff, 0x3f808001, // 1 + ties and near-ties of bfloat16
	0x477fe000, 0x477fefff, 0x477ff000, 0x477fffff, 0x47800000, // 65504, just below and at 65520, 65536
	0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, // ±max float32, ±inf
	0x33800000, 0x33000000, 0x33000001, 0x33c00000, 0x34000000, // 2^-24, 2^-25 (tie), above it, 1.5*2^-24, 2^-23
	0x387fc000, 0x38800000, 0x387ff000, 0x00000001, 0x80000001, // near 2^-14, float32 subnormals
	0x43960000, 0xbfc00000, 0x501502f9, 0xc3010000, 0x4f000000, 0xcf000001, // 300, -1.5, 1e10, -129, 2^31, below -2^31
	0x42fe0000, 0x43000000, 0xc3000000, 0x477fff00, 0x3f7fffff, // 127, 128, -128, 65535, 0.99999994
	0x5f000000, 0xdf000000, 0x5f000001, 0xdf000001, 0x5e800000, 0x60ad78ec, // ±2^63, just beyond, 2^62, 1e20
}

// conversionNaNs are NaNs with signs and payloads, compared bit for bit.
var conversionNaNs = []uint32{0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa00000, 0xffc00123}

// TestConversionsMatchPyTorch converts the edge values from float32 to
// every dtype with Debian's PyTorch and with kael and compares the results
// bit for bit; every float16 and bfloat16 bit pattern widens back to the
// float32 PyTorch gives.
func TestConversionsMatchPyTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import struct, sys, torch
bits = [int(b, 16) for b in sys.argv[1].split(",")]
x = torch.frombuffer(bytearray(struct.pack("<%dI" % len(bits), *bits)), dtype=torch.float32)
for name in ["float16", "bfloat16"]:
    print(name, " ".join("%04x" % (v & 0xffff) for v in x.to(getattr(torch, name)).view(torch.int16).tolist()))
for name in ["uint8", "int8", "int16", "int32", "int64", "bool"]:
    print(name, " ".join(str(int(v)) for v in x.to(getattr(torch, name)).tolist()))
allbits = torch.arange(65536, dtype=torch.int32).to(torch.int16)
for name in ["float16", "bfloat16"]:
    w = allbits.view(getattr(torch, name)).to(torch.float32).view(torch.int32)
    print("widen-" + name, " ".join("%08x" % (v & 0xffffffff) for v in w.tolist()))
`
	vals := append(append([]uint32{}, conversionEdges...), conversionNaNs...)
	arg := make([]string, len(vals))
	f32 := make([]float32, len(vals))
	for i, b := range vals {
		arg[i] = strconv.FormatUint(uint64(b), 16)
		f32[i] = math.Float32frombits(b)
	}
	out, err := exec.Command(python, "-c", script, strings.Join(arg, ",")).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	x := mustTensor(t, f32)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, fields, _ := strings.Cut(line, " ")
		want := strings.Fields(fields)
		var got []string
		switch name {
		case "float16", "bfloat16":
			d, _ := ParseDType(name)
			y := mustOp(x.To(d))
			for _, b := range halfBits(t, y) {
				got = append(got, strconv.FormatUint(uint64(0x10000|uint32(b)), 16)[1:])
			}
		case "uint8", "int8", "int16", "int32", "int64", "bool":
			d, _ := ParseDType(name)
			for _, v := range mustOp(ToList(mustOp(x.To(d)))).([]any) {
				switch v := v.(type) {
				case int64:
					got = append(got, strconv.FormatInt(v, 10))
				case bool:
					got = append(got, strconv.Itoa(int(boolByte(v))))
				}
			}
		case "widen-float16", "widen-bfloat16":
			for b := range 65536 {
				f := F16(b).Float32()
				if name == "widen-bfloat16" {
					f = BF16(b).Float32()
				}
				got = append(got, strconv.FormatUint(uint64(math.Float32bits(f))|1<<32, 16)[1:])
			}
		default:
			t.Fatalf("unexpected line %q", line)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d values, PyTorch %d", name, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				at := ""
				if i < len(vals) && !strings.HasPrefix(name, "widen") {
					at = strconv.FormatUint(uint64(vals[i]), 16)
				}
				t.Errorf("%s[%d] (%s): kael %s, PyTorch %s", name, i, at, got[i], want[i])
			}
		}
	}
}

// halfBits returns the stored bits of a float16 or bfloat16 tensor.
func halfBits(t *testing.T, y *Tensor) []uint16 {
	t.Helper()
	bits := make([]uint16, y.Numel())
	for i := range bits {
		if y.DType() == Float16 {
			bits[i] = uint16(mustOp(Values[F16](y))[i])
		} else {
			bits[i] = uint16(mustOp(Values[BF16](y))[i])
		}
	}
	return bits
}

// TestBFloat16NaNLayoutsMatchPyTorch converts NaNs from float32 and
// float64 to bfloat16 in the layouts that pick PyTorch's vectorized copy
// loop (0xffff) or its scalar one (0x7fc0), through To and CopyFrom, and
// compares the bits.
func TestBFloat16NaNLayoutsMatchPyTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import torch
nan = float("nan")
def show(y): print(" ".join("%04x" % (v & 0xffff) for v in y.contiguous().view(torch.int16).flatten().tolist()))
for dt in [torch.float32, torch.float64]:
    for n in [1, 7, 16, 17, 35]:
        show(torch.full((n,), nan, dtype=dt).to(torch.bfloat16))
    show(torch.full((), nan, dtype=dt).to(torch.bfloat16).reshape(1))
    show(torch.full((40,), nan, dtype=dt)[::2].to(torch.bfloat16))
    show(torch.full((3, 40), nan, dtype=dt)[:, :20].to(torch.bfloat16))
    show(torch.full((20, 3), nan, dtype=dt).t().to(torch.bfloat16))
    show(torch.full((1,), nan, dtype=dt).expand(20).to(torch.bfloat16))
    show(torch.full((40,), nan, dtype=dt)[3:23].to(torch.bfloat16))
    y = torch.zeros(20, dtype=torch.bfloat16); y.copy_(torch.full((20,), nan, dtype=dt)); show(y)
    y = torch.zeros(40, dtype=torch.bfloat16); y[::2].copy_(torch.full((20,), nan, dtype=dt)); show(y)
    y = torch.zeros(4, 3, dtype=torch.bfloat16).t(); y.copy_(torch.full((3, 4), nan, dtype=dt)); show(y)
    y = torch.zeros(3, dtype=torch.bfloat16); y.copy_(torch.full((), nan, dtype=dt)); show(y)
`
	out, err := exec.Command(python, "-c", script).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	want := strings.Split(strings.TrimSpace(string(out)), "\n")
	full := func(d DType, shape ...int) *Tensor {
		x := mustOp(Zeros(d, shape...))
		if err := x.Fill(math.NaN()); err != nil {
			t.Fatal(err)
		}
		return x
	}
	var got []*Tensor
	for _, d := range []DType{Float32, Float64} {
		for _, n := range []int{1, 7, 16, 17, 35} {
			got = append(got, mustOp(full(d, n).To(BFloat16)))
		}
		got = append(got, mustOp(full(d).To(BFloat16)))
		got = append(got, mustOp(mustOp(full(d, 40).Slice(0, 0, 40, 2)).To(BFloat16)))
		got = append(got, mustOp(mustOp(full(d, 3, 40).Slice(1, 0, 20, 1)).To(BFloat16)))
		got = append(got, mustOp(full(d, 20, 3).T().To(BFloat16)))
		got = append(got, mustOp(mustOp(full(d, 1).Expand(20)).To(BFloat16)))
		got = append(got, mustOp(mustOp(full(d, 40).Slice(0, 3, 23, 1)).To(BFloat16)))
		copyInto := func(dst, whole, src *Tensor) {
			if err := dst.CopyFrom(src); err != nil {
				t.Fatal(err)
			}
			got = append(got, whole)
		}
		y := mustOp(Zeros(BFloat16, 20))
		copyInto(y, y, full(d, 20))
		y = mustOp(Zeros(BFloat16, 40))
		copyInto(mustOp(y.Slice(0, 0, 40, 2)), y, full(d, 20))
		y = mustOp(Zeros(BFloat16, 4, 3)).T()
		copyInto(y, y, full(d, 3, 4))
		y = mustOp(Zeros(BFloat16, 3))
		copyInto(y, y, full(d))
	}
	if len(got) != len(want) {
		t.Fatalf("%d cases, PyTorch %d", len(got), len(want))
	}
	for i, y := range got {
		var g []string
		for _, b := range halfBits(t, mustOp(y.Contiguous())) {
			g = append(g, strconv.FormatUint(uint64(0x10000|uint32(b)), 16)[1:])
		}
		if s := strings.Join(g, " "); s != want[i] {
			t.Errorf("case %d: kael %s\n PyTorch %s", i, s, want[i])
		}
	}
}

// TestNarrowArithmeticMatchesPyTorch computes a few operations in float16,
// bfloat16 and the narrow integers with Debian's PyTorch and with kael:
// the 16-bit floats compute in float32 and round once, so the results
// agree bit for bit; the integers wrap.
func TestNarrowArithmeticMatchesPyTorch(t *testing.T) {
	python := debianTorch(t)
	const script = `
import torch
a = [0.1, 1.0009765625, -3.3, 65000.0, 1e-5, 7.0, 0.3333, 250.0]
b = [0.2, 1.0009765625, 1.7, 1000.0, 3e-6, -0.5, 3.0, 9.0]
for name in ["float16", "bfloat16", "uint8", "int8", "int16", "int32"]:
    d = getattr(torch, name)
    if d.is_floating_point:
        x, y = torch.tensor(a).to(d), torch.tensor(b).to(d)
    else:
        x = torch.tensor([100, 127, -128, 3, 200, -7, 50, 9]).to(d)
        y = torch.tensor([100, 1, -1, 7, 100, 2, -60, 4]).to(d)
    for op in ["add", "sub", "mul", "maximum"]:
        r = getattr(torch, op)(x, y)
        print(name, op, " ".join(repr(v) for v in r.tolist()))
    if d.is_floating_point:
        for op in ["div", "exp", "sum", "mean"]:
            try:
                r = torch.div(x, y) if op == "div" else getattr(torch, op)(x)
            except RuntimeError:  # not implemented on the CPU for this dtype
                continue
            print(name, op, " ".join(repr(v) for v in r.reshape(-1).tolist()))
`
	out, err := exec.Command(python, "-c", script).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	a := []float64{0.1, 1.0009765625, -3.3, 65000.0, 1e-5, 7.0, 0.3333, 250.0}
	b := []float64{0.2, 1.0009765625, 1.7, 1000.0, 3e-6, -0.5, 3.0, 9.0}
	ia := []int64{100, 127, -128, 3, 200, -7, 50, 9}
	ib := []int64{100, 1, -1, 7, 100, 2, -60, 4}
	ops := map[string]func(x, y *Tensor) (*Tensor, error){
		"add": Add, "sub": Sub, "mul": Mul, "maximum": Maximum, "div": Div,
		"exp":  func(x, _ *Tensor) (*Tensor, error) { return Exp(x) },
		"sum":  func(x, _ *Tensor) (*Tensor, error) { return Sum(x, nil, false) },
		"mean": func(x, _ *Tensor) (*Tensor, error) { return Mean(x, nil, false) },
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		d, _ := ParseDType(f[0])
		var x, y *Tensor
		if d.IsFloating() {
			x, y = mustOp(mustTensor(t, a).To(d)), mustOp(mustTensor(t, b).To(d))
		} else {
			x, y = mustOp(mustTensor(t, ia).To(d)), mustOp(mustTensor(t, ib).To(d))
		}
		r, err := ops[f[1]](x, y)
		if err != nil {
			t.Errorf("%s %s: %v", f[0], f[1], err)
			continue
		}
		if r.DType() != d {
			t.Errorf("%s %s: dtype %s", f[0], f[1], r.DType())
		}
		got := mustOp(r.Float64s())
		for i, w := range f[2:] {
			want, _ := strconv.ParseFloat(w, 64)
			if got[i] != want && !(math.IsNaN(got[i]) && math.IsNaN(want)) {
				t.Errorf("%s %s: kael %v, PyTorch %v", f[0], f[1], got, f[2:])
				break
			}
		}
	}
}
