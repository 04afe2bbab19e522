package numpy

import (
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestBuiltinNamesReplace checks that replacing a builtin re-points every
// name it is held under and no other: aliases made before the index, a
// name added after it, a builtin put in directly, and a name whose value
// was replaced directly.
func TestBuiltinNamesReplace(t *testing.T) {
	nb := func(name string) *lang.Builtin {
		return lang.NewBuiltin(lang.AsValue, name+"(x)", "", func(a *lang.Args) (lang.Value, error) { return a.Value("x"), nil })
	}
	tests := []struct {
		name  string
		setup func(m map[string]lang.Value, h *builtinNames) (b *lang.Builtin) // after the index
		want  []string                                                         // the names that must hold the replacement
		keep  []string                                                         // the names that must keep their value
	}{
		{"aliases before the index", func(m map[string]lang.Value, _ *builtinNames) *lang.Builtin {
			return m["vstack"].(*lang.Builtin)
		}, []string{"vstack", "row_stack"}, []string{"hstack", "pi"}},
		{"a name added after the index", func(m map[string]lang.Value, _ *builtinNames) *lang.Builtin {
			m["late_alias"] = m["hstack"]
			return m["hstack"].(*lang.Builtin)
		}, []string{"hstack", "late_alias"}, []string{"vstack", "row_stack"}},
		{"a builtin put in directly", func(m map[string]lang.Value, _ *builtinNames) *lang.Builtin {
			b := nb("array")
			m["array"] = b
			return b
		}, []string{"array"}, []string{"vstack", "hstack"}},
		{"a name replaced directly", func(m map[string]lang.Value, _ *builtinNames) *lang.Builtin {
			m["row_stack"] = nb("row_stack")
			return m["vstack"].(*lang.Builtin)
		}, []string{"vstack"}, []string{"row_stack", "hstack"}},
		{"twice, the second time the replacement", func(m map[string]lang.Value, h *builtinNames) *lang.Builtin {
			b := m["vstack"].(*lang.Builtin)
			h.replace(b, b.WithFn(b.Fn()))
			return m["row_stack"].(*lang.Builtin)
		}, []string{"vstack", "row_stack"}, []string{"hstack"}},
	}
	for _, tt := range tests {
		v, h := nb("vstack"), nb("hstack")
		m := map[string]lang.Value{"vstack": v, "row_stack": v, "hstack": h, "array": nb("array"), "pi": 3.14}
		held := newBuiltinNames(m)
		b := tt.setup(m, held)
		before := map[string]lang.Value{}
		for _, k := range tt.keep {
			before[k] = m[k]
		}
		w := b.WithFn(b.Fn())
		held.replace(b, w)
		for _, k := range tt.want {
			if m[k] != lang.Value(w) {
				t.Errorf("%s: m[%q] is not the replacement", tt.name, k)
			}
		}
		for _, k := range tt.keep {
			if m[k] != before[k] {
				t.Errorf("%s: m[%q] changed", tt.name, k)
			}
		}
	}
}
