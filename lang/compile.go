package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
)

// The compiler turns a resolved syntax tree into Go closures ("closure
// compilation"): each expression becomes an evalFn and each statement an
// execFn that calls the closures of its parts directly. Names were
// resolved to slots before (resolve.go), so running reads no maps; spans
// are computed only when an error needs one. See docs/adr/0003.

// evalFn evaluates a compiled expression in a frame.
type evalFn func(in *interp) (Value, error)

// execFn runs a compiled statement in a frame and says how it ended; a
// return statement leaves its value in in.ret.
type execFn func(in *interp) (ctrl, error)

// compiler compiles the statements of one cell.
type compiler struct {
	res   *resolution
	glob  *globalTable
	fn    *funcInfo
	loops int // the loops enclosing the statement being compiled
	// star is 1 + the loops enclosing the except* block the statement is
	// in (whose break, continue and return are refused); 0 outside one.
	star int
	err  *Error // the first error found while compiling
	// nest is the nesting of the expression being compiled, maxNest the
	// deepest so far: a call's frame costs that much of the stack budget.
	nest, maxNest int
	constDepth    int
	consts        map[syntax.Expr]constResult
}

// cellCode is a compiled cell: its statements, the last one also as an
// expression when it is one (the REPL shows its value).
type cellCode struct {
	nlocals   int
	cellSlots []int
	stmts     []execFn
	nodes     []syntax.Stmt
	last      evalFn // nil unless the last statement is an expression
	lastID    int32  // the last statement's stmtID
	info      *funcInfo
	warnings  []syntaxWarning // issued before the cell runs
}

// compileCell resolves and compiles the statements of a cell.
func compileCell(g *globalTable, stmts []syntax.Stmt) (*cellCode, *Error) {
	res := resolveStmts(g, stmts)
	if res.err != nil {
		return nil, res.err
	}
	c := &compiler{res: res, glob: g, fn: res.top}
	code := &cellCode{nodes: stmts, info: res.top}
	if hasAnnotation(stmts) {
		// Python makes a module's __annotations__ before its first line runs
		code.stmts = append(code.stmts, func(in *interp) (ctrl, error) {
			_, err := moduleAnnotations(in.glob)
			return ctrlNext, err
		})
		code.nodes = append([]syntax.Stmt{stmts[0]}, stmts...)
	}
	for i, st := range stmts {
		if es, ok := st.(*syntax.ExprStmt); ok && i == len(stmts)-1 {
			code.last, code.lastID = c.expr(es.X), c.fn.stmtID(st)
		}
		code.stmts = append(code.stmts, c.stmt(st))
	}
	if c.err != nil {
		return nil, c.err
	}
	code.nlocals, code.cellSlots = len(res.top.locals), cellSlots(res.top)
	code.warnings = findSyntaxWarnings(stmtNodes(stmts)...)
	return code, nil
}

// stmtNodes is stmts as nodes.
func stmtNodes(stmts []syntax.Stmt) []syntax.Node {
	out := make([]syntax.Node, len(stmts))
	for i, st := range stmts {
		out[i] = st
	}
	return out
}

// exprCode is a compiled expression evaluated at a cell's top level.
type exprCode struct {
	nlocals  int
	eval     evalFn
	warnings []syntaxWarning // issued before it is evaluated
}

// compileExpr resolves and compiles an expression.
func compileExpr(g *globalTable, x syntax.Expr) (*exprCode, *Error) {
	res := resolveExpr(g, x)
	c := &compiler{res: res, glob: g, fn: res.top}
	eval := c.expr(x)
	if c.err != nil {
		return nil, c.err
	}
	return &exprCode{nlocals: len(res.top.locals), eval: eval, warnings: findSyntaxWarnings(x)}, nil
}

// cellSlots lists the slots of fn that hold cells.
func cellSlots(fn *funcInfo) []int {
	var out []int
	for _, b := range fn.locals {
		if b.kind == scopeCell {
			out = append(out, b.index)
		}
	}
	return out
}

