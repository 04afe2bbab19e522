package sys

import (
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // the default breakpointhook warns
)

// breakpoint() calls sys.breakpointhook, as CPython's builtin does; it is
// defined here, beside the hook, so that the engine imports no library.
func init() {
	lang.NewBuiltin(lang.AsFunc, "breakpoint(*args, **kws)", "Calls sys.breakpointhook(*args, **kws), as CPython's. kael has no debugger: the default hook warns and returns (PYTHONBREAKPOINT=0 makes it return at once; PYTHONBREAKPOINT=module.function, or a function assigned to sys.breakpointhook, is called instead).", func(a *lang.Args) (lang.Value, error) {
		sys, err := a.Import("sys")
		if err != nil {
			return nil, err
		}
		hook, ok := sys.Attrs["breakpointhook"]
		if !ok {
			return nil, lang.Errorf(lang.RuntimeError, "lost sys.breakpointhook")
		}
		kwNames, kwVals := a.Keywords()
		return a.CallKw(hook, a.Value("args").(lang.Tuple), kwNames, kwVals)
	}).CollectKeywords()
}
