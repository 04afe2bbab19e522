package repl

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kael-dev/kael/internal/atomicfile"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// A command is a line starting with ':' at the primary prompt.
type command struct {
	name  string
	arg   string // the argument's name in :help, "" for none
	doc   string
	run   func(r *repl, ctx context.Context, arg string)
	needs bool // the argument is required
}

// commands lists the commands in the order :help shows them. It is filled
// in init because the handlers refer to it.
var commands []command

func init() {
	commands = []command{
		{name: "help", arg: "[NAME]", doc: "this help, or the documentation of a builtin, method or function", run: (*repl).cmdHelp},
		{name: "type", arg: "EXPR", needs: true, doc: "the type, dtype and shape of EXPR's value", run: (*repl).cmdType},
		{name: "explain", arg: "EXPR", needs: true, doc: "the steps of an operation: dtypes, promotion, broadcasting, kernel (%explain)", run: (*repl).cmdExplain},
		{name: "vars", doc: "the variables, with their dtype, shape and size", run: (*repl).cmdVars},
		{name: "time", arg: "CODE", needs: true, doc: "runs one line of CODE and reports the CPU and wall time it took (%time)", run: (*repl).cmdTime},
		{name: "load", arg: "FILE", needs: true, doc: "runs a script in this session (%run; %load FILE puts it into the next prompts to edit)", run: (*repl).cmdLoad},
		{name: "save", arg: "FILE", needs: true, doc: "writes everything run in this session to FILE", run: (*repl).cmdSave},
		{name: "reset", doc: "removes every variable and the history (%reset -f)", run: (*repl).cmdReset},
		{name: "clear", doc: "clears the screen (so does a bare clear)", run: (*repl).cmdClear},
		{name: "quit", doc: "leaves the REPL (so does Ctrl-D)", run: func(r *repl, _ context.Context, _ string) { r.quit = true }},
	}
}

// isCommand reports whether a line at the primary prompt is a command.
func isCommand(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), ":") }

func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

// command runs a command line (or a bare exit or quit).
func (r *repl) command(ctx context.Context, line string) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, ":") {
		if r.isBareClear(line) {
			r.cmdClear(ctx, "")
			return
		}
		r.quit = true
		return
	}
	name, arg, _ := strings.Cut(line[1:], " ")
	arg = strings.TrimSpace(arg)
	c, ok := lookupCommand(name)
	if !ok {
		if magic.IsLineMagic(name) { // every magic is a command too: :timeit, :who
			r.runMagic(ctx, "%"+name+" "+arg)
			return
		}
		r.unknownCommand(name)
		return
	}
	if c.needs && arg == "" {
		r.fail(&lang.Error{Kind: "CommandError", Msg: fmt.Sprintf(":%s needs %s", c.name, c.arg), Hint: "usage: :" + c.name + " " + c.arg + " — " + c.doc})
		return
	}
	c.run(r, ctx, arg)
}

func (r *repl) unknownCommand(name string) {
	e := &lang.Error{Kind: "CommandError", Msg: fmt.Sprintf("unknown command :%s", name), Hint: ":help lists the commands"}
	names := commandNames()
	for _, m := range magic.Magics() {
		if n, ok := strings.CutPrefix(m.Name, "%"); ok && !strings.HasPrefix(n, "%") {
			names = append(names, n)
		}
	}
	if s := syntax.Suggest(name, names); s != "" {
		e.Hint = "did you mean :" + s + "? " + e.Hint
	}
	r.fail(e)
}

func (r *repl) fail(e *lang.Error) { fmt.Fprintln(r.scr, r.errorText(e)) }

func (r *repl) say(s string) { fmt.Fprintln(r.scr, s) }

// cmdHelp shows how to start and the commands, or the documentation of name.
func (r *repl) cmdHelp(_ context.Context, name string) {
	if name != "" {
		r.helpFor(name)
		return
	}
	var b strings.Builder
	b.WriteString(r.st.bold.Render("Type code and press Enter.") + " A line ending in ':' opens a block; a blank line ends it.\n")
	b.WriteString("  x = tensor([[1., 2.], [3., 4.]])   make a tensor; type x to see it\n")
	b.WriteString("  x.sum(dim=0)                       call a method; Tab after x. lists them\n")
	b.WriteString("  :help sum                          the documentation of a builtin or method\n")
	b.WriteString("  _                                  the last result (__ and ___ before it, _N cell N's, Out[N], In[N])\n")
	b.WriteString("  x?  x??                            help on x, and more of it\n")
	b.WriteString("  %timeit a @ b                      IPython's magics; %lsmagic lists them\n\n")
	b.WriteString(r.st.bold.Render("Commands") + "\n")
	rows := make([][]string, len(commands))
	for i, c := range commands {
		rows[i] = []string{":" + strings.TrimSpace(c.name+" "+c.arg), c.doc}
	}
	b.WriteString(indent(r.st.table(nil, rows), "  ") + "\n\n")
	b.WriteString(r.st.bold.Render("Keys") + "\n")
	b.WriteString("  Tab completes names, methods after a dot and keyword arguments\n")
	b.WriteString("  Up/Down and Ctrl-R search the history; Ctrl-A/E, Alt-B/F, Ctrl-K/U/W edit as in emacs\n")
	b.WriteString("  Ctrl-C cancels the line, or interrupts running code (variables are kept)\n")
	b.WriteString("  Ctrl-D quits")
	r.say(b.String())
}

