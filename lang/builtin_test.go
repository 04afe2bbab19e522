package lang

import (
	"slices"
	"testing"
	"unsafe"
)

// TestArgsErr checks the sticky accessors: Err is a plain nil while the
// arguments read are good, and the first bad argument's error stays.
func TestArgsErr(t *testing.T) {
	name, params, err := parseSignature("f(x, n, s='a', d=None)")
	if err != nil {
		t.Fatal(err)
	}
	b := &Builtin{Name: name, parsed: paramList(params...)}
	a, err := b.bind(nil, []Value{int64(1), "two"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s, d := a.Str("s"), a.OptDType("d"); s != "a" || d != nil {
		t.Errorf("s, d = %q, %v", s, d)
	}
	if err := a.Err(); err != nil {
		t.Fatalf("Err() = %#v after good arguments, want nil", err)
	}
	if x, n := a.Tensor("x"), a.Int("n"); x != nil || n != 0 {
		t.Errorf("x, n = %v, %d; want zero values", x, n)
	}
	a.Str("x")
	want := "TypeError: f(): argument 'x' must be Tensor, not int"
	if err := a.Err(); err == nil || err.Error() != want {
		t.Errorf("Err() = %v, want %s", err, want)
	}
}

// TestBuiltinParamsParsedWhenNeeded checks that a builtin's parameters are
// parsed from its signature when first needed, not when it is made, and
// that the parsed ones, a setter's changes and an alias's copy are those
// the signature and the setters say.
func TestBuiltinParamsParsedWhenNeeded(t *testing.T) {
	b := NewBuiltin(AsValue, "f(x, n=2, *rest, k=None)", "", func(a *Args) (Value, error) { return a.Value("n"), nil })
	if b.parsed != nil {
		t.Fatal("NewBuiltin parsed the parameters")
	}
	a, err := b.bind(nil, []Value{int64(1)}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := a.Value("n"); n != int64(2) {
		t.Errorf("n = %v, want the default 2", n)
	}
	if b.parsed == nil {
		t.Fatal("a call left the parameters unparsed")
	}
	if got, want := b.ParamNames(), []string{"x", "n", "rest", "k"}; !slices.Equal(got, want) {
		t.Errorf("ParamNames() = %v, want %v", got, want)
	}
	c := NewBuiltin(AsValue, "g(x)", "", nil)
	c.AddKeyword("out", None)
	c.SetDefault("x", int64(7))
	d := c.Alias(AsValue, "h", "")
	for _, f := range []*Builtin{c, d} {
		ps := f.params()
		if len(ps) != 2 || ps[0].def != int64(7) || ps[1].name != "out" || !ps[1].kwOnly {
			t.Errorf("%s's parameters = %+v, want x=7 and the keyword-only out", f.Name, ps)
		}
	}
	if d.Sig != "h(x, *, out=None)" {
		t.Errorf("the alias's signature = %q", d.Sig)
	}
	// A library may rewrite Sig for help (a namedtuple class's "P(x, y)"
	// over "P(*args)"): the parameters stay those it was made with.
	e := NewBuiltin(AsValue, "P(*args)", "", nil)
	e.Sig = "P(x, y)"
	if got := e.ParamNames(); !slices.Equal(got, []string{"args"}) {
		t.Errorf("ParamNames() after Sig was rewritten = %v, want [args]", got)
	}
}

// TestBuiltinSize holds a Builtin to Go's 96-byte size class: there are
// a thousand of them in the start-up heap every collection marks, and
// four thousand once torch is defined. A field few builtins set belongs
// in builtinNames.
func TestBuiltinSize(t *testing.T) {
	if n := unsafe.Sizeof(Builtin{}); n > 96 {
		t.Errorf("a Builtin is %d bytes, want at most 96 (Go's size class)", n)
	}
}

// TestBuiltinExamples checks that examples stay with the builtin they
// were added to: a copy made before shares none added after, an alias
// has none, and a builtin's other names survive them.
func TestBuiltinExamples(t *testing.T) {
	b := &Builtin{Name: "f", Sig: "f(x)", sig: "f(x)"}
	b.SetModule("m")
	early := b.WithFn(nil)
	b.WithExamples("f(1)").WithExamples("f(2)")
	late := b.WithFn(nil)
	alias := b.Alias(0, "g", "") // kind 0: in no table
	for _, c := range []struct {
		name string
		b    *Builtin
		want []string
	}{
		{"b", b, []string{"f(1)", "f(2)"}},
		{"copy before", early, nil},
		{"copy after", late, []string{"f(1)", "f(2)"}},
		{"alias", alias, nil},
	} {
		if got := c.b.Examples(); !slices.Equal(got, c.want) {
			t.Errorf("%s: examples %q, want %q", c.name, got, c.want)
		}
		if m := c.b.Module(); m != "m" {
			t.Errorf("%s: module %q, want m", c.name, m)
		}
	}
	if got := examplesText(b); got != "\nExamples:\n    f(1)\n    f(2)" {
		t.Errorf("help's examples %q", got)
	}
}

// TestCheckSignatureAgreesWithParse checks that checkSignature, which
// NewBuiltin calls instead of parsing, returns parseSignature's name and
// error for well-formed and malformed signatures, and for every builtin
// and method registered in the test binary.
func TestCheckSignatureAgreesWithParse(t *testing.T) {
	sigs := []string{
		"f()",
		"f( )",
		"f(x)",
		"f(x, n, s='a', d=None)",
		"f(x, /, y, *, k=1.5e-05)",
		"f(*args, dim=-1, keepdim=False)",
		"f(size=(1, 2), pad=[0, (1, 2)], s='a,b')",
		"f(x, )",
		"f(x,)",
		"f(*, out=None)",
		"f(k=(1,)",       // an unclosed bracket inside
		"f(x=1+)",        // a default that does not parse
		"f(x=undefined)", // a default that does not evaluate
		"f(a, b=1, c=2 +)",
		"f(x",  // no closing parenthesis
		"f x)", // no opening one
		"",
		"résumé(ä=1, *β)",
	}
	for _, b := range builtins {
		sigs = append(sigs, b.sig)
	}
	for _, b := range methods {
		sigs = append(sigs, b.sig)
	}
	bad := 0
	for _, sig := range sigs {
		name, _, perr := parseSignature(sig)
		got, cerr := checkSignature(sig)
		if (perr == nil) != (cerr == nil) || perr != nil && perr.Error() != cerr.Error() {
			t.Errorf("checkSignature(%q) error = %v, parseSignature's %v", sig, cerr, perr)
			continue
		}
		if perr != nil {
			bad++
			continue
		}
		if got != name {
			t.Errorf("checkSignature(%q) = %q, parseSignature's name %q", sig, got, name)
		}
	}
	if bad < 6 {
		t.Errorf("%d malformed signatures found, want the table's 6 at least", bad)
	}
}

// TestCutTopLevel checks that cutting parts one at a time gives
// splitTopLevel's parts.
func TestCutTopLevel(t *testing.T) {
	for _, s := range []string{"a", "a, b", "a=(1, 2), b=[3, [4, 5]]", "a,", ",", "", "x=')', y", "(a, b", "a), b, c"} {
		var parts []string
		for rest, more := s, true; more; {
			var part string
			part, rest, more = cutTopLevel(rest)
			parts = append(parts, part)
		}
		if want := splitTopLevel(s); !slices.Equal(parts, want) {
			t.Errorf("cutTopLevel's parts of %q = %q, splitTopLevel's %q", s, parts, want)
		}
	}
}
