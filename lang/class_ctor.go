package lang

import "github.com/kael-dev/kael/lang/syntax"

// Constructors without a frame. An __init__ whose body is only a run of
// stores on self from its parameters and constants,
//
//	def __init__(self, data, children=(), op=''):
//	    self.data = data
//	    self.grad = 0.0
//	    self._prev = children
//	    self._op = op
//
// does nothing but give a fresh instance its attributes once the run's
// cache (storeRun, compile_storerun.go) knows the layout the instance
// starts with: C(args...) then evaluates the arguments, checks what a
// call checks (the recursion limit, an interrupt), and makes the
// instance with its attributes and final layout in one allocation,
// without a frame, the argument slots, the body's dispatch or the write
// barriers of stores into an object already published. Whatever the run
// cache would not take (another epoch, after a class or one of its bases
// changed; an instance of another class than the one the cache learned)
// goes the general way, which runs the body and teaches the cache.

// ctorRun returns r when a function whose body is the run r, with nparams
// positional parameters, can construct without a frame: r stores on the
// first parameter, each value a constant or one of the other parameters
// (never self itself, which does not exist before the allocation).
func ctorRun(r *storeRun, nparams int) *storeRun {
	if r == nil || nparams == 0 || r.obj.kind != operandLocal || r.obj.slot != 0 {
		return nil
	}
	for i := range r.steps {
		v := &r.steps[i].val
		switch {
		case v.kind == operandConst:
		case v.kind == operandLocal && v.slot > 0 && v.slot < nparams:
		default:
			return nil
		}
	}
	return r
}

// maxCtorParams is the most parameters, self included, of an __init__
// that constructs without a frame: its arguments go into a buffer on the
// stack.
const maxCtorParams = 8

// newObjectDirect runs C(args...) for a class whose plainInit is init,
// an __init__ with a ctor run whose cache holds for a fresh instance of
// c; ok is false, with nothing evaluated, when it does not (newObject
// then takes the frame's way). The arguments bind simply (newObject
// checked).
func (in *interp) newObjectDirect(c *UserClass, init *Function, args []operand, at *syntax.CallExpr) (v Value, ok bool, err error) {
	code := init.code
	r := code.ctor
	if r == nil || len(init.params) > maxCtorParams || r.from != c.emptyLayout() || r.epoch != classEpoch.Load() ||
		in.depth >= MaxDepth || in.weight+code.weight > maxWeight {
		return nil, false, nil
	}
	var params [maxCtorParams]Value // self's slot stays empty
	for i := range args {
		o := &args[i]
		a := o.ready(in) // operand.value, inlined
		if a == nil {
			if a, err = o.eval(in); err != nil {
				return nil, true, err
			}
		}
		params[i+1] = a
	}
	for i := len(args) + 1; i < len(init.params); i++ {
		params[i] = init.params[i].def
	}
	if in.tickDue() { // what runCall checks on its way in
		if err := in.checkInterrupt(); err != nil {
			return nil, true, in.wrapNode(in.traced(err, at), at)
		}
	}
	var slots [instanceSlots]Value
	for i := range r.steps {
		st := &r.steps[i]
		if st.val.kind == operandConst {
			slots[st.slot%instanceSlots] = st.val.konst
		} else {
			slots[st.slot%instanceSlots] = params[st.val.slot%maxCtorParams]
		}
	}
	return &Instance{cls: c, lay: r.to, slots: slots}, true, nil
}
