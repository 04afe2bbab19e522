package lang

import (
	"math"
	"testing"

	"github.com/kael-dev/kael/lang/syntax"
)

// TestPlainLiteralMatchesParser checks that the defaults plainLiteral
// reads without the parser have the value and type the parser's
// evaluation gives, and that it leaves everything else to the parser.
func TestPlainLiteralMatchesParser(t *testing.T) {
	tests := []struct {
		src   string
		plain bool // read by plainLiteral
	}{
		{"None", true}, {"True", true}, {"False", true},
		{"0", true}, {"1", true}, {"-1", true}, {"9223372036854775807", true}, {"-9223372036854775808", true},
		{"1.0", true}, {"-0.0", true}, {".5", true}, {"5.", true}, {"1e-05", true}, {"1e5", true}, {"2.5E+3", true}, {"1e-15", true},
		{"''", true}, {"'mean'", true}, {`"excel"`, true}, {"'a b'", true},
		{"01", false}, {"1_000", false}, {"'\\n'", false}, {`'it"s'`, false}, {"b''", false}, {"()", false},
		{"float", false}, {"1e", false}, {"-", false}, {".", false}, {"e5", false}, {"--1", false}, {"1e+-5", false},
		{"9223372036854775808", false}, {"inf", false}, {"0x10", false}, {"1j", false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			got, ok := plainLiteral(tt.src)
			if ok != tt.plain {
				t.Fatalf("plainLiteral(%q) ok = %v, want %v", tt.src, ok, tt.plain)
			}
			if !ok {
				return
			}
			x, err := syntax.ParseExpr(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			want, err := newInterp(nil, nil, "", "", nil).eval(x)
			if err != nil {
				t.Fatal(err)
			}
			if TypeName(got) != TypeName(want) {
				t.Fatalf("%q: %s, parser %s", tt.src, TypeName(got), TypeName(want))
			}
			if f, isF := got.(float64); isF {
				if math.Float64bits(f) != math.Float64bits(want.(float64)) {
					t.Fatalf("%q: %v, parser %v", tt.src, f, want)
				}
			} else if got != want {
				t.Fatalf("%q: %v, parser %v", tt.src, got, want)
			}
		})
	}
}
