package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// A failing statement changes no variable. For x = e and for unpacking into
// names (a, b = e) that costs nothing: everything that can fail (e, the
// unpacking) happens before the first store, and storing into a slot cannot
// fail. Only assignments with several targets, or with an element or
// attribute among them, keep an undo log (assignGeneral).

// storeFn stores a value into a compiled assignment target.
type storeFn func(in *interp, v Value) error

// nameSlot is the compiled access to one variable's slot: raw reads (nil
// when unbound) and writes (nil unbinds), for stores and undo logs.
type nameSlot struct {
	load  func(in *interp) Value
	store func(in *interp, v Value)
	kind  scopeKind
}

func (c *compiler) nameSlot(id *syntax.Ident) nameSlot {
	b := c.res.uses[id]
	i := b.index
	switch b.kind {
	case scopeLocal:
		return nameSlot{kind: b.kind,
			load:  func(in *interp) Value { return in.locals[i] },
			store: func(in *interp, v Value) { in.locals[i] = v }}
	case scopeCell:
		return nameSlot{kind: b.kind,
			load:  func(in *interp) Value { return in.locals[i].(*varCell).v },
			store: func(in *interp, v Value) { in.locals[i].(*varCell).v = v }}
	case scopeFree:
		return nameSlot{kind: b.kind,
			load:  func(in *interp) Value { return in.free[i].v },
			store: func(in *interp, v Value) { in.free[i].v = v }}
	}
	cell := c.glob.cell(i)
	return nameSlot{kind: b.kind,
		load:  func(*interp) Value { return cell.v },
		store: func(_ *interp, v Value) { cell.v = v }}
}

// storeName compiles a store into a variable.
func (c *compiler) storeName(id *syntax.Ident) func(in *interp, v Value) {
	return c.nameSlot(id).store
}

// targetCode is a compiled assignment target.
type targetCode struct {
	node syntax.Expr
	name *nameSlot     // a variable
	elts []*targetCode // a tuple or list of targets
	// starred says that elts[starAt] was starred (a, *b = e).
	starred bool
	starAt  int
	obj     evalFn // the object of an attribute or element
	attr    string
	subs    subscriptsFn // the subscripts of an element; nil for an attribute
	key     evalFn       // the subscript of x[k], one that is not a slice
	// objOp and keyOp are obj and key as operands, for x[k] = v to read
	// a variable x or k without calling its closure.
	objOp, keyOp operand
}

func unparen(t syntax.Expr) syntax.Expr {
	for {
		p, ok := t.(*syntax.ParenExpr)
		if !ok {
			return t
		}
		t = p.X
	}
}

func (c *compiler) targetCode(t syntax.Expr) *targetCode {
	tc := &targetCode{node: t}
	switch u := unparen(t).(type) {
	case *syntax.Ident:
		s := c.nameSlot(u)
		tc.name = &s
	case *syntax.TupleExpr:
		c.targetElts(tc, u.Elts)
	case *syntax.ListExpr:
		c.targetElts(tc, u.Elts)
	case *syntax.AttrExpr:
		tc.obj, tc.attr = c.expr(u.X), u.Name.Name
	case *syntax.IndexExpr:
		tc.obj, tc.subs = c.expr(u.X), c.subscripts(u.Subs)
		if _, isSlice := u.Subs[0].(*syntax.SliceExpr); len(u.Subs) == 1 && !isSlice {
			tc.key = c.expr(u.Subs[0])
			tc.objOp, tc.keyOp = c.operandWith(u.X, tc.obj), c.operandWith(u.Subs[0], tc.key)
		}
	default:
		c.fail(Errorf(SyntaxError, "cannot assign to this expression"), t)
	}
	return tc
}

// namesOnly reports whether a target binds only variables.
func (tc *targetCode) namesOnly() bool {
	if tc.name != nil {
		return true
	}
	if tc.obj != nil {
		return false
	}
	for _, e := range tc.elts {
		if !e.namesOnly() {
			return false
		}
	}
	return true
}

// hasStar reports whether a target or one nested in it is starred.
func (tc *targetCode) hasStar() bool {
	if tc.starred {
		return true
	}
	for _, e := range tc.elts {
		if e.hasStar() {
			return true
		}
	}
	return false
}

