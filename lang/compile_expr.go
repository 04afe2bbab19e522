package lang

import (
	"slices"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// constant returns an evalFn that returns v.
func constant(v Value) evalFn { return func(*interp) (Value, error) { return v, nil } }

// constValue returns the value of x when it is a literal or an operation
// on literals that can be folded at compile time.
func (c *compiler) constValue(x syntax.Expr) (Value, bool) {
	switch x.(type) {
	case *syntax.ParenExpr, *syntax.UnaryExpr, *syntax.BinaryExpr:
		// Remembered: compiling each node asks for its operands' values, so
		// a chain 1 + 1 + ... is folded in linear time.
		if r, ok := c.consts[x]; ok {
			return r.v, r.ok
		}
		if b, ok := x.(*syntax.BinaryExpr); ok && c.constDepth == 0 {
			c.foldChain(b)
			if r, ok := c.consts[x]; ok {
				return r.v, r.ok
			}
		}
		c.constDepth++
		defer func() { c.constDepth-- }()
		if c.constDepth > maxExprNesting {
			return nil, false
		}
		v, ok := c.foldValue(x)
		if c.consts == nil {
			c.consts = map[syntax.Expr]constResult{}
		}
		c.consts[x] = constResult{v, ok}
		return v, ok
	}
	return c.foldValue(x)
}

// constResult is a remembered answer of constValue.
type constResult struct {
	v  Value
	ok bool
}

// maxExprNesting bounds how deep expressions nest, so that compiling and
// running them stays well within Go's stack: deeper is a SyntaxError.
const maxExprNesting = 150_000

func (c *compiler) foldValue(x syntax.Expr) (Value, bool) {
	switch x := x.(type) {
	case *syntax.IntLit:
		if x.Big != nil {
			return BigInt{v: x.Big}, true
		}
		return x.Value, true
	case *syntax.FloatLit:
		if x.Imag {
			return Complex(complex(0, x.Value)), true
		}
		return x.Value, true
	case *syntax.StringLit:
		if x.Bytes {
			return Bytes{b: []byte(x.Value)}, true
		}
		return x.Value, true
	case *syntax.BoolLit:
		return x.Value, true
	case *syntax.NoneLit:
		return None, true
	case *syntax.EllipsisLit:
		return EllipsisType{}, true
	case *syntax.ParenExpr:
		return c.constValue(x.X)
	case *syntax.UnaryExpr:
		v, ok := c.constValue(x.X)
		if !ok || !isNumber(v) || x.Op == syntax.NOT {
			return nil, false
		}
		r, err := newInterp(nil, nil, "", "", nil).unary(x.Op, v, x)
		return r, err == nil
	case *syntax.BinaryExpr:
		a, ok := c.constValue(x.X)
		if !ok || !isNumber(a) {
			return nil, false
		}
		b, ok := c.constValue(x.Y)
		if !ok || !isNumber(b) {
			return nil, false
		}
		if n, isInt := b.(int64); isInt && n > maxFoldedBits && (x.Op == syntax.STARSTAR || x.Op == syntax.LSHIFT) {
			return nil, false // a big result, computed when it runs
		}
		// Errors (1 / 0) are raised when the expression runs, with its span.
		r, ok, err := numberBinary(x.Op, a, b)
		return r, ok && err == nil && isNumber(r)
	}
	return nil, false
}

func isNumber(v Value) bool {
	switch x := v.(type) {
	case int64, float64, bool:
		return true
	case BigInt:
		return x.v.BitLen() <= maxFoldedBits
	case Complex:
		return true
	}
	return false
}

// maxFoldedBits bounds the ints folded at compile time: a larger one
// (2 ** 10**6) is computed when the expression runs, as CPython does.
const maxFoldedBits = 4096

// expr compiles an expression. Errors carry the span of the innermost
// sub-expression that failed.
func (c *compiler) expr(x syntax.Expr) evalFn {
	if v, ok := c.constValue(x); ok {
		return constant(v)
	}
	c.nest++
	defer func() { c.nest-- }()
	if c.nest > c.maxNest {
		c.maxNest = c.nest
	}
	if c.nest > maxExprNesting {
		return c.nestedTooDeeply(x)
	}
	switch x := x.(type) {
	case *syntax.Ident:
		return c.loadName(x)
	case *syntax.ParenExpr:
		return c.expr(x.X)
	case *syntax.UnaryExpr:
		operand := c.expr(x.X)
		op := x.Op
		return func(in *interp) (Value, error) {
			v, err := operand(in)
			if err != nil {
				return nil, err
			}
			r, err := in.unary(op, v, x)
			return r, in.wrapNode(err, x)
		}
	case *syntax.BinaryExpr:
		return c.binaryExpr(x)
	case *syntax.BoolOpExpr:
		l, r := c.expr(x.X), c.expr(x.Y)
		and := x.Op == syntax.AND
		return func(in *interp) (Value, error) {
			a, err := l(in)
			if err != nil {
				return nil, err
			}
			t, err := Truth(a)
			if err != nil {
				return nil, in.errorAt(err, x.X.Span())
			}
			if and != t {
				return a, nil // and: a false; or: a true
			}
			return r(in)
		}
	case *syntax.CompareExpr:
		return c.compareExpr(x)
	case *syntax.CondExpr:
		cond, then, els := c.cond(x.Cond), c.expr(x.Then), c.expr(x.Else)
		return func(in *interp) (Value, error) {
			ok, err := cond(in)
			if err != nil {
				return nil, err
			}
			if ok {
				return then(in)
			}
			return els(in)
		}
	case *syntax.CallExpr:
		return c.callExpr(x)
	case *syntax.AttrExpr:
		return c.attrExpr(x)
	case *syntax.IndexExpr:
		return c.indexExpr(x)
	case *syntax.TupleExpr:
		if hasStarred(x.Elts) {
			elts := c.unpackingDisplay(x.Elts, true)
			return func(in *interp) (Value, error) {
				vals, err := elts(in)
				return Tuple(vals), err
			}
		}
		if len(x.Elts) == 2 { // (self, other): one allocation, operands read inline
			l, r := c.operand(x.Elts[0]), c.operand(x.Elts[1])
			return func(in *interp) (Value, error) {
				a, b, err := operands(in, &l, &r)
				if err != nil {
					return nil, err
				}
				return pair(a, b), nil
			}
		}
		elts := c.exprs(x.Elts)
		return func(in *interp) (Value, error) {
			vals, err := evalAll(in, elts)
			return Tuple(vals), err
		}
	case *syntax.ListExpr:
		if hasStarred(x.Elts) {
			elts := c.unpackingDisplay(x.Elts, true)
			return func(in *interp) (Value, error) {
				vals, err := elts(in)
				if err != nil {
					return nil, err
				}
				return &List{Elems: vals}, nil
			}
		}
		elts := c.exprs(x.Elts)
		return func(in *interp) (Value, error) {
			vals, err := evalAll(in, elts)
			if err != nil {
				return nil, err
			}
			return &List{Elems: vals}, nil
		}
	case *syntax.ListComp:
		return c.listComp(x)
	case *syntax.DictExpr:
		keys := make([]evalFn, len(x.Entries)) // nil for **m
		vals := make([]evalFn, len(x.Entries))
		for i, e := range x.Entries {
			if e.Key != nil {
				keys[i] = c.expr(e.Key)
			}
			vals[i] = c.expr(e.Value)
		}
		return func(in *interp) (Value, error) {
			d := NewDict()
			for i := range keys {
				if keys[i] == nil {
					m, err := vals[i](in)
					if err != nil {
						return nil, err
					}
					src, ok, err := mappingDict(m)
					if err != nil {
						return nil, in.errorAt(err, x.Entries[i].Span())
					}
					if !ok {
						return nil, in.errorAt(Errorf(TypeError, "'%s' object is not a mapping", TypeName(m)), x.Entries[i].Span())
					}
					if err := d.update(src); err != nil { // a dict's keys always hash
						return nil, in.errorAt(err, x.Entries[i].Span())
					}
					continue
				}
				k, err := keys[i](in)
				if err != nil {
					return nil, err
				}
				v, err := vals[i](in)
				if err != nil {
					return nil, err
				}
				if err := d.Set(k, v); err != nil {
					return nil, in.errorAt(err, x.Entries[i].Key.Span())
				}
			}
			return d, nil
		}
	case *syntax.YieldExpr:
		return c.yieldExpr(x)
	case *syntax.AwaitExpr: // only in an async def (the parser sees to it)
		return c.awaitExpr(x)
	case *syntax.NamedExpr:
		return c.namedExpr(x)
	case *syntax.LambdaExpr:
		mk := c.function(x, "<lambda>", x.Params, nil, x.Body)
		return func(in *interp) (Value, error) { return mk(in) }
	case *syntax.SliceExpr:
		// the parser makes one only in a subscript: here it is an element
		// of a subscript's tuple (x[1:2,], whose key is (slice(1, 2, None),))
		return c.sliceObject(x)
	}
	if f, ok := c.dialectExpr(x); ok {
		return f
	}
	return c.failExpr(Errorf(SyntaxError, "unsupported expression"), x)
}

// failExpr returns code that raises err at x when it runs: an expression
// the language has no meaning for is an error of its statement only.
// nestedTooDeeply is the SyntaxError of an expression x that nests past
// maxExprNesting.
func (c *compiler) nestedTooDeeply(x syntax.Expr) evalFn {
	err := Errorf(SyntaxError, "expression nested too deeply (more than %d levels)", maxExprNesting).
		WithHint("split it into several statements")
	c.fail(err, x)
	return c.failExpr(err, x)
}

func (c *compiler) failExpr(err *Error, x syntax.Expr) evalFn {
	return func(in *interp) (Value, error) { return nil, in.errorAt(err, x.Span()) }
}

func (c *compiler) exprs(xs []syntax.Expr) []evalFn {
	out := make([]evalFn, len(xs))
	for i, x := range xs {
		out[i] = c.expr(x)
	}
	return out
}

func evalAll(in *interp, fns []evalFn) ([]Value, error) {
	vals := make([]Value, len(fns))
	for i, f := range fns {
		v, err := f(in)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

// loadName compiles a use of a variable.
func (c *compiler) loadName(id *syntax.Ident) evalFn {
	return c.loadBinding(id, c.res.uses[id])
}

// loadBinding compiles a use of the variable b names. A name a class
// body assigns reads, until it is assigned, the global or builtin of that
// name (X = X in a class body reads the global X).
func (c *compiler) loadBinding(id *syntax.Ident, b *nameBinding) evalFn {
	i := b.index
	unbound := func(in *interp) (Value, error) { return nil, in.unbound(id, false) }
	if b.classOuter != nil {
		unbound = c.loadBinding(id, b.classOuter)
	}
	switch b.kind {
	case scopeLocal:
		return func(in *interp) (Value, error) {
			if v := in.locals[i]; v != nil {
				return v, nil
			}
			return unbound(in)
		}
	case scopeCell:
		return func(in *interp) (Value, error) {
			if v := in.locals[i].(*varCell).v; v != nil {
				return v, nil
			}
			return unbound(in)
		}
	case scopeFree:
		return func(in *interp) (Value, error) {
			if v := in.free[i].v; v != nil {
				return v, nil
			}
			return nil, in.unbound(id, true)
		}
	}
	cell := c.glob.cell(i)
	builtin, _ := definedGlobal(id.Name)
	var late lateGlobal // a library's name, when builtin is nil
	return func(in *interp) (Value, error) {
		if v := cell.v; v != nil {
			return v, nil
		}
		if in.s != nil && in.s.builtinsSet != nil { // builtins.name = v
			if v, ok := in.s.builtinsSet[id.Name]; ok {
				return v, nil
			}
		}
		if builtin != nil {
			return builtin, nil
		}
		if v := late.get(id.Name); v != nil {
			return v, nil
		}
		return nil, in.nameError(id)
	}
}

// unbound is the error of reading a local (or free) variable that has no
// value yet.
func (in *interp) unbound(id *syntax.Ident, free bool) error {
	err := Errorf(UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value", id.Name)
	if free {
		err = Errorf(NameError, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", id.Name)
	}
	return in.errorAt(err, id.Span())
}

func (in *interp) nameError(id *syntax.Ident) error {
	err := Errorf(NameError, "name '%s' is not defined", id.Name).withName(id.Name, nil)
	err.named.scope = in.scopeForSuggestion()
	err.Hint = suggestHint(id.Name, in.visibleNames())
	return in.errorAt(err, id.Span())
}

// visibleNames lists every name a lookup could find.
func (in *interp) visibleNames() []string {
	var names []string
	if in.code != nil {
		for slot, name := range in.code.names {
			if in.locals[slot] != nil {
				names = append(names, name)
			}
		}
	}
	if in.glob != nil {
		names = append(names, in.glob.bound()...)
	}
	return append(names, globalNames()...)
}

func (c *compiler) compareExpr(x *syntax.CompareExpr) evalFn {
	if f := c.fastCompareValue(x); f != nil {
		return f
	}
	first := c.expr(x.X)
	rights := make([]evalFn, len(x.Ops))
	for i, o := range x.Ops {
		rights[i] = c.expr(o.Y)
	}
	return func(in *interp) (Value, error) {
		left, err := first(in)
		if err != nil {
			return nil, err
		}
		var result Value
		for i, o := range x.Ops {
			right, err := rights[i](in)
			if err != nil {
				return nil, err
			}
			at := chainLink{x, i}
			r, err := in.compare(o.Op, left, right, at)
			if err != nil {
				return nil, in.errorAt(err, at.Span())
			}
			if i == len(x.Ops)-1 {
				return r, nil
			}
			t, err := Truth(r)
			if err != nil {
				return nil, in.errorAt(err, at.Span())
			}
			if !t {
				return r, nil
			}
			result, left = r, right
		}
		return result, nil
	}
}

// chainLink is the i-th comparison of a chain such as a < b < c. Its span
// is computed only when asked for: spans of deep nodes cost time
// proportional to their depth.
type chainLink struct {
	x *syntax.CompareExpr
	i int
}

func (l chainLink) Span() syntax.Span {
	start := l.x.X
	if l.i > 0 {
		start = l.x.Ops[l.i-1].Y
	}
	return syntax.Span{Start: start.Span().Start, End: l.x.Ops[l.i].Y.Span().End}
}

func (c *compiler) listComp(x *syntax.ListComp) evalFn {
	comp, firstIter, identity, bad := c.compLoop(x)
	if bad != nil {
		return bad
	}
	if x.Gen {
		return genExpr(x, firstIter, identity, comp)
	}
	return func(in *interp) (Value, error) {
		first, err := firstIter(in) // in the enclosing frame, as CPython's
		if err != nil {
			return nil, err
		}
		var out []Value
		err = comp(in, first, func(v Value) error {
			if len(out) >= growthLimit {
				return in.errorAt(Errorf(MemoryError, "a list comprehension of more than %d elements is too long", growthLimit).
					WithHint("loop over the elements with for, or use a tensor"), x.Span())
			}
			out = append(out, v)
			return nil
		})
		if err != nil {
			return nil, in.comprehensionError(err, x, "<listcomp>", first)
		}
		return &List{Elems: out}, nil
	}
}

// compLoopFn runs a comprehension in frame in, calling emit with each
// element as it is made; first, when not nil, is the first iterable,
// evaluated already (a generator expression's is, when it is made).
type compLoopFn = func(in *interp, first Value, emit func(v Value) error) error

// compLoop compiles the loops of comprehension x: comp runs them,
// firstIter evaluates the first iterable, identity says that the
// element is the first loop's item itself (x for x in it). bad, when not
// nil, is what the comprehension evaluates to instead: its compile error.
// A list comprehension collects the elements; dict and set
// comprehensions insert each as it comes, as CPython's do.
func (c *compiler) compLoop(x *syntax.ListComp) (comp compLoopFn, firstIter evalFn, identity bool, bad evalFn) {
	bl := c.res.comps[x]
	var cells []int
	for _, b := range bl.names {
		if b.kind == scopeCell {
			cells = append(cells, b.index)
		}
	}
	type clause struct {
		iter   evalFn
		target storeFn
		ifs    []func(in *interp) (bool, error)
		f      *syntax.CompFor
		local  int        // the slot of a target that is a plain local, stored inline; -1 otherwise
		rows   *rowTarget // a target of names that a lazy iterator's rows may fill
	}
	clauses := make([]clause, len(x.Fors))
	for _, f := range x.Fors {
		if !f.AsyncPos.IsValid() {
			continue
		}
		if c.fn == nil || !c.fn.async {
			return nil, nil, false, c.failExpr(c.compileError(Errorf(SyntaxError, "asynchronous comprehension outside of an asynchronous function"), x), x)
		}
		if x.Gen {
			return nil, nil, false, c.failExpr(c.compileError(Errorf(SyntaxError, "kael has no asynchronous generator expressions").
				WithHint("write a list comprehension, [x async for x in it], or an async def with yield"), x), x)
		}
	}
	for i, f := range x.Fors {
		tc := c.targetCode(f.Target)
		cl := clause{iter: c.expr(f.Iter), target: c.assignTo([]*targetCode{tc}), f: f, local: -1}
		if !f.AsyncPos.IsValid() {
			cl.rows = rowTargetOf(tc)
		}
		if id, isName := unparen(f.Target).(*syntax.Ident); isName && c.res.uses[id].kind == scopeLocal {
			cl.local = c.res.uses[id].index
		}
		for _, cond := range f.Ifs {
			cl.ifs = append(cl.ifs, c.cond(cond))
		}
		clauses[i] = cl
	}
	elt := c.expr(x.Elt)
	// identity: x for x in it, with x a plain local of the comprehension,
	// is each item itself; nothing else reads x, so it is not stored.
	if f := x.Fors; len(f) == 1 && len(f[0].Ifs) == 0 {
		t, isName := f[0].Target.(*syntax.Ident)
		if e, ok := x.Elt.(*syntax.Ident); ok && isName && t.Name == e.Name {
			b := bl.names[e.Name]
			identity = b != nil && b.kind == scopeLocal
		}
	}
	comp = func(in *interp, first Value, emit func(v Value) error) error {
		for _, i := range cells {
			in.locals[i] = &varCell{} // one cell per evaluation, as in Python
		}
		var run func(i int) error
		run = func(i int) error {
			if i == len(clauses) {
				v, err := elt(in)
				if err != nil {
					return err
				}
				return emit(v)
			}
			cl := clauses[i]
			seq := first
			if i > 0 || seq == nil {
				var err error
				if seq, err = cl.iter(in); err != nil {
					return err
				}
			}

			var bodyErr error
			// stored runs the clause's conditions and what follows them,
			// the target stored; it reports whether to go on.
			stored := func() bool {
				for _, cond := range cl.ifs {
					ok, err := cond(in)
					if err != nil {
						bodyErr = err
						return false
					}
					if !ok {
						return true
					}
				}
				if i == len(clauses)-1 { // the element, without run's call
					v, err := elt(in)
					if err != nil {
						bodyErr = err
						return false
					}
					bodyErr = emit(v)
				} else {
					bodyErr = run(i + 1)
				}
				return bodyErr == nil
			}
			each := func(item Value) bool {
				if in.tickDue() { // in.tick, inlined
					if bodyErr = in.checkInterrupt(); bodyErr != nil {
						return false
					}
				}
				if identity {
					bodyErr = emit(item)
					return bodyErr == nil
				}
				if cl.local >= 0 {
					in.locals[cl.local] = item // cl.target, inlined
				} else if bodyErr = cl.target(in, item); bodyErr != nil {
					bodyErr = in.errorAt(bodyErr, cl.f.Target.Span())
					return false
				}
				return stored()
			}
			// [a for j, (a, w) in enumerate(zip(x, y))]: the elements go
			// straight into the names, without the tuples.
			handled, err := cl.rows.iterate(seq, func(row []Value) bool {
				if in.tickDue() { // in.tick, inlined
					if bodyErr = in.checkInterrupt(); bodyErr != nil {
						return false
					}
				}
				cl.rows.store(in, row)
				return stored()
			})
			if handled {
				if err != nil {
					return in.errorAt(err, x.Span()) // the loop's own, as CPython's
				}
				return bodyErr
			}
			if r, ok := seq.(*Range); ok {
				// As a for loop over a range: the ints boxed in the
				// session's slabs.
				for k, n := int64(0), r.Len(); k < n && each(boxInt(in.s, r.Start+k*r.Step)); k++ {
				}
				return bodyErr
			}
			if cl.f.AsyncPos.IsValid() {
				err = in.asyncIterate(seq, each)
			} else {
				err = Iterate(seq, each)
			}
			if err != nil {
				return in.errorAt(err, x.Span()) // the loop's own, as CPython's
			}
			return bodyErr
		}
		return run(0)
	}
	first := clauses[0].iter
	if x.Fors[0].AsyncPos.IsValid() {
		return comp, first, identity, nil
	}
	return comp, func(in *interp) (Value, error) {
		v, err := first(in)
		if x, ok := v.(*Instance); ok && err == nil {
			// iter(first) in the enclosing frame, as CPython's GET_ITER:
			// an error of its __iter__ shows no comprehension's frame
			if r, found, err := x.hook("__iter__"); err != nil {
				return nil, in.errorAt(err, clauses[0].f.Iter.Span())
			} else if found {
				return iterResult(r) // not called again by the loop
			}
		}
		return v, err
	}, identity, nil
}

// growthLimit bounds the elements of a list, tuple or string built by a
// comprehension or a concatenation, as maxRepeat bounds repetition. It is a
// variable so that tests can check the guards without building lists of
// a gigabyte.
var growthLimit = MaxRepeat

// Subscript is one evaluated index: a value or a slice.
type Subscript struct {
	Value        Value
	IsSlice      bool
	Lo, Hi, Step Value // None when omitted
}

// subscriptsFn evaluates the subscripts of x[...].
type subscriptsFn func(in *interp) ([]Subscript, error)

func (c *compiler) subscripts(subs []syntax.Expr) subscriptsFn {
	type part struct {
		value        evalFn
		isSlice      bool
		lo, hi, step evalFn // nil when omitted
	}
	parts := make([]part, len(subs))
	opt := func(x syntax.Expr) evalFn {
		if x == nil {
			return nil
		}
		return c.expr(x)
	}
	for i, s := range subs {
		if sl, ok := s.(*syntax.SliceExpr); ok {
			parts[i] = part{isSlice: true, lo: opt(sl.Lo), hi: opt(sl.Hi), step: opt(sl.Step)}
			continue
		}
		parts[i] = part{value: c.expr(s)}
	}
	return func(in *interp) ([]Subscript, error) {
		out := make([]Subscript, len(parts))
		for i, p := range parts {
			if !p.isSlice {
				v, err := p.value(in)
				if err != nil {
					return nil, err
				}
				out[i].Value = v
				continue
			}
			out[i].IsSlice = true
			for j, f := range []evalFn{p.lo, p.hi, p.step} {
				var v Value = None
				if f != nil {
					var err error
					if v, err = f(in); err != nil {
						return nil, err
					}
				}
				switch j {
				case 0:
					out[i].Lo = v
				case 1:
					out[i].Hi = v
				default:
					out[i].Step = v
				}
			}
		}
		return out, nil
	}
}

// sliceObject evaluates the slice x to the slice object lo:hi:step
// makes in a subscript's tuple, None for each bound omitted.
func (c *compiler) sliceObject(x *syntax.SliceExpr) evalFn {
	var bounds [3]evalFn
	for i, e := range []syntax.Expr{x.Lo, x.Hi, x.Step} {
		if e != nil {
			bounds[i] = c.expr(e)
		}
	}
	return func(in *interp) (Value, error) {
		var vals [3]Value
		for i, f := range bounds {
			vals[i] = None
			if f != nil {
				v, err := f(in)
				if err != nil {
					return nil, err
				}
				vals[i] = v
			}
		}
		return &Slice{Start: vals[0], Stop: vals[1], Step: vals[2]}, nil
	}
}

func (c *compiler) indexExpr(x *syntax.IndexExpr) evalFn {
	obj := c.expr(x.X)
	if len(x.Subs) == 1 {
		if _, isSlice := x.Subs[0].(*syntax.SliceExpr); !isSlice {
			key := c.expr(x.Subs[0])
			return func(in *interp) (Value, error) {
				v, err := obj(in)
				if err != nil {
					return nil, err
				}
				k, err := key(in)
				if err != nil {
					return nil, err
				}
				// A dict, or a list or tuple with an int index, needs no
				// subscript.
				if d, ok := v.(*Dict); ok {
					if val, found, err := d.Get(k); err == nil {
						if found {
							return val, nil
						}
						if _, isSlice := k.(*Slice); !isSlice { // d[a:b]'s TypeError is Index's
							// Index's miss, without its subscript slice.
							r, err := d.missingKey(k)
							return r, in.wrapNode(err, x)
						}
					}
				}
				if i, ok := k.(int64); ok {
					if elems, ok := seqElems(v); ok {
						if i < 0 {
							i += int64(len(elems))
						}
						if i >= 0 && i < int64(len(elems)) {
							return elems[i], nil
						}
					}
				}
				r, err := Index(v, []Subscript{{Value: k}})
				return r, in.wrapNode(err, x)
			}
		}
	}
	subs := c.subscripts(x.Subs)
	return func(in *interp) (Value, error) {
		v, err := obj(in)
		if err != nil {
			return nil, err
		}
		s, err := subs(in)
		if err != nil {
			return nil, err
		}
		r, err := Index(v, s)
		return r, in.wrapNode(err, x)
	}
}

// argsFn evaluates the arguments of a call.
type argsFn func(in *interp) (pos []Value, kwNames []string, kwVals []Value, err error)

func (c *compiler) callArgs(args []*syntax.Arg) argsFn {
	vals := make([]evalFn, len(args))
	for i, a := range args {
		vals[i] = c.expr(a.Value)
	}
	if fixed := c.fixedCallArgs(args, vals); fixed != nil {
		return fixed
	}
	return func(in *interp) ([]Value, []string, []Value, error) {
		var pos []Value
		var kwNames []string
		var kwVals []Value
		for i, a := range args {
			v, err := vals[i](in)
			if err != nil {
				return nil, nil, nil, err
			}
			switch {
			case a.Star == syntax.STAR:
				elems, err := Collect(v)
				if err != nil {
					return nil, nil, nil, in.errorAt(err, a.Span())
				}
				pos = append(pos, elems...)
			case a.Star == syntax.STARSTAR:
				d, ok, err := mappingDict(v)
				if err != nil {
					return nil, nil, nil, in.errorAt(err, a.Span())
				}
				if !ok {
					return nil, nil, nil, in.errorAt(Errorf(TypeError, "argument after ** must be a dict, not %s", TypeName(v)), a.Span())
				}
				d.sync()
				for i, k := range d.keys {
					name, ok := k.(string)
					if !ok {
						return nil, nil, nil, in.errorAt(Errorf(TypeError, "keywords must be strings"), a.Span())
					}
					kwNames, kwVals = append(kwNames, name), append(kwVals, d.vals[i])
				}
			case a.Name != nil:
				kwNames, kwVals = append(kwNames, a.Name.Name), append(kwVals, v)
			default:
				pos = append(pos, v)
			}
		}
		return pos, kwNames, kwVals, nil
	}
}

// fixedCallArgs is callArgs for arguments without * or ** (f(a, b,
// key=c)): the keywords' names are the same at every call, one slice
// shared by all (full, so a callee's append copies it), and the values
// take one allocation, the positional ones first. It is nil for
// arguments with * or **.
func (c *compiler) fixedCallArgs(args []*syntax.Arg, vals []evalFn) argsFn {
	var names []string
	for _, a := range args {
		if a.Star != syntax.ILLEGAL {
			return nil
		}
		if a.Name != nil {
			names = append(names, a.Name.Name)
		}
	}
	names = slices.Clip(names)
	nPos := len(args) - len(names)
	return func(in *interp) ([]Value, []string, []Value, error) {
		out := make([]Value, len(args))
		p, k := 0, nPos
		for i, a := range args {
			v, err := vals[i](in)
			if err != nil {
				return nil, nil, nil, err
			}
			if a.Name != nil {
				out[k] = v
				k++
			} else {
				out[p] = v
				p++
			}
		}
		pos, kwVals := out[:nPos:nPos], out[nPos:]
		if nPos == 0 {
			pos = nil
		}
		if len(names) == 0 {
			kwVals = nil
		}
		return pos, names, kwVals, nil
	}
}

// mappingDict is the dict that ** unpacks from v: v's own (a dict, a dict
// subclass's), or one made from a mapping (an object with keys(), a
// library's Mapping such as os.environ); ok is false for other values.
func mappingDict(v Value) (d *Dict, ok bool, err error) {
	if d, ok := containerOf(v).(*Dict); ok {
		return d, true, nil
	}
	_, isMapping := v.(Mapping)
	if x, isInst := v.(*Instance); !isMapping && !(isInst && x.HasOwn("keys")) {
		return nil, false, nil
	}
	d = NewDict()
	return d, true, d.update(v)
}

func (c *compiler) callExpr(x *syntax.CallExpr) evalFn {
	if cell, ok := c.res.supers[x]; ok {
		return c.superCall(x, cell)
	}
	positional := true
	for _, a := range x.Args {
		if a.Star != syntax.ILLEGAL || a.Name != nil {
			positional = false
		}
	}
	if !positional {
		fn, args := c.expr(x.Fn), c.callArgs(x.Args)
		return func(in *interp) (Value, error) {
			f, err := fn(in)
			if err != nil {
				return nil, err
			}
			pos, kwNames, kwVals, err := args(in)
			if err != nil {
				return nil, err
			}
			r, err := in.call(f, pos, kwNames, kwVals, x)
			return r, in.wrapNode(err, x)
		}
	}
	if isNameCall(x) && len(x.Args) == 1 {
		if lc, ok := x.Args[0].Value.(*syntax.ListComp); ok && lc.Gen {
			return c.genArgCall(x)
		}
	}
	args := c.exprs(argExprs(x.Args))
	if attr, ok := x.Fn.(*syntax.AttrExpr); ok {
		return c.methodCall(x, attr, args)
	}
	fn := c.operand(x.Fn)
	argOps := c.operandsWith(x.Args, args)
	lenFn, isinstanceFn := builtins["len"], builtins["isinstance"]
	return func(in *interp) (Value, error) {
		f := fn.ready(in) // operand.value, inlined
		if f == nil {
			var err error
			if f, err = fn.eval(in); err != nil {
				return nil, err
			}
		}
		var err error
		if uf, ok := f.(*Function); ok && uf.code.simpleArity == len(argOps) {
			// Arguments go straight into the callee's slots.
			callee := in.newFrame(uf)
			for i := range argOps {
				o := &argOps[i]
				var v Value
				if o.step != 0 { // n - 1: computed here
					if s, ok := o.stepped(in); ok {
						v = boxInt(in.s, s)
					}
				} else {
					v = o.ready(in) // operand.value, inlined: calls are the hottest path
				}
				if v == nil {
					if v, err = o.eval(in); err != nil {
						in.releaseFrame(callee)
						return nil, err
					}
				}
				callee.locals[i] = v
			}
			r, err := in.runCall(callee, uf, x, true)
			return r, in.wrapNode(err, x)
		}
		switch g := f.(type) {
		case *UserClass:
			if init := g.plainInit(); init != nil {
				if v, ok, err := in.newObject(g, init, argOps, x); ok {
					return v, err
				}
			} else if len(argOps) <= 1 && g.excPlain {
				return in.newExc(g, argOps, x)
			}
		case *Builtin:
			if v, ok, err := in.callLen(f, lenFn, argOps, x); ok {
				return v, err
			}
			if g == isinstanceFn && len(argOps) == 2 {
				return in.callIsInstance(g, argOps, x)
			}
		}
		return in.callOperands(f, argOps, x)
	}
}

// callOperands calls f with the values of positional arguments; apart
// from the call site's closure, whose Go frame it would make larger.
func (in *interp) callOperands(f Value, argOps []operand, x *syntax.CallExpr) (Value, error) {
	if b, ok := f.(*Builtin); ok && len(argOps) <= 4 {
		return in.callBuiltinOperands(b, argOps, x)
	}
	// The arguments go to the heap (in.call leaks them), so they take
	// no more room than they need.
	pos := make([]Value, len(argOps))
	for i := range argOps {
		v, err := argOps[i].value(in)
		if err != nil {
			return nil, err
		}
		pos[i] = v
	}
	r, err := in.call(f, pos, nil, nil, x)
	return r, in.wrapNode(err, x)
}

// callBuiltinOperands is callOperands of a builtin and at most four
// arguments, which stay on the stack: a builtin keeps no argument slice
// (bindPositional).
func (in *interp) callBuiltinOperands(b *Builtin, argOps []operand, x *syntax.CallExpr) (Value, error) {
	var buf [4]Value
	pos := buf[:len(argOps)]
	for i := range argOps {
		v, err := argOps[i].value(in)
		if err != nil {
			return nil, err
		}
		pos[i] = v
	}
	r, err := in.callBuiltin(b, pos, nil, nil, false)
	return r, in.wrapNode(err, x)
}

// attrExpr compiles obj.name; an attribute of an instance of a user class
// is read through the site's inline cache (class_layout.go).
func (c *compiler) attrExpr(x *syntax.AttrExpr) evalFn {
	obj := c.operand(x.X)
	name := x.Name.Name
	cache := newAttrCache()
	var modAttr moduleAttrCache // math.pi
	return func(in *interp) (Value, error) {
		v := obj.ready(in) // operand.value, inlined
		if v == nil {
			var err error
			if v, err = obj.eval(in); err != nil {
				return nil, err
			}
		}
		if inst, ok := v.(*Instance); ok {
			if r, ok := cache.get(inst); ok {
				return r, nil
			}
			r, err := in.readAttr(inst, name, &cache)
			return r, in.wrapNode(err, x.Name)
		}
		mod, isModule := v.(*Module)
		if isModule {
			if r := modAttr.get(mod); r != nil {
				return r, nil
			}
		}
		r, err := in.getAttr(v, name)
		if isModule && err == nil {
			modAttr.put(mod, name, r)
		}
		return r, in.wrapNode(err, x.Name)
	}
}

// isNameCall reports whether x calls a name with positional arguments
// only: f(a, b).
func isNameCall(x *syntax.CallExpr) bool {
	if _, ok := x.Fn.(*syntax.Ident); !ok {
		return false
	}
	for _, a := range x.Args {
		if a.Star != syntax.ILLEGAL || a.Name != nil {
			return false
		}
	}
	return true
}

func argExprs(args []*syntax.Arg) []syntax.Expr {
	out := make([]syntax.Expr, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}

// methodCall compiles recv.name(args...) with positional arguments: a
// method of a list, dict or string is called without making a bound
// method first.
func (c *compiler) methodCall(x *syntax.CallExpr, attr *syntax.AttrExpr, args []evalFn) evalFn {
	recv := c.operand(attr.X)
	name := attr.Name.Name
	// The method tables are fixed once the package is initialised: the
	// call site looks its method up once per receiver type.
	listMethod, dictMethod := typeMethods["list"][name], typeMethods["dict"][name]
	var tensorMethod lateTensorMethod // looked up at the first tensor receiver
	direct, argOps := directMethodOf(name, len(args)), c.operandsWith(x.Args, args)
	var mcache methodCache
	var modAttr moduleAttrCache // math.sqrt
	return func(in *interp) (Value, error) {
		r := recv.ready(in) // operand.value, inlined
		if r == nil {
			var err error
			if r, err = recv.eval(in); err != nil {
				return nil, err
			}
		}
		if direct != notDirect {
			if v, ok, err := in.callDirect(direct, r, argOps, x); ok {
				return v, err
			}
		}
		var m *Builtin
		switch rv := r.(type) {
		case *List:
			if !rv.size { // a torch.Size has methods of its own
				m = listMethod
			}
		case *Dict:
			m = dictMethod
			if km := kindMethod(rv, name); km != nil {
				m = km
			}
		case *tensor.Tensor:
			m = tensorMethod.get(name)
		case *superValue:
			// super().__init__(...): the base's function called with self
			// first, without a bound method.
			if f := superFunction(rv, name); f != nil {
				if v, ok, err := in.callBound(f, rv.self, argOps, x); ok {
					return v, err
				}
			}
		case *Instance:
			if f, native := mcache.method(rv, name); f != nil {
				if v, ok, err := in.callBound(f, rv, argOps, x); ok {
					return v, err
				}
			} else if native {
				// self.fc1(x): what the native base keeps, called.
				if f, ok, err := rv.cls.base().Attr(rv, name); ok && err == nil {
					return in.callOperands(f, argOps, x)
				}
			}
			pos, err := evalAll(in, args)
			if err != nil {
				return nil, err
			}
			if v, ok, err := in.instanceMethodCall(rv, name, pos, x); ok {
				return v, in.wrapNode(err, x)
			}
			f, err := in.instanceAttr(rv, name)
			if err != nil {
				return nil, in.errorAt(err, attr.Name.Span())
			}
			v, err := in.call(f, pos, nil, nil, x)
			return v, in.wrapNode(err, x)
		}
		if m == nil {
			mod, isModule := r.(*Module)
			var f Value
			if isModule {
				f = modAttr.get(mod)
			}
			if f == nil {
				var err error
				if f, err = in.getAttr(r, name); err != nil {
					return nil, in.errorAt(err, attr.Name.Span())
				}
				if isModule {
					modAttr.put(mod, name, f)
				}
			}
			if b, ok := f.(*Builtin); ok && len(argOps) <= 4 { // math.sqrt(x)
				return in.callBuiltinOperands(b, argOps, x)
			}
			pos, err := evalAll(in, args)
			if err != nil {
				return nil, err
			}
			v, err := in.call(f, pos, nil, nil, x)
			return v, in.wrapNode(err, x)
		}
		var buf [4]Value // the arguments stay on the stack: calls keep no slice
		pos := append(buf[:0], r)
		if len(args)+1 > len(buf) {
			pos = make([]Value, 1, len(args)+1)
			pos[0] = r
		}
		for _, a := range args {
			v, err := a(in)
			if err != nil {
				return nil, err
			}
			pos = append(pos, v)
		}
		v, err := in.callBuiltin(m, pos, nil, nil, true)
		return v, in.wrapNode(err, x)
	}
}