func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

func (r *repl) helpFor(name string) {
	if cmd, ok := strings.CutPrefix(name, ":"); ok {
		c, ok := lookupCommand(cmd)
		if !ok {
			r.unknownCommand(cmd)
			return
		}
		r.say(r.st.bold.Render(":"+strings.TrimSpace(c.name+" "+c.arg)) + "\n    " + c.doc)
		return
	}
	text, ok := lang.HelpFor(name)
	if !ok {
		var in lang.Inspection
		in, ok = r.sess.Inspect(name, len([]rune(name)), 0)
		text = in.Text
	}
	if !ok {
		e := &lang.Error{Kind: "CommandError", Msg: "no help for " + name, Hint: ":help lists the commands; help() lists the builtins and methods"}
		candidates := append(append(lang.Builtins(), lang.Methods()...), r.sess.Vars()...)
		if s := syntax.Suggest(name, candidates); s != "" {
			e.Hint = "did you mean " + s + "?"
		}
		r.fail(e)
		return
	}
	r.page(text)
}

// cmdType shows the type of an expression's value, evaluated without
// becoming a cell: _ and the inputs :save writes stay as they were.
func (r *repl) cmdType(ctx context.Context, expr string) {
	var v lang.Value
	var notes []lang.Note
	var err *lang.Error
	r.interruptible(ctx, func(ctx context.Context) { v, notes, err = r.sess.Eval(ctx, expr) })
	for _, n := range notes {
		r.say(r.st.note(n.Text))
	}
	if err != nil {
		if err.Kind == lang.SyntaxError && err.Hint == "" {
			err.Hint = ":type takes an expression, e.g. :type x.sum(0)"
		}
		r.fail(err)
		return
	}
	switch v := v.(type) {
	case *tensor.Tensor:
		r.say(lang.Summary(v))
	default:
		r.say(lang.TypeName(v))
	}
}

func (r *repl) cmdExplain(ctx context.Context, expr string) { r.runMagic(ctx, "%explain "+expr) }

// runMagic runs a magic as a cell, for the commands that are its aliases.
func (r *repl) runMagic(ctx context.Context, line string) magic.Output {
	return r.run(ctx, line)
}

func (r *repl) cmdVars(context.Context, string) {
	var rows [][]string
	for _, v := range r.sess.VarTable() {
		if magic.IsHistoryName(v.Name) {
			continue
		}
		size := ""
		if v.DType != "" {
			size = tensor.HumanBytes(float64(v.Bytes))
		}
		rows = append(rows, []string{v.Name, v.Type, v.DType, v.Shape, size, v.Value})
	}
	if len(rows) == 0 {
		r.say(r.st.dim.Render("no variables yet"))
		return
	}
	r.say(r.st.table([]string{"name", "type", "dtype", "shape", "size", "value"}, rows))
}

func (r *repl) cmdTime(ctx context.Context, src string) { r.runMagic(ctx, "%time "+src) }

func (r *repl) cmdLoad(ctx context.Context, file string) {
	if out := r.runMagic(ctx, "%run "+file); out.Err == nil {
		r.say(r.st.dim.Render("loaded " + file))
	}
}

func (r *repl) cmdSave(_ context.Context, file string) {
	var b strings.Builder
	cells := 0
	for _, src := range r.sess.Inputs() {
		src = strings.TrimRight(src, "\n")
		if strings.Contains(src, "\n") && b.Len() > 0 {
			b.WriteString("\n") // a blank line before each block
		}
		b.WriteString(src + "\n")
		cells++
	}
	if err := writeFileAtomic(magic.ExpandHome(file), []byte(b.String())); err != nil {
		r.fail(&lang.Error{Kind: "OSError", Msg: fmt.Sprintf("cannot write %s: %v", file, magic.ErrText(err))})
		return
	}
	r.say(r.st.dim.Render(fmt.Sprintf("saved %d cells to %s", cells, file)))
}

// writeFileAtomic replaces path's contents with data so that a failure
// (a full disk, say) leaves the old file as it was: it writes a temporary
// file beside it and renames it over. A symbolic link is followed, and an
// existing file keeps its permissions; a new one gets 0644.
func writeFileAtomic(path string, data []byte) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

func (r *repl) cmdReset(ctx context.Context, _ string) {
	if out := r.runMagic(ctx, "%reset -f"); out.Err == nil {
		r.say(r.st.dim.Render("all variables removed"))
	}
}
