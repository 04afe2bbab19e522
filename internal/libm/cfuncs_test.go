package libm

import (
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestCFunctionsMatchC compares Exp, Log1p and the float32 functions with
// the C library's, as CPython reaches them (math.exp, math.log1p, and
// ctypes for expf, logf, log1pf, powf): equal where the C library is
// loaded, within an ulp of float32 or float64 where it is not.
func TestCFunctionsMatchC(t *testing.T) {
	python := reftest.CPython(t)
	type cCase struct {
		name  string
		x, y  float64
		got   func(x, y float64) float64
		float bool
	}
	var cases []cCase
	add := func(name string, float bool, got func(x, y float64) float64, xys ...[2]float64) {
		for _, xy := range xys {
			cases = append(cases, cCase{name, xy[0], xy[1], got, float})
		}
	}
	f32 := func(f func(float32, float32) float32) func(x, y float64) float64 {
		return func(x, y float64) float64 { return float64(f(float32(x), float32(y))) }
	}
	add("exp", false, func(x, _ float64) float64 { return Exp(x) },
		[2]float64{-745.1}, [2]float64{-20.5}, [2]float64{-0.5}, [2]float64{-1e-10}, [2]float64{0}, [2]float64{1e-300},
		[2]float64{0.3}, [2]float64{0.6931471805599453}, [2]float64{1}, [2]float64{2.5}, [2]float64{88.7}, [2]float64{709.7})
	add("log1p", false, func(x, _ float64) float64 { return Log1p(x) },
		[2]float64{-0.999999}, [2]float64{-0.5}, [2]float64{-1e-17}, [2]float64{0}, [2]float64{1e-9}, [2]float64{0.3},
		[2]float64{1}, [2]float64{7.5}, [2]float64{1e300})
	add("expf", true, f32(func(x, _ float32) float32 { return Expf(x) }),
		[2]float64{-87.3}, [2]float64{-3.25}, [2]float64{-0.5}, [2]float64{0.1}, [2]float64{1.5}, [2]float64{10.25})
	add("logf", true, f32(func(x, _ float32) float32 { return Logf(x) }),
		[2]float64{1e-30}, [2]float64{0.1}, [2]float64{0.75}, [2]float64{1}, [2]float64{3.5}, [2]float64{1e30})
	add("log1pf", true, f32(func(x, _ float32) float32 { return Log1pf(x) }),
		[2]float64{-0.99}, [2]float64{-0.25}, [2]float64{1e-8}, [2]float64{0.5}, [2]float64{100})
	add("powf", true, f32(Powf), [2]float64{0.3, 3.3333333}, [2]float64{2.5, 0.5}, [2]float64{0.999, 1000}, [2]float64{7, -2.25})
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.name + " " + strconv.FormatFloat(c.x, 'x', -1, 64) + " " + strconv.FormatFloat(c.y, 'x', -1, 64) + "\n")
	}
	cmd := exec.Command(python, "-c", `import ctypes, ctypes.util, math, sys
m = ctypes.CDLL(ctypes.util.find_library("m"))
for name in ("expf", "logf", "log1pf"):
    getattr(m, name).restype, getattr(m, name).argtypes = ctypes.c_float, [ctypes.c_float]
m.powf.restype, m.powf.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]
for line in sys.stdin:
    name, x, y = line.split()
    x, y = float.fromhex(x), float.fromhex(y)
    if name == "exp": v = math.exp(x)
    elif name == "log1p": v = math.log1p(x)
    elif name == "powf": v = m.powf(x, y)
    else: v = getattr(m, name)(x)
    print(float(v).hex())`)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(cases) {
		t.Fatalf("%d answers from CPython for %d cases", len(lines), len(cases))
	}
	for i, c := range cases {
		want, _ := strconv.ParseFloat(lines[i], 64)
		got := c.got(c.x, c.y)
		if got == want {
			continue
		}
		near := math.Nextafter(want, got) == got
		if c.float {
			near = math.Nextafter32(float32(want), float32(got)) == float32(got)
		}
		if CLibraryLoaded() || !near {
			t.Errorf("%s(%v, %v) = %v, C gives %v", c.name, c.x, c.y, got, want)
		}
	}
}