// fail records a compile-time error (a SyntaxError Python also reports
// before running anything) and returns code that raises it.
func (c *compiler) fail(err *Error, n syntax.Node) execFn {
	e := err
	e.Span = n.Span()
	if c.err == nil {
		c.err = e
	}
	return func(in *interp) (ctrl, error) { return ctrlNext, e }
}

// blockCode is a compiled sequence of statements.
type blockCode struct {
	run   execFn
	first int32 // the stmtID of the first statement; 0 for no statements
	// stores is the block's only statement when that is a run of
	// stores (storeRun), for a constructor's plan (class_ctor.go).
	stores *storeRun
}

// stmtCode is a compiled statement and its stmtID.
type stmtCode struct {
	run execFn
	id  int32
}

// exec runs the block. It records the first statement in the frame, and
// run each further one as it starts, so that a block of one statement
// costs no closure of its own.
func (b *blockCode) exec(in *interp) (ctrl, error) {
	in.stmtID = b.first
	return b.run(in)
}

// block compiles a sequence of statements; running it records each
// statement in the frame (for internal errors) as it starts.
func (c *compiler) block(stmts []syntax.Stmt) blockCode {
	codes := make([]stmtCode, 0, len(stmts))
	// A run of stores on one variable is one statement (storeRun).
	var run []*attrSite
	var runCodes []stmtCode
	var lastRun *storeRun // the last statement of codes, when it is a run
	flush := func() {
		if len(run) > 1 {
			code, r := c.storeRunCode(run, runCodes)
			codes, lastRun = append(codes, code), r
		} else if len(run) == 1 {
			codes, lastRun = append(codes, runCodes...), nil
		}
		run, runCodes = nil, nil
	}
	for _, st := range stmts {
		s := c.plainAttrSite(st)
		if s == nil {
			flush()
			codes, lastRun = append(codes, stmtCode{run: c.stmtBody(st), id: c.fn.stmtID(st)}), nil
			continue
		}
		code := stmtCode{run: s.code(), id: c.fn.stmtID(st)}
		if !s.runnable(nil) {
			flush()
			codes, lastRun = append(codes, code), nil
			continue
		}
		if len(run) > 0 && (!s.runnable(&run[0].obj) || len(run) == maxStoreRun) {
			flush()
		}
		run, runCodes = append(run, s), append(runCodes, code)
	}
	flush()
	switch len(codes) {
	case 0:
		return blockCode{run: func(in *interp) (ctrl, error) { return ctrlNext, nil }}
	case 1:
		return blockCode{run: codes[0].run, first: codes[0].id, stores: lastRun}
	case 2: // a function body such as if ...: return ...; return ...
		f0, f1, id1 := codes[0].run, codes[1].run, codes[1].id
		return blockCode{first: codes[0].id, run: func(in *interp) (ctrl, error) {
			if k, err := f0(in); err != nil || k != ctrlNext {
				return k, err
			}
			in.stmtID = id1
			return f1(in)
		}}
	}
	return blockCode{first: codes[0].id, run: func(in *interp) (ctrl, error) {
		for i := range codes {
			st := &codes[i]
			in.stmtID = st.id
			if k, err := st.run(in); err != nil || k != ctrlNext {
				return k, err
			}
		}
		return ctrlNext, nil
	}}
}

// stmt compiles one statement.
func (c *compiler) stmt(st syntax.Stmt) execFn { return c.stmtAt(st, c.stmtBody(st)) }

// stmtAt returns f, recording st in the frame first.
func (c *compiler) stmtAt(st syntax.Stmt, f execFn) execFn {
	id := c.fn.stmtID(st)
	return func(in *interp) (ctrl, error) {
		in.stmtID = id
		return f(in)
	}
}

