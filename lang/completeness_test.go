package lang

import "testing"

// TestCompletenessIPythonRules checks Completeness against what IPython's
// check_complete (ipykernel's is_complete) answers for the same code.
func TestCompletenessIPythonRules(t *testing.T) {
	tests := []struct{ src, status, indent string }{
		{"for k in range(3): print(k)", "complete", ""},
		{"for k in range(3): print(k)\n", "complete", ""},
		{"if x: y = 1\nelse: y = 2", "complete", ""},
		{"def f(x):\n    return x\n", "complete", ""},
		{"def f(x):\n    return x", "incomplete", "    "},
		{"def f(x):\n    if x:\n        return x", "incomplete", "        "},
		{"def f(x):\n    return x\n\n", "complete", ""},
		{"for k in range(3):", "incomplete", "    "},
		{"for k in range(3): print(k,", "incomplete", ""},
		{"while True:\n    x = (1,\n", "incomplete", "    "},
		{"x = )", "invalid", ""},
	}
	for _, tt := range tests {
		st, ind := Completeness(tt.src)
		if st.String() != tt.status || ind != tt.indent {
			t.Errorf("%q: %s %q, want %s %q", tt.src, st, ind, tt.status, tt.indent)
		}
	}
}
