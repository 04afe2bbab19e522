package argparse

import (
	"io"
	"path/filepath"

	"github.com/kael-dev/kael/lang"
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
	if s, ok := any(a.Session()).(sessionArgv); ok {
		if argv := s.Argv(); len(argv) > 1 {
			return argv[1:]
		}
	}
	return nil
}

// defaultProg is os.path.basename(sys.argv[0]): the script's name, else
// the name of the main file (__file__), else "kael".
func defaultProg(a *lang.Args) string {
	if s, ok := any(a.Session()).(sessionArgv); ok {
		if argv := s.Argv(); len(argv) > 0 && argv[0] != "" {
			return filepath.Base(argv[0])
		}
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
