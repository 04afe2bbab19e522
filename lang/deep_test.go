package lang

import (
	"strings"
	"testing"
)

// TestDeepInput checks that deeply nested or very long input gives an
// answer rather than a Go stack overflow or quadratic time.
func TestDeepInput(t *testing.T) {
	tests := []struct{ src, want string }{
		{strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000), "SyntaxError: too many nested brackets"},
		{strings.Repeat("-", 20000) + "1", "SyntaxError: expression nested too deeply"},
		{strings.Repeat("not ", 20000) + "1", "SyntaxError: expression nested too deeply"},
		{"1" + strings.Repeat(" + 1", 100000), "100001"},
		{"x = [1]\nx" + strings.Repeat("[0:1]", 10000), "[1]"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%.30q...: got %.80s, want %s", tt.src, got, tt.want)
		}
	}
}
