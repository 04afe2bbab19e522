package pyhash

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// cpythonHashes asks CPython for hash(v) of each expression.
func cpythonHashes(t *testing.T, exprs []string) []int64 {
	t.Helper()
	python := reftest.CPython(t)
	cmd := exec.Command(python, "-c", "import sys\nfor line in sys.stdin: print(hash(eval(line)))")
	cmd.Stdin = strings.NewReader(strings.Join(exprs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var hs []int64
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		h, err := strconv.ParseInt(sc.Text(), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
	if len(hs) != len(exprs) {
		t.Fatalf("python3 printed %d hashes for %d values", len(hs), len(exprs))
	}
	return hs
}

// floats are the edge cases and many random bit patterns (every exponent
// range, subnormals included).
func floats() []float64 {
	xs := []float64{0, math.Copysign(0, -1), 0.5, -0.5, 1, -1, -2, 1.5, 2.675, 1e300, -1e-300, 5e-324,
		math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1), 1 << 61, 1<<61 - 1, 1 << 62, 1 << 70,
		math.Ldexp(1, -1074), math.Ldexp(1, 1023), 0.1, 1.0 / 3, math.Pi, -math.E}
	r := rand.New(rand.NewPCG(13, 1729))
	for range 3000 {
		x := math.Float64frombits(r.Uint64())
		if x == x && !math.IsInf(x, 0) {
			xs = append(xs, x)
		}
	}
	for range 1000 {
		xs = append(xs, (r.Float64()-0.5)*math.Ldexp(1, r.IntN(200)-100))
	}
	return xs
}

func TestFloatMatchesCPython(t *testing.T) {
	xs := floats()
	exprs := make([]string, len(xs))
	for i, x := range xs {
		exprs[i] = fmt.Sprintf("float.fromhex(%q)", strconv.FormatFloat(x, 'x', -1, 64))
	}
	for i, want := range cpythonHashes(t, exprs) {
		if got, ok := Float(xs[i]); !ok || got != want {
			t.Errorf("hash(%v) = %d, %v; CPython %d", xs[i], got, ok, want)
		}
	}
}

func TestIntMatchesCPython(t *testing.T) {
	ns := []int64{0, 1, -1, -2, 2, Modulus, Modulus - 1, Modulus + 1, -Modulus, 1 << 62, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	r := rand.New(rand.NewPCG(7, 11))
	for range 500 {
		ns = append(ns, int64(r.Uint64()))
	}
	exprs := make([]string, len(ns))
	for i, n := range ns {
		exprs[i] = strconv.FormatInt(n, 10)
	}
	for i, want := range cpythonHashes(t, exprs) {
		if got := Int(ns[i]); got != want {
			t.Errorf("hash(%d) = %d; CPython %d", ns[i], got, want)
		}
	}
}

func TestNaNHasNoValue(t *testing.T) {
	if _, ok := Float(math.NaN()); ok {
		t.Error("hash(nan) should have no value")
	}
}
