package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The resolver decides, before a cell runs, where each name lives, with
// Python's scoping rules:
//
//   - a name assigned anywhere in a function (a parameter, an assignment or
//     augmented assignment target, a for or with target, a def, a del) is
//     local to it and lives in a slot of the call's frame;
//   - a local that a nested function (def or lambda) uses is a cell, shared
//     by the frame and the closures made from it; in the nested function it
//     is a free variable;
//   - a comprehension's targets are local to the comprehension: they get
//     slots of their own in the enclosing frame, invisible outside it;
//   - every other name is a global of the session, or else a builtin: a
//     slot of the session's global table, looked up by index when it runs.
//
// Reading a local before it is assigned is an UnboundLocalError; reading a
// global that does not exist (yet: a later cell may define it) a NameError.

// UnboundLocalError is raised by reading a local variable (or a free
// variable of a closure) before it is assigned. As in Python, it is a kind
// of NameError.
const UnboundLocalError = tensor.UnboundLocalError

// scopeKind says where a resolved name lives.
type scopeKind uint8

const (
	scopeLocal  scopeKind = iota // a slot of the frame
	scopeCell                    // a slot of the frame holding a *varCell
	scopeFree                    // a cell of an enclosing function, in the closure
	scopeGlobal                  // a slot of the session's global table
)

// nameBinding is one variable: a local, cell or free variable of one function,
// or a global.
type nameBinding struct {
	kind  scopeKind
	index int // the frame slot, the closure's free-variable index or the global slot
	name  string
	// outer is, for a free variable, the nameBinding in the enclosing function
	// that the closure captures.
	outer *nameBinding
	// classOuter is, for a name a class body assigns, the global (or
	// builtin) of that name: read while the body has not assigned it yet
	// (X = X), as CPython's LOAD_NAME falls back to it (not to a variable
	// of an enclosing function).
	classOuter *nameBinding
}

// varCell holds a variable shared by a frame and the closures made in it.
type varCell struct{ v Value }

// funcInfo is what the resolver learns about one function (def or lambda)
// or a cell's top level.
type funcInfo struct {
	name    string
	parent  *funcInfo // nil for a cell's top level
	locals  []*nameBinding
	free    []*nameBinding // the free variables, in closure order
	freeBy  map[string]*nameBinding
	nparams int // the first nparams slots hold the parameters
	// classCell is, for a class body, its __class__ cell: the class once
	// made, which zero-argument super() in its methods reads.
	classCell *nameBinding
	// annotations is, for a class body that annotates (x: int), its
	// __annotations__ local, a dict made before the body's first line.
	annotations *nameBinding
	// stmts are the statements compiled in this scope, by stmtID - 1: a
	// running frame records the statement it is at as a number, which
	// costs less than a pointer store.
	stmts []syntax.Stmt
	// generator is set for a function whose body has a yield; async for
	// an async def (a coroutine function, or an async generator's).
	generator bool
	async     bool
	// qualname is the def's, lambda's or class's __qualname__, made as
	// CPython's compiler makes it (childQualname).
	qualname string
}

// childQualname is the __qualname__ of the def, lambda or class name
// defined in the scope parent: name at a cell's top level, C.name in
// the body of class C, f.<locals>.name in function f.
func childQualname(parent *funcInfo, name string) string {
	switch {
	case parent == nil || parent.isTop():
		return name
	case parent.classCell != nil:
		return parent.qualname + "." + name
	}
	return parent.qualname + ".<locals>." + name
}

// stmtID returns the number by which a frame records that it is at st.
func (f *funcInfo) stmtID(st syntax.Stmt) int32 {
	f.stmts = append(f.stmts, st)
	return int32(len(f.stmts))
}

func (f *funcInfo) isTop() bool { return f.parent == nil }

func (f *funcInfo) newLocal(name string) *nameBinding {
	b := &nameBinding{kind: scopeLocal, index: len(f.locals), name: name}
	f.locals = append(f.locals, b)
	return b
}

