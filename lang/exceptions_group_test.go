package lang

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// exceptStarPrograms are programs about exception groups and except*:
// each prints what it sees, and may end with an uncaught error.
// TestExceptStarMatchesCPython runs each under kael and CPython 3.11 and
// compares what they print and the class and message of the error that
// ends them.
var exceptStarPrograms = []struct{ name, src string }{
	{"naked exception wrapped", `
import sys
try:
    raise ValueError(1)
except* ValueError as eg:
    print(repr(eg), repr(sys.exc_info()[1]), eg is sys.exc_info()[1])
print(repr(eg) if 'eg' in dir() else 'eg deleted')
`},
	{"clauses take their parts", `
try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [KeyError(3), ValueError(4)])])
except* ValueError as eg:
    print("V", repr(eg))
except* KeyError as eg:
    print("K", repr(eg))
except* (TypeError, OSError) as eg:
    print("T", repr(eg))
print("done")
`},
	{"the rest goes on", `
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [KeyError(3), ValueError(4)])])
    except* ValueError:
        print("handled")
except ExceptionGroup as e:
    print(repr(e), e.__context__, e.__cause__)
`},
	{"a clause raises", `
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as eg:
        raise RuntimeError("in handler")
except ExceptionGroup as e:
    print(repr(e))
    print(repr(e.exceptions[0].__context__), e.exceptions[0].__context__ is eg if 'eg' in dir() else None)
    print(e.__context__)
`},
	{"one raised alone is wrapped (3.11)", `
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* (ValueError, TypeError):
        raise SyntaxError(3)
except ExceptionGroup as e:
    print(repr(e), repr(e.exceptions[0].__context__))
`},
	{"bare raise keeps the tree", `
orig = ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("in", [ValueError(3), OSError(4)])])
try:
    try:
        raise orig
    except* ValueError:
        raise
    except* OSError:
        pass
except ExceptionGroup as e:
    print(repr(e), e is orig, e.__traceback__ is orig.__traceback__)
`},
	{"raise and re-raise together", `
orig = ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
try:
    try:
        raise orig
    except* ValueError:
        raise
    except* TypeError as t:
        raise IndexError("new")
except ExceptionGroup as e:
    print(repr(e))
    print(e.exceptions[1].__traceback__ is orig.__traceback__)
`},
	{"raise of the named group is new", `
orig = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
try:
    try:
        raise orig
    except* ValueError as v:
        raise v
except ExceptionGroup as e:
    print(repr(e))
`},
	{"naked re-raise is a group", `
def f():
    try:
        raise ValueError(1)
    except* ValueError:
        raise
try:
    f()
except ExceptionGroup as e:
    print(repr(e), repr(e.exceptions[0]))
`},
	{"naked unmatched goes on as it is", `
v = ValueError(1)
try:
    try:
        raise v
    except* TypeError:
        print("not here")
except ValueError as e:
    print(repr(e), e is v)
`},
	{"handled whole group, then else and finally", `
def f():
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        print("handled")
    else:
        print("else")
    finally:
        print("finally")
    return "after"
print(f())
def g():
    try:
        pass
    except* ValueError:
        pass
    else:
        print("else")
    finally:
        print("finally")
g()
`},
	{"finally runs when the rest goes on", `
try:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        print("V")
    finally:
        print("finally")
except* TypeError as t:
    print("outer", repr(t))
`},
	{"except* ExceptionGroup", `
try:
    raise ExceptionGroup("eg", [ValueError(1)])
except* (ValueError, ExceptionGroup):
    pass
`},
	{"except* of a non-class", `
try:
    try:
        raise ValueError(1)
    except* 42:
        pass
except TypeError as e:
    print(e, repr(e.__context__))
try:
    raise ValueError(1)
except* (ValueError, "x"):
    pass
`},
	{"except* type that fails", `
try:
    raise ValueError(1)
except* Missing:
    pass
`},
	{"BaseExceptionGroup caught part by part", `
try:
    raise BaseExceptionGroup("b", [KeyboardInterrupt(), ValueError(2)])
except* KeyboardInterrupt as k:
    print(type(k).__name__, repr(k))
except* ValueError as v:
    print(type(v).__name__, repr(v))
`},
	{"nested except* in a clause", `
try:
    raise ExceptionGroup("outer", [ValueError(1), TypeError(2)])
except* ValueError as v:
    try:
        raise ExceptionGroup("inner", [OSError(3)])
    except* OSError as o:
        print(repr(o), repr(o.__context__))
except* TypeError as t:
    print(repr(t))
`},
	{"loops and functions inside a clause", `
def f():
    for i in range(5):
        try:
            raise ValueError(i)
        except* ValueError as eg:
            for j in range(3):
                if j == 1:
                    break
            def inner():
                return "ret"
            print(i, j, inner(), repr(eg))
    return "done"
print(f())
`},
	{"constructor rules", `
cases = [("eg",), (1, [ValueError()]), ("eg", []), ("eg", {ValueError()}), ("eg", None),
         ("eg", [1]), ("eg", [ValueError]), ("eg", [KeyboardInterrupt()]), ("eg", [ValueError()], [])]
for c in cases:
    try:
        ExceptionGroup(*c)
    except Exception as e:
        print(type(e).__name__, e)
print(type(BaseExceptionGroup("b", [ValueError()])).__name__, type(BaseExceptionGroup("b", (KeyboardInterrupt(),))).__name__)
try:
    ExceptionGroup("eg", [ValueError()], x=1)
except TypeError as e:
    print(e)
eg = ExceptionGroup("msg", (ValueError(1), TypeError(2)))
print(eg.args, eg.message, eg.exceptions, str(eg), repr(eg))
print(str(ExceptionGroup("one", [ValueError()])))
try:
    eg.message = "x"
except AttributeError as e:
    print(e)
print(issubclass(ExceptionGroup, BaseExceptionGroup), issubclass(ExceptionGroup, Exception), ExceptionGroup.__mro__)
print(ExceptionGroup[OSError], BaseExceptionGroup[int, str])
try:
    Exception[OSError]
except TypeError as e:
    print(e)
`},
	{"split and subgroup", `
eg = ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [KeyError(3), ValueError(4)])])
print(eg.split(ValueError))
print(eg.split((KeyError, TypeError)))
print(eg.subgroup(lambda e: isinstance(e, KeyError)))
print(eg.subgroup(lambda e: e is eg) is eg, eg.subgroup(OSError), eg.split(Exception)[0] is eg)
print(eg.split(lambda e: isinstance(e, ExceptionGroup) and e.message == "inner"))
for bad in (3, (ValueError, 3), "x"):
    try:
        eg.split(bad)
    except TypeError as e:
        print(e)
`},
	{"parts keep the metadata", `
def make():
    try:
        try:
            raise KeyError("k")
        except KeyError as k:
            raise ExceptionGroup("eg", [ValueError(1), TypeError(2)]) from k
    except ExceptionGroup as e:
        return e
eg = make()
eg.add_note("note")
m, r = eg.split(ValueError)
for part in (m, r):
    print(repr(part), part.__traceback__ is eg.__traceback__, part.__cause__ is eg.__cause__,
          part.__context__ is eg.__context__, part.__suppress_context__, part.__notes__, part.__notes__ is eg.__notes__)
fresh = ExceptionGroup("f", [ValueError(1), TypeError(2)])
m = fresh.subgroup(ValueError)
print(m.__traceback__, m.__cause__, m.__context__, m.__suppress_context__, hasattr(m, "__notes__"))
`},
	{"derive and __new__ of a subclass", `
class EG(ExceptionGroup):
    def __new__(cls, message, excs, code):
        obj = super().__new__(cls, message, excs)
        obj.code = code
        return obj
    def __init__(self, message, excs, code):
        super().__init__(message, excs)
    def derive(self, excs):
        return EG(self.message, excs, self.code)
eg = EG("eg", [ValueError(1), TypeError(2)], 42)
print(repr(eg), eg.args)
m, r = eg.split(ValueError)
print(type(m).__name__, m.code, repr(m), type(r).__name__, r.code)
try:
    try:
        raise eg
    except* ValueError as v:
        print(type(v).__name__, v.code)
except EG as rest:
    print(type(rest).__name__, rest.code, repr(rest))
class Plain(ExceptionGroup):
    pass
p = Plain("p", [ValueError(1), TypeError(2)])
print(repr(p.split(ValueError)))
class MyBEG(BaseExceptionGroup):
    pass
print(type(MyBEG("b", [ValueError(1)])).__name__)
try:
    Plain("p", [KeyboardInterrupt()])
except TypeError as e:
    print(e)
`},
	{"derive that returns no group", `
class Bad(ExceptionGroup):
    def derive(self, excs):
        return 42
try:
    Bad("b", [ValueError(1), TypeError(2)]).split(ValueError)
except TypeError as e:
    print(e)
`},
	{"a falsy group subclass", `
class FalsyEG(ExceptionGroup):
    def __bool__(self):
        return False
    def derive(self, excs):
        return FalsyEG(self.message, excs)
try:
    try:
        raise FalsyEG("eg", [TypeError(1), ValueError(2)])
    except* TypeError as e:
        tes = e
        raise
    except* ValueError as e:
        ves = e
        pass
except Exception as e:
    exc = e
print(repr(tes), repr(ves), repr(exc), type(exc).__name__)
`},
	{"traceback.format_exception of groups", `
import traceback
def g():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [KeyError(3)])])
    except* ValueError:
        raise RuntimeError("h")
try:
    g()
except Exception as e:
    print("".join(traceback.format_exception(e)))
def many():
    excs = []
    for i in range(3):
        try:
            raise OSError(i, "bad")
        except OSError as e:
            excs.append(e)
    return ExceptionGroup("many", excs + [ValueError(n) for n in range(15)])
try:
    raise many()
except Exception as e:
    e.add_note("a note\nline two")
    print("".join(traceback.format_exception(e)))
    print(traceback.format_exception_only(e))
try:
    try:
        raise KeyError("k")
    except KeyError as k:
        raise ExceptionGroup("ctx", [TypeError("t")]) from k
except Exception:
    print(traceback.format_exc())
print("".join(traceback.format_exception(ExceptionGroup("never raised", [ValueError(1), ExceptionGroup("sub", [TypeError(2)])]))))
`},
	{"traceback.TracebackException of a group", `
import traceback
def g():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), ExceptionGroup("inner", [KeyError(3)])])
    except* ValueError:
        raise RuntimeError("h")
try:
    g()
except Exception as e:
    te = traceback.TracebackException.from_exception(e)
    print("".join(te.format()))
    print(len(te.exceptions), te.exceptions[0].exceptions is not None)
    print("".join(traceback.TracebackException.from_exception(e, max_group_width=1, max_group_depth=1).format()))
    print("".join(te.format(chain=False)))
`},
	{"copies, a raise from a called function, generators, dir", `
import copy, pickle
eg = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
print(repr(copy.copy(eg)), repr(pickle.loads(pickle.dumps(eg))))
print([n for n in dir(eg) if not n.startswith("__")])
def reraiser():
    raise
try:
    try:
        raise eg
    except* ValueError:
        reraiser()
except ExceptionGroup as e:
    print(repr(e))
def gen():
    try:
        yield 1
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
    except* ValueError as v:
        yield repr(v)
    except* TypeError as t:
        yield repr(t)
print(list(gen()))
`},
	{"an uncaught group", `
try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
except* ValueError:
    print("V")
`},
}

