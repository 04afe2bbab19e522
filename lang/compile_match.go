package lang

import "github.com/kael-dev/kael/lang/syntax"

// The match statement (PEP 634) in the compiler: each pattern compiles to
// a matchFn that tests the subject and binds the pattern's names as it
// goes (as CPython does, names bound by a pattern that then fails, or
// whose guard is false, may stay bound).

// matchFn tests a value against a pattern, binding names.
type matchFn func(in *interp, v Value) (bool, error)

// matchStmt compiles match Subject: case ...
func (c *compiler) matchStmt(st *syntax.MatchStmt) execFn {
	subject := c.expr(st.Subject)
	type caseCode struct {
		match matchFn
		guard func(in *interp) (bool, error)
		body  blockCode
	}
	cases := make([]caseCode, len(st.Cases))
	for i, mc := range st.Cases {
		cases[i].match = c.pattern(mc.Pattern)
		if mc.Guard != nil {
			cases[i].guard = c.cond(mc.Guard)
		}
		cases[i].body = c.block(mc.Body)
	}
	return func(in *interp) (ctrl, error) {
		v, err := subject(in)
		if err != nil {
			return ctrlNext, err
		}
		for i := range cases {
			cc := &cases[i]
			ok, err := cc.match(in, v)
			if err != nil {
				return ctrlNext, in.wrapNode(err, st.Cases[i].Pattern)
			}
			if ok && cc.guard != nil {
				if ok, err = cc.guard(in); err != nil {
					return ctrlNext, err
				}
			}
			if ok {
				return cc.body.exec(in)
			}
		}
		return ctrlNext, nil
	}
}

// pattern compiles a pattern.
func (c *compiler) pattern(pat syntax.Pattern) matchFn {
	switch p := pat.(type) {
	case *syntax.ValuePattern:
		want := c.expr(p.Value)
		is := p.Is
		return func(in *interp, v Value) (bool, error) {
			w, err := want(in)
			if err != nil {
				return false, err
			}
			if is {
				return v == w, nil
			}
			r, err := in.compare(syntax.EQL, v, w, p.Value)
			if err != nil {
				return false, err
			}
			return Truth(r)
		}
	case *syntax.CapturePattern:
		if p.Name == nil {
			return func(*interp, Value) (bool, error) { return true, nil }
		}
		store := c.storeName(p.Name)
		return func(in *interp, v Value) (bool, error) { store(in, v); return true, nil }
	case *syntax.AsPattern:
		inner, store := c.pattern(p.Pattern), c.storeName(p.Name)
		return func(in *interp, v Value) (bool, error) {
			ok, err := inner(in, v)
			if ok {
				store(in, v)
			}
			return ok, err
		}
	case *syntax.OrPattern:
		alts := make([]matchFn, len(p.Alts))
		for i, a := range p.Alts {
			alts[i] = c.pattern(a)
		}
		return func(in *interp, v Value) (bool, error) {
			for _, alt := range alts {
				if ok, err := alt(in, v); ok || err != nil {
					return ok, err
				}
			}
			return false, nil
		}
	case *syntax.SequencePattern:
		return c.sequencePattern(p)
	case *syntax.MappingPattern:
		return c.mappingPattern(p)
	case *syntax.ClassPattern:
		return c.classPattern(p)
	}
	c.fail(Errorf(SyntaxError, "unsupported pattern"), pat)
	return func(*interp, Value) (bool, error) { return false, nil }
}

// matchSequence returns the elements of v when a sequence pattern may
// match it: a list, tuple or range (or a list subclass's object), not a
// string, bytes or a mapping.
func matchSequence(v Value) ([]Value, bool, error) {
	switch x := containerOf(v).(type) {
	case *List:
		return append([]Value(nil), x.Elems...), true, nil
	case Tuple:
		return x, true, nil
	case *Range:
		elems, err := Collect(x)
		return elems, err == nil, err
	}
	return nil, false, nil
}

func (c *compiler) sequencePattern(p *syntax.SequencePattern) matchFn {
	elts := make([]matchFn, len(p.Elts))
	star := -1
	var starStore func(in *interp, v Value)
	for i, e := range p.Elts {
		if s, ok := e.(*syntax.StarPattern); ok {
			star = i
			if s.Name != nil {
				starStore = c.storeName(s.Name)
			}
			continue
		}
		elts[i] = c.pattern(e)
	}
	n := len(p.Elts)
	return func(in *interp, v Value) (bool, error) {
		elems, ok, err := matchSequence(v)
		if !ok || err != nil {
			return false, err
		}
		if star < 0 && len(elems) != n || star >= 0 && len(elems) < n-1 {
			return false, nil
		}
		for i := range n {
			switch {
			case i == star:
				if starStore != nil {
					rest := elems[star : len(elems)-(n-1-star)]
					starStore(in, &List{Elems: append([]Value(nil), rest...)})
				}
				continue
			case star >= 0 && i > star:
				v = elems[len(elems)-(n-i)]
			default:
				v = elems[i]
			}
			if ok, err := elts[i](in, v); !ok || err != nil {
				return false, err
			}
		}
		return true, nil
	}
}