// block is one level of names: a function's locals or a comprehension's
// targets (in the function's frame).
type block struct {
	fn     *funcInfo
	names  map[string]*nameBinding
	parent *block
	class  bool // a class body: its names are not visible in its methods
	// comp is, for the block of a comprehension's targets, the
	// comprehension.
	comp *syntax.ListComp
	// compKind names the comprehension in messages: "list
	// comprehension", "generator expression", ...
	compKind string
}

// resolution is the resolver's answer for one cell or expression.
type resolution struct {
	uses  map[*syntax.Ident]*nameBinding
	funcs map[syntax.Node]*funcInfo // by *syntax.DefStmt and *syntax.LambdaExpr
	comps map[*syntax.ListComp]*block
	lists map[syntax.Expr]*syntax.ListComp // what dict and set comprehensions run as
	// supers maps each zero-argument super() call in a method to the
	// method's free variable holding its class (the class body's
	// __class__ cell).
	supers map[*syntax.CallExpr]*nameBinding
	top    *funcInfo
	err    *Error // the first SyntaxError of a global or nonlocal declaration
	// futureAnnotations is whether from __future__ import annotations
	// holds: annotations are kept as their source text, not evaluated.
	futureAnnotations bool
}

type resolver struct {
	globals *globalTable
	res     *resolution
	env     *block
	depth   int // the nesting of the expression being resolved
	// compIter counts the comprehension iterables being resolved, where
	// an assignment expression is a SyntaxError.
	compIter int
}

func newResolver(g *globalTable) *resolver {
	return &resolver{globals: g, res: &resolution{
		uses:  map[*syntax.Ident]*nameBinding{},
		funcs: map[syntax.Node]*funcInfo{},
		comps: map[*syntax.ListComp]*block{},
		top:   &funcInfo{name: ""},
	}}
}

// resolveStmts resolves the statements of a cell.
func resolveStmts(g *globalTable, stmts []syntax.Stmt) *resolution {
	r := newResolver(g)
	manglePrivateNames(stmts)
	if g != nil && importsFutureAnnotations(stmts) {
		g.futureAnnotations = true // for the module's later cells too
	}
	r.res.futureAnnotations = g != nil && g.futureAnnotations
	r.env = &block{fn: r.res.top, names: map[string]*nameBinding{}}
	r.declare(r.res.top, r.env, stmts, nil)
	for _, st := range stmts {
		r.stmt(st)
	}
	return r.res
}

// resolveExpr resolves an expression evaluated at a cell's top level.
func resolveExpr(g *globalTable, x syntax.Expr) *resolution {
	r := newResolver(g)
	r.env = &block{fn: r.res.top, names: map[string]*nameBinding{}}
	r.expr(x)
	return r.res
}

// lookup resolves a use of name in the current block. A variable of the
// function that a generator expression inside it reads (past its first
// iterable) becomes a cell: the generator runs in a copy of the frame
// (genExpr) and reads the variable's value when it computes an element,
// as in Python, not the value it had when the generator was made.
func (r *resolver) lookup(name string) *nameBinding {
	cur := r.env.fn
	inGen, inComp := false, false
	for bl := r.env; bl != nil; bl = bl.parent {
		if bl.class && inComp {
			// A comprehension in a class body runs as a function of its
			// own in CPython 3.11 (kael inlines it): past its first
			// iterable it does not see the class's names either.
			continue
		}
		b, ok := bl.names[name]
		if !ok {
			inGen = inGen || bl.comp != nil && bl.comp.Gen
			inComp = inComp || bl.comp != nil
			continue
		}
		if bl.fn == cur {
			if inGen && b.kind == scopeLocal {
				b.kind = scopeCell
			}
			if bl.class && b.classOuter == nil && b.kind != scopeGlobal && b.kind != scopeFree {
				b.classOuter = &nameBinding{kind: scopeGlobal, index: r.globals.slot(name), name: name}
			}
			return b
		}
		if bl.class {
			continue // as in Python, methods do not see the class body's names
		}
		if b.kind == scopeGlobal {
			return b // declared global in an enclosing function
		}
		return r.capture(cur, bl.fn, b)
	}
	return &nameBinding{kind: scopeGlobal, index: r.globals.slot(name), name: name}
}

