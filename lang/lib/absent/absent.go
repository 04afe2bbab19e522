// Package absent registers the standard modules kael cannot have: each
// needs what a kael program has no access to (the network, native
// code), so importing it is a ModuleNotFoundError that
// says why and what to do instead, rather than CPython's module.
package absent

import "github.com/kael-dev/kael/lang"

// modules are the absent modules: why each cannot exist, and the hint.
var modules = []struct{ name, why, hint string }{
	{"socket", "kael programs have no network access",
		"download the data outside kael and read it from a file"},
	{"urllib.request", "kael programs have no network access",
		"download the file outside kael and read it from disk"},
	{"ctypes", "kael cannot load or call native libraries",
		"use kael's own modules (torch, math, struct)"},
}

func init() {
	for _, m := range modules {
		lang.RegisterUnavailable(m.name, "No module named '"+m.name+"': "+m.why, m.hint)
	}
}