func (c *compiler) mappingPattern(p *syntax.MappingPattern) matchFn {
	keys := c.exprs(p.Keys)
	vals := make([]matchFn, len(p.Values))
	for i, vp := range p.Values {
		vals[i] = c.pattern(vp)
	}
	var rest func(in *interp, v Value)
	if p.Rest != nil {
		rest = c.storeName(p.Rest)
	}
	return func(in *interp, v Value) (bool, error) {
		d, ok := containerOf(v).(*Dict)
		if !ok {
			return false, nil
		}
		ks, err := evalAll(in, keys)
		if err != nil {
			return false, err
		}
		for i, k := range ks {
			for _, prev := range ks[:i] {
				if equal(prev, k) {
					return false, Errorf(ValueError, "mapping pattern checks duplicate key (%s)", Repr(k))
				}
			}
			item, found, err := d.Get(k)
			if err != nil || !found {
				return false, err
			}
			if ok, err := vals[i](in, item); !ok || err != nil {
				return false, err
			}
		}
		if rest != nil {
			r := NewDict()
			for i, k := range d.Keys() {
				if !containsEqual(ks, k) {
					_ = r.Set(k, d.vals[i]) // a dict's keys hash
				}
			}
			rest(in, r)
		}
		return true, nil
	}
}

// containsEqual reports whether one of vs equals v.
func containsEqual(vs []Value, v Value) bool {
	for _, w := range vs {
		if equal(w, v) {
			return true
		}
	}
	return false
}

// selfMatching are the builtin classes whose single positional
// sub-pattern matches the subject itself: case int(n).
var selfMatching = map[string]bool{"bool": true, "bytearray": true, "bytes": true, "dict": true, "float": true,
	"frozenset": true, "int": true, "list": true, "set": true, "str": true, "tuple": true}

func (c *compiler) classPattern(p *syntax.ClassPattern) matchFn {
	cls := c.expr(p.Class)
	args := make([]matchFn, len(p.Args))
	for i, a := range p.Args {
		args[i] = c.pattern(a)
	}
	kws := make([]matchFn, len(p.KwValues))
	for i, a := range p.KwValues {
		kws[i] = c.pattern(a)
	}
	isinstance := builtins["isinstance"]
	return func(in *interp, v Value) (bool, error) {
		k, err := cls(in)
		if err != nil {
			return false, err
		}
		if !isClassValue(k) {
			return false, Errorf(TypeError, "called match pattern must be a type")
		}
		r, err := in.call(isinstance, []Value{v, k}, nil, nil, p)
		if err != nil {
			return false, err
		}
		if ok, err := Truth(r); !ok || err != nil {
			return false, err
		}
		names, err := in.matchArgs(k, len(args))
		if err != nil {
			return false, err
		}
		attr := func(name string) (Value, bool, error) {
			a, err := in.getAttr(v, name)
			if err != nil {
				if ToError(err).Kind == AttributeError {
					return nil, false, nil
				}
				return nil, false, err
			}
			return a, true, nil
		}
		for i, m := range args {
			sub := v
			if names != nil {
				var found bool
				if sub, found, err = attr(names[i]); !found || err != nil {
					return false, err
				}
			}
			if ok, err := m(in, sub); !ok || err != nil {
				return false, err
			}
		}
		for i, m := range kws {
			sub, found, err := attr(p.KwNames[i].Name)
			if !found || err != nil {
				return false, err
			}
			if ok, err := m(in, sub); !ok || err != nil {
				return false, err
			}
		}
		return true, nil
	}
}

// isClassValue reports whether k is a class: a class statement's, or a
// builtin class (int, list, torch.Tensor).
func isClassValue(k Value) bool {
	if _, ok := k.(*UserClass); ok {
		return true
	}
	return ClassOf(k) != ""
}

// matchArgs returns the attribute names of n positional sub-patterns of
// class k, from its __match_args__; nil when the one sub-pattern of a
// builtin class such as int matches the subject itself.
func (in *interp) matchArgs(k Value, n int) ([]string, error) {
	if n == 0 {
		return []string{}, nil
	}
	name := ClassOf(k)
	if u, ok := k.(*UserClass); ok {
		name = u.Name
		if u.nativeBase != "" && selfMatching[u.nativeBase] && n == 1 {
			if _, _, has := u.lookup("__match_args__"); !has {
				return nil, nil
			}
		}
	} else if selfMatching[name] {
		if n > 1 {
			return nil, Errorf(TypeError, "%s() accepts 1 positional sub-pattern (%d given)", name, n)
		}
		return nil, nil
	}
	ma, err := in.getAttr(k, "__match_args__")
	if err != nil {
		if ToError(err).Kind != AttributeError {
			return nil, err
		}
		ma = Tuple{}
	}
	t, ok := ma.(Tuple)
	if !ok {
		return nil, Errorf(TypeError, "%s.__match_args__ must be a tuple (got %s)", name, TypeName(ma))
	}
	if n > len(t) {
		s := "s"
		if len(t) == 1 {
			s = ""
		}
		return nil, Errorf(TypeError, "%s() accepts %d positional sub-pattern%s (%d given)", name, len(t), s, n)
	}
	names := make([]string, n)
	for i := range n {
		s, ok := t[i].(string)
		if !ok {
			return nil, Errorf(TypeError, "__match_args__ elements must be strings (got %s)", TypeName(t[i]))
		}
		names[i] = s
	}
	return names, nil
}
