package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Class statements and decorators in the compiler. A class body compiles
// as a function body (the resolver gave it a funcInfo of its own); running
// the statement evaluates the decorators and the base, runs the body once
// in a frame of its own, makes the class from the names the body bound
// (or, with a metaclass other than type, calls the metaclass with them in
// a dict: class_meta.go), fills the __class__ cell that super() reads,
// applies the decorators and binds the name. Nothing is bound when any
// step fails.

// classStmt compiles class Name(Base): body.
func (c *compiler) classStmt(st *syntax.ClassStmt) execFn {
	decorate := c.decorators(st.Decorators)
	bases := c.exprs(st.Bases)
	keywords := c.callArgs(st.Keywords)
	if err := c.checkDunders(st); err != nil {
		// Refused when the statement runs, not when its file compiles,
		// so that the rest of the file (a test suite's other tests)
		// runs: CPython compiles the class.
		refusal, at := err.Error, err.at.Span()
		return func(in *interp) (ctrl, error) {
			e := *refusal
			return ctrlNext, in.errorAt(&e, at)
		}
	}
	info := c.res.funcs[st]
	inner := &compiler{res: c.res, glob: c.glob, fn: info}
	code := &funcCode{fn: info, free: info.free}
	code.body = inner.block(st.Body)
	if inner.err != nil && c.err == nil {
		c.err = inner.err
	}
	code.nlocals, code.cellSlots = len(info.locals), cellSlots(info)
	code.weight = inner.maxNest + len(st.Body) + 1
	for _, b := range info.locals {
		code.names = append(code.names, b.name)
	}
	capture := captures(info)
	classSlot := info.classCell.index
	annSlot := -1
	if info.annotations != nil {
		annSlot = info.annotations.index
	}
	var doc Value = None
	if len(st.Body) > 0 {
		if es, ok := st.Body[0].(*syntax.ExprStmt); ok {
			if s, ok := es.X.(*syntax.StringLit); ok {
				doc = s.Value
			}
		}
	}
	store := c.storeName(st.Name)
	name := st.Name.Written()
	return func(in *interp) (ctrl, error) {
		decos, err := evalAll(in, decorate)
		if err != nil {
			return ctrlNext, err
		}
		cls := &UserClass{Name: name, attrs: map[string]Value{"__doc__": doc}, sess: in.s}
		if info.qualname != name {
			cls.qualname = info.qualname
		}
		if m := globalsModule(in.glob); m != "__main__" {
			cls.module = m // a class of an imported file module
		}
		baseVals := make(Tuple, len(bases))
		for i, b := range bases {
			v, err := b(in)
			if err != nil {
				return ctrlNext, err
			}
			baseVals[i] = v
		}
		baseVals, origBases, err := in.mroEntries(baseVals)
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Name.Span())
		}
		ks := make([]*UserClass, len(baseVals))
		for i, v := range baseVals {
			if ks[i], err = baseOf(v); err != nil {
				at := st.Name.Span()
				if origBases == nil {
					at = st.Bases[i].Span()
				}
				return ctrlNext, in.errorAt(err, at)
			}
		}
		_, kwNames, kwVals, err := keywords(in)
		if err != nil {
			return ctrlNext, err
		}
		meta, kwNames, kwVals := metaOfClassStmt(kwNames, kwVals)
		// ns is the namespace a metaclass other than type receives; the
		// class is made here without one.
		meta, ns, err := in.prepareClass(name, baseVals, ks, meta, kwNames, kwVals, st)
		if err != nil {
			return ctrlNext, in.errorAt(err, st.Name.Span())
		}
		if origBases != nil {
			if meta != nil {
				_ = ns.Set("__orig_bases__", origBases)
			} else {
				cls.set("__orig_bases__", origBases)
			}
		}
		if meta != nil {
			_ = ns.Set("__module__", globalsModule(in.glob)) // str keys
			_ = ns.Set("__qualname__", info.qualname)
			if doc != None {
				_ = ns.Set("__doc__", doc)
			}
		} else if err := cls.setBases(ks); err != nil {
			return ctrlNext, in.errorAt(err, st.Name.Span())
		}
		body := &Function{Name: name, code: code, glob: c.glob, src: in.src, filename: in.filename,
			free: in.closure(capture)}
		frame := in.newFrame(body)
		if annSlot >= 0 {
			// Before the body, as CPython's SETUP_ANNOTATIONS: the
			// __annotations__ the namespace of __prepare__ holds, else a
			// new dict.
			var ann Value = NewDict()
			if ns != nil {
				if v, ok, _ := ns.Get("__annotations__"); ok {
					ann = v
				}
			}
			frame.locals[annSlot] = ann
		}
		_, err = in.runCall(frame, body, st, false)
		if err != nil {
			in.releaseFrame(frame)
			return ctrlNext, err
		}
		for slot, n := range code.names {
			v := frame.locals[slot]
			if cell, ok := v.(*varCell); ok {
				v = cell.v
			}
			if v == nil || slot == classSlot {
				continue
			}
			if f, ok := methodFunction(v); ok {
				f.qualname = name + "." + f.Name
			}
			if k, ok := v.(*UserClass); ok && k.qualname == "" && k.Name == n {
				k.qualname = name + "." + k.Name
			}
			if ns != nil {
				_ = ns.Set(n, v)
			} else {
				cls.set(n, classAttrValue(n, v))
			}
		}
		var result Value = cls
		if ns != nil {
			cell := frame.locals[classSlot].(*varCell)
			in.releaseFrame(frame)
			if result, err = in.call(meta, []Value{name, baseVals, ns}, kwNames, kwVals, st); err != nil {
				return ctrlNext, in.errorAt(err, st.Name.Span())
			}
			cell.v = result
		} else if err := in.madeClass(cls, frame, classSlot, kwNames, kwVals, st); err != nil {
			return ctrlNext, err
		}
		if result, err = in.applyDecorators(decos, result, st.Decorators); err != nil {
			return ctrlNext, err
		}
		store(in, result)
		return ctrlNext, nil
	}
}