func (c *compiler) stmtBody(st syntax.Stmt) execFn {
	switch st := st.(type) {
	case *syntax.ExprStmt:
		x := c.expr(st.X)
		return func(in *interp) (ctrl, error) {
			_, err := x(in)
			return ctrlNext, in.wrapNode(err, st.X)
		}
	case *syntax.AssignStmt:
		return c.assignStmt(st)
	case *syntax.AnnAssignStmt:
		return c.annAssignStmt(st)
	case *syntax.DefStmt:
		decorate := c.decorators(st.Decorators)
		mk := c.function(st, st.Name.Written(), st.Params, st.Body, nil)
		store := c.storeName(st.Name)
		return func(in *interp) (ctrl, error) {
			decos, err := evalAll(in, decorate)
			if err != nil {
				return ctrlNext, err
			}
			fn, err := mk(in)
			if err != nil {
				return ctrlNext, err
			}
			var v Value = fn
			if v, err = in.applyDecorators(decos, v, st.Decorators); err != nil {
				return ctrlNext, err
			}
			store(in, v)
			return ctrlNext, nil
		}
	case *syntax.ClassStmt:
		return c.classStmt(st)
	case *syntax.ReturnStmt:
		if c.fn.isTop() || c.fn.classCell != nil {
			return c.fail(Errorf(SyntaxError, "'return' outside function"), st)
		}
		if c.star > 0 { // where CPython points: at the value returned, when there is one
			if st.Result != nil {
				return c.fail(errExceptStarJump(), st.Result)
			}
			return c.fail(errExceptStarJump(), st)
		}
		if st.Result == nil {
			return func(in *interp) (ctrl, error) { in.ret = None; return ctrlReturn, nil }
		}
		if c.fn.async && c.fn.generator {
			return c.fail(Errorf(SyntaxError, "'return' with value in async generator"), st)
		}
		x := c.operand(st.Result)
		if x.kind == operandExpr {
			eval := x.eval
			return func(in *interp) (ctrl, error) {
				v, err := eval(in)
				if err != nil {
					return ctrlNext, in.wrapNode(err, st.Result)
				}
				in.ret = v
				return ctrlReturn, nil
			}
		}
		return func(in *interp) (ctrl, error) {
			v := x.ready(in) // operand.value, inlined
			if v == nil {
				var err error
				if v, err = x.eval(in); err != nil {
					return ctrlNext, in.wrapNode(err, st.Result)
				}
			}
			in.ret = v
			return ctrlReturn, nil
		}
	case *syntax.IfStmt:
		if v, op, k, ok := c.varIntCompare(st.Cond); ok && len(st.Else) == 0 {
			// if n < 2: the comparison made here, without cond's closure.
			cond, body := c.cond(st.Cond), c.block(st.Body)
			guard := func(in *interp) (ctrl, error) {
				if a, isInt := v.ready(in).(int64); isInt {
					if !compareOrdered(op, a, k) {
						return ctrlNext, nil
					}
					return body.exec(in)
				}
				if ok, err := cond(in); err != nil || !ok {
					return ctrlNext, err
				}
				return body.exec(in)
			}
			ret, ok := c.returnsOperand(st.Body)
			if !ok {
				return guard
			}
			// if n < 2: return n, the guard of a recursion, in one closure;
			// anything but an int and a bound value goes to guard.
			return func(in *interp) (ctrl, error) {
				if a, isInt := v.ready(in).(int64); isInt {
					if !compareOrdered(op, a, k) {
						return ctrlNext, nil
					}
					if r := ret.ready(in); r != nil {
						in.ret = r
						return ctrlReturn, nil
					}
				}
				return guard(in)
			}
		}
		cond, body, els := c.cond(st.Cond), c.block(st.Body), c.block(st.Else)
		if len(st.Else) == 0 {
			return func(in *interp) (ctrl, error) {
				if ok, err := cond(in); err != nil || !ok {
					return ctrlNext, err
				}
				return body.exec(in)
			}
		}
		return func(in *interp) (ctrl, error) {
			ok, err := cond(in)
			if err != nil {
				return ctrlNext, err
			}
			if ok {
				return body.exec(in)
			}
			return els.exec(in)
		}
	case *syntax.WhileStmt:
		return c.whileStmt(st)
	case *syntax.ForStmt:
		return c.forStmt(st)
	case *syntax.BreakStmt:
		if c.star > 0 && c.loops < c.star {
			return c.fail(errExceptStarJump(), st)
		}
		if c.loops == 0 {
			return c.fail(Errorf(SyntaxError, "'break' outside loop"), st)
		}
		return func(in *interp) (ctrl, error) { return ctrlBreak, nil }
	case *syntax.ContinueStmt:
		if c.star > 0 && c.loops < c.star {
			return c.fail(errExceptStarJump(), st)
		}
		if c.loops == 0 {
			return c.fail(Errorf(SyntaxError, "'continue' not properly in loop"), st)
		}
		return func(in *interp) (ctrl, error) { return ctrlContinue, nil }
	case *syntax.PassStmt, *syntax.GlobalStmt:
		return func(in *interp) (ctrl, error) { return ctrlNext, nil }
	case *syntax.DelStmt:
		return c.delStmt(st)
	case *syntax.WithStmt:
		return c.withStmt(st)
	case *syntax.MatchStmt:
		return c.matchStmt(st)
	case *syntax.TryStmt:
		return c.tryStmt(st)
	case *syntax.RaiseStmt:
		return c.raiseStmt(st)
	case *syntax.ImportStmt, *syntax.FromImportStmt:
		return c.importStmt(st, importedNames(st))
	case *syntax.AssertStmt:
		cond := c.cond(st.Cond)
		var msg evalFn
		if st.Msg != nil {
			msg = c.expr(st.Msg)
		}
		return func(in *interp) (ctrl, error) {
			ok, err := cond(in)
			if err != nil || ok {
				return ctrlNext, err
			}
			var args []Value // AssertionError(msg), or AssertionError() without one
			if msg != nil {
				v, err := msg(in)
				if err != nil {
					return ctrlNext, in.errorAt(err, st.Msg.Span())
				}
				args = []Value{v}
			}
			x, err := exceptionClasses["AssertionError"].allocate(args)
			if err != nil {
				return ctrlNext, err
			}
			return ctrlNext, in.errorAt(excError(x), st.Cond.Span())
		}
	}
	return c.fail(Errorf(SyntaxError, "unsupported statement"), st)
}

