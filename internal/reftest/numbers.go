package reftest

import (
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Tolerance says how far a float printed in a reference's output may be
// from kael's: |got - want| <= Abs + Rel·|want|, plus, with LastDigit, one
// unit in the last place printed (PyTorch prints tensors to four decimals,
// and a value on a rounding boundary prints either way). The zero
// Tolerance demands identical text.
type Tolerance struct {
	Rel, Abs  float64
	LastDigit bool
}

// Exact is the zero Tolerance: the texts must be identical.
var Exact Tolerance

// Printed is the tolerance for output a reference printed on another
// machine: floats within a few float32 roundings of values of order one
// (1e-6 absolute and relative: PyTorch's kernels for another instruction
// set round a float32 result, random ones included, differently), or one
// unit in the last printed digit.
var Printed = Tolerance{Rel: 1e-6, Abs: 1e-6, LastDigit: true}

// number matches a decimal literal as Python and PyTorch print it, with
// its sign; words such as nan and inf are compared as text.
var number = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?`)
})

// CompareText compares got with want, text that should be the same but
// for the last bits of its floats: every piece that is not a number must
// be identical, every integer (a literal without '.' or exponent) equal,
// and every float within tol. It returns nil when they match, else an
// error naming the first line that differs.
func CompareText(got, want string, tol Tolerance) error {
	if got == want {
		return nil
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(want, "\n")
	if tol == Exact || len(gotLines) != len(wantLines) {
		return firstDifference(gotLines, wantLines)
	}
	for i := range wantLines {
		if err := compareLine(gotLines[i], wantLines[i], tol); err != nil {
			return fmt.Errorf("line %d: %v\n got  %s\n want %s", i+1, err, gotLines[i], wantLines[i])
		}
	}
	return nil
}

func firstDifference(got, want []string) error {
	for i := range max(len(got), len(want)) {
		g, w := lineAt(got, i), lineAt(want, i)
		if g != w {
			return fmt.Errorf("line %d differs\n got  %s\n want %s", i+1, g, w)
		}
	}
	return nil
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "<missing>"
}

func compareLine(got, want string, tol Tolerance) error {
	gotNums, wantNums := number().FindAllStringIndex(got, -1), number().FindAllStringIndex(want, -1)
	if len(gotNums) != len(wantNums) {
		return fmt.Errorf("%d numbers, want %d", len(gotNums), len(wantNums))
	}
	gotEnd, wantEnd := 0, 0
	for k := range wantNums {
		g, w := gotNums[k], wantNums[k]
		if got[gotEnd:g[0]] != want[wantEnd:w[0]] {
			return fmt.Errorf("text %q, want %q", got[gotEnd:g[0]], want[wantEnd:w[0]])
		}
		if err := compareNumber(got[g[0]:g[1]], want[w[0]:w[1]], tol); err != nil {
			return err
		}
		gotEnd, wantEnd = g[1], w[1]
	}
	if got[gotEnd:] != want[wantEnd:] {
		return fmt.Errorf("text %q, want %q", got[gotEnd:], want[wantEnd:])
	}
	return nil
}

func compareNumber(got, want string, tol Tolerance) error {
	isFloat := func(s string) bool { return strings.ContainsAny(s, ".eE") }
	if !isFloat(want) || !isFloat(got) {
		if got != want {
			return fmt.Errorf("%s, want %s", got, want)
		}
		return nil
	}
	g, err1 := strconv.ParseFloat(got, 64)
	w, err2 := strconv.ParseFloat(want, 64)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("%s, want %s", got, want)
	}
	allowed := tol.Abs + tol.Rel*math.Abs(w)
	if tol.LastDigit {
		allowed += lastPlace(want)
	}
	if math.Abs(g-w) > allowed*(1+1e-9) {
		return fmt.Errorf("%s, want %s (within %.3g)", got, want, allowed)
	}
	return nil
}

// lastPlace is one unit in the last digit of the literal s: 1e-4 for
// "0.1234", 1e-5 for "1.2345e-01", 1 for "12.".
func lastPlace(s string) float64 {
	mantissa, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa = s[:i]
		exp, _ = strconv.Atoi(s[i+1:])
	}
	decimals := 0
	if i := strings.IndexByte(mantissa, '.'); i >= 0 {
		decimals = len(mantissa) - i - 1
	}
	return math.Pow(10, float64(exp-decimals))
}

var capabilities sync.Map // python → capability

// TorchCPUCapability returns the CPU kernels python's PyTorch dispatches
// to, as torch.__config__.show() names them: "AVX512", "AVX2" or "NO AVX"
// (ATEN_CPU_CAPABILITY=default forces the last).
func TorchCPUCapability(python string) (string, error) {
	if c, ok := capabilities.Load(python); ok {
		return c.(string), nil
	}
	out, err := exec.Command(python, "-c", "import torch; print(torch.__config__.show())").Output()
	if err != nil {
		return "", fmt.Errorf("%s: torch.__config__.show(): %v", python, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if _, c, ok := strings.Cut(line, "CPU capability usage:"); ok {
			c = strings.TrimSpace(c)
			capabilities.Store(python, c)
			return c, nil
		}
	}
	return "", fmt.Errorf("%s: torch.__config__.show() names no CPU capability", python)
}

// TorchStreamTolerance is how closely kael's random tensors must match
// python's PyTorch under the same seed: exactly where PyTorch runs its
// vectorised kernels (AVX2, AVX-512), whose streams kael reproduces bit
// for bit; within float32 rounding (1e-6 of the scale) where it runs its
// DEFAULT ones, which round the uniform and normal transforms differently.
func TorchStreamTolerance(python string) (Tolerance, error) {
	c, err := TorchCPUCapability(python)
	if err != nil {
		return Exact, err
	}
	if c == "AVX2" || c == "AVX512" {
		return Exact, nil
	}
	return Tolerance{Rel: 1e-6, Abs: 1e-6}, nil
}
