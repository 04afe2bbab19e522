// Package builtins is Python's builtins module: the functions, classes,
// exceptions and constants every module sees without an import
// (builtins.print is print), each session's own, so that assigning
// builtins.name replaces or adds that builtin for the whole session.
package builtins

import "github.com/kael-dev/kael/lang"

func init() {
	lang.RegisterSessionModule("builtins", "Python's builtins: the functions, classes, exceptions and constants every module sees; assigning builtins.name replaces or adds that builtin for the session.",
		func(s *lang.Session) *lang.Module {
			attrs := map[string]lang.Value{"None": lang.None, "True": true, "False": false}
			for _, n := range lang.BuiltinNames() {
				if v, ok := lang.BuiltinName(n); ok {
					attrs[n] = v
				}
			}
			m := &lang.Module{Name: "builtins", Attrs: attrs, SettableAll: true}
			if s != nil {
				m.OnSet = func(name string, v lang.Value) error {
					s.SetBuiltin(name, v)
					return nil
				}
			}
			return m
		})
}