// capture makes b, a variable of the function owner, a free variable of fn
// (nested in owner) and of every function between them.
func (r *resolver) capture(fn, owner *funcInfo, b *nameBinding) *nameBinding {
	if fb, ok := fn.freeBy[b.name]; ok {
		return fb
	}
	outer := b
	if fn.parent != owner {
		outer = r.capture(fn.parent, owner, b)
	} else if b.kind == scopeLocal {
		b.kind = scopeCell
	}
	fb := &nameBinding{kind: scopeFree, index: len(fn.free), name: b.name, outer: outer}
	fn.free = append(fn.free, fb)
	if fn.freeBy == nil {
		fn.freeBy = map[string]*nameBinding{}
	}
	fn.freeBy[b.name] = fb
	return fb
}

func (r *resolver) use(id *syntax.Ident) {
	if id.Name == "__class__" {
		if b := r.classCell(); b != nil {
			r.res.uses[id] = b
			return
		}
	}
	r.res.uses[id] = r.lookup(id.Name)
}

func (r *resolver) stmts(stmts []syntax.Stmt) {
	for _, st := range stmts {
		r.stmt(st)
	}
}

func (r *resolver) stmt(st syntax.Stmt) {
	switch st := st.(type) {
	case *syntax.ClassStmt:
		r.classStmt(st)
	case *syntax.DefStmt:
		r.decorators(st.Decorators)
		r.params(st.Params)
		r.annotations(st)
		r.function(st, st.Name.Written(), st.Params, func() { r.stmts(st.Body) }, st.Body)
		r.use(st.Name)
	case *syntax.AssignStmt:
		r.expr(st.Value)
		for _, t := range st.Targets {
			r.expr(t)
		}
	case *syntax.AnnAssignStmt:
		if st.Value != nil {
			r.expr(st.Value)
		}
		r.expr(st.Target)
		if r.evaluatesAnnotations() {
			r.expr(st.Annotation)
		}
	case *syntax.ForStmt:
		r.expr(st.Iter)
		r.expr(st.Target)
		r.stmts(st.Body)
		r.stmts(st.Else)
	case *syntax.IfStmt:
		r.expr(st.Cond)
		r.stmts(st.Body)
		r.stmts(st.Else)
	case *syntax.WhileStmt:
		r.expr(st.Cond)
		r.stmts(st.Body)
		r.stmts(st.Else)
	case *syntax.WithStmt:
		for _, it := range st.Items {
			r.expr(it.X)
			if it.Target != nil {
				r.expr(it.Target)
			}
		}
		r.stmts(st.Body)
	case *syntax.ImportStmt, *syntax.FromImportStmt:
		for _, id := range importedNames(st) {
			r.use(id)
		}
	case *syntax.MatchStmt:
		r.expr(st.Subject)
		for _, mc := range st.Cases {
			r.pattern(mc.Pattern)
			if mc.Guard != nil {
				r.expr(mc.Guard)
			}
			r.stmts(mc.Body)
		}
	case *syntax.TryStmt:
		r.stmts(st.Body)
		for _, h := range st.Handlers {
			if h.Type != nil {
				r.expr(h.Type)
			}
			if h.Name != nil {
				r.use(h.Name)
			}
			r.stmts(h.Body)
		}
		r.stmts(st.Else)
		r.stmts(st.Finally)
	default:
		// Statements without blocks: their expressions in source order.
		r.inspect(st)
	}
}

// params resolves the default values of parameters, in the enclosing block.
func (r *resolver) params(ps []*syntax.Param) {
	for _, p := range ps {
		if p.Default != nil {
			r.expr(p.Default)
		}
	}
}

