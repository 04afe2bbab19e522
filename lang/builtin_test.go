package lang

import "testing"

// TestArgsErr checks the sticky accessors: Err is a plain nil while the
// arguments read are good, and the first bad argument's error stays.
func TestArgsErr(t *testing.T) {
	name, params, err := parseSignature("f(x, n, s='a', d=None)")
	if err != nil {
		t.Fatal(err)
	}
	b := &Builtin{Name: name, params: params}
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
