// Package signal is Python's signal module (module.py): the signal
// numbers, SIG_DFL and SIG_IGN, getsignal, strsignal, valid_signals and
// default_int_handler, which raises KeyboardInterrupt as kael's
// interrupts do. Handlers of a program's own, alarms and timers cannot
// be honoured: those calls are NotImplementedError with the reason. Its
// Go part is _signal.
package signal

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/enum"     // module.py imports enum
	_ "github.com/kael-dev/kael/lang/lib/operator" // module.py imports operator
)

//go:embed module.py
var source string

var goModule = &lang.Module{Name: "_signal", Attrs: map[string]lang.Value{
	"refused": lang.NewBuiltin(lang.AsValue, "refused(name, why)", "A function signal.name that kael cannot honour: calling it is a NotImplementedError saying why.",
		func(a *lang.Args) (lang.Value, error) {
			name, why := a.Str("name"), a.Str("why")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", "Not in kael: "+why+".",
				func(*lang.Args) (lang.Value, error) {
					return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "signal.%s: %s", name, why)
				}), nil
		}),
}}

func init() {
	lang.RegisterSourceModule("signal", "Python's signal: the signal numbers, SIG_DFL, SIG_IGN, getsignal, strsignal, valid_signals and default_int_handler (KeyboardInterrupt); kael delivers SIGINT only, as KeyboardInterrupt, and refuses handlers of a program's own, alarms and timers.", source)
	lang.RegisterModule("_signal", "The part of signal written in Go: the refused calls.", func() *lang.Module { return goModule })
}
