package lang

import (
	"slices"
	"testing"
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