// cond compiles an expression used for its truth.
func (c *compiler) cond(x syntax.Expr) func(in *interp) (bool, error) {
	if f := c.fastCond(x); f != nil {
		return f
	}
	f := c.expr(x)
	return func(in *interp) (bool, error) {
		v, err := f(in)
		if err != nil {
			return false, in.errorAt(err, x.Span())
		}
		if b, ok := v.(bool); ok {
			return b, nil
		}
		ok, err := Truth(v)
		return ok, in.wrapNode(err, x)
	}
}

func (c *compiler) whileStmt(st *syntax.WhileStmt) execFn {
	cond := c.cond(st.Cond)
	c.loops++
	body := c.block(st.Body)
	c.loops--
	broke := loopBreak(st.Else)
	return c.loopElse(st.Else, func(in *interp) (ctrl, error) {
		for {
			ok, err := cond(in)
			if err != nil || !ok {
				return ctrlNext, err
			}
			k, err := body.exec(in)
			if err != nil || k == ctrlReturn {
				return k, err
			}
			if k == ctrlBreak {
				return broke, nil
			}
			if err := in.tick(); err != nil {
				return ctrlNext, in.errorAt(err, st.Span())
			}
		}
	})
}

func (c *compiler) forStmt(st *syntax.ForStmt) execFn {
	if st.AsyncPos.IsValid() {
		return c.asyncForStmt(st)
	}
	var iter evalFn
	if call, ok := st.Iter.(*syntax.CallExpr); ok && isNameCall(call) && c.res.supers[call] == nil {
		iter = c.loopCall(call) // a generator function's call: consumed by the loop
	} else {
		iter = c.expr(st.Iter)
	}
	tc := c.targetCode(st.Target)
	target := c.assignTo([]*targetCode{tc})
	rows := rowTargetOf(tc) // a target of names that a lazy iterator's rows may fill
	c.loops++
	body := c.block(st.Body)
	c.loops--
	broke := loopBreak(st.Else)
	// step runs one iteration; it reports whether to go on.
	step := func(in *interp, item Value) (bool, ctrl, error) {
		if err := in.tick(); err != nil {
			return false, ctrlNext, in.errorAt(err, st.Span())
		}
		if err := target(in, item); err != nil {
			return false, ctrlNext, in.errorAt(err, st.Target.Span())
		}
		k, err := body.exec(in)
		switch {
		case err != nil:
			return false, ctrlNext, err
		case k == ctrlBreak:
			return false, broke, nil
		case k == ctrlReturn:
			return false, ctrlReturn, nil
		}
		return true, ctrlNext, nil
	}
	var storeVar func(in *interp, v Value) // when the target is a variable
	if id, ok := unparen(st.Target).(*syntax.Ident); ok {
		storeVar = c.storeName(id)
	}
	return c.loopElse(st.Else, func(in *interp) (ctrl, error) {
		seq, err := iter(in)
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Iter.Span())
		}
		if r, ok := seq.(*Range); ok && storeVar != nil {
			// The common loop: no iterator, one int per step, stored
			// straight into the variable.
			n := r.Len()
			for i := int64(0); i < n; i++ {
				if err := in.tick(); err != nil {
					return ctrlNext, in.errorAt(err, st.Span())
				}
				storeVar(in, boxInt(in.s, r.Start+i*r.Step))
				switch k, err := body.exec(in); {
				case err != nil:
					return ctrlNext, err
				case k == ctrlBreak:
					return broke, nil
				case k == ctrlReturn:
					return ctrlReturn, nil
				}
			}
			return ctrlNext, nil
		}
		if r, ok := seq.(*Range); ok {
			n := r.Len()
			for i := int64(0); i < n; i++ {
				more, k, err := step(in, r.Start+i*r.Step)
				if !more {
					return k, err
				}
			}
			return ctrlNext, nil
		}
		if g, ok := seq.(*Generator); ok && g.loopInline() {
			// for x in gen(...): the generator's body runs here, with
			// step as its yield's sink, and its state goes back to the
			// session afterwards.
			k, loopErr, err := g.runLoop(in, step)
			if err != nil {
				return ctrlNext, in.errorAt(err, st.Iter.Span())
			}
			return k, loopErr
		}
		// for a, b in zip(x, y): the elements go straight into the
		// names, without the tuples. (rowsResult and rowsErr are apart
		// from the result and loopErr of Iterate's closure below, which
		// escapes: shared, both would move to the heap, two allocations
		// for each loop run.)
		var rowsResult ctrl
		var rowsErr error
		handled, err := rows.iterate(seq, func(row []Value) bool {
			if rowsErr = in.tick(); rowsErr != nil {
				rowsErr = in.errorAt(rowsErr, st.Span())
				return false
			}
			rows.store(in, row)
			var k ctrl
			switch k, rowsErr = body.exec(in); {
			case rowsErr != nil:
				return false
			case k == ctrlBreak:
				rowsResult = broke
				return false
			case k == ctrlReturn:
				rowsResult = ctrlReturn
				return false
			}
			return true
		})
		if handled {
			if err != nil {
				return ctrlNext, in.errorAt(err, st.Iter.Span())
			}
			return rowsResult, rowsErr
		}
		var result ctrl
		var loopErr error
		err = Iterate(seq, func(item Value) bool {
			var more bool
			more, result, loopErr = step(in, item)
			return more
		})
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Iter.Span())
		}
		return result, loopErr
	})
}