// names appends the variables of a target of names only to to, depth
// first: the order in which an assignment stores them.
func (tc *targetCode) names(to []*nameSlot) []*nameSlot {
	if tc.name != nil {
		return append(to, tc.name)
	}
	for _, e := range tc.elts {
		to = e.names(to)
	}
	return to
}

// fitsTuples reports whether v unpacks into tc, a target of names and
// nested tuples of names without a star, as tuples of the targets'
// lengths: an unpacking that runs no code of the program and cannot fail.
func (tc *targetCode) fitsTuples(v Value) bool {
	if tc.name != nil {
		return true
	}
	t, ok := v.(Tuple)
	if !ok || len(t) != len(tc.elts) {
		return false
	}
	for i, e := range tc.elts {
		if !e.fitsTuples(t[i]) {
			return false
		}
	}
	return true
}

// storeTuples stores v, which fitsTuples tc, into tc's names in their
// order.
func (tc *targetCode) storeTuples(in *interp, v Value) {
	if tc.name != nil {
		tc.name.store(in, v)
		return
	}
	t := v.(Tuple)
	for i, e := range tc.elts {
		e.storeTuples(in, t[i])
	}
}

// target compiles the target of a for loop, a comprehension or a with
// statement.
func (c *compiler) target(t syntax.Expr) storeFn {
	tc := c.targetCode(t)
	return c.assignTo([]*targetCode{tc})
}

// assignTo returns what stores a value into targets, in order.
func (c *compiler) assignTo(targets []*targetCode) storeFn {
	if len(targets) == 1 && targets[0].name != nil {
		store := targets[0].name.store
		return func(in *interp, v Value) error { store(in, v); return nil }
	}
	if len(targets) == 1 && targets[0].namesOnly() && allNames(targets[0].elts) {
		// a, b = e: unpack, then store; only the unpacking can fail.
		tc := targets[0]
		return func(in *interp, v Value) error {
			elems, err := tc.unpack(v)
			if err != nil {
				return err
			}
			for i, e := range tc.elts {
				e.name.store(in, elems[i])
			}
			return nil
		}
	}
	if len(targets) == 1 && targets[0].namesOnly() && !targets[0].hasStar() {
		// j, (a, b) = e: nested tuples of the targets' shape are stored
		// at once; anything else (a list, an iterator, a wrong length)
		// takes the general way, which unpacks as it stores and undoes.
		tc := targets[0]
		return func(in *interp, v Value) error {
			if tc.fitsTuples(v) {
				tc.storeTuples(in, v)
				return nil
			}
			return in.assignGeneral(targets, v)
		}
	}
	if len(targets) == 1 && targets[0].key != nil {
		// x[k] = e: x, then k, read inline when they are variables or
		// constants; a dict stores directly.
		tc := targets[0]
		return func(in *interp, v Value) error {
			obj := tc.objOp.ready(in) // operand.value, inlined
			if obj == nil {
				var err error
				if obj, err = tc.objOp.eval(in); err != nil {
					return err
				}
			}
			k := tc.keyOp.ready(in)
			if k == nil {
				var err error
				if k, err = tc.keyOp.eval(in); err != nil {
					return err
				}
			}
			if d, ok := obj.(*Dict); ok {
				return in.wrapNode(d.Set(k, v), tc.node)
			}
			s := store{target: tc.node, obj: obj, value: v, subs: []Subscript{{Value: k}}}
			return in.wrapNode(s.apply(in), tc.node)
		}
	}
	if len(targets) == 1 && targets[0].obj != nil {
		// x.a = e (or x[i:j] = e): one store, which changes nothing when it fails.
		tc := targets[0]
		return func(in *interp, v Value) error {
			obj, err := tc.obj(in)
			if err != nil {
				return err
			}
			if x, ok := obj.(*Instance); ok && tc.subs == nil {
				return in.wrapNode(in.setInstanceAttr(x, tc.attr, v), tc.node) // self.x = v in this frame
			}
			s := store{target: tc.node, obj: obj, attr: tc.attr, value: v}
			if tc.key != nil {
				k, err := tc.key(in)
				if err != nil {
					return err
				}
				if d, ok := obj.(*Dict); ok {
					return in.wrapNode(d.Set(k, v), tc.node)
				}
				s.subs = []Subscript{{Value: k}}
			} else if tc.subs != nil {
				if s.subs, err = tc.subs(in); err != nil {
					return err
				}
			}
			return in.wrapNode(s.apply(in), tc.node)
		}
	}
	return func(in *interp, v Value) error { return in.assignGeneral(targets, v) }
}

