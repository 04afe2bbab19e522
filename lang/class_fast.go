package lang

import "github.com/kael-dev/kael/lang/syntax"

// The fast paths of calls that involve user classes, taken at compiled
// call sites when the classes involved have no hooks that would change
// what the general path (instantiate, callSpecial) does; each is cached
// per class for one classEpoch (class_layout.go).

func init() { classEpoch.Store(1) } // 0 is the epoch of an empty cache

// plainInit returns the __init__ of c when C(args...) is only making an
// instance and calling that function with it and args, bound as a
// function with positional parameters (defaults allowed) binds them: no
// library hook, guard or native base takes part. It returns nil
// otherwise.
func (c *UserClass) plainInit() *Function {
	if e := classEpoch.Load(); c.initEpoch != e {
		c.initFn, c.initEpoch = c.findPlainInit(), e
	}
	return c.initFn
}

func (c *UserClass) findPlainInit() *Function {
	if h := c.classHooks(); h != nil && h.Call != nil {
		return nil
	}
	for _, k := range c.mroUser {
		if k.instGuard != nil {
			return nil
		}
	}
	if b := c.base(); b.Construct != nil || b.New != nil {
		return nil
	}
	for _, k := range c.mroFull {
		if k.native {
			if k.base().Init != nil {
				return nil
			}
			continue
		}
		if init, ok := k.attrs["__init__"]; ok {
			f, isFn := init.(*Function)
			if !isFn || !f.code.positional {
				return nil
			}
			return f
		}
	}
	return nil
}

// newObject runs C(args...) for a class whose plainInit is init: the
// arguments go straight into the slots of __init__'s frame. ok is false,
// with nothing evaluated, when the arguments do not bind that simply (too
// many, or a parameter without a default left without a value); the
// general path then reports the error.
func (in *interp) newObject(c *UserClass, init *Function, args []operand, at *syntax.CallExpr) (v Value, ok bool, err error) {
	n := len(args) + 1
	if n > len(init.params) {
		return nil, false, nil
	}
	for i := n; i < len(init.params); i++ {
		if init.params[i].def == nil {
			return nil, false, nil
		}
	}
	x := &Instance{cls: c}
	callee := in.newFrame(init)
	callee.locals[0] = x
	for i := range args {
		o := &args[i]
		a := o.ready(in) // operand.value, inlined
		if a == nil {
			if a, err = o.eval(in); err != nil {
				in.releaseFrame(callee)
				return nil, true, err
			}
		}
		callee.locals[i+1] = a
	}
	for i := n; i < len(init.params); i++ {
		callee.locals[i] = init.params[i].def
	}
	r, err := in.runCall(callee, init, at, true)
	if err != nil {
		return nil, true, in.wrapNode(err, at)
	}
	if _, none := r.(NoneType); !none {
		return nil, true, in.wrapNode(Errorf(TypeError, "__init__() should return None, not '%s'", TypeName(r)), at)
	}
	return x, true, nil
}

// dunderCache is the inline cache of a compiled binary operator for a
// left operand that is an instance of a user class: its class's method
// (__add__, ...) is fn, a plain function, for the classEpoch epoch.
type dunderCache struct {
	cls   *UserClass
	fn    *Function
	epoch uint64
}

// binaryMethod runs a op b, a an instance of a user class, when the
// class's method for op (name) is a plain function: a.name(b), then, if
// that returns NotImplemented, b's reflected method. ok is false, with
// nothing called, otherwise.
func (in *interp) binaryMethod(c *dunderCache, op syntax.Token, name string, a *Instance, b Value) (v Value, ok bool, err error) {
	if a.cls != c.cls || c.epoch != classEpoch.Load() {
		m, _, found := a.cls.lookup(name)
		f, isFn := m.(*Function)
		if !found || !isFn {
			return nil, false, nil
		}
		c.cls, c.fn, c.epoch = a.cls, f, classEpoch.Load()
	}
	pos := [2]Value{a, b}
	r, err := in.callFunction(c.fn, pos[:], nil, nil, in.stmtNode())
	if err != nil || r != NotImplemented {
		return r, true, err
	}
	if y, isX := b.(*Instance); isX {
		r, found, err := in.callSpecial(y, binaryDunders[op][1], a)
		if err != nil || found && r != NotImplemented {
			return r, true, err
		}
	}
	return nil, true, operandError(op, a, b)
}