// function compiles a def or lambda and returns what makes the function
// value when the definition runs: it evaluates the defaults and captures
// the closure's cells.
func (c *compiler) function(node syntax.Node, name string, params []*syntax.Param, body []syntax.Stmt, expr syntax.Expr) func(in *interp) (*Function, error) {
	defaults := make([]evalFn, len(params))
	for i, p := range params {
		if p.Default != nil {
			defaults[i] = c.expr(p.Default)
		}
	}
	info := c.res.funcs[node]
	inner := &compiler{res: c.res, glob: c.glob, fn: info}
	code := &funcCode{fn: info, free: info.free, simpleArity: len(params), line: node.Span().Start.Line}
	if expr != nil {
		code.expr = inner.expr(expr)
		// A lambda's frame is at its body, for the tracebacks of what it
		// calls.
		code.exprID = info.stmtID(&syntax.ExprStmt{X: expr})
	} else {
		code.body = inner.block(body)
	}
	if inner.err != nil && c.err == nil {
		c.err = inner.err
	}
	code.nlocals, code.cellSlots = len(info.locals), cellSlots(info)
	if info.generator || info.async {
		code.gen, code.async = true, info.async
		if code.cellSlots == nil {
			code.cellSlots = []int{} // runCall's slow path: runWithCells makes the generator
		}
	}
	code.weight = inner.maxNest + len(body) + 1
	if code.cellSlots == nil && expr == nil {
		code.ctor = ctorRun(code.body.stores, len(params))
	}
	for _, b := range info.locals {
		code.names = append(code.names, b.name)
	}
	code.positional = true
	code.required = -1
	for i, p := range params {
		if p.Default != nil && code.required < 0 {
			code.required = i
		}
		if p.Default != nil || p.Star != syntax.ILLEGAL || p.KwOnly {
			code.simpleArity = -1
		}
		if p.Star != syntax.ILLEGAL || p.KwOnly {
			code.positional = false
		}
	}
	if code.required < 0 {
		code.required = len(params)
	}
	capture := captures(info) // where the closure's cells come from in the defining frame
	var doc string
	if len(body) > 0 {
		if es, ok := body[0].(*syntax.ExprStmt); ok {
			if s, ok := es.X.(*syntax.StringLit); ok {
				doc = s.Value
			}
		}
	}
	var annotate func(in *interp) (*Dict, error)
	if def, ok := node.(*syntax.DefStmt); ok {
		annotate = c.defAnnotations(def)
	}
	return func(in *interp) (*Function, error) {
		fn := &Function{Name: name, Params: params, Body: body, Expr: expr, Doc: doc, src: in.src, filename: in.filename,
			code: code, glob: c.glob, qualname: info.qualname}
		fn.Defaults = make([]Value, len(params))
		for i, d := range defaults {
			if d == nil {
				continue
			}
			v, err := d(in)
			if err != nil {
				return nil, in.errorAt(err, params[i].Default.Span())
			}
			fn.Defaults[i] = v
		}
		if annotate != nil { // after the defaults, as CPython evaluates them
			var err error
			if fn.annotations, err = annotate(in); err != nil {
				return nil, err
			}
		}
		fn.free = in.closure(capture)
		for i, p := range params {
			switch p.Star {
			case syntax.STAR:
				fn.params = append(fn.params, param{name: p.Name.Name, variadic: true})
			case syntax.STARSTAR:
				fn.kwargs = p.Name.Name
			default:
				fn.params = append(fn.params, param{name: p.Name.Name, def: fn.Defaults[i], kwOnly: p.KwOnly, posOnly: p.PosOnly})
			}
		}
		return fn, nil
	}
}
