package syntax

import (
	"math"
	"strings"
	"testing"
)

// -9223372036854775808 is one literal, as Python reads it (there the minus
// applies to a big int; kael's ints are 64-bit, and 2**63 alone is too
// large).
func TestMinInt64Literal(t *testing.T) {
	for _, src := range []string{"-9223372036854775808", "- 9223372036854775808", "-0x8000000000000000", "-0o1000000000000000000000", "-9_223_372_036_854_775_808"} {
		x, err := ParseExpr(src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", src, err)
			continue
		}
		lit, ok := x.(*IntLit)
		if !ok || lit.Value != math.MinInt64 || lit.ValuePos.Offset != 0 {
			t.Errorf("ParseExpr(%q) = %s, want the IntLit %d at offset 0", src, sexpr(x), int64(math.MinInt64))
		}
	}
	for _, tt := range []struct{ src, want string }{
		{"(-9223372036854775808, 1)", "(tuple -9223372036854775808 1)"},
		{"--9223372036854775808", "(- -9223372036854775808)"},
		{"-9223372036854775808 + 1", "(+ -9223372036854775808 1)"},
		{"x[-9223372036854775808]", "(index x -9223372036854775808)"},
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
	for _, src := range []string{"9223372036854775808", "+9223372036854775808", "2 - 9223372036854775808", "-9223372036854775808 ** 2",
		"-9223372036854775808[0]", "-9223372036854775808(1)", "-(9223372036854775808)", "-9223372036854775809", "-18446744073709551616"} {
		_, err := ParseExpr(src)
		if err == nil || !strings.Contains(err.Error(), "integer literal too large") {
			t.Errorf("ParseExpr(%q): got %v, want integer literal too large", src, err)
		}
	}
}
