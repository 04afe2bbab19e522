package lang

import "io"

// Modules with a value per session, as CPython's sys is one per
// interpreter: sys.argv, sys.modules and sys.stdout belong to the
// session that imports sys, not to the process. The engine keeps, for
// each session (and the module files it imports, which share it), the
// program's arguments, the modules imported so far (sys.modules) and
// these modules once built.

// RegisterSessionModule makes the module name importable with a value of
// its own in each session: build runs the first time a session (or a
// module file it runs) imports it, with that session. build(nil) makes
// the module that help(), completion and the language reference show.
func RegisterSessionModule(name, doc string, build func(s *Session) *Module) {
	register(&moduleEntry{name: name, doc: doc, build: func() *Module { return build(nil) }, perSession: build})
}

// sessionModule returns the session's own module of entry e, building it
// on first use.
func (s *Session) sessionModule(e *moduleEntry) *Module {
	files := s.modules()
	if m, ok := files.perSession[e.name]; ok {
		return m
	}
	m := e.perSession(s)
	if m.Name == "" {
		m.Name = e.name
	}
	if m.Doc == "" {
		m.Doc = e.doc
	}
	if m.Attrs == nil {
		m.Attrs = map[string]Value{}
	}
	if files.perSession == nil {
		files.perSession = map[string]*Module{}
	}
	files.perSession[e.name] = m
	return m
}

// SetArgv sets the program's arguments, sys.argv: the script's name and
// what followed it on the command line (kael run script.py a b). A
// session without them has a list of one empty string, as an interactive
// CPython.
func (s *Session) SetArgv(argv []string) { s.modules().argv = append([]string(nil), argv...) }

// Argv returns the program's arguments (SetArgv); [""] when none were set.
func (s *Session) Argv() []string {
	if argv := s.modules().argv; argv != nil {
		return append([]string(nil), argv...)
	}
	return []string{""}
}

// ImportedModules returns the dict of the modules imported in the session
// by their dotted names, what sys.modules is: one dict per session, to
// which every import adds the module it imported, starting with
// __main__, the main script's (or cells') globals as a module, which
// unittest.main() looks for tests in.
func (s *Session) ImportedModules() *Dict {
	files := s.modules()
	if files.imported == nil {
		files.imported = NewDict()
		path, _ := files.main.get("__file__")
		p, _ := path.(string)
		_ = files.imported.Set("__main__", &Module{Name: "__main__", Attrs: map[string]Value{}, file: &fileModule{globals: files.main, path: p}})
	}
	return files.imported
}

// noteImported adds m, imported under name, to the session's
// ImportedModules.
func (s *Session) noteImported(name string, m *Module) {
	_ = s.ImportedModules().Set(name, m)
}

// Stdout returns where the session's output goes (IO.Stdout), or
// io.Discard when nowhere.
func (s *Session) Stdout() io.Writer {
	if s.io.Stdout == nil {
		return io.Discard
	}
	return s.io.Stdout
}

// Stderr returns where the session's error output goes: IO.Stderr, else
// its Stdout, so that a front end without a separate stream still shows
// it.
func (s *Session) Stderr() io.Writer {
	if s.io.Stderr == nil {
		return s.Stdout()
	}
	return s.io.Stderr
}

// ImportDir is the directory imports look in first, sys.path[0]: the
// main script's (SetScript), or "" for the working directory, as in an
// interactive CPython.
func (s *Session) ImportDir() string { return s.modules().dir }

// PythonVersion is the version of Python whose language kael implements,
// as sys.version_info and platform.python_version give it: CPython 3.11,
// as Debian 12's python3, which kael's tests compare with.
const PythonVersion = "3.11.2"

// LibraryState returns the state a library keeps for the session under
// key (a warnings module's filters, logging's loggers), made by init the
// first time it is asked for; the module files the session runs share
// it. The state goes with the session.
func (s *Session) LibraryState(key any, init func() any) any {
	files := s.modules()
	if files.libState == nil {
		files.libState = map[any]any{}
	}
	st, ok := files.libState[key]
	if !ok {
		st = init()
		files.libState[key] = st
	}
	return st
}
