// Package atexit is Python's atexit module (module.py): register,
// unregister and the functions CPython's tests use (_run_exitfuncs,
// _clear, _ncallbacks). Its Go part, _atexit, has the session run the
// registered functions when the program ends (lang.Session.Shutdown,
// which kael run calls after the program and a kernel at its shutdown).
package atexit

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/sys"       // module.py imports sys
	_ "github.com/kael-dev/kael/lang/lib/traceback" // module.py imports traceback
)

//go:embed module.py
var source string

// exitKey registers a session's atexit functions once with its end.
type exitKey struct{}

var goModule = &lang.Module{Name: "_atexit", Attrs: map[string]lang.Value{
	"at_exit": lang.NewBuiltin(lang.AsValue, "at_exit(fn)", "Has fn() called when the session's program ends.",
		func(a *lang.Args) (lang.Value, error) {
			fn := a.Value("fn")
			a.Session().AtExit(exitKey{}, lang.NewBuiltin(lang.AsValue, "_run_exitfuncs()", "Runs the functions atexit registered.",
				func(b *lang.Args) (lang.Value, error) { return b.Call(fn) }))
			return lang.None, nil
		}),
}}

func init() {
	lang.RegisterSourceModule("atexit", "Python's atexit: register and unregister functions called when the program ends (kael run's end, a kernel's shutdown), the last registered first.", source)
	lang.RegisterModule("_atexit", "The part of atexit written in Go: has the session run atexit's functions at its end.", func() *lang.Module { return goModule })
}
