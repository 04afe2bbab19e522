package contextlib

import (
	"os"

	"github.com/kael-dev/kael/lang"
)

// chdirCM is chdir's object: the directory to enter, and the ones it
// left, a stack, so that the object is reentrant as CPython's.
type chdirCM struct {
	path  string
	saved []string
}

var chdirClass = newClass("chdir",
	method("__enter__(self)", "Makes path the working directory (of the whole process), remembering the one before.", func(a *lang.Args, st *chdirCM) (lang.Value, error) {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, lang.OSErrorFrom(err, "")
		}
		if err := os.Chdir(st.path); err != nil {
			return nil, lang.OSErrorFrom(err, st.path)
		}
		st.saved = append(st.saved, cwd)
		return lang.None, nil
	}),
	method("__exit__(self, *excinfo)", "Goes back to the working directory of before.", func(a *lang.Args, st *chdirCM) (lang.Value, error) {
		if len(st.saved) == 0 {
			return nil, lang.Errorf(lang.IndexError, "pop from empty list")
		}
		last := st.saved[len(st.saved)-1]
		st.saved = st.saved[:len(st.saved)-1]
		if err := os.Chdir(last); err != nil {
			return nil, lang.OSErrorFrom(err, last)
		}
		return lang.None, nil
	}),
)

func init() {
	moduleAttrs["chdir"] = lang.NewBuiltin(lang.AsValue, "chdir(path)", "A context manager that makes path the working directory in its with body (of the whole process, as os.chdir) and goes back after.",
		func(a *lang.Args) (lang.Value, error) {
			p := a.Path("path")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return lang.NewInstance(chdirClass, &chdirCM{path: p}), nil
		})
}
