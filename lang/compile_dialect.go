package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Compiled forms of the Python surface that lives in files of its own:
// f-strings (fstring.go), set displays (sets.go), dict and set
// comprehensions (comprehensions.go) and import statements (modules.go).
// Each evaluates its parts here and calls the helper of its file with the
// values.

// asListComp returns the list comprehension a dict or set comprehension
// runs as, the same node each time it is asked (the resolver and the
// compiler must see one node).
func (r *resolution) asListComp(x syntax.Expr) *syntax.ListComp {
	if lc, ok := r.lists[x]; ok {
		return lc
	}
	var lc *syntax.ListComp
	switch x := x.(type) {
	case *syntax.DictComp:
		lc = x.AsListComp()
	case *syntax.SetComp:
		lc = x.AsListComp()
	}
	if r.lists == nil {
		r.lists = map[syntax.Expr]*syntax.ListComp{}
	}
	r.lists[x] = lc
	return lc
}

// dialectExpr compiles the expressions of the dialect files; ok is false
// for any other.
func (c *compiler) dialectExpr(x syntax.Expr) (evalFn, bool) {
	switch x := x.(type) {
	case *syntax.FStringExpr:
		parts := c.fstringParts(x.Parts)
		return func(in *interp) (Value, error) {
			var b strings.Builder
			if err := parts(in, &b); err != nil {
				return nil, err
			}
			return b.String(), nil
		}, true
	case *syntax.SetExpr:
		if hasStarred(x.Elts) { // {*a, b}
			elts := c.unpackingDisplay(x.Elts, false)
			return func(in *interp) (Value, error) {
				vals, err := elts(in)
				if err != nil {
					return nil, err
				}
				s, _, err := setDisplay(vals)
				return s, in.wrapNode(err, x)
			}, true
		}
		elts := c.exprs(x.Elts)
		display := setDisplay
		if len(x.Elts) > 2 && allConstant(x.Elts) {
			display = constSetDisplay
		}
		return func(in *interp) (Value, error) {
			vals, err := evalAll(in, elts)
			if err != nil {
				return nil, err
			}
			s, bad, err := display(vals)
			if err != nil {
				return nil, in.errorAt(err, x.Elts[bad].Span())
			}
			return s, nil
		}, true
	case *syntax.DictComp:
		comp, firstIter, _, bad := c.compLoop(c.res.asListComp(x))
		if bad != nil {
			return bad, true
		}
		return func(in *interp) (Value, error) {
			first, err := firstIter(in) // in the enclosing frame, as CPython's
			if err != nil {
				return nil, err
			}
			d := NewDict()
			err = comp(in, first, func(kv Value) error { // key, then value, then the insertion (the dict bounds its size)
				p := kv.(Tuple)
				return in.wrapNode(d.Set(p[0], p[1]), x) // MAP_ADD's position: the comprehension
			})
			if err != nil {
				return nil, in.comprehensionError(err, x, "<dictcomp>", first)
			}
			return d, nil
		}, true
	case *syntax.SetComp:
		comp, firstIter, _, bad := c.compLoop(c.res.asListComp(x))
		if bad != nil {
			return bad, true
		}
		return func(in *interp) (Value, error) {
			first, err := firstIter(in) // in the enclosing frame, as CPython's
			if err != nil {
				return nil, err
			}
			s := newSet(false)
			err = comp(in, first, func(v Value) error {
				return in.wrapNode(s.add(v), x) // SET_ADD's position: the comprehension
			})
			if err != nil {
				return nil, in.comprehensionError(err, x, "<setcomp>", first)
			}
			return s, nil
		}, true
	}
	return nil, false
}

// fstringParts compiles the parts of an f-string or of a field's format
// spec: literal text and fields, each formatted by formatField.
func (c *compiler) fstringParts(parts []syntax.Expr) func(in *interp, b *strings.Builder) error {
	type field struct {
		f    *syntax.FStringField
		x    evalFn
		spec func(in *interp, b *strings.Builder) error
	}
	var fields []field
	var texts []string // text before each field, and after the last
	text := ""
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.StringLit:
			text += p.Value
		case *syntax.FStringField:
			texts = append(texts, text)
			text = ""
			fields = append(fields, field{f: p, x: c.expr(p.X), spec: c.fstringParts(p.Spec)})
		}
	}
	texts = append(texts, text)
	return func(in *interp, b *strings.Builder) error {
		for i, fl := range fields {
			b.WriteString(texts[i])
			v, err := fl.x(in)
			if err != nil {
				return err
			}
			var spec strings.Builder
			if err := fl.spec(in, &spec); err != nil {
				return err
			}
			s, err := formatField(v, fl.f, spec.String())
			if err = in.raiseHooks(err); err != nil {
				return in.errorAt(err, fl.f.Span())
			}
			b.WriteString(s)
		}
		b.WriteString(texts[len(texts)-1])
		return nil
	}
}

