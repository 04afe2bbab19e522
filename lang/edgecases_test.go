package lang

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/kael-dev/kael/tensor"
)

// TestOddNumbersEndQuickly runs inputs that used to hang (ignoring
// cancellation), panic or give wrong answers.
func TestOddNumbersEndQuickly(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(-1) ** 10**18, 1 ** 10**18, 0 ** 10**18, 0 ** 0", "(1, 1, 0, 1)"},
		{"(-2) ** 63, 2 ** 62, 3 ** 39", "(-9223372036854775808, 4611686018427387904, 4052555153018976267)"},
		{"2 ** 63", "9223372036854775808"},
		{"0 ** -1", "ZeroDivisionError: 0.0 cannot be raised to a negative power"},
		{"-2**62 * 2, -1 * (-9223372036854775807-1) if False else 0", "(-9223372036854775808, 0)"},
		{"-1 * (-9223372036854775807-1)", "9223372036854775808"},
		{"def g(x):\n    return x\ndef up(n):\n    return g(n + 1)\nup(9223372036854775807)", "9223372036854775808"},
		{"def g(x):\n    return x\ndef down(n):\n    return g(n - 1)\ndown(-9223372036854775807-1)", "-9223372036854775809"},
		{"0 << 100, -1 << 63", "(0, -9223372036854775808)"},
		{"[] * 10**18, () * 10**18, '' * 10**18, [1, 2] * 2", "([], (), '', [1, 2, 1, 2])"},
		{"-1 in range(10**18), 10**17 in range(10**18), 5 in range(0, 10, 2), 4.0 in range(0, 10, 2), 'a' in range(3)", "(False, True, False, True, False)"},
		{"3 in range(10, 0, -7), 10 in range(10, 0, -7), 0 in range(10, 0, -7)", "(True, True, False)"},
		{"bool(range(-9223372036854775807-1, 9223372036854775807))", "True"},
		{"len(range(-9223372036854775807-1, 9223372036854775807))", "OverflowError: Python int too large to convert to C ssize_t"},
		{"len(range(0, 9223372036854775807, 2**62)), len(range(9223372036854775807, -9223372036854775807-1, -2**62))", "(2, 4)"},
		{"[1, 2, 3][1::9223372036854775807], [1, 2, 3][1::-9223372036854775807-1], 'abc'[::-1]", "([2], [2], 'cba')"},
		{"int(tensor([float('nan')]))", "ValueError: cannot convert float NaN to integer"},
		{"int(tensor(float('inf')))", "OverflowError: cannot convert float infinity to integer"},
		{"round(float('nan'))", "ValueError: cannot convert float NaN to integer"},
		{"math.floor(math.inf)", "OverflowError: cannot convert float infinity to integer"},
		{"math.ceil(-math.inf)", "OverflowError: cannot convert float infinity to integer"},
		{"math.floor(math.nan)", "ValueError: cannot convert float NaN to integer"},
		{"math.ceil(1e300)", "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"},
		{"math.floor(-2.5), math.ceil(-2.5), math.floor(-9.2e18), math.ceil(3)", "(-3, -2, -9200000000000000000, 3)"},
		{"int(1e300), int(-math.inf), round(math.inf)", "OverflowError: cannot convert float infinity to integer"},
		{"round(2**62 + 1), round(2.5), round(True)", "(4611686018427387905, 2, 1)"},
		{"round(1.5, 400), round(1.5, -400), round(2.675, 2), round(0.125, 2), round(1250.0, -2), round(float('inf'), 2)", "(1.5, 0.0, 2.67, 0.12, 1200.0, inf)"},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		got := outcome(NewSession(IO{}).Exec(ctx, "", tt.src))
		cancel()
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestBindingKeywords(t *testing.T) {
	tests := []struct{ src, want string }{
		{"def f(**kw):\n    return kw\nf(x=1, **{'x': 2})", "TypeError: f() got multiple values for keyword argument 'x'"},
		{"def f(**kw):\n    return kw\nf(x=1, **{'y': 2})", "{'x': 1, 'y': 2}"},
		{"def f(a, *args, b=1, **kw):\n    return a, args, b, kw\nf(1, 2, 3, b=4, args=5)", "(1, (2, 3), 4, {'args': 5})"},
		{"def f(*args, b):\n    return b\nf(1, 2)", "TypeError: f() missing 1 required keyword-only argument: 'b'"},
		{"sum(tensor([1, 2]), **{'dim': 0, 'keepdim': True})", "tensor([3])"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// A failing multiple-target assignment restores tensor elements it wrote,
// as it does list and dict elements.
func TestFailingAssignmentRestoresTensors(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	s.Exec(ctx, "", "t = zeros(3)\nl = [1]\nw = ones(2, requires_grad=True)\ny = w * 2")
	for _, src := range []string{
		"t[0], l[5] = 7, 8",
		"t[[0, 0, 2]], l[5] = 7, 8",
		"t[:], t[0], l[5] = 4, 5, 6",
		"y[0], l[5] = 5, 6",
		"w.grad = ones(5)",
		"w.grad, l[5] = ones(2), 1",
	} {
		if r := s.Exec(ctx, "", src); r.Err == nil {
			t.Fatalf("%q did not fail", src)
		}
	}
	if got := outcome(s.Exec(ctx, "", "t, l, y.grad_fn.name(), w.grad")); got != "(tensor([0., 0., 0.]), [1], 'MulBackward0', None)" {
		t.Errorf("state after failures: %s", got)
	}
	if got := outcome(s.Exec(ctx, "", "y.sum().backward()\nw.grad")); got != "tensor([2., 2.])" {
		t.Errorf("gradient after failures: %s", got)
	}
}

// input() raises EOFError when the front end reports the end of its input,
// so that every front end gets the same error.
func TestInputAtEndOfInput(t *testing.T) {
	lines := []string{"kael"}
	s := NewSession(IO{Input: func(string, bool) (string, error) {
		if len(lines) == 0 {
			return "", fmt.Errorf("reading stdin: %w", io.EOF)
		}
		line := lines[0]
		lines = lines[1:]
		return line, nil
	}})
	r := s.Exec(context.Background(), "", "name = input()\nagain = input()")
	if r.Err == nil || r.Err.Kind != EOFError {
		t.Fatalf("second input() gave %v, want an EOFError", r.Err)
	}
	if got := outcome(s.Exec(context.Background(), "", "name")); got != "'kael'" {
		t.Errorf("name = %s", got)
	}
}

// Summary (the kernel's table caption, :type, inspection) shows the same
// autograd state as the REPL's badge: grad_fn for a recorded result.
func TestSummaryShowsGradFn(t *testing.T) {
	s := NewSession(IO{})
	s.Exec(context.Background(), "", "w = ones(2, requires_grad=True)\ny = w * 2\nx = ones(2)")
	for name, want := range map[string]string{
		"w": "float32[2] tensor, 8 B, requires_grad",
		"y": "float32[2] tensor, 8 B, grad_fn=<MulBackward0>",
		"x": "float32[2] tensor, 8 B",
	} {
		v, _ := s.Get(name)
		if got := Summary(v.(*tensor.Tensor)); got != want {
			t.Errorf("Summary(%s) = %q, want %q", name, got, want)
		}
	}
}