func TestExceptStarMatchesCPython(t *testing.T) {
	python := reftest.CPython(t)
	dir := t.TempDir()
	for i, p := range exceptStarPrograms {
		t.Run(p.name, func(t *testing.T) {
			path := filepath.Join(dir, "prog"+strconv.Itoa(i)+".py")
			src := strings.TrimPrefix(p.src, "\n")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			var pyOut, pyErr bytes.Buffer
			cmd := exec.Command(python, path)
			cmd.Dir = dir
			cmd.Stdout, cmd.Stderr = &pyOut, &pyErr
			want := pyOut.String()
			if err := cmd.Run(); err != nil {
				lines := strings.Split(strings.TrimRight(pyErr.String(), "\n"), "\n")
				want = pyOut.String() + "uncaught " + lastErrorLine(lines)
			} else {
				want = pyOut.String()
			}
			var out bytes.Buffer
			s := NewSession(IO{Stdout: &out, Stderr: &out})
			s.SetScript(path)
			r := s.Exec(context.Background(), path, src)
			got := out.String()
			if r.Err != nil {
				got += "uncaught " + string(r.Err.Kind) + ": " + r.Err.Msg
			}
			if got != want {
				t.Errorf("%s\n--- kael\n%s\n--- CPython\n%s", src, got, want)
			}
		})
	}
}

