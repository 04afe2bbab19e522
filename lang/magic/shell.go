// Package magic gives kael's front ends IPython's conventions on top of a
// lang.Session, in one place that the terminal REPL (package repl) and the
// Jupyter kernel's language adapter (package kernel/langeval) both use:
// line and cell magics (%time, %timeit, %%time, %%timeit, %who, %whos,
// %reset, %explain, %history, %load, %run, %lsmagic), the help syntax x?
// and x??, and the history variables _, __, ___, _N, In and Out. Line
// magics and help requests may stand on any line of a cell, as in IPython
// (TransformMagics).
//
// A Shell runs cells. Text that is not a magic or help request goes to the
// session unchanged, so the language never sees a %; what a magic prints
// comes back in Output.Text, what belongs in a pager in Output.Page and
// code for the next input (%load) in Output.NextInput, for the front end
// to show in its own way.
package magic

import (
	"context"
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// UsageError is the kind of error a magic given wrong arguments raises,
// as IPython names it.
const UsageError = "UsageError"

// Shell runs cells in a session with magics and history variables.
type Shell struct {
	sess  *lang.Session
	count int // the highest execution count recorded
	// lastCount is the count of the last value recorded in Out.
	lastCount int
	in        *lang.List
	out       *lang.Dict
	// Ask, when set, asks the user a yes/no question (%reset without -f);
	// when nil the question is not asked, as in IPython's notebook.
	Ask func(prompt string) (string, error)
}

// New returns a shell running cells in sess; it defines In and Out.
func New(sess *lang.Session) *Shell {
	sh := &Shell{sess: sess}
	sh.resetHistory()
	return sh
}

// Session returns the session the shell runs cells in.
func (sh *Shell) Session() *lang.Session { return sh.sess }

// Count returns the execution count of the last cell recorded.
func (sh *Shell) Count() int { return sh.count }

// Output is what running a cell produced.
type Output struct {
	// Result is the value, notes and error of the code the cell ran.
	lang.Result
	// Text is what a magic printed (timings, tables), shown after the
	// cell's own output and before its value.
	Text string
	// Page is help text for a pager (x?, x??).
	Page string
	// NextInput is code for the front end to put in the next input for
	// the user to edit and run (%load), as IPython's set_next_input:
	// with ReplaceInput, in place of the cell that ran, as a notebook
	// does with IPython's replace=True; a terminal pre-fills its next
	// prompt with it.
	NextInput    string
	ReplaceInput bool
}

// Run runs one cell. count is its execution count (In[count]); a count
// of 0 or less takes the next one. A count already recorded (a kernel's
// silent cell shares the count of the cell before it) leaves In, Out and
// _N alone. filename names the cell in error positions.
func (sh *Shell) Run(ctx context.Context, count int, filename, src string) Output {
	if count <= 0 {
		count = sh.count + 1
	}
	record := count > sh.count
	if record {
		sh.recordInput(count, src)
	}
	var out Output
	switch {
	case IsCellMagic(src):
		out = sh.cellMagic(ctx, filename, src)
	case isLineMagic(src):
		out = sh.lineMagic(ctx, filename, strings.TrimSpace(src))
	default:
		if name, detail, ok := helpRequest(src); ok {
			out = sh.help(name, detail)
			break
		}
		if code, ok := TransformMagics(src); ok {
			// Magics on lines of a longer cell run where they stand.
			sh.sess.Set(magicCallee, sh.magicFunc(filename, &out))
			out.Result = sh.exec(ctx, filename, code)
			break
		}
		out = Output{Result: sh.exec(ctx, filename, src)}
	}
	if record && out.Err == nil && out.Value != nil {
		sh.recordOutput(count, out.Value)
	}
	return out
}

// exec runs code as a cell of the session.
func (sh *Shell) exec(ctx context.Context, filename, src string) lang.Result {
	if !strings.HasSuffix(src, "\n") {
		src += "\n"
	}
	return sh.sess.Exec(ctx, filename, src)
}

// IsHistoryName reports whether name is one of the history variables the
// shell keeps (_, __, ___, _N, In, Out), which variable listings leave out.
func IsHistoryName(name string) bool {
	if name == "In" || name == "Out" || name == "_" || name == "__" || name == "___" {
		return true
	}
	if rest, ok := strings.CutPrefix(name, "_"); ok && rest != "" {
		return strings.Trim(rest, "0123456789") == ""
	}
	return false
}

func (sh *Shell) resetHistory() {
	sh.in = &lang.List{Elems: []lang.Value{""}} // In[0] is empty, as in IPython
	sh.out = lang.NewDict()
	sh.sess.Set("In", sh.in)
	sh.sess.Set("Out", sh.out)
}

func (sh *Shell) recordInput(count int, src string) {
	for len(sh.in.Elems) < count {
		sh.in.Elems = append(sh.in.Elems, "")
	}
	sh.in.Elems = append(sh.in.Elems[:count], strings.TrimRight(src, "\n"))
	sh.count = count
}

// recordOutput sets _N and Out[N] and shifts _ to __ to ___. The session
// itself sets _ to the value of an expression cell; a magic's value (%time
// x) is set here.
func (sh *Shell) recordOutput(count int, v lang.Value) {
	if prev, ok := sh.lastOut(); ok {
		if prev2, ok := sh.sess.Get("__"); ok {
			sh.sess.Set("___", prev2)
		}
		sh.sess.Set("__", prev)
	}
	sh.sess.Set("_", v)
	sh.sess.Set(fmt.Sprintf("_%d", count), v)
	_ = sh.out.Set(int64(count), v) // an int key always hashes
	sh.lastCount = count
}

// lastOut is the value of the previous cell recorded in Out.
func (sh *Shell) lastOut() (lang.Value, bool) {
	if sh.lastCount == 0 {
		return nil, false
	}
	v, ok, _ := sh.out.Get(int64(sh.lastCount))
	return v, ok
}
