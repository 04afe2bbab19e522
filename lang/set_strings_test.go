package lang

import (
	"context"
	"hash/fnv"
	"testing"
)

// TestStrHashSameEveryRun checks that hash() of a str is FNV-1a of its
// hash key, halved (no per-process seed), and that a set of strings
// prints in the order that hash gives it, the same in every run: a
// per-process seed would print the seven strings below in this order
// once in 5,040 runs; these goldens were printed by kael once and are checked in every run. Generated references that print such sets
// (hashlib.algorithms_available in docs/language.md) depend on it.
func TestStrHashSameEveryRun(t *testing.T) {
	for _, s := range []string{"", "abc", "sha384", "héllo", "\x00"} {
		f := fnv.New64a()
		f.Write([]byte("s" + s))
		want := int64(f.Sum64() >> 1)
		if got := strHash(s); got != want {
			t.Errorf("strHash(%q) = %d, want %d", s, got, want)
		}
		h, err := pythonHash(s)
		if err != nil || h != want {
			t.Errorf("hash(%q) = %d, %v; want %d", s, h, err, want)
		}
	}
	cases := []struct{ src, want string }{
		{"print({'a', 'b', 'c', 'd'})", "{'b', 'c', 'a', 'd'}\n"},
		{"print({'sha384', 'md5', 'blake2b', 'sha1', 'x', 'yy', 'zzz'})", "{'sha384', 'zzz', 'yy', 'md5', 'blake2b', 'x', 'sha1'}\n"},
		{"print({None, 'a', 'b', 3})", "{'b', 3, 'a', None}\n"},
	}
	for _, c := range cases {
		var out bytesWriter
		if r := NewSession(IO{Stdout: &out}).Exec(context.Background(), "", c.src); r.Err != nil {
			t.Fatalf("%s: %v", c.src, r.Err.Msg)
		}
		if string(out) != c.want {
			t.Errorf("%s printed %q, want %q", c.src, out, c.want)
		}
	}
}

// bytesWriter collects what a session prints.
type bytesWriter []byte

func (w *bytesWriter) Write(p []byte) (int, error) { *w = append(*w, p...); return len(p), nil }
