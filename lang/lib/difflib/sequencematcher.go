package difflib

import (
	"github.com/kael-dev/kael/lang"
)

// pyMatcher is a SequenceMatcher object's state (its Native).
type pyMatcher struct {
	m              matcher
	intern         *interner
	a, b           lang.Value
	aElems, bElems []lang.Value
	isjunk         lang.Value
	autojunk       bool
}

// matchType is difflib.Match, the named tuple (a, b, size).
var matchType = &lang.ReturnType{Name: "Match", Qualified: "Match", Fields: []string{"a", "b", "size"}}

// matchClass makes a Match from its three fields.
var matchClass = lang.NewBuiltin(lang.AsValue, "Match(a, b, size)", "The named tuple of a matching block: a[a:a+size] == b[b:b+size].", func(a *lang.Args) (lang.Value, error) {
	return lang.NewNamedTuple(matchType, a.Value("a"), a.Value("b"), a.Value("size")), nil
})

func matchValue(x match) lang.Value {
	return lang.NewNamedTuple(matchType, int64(x.i), int64(x.j), int64(x.k))
}

func opcodeValue(c opcode) lang.Value {
	return lang.Tuple{c.tag, int64(c.i1), int64(c.i2), int64(c.j1), int64(c.j2)}
}

// matcherOf is self's state, or CPython's error for an object whose
// __init__ did not run.
func matcherOf(a *lang.Args) (*lang.Instance, *pyMatcher, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if ok {
		if p, ok := x.Native().(*pyMatcher); ok {
			return x, p, nil
		}
	}
	return nil, nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'a'", lang.TypeName(a.Value("self")))
}

// setA is set_seq1(v).
func (p *pyMatcher) setA(x *lang.Instance, v lang.Value) error {
	if p.a != nil && lang.Identical(v, p.a) {
		return nil
	}
	elems, ids, err := p.intern.seq(v)
	if err != nil {
		return err
	}
	p.a, p.aElems = v, elems
	p.m.setA(ids)
	x.SetOwn("a", v)
	return nil
}

// setB is set_seq2(v), which asks isjunk about b's elements.
func (p *pyMatcher) setB(a *lang.Args, x *lang.Instance, v lang.Value) error {
	if p.b != nil && lang.Identical(v, p.b) {
		return nil
	}
	elems, ids, err := p.intern.seq(v)
	if err != nil {
		return err
	}
	p.b, p.bElems = v, elems
	isjunk, err := junkTest(a, p.isjunk, func(i int) lang.Value { return elems[i] })
	if err != nil {
		return err
	}
	if err := p.m.setB(ids, isjunk, p.autojunk); err != nil {
		return err
	}
	x.SetOwn("b", v)
	for _, attr := range [...]struct {
		name string
		set  map[int]bool
	}{{"bjunk", p.m.bjunk}, {"bpopular", p.m.bpopular}} {
		var members []lang.Value
		seen := map[int]bool{}
		for i, id := range ids {
			if attr.set[id] && !seen[id] {
				seen[id] = true
				members = append(members, elems[i])
			}
		}
		s, err := lang.NewSet(members, false)
		if err != nil {
			return err
		}
		x.SetOwn(attr.name, s)
	}
	return nil
}

// bound is find_longest_match's argument name: its default when None,
// an IndexError when outside the sequence (CPython's indexing fails).
func bound(a *lang.Args, name string, def, n int) (int, error) {
	if a.IsNone(name) {
		return def, nil
	}
	v := a.Int(name)
	if err := a.Err(); err != nil {
		return 0, err
	}
	if v < 0 || v > n {
		return 0, lang.Errorf(lang.IndexError, "find_longest_match: %s=%d is outside the sequence (0 to %d)", name, v, n)
	}
	return v, nil
}

func method(sig, doc string, f func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, p, err := matcherOf(a)
		if err != nil {
			return nil, err
		}
		return f(a, x, p)
	})
}

