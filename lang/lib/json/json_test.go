package json

import (
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzJSONLoads feeds json.loads any text: it never panics, and what it
// accepts dumps to a text that loads back to the same dump.
func FuzzJSONLoads(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5, null, true]}`, `[[[]]]`, `"\ud83d\ude00"`, `1e400`, `{"a":1,"a":2}`, `-0`, ``, `[NaN, Infinity,-Infinity]`, `{"x":NaN}`, `"NaN"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := jsonLoads([]byte(text))
		if err != nil {
			return
		}
		d := &jsonDumper{allowNaN: true, active: map[any]bool{}}
		if err := d.value(v, 0); err != nil {
			t.Fatalf("loads(%q) gave %s, which dumps refuses: %v", text, lang.Repr(v), err)
		}
		again, err := jsonLoads([]byte(d.b.String()))
		if err != nil {
			t.Fatalf("dumps gave %q, which loads refuses: %v", d.b.String(), err)
		}
		d2 := &jsonDumper{allowNaN: true, active: map[any]bool{}}
		if err := d2.value(again, 0); err != nil || d2.b.String() != d.b.String() {
			t.Fatalf("%q: dumps %q, then %q", text, d.b.String(), d2.b.String())
		}
	})
}
