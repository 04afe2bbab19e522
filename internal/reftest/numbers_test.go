package reftest

import "testing"

func TestCompareText(t *testing.T) {
	loose := Tolerance{Rel: 1e-6, Abs: 1e-6}
	cases := []struct {
		got, want string
		tol       Tolerance
		ok        bool
	}{
		{"tensor([1.5000, 2.0000])", "tensor([1.5000, 2.0000])", Exact, true},
		{"tensor([1.5001, 2.0000])", "tensor([1.5000, 2.0000])", Exact, false},
		{"tensor([1.5001, 2.0000])", "tensor([1.5000, 2.0000])", Printed, true},
		{"tensor([1.5002, 2.0000])", "tensor([1.5000, 2.0000])", Printed, false},
		{"[0.10000001, 3]", "[0.1, 3]", loose, true},
		{"[0.1, 4]", "[0.1, 3]", loose, false},          // integers are exact
		{"[0.1, 3.0]", "[0.1, 3]", loose, false},        // a float where an int was printed
		{"tensor([0.1])", "array([0.1])", loose, false}, // words are exact
		{"a 1.0\nb 2.0", "a 1.0\nb 2.0\n", loose, false},
		{"x 1.2345e-03", "x 1.2346e-03", Printed, true},
		{"x 1.2345e-03", "x 1.2366e-03", Printed, false},
		{"-0.0000", "0.0000", Printed, true},
		{"nan", "nan", loose, true},
	}
	for _, c := range cases {
		if err := CompareText(c.got, c.want, c.tol); (err == nil) != c.ok {
			t.Errorf("CompareText(%q, %q, %+v) = %v, want ok=%v", c.got, c.want, c.tol, err, c.ok)
		}
	}
}

func TestLastPlace(t *testing.T) {
	for s, want := range map[string]float64{"0.1234": 1e-4, "1.2345e-01": 1e-5, "12.": 1, "3": 1, "-2.50e+03": 10} {
		if got := lastPlace(s); got < want*0.999 || got > want*1.001 {
			t.Errorf("lastPlace(%q) = %g, want %g", s, got, want)
		}
	}
}