func allNames(ts []*targetCode) bool {
	for _, t := range ts {
		if t.name == nil {
			return false
		}
	}
	return true
}

// unpack returns the n elements of v for a, b, ... = v.
func unpack(v Value, n int) ([]Value, error) {
	elems, err := unpackElems(v, n+1)
	if err != nil {
		return nil, err
	}
	if len(elems) != n {
		if len(elems) > n {
			return nil, Errorf(ValueError, "too many values to unpack (expected %d)", n)
		}
		return nil, Errorf(ValueError, "not enough values to unpack (expected %d, got %d)", n, len(elems))
	}
	return elems, nil
}

// unpackElems returns the elements of v, which an assignment unpacks: at
// most limit of them (all when limit is negative). A tensor's error
// (iteration over a 0-d tensor) is PyTorch's; one that is not a
// TypeError, such as a range too long to hold, is kept.
func unpackElems(v Value, limit int) ([]Value, error) {
	if elems, ok := v.(Tuple); ok {
		return elems, nil
	}
	elems, err := collectUpTo(v, limit)
	if err != nil {
		if _, isTensor := v.(*tensor.Tensor); isTensor {
			return nil, err
		}
		if e, ok := err.(*Error); ok && (e.Kind != TypeError || IsIterable(v)) {
			return nil, err // an iterable's own TypeError: iter() returned non-iterator
		}
		return nil, Errorf(TypeError, "cannot unpack non-iterable %s object", TypeName(v))
	}
	return elems, nil
}

func (c *compiler) assignStmt(st *syntax.AssignStmt) execFn {
	if st.Op != syntax.ASSIGN {
		return c.augAssign(st)
	}
	if s := c.plainAttrSite(st); s != nil {
		return s.code()
	}
	value := c.expr(st.Value)
	targets := make([]*targetCode, len(st.Targets))
	for i, t := range st.Targets {
		targets[i] = c.targetCode(t)
	}
	if len(targets) == 1 && targets[0].name != nil {
		store := targets[0].name.store
		return func(in *interp) (ctrl, error) {
			v, err := value(in)
			if err != nil {
				return ctrlNext, in.wrapNode(err, st)
			}
			store(in, v)
			return ctrlNext, nil
		}
	}
	assign := c.assignTo(targets)
	general := func(in *interp) (ctrl, error) {
		v, err := value(in)
		if err != nil {
			return ctrlNext, in.wrapNode(err, st)
		}
		if err := assign(in, v); err != nil {
			if len(targets) == 1 {
				err = in.errorAt(err, st.Targets[0].Span())
			}
			return ctrlNext, in.wrapNode(err, st)
		}
		return ctrlNext, nil
	}
	if pair := c.pairCallAssign(st, targets, general); pair != nil {
		return pair
	}
	return general
}

// pairCallAssign compiles a, b = f(x, y), two names assigned a call of a
// name with two arguments that are names or number literals, or returns
// nil: when f is a builtin with a pair path (divmod) that answers x and
// y, the two elements go straight into a and b, without the tuple;
// otherwise general runs the statement, evaluating f, x and y again,
// which has no effect a program can see (a name's lookup has none, and
// one that fails fails the same way again).
func (c *compiler) pairCallAssign(st *syntax.AssignStmt, targets []*targetCode, general execFn) execFn {
	if len(targets) != 1 {
		return nil
	}
	t := targets[0]
	if t.name != nil || t.starred || len(t.elts) != 2 || t.elts[0].name == nil || t.elts[1].name == nil {
		return nil
	}
	call, ok := unparen(st.Value).(*syntax.CallExpr)
	if !ok || !isNameCall(call) || len(call.Args) != 2 || c.res.supers[call] != nil {
		return nil
	}
	for _, a := range call.Args {
		switch a.Value.(type) {
		case *syntax.Ident, *syntax.IntLit, *syntax.FloatLit:
		default:
			return nil
		}
	}
	fn, x, y := c.expr(call.Fn), c.expr(call.Args[0].Value), c.expr(call.Args[1].Value)
	first, second := t.elts[0].name, t.elts[1].name
	return func(in *interp) (ctrl, error) {
		f, err := fn(in)
		if b, ok := f.(*Builtin); ok && err == nil && b.names != nil && b.names.pair != nil {
			xv, errX := x(in)
			yv, errY := y(in)
			if errX == nil && errY == nil {
				if p, q, ok := b.names.pair(in, xv, yv); ok {
					first.store(in, p)
					second.store(in, q)
					return ctrlNext, nil
				}
			}
		}
		return general(in)
	}
}

