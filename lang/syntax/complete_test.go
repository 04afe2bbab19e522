package syntax

import "testing"

func TestCompleteness(t *testing.T) {
	tests := []struct {
		src    string
		status Status
		indent string
	}{
		// Classes and decorators: a decorator line waits for its def.
		{"class A:\n", Incomplete, "    "},
		{"class A:\n    x = 1\n", Incomplete, "    "},
		{"class A:\n    x = 1\n\n", Complete, ""},
		{"@staticmethod\n", Incomplete, ""},
		{"class A:\n    @property\n", Incomplete, "    "},
		{"class A:\n    @property\n    def f(self):\n        return 1\n", Incomplete, "        "},
		{"@property\nx = 1\n", Invalid, ""},
		// try waits for its except or finally, then for a blank line.
		{"try:\n", Incomplete, "    "},
		{"try:\n    x = 1\n", Incomplete, "    "},
		{"try:\n    x = 1\nexcept ValueError as e:\n", Incomplete, "    "},
		{"try:\n    x = 1\nexcept ValueError as e:\n    pass\n", Incomplete, "    "},
		{"try:\n    x = 1\nfinally:\n    pass\n\n", Complete, ""},
		{"raise ValueError('x')", Complete, ""},
		{"except:\n", Invalid, ""},
		// Complete.
		{"", Complete, ""},
		{"\n\n", Complete, ""},
		{"   ", Complete, ""},
		{"# just a comment", Complete, ""},
		{"x = 1", Complete, ""},
		{"x = 1\n", Complete, ""},
		{"x = 1; y = 2", Complete, ""},
		{"x = (1,\n     2)", Complete, ""},
		{"x = [1,\n\n  2]\n", Complete, ""},
		{"s = '''a\nb'''", Complete, ""},
		{"x = 1 + \\\n  2", Complete, ""},
		{"def f(x):\n    return x\n\n", Complete, ""},
		{"def f(x):\n    return x\n    \n", Complete, ""},
		{"def f(x):\n    return x\n   ", Complete, ""},
		{"if x:\n    y = 1\nz = 2", Complete, ""},
		{"if x:\n    y = 1\nelse:\n    y = 2\n\n", Complete, ""},
		{"if x: y = 1\n\n", Complete, ""},
		{"for i in r:\n    if i:\n        print(i)\n\n", Complete, ""},
		{"for i in r:\n    pass\nelse:\n    done = 1\n\n", Complete, ""},
		{"for i in r:\n    pass\nelse:\n", Incomplete, "    "},
		{"while x:\n    x -= 1\nelse:\n    y = 1\n", Incomplete, "    "},
		{"for i in r:\n    pass\nelse:\n    y = 1\nelse:\n", Invalid, ""},
		{"x = 1\r\n", Complete, ""},
		// Incomplete: open brackets, strings and continuations.
		{"x = (1,\n", Incomplete, ""},
		{"x = (1,", Incomplete, ""},
		{"f(a,\n  b", Incomplete, "  "},
		{"x = [\n", Incomplete, ""},
		{"d = {'a':\n", Incomplete, ""},
		{"x = (1,\n\n\n", Incomplete, ""},
		{"def f(x):\n    y = g(x,\n", Incomplete, "    "},
		{"s = '''abc\n", Incomplete, ""},
		{"s = \"\"\"abc", Incomplete, ""},
		{"s = 'abc\\\n", Incomplete, ""},
		{"x = 1 + \\", Incomplete, ""},
		{"x = 1 + \\\n", Incomplete, ""},
		// Incomplete: blocks.
		{"def f(x):", Incomplete, "    "},
		{"def f(x):\n", Incomplete, "    "},
		{"if x:", Incomplete, "    "},
		{"def f(x):\n    return x\n", Incomplete, "    "},
		{"def f(x):\n    return x", Incomplete, "    "},
		{"def f(x):\n    if x:", Incomplete, "        "},
		{"def f(x):\n    if x:\n", Incomplete, "        "},
		{"def f(x):\n    if x:\n        return 1\n", Incomplete, "        "},
		{"if x:\n    y = 1\nelse:", Incomplete, "    "},
		{"for i in r:\n    pass\n", Incomplete, "    "},
		{"while x:\n\ty()\n", Incomplete, "\t"},
		{"while x:\n\tif y:\n", Incomplete, "\t\t"},
		{"with no_grad():\n", Incomplete, "    "},
		{"match x:", Incomplete, "    "},
		{"match x:\n    case 1:", Incomplete, "        "},
		{"match x:\n    case 1:\n        pass\n", Incomplete, "        "},
		{"if x: y = 1", Incomplete, ""},
		{"if x:\n    # comment\n", Incomplete, "        "},
		// Invalid.
		{"x = )", Invalid, ""},
		{"x = 1 +", Invalid, ""},
		{"x = 1 +\n", Invalid, ""},
		{"x = (1 +* 2,\n", Invalid, ""},
		{"if x\n", Invalid, ""},
		{"if x:\n\n", Invalid, ""},
		{"def f(x):\n    return )\n", Invalid, ""},
		{"if x:\n    y\n  z\n", Invalid, ""},
		{"s = 'abc", Invalid, ""},
		{"s = 'abc\n", Invalid, ""},
		{"from torch import", Invalid, ""},
		{"x = 1\n  y = 2", Invalid, ""},
		{"x = 1 $", Invalid, ""},
	}
	for _, tt := range tests {
		status, indent := Completeness(tt.src)
		if status != tt.status || indent != tt.indent {
			t.Errorf("Completeness(%q) = %v, %q; want %v, %q", tt.src, status, indent, tt.status, tt.indent)
		}
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{Complete: "complete", Incomplete: "incomplete", Invalid: "invalid"} {
		if s.String() != want {
			t.Errorf("%d.String() = %q, want %q", s, s.String(), want)
		}
	}
}
