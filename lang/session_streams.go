package lang

// The standard streams a program replaced, as sys.stdout = io.StringIO()
// does: print with no file writes to the stdout set, and sys.excepthook
// and the traceback module to the stderr set, calling their write
// methods, as CPython's do. The sys module records them (SetStdStream)
// when a program assigns them; the engine names no library.

// SetStdStream records v as the session's sys.<name>, for the module
// files it runs too ("stdout",
// "stderr" or "stdin"); nil gives the stream back to the session's own.
func (s *Session) SetStdStream(name string, v Value) {
	files := s.modules()
	if v == nil {
		delete(files.streams, name)
		return
	}
	if files.streams == nil {
		files.streams = map[string]Value{}
	}
	files.streams[name] = v
}

// StdStream returns the object a program set as sys.<name>, or nil while
// it is the session's own stream.
func (s *Session) StdStream(name string) Value { return s.modules().streams[name] }

// WriteStderr writes text to sys.stderr: the object the program set as
// it (calling its write method), else the session's error output.
func (a *Args) WriteStderr(text string) error {
	if f := a.in.s.StdStream("stderr"); f != nil {
		return writeTo(a, f, text)
	}
	_, err := a.in.s.Stderr().Write([]byte(text))
	return err
}

// writeTo calls file.write(text).
func writeTo(a *Args, file Value, text string) error {
	write, err := a.in.getAttr(file, "write")
	if err != nil {
		return err
	}
	_, err = a.Call(write, text)
	return err
}

// WriteErrorText writes text, what a front end prints on stderr when a
// program ends (the traceback of an error nobody caught, a SystemExit's
// message), to the sys.stderr the program set, as CPython's
// sys.excepthook does; it reports false, writing nothing, while
// sys.stderr is the session's own stream, which the front end writes
// itself. A failing write method is reported false too: the text still
// has to reach someone.
func (s *Session) WriteErrorText(text string) bool {
	f := s.StdStream("stderr")
	if f == nil {
		return false
	}
	_, err := hookedIn(s, func(in *interp) (Value, error) {
		write, err := in.getAttr(f, "write")
		if err != nil {
			return nil, err
		}
		return in.call(write, []Value{text}, nil, nil, in.stmtNode())
	})
	return err == nil
}
