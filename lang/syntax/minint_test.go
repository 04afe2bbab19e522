package syntax

import (
	"math/big"
	"testing"
)

// Integer literals beyond int64 are big ints, as in Python: the literal
// keeps its value in Big, and -9223372036854775808 is a minus on 2**63.
func TestBigIntLiteral(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"9223372036854775808", "9223372036854775808"},
		{"0x1_0000_0000_0000_0000", "18446744073709551616"},
		{"0o1000000000000000000000", "9223372036854775808"},
		{"99999999999999999999999999", "99999999999999999999999999"},
	} {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		lit, ok := x.(*IntLit)
		if !ok || lit.Big == nil || lit.Big.String() != tt.want {
			t.Errorf("ParseExpr(%q) = %s, want the IntLit %s", tt.src, sexpr(x), tt.want)
		}
	}
	for _, tt := range []struct{ src, want string }{
		{"-9223372036854775808", "(- 9223372036854775808)"},
		{"9223372036854775807", "9223372036854775807"},
		{"-9223372036854775808 ** 2", "(- (** 9223372036854775808 2))"},
	} {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		if got := sexpr(x); got != tt.want {
			t.Errorf("ParseExpr(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
	if lit, _ := ParseExpr("9223372036854775807"); lit.(*IntLit).Big != nil {
		t.Errorf("an int64 literal has a Big value")
	}
	long := "1" + string(make([]byte, 0))
	for range 4300 {
		long += "0"
	}
	if _, err := ParseExpr(long); err == nil {
		t.Errorf("a literal of 4301 digits parsed; CPython refuses it")
	}
	if x, err := ParseExpr("0x" + long); err != nil || x.(*IntLit).Big.Cmp(new(big.Int).Lsh(big.NewInt(1), 4*4300)) != 0 {
		t.Errorf("a hexadecimal literal of 4303 digits: %v", err)
	}
}

// Imaginary literals are FloatLits marked Imag, as Python's 1j, 2.5e3J.
func TestImaginaryLiteral(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want float64
	}{{"1j", 1}, {"2.5J", 2.5}, {"1e3j", 1000}, {"0j", 0}, {"1_0j", 10}, {".5j", 0.5}} {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.src, err)
			continue
		}
		lit, ok := x.(*FloatLit)
		if !ok || !lit.Imag || lit.Value != tt.want || lit.Raw != tt.src {
			t.Errorf("ParseExpr(%q) = %s, want the imaginary literal %gj", tt.src, sexpr(x), tt.want)
		}
	}
	for _, src := range []string{"1jx", "0x1j", "1j2"} {
		if _, err := ParseExpr(src); err == nil {
			t.Errorf("ParseExpr(%q) parsed; Python refuses it", src)
		}
	}
}
