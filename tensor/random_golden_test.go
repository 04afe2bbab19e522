package tensor

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/kael-dev/kael/internal/libm"
)

// goldenFile is what testdata/random/gen.py wrote with PyTorch.
type goldenFile struct {
	Torch string       `json:"torch"`
	Cases []goldenCase `json:"cases"`
}

type goldenCase struct {
	Name      string         `json:"name"`
	Generator bool           `json:"generator"`
	Steps     []goldenStep   `json:"steps"`
	Results   []goldenResult `json:"results"`
}

type goldenStep struct {
	Op    string    `json:"op"`
	N     int       `json:"n"`
	DType string    `json:"dtype"`
	Seed  uint64    `json:"seed"`
	Args  []float64 `json:"args"`
}

type goldenResult struct {
	DType  string             `json:"dtype"`
	N      int                `json:"n"`
	SHA256 string             `json:"sha256"`
	Values []float64          `json:"values"`
	Sample map[string]float64 `json:"sample"`
	Sum    float64            `json:"sum"`
}

func loadGolden(t *testing.T) goldenFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/random/torch.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldenFile
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// goldenDType maps the script's dtype names.
func goldenDType(t *testing.T, name string) DType {
	switch name {
	case "", "float32":
		return Float32
	case "float64":
		return Float64
	case "int64":
		return Int64
	}
	t.Fatalf("dtype %q", name)
	return Float32
}

// goldenInput builds the inputs of gen.py's inputs().
func goldenInput(t *testing.T, kind string, n int, d DType) *Tensor {
	t.Helper()
	var x *Tensor
	switch kind {
	case "ramp":
		x = mustOp(Div(mustOp(Arange(0, float64(n), 1, d)), MustScalar(float64(n))))
	case "halves":
		x = mustOp(Mul(mustOp(Arange(0, float64(n), 1, d)), MustScalar(0.5)))
	case "weights":
		x = mustOp(Arange(1, float64(n+1), 1, d))
	default:
		t.Fatalf("input %q", kind)
	}
	return mustOp(x.To(d))
}

// runGoldenStep runs one step of a case in kael.
func runGoldenStep(t *testing.T, s goldenStep, g *Generator) (*Tensor, error) {
	t.Helper()
	d := goldenDType(t, s.DType)
	a := s.Args
	empty := func(shape ...int) *Tensor { return mustOp(Empty(d, shape...)) }
	fill := func(x *Tensor, err error) (*Tensor, error) { return x, err }
	switch s.Op {
	case "rand":
		return Rand(g, d, s.N)
	case "randn":
		return Randn(g, d, s.N)
	case "randint":
		return Randint(g, int64(a[0]), int64(a[1]), s.N)
	case "randperm":
		return Randperm(g, s.N)
	case "uniform_":
		x := empty(s.N)
		return fill(x, FillUniform(x, a[0], a[1], g))
	case "normal_":
		x := empty(s.N)
		return fill(x, FillNormal(x, a[0], a[1], g))
	case "normal_size":
		return Normal(g, a[0], a[1], d, s.N)
	case "normal_tensor_mean":
		return NormalMeanTensor(goldenInput(t, "halves", s.N, d), a[0], g)
	case "normal_tensor_std":
		return NormalStdTensor(a[0], goldenInput(t, "ramp", s.N, d), g)
	case "normal_tensors":
		return NormalTensors(goldenInput(t, "halves", s.N, d), goldenInput(t, "ramp", s.N, d), g)
	case "bernoulli":
		return Bernoulli(goldenInput(t, "ramp", s.N, d), g)
	case "bernoulli_p":
		x := empty(s.N)
		return fill(x, FillBernoulli(x, a[0], g))
	case "multinomial":
		return Multinomial(goldenInput(t, "weights", s.N, d), int(a[0]), a[1] != 0, g)
	case "multinomial2d":
		return Multinomial(mustOp(goldenInput(t, "weights", s.N, d).Reshape(4, s.N/4)), int(a[0]), a[1] != 0, g)
	case "normal_view", "uniform_view":
		base := empty(4, s.N)
		view := base.T()
		if s.Op == "normal_view" {
			return fill(base, FillNormal(view, a[0], a[1], g))
		}
		return fill(base, FillUniform(view, a[0], a[1], g))
	case "state":
		return g.State()
	case "dropout":
		return Dropout(goldenInput(t, "weights", s.N, d), a[0], true, g)
	case "kaiming_uniform_":
		x := empty(s.N/int(a[0]), int(a[0]))
		return fill(x, InitKaimingUniform(x, a[1], "fan_in", "leaky_relu", g))
	case "xavier_uniform_":
		x := empty(s.N/int(a[0]), int(a[0]))
		return fill(x, InitXavierUniform(x, a[1], g))
	case "init_uniform_":
		x := empty(s.N)
		return fill(x, InitUniform(x, a[0], a[1], g))
	case "init_normal_":
		x := empty(s.N)
		return fill(x, InitNormal(x, a[0], a[1], g))
	case "linear":
		w, b := empty(int(a[1]), int(a[0])), empty(int(a[1]))
		if err := InitLinear(w, b, g); err != nil {
			return nil, err
		}
		return Cat([]*Tensor{mustOp(w.Reshape(-1)), b}, 0)
	case "embedding":
		x := empty(s.N, int(a[0]))
		return fill(x, InitEmbedding(x, g))
	}
	t.Fatalf("op %q", s.Op)
	return nil, nil
}