// importStmt compiles import and from-import: importBindings (modules.go)
// finds the values; the names they bind are resolved like any assignment.
// from m import * binds names known only when it runs, so it is allowed
// at a cell's top level only, as Python allows it at module level only.
func (c *compiler) importStmt(st syntax.Stmt, bound []*syntax.Ident) execFn {
	stores := map[string]func(in *interp, v Value){}
	for _, id := range bound {
		stores[id.Name] = c.storeName(id)
	}
	if fi, ok := st.(*syntax.FromImportStmt); ok && fi.Star.IsValid() && !c.fn.isTop() {
		return c.fail(Errorf(SyntaxError, "import * only allowed at module level"), st)
	}
	g := c.glob
	return func(in *interp) (ctrl, error) {
		bs, err := importBindings(in, st)
		if err != nil {
			if e := ToError(err); e.Src != "" && e.Src != in.src {
				err = in.traced(e, st) // raised by an imported file's code
			}
			e := in.errorAt(err, st.Span())
			if e.Filename == "" {
				e.Filename = in.filename
			}
			return ctrlNext, e
		}
		for _, b := range bs {
			if store, ok := stores[b.name]; ok {
				store(in, b.value)
			} else {
				g.set(b.name, b.value) // from m import * at the top level
			}
		}
		return ctrlNext, nil
	}
}

// importedNames returns the names an import statement binds; nil for
// other statements.
func importedNames(st syntax.Stmt) []*syntax.Ident {
	switch st := st.(type) {
	case *syntax.ImportStmt:
		return st.Bound()
	case *syntax.FromImportStmt:
		return st.Bound()
	}
	return nil
}

// scopeNames returns the names of the variables that exist where the
// frame runs: the function's locals, or the session's globals at a cell's
// top level (dir() without an argument).
// localsDict is locals(): in a function, the frame's one dict (CPython's
// f_locals), brought up to date with its variables on each call, as
// 3.11's is: the locals in slot order, parameters first, then the
// locals inner functions use, then the enclosing functions' variables
// it uses; a name no longer bound leaves it, a key a program added
// stays. At a module's top level, its globals.
func (in *interp) localsDict() (Value, error) {
	if in.code == nil {
		d := NewDict()
		if in.glob != nil {
			for _, name := range in.glob.bound() {
				v, _ := in.glob.get(name)
				if err := d.Set(name, v); err != nil {
					return nil, err
				}
			}
		}
		return d, nil
	}
	if in.localsMap == nil {
		in.localsMap = NewDict()
	}
	d := in.localsMap
	sync := func(name string, v Value) error {
		if c, isCell := v.(*varCell); isCell {
			v = c.v
		}
		if v == nil {
			_, err := d.Delete(name)
			return err
		}
		return d.Set(name, v)
	}
	nparams := 0
	if in.info != nil {
		nparams = in.info.nparams
	}
	for pass := 0; pass < 2; pass++ {
		for slot, name := range in.code.names {
			_, isCell := in.locals[slot].(*varCell)
			if (pass == 0) == (!isCell || slot < nparams) {
				if err := sync(name, in.locals[slot]); err != nil {
					return nil, err
				}
			}
		}
	}
	for i, b := range in.code.free {
		if i < len(in.free) {
			if err := sync(b.name, in.free[i]); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}

func (in *interp) scopeNames() []string {
	var names []string
	if in.code != nil {
		for slot, name := range in.code.names {
			if v := in.locals[slot]; v != nil {
				if c, isCell := v.(*varCell); !isCell || c.v != nil {
					names = append(names, name)
				}
			}
		}
	} else if in.glob != nil {
		names = in.glob.bound()
	}
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	return sortedKeys(seen)
}
