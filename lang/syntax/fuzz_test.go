package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addSeeds adds the inputs of the parser tests and the golden files to f's
// seed corpus, besides those in testdata/fuzz.
func addSeeds(f *testing.F) {
	for _, src := range []string{"b'a\\x00\\377'", "rb'\\d' br\"\"\"x\"\"\"", "b'\\u1234'", "b'\u00e9'", "b'a' 'b'", "12345678901234567890123 ** 2", "-0x8000000000000000", "1j + 2.5e3J", "1jj", "0x1j"} {
		f.Add(src)
	}
	for _, tt := range stmtTests {
		f.Add(tt.src)
	}
	for _, tt := range exprTests {
		f.Add(tt.src)
	}
	for _, tt := range fstringTests {
		f.Add(tt.src)
	}
	for _, tt := range fstringErrorTests {
		f.Add(tt.src)
	}
	// Chains past maxDepth, so that mutations explore the depth limits.
	for _, op := range []string{"+1", "**1", "**-1", " if 1 else 1", "*(1", ", *(1"} {
		f.Add("x = 1" + strings.Repeat(op, maxDepth+10))
	}
	f.Add("x = " + strings.Repeat("lambda:", maxDepth+10) + "1")
	f.Add("try:\n    x\nexcept (A, B) as e:\n    raise C from e\nexcept:\n    raise\nelse:\n    pass\nfinally:\n    y")
	f.Add("try: x\nfinally: y\nraise")
	f.Add(strings.Repeat(`"a" `, 3000))
	f.Add("if (n := len(a)) > 1:\n    [y := f(x) for x in a if (z := x)]\nwhile c := g(): x[i := 1]")
	f.Add("def f(a, b=1, /, c=2, *, d, e=3, **k): pass\nlambda x, /, *, y: 0\ndef g(*, a): pass")
	f.Add("match p:\n    case [x, *r] | (x, *r) if x:\n        pass\n    case {'k': v, **m}:\n        pass\n    case P(1, y=[z]) as q:\n        pass\n    case _:\n        pass")
	f.Add("match = 1\nmatch(x)\nmatch[0]: int = 2")
	f.Add("with (a as b, c,):\n    pass\nwith (a) as b, (c):\n    pass\n@x := y\ndef f(): del ()\n")
	f.Add("async def f():\n    await g()\n    async for x in y:\n        pass\n    async with (a as b):\n        pass\ntry:\n    x\nexcept* (A, B) as e:\n    pass")
	f.Add("class A(B, flag=True, **kw):\n    def __init_subclass__(cls, **kw): pass")
	f.Add("def g():\n    x = yield from (yield 1)\n    yield x, (y for y in x)")
	files, _ := filepath.Glob("testdata/*.kael")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
}

// checkError checks that err is an *Error whose span lies in src and agrees
// with its offsets, and that it renders.
func checkError(src string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return fmt.Errorf("error %v is a %T, want *Error", err, err)
	}
	s := e.Span
	if s.Start.Offset < 0 || s.Start.Offset > s.End.Offset || s.End.Offset > len(src) ||
		s.Start != posAt(src, s.Start.Offset) || s.End != posAt(src, s.End.Offset) {
		return fmt.Errorf("error %q has bad span %s (offsets %d-%d)", e, s, s.Start.Offset, s.End.Offset)
	}
	if e.Msg == "" || !strings.Contains(e.Render(src), "^") {
		return fmt.Errorf("error %q renders badly:\n%s", e, e.Render(src))
	}
	return nil
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		file, err := Parse("fuzz.kael", src)
		if err != nil {
			if err := checkError(src, err); err != nil {
				t.Fatal(err)
			}
			return
		}
		if err := checkSpans(src, file); err != nil {
			t.Fatal(err)
		}
		Inspect(file, func(n Node) bool {
			Snippet(src, n.Span())
			return true
		})
		if x, err := ParseExpr(src); err != nil {
			if err := checkError(src, err); err != nil {
				t.Fatal(err)
			}
		} else if err := checkSpans(src, x); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzCompleteness(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		status, indent := Completeness(src)
		if strings.Trim(indent, " \t") != "" || status != Incomplete && indent != "" {
			t.Fatalf("Completeness(%q) = %v, %q", src, status, indent)
		}
		_, err := Parse("", src)
		switch {
		case status == Complete && err != nil:
			t.Fatalf("Completeness(%q) = complete, but Parse fails: %v", src, err)
		case status == Invalid && err == nil:
			t.Fatalf("Completeness(%q) = invalid, but Parse succeeds", src)
		}
	})
}
