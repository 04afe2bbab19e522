package collections

import "testing"

// FuzzNamedtupleNames holds namedtuple's reading of field_names to never
// panicking, and to giving valid, distinct names whenever it accepts.
func FuzzNamedtupleNames(f *testing.F) {
	for _, seed := range []string{"x y", "x, y", "a,b , c", "", "x x", "_x", "class def", "1a", "é ü", "x\ty\nz"} {
		f.Add("Point", seed, false)
		f.Add("Point", seed, true)
	}
	f.Fuzz(func(t *testing.T, typename, fields string, rename bool) {
		names, err := fieldNames(fields)
		if err != nil {
			t.Fatal(err)
		}
		if checkNames(typename, names, rename) != nil {
			return
		}
		seen := map[string]bool{}
		for _, n := range names {
			if !IsIdentifier(n) || IsKeyword(n) || seen[n] {
				t.Fatalf("accepted %q in %q", n, fields)
			}
			seen[n] = true
		}
	})
}