// madeClass finishes the class cls a class statement st made without a
// metaclass once its body ran in frame: the __class__
// cell in classSlot, and what type.__new__ does after the body.
func (in *interp) madeClass(cls *UserClass, frame *interp, classSlot int, kwNames []string, kwVals []Value, st *syntax.ClassStmt) error {
	frame.locals[classSlot].(*varCell).v = cls
	in.releaseFrame(frame)
	if err := in.initClass(cls, kwNames, kwVals, st); err != nil {
		return in.errorAt(err, st.Name.Span())
	}
	if h := cls.classHooks(); h != nil && h.Made != nil {
		if err := h.Made(cls); err != nil {
			return in.errorAt(err, st.Name.Span())
		}
	}
	return nil
}

// methodFunction returns the user function a class attribute holds, alone
// or in a staticmethod, classmethod or property.
func methodFunction(v Value) (*Function, bool) {
	switch x := v.(type) {
	case *staticMethod:
		v = x.fn
	case *classMethod:
		v = x.fn
	case *propertyValue:
		v = x.fget
	}
	f, ok := v.(*Function)
	return f, ok && f.qualname == ""
}

// decorators compiles the expressions of @ lines.
func (c *compiler) decorators(ds []*syntax.Decorator) []evalFn {
	xs := make([]syntax.Expr, len(ds))
	for i, d := range ds {
		xs[i] = d.X
	}
	return c.exprs(xs)
}

// applyDecorators calls the evaluated decorators on v, the innermost (the
// last line) first, as Python does.
func (in *interp) applyDecorators(decos []Value, v Value, ds []*syntax.Decorator) (Value, error) {
	for i := len(decos) - 1; i >= 0; i-- {
		r, err := in.call(decos[i], []Value{v}, nil, nil, ds[i])
		if err != nil {
			return nil, in.errorAt(err, ds[i].Span())
		}
		v = r
	}
	return v, nil
}

// dunderError is a refusal of a special method, at its definition.
type dunderError struct {
	*Error
	at syntax.Node
}

// checkDunders refuses the special methods kael does not call, so that
// none is silently ignored.
func (c *compiler) checkDunders(st *syntax.ClassStmt) *dunderError {
	for _, s := range st.Body {
		var id *syntax.Ident
		switch s := s.(type) {
		case *syntax.DefStmt:
			id = s.Name
		case *syntax.AssignStmt:
			if t, ok := s.Targets[0].(*syntax.Ident); ok && len(s.Targets) == 1 {
				id = t
			}
		}
		if id == nil || !strings.HasPrefix(id.Name, "__") || !strings.HasSuffix(id.Name, "__") || supportedDunders[id.Name] {
			continue
		}
		if _, isDef := s.(*syntax.DefStmt); !isDef && id.Name == "__hash__" {
			continue // __hash__ = None
		}
		hint := dunderHints[id.Name]
		if hint == "" {
			hint = "kael calls __init__, __call__, __repr__, __str__, __len__, __getitem__, __setitem__, __iter__, __contains__, __bool__, __eq__, __hash__, __getattr__, the operators (__add__, __radd__, __iadd__, __neg__, __lt__, ...); see docs/language.md, Classes"
		}
		err := Errorf(SyntaxError, "kael does not support the special method %s in a class", id.Name)
		err.Hint = hint
		return &dunderError{Error: err, at: id}
	}
	return nil
}

// captures lists where a function's closure cells come from in the frame
// that defines it.
func captures(info *funcInfo) []*nameBinding {
	capture := make([]*nameBinding, len(info.free))
	for i, fb := range info.free {
		capture[i] = fb.outer
	}
	return capture
}

// closure collects the cells a function made in this frame captures.
func (in *interp) closure(capture []*nameBinding) []*varCell {
	if len(capture) == 0 {
		return nil
	}
	free := make([]*varCell, len(capture))
	for i, b := range capture {
		if b.kind == scopeFree {
			free[i] = in.free[b.index]
		} else {
			free[i] = in.locals[b.index].(*varCell)
		}
	}
	return free
}

// superCall compiles super() in a method: the class from the __class__
// cell, self from the first parameter. When super is not the builtin (a
// variable shadows it), it is an ordinary call.
func (c *compiler) superCall(x *syntax.CallExpr, cell *nameBinding) evalFn {
	fn := c.expr(x.Fn)
	self := c.fn.locals[0]
	load := c.slotLoad(self)
	builtin := builtins["super"]
	return func(in *interp) (Value, error) {
		f, err := fn(in)
		if err != nil {
			return nil, err
		}
		if f != Value(builtin) {
			r, err := in.call(f, nil, nil, nil, x)
			return r, in.wrapNode(err, x)
		}
		cls, _ := in.free[cell.index].v.(*UserClass)
		obj := load(in)
		if cls == nil || obj == nil {
			return nil, in.errorAt(Errorf(RuntimeError, "super(): __class__ cell not found or self unbound"), x.Span())
		}
		s, err := newSuper(cls, obj)
		return s, in.wrapNode(err, x)
	}
}

// slotLoad reads a local variable's slot, nil when unbound.
func (c *compiler) slotLoad(b *nameBinding) func(in *interp) Value {
	i := b.index
	if b.kind == scopeCell {
		return func(in *interp) Value { return in.locals[i].(*varCell).v }
	}
	return func(in *interp) Value { return in.locals[i] }
}
