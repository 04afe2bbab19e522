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
		_, _, hasStr := c.lookup("__str__")
		c.initFn, c.excPlain, c.hasStr, c.initEpoch = c.findPlainInit(), c.findPlainExc(), hasStr, e
		h := c.classHooks()
		c.plainCheck = c.meta == nil && (h == nil || h.InstanceCheck == nil && h.SubclassCheck == nil)
	}
	return c.initFn
}

// plainInstanceCheck reports whether isinstance(x, c) is true exactly
// when x is an instance whose class derives from c: c has no metaclass
// (whose __instancecheck__ would decide) and no library hook that
// decides instance or subclass checks (classCheck). The answer is kept
// for the classEpoch, with plainInit's.
func (c *UserClass) plainInstanceCheck() bool {
	c.plainInit()
	return c.plainCheck
}

// strDefined reports whether a class of c's MRO defines __str__, from
// the answer plainInit keeps for the epoch.
func (c *UserClass) strDefined() bool {
	c.plainInit()
	return c.hasStr
}

// findPlainExc reports whether C(args...) is only making an exception
// and running BaseException.__init__ with args: c derives from
// BaseException, and no hook, guard, __new__ or __init__ of a class
// statement takes part. plainInit keeps the answer in c.excPlain.
func (c *UserClass) findPlainExc() bool {
	if h := c.classHooks(); h != nil && h.Call != nil || c.meta != nil || c.isMeta() {
		return false
	}
	for _, k := range c.mroUser {
		if _, ownNew := k.attrs["__new__"]; k.instGuard != nil || ownNew {
			return false
		}
	}
	if b := c.base(); b.alloc == nil || b.Construct != nil {
		return false
	}
	for _, k := range c.mroFull {
		if k.native {
			return k == baseException
		}
		if _, ok := k.attrs["__init__"]; ok {
			return false
		}
	}
	return false
}

// newExc runs C(args...) for a class whose excPlain holds, with at
// most one argument: the argument is evaluated into a buffer on the
// stack, which BaseException.__init__ copies into the exception.
func (in *interp) newExc(c *UserClass, args []operand, at *syntax.CallExpr) (Value, error) {
	var buf [1]Value
	pos := buf[:len(args)]
	for i := range args {
		v, err := args[i].value(in)
		if err != nil {
			return nil, err
		}
		pos[i] = v
	}
	x := newExcInstance(c)
	if isOSError(x) { // OSError.__new__ reads the arguments
		osNew(x, excStateOf(x), pos)
	}
	if err := excInit(x, pos, nil, nil); err != nil {
		return nil, in.wrapNode(err, at)
	}
	return x, nil
}

func (c *UserClass) findPlainInit() *Function {
	if h := c.classHooks(); h != nil && h.Call != nil || c.meta != nil || c.isMeta() {
		return nil
	}
	for _, k := range c.mroUser {
		if _, ownNew := k.attrs["__new__"]; k.instGuard != nil || ownNew {
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
// with nothing evaluated, when they do not bind that simply (callBound);
// the general path then binds them or reports the error.
func (in *interp) newObject(c *UserClass, init *Function, args []operand, at *syntax.CallExpr) (v Value, ok bool, err error) {
	if !bindsSimply(init, len(args)+1) {
		return nil, false, nil
	}
	if v, ok, err := in.newObjectDirect(c, init, args, at); ok {
		return v, true, err
	}
	x := &Instance{cls: c, lay: c.emptyLayout()} // the caches' layout for no attributes (setCached)
	r, err := in.callBoundFrame(init, x, args, at)
	if err != nil {
		return nil, true, err
	}
	if _, none := r.(NoneType); !none {
		return nil, true, in.wrapNode(Errorf(TypeError, "__init__() should return None, not '%s'", TypeName(r)), at)
	}
	return x, true, nil
}

// bindsSimply reports whether n positional arguments bind to f's
// parameters in order, the ones left over taking their defaults.
func bindsSimply(f *Function, n int) bool {
	return f.code.positional && n <= len(f.params) && n >= f.code.required
}

// callBound calls f(self, args...), evaluating args straight into the
// slots of f's frame, when the arguments bind simply (bindsSimply); ok
// is false, with nothing evaluated, otherwise.
func (in *interp) callBound(f *Function, self Value, args []operand, at *syntax.CallExpr) (v Value, ok bool, err error) {
	if !bindsSimply(f, len(args)+1) {
		return nil, false, nil
	}
	v, err = in.callBoundFrame(f, self, args, at)
	return v, true, err
}

// callBoundFrame is callBound's call, for arguments that bind simply.
func (in *interp) callBoundFrame(f *Function, self Value, args []operand, at *syntax.CallExpr) (v Value, err error) {
	n := len(args) + 1
	callee := in.newFrame(f)
	callee.locals[0] = self
	for i := range args {
		o := &args[i]
		a := o.ready(in) // operand.value, inlined
		if a == nil {
			if a, err = o.eval(in); err != nil {
				in.releaseFrame(callee)
				return nil, err
			}
		}
		callee.locals[i+1] = a
	}
	for i := n; i < len(f.params); i++ {
		callee.locals[i] = f.params[i].def
	}
	r, err := in.runCall(callee, f, at, true)
	return r, in.wrapNode(err, at)
}

// methodCache is the inline cache of a compiled method call x.name(...)
// on instances of user classes: an instance of cls with layout lay has
// no attribute name of its own, no attribute hooks, and its class's name
// is the plain function fn, or, with native set, its native base keeps
// name (nativeAttr: an nn.Module's submodule), for the classEpoch epoch.
type methodCache struct {
	cls    *UserClass
	lay    *layout
	fn     *Function
	native bool
	epoch  uint64
}

// method returns the function x.name(...) calls with x first, when the
// call is that simple, or native true when x's native base keeps name:
// from the cache, else looked up and cached; nil and false otherwise.
func (c *methodCache) method(x *Instance, name string) (f *Function, native bool) {
	if x.cls == c.cls && x.lay == c.lay && c.epoch == classEpoch.Load() {
		return c.fn, c.native
	}
	if x.lay != nil && x.lay.private || x.lay.index(name) >= 0 || x.cls.hasAttrHooks() {
		return nil, false
	}
	if nativeAttr(x, name) {
		c.cls, c.lay, c.fn, c.native, c.epoch = x.cls, x.lay, nil, true, classEpoch.Load()
		return nil, true
	}
	v, _, ok := x.cls.lookup(name)
	f, isFn := v.(*Function)
	if !ok || !isFn {
		return nil, false
	}
	c.cls, c.lay, c.fn, c.native, c.epoch = x.cls, x.lay, f, false, classEpoch.Load()
	return f, false
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