// annotations resolves the annotations of a def's parameters and
// result, in the enclosing block, where they are evaluated (not under
// from __future__ import annotations).
func (r *resolver) annotations(st *syntax.DefStmt) {
	if r.res.futureAnnotations {
		return
	}
	for _, p := range st.Params {
		if p.Annotation != nil {
			r.expr(p.Annotation)
		}
	}
	if st.Result != nil {
		r.expr(st.Result)
	}
}

// evaluatesAnnotations reports whether an annotated assignment in the
// current block evaluates its annotation: at a module's top level and in
// a class body, unless the module imports annotations from __future__;
// never in a function, as in CPython.
func (r *resolver) evaluatesAnnotations() bool {
	return !r.res.futureAnnotations && (r.env.fn == r.res.top || r.env.class)
}

// function resolves the body of a def or lambda in a new block whose
// locals are its parameters and the names its body assigns.
func (r *resolver) function(node syntax.Node, name string, ps []*syntax.Param, body func(), stmts []syntax.Stmt) {
	fn := &funcInfo{name: name, parent: r.env.fn, qualname: childQualname(r.env.fn, name)}
	r.res.funcs[node] = fn
	if d, ok := node.(*syntax.DefStmt); ok && d.AsyncPos.IsValid() {
		fn.async = true
	}
	bl := &block{fn: fn, names: map[string]*nameBinding{}, parent: r.env}
	if _, isClass := node.(*syntax.ClassStmt); isClass {
		bl.class = true
		fn.classCell = fn.newLocal("__class__")
		fn.classCell.kind = scopeCell
		if hasAnnotation(stmts) {
			fn.annotations = fn.newLocal("__annotations__")
			bl.names["__annotations__"] = fn.annotations
		}
	}
	for _, p := range ps {
		if _, dup := bl.names[p.Name.Name]; !dup {
			bl.names[p.Name.Name] = fn.newLocal(p.Name.Name)
		}
	}
	fn.nparams = len(fn.locals)
	r.declare(fn, bl, stmts, ps)
	for _, name := range assignedNames(stmts) {
		if _, ok := bl.names[name]; !ok {
			bl.names[name] = fn.newLocal(name)
		}
	}
	lambdaBody, _ := node.(*syntax.LambdaExpr)
	var bodyExpr syntax.Expr
	if lambdaBody != nil {
		bodyExpr = lambdaBody.Body
	}
	for _, name := range scopeTargets(stmts, bodyExpr) {
		if _, ok := bl.names[name]; !ok {
			bl.names[name] = fn.newLocal(name)
		}
	}
	saved, savedIter := r.env, r.compIter
	r.env, r.compIter = bl, 0
	body()
	r.env, r.compIter = saved, savedIter
}

// expr resolves the names an expression uses. It follows the common
// expressions itself, counting how deep it is: past the compiler's limit
// (maxExprNesting, a SyntaxError then) it stops, so that resolving a
// chain of a million additions cannot overflow Go's stack.
func (r *resolver) expr(x syntax.Expr) {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > 2*maxExprNesting {
		return
	}
	switch x := x.(type) {
	case *syntax.Ident:
		r.use(x)
	case *syntax.IntLit, *syntax.FloatLit, *syntax.StringLit, *syntax.BoolLit, *syntax.NoneLit, *syntax.EllipsisLit:
	case *syntax.ParenExpr:
		r.expr(x.X)
	case *syntax.UnaryExpr:
		r.expr(x.X)
	case *syntax.BinaryExpr:
		r.expr(x.X)
		r.expr(x.Y)
	case *syntax.BoolOpExpr:
		r.expr(x.X)
		r.expr(x.Y)
	case *syntax.CompareExpr:
		r.expr(x.X)
		for _, c := range x.Ops {
			r.expr(c.Y)
		}
	case *syntax.AttrExpr:
		r.expr(x.X)
	case *syntax.IndexExpr:
		r.expr(x.X)
		for _, s := range x.Subs {
			r.expr(s)
		}
	case *syntax.NamedExpr:
		r.namedExpr(x)
	case *syntax.CallExpr:
		// Through expr, not Inspect, so that f()()()... counts against
		// the depth bound instead of overflowing the Go stack.
		r.superCall(x)
		r.expr(x.Fn)
		for _, a := range x.Args {
			r.expr(a.Value)
		}
	default:
		r.inspect(x)
	}
}

