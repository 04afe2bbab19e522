// Package gc is Python's gc module for what programs and tests call:
// collect(), which runs Go's collector (kael's objects are Go's, and Go's
// collector frees cycles too, so there is no separate cycle collector to
// run) and closes the generators it found dropped, and isenabled(), always true. kael cannot turn collection off:
// gc.disable and gc.enable are absent.
package gc

import (
	"github.com/kael-dev/kael/lang"
)

func init() {
	lang.RegisterModule("gc", "The garbage collector: collect() runs Go's collector, which frees kael's objects, cycles included.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"collect": lang.NewBuiltin(lang.AsValue, "collect(generation=2)",
				"Runs a full garbage collection, after which objects nothing refers to are gone (their weak references return None) and the generators dropped suspended are closed (their finally clauses run). Returns 0: Go's collector does not count what it freed.",
				func(a *lang.Args) (lang.Value, error) {
					a.Session().CollectGarbage()
					return int64(0), nil
				}),
			"isenabled": lang.NewBuiltin(lang.AsValue, "isenabled()",
				"True: Go's collector always runs.",
				func(a *lang.Args) (lang.Value, error) { return true, nil }),
		}}
	})
}
