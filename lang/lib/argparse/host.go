package argparse

import (
	"io"
	"path/filepath"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/sys" // sysArgv reads sys.argv
)

// What argparse needs of the interpreter beyond its library API: the
// program's arguments, its name, its error output and SystemExit. They
// are here, in one place, so that the sys module's engine hooks plug in
// where they exist (a session with Argv and Stderr, lang.NewSystemExit).

// sessionArgv is a session that knows the program's arguments (sys.argv).
type sessionArgv interface{ Argv() []string }

// sessionStderr is a session with an error output (sys.stderr).
type sessionStderr interface{ Stderr() io.Writer }

// programArgs is sys.argv[1:]; nil when the session has no arguments.
func programArgs(a *lang.Args) []string {
	if argv := sysArgv(a); len(argv) > 1 {
		return argv[1:]
	}
	return nil
}

// sysArgv is sys.argv as the program sees it: the list of the session's
// sys module, which the program may have replaced or changed in place
// (sys.argv = ['prog', '--lr', '0.1']), when it holds strings; else the
// arguments the session was started with.
func sysArgv(a *lang.Args) []string {
	if m, err := a.Import("sys"); err == nil {
		if l, ok := m.Attrs["argv"].(*lang.List); ok {
			argv := make([]string, 0, len(l.Elems))
			for _, e := range l.Elems {
				s, isStr := e.(string)
				if !isStr {
					return nil
				}
				argv = append(argv, s)
			}
			return argv
		}
	}
	if s, ok := any(a.Session()).(sessionArgv); ok {
		return s.Argv()
	}
	return nil
}

// defaultProg is os.path.basename(sys.argv[0]): the script's name, else
// the name of the main file (__file__), else "kael".
func defaultProg(a *lang.Args) string {
	if argv := sysArgv(a); len(argv) > 0 && argv[0] != "" {
		return filepath.Base(argv[0])
	}
	if f, ok := a.Session().Get("__file__"); ok {
		if s, ok := f.(string); ok && s != "" {
			return filepath.Base(s)
		}
	}
	return "kael"
}

// writeStderr writes text to the session's error output, or to its output
// when it has none.
func writeStderr(a *lang.Args, text string) {
	if s, ok := any(a.Session()).(sessionStderr); ok {
		if w := s.Stderr(); w != nil {
			_, _ = io.WriteString(w, text)
			return
		}
	}
	a.Write(text)
}

// systemExit is SystemExit(status).
func systemExit(status int) error {
	return lang.NewSystemExit(int64(status))
}