// inspect walks n, resolving every name use; functions and comprehensions
// open blocks of their own.
//
// Every expression below the root goes through expr, whose depth bound
// turns a million-long chain (f()()()..., 1+1+...) in any statement into
// a SyntaxError instead of a Go stack overflow.
func (r *resolver) inspect(root syntax.Node) {
	syntax.Inspect(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Ident:
			r.use(n)
		case *syntax.AttrExpr:
			r.expr(n.X) // n.Name is an attribute, not a variable
			return false
		case *syntax.Arg:
			r.expr(n.Value) // n.Name is a keyword
			return false
		case *syntax.NamedExpr:
			r.namedExpr(n)
			return false
		case *syntax.YieldExpr:
			if r.env.comp != nil {
				// the first iterable, resolved in the enclosing block,
				// may yield: [x for x in [(yield 1)]]
				r.scopeError(Errorf(SyntaxError, "'yield' inside %s", r.env.compKind), n)
				return false
			}
			r.env.fn.generator = r.env.fn != r.res.top && !r.env.class // else a SyntaxError
			return true
		case *syntax.LambdaExpr:
			r.params(n.Params)
			r.function(n, "<lambda>", n.Params, func() { r.expr(n.Body) }, nil)
			return false
		case *syntax.ListComp:
			kind := "list comprehension"
			if n.Gen {
				kind = "generator expression"
			}
			r.comprehension(n, kind)
			return false
		case *syntax.DictComp:
			r.comprehension(r.res.asListComp(n), "dict comprehension")
			return false
		case *syntax.SetComp:
			r.comprehension(r.res.asListComp(n), "set comprehension")
			return false
		case *syntax.DefStmt, *syntax.ClassStmt:
			r.stmt(n.(syntax.Stmt))
			return false
		case syntax.Expr:
			if n != root {
				r.expr(n)
				return false
			}
		}
		return true
	})
}

// comprehension resolves [Elt for ...], the comprehension of kind: the
// first iterable in the enclosing block, the rest in a block holding the
// targets.
func (r *resolver) comprehension(x *syntax.ListComp, kind string) {
	r.compIter++
	r.expr(x.Fors[0].Iter)
	r.compIter--
	fn := r.env.fn
	bl := &block{fn: fn, names: map[string]*nameBinding{}, parent: r.env, comp: x, compKind: kind}
	for _, f := range x.Fors {
		for _, name := range targetNames(f.Target, nil) {
			if _, ok := bl.names[name]; !ok {
				bl.names[name] = fn.newLocal(name)
			}
		}
	}
	r.res.comps[x] = bl
	saved := r.env
	r.env = bl
	for i, f := range x.Fors {
		if i > 0 {
			r.compIter++
			r.expr(f.Iter)
			r.compIter--
		}
		r.expr(f.Target)
		for _, cond := range f.Ifs {
			r.expr(cond)
		}
	}
	r.expr(x.Elt)
	r.env = saved
}

