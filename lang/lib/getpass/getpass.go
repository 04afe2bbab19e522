// Package getpass is Python's getpass module (module.py): getuser, from
// the environment and else the system's user, and getpass, which asks the
// front end for a line it does not show (a front end that cannot hide it,
// as kael run reading a pipe, shows it). Its Go part is _getpass.
package getpass

import (
	_ "embed"
	"os/user"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/os" // module.py imports os
)

//go:embed module.py
var source string

var goModule = &lang.Module{Name: "_getpass", Attrs: map[string]lang.Value{
	"user": lang.NewBuiltin(lang.AsValue, "user()", "The name of the system's user running the program; OSError when the system cannot tell it.",
		func(a *lang.Args) (lang.Value, error) {
			u, err := user.Current()
			if err != nil {
				return nil, lang.Errorf(lang.OSError, "cannot find the user's name: %v", err)
			}
			return u.Username, nil
		}),
	"getpass": lang.NewBuiltin(lang.AsValue, "getpass(prompt)", "Reads a line from the user after prompt, asking the front end not to show it.",
		func(a *lang.Args) (lang.Value, error) {
			prompt := a.Str("prompt")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return a.Input(prompt, true)
		}),
}}

func init() {
	lang.RegisterSourceModule("getpass", "Python's getpass: getuser (the login name) and getpass (reads a password; kael cannot hide it, and warns).", source)
	lang.RegisterModule("_getpass", "The part of getpass written in Go: the system's user name and the password prompt.", func() *lang.Module { return goModule })
}