// littleEndianBytes is the tensor's elements as gen.py hashes them.
func littleEndianBytes(x *Tensor) []byte {
	var buf []byte
	switch x.DType() {
	case Float32:
		for _, v := range mustOp(Values[float32](x)) {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
	case Float64:
		for _, v := range mustOp(Values[float64](x)) {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
		}
	case Int64:
		for _, v := range mustOp(Values[int64](x)) {
			buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
		}
	case Bool:
		buf = append(buf, mustOp(Values[uint8](x))...)
	case Uint8, Int8, Int16, Int32, Float16, BFloat16, Complex64, Complex128, Uint16, Uint32, Uint64: // little-endian machines only
		c := mustOp(x.Contiguous())
		size := c.DType().Size()
		buf = append(buf, c.StorageBytes()[c.Offset()*size:(c.Offset()+c.Numel())*size]...)
	}
	return buf
}

// asFloats is the tensor's elements as float64, as JSON holds them.
func asFloats(x *Tensor) []float64 { return mustOp(Values[float64](mustOp(x.To(Float64)))) }

// compareGolden reports how x differs from the recorded result. With
// nearly set, values may differ in the last bit (see libmNearly).
func compareGolden(x *Tensor, want goldenResult, nearly bool) string {
	if x.DType().String() != want.DType || x.Numel() != want.N {
		return fmt.Sprintf("got %s of %d elements, want %s of %d", x.DType(), x.Numel(), want.DType, want.N)
	}
	sum := sha256.Sum256(littleEndianBytes(x))
	if hex.EncodeToString(sum[:]) == want.SHA256 {
		return ""
	}
	got := asFloats(x)
	if nearly {
		return nearlyGolden(got, want)
	}
	if want.Values != nil {
		diff := 0
		first := -1
		for i, v := range want.Values {
			if got[i] != v {
				diff++
				if first < 0 {
					first = i
				}
			}
		}
		return fmt.Sprintf("%d of %d values differ; first at %d: %v, want %v", diff, len(got), first, got[first], want.Values[first])
	}
	msg := ""
	for k, v := range want.Sample {
		var p int
		fmt.Sscan(k, &p)
		if got[p] != v {
			msg += fmt.Sprintf(" [%d] %v want %v;", p, got[p], v)
		}
	}
	return "hash differs;" + msg
}

// TestRandomGolden checks every random function against the values
// PyTorch produced for the same seeds (testdata/random/gen.py).
func TestRandomGolden(t *testing.T) {
	old := DefaultGenerator().Clone()
	defer defaultGenerator.Set(old)
	golden := loadGolden(t)
	for _, c := range golden.Cases {
		var g *Generator
		if c.Generator {
			g = NewGenerator(c.Steps[0].Seed)
		} else {
			ManualSeed(c.Steps[0].Seed)
		}
		for i, s := range c.Steps {
			x, err := runGoldenStep(t, s, g)
			if err != nil {
				t.Errorf("%s step %d: %v", c.Name, i, err)
				break
			}
			if msg := compareGolden(x, c.Results[i], libmNearly(s)); msg != "" {
				t.Errorf("%s step %d: %s", c.Name, i, msg)
			}
		}
	}
}

// libmNearly reports whether a step's float64 values go through C's double
// log, sin and cos where kael cannot call the C library (internal/libm):
// it then computes them to the nearest double while glibc is off by one
// bit now and then, so those results are compared within a few ulps (and
// their sums within 1e-12 relative) instead of bit for bit. With the C
// library loaded every value must be PyTorch's.
func libmNearly(s goldenStep) bool {
	if libm.CLibraryLoaded() {
		return false
	}
	switch s.Op {
	case "randn", "normal_", "normal_size", "normal_tensor_mean", "normal_tensor_std", "normal_tensors", "init_normal_", "normal_view", "embedding":
		return s.DType == "float64"
	}
	return false
}

// nearlyGolden compares within a few ulps.
func nearlyGolden(got []float64, want goldenResult) string {
	near := func(a, b float64) bool {
		return math.Abs(a-b) <= 0x1p-50*max(1, math.Abs(b))
	}
	for i, v := range want.Values {
		if !near(got[i], v) {
			return fmt.Sprintf("value %d: %v, want %v", i, got[i], v)
		}
	}
	for k, v := range want.Sample {
		var p int
		fmt.Sscan(k, &p)
		if !near(got[p], v) {
			return fmt.Sprintf("value %d: %v, want %v", p, got[p], v)
		}
	}
	if want.Values == nil {
		sum := 0.0
		for _, v := range got {
			sum += v
		}
		if math.Abs(sum-want.Sum) > 1e-12*max(1, math.Abs(want.Sum)) {
			return fmt.Sprintf("sum %v, want %v", sum, want.Sum)
		}
	}
	return ""
}