// assignedNames lists the names that statements bind, not looking into
// nested functions or comprehensions.
func assignedNames(stmts []syntax.Stmt) []string {
	var names []string
	var walk func(stmts []syntax.Stmt)
	walk = func(stmts []syntax.Stmt) {
		for _, st := range stmts {
			switch st := st.(type) {
			case *syntax.AssignStmt:
				for _, t := range st.Targets {
					names = targetNames(t, names)
				}
			case *syntax.AnnAssignStmt: // x: T makes x local even without a value
				if _, simple := st.Target.(*syntax.Ident); simple || st.Value != nil {
					names = targetNames(st.Target, names)
				}
			case *syntax.ForStmt:
				names = targetNames(st.Target, names)
				walk(st.Body)
				walk(st.Else)
			case *syntax.WithStmt:
				for _, it := range st.Items {
					if it.Target != nil {
						names = targetNames(it.Target, names)
					}
				}
				walk(st.Body)
			case *syntax.DelStmt:
				for _, t := range st.Targets {
					names = targetNames(t, names)
				}
			case *syntax.DefStmt:
				names = append(names, st.Name.Name)
			case *syntax.ClassStmt:
				names = append(names, st.Name.Name)
			case *syntax.ImportStmt, *syntax.FromImportStmt:
				for _, id := range importedNames(st) {
					names = append(names, id.Name)
				}
			case *syntax.IfStmt:
				walk(st.Body)
				walk(st.Else)
			case *syntax.WhileStmt:
				walk(st.Body)
				walk(st.Else)
			case *syntax.MatchStmt:
				for _, mc := range st.Cases {
					for _, id := range syntax.PatternNames(mc.Pattern) {
						names = append(names, id.Name)
					}
					walk(mc.Body)
				}
			case *syntax.TryStmt:
				walk(st.Body)
				for _, h := range st.Handlers {
					if h.Name != nil {
						names = append(names, h.Name.Name)
					}
					walk(h.Body)
				}
				walk(st.Else)
				walk(st.Finally)
			}
		}
	}
	walk(stmts)
	return names
}

// targetNames appends the names an assignment target binds.
func targetNames(t syntax.Expr, names []string) []string {
	switch t := t.(type) {
	case *syntax.Ident:
		return append(names, t.Name)
	case *syntax.ParenExpr:
		return targetNames(t.X, names)
	case *syntax.StarredExpr:
		return targetNames(t.X, names)
	case *syntax.TupleExpr:
		for _, e := range t.Elts {
			names = targetNames(e, names)
		}
	case *syntax.ListExpr:
		for _, e := range t.Elts {
			names = targetNames(e, names)
		}
	}
	return names
}

// globalTable holds a session's global variables in slots, so that
// compiled code reaches them by index. Cells of a session share it and
// extend it: a name gets its slot the first time a cell mentions it, and
// the slot holds nil while the variable does not exist. A slot is a cell
// of its own, which never moves, so that compiled code holds the cell
// itself: one load fewer per read of a global (the function of every
// call of a global function).
type globalTable struct {
	index map[string]int
	names []string
	cells []*varCell
	dict  *Dict       // the dict of these globals (namespace.go), made on first use
	top   *frameState // a module's top-level frame as tracebacks keep it (frames.go)
	// adopted is set for the table of a dict a program gave exec or
	// eval as globals (namespace.go), unset for a module's own.
	adopted bool
	// futureAnnotations is whether the module ran from __future__
	// import annotations: its annotations stay source text.
	futureAnnotations bool
}

func newGlobalTable() *globalTable { return &globalTable{index: map[string]int{}} }

// slot returns the index of name's slot, adding one if needed.
func (g *globalTable) slot(name string) int {
	if i, ok := g.index[name]; ok {
		return i
	}
	i := len(g.names)
	g.index[name] = i
	g.names = append(g.names, name)
	g.cells = append(g.cells, &varCell{})
	return i
}

// cell returns slot i's cell.
func (g *globalTable) cell(i int) *varCell { return g.cells[i] }

func (g *globalTable) get(name string) (Value, bool) {
	i, ok := g.index[name]
	if !ok || g.cells[i].v == nil {
		return nil, false
	}
	return g.cells[i].v, true
}

func (g *globalTable) set(name string, v Value) { g.cells[g.slot(name)].v = v }

// unset unbinds the global name (del m.name of a file module); the dict
// of the globals drops it when next read (mirror).
func (g *globalTable) unset(name string) {
	if i, ok := g.index[name]; ok {
		g.cells[i].v = nil
	}
}

// bound returns the names of the variables that exist.
func (g *globalTable) bound() []string {
	var names []string
	for i, c := range g.cells {
		if c.v != nil {
			names = append(names, g.names[i])
		}
	}
	return names
}
