package lang

import (
	"context"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// scope is one level of variables: the session's globals or a call's locals.
type scope struct {
	vars   map[string]Value
	parent *scope
}

func newScope(parent *scope) *scope { return &scope{vars: map[string]Value{}, parent: parent} }

func (s *scope) lookup(name string) (Value, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// interp evaluates statements of one cell or one function call.
type interp struct {
	s        *Session
	ctx      context.Context
	scope    *scope
	src      string
	filename string
	depth    int
	notes    []Note
	fnName   string
	stmtSpan syntax.Span // the statement being executed, for internal errors
}

// ctrl says how a statement ended.
type ctrl uint8

const (
	ctrlNext ctrl = iota
	ctrlBreak
	ctrlContinue
	ctrlReturn
)

// errorAt attaches span (in this interp's source) to err unless it already
// has a position.
func (in *interp) errorAt(err error, span syntax.Span) *Error {
	e := toError(err)
	if !e.Span.Start.IsValid() {
		e.Span, e.Src, e.Filename = span, in.src, in.filename
	}
	if e.Src == "" {
		e.Src = in.src
	}
	return e
}

func (in *interp) checkInterrupt() error {
	if in.ctx != nil && in.ctx.Err() != nil {
		return newErrorf(KeyboardInterrupt, "interrupted").withHint("variables keep the values they had when the cell stopped")
	}
	return nil
}

// execCell runs the statements of a cell and returns the value of the last
// one when it is an expression statement.
func (in *interp) execCell(stmts []syntax.Stmt) (Value, error) {
	for i, st := range stmts {
		if es, ok := st.(*syntax.ExprStmt); ok && i == len(stmts)-1 {
			in.stmtSpan = st.Span()
			if err := in.checkInterrupt(); err != nil {
				return nil, in.errorAt(err, st.Span())
			}
			v, err := in.eval(es.X)
			if err != nil {
				return nil, in.errorAt(err, es.X.Span())
			}
			return v, nil
		}
		c, _, err := in.exec(st)
		if err != nil {
			return nil, err
		}
		if in.s.io.Progress != nil && len(stmts) > 2 {
			in.s.io.Progress("running", i+1, len(stmts))
		}
		switch c {
		case ctrlBreak, ctrlContinue:
			return nil, in.errorAt(newErrorf(SyntaxError, "'break' or 'continue' outside loop"), st.Span())
		case ctrlReturn:
			return nil, in.errorAt(newErrorf(SyntaxError, "'return' outside function"), st.Span())
		case ctrlNext:
		}
	}
	return nil, nil
}

func (in *interp) execBlock(stmts []syntax.Stmt) (ctrl, Value, error) {
	for _, st := range stmts {
		c, v, err := in.exec(st)
		if err != nil || c != ctrlNext {
			return c, v, err
		}
	}
	return ctrlNext, nil, nil
}

func (in *interp) exec(st syntax.Stmt) (ctrl, Value, error) {
	in.stmtSpan = st.Span()
	if err := in.checkInterrupt(); err != nil {
		return ctrlNext, nil, in.errorAt(err, st.Span())
	}
	switch st := st.(type) {
	case *syntax.ExprStmt:
		_, err := in.eval(st.X)
		return ctrlNext, nil, in.wrap(err, st.X.Span())
	case *syntax.AssignStmt:
		return ctrlNext, nil, in.wrap(in.execAssign(st), st.Span())
	case *syntax.DefStmt:
		fn, err := in.makeFunction(st.Name.Name, st.Params, st.Body, nil)
		if err != nil {
			return ctrlNext, nil, err
		}
		in.scope.vars[st.Name.Name] = fn
		return ctrlNext, nil, nil
	case *syntax.ReturnStmt:
		if in.fnName == "" {
			return ctrlNext, nil, in.errorAt(newErrorf(SyntaxError, "'return' outside function"), st.Span())
		}
		if st.Result == nil {
			return ctrlReturn, None, nil
		}
		v, err := in.eval(st.Result)
		return ctrlReturn, v, in.wrap(err, st.Result.Span())
	case *syntax.IfStmt:
		ok, err := in.truth(st.Cond)
		if err != nil {
			return ctrlNext, nil, err
		}
		if ok {
			return in.execBlock(st.Body)
		}
		return in.execBlock(st.Else)
	case *syntax.WhileStmt:
		for {
			ok, err := in.truth(st.Cond)
			if err != nil || !ok {
				return ctrlNext, nil, err
			}
			c, v, err := in.execBlock(st.Body)
			if err != nil || c == ctrlReturn {
				return c, v, err
			}
			if c == ctrlBreak {
				return ctrlNext, nil, nil
			}
			if err := in.checkInterrupt(); err != nil {
				return ctrlNext, nil, in.errorAt(err, st.Span())
			}
		}
	case *syntax.ForStmt:
		return in.execFor(st)
	case *syntax.BreakStmt:
		return ctrlBreak, nil, nil
	case *syntax.ContinueStmt:
		return ctrlContinue, nil, nil
	case *syntax.PassStmt:
		return ctrlNext, nil, nil
	case *syntax.DelStmt:
		return ctrlNext, nil, in.del(st.Targets)
	case *syntax.WithStmt:
		return in.execWith(st, 0)
	case *syntax.ImportStmt, *syntax.FromImportStmt:
		return ctrlNext, nil, in.execImport(st)
	case *syntax.AssertStmt:
		ok, err := in.truth(st.Cond)
		if err != nil || ok {
			return ctrlNext, nil, err
		}
		msg := "assertion failed"
		if st.Msg != nil {
			v, err := in.eval(st.Msg)
			if err != nil {
				return ctrlNext, nil, in.errorAt(err, st.Msg.Span())
			}
			msg = Str(v)
		}
		return ctrlNext, nil, in.errorAt(newErrorf(AssertionError, "%s", msg), st.Cond.Span())
	}
	return ctrlNext, nil, in.errorAt(newErrorf(SyntaxError, "unsupported statement"), st.Span())
}

// wrapNode attaches n's span to a non-nil error. It computes the span only
// on error: spans of deeply nested nodes cost time proportional to depth.
func (in *interp) wrapNode(err error, n syntax.Node) error {
	if err == nil {
		return nil
	}
	return in.errorAt(err, n.Span())
}

// wrap attaches span to a non-nil error.
func (in *interp) wrap(err error, span syntax.Span) error {
	if err == nil {
		return nil
	}
	return in.errorAt(err, span)
}

func (in *interp) truth(x syntax.Expr) (bool, error) {
	v, err := in.eval(x)
	if err != nil {
		return false, in.errorAt(err, x.Span())
	}
	ok, err := Truth(v)
	return ok, in.wrap(err, x.Span())
}

func (in *interp) execFor(st *syntax.ForStmt) (ctrl, Value, error) {
	seq, err := in.eval(st.Iter)
	if err != nil {
		return ctrlNext, nil, in.errorAt(err, st.Iter.Span())
	}
	var loopErr error
	var result ctrl
	var retVal Value
	err = iterate(seq, func(item Value) bool {
		if loopErr = in.checkInterrupt(); loopErr != nil {
			loopErr = in.errorAt(loopErr, st.Span())
			return false
		}
		if loopErr = in.assign(st.Target, item); loopErr != nil {
			loopErr = in.errorAt(loopErr, st.Target.Span())
			return false
		}
		c, v, err := in.execBlock(st.Body)
		if err != nil {
			loopErr = err
			return false
		}
		switch c {
		case ctrlBreak:
			return false
		case ctrlReturn:
			result, retVal = ctrlReturn, v
			return false
		case ctrlNext, ctrlContinue:
		}
		return true
	})
	if err != nil {
		return ctrlNext, nil, in.errorAt(err, st.Iter.Span())
	}
	return result, retVal, loopErr
}

// iterate calls yield for each element of an iterable value until yield
// returns false.
func iterate(v Value, yield func(Value) bool) error {
	switch x := v.(type) {
	case *List:
		for i := 0; i < len(x.Elems); i++ { // the body may append
			if !yield(x.Elems[i]) {
				return nil
			}
		}
	case Tuple:
		for _, e := range x {
			if !yield(e) {
				return nil
			}
		}
	case *Range:
		n := x.Len()
		for i := int64(0); i < n; i++ {
			if !yield(x.Start + i*x.Step) {
				return nil
			}
		}
	case *Dict:
		for _, k := range x.Keys() {
			if !yield(k) {
				return nil
			}
		}
	case string:
		for _, r := range x {
			if !yield(string(r)) {
				return nil
			}
		}
	case *tensor.Tensor:
		if x.Dim() == 0 {
			return newErrorf(TypeError, "iteration over a 0-d tensor")
		}
		n, _ := x.Size(0)
		for i := range n {
			row, err := x.Select(0, i)
			if err != nil {
				return err
			}
			if !yield(row) {
				return nil
			}
		}
	case iterable:
		return x.iterate(yield)
	default:
		return newErrorf(TypeError, "'%s' object is not iterable", TypeName(v))
	}
	return nil
}

// maxCollect bounds the elements collected into one list, so that
// list(range(10**12)) is a MemoryError rather than an exhausted process.
const maxCollect = 1 << 26

// collect returns the elements of an iterable value.
func collect(v Value) ([]Value, error) {
	if r, ok := v.(*Range); ok && r.Len() > maxCollect {
		return nil, newErrorf(MemoryError, "a range of %d elements is too long to hold in a list", r.Len()).
			withHint("loop over it with for, or use arange() for a tensor")
	}
	var out []Value
	err := iterate(v, func(e Value) bool { out = append(out, e); return true })
	return out, err
}

func (in *interp) execWith(st *syntax.WithStmt, i int) (ctrl, Value, error) {
	if i == len(st.Items) {
		return in.execBlock(st.Body)
	}
	item := st.Items[i]
	v, err := in.eval(item.X)
	if err != nil {
		return ctrlNext, nil, in.errorAt(err, item.X.Span())
	}
	cm, ok := v.(*ContextManager)
	if !ok {
		return ctrlNext, nil, in.errorAt(newErrorf(TypeError, "'%s' object does not support the context manager protocol", TypeName(v)).
			withHint("kael's context managers are no_grad() and enable_grad()"), item.X.Span())
	}
	if err := cm.Enter(); err != nil {
		return ctrlNext, nil, in.errorAt(err, item.X.Span())
	}
	defer cm.Exit()
	if item.Target != nil {
		if err := in.assign(item.Target, cm); err != nil {
			return ctrlNext, nil, in.errorAt(err, item.Target.Span())
		}
	}
	return in.execWith(st, i+1)
}

func (in *interp) makeFunction(name string, params []*syntax.Param, body []syntax.Stmt, expr syntax.Expr) (*Function, error) {
	fn := &Function{Name: name, Params: params, Body: body, Expr: expr, src: in.src, filename: in.filename, env: in.scope}
	if in.scope == in.s.globals {
		fn.env = nil // module-level functions see the globals as they are when called
	}
	fn.Defaults = make([]Value, len(params))
	for i, p := range params {
		if p.Default == nil {
			continue
		}
		v, err := in.eval(p.Default)
		if err != nil {
			return nil, in.errorAt(err, p.Default.Span())
		}
		fn.Defaults[i] = v
	}
	kwOnly := false
	for i, p := range params {
		switch p.Star {
		case syntax.STAR:
			fn.params = append(fn.params, param{name: p.Name.Name, variadic: true})
			kwOnly = true
		case syntax.STARSTAR:
			fn.kwargs = p.Name.Name
		default:
			fn.params = append(fn.params, param{name: p.Name.Name, def: fn.Defaults[i], kwOnly: kwOnly})
		}
	}
	if len(body) > 0 {
		if es, ok := body[0].(*syntax.ExprStmt); ok {
			if s, ok := es.X.(*syntax.StringLit); ok {
				fn.Doc = s.Value
			}
		}
	}
	return fn, nil
}
