package syntax

import (
	"runtime"
	"strings"
	"testing"
)

// TestLongAndDeepInput checks that a 2.8 MB chain of left-associative
// operators parses (iteratively), and that right-associative or nested
// chains end in a SyntaxError instead of Go's fatal stack overflow, both
// in Parse and in Completeness (the kernel's is_complete_request).
func TestLongAndDeepInput(t *testing.T) {
	const terms = 1_400_000
	tests := []struct{ name, src, wantErr string }{
		{"left-associative +", "x = 1" + strings.Repeat("+1", terms), ""},
		{"left-associative * and -", "x = 1" + strings.Repeat("*1-1", terms/2), ""},
		{"right-associative **", "x = 1" + strings.Repeat("**1", terms), "expression nested too deeply"},
		{"** of negations", "x = 1" + strings.Repeat("**-1", terms), "expression nested too deeply"},
		{"conditional chain", "x = 1" + strings.Repeat(" if 1 else 1", terms/4), "expression nested too deeply"},
		{"lambdas", "x = " + strings.Repeat("lambda:", terms/4) + "1", "expression nested too deeply"},
		{"starred in parentheses", "x = " + strings.Repeat("(*", terms/4) + "1", "too many nested brackets"},
		{"starred in lists", strings.Repeat("[*", terms/4) + "a" + strings.Repeat("]", terms/4) + " = x", "too many nested brackets"},
		{"many starred targets", strings.Repeat("a, *b = x\n", terms/10), ""},
	}
	for _, tt := range tests {
		_, err := Parse("", tt.src)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: got error %v, want %q", tt.name, err, tt.wantErr)
		}
		want := Complete
		if tt.wantErr != "" {
			want = Invalid
		}
		if got, _ := Completeness(tt.src); got != want {
			t.Errorf("%s: Completeness = %v, want %v", tt.name, got, want)
		}
	}
}

// TestAdjacentStringsTakeLinearSpace checks that adjacent string literals
// are joined once: the parser's allocation grows with the input, not with
// its square (200,000 literals took 19.6 s when each was appended in turn).
func TestAdjacentStringsTakeLinearSpace(t *testing.T) {
	const n = 20_000
	src := "x = " + strings.Repeat(`"abcd" `, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	file, err := Parse("", src)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	got := file.Stmts[0].(*AssignStmt).Value.(*StringLit).Value
	if got != strings.Repeat("abcd", n) {
		t.Errorf("joined value has %d bytes, want %d", len(got), 4*n)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200*uint64(len(src)) {
		t.Errorf("parsing %d bytes of adjacent literals allocated %d bytes", len(src), alloc)
	}
}
