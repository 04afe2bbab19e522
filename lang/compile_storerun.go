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
// split), so that its values fit a buffer on the stack.
const maxStoreRun = 8

// storeRun is a run of statements obj.name = value on one variable obj,
// each value a constant or a variable (an operand that needs no code).
type storeRun struct {
	obj   operand
	sites []*attrSite
	stmts []stmtCode // the statements' own code, for the general path
	// The cache: an instance with layout from, for the epoch, stores
	// the i-th value in slots[i] and gets layout to.
	from, to *layout
	slots    []int
	epoch    uint64
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
// compiled, to one statement with the first one's stmtID.
func (c *compiler) storeRunCode(sites []*attrSite, sts []stmtCode) stmtCode {
	r := &storeRun{obj: sites[0].obj, sites: sites, stmts: sts, from: noLayout, slots: make([]int, len(sites))}
	last := sts[len(sts)-1].id
	return stmtCode{id: sts[0].id, run: func(in *interp) (ctrl, error) {
		if r.fast(in) {
			in.stmtID = last
			return ctrlNext, nil
		}
		return r.general(in)
	}}
}

// fast runs the stores when the cache knows the instance's layout and
// every value is there (a variable may be unbound), reporting whether it
// did; it stores nothing otherwise.
func (r *storeRun) fast(in *interp) bool {
	x, ok := r.obj.ready(in).(*Instance)
	if !ok || x.lay != r.from || r.epoch != classEpoch.Load() {
		return false
	}
	var buf [maxStoreRun]Value
	vals := buf[:len(r.sites)]
	for i, s := range r.sites {
		if vals[i] = s.val.ready(in); vals[i] == nil {
			return false
		}
	}
	for i, v := range vals {
		x.slots[r.slots[i]] = v
	}
	if r.to != r.from {
		x.lay = r.to
	}
	return true
}

// general runs the statements one by one, then learns what they did to
// the instance, when they stored through their caches.
func (r *storeRun) general(in *interp) (ctrl, error) {
	x, isX := r.obj.ready(in).(*Instance)
	var start *layout
	if isX {
		start = x.lay
	}
	for i := range r.stmts {
		in.stmtID = r.stmts[i].id
		if k, err := r.stmts[i].run(in); err != nil || k != ctrlNext {
			return k, err
		}
	}
	if isX {
		r.learn(x, start)
	}
	return ctrlNext, nil
}

// learn fills the cache when the statements' caches, for the epoch, take
// an instance with layout start, one after the other, to x's layout,
// each store into one of its slots.
func (r *storeRun) learn(x *Instance, start *layout) {
	e := classEpoch.Load()
	var slots [maxStoreRun]int
	cur := start
	for i, s := range r.sites {
		c := &s.a.cache
		if start == nil || c.from != cur || c.epoch != e || c.slot < 0 {
			return
		}
		slots[i] = c.slot
		if c.to != nil {
			cur = c.to
		}
	}
	if x.lay != cur {
		return
	}
	copy(r.slots, slots[:])
	r.from, r.to, r.epoch = start, cur, e
}