// lastErrorLine is the 'Class: message' line of the exception CPython's
// traceback on stderr ends with (after those of its chain): for a
// group, the first line in the group's margin that is no frame; else
// the last line that is no frame.
func lastErrorLine(lines []string) string {
	start := 0
	for i, l := range lines {
		if l == "Traceback (most recent call last):" || strings.HasPrefix(l, "  + Exception Group Traceback") {
			start = i
		}
	}
	if strings.HasPrefix(lines[start], "  + ") {
		for _, m := range lines[start+1:] {
			if rest, ok := strings.CutPrefix(m, "  | "); ok && rest != "" && rest[0] != ' ' {
				return rest
			}
		}
	}
	for i := len(lines) - 1; i >= start; i-- {
		if l := lines[i]; l != "" && !strings.HasPrefix(l, " ") {
			return l
		}
	}
	return strings.Join(lines, "\n")
}

// TestExceptStarUncaughtDisplay: kael's display of an uncaught group
// shows its exceptions in numbered boxes, each where it was raised.
func TestExceptStarUncaughtDisplay(t *testing.T) {
	src := "try:\n    raise ExceptionGroup('eg', [ValueError(1), ExceptionGroup('in', [KeyError(3)])])\nexcept* TypeError:\n    pass\n"
	r := NewSession(IO{}).Exec(context.Background(), "prog.py", src)
	if r.Err == nil {
		t.Fatal("no error")
	}
	got := r.Err.Render()
	for _, want := range []string{
		"ExceptionGroup: eg (2 sub-exceptions)",
		"  +-+---------------- 1 ----------------\n    | ValueError: 1\n",
		"    +---------------- 2 ----------------\n    | ExceptionGroup: in (1 sub-exception)\n",
		"    |     | KeyError: 3\n",
		"    +------------------------------------",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the display lacks %q:\n%s", want, got)
		}
	}
}