// plainAttrSite compiles st when it is obj.name = value (one target, an
// attribute), else returns nil having compiled nothing.
func (c *compiler) plainAttrSite(st syntax.Stmt) *attrSite {
	as, ok := st.(*syntax.AssignStmt)
	if !ok || as.Op != syntax.ASSIGN || len(as.Targets) != 1 {
		return nil
	}
	ae, ok := unparen(as.Targets[0]).(*syntax.AttrExpr)
	if !ok {
		return nil
	}
	value := c.expr(as.Value)
	assign := c.assignTo([]*targetCode{c.targetCode(as.Targets[0])})
	return &attrSite{
		val: c.operandWith(as.Value, value), obj: c.operand(ae.X),
		a: &attrStore{st: as, ae: ae, assign: assign, cache: newStoreCache()},
	}
}

// attrSite is a compiled obj.name = value: an instance of a user class
// stores through the statement's inline cache (class_layout.go), other
// objects through the general store.
type attrSite struct {
	val, obj operand
	a        *attrStore
}

// code returns the statement's code.
func (s *attrSite) code() execFn {
	val, obj, a := s.val, s.obj, s.a
	return func(in *interp) (ctrl, error) {
		v := val.ready(in) // operand.value, inlined
		if v == nil {
			var err error
			if v, err = val.eval(in); err != nil {
				return ctrlNext, in.wrapNode(err, a.st)
			}
		}
		o := obj.ready(in)
		if x, ok := o.(*Instance); ok && a.cache.set(x, v) {
			return ctrlNext, nil
		}
		return ctrlNext, in.storeAttrSlow(a, o, v)
	}
}

// attrStore is a compiled obj.name = value.
type attrStore struct {
	st     *syntax.AssignStmt
	ae     *syntax.AttrExpr
	assign storeFn
	cache  storeCache
}

// storeAttrSlow is an attrSite's store when its cache does not know the
// object: o is the object when it is a variable's value, else nil.
func (in *interp) storeAttrSlow(a *attrStore, o, v Value) error {
	var err error
	if x, ok := o.(*Instance); ok {
		err = in.wrapNode(in.setCached(x, a.ae.Name.Name, v, &a.cache), a.ae)
	} else {
		err = a.assign(in, v)
	}
	if err != nil {
		return in.wrapNode(in.errorAt(err, a.ae.Span()), a.st)
	}
	return nil
}

// nameUndo is a variable's value before an assignment stored into it.
type nameUndo struct {
	slot *nameSlot
	old  Value
}

// assignGeneral stores v into each target (a = b[0] = v) so that a failing
// assignment changes no variable. It binds names in order, keeping their
// old values, so that later targets see them (i, l[i] = 1, 2 indexes with
// the new i); it evaluates every element's and attribute's object and
// subscripts and unpacks every tuple; then it stores elements and
// attributes, undoing those already stored when one fails. On any failure
// the names get their old values back.
func (in *interp) assignGeneral(targets []*targetCode, v Value) error {
	var names []nameUndo
	var stores []store
	restore := func() {
		for i := len(names) - 1; i >= 0; i-- {
			names[i].slot.store(in, names[i].old)
		}
	}
	for _, t := range targets {
		if err := in.resolveTarget(t, v, &names, &stores); err != nil {
			restore()
			return in.errorAt(err, t.node.Span())
		}
	}
	// Each store but the last that can fail keeps what undoes it (a copy of
	// what it overwrites); a failing store changed nothing itself.
	var undo []func()
	for k, s := range stores {
		var restoreStore func()
		if k < len(stores)-1 {
			restoreStore = s.undo()
		}
		if err := s.apply(in); err != nil {
			for i := len(undo) - 1; i >= 0; i-- {
				undo[i]()
			}
			restore()
			return in.errorAt(err, s.target.Span())
		}
		if restoreStore != nil {
			undo = append(undo, restoreStore)
		}
	}
	return nil
}

