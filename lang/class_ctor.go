package lang

import (
	"unsafe"

	"github.com/kael-dev/kael/lang/syntax"
)

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
// that constructs without a frame: its plan has room for them.
const maxCtorParams = 8

// noSlot marks a parameter whose value no attribute keeps.
const noSlot = 0xff

// ctorPlan is what a learned run of stores (storeRun.learn) does to a
// fresh instance, in the form a constructor without a frame applies it:
// the constants in their slots, and the slot each parameter's value goes
// to. When a slot is stored twice the last store's value is the one
// kept, as running the stores in turn would leave it.
type ctorPlan struct {
	konst  [instanceSlots]Value // each constant in its slot, nil elsewhere
	slotOf [maxCtorParams]uint8 // by parameter (self is 0): its slot, or noSlot
}

// fill makes p the plan of a run whose steps have their slots, and
// reports false when the run cannot construct without a frame that way:
// a value that is neither a constant nor a parameter, a slot beyond the
// inline ones, or a parameter kept in two attributes (self.a = x;
// self.b = x).
func (p *ctorPlan) fill(steps []runStep) bool {
	var last [instanceSlots]int // the step that stores each slot last, plus one
	for i := range steps {
		if steps[i].slot >= instanceSlots {
			return false
		}
		last[steps[i].slot] = i + 1
	}
	*p = ctorPlan{}
	for i := range p.slotOf {
		p.slotOf[i] = noSlot
	}
	for slot, i := range last {
		if i == 0 {
			continue
		}
		v := &steps[i-1].val
		switch {
		case v.kind == operandConst:
			p.konst[slot] = v.konst
		case v.kind == operandLocal && v.slot > 0 && v.slot < maxCtorParams && p.slotOf[v.slot] == noSlot:
			p.slotOf[v.slot] = uint8(slot)
		default:
			return false
		}
	}
	return true
}

// newObjectDirect runs C(args...) for a class whose plainInit is init,
// an __init__ with a ctor run whose cache holds for a fresh instance of
// c; ok is false, with nothing evaluated, when it does not (newObject
// then takes the frame's way). The arguments bind simply (newObject
// checked): each is evaluated, in order, straight into the slot of the
// attribute that keeps it.
func (in *interp) newObjectDirect(c *UserClass, init *Function, args []operand, at *syntax.CallExpr) (v Value, ok bool, err error) {
	code := init.code
	r := code.ctor
	if r == nil || len(init.params) > maxCtorParams || r.from != c.emptyLayout() || r.epoch != classEpoch.Load() ||
		!r.hasPlan || in.depth >= MaxDepth || in.weight+code.weight > maxWeight {
		return nil, false, nil
	}
	p := &r.plan
	slots := p.konst
	var two [2]Value       // the elements of the pair fused slot keeps
	fused := uint8(noSlot) // the slot of an argument (a, b) kept in the instance's allocation
	for i := range args {
		o := &args[i]
		s := p.slotOf[(i+1)%maxCtorParams]
		if o.pair != nil && s < instanceSlots && fused == noSlot {
			// (self, other): its elements now, in the order and with the
			// errors of the display's own code; the tuple below.
			if two[0], two[1], err = operands(in, &o.pair[0], &o.pair[1]); err != nil {
				return nil, true, err
			}
			fused = s
			continue
		}
		a := o.ready(in) // operand.value, inlined
		if a == nil {
			if a, err = o.eval(in); err != nil {
				return nil, true, err
			}
		}
		if s < instanceSlots {
			slots[s] = a
		}
	}
	for i := len(args) + 1; i < len(init.params); i++ {
		if s := p.slotOf[i%maxCtorParams]; s < instanceSlots {
			slots[s] = init.params[i].def
		}
	}
	if in.tickDue() { // what runCall checks on its way in
		if err := in.checkInterrupt(); err != nil {
			return nil, true, in.wrapNode(in.traced(err, at), at)
		}
	}
	if fused != noSlot {
		b := &instancePair{}
		b.p.elem = two
		b.p.t = b.p.elem[:]
		slots[fused] = *(*Value)(unsafe.Pointer(&eface{typ: tupleType, data: unsafe.Pointer(&b.p.t)}))
		b.x = Instance{cls: c, lay: r.to, slots: slots}
		return &b.x, true, nil
	}
	return &Instance{cls: c, lay: r.to, slots: slots}, true, nil
}

// instancePair is an instance and the pair one of its attributes keeps
// from the start, Value(data, (self, other), '+'), in one allocation of
// 144 bytes (Go's size class for 80 + 56) where they would take two of
// 80 and 64: the same bytes, one allocation fewer. The instance comes
// first, so that a pointer to it is the allocation's own (weakref's
// weak.Make); either keeps the other alive, as the instance's reference
// keeps the tuple anyway.
type instancePair struct {
	x Instance
	p pairBox
}