var sequenceMatcherClass = lang.MustNewClass("SequenceMatcher", "difflib", nil,
	lang.NewBuiltin(lang.AsValue, "__init__(self, isjunk=None, a='', b='', autojunk=True)",
		"Compares the sequences a and b (of hashable elements; a str is a sequence of characters). isjunk(element) says which elements of b are junk; autojunk treats the elements that fill over 1% of a b of 200 or more as junk.",
		func(a *lang.Args) (lang.Value, error) {
			x, ok := a.Value("self").(*lang.Instance)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "descriptor '__init__' requires a 'SequenceMatcher' object")
			}
			auto, err := lang.Truth(a.Value("autojunk"))
			if err != nil {
				return nil, err
			}
			p := &pyMatcher{intern: newInterner(), isjunk: a.Value("isjunk"), autojunk: auto}
			x.SetNative(p)
			x.SetOwn("isjunk", p.isjunk)
			x.SetOwn("autojunk", auto)
			if err := p.setA(x, a.Value("a")); err != nil {
				return nil, err
			}
			return lang.None, p.setB(a, x, a.Value("b"))
		}),
	method("set_seqs(self, a, b)", "Sets both sequences to compare.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		if err := p.setA(x, a.Value("a")); err != nil {
			return nil, err
		}
		return lang.None, p.setB(a, x, a.Value("b"))
	}),
	method("set_seq1(self, a)", "Sets the first sequence; comparing many sequences with one, set that one with set_seq2 once.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		return lang.None, p.setA(x, a.Value("a"))
	}),
	method("set_seq2(self, b)", "Sets the second sequence (the one whose elements are indexed, and tested for junk).", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		return lang.None, p.setB(a, x, a.Value("b"))
	}),
	method("find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None)", "The longest matching block of a[alo:ahi] and b[blo:bhi] without junk (extended by matching junk around it), earliest in a, then in b, as Match(a, b, size).", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		la, lb := len(p.m.a), len(p.m.b)
		alo, err := bound(a, "alo", 0, la)
		if err != nil {
			return nil, err
		}
		ahi, err := bound(a, "ahi", la, la)
		if err != nil {
			return nil, err
		}
		blo, err := bound(a, "blo", 0, lb)
		if err != nil {
			return nil, err
		}
		bhi, err := bound(a, "bhi", lb, lb)
		if err != nil {
			return nil, err
		}
		return matchValue(p.m.longest(alo, ahi, blo, bhi)), nil
	}),
	method("get_matching_blocks(self)", "The matching blocks in order, as Match(a, b, size) with a[a:a+size] == b[b:b+size], ending with Match(len(a), len(b), 0).", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		var out []lang.Value
		for _, b := range p.m.matchingBlocks() {
			out = append(out, matchValue(b))
		}
		return &lang.List{Elems: out}, nil
	}),
	method("get_opcodes(self)", "How to turn a into b: a list of (tag, i1, i2, j1, j2) with tag 'replace', 'delete', 'insert' or 'equal' for a[i1:i2] and b[j1:j2].", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		out := []lang.Value{}
		for _, c := range p.m.opcodesOf() {
			out = append(out, opcodeValue(c))
		}
		return &lang.List{Elems: out}, nil
	}),
	method("get_grouped_opcodes(self, n=3)", "The opcodes in groups (hunks) with up to n elements of context around each change, as unified_diff shows them; a generator of lists.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		n := a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var groups []lang.Value
		for _, g := range p.m.grouped(n) {
			var l []lang.Value
			for _, c := range g {
				l = append(l, opcodeValue(c))
			}
			groups = append(groups, &lang.List{Elems: l})
		}
		return lang.NewIterator("generator", groups), nil
	}),
	method("ratio(self)", "How alike the sequences are, in [0, 1]: 2*M/T, M the elements matched and T the elements of both.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		return p.m.ratio(), nil
	}),
	method("quick_ratio(self)", "An upper bound of ratio() from the elements' counts alone, faster.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		return p.m.quickRatio(), nil
	}),
	method("real_quick_ratio(self)", "An upper bound of ratio() from the lengths alone, fastest.", func(a *lang.Args, x *lang.Instance, p *pyMatcher) (lang.Value, error) {
		return p.m.realQuickRatio(), nil
	}),
)