// resolveTarget binds the names of t and evaluates what its elements and
// attributes need to receive v, appending their stores.
func (in *interp) resolveTarget(t *targetCode, v Value, names *[]nameUndo, stores *[]store) error {
	switch {
	case t.name != nil:
		*names = append(*names, nameUndo{slot: t.name, old: t.name.load(in)})
		t.name.store(in, v)
		return nil
	case t.obj == nil:
		elems, err := t.unpack(v)
		if err != nil {
			return err
		}
		for i, e := range t.elts {
			if err := in.resolveTarget(e, elems[i], names, stores); err != nil {
				return in.errorAt(err, e.node.Span())
			}
		}
		return nil
	}
	obj, err := t.obj(in)
	if err != nil {
		return err
	}
	s := store{target: t.node, obj: obj, attr: t.attr, value: v}
	if t.subs != nil {
		if s.subs, err = t.subs(in); err != nil {
			return err
		}
	}
	*stores = append(*stores, s)
	return nil
}

// store is one resolved assignment to an element or an attribute.
type store struct {
	target syntax.Expr // for the error's span
	obj    Value
	subs   []Subscript // for an element; nil for an attribute
	attr   string      // for an attribute
	value  Value
}

func (s store) apply(in *interp) error {
	if s.subs == nil {
		// a library attribute may warn as it is set (Tensor.volatile)
		_, err := in.warned(nil, setAttr(s.obj, s.attr, s.value))
		return err
	}
	return setIndex(s.obj, s.subs, s.value)
}

// undo returns what restores the state before s is applied: the old
// element of a list or dict, the old elements (and autograd history) of a
// tensor, or the old attribute.
func (s store) undo() func() {
	nothing := func() {}
	if x, ok := s.obj.(*Instance); ok && s.subs == nil {
		if old, had := x.get(s.attr); had {
			return func() { x.set(s.attr, old) }
		}
		if !x.HasOwn(s.attr) && x.Native() == nil {
			return func() { x.DeleteOwn(s.attr) }
		}
	}
	if s.subs == nil {
		old, err := getAttr(s.obj, s.attr)
		if err != nil {
			return nothing
		}
		return func() { _ = setAttr(s.obj, s.attr, old) }
	}
	switch x := s.obj.(type) {
	case *tensor.Tensor:
		idx, err := tensorIndices(s.subs)
		if err != nil {
			return nothing
		}
		old, err := x.Index(idx...)
		if err == nil {
			old, err = old.Clone() // Index may give a view of x
		}
		if err != nil {
			return nothing // the store fails the same way
		}
		meta := x.Autograd()
		return func() { _ = x.IndexPut(idx, old); x.SetAutograd(meta) }
	case *List:
		if len(s.subs) == 1 && !s.subs[0].IsSlice {
			if i, err := seqIndex(s.subs[0].Value, len(x.Elems), "list assignment"); err == nil {
				old := x.Elems[i]
				return func() { x.Elems[i] = old }
			}
			return nothing
		}
		elems := x.Elems // slice assignment makes a new array
		return func() { x.Elems = elems }
	case *Dict:
		key, err := subsKey(s.subs)
		if err != nil {
			return nothing
		}
		old, found, err := x.Get(key)
		if err != nil {
			return nothing
		}
		if !found {
			return func() { _, _ = x.Delete(key) }
		}
		return func() { _ = x.Set(key, old) }
	}
	return nothing
}

