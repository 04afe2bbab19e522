package lang

// Runs of attribute stores: an __init__ that sets its attributes from
// its parameters and constants,
//
//	self.data = data
//	self.grad = 0.0
//	self._prev = children
//
// is compiled as one step. Once the statements, run one after the other
// through their own caches (class_layout.go), have taken an instance from
// one layout to another, an instance with the first layout, in the same
// classEpoch, gets all the values at once and the last layout: what each
// store's cache would do in turn, without a statement's dispatch and a
// cache's checks per store.

// maxStoreRun is the most statements a run has (a longer sequence is
// split), so that learn works in buffers on the stack.
const maxStoreRun = 8

// storeRun is a run of statements obj.name = value on one variable obj,
// each value a constant or a variable (an operand that needs no code).
type storeRun struct {
	obj   operand
	sites []*attrSite
	stmts []stmtCode // the statements' own code, for the general path
	// The cache: an instance with layout from, for the epoch, stores
	// each step's value in the step's slot and has layout lays[i] after
	// the first i stores (to after all).
	steps    []runStep
	lays     []*layout
	from, to *layout
	epoch    uint64
	// plan is how a constructor without a frame (class_ctor.go) fills a
	// fresh instance for the cache, when hasPlan says the run can be
	// one (kept in the run, so that learning allocates nothing).
	plan    ctorPlan
	hasPlan bool
}

// runStep is one store of a storeRun: its value and the slot it goes to.
type runStep struct {
	val  operand
	slot uint
}

// runnable reports whether s can be in a run of stores on obj: its
// value is an operand that evaluates no code, and its object is obj, a
// variable (nil obj: s starts a run).
func (s *attrSite) runnable(obj *operand) bool {
	if s.val.kind == operandExpr || s.obj.kind != operandLocal && s.obj.kind != operandGlobal {
		return false
	}
	return obj == nil || s.obj.kind == obj.kind && s.obj.slot == obj.slot && s.obj.glob == obj.glob
}

// storeRunCode compiles the run of the statements sts, which sites
// compiled, to one statement with the first one's stmtID, and returns
// the run too.
func (c *compiler) storeRunCode(sites []*attrSite, sts []stmtCode) (stmtCode, *storeRun) {
	r := &storeRun{obj: sites[0].obj, sites: sites, stmts: sts, from: noLayout,
		steps: make([]runStep, len(sites)), lays: make([]*layout, len(sites))}
	for i, s := range sites {
		r.steps[i].val = s.val
	}
	last := sts[len(sts)-1].id
	return stmtCode{id: sts[0].id, run: func(in *interp) (ctrl, error) {
		n := r.fast(in)
		if n == len(r.steps) {
			in.stmtID = last
			return ctrlNext, nil
		}
		return r.general(in, n)
	}}, r
}

// fast runs the stores when the cache knows the instance's layout and
// returns how many it ran: all of them, or those before a value that is
// not there (an unbound variable), with the instance's layout what they
// make it; none when the cache does not know the instance.
func (r *storeRun) fast(in *interp) int {
	x, ok := r.obj.ready(in).(*Instance)
	if !ok || x.lay != r.from || r.epoch != classEpoch.Load() {
		return 0
	}
	for i := range r.steps {
		st := &r.steps[i]
		v := st.val.ready(in)
		if v == nil {
			x.lay = r.lays[i]
			return i
		}
		x.slots[st.slot%instanceSlots] = v
	}
	if r.to != r.from {
		x.lay = r.to
	}
	return len(r.steps)
}

// general runs the statements from the n-th on, one by one; when it ran
// them all, it learns what they did to the instance, when they stored
// through their caches.
func (r *storeRun) general(in *interp, n int) (ctrl, error) {
	x, isX := r.obj.ready(in).(*Instance)
	var start *layout
	if isX {
		start = x.lay
	}
	for i := n; i < len(r.stmts); i++ {
		in.stmtID = r.stmts[i].id
		if k, err := r.stmts[i].run(in); err != nil || k != ctrlNext {
			return k, err
		}
	}
	if isX && n == 0 {
		r.learn(x, start)
	}
	return ctrlNext, nil
}

// learn fills the cache when the statements' caches, for the epoch, take
// an instance with layout start, one after the other, to x's layout,
// each store into one of its slots.
func (r *storeRun) learn(x *Instance, start *layout) {
	e := classEpoch.Load()
	var slots [maxStoreRun]uint
	var lays [maxStoreRun]*layout
	cur := start
	for i, s := range r.sites {
		c := &s.a.cache
		if start == nil || c.from != cur || c.epoch != e || c.slot < 0 {
			return
		}
		slots[i], lays[i] = uint(c.slot), cur
		if c.to != nil {
			cur = c.to
		}
	}
	if x.lay != cur {
		return
	}
	for i := range r.steps {
		r.steps[i].slot = slots[i]
	}
	copy(r.lays, lays[:])
	r.hasPlan = r.plan.fill(r.steps)
	r.from, r.to, r.epoch = start, cur, e
}