// augAssign compiles x op= v: in place on tensors, as in PyTorch, and as a
// rebinding for every other value. The target's object and subscripts are
// evaluated once.
func (c *compiler) augAssign(st *syntax.AssignStmt) execFn {
	target := unparen(st.Targets[0])
	value := c.expr(st.Value)
	op := st.Op
	var load func(in *interp) (cur Value, s store, err error)
	var storeVar func(in *interp, v Value)
	switch t := target.(type) {
	case *syntax.Ident:
		get := c.loadName(t)
		storeVar = c.storeName(t)
		load = func(in *interp) (Value, store, error) {
			v, err := get(in)
			return v, store{}, err
		}
	case *syntax.AttrExpr:
		obj, attr := c.expr(t.X), t.Name.Name
		load = func(in *interp) (Value, store, error) {
			s := store{target: t, attr: attr}
			var err error
			if s.obj, err = obj(in); err != nil {
				return nil, s, err
			}
			cur, err := getAttr(s.obj, attr)
			return cur, s, in.wrapNode(err, t.Name)
		}
	case *syntax.IndexExpr:
		obj, subs := c.expr(t.X), c.subscripts(t.Subs)
		load = func(in *interp) (Value, store, error) {
			s := store{target: t}
			var err error
			if s.obj, err = obj(in); err != nil {
				return nil, s, err
			}
			if s.subs, err = subs(in); err != nil {
				return nil, s, err
			}
			cur, err := Index(s.obj, s.subs)
			return cur, s, in.wrapNode(err, t)
		}
	default:
		return c.fail(Errorf(SyntaxError, "illegal expression for augmented assignment"), target)
	}
	return func(in *interp) (ctrl, error) {
		cur, s, err := load(in)
		if err != nil {
			return ctrlNext, in.wrapNode(err, st)
		}
		v, err := value(in)
		if err != nil {
			return ctrlNext, in.wrapNode(err, st)
		}
		if storeVar != nil && op == syntax.PLUS {
			if a, ok := cur.(int64); ok {
				if b, ok := v.(int64); ok {
					if r, ok := addInt(a, b); ok {
						storeVar(in, boxInt(in.s, r))
						return ctrlNext, nil
					}
				}
			}
		}
		if t, ok := cur.(*tensor.Tensor); ok {
			y, err := ToTensor(v)
			if err != nil || IsBuiltinSequence(v) { // Tensor.__iadd__ gives NotImplemented for a list
				return ctrlNext, in.errorAt(inPlaceError(operandError(op, cur, v), op, cur, v), st.Span())
			}
			if err := in.inPlace(op, t, y); err != nil || storeVar != nil {
				return ctrlNext, in.wrap(err, st.Span())
			}
			// x[i] op= v is x[i] = x[i].__iop__(v), as in Python: an index
			// that copies (x[[0, 2]], x[mask]) read a new tensor, and only
			// the store writes the result back into x (PyTorch's
			// index_put_); one that views (x[0], x[1:]) wrote x already,
			// and the store copies the region onto itself, recording the
			// CopySlices that PyTorch records.
			s.value = t
			return ctrlNext, in.wrapNode(s.apply(in), target)
		}
		if ok, err := in.inPlaceContainer(op, cur, v, st); err != nil {
			return ctrlNext, in.errorAt(err, st.Span())
		} else if ok {
			if storeVar != nil {
				return ctrlNext, nil // the name holds the updated container
			}
			// x[i] += [v] and o.a += [v] store the container back, as
			// Python does: __setitem__/__setattr__ run, and a tuple's
			// item (t[0] += [v]) raises after the list has grown
			s.value = cur
			return ctrlNext, in.wrapNode(s.apply(in), target)
		}
		r, err := in.augmented(op, cur, v, st)
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Span())
		}
		if storeVar != nil {
			storeVar(in, r)
			return ctrlNext, nil
		}
		s.value = r
		return ctrlNext, in.wrapNode(s.apply(in), target)
	}
}

// moduleAnnotations returns the __annotations__ of the module whose
// globals g are, making an empty dict when the module has none yet (as
// CPython's SETUP_ANNOTATIONS). It is any mapping the program put there
// (exec with a globals dict holding one): x: T stores into it with
// __setitem__.
func moduleAnnotations(g *globalTable) (Value, error) {
	v, ok := g.get("__annotations__")
	if !ok {
		d := NewDict()
		g.set("__annotations__", d)
		return d, nil
	}
	return v, nil
}

// annAssignValue compiles the binding part of x: T = e.
func (c *compiler) annAssignValue(st *syntax.AnnAssignStmt) execFn {
	if st.Value != nil {
		return c.assignStmt(&syntax.AssignStmt{Targets: []syntax.Expr{st.Target}, OpPos: st.AssignPos, Op: syntax.ASSIGN, Value: st.Value})
	}
	var obj evalFn
	var subs subscriptsFn
	switch t := unparen(st.Target).(type) {
	case *syntax.AttrExpr:
		obj = c.expr(t.X)
	case *syntax.IndexExpr:
		obj, subs = c.expr(t.X), c.subscripts(t.Subs)
	default:
		return func(in *interp) (ctrl, error) { return ctrlNext, nil }
	}
	return func(in *interp) (ctrl, error) {
		_, err := obj(in)
		if err == nil && subs != nil {
			_, err = subs(in)
		}
		return ctrlNext, in.wrapNode(err, st.Target)
	}
}

// delStmt compiles del: it checks first that every target exists, so that
// a failing del deletes nothing.
func (c *compiler) delStmt(st *syntax.DelStmt) execFn {
	type delTarget struct {
		node syntax.Expr
		name *syntax.Ident
		slot nameSlot
		obj  evalFn
		subs subscriptsFn // nil for an attribute
		attr string
	}
	var targets []delTarget
	var add func(t syntax.Expr)
	add = func(t syntax.Expr) {
		switch u := unparen(t).(type) {
		case *syntax.Ident:
			targets = append(targets, delTarget{node: t, name: u, slot: c.nameSlot(u)})
		case *syntax.TupleExpr:
			for _, e := range u.Elts {
				add(e)
			}
		case *syntax.ListExpr:
			for _, e := range u.Elts {
				add(e)
			}
		case *syntax.IndexExpr:
			targets = append(targets, delTarget{node: t, obj: c.expr(u.X), subs: c.subscripts(u.Subs)})
		case *syntax.AttrExpr:
			targets = append(targets, delTarget{node: t, obj: c.expr(u.X), attr: u.Name.Name})
		default:
			c.fail(Errorf(SyntaxError, "cannot delete this expression"), t)
		}
	}
	for _, t := range st.Targets {
		add(t)
	}
	return func(in *interp) (ctrl, error) {
		type deletion struct {
			slot   *nameSlot
			remove func() error
			node   syntax.Expr
		}
		var plan []deletion
		for i := range targets {
			t := &targets[i]
			if t.name != nil {
				gone := false // del x, x
				for _, d := range plan {
					if prev, ok := d.node.(*syntax.Ident); ok && d.slot != nil && prev.Name == t.name.Name {
						gone = true
					}
				}
				if t.slot.load(in) == nil || gone {
					err := Errorf(NameError, "name '%s' is not defined", t.name.Name).withName(t.name.Name, nil)
					err.named.scope = in.scopeForSuggestion()
					if t.slot.kind != scopeGlobal {
						err = Errorf(UnboundLocalError, "cannot access local variable '%s' where it is not associated with a value", t.name.Name)
					}
					return ctrlNext, in.errorAt(err, t.node.Span())
				}
				plan = append(plan, deletion{slot: &t.slot, node: t.name})
				continue
			}
			obj, err := t.obj(in)
			if err != nil {
				return ctrlNext, in.wrapNode(err, t.node)
			}
			var remove func() error
			if t.subs == nil {
				remove, err = delAttr(obj, t.attr)
			} else {
				var subs []Subscript
				if subs, err = t.subs(in); err != nil {
					return ctrlNext, in.wrapNode(err, t.node)
				}
				remove, err = delIndex(obj, subs)
			}
			if err != nil {
				return ctrlNext, in.errorAt(err, t.node.Span())
			}
			plan = append(plan, deletion{remove: remove, node: t.node})
		}
		// Every target was checked against the values as they were; a list
		// that an earlier target shortened can still fail, as in Python.
		for _, d := range plan {
			if d.slot != nil {
				d.slot.store(in, nil)
			} else if err := d.remove(); err != nil {
				return ctrlNext, in.errorAt(err, d.node.Span())
			}
		}
		return ctrlNext, nil
	}
}
