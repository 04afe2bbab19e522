package collections

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// Counter: a dict of counts. A missing key counts 0; most_common,
// elements, update and subtract count; +, -, |, & combine two counters
// keeping the positive counts; it prints most common first.

// counterKind is Counter's; defCounter gives it its behaviour.
var counterKind = &lang.DictKind{Name: "Counter", Class: "collections.Counter"}

const notImplementedError lang.ErrorKind = "NotImplementedError"

func newCounter() *lang.Dict { return lang.NewDictOf(counterKind, nil) }

func isCounter(v lang.Value) (*lang.Dict, bool) {
	d, ok := lang.ContainerOf(v).(*lang.Dict) // a Counter subclass's too
	return d, ok && d.Kind() == counterKind
}

// count is d[key], 0 when missing.
func count(d *lang.Dict, key lang.Value) lang.Value {
	if v, ok, _ := d.Get(key); ok {
		return v
	}
	return int64(0)
}

// add and sub are + and - of counts: ints, floats and bools.
func add(x, y lang.Value) (lang.Value, error) { return arith(syntax.PLUS, x, y) }
func sub(x, y lang.Value) (lang.Value, error) { return arith(syntax.MINUS, x, y) }

func arith(op syntax.Token, x, y lang.Value) (lang.Value, error) {
	if b, ok := x.(bool); ok {
		x = boolInt(b)
	}
	if b, ok := y.(bool); ok {
		y = boolInt(b)
	}
	xi, xInt := x.(int64)
	yi, yInt := y.(int64)
	if xInt && yInt {
		if op == syntax.PLUS {
			return xi + yi, nil
		}
		return xi - yi, nil
	}
	xf, xOK := lang.AsFloat(x)
	yf, yOK := lang.AsFloat(y)
	if !xOK || !yOK {
		return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", op, lang.TypeName(x), lang.TypeName(y))
	}
	if op == syntax.PLUS {
		return xf + yf, nil
	}
	return xf - yf, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// positive reports whether a count is > 0.
func positive(v lang.Value) (bool, error) {
	c, err := lang.Compare(v, int64(0))
	return c > 0, err
}

// mostCommon is most_common(n): the items by count, highest first, ties
// in insertion order (a stable sort, as CPython's sorted and nlargest).
func mostCommon(d *lang.Dict, n int) ([]lang.Value, error) {
	keys, vals := d.Keys(), d.Values()
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	var cmpErr error
	slices.SortStableFunc(order, func(i, j int) int {
		c, err := lang.Compare(vals[j], vals[i])
		if err != nil && cmpErr == nil {
			cmpErr = err
		}
		return c
	})
	if cmpErr != nil {
		return nil, cmpErr
	}
	if n >= 0 && n < len(order) {
		order = order[:n]
	}
	out := make([]lang.Value, len(order))
	for i, k := range order {
		out[i] = lang.Tuple{keys[k], vals[k]}
	}
	return out, nil
}

// counterRepr is Counter({'a': 2, 'b': 1}), most common first; Counter()
// when empty.
func counterRepr(d *lang.Dict, elem func(lang.Value) string) string {
	if d.Len() == 0 {
		return "Counter()"
	}
	items, err := mostCommon(d, -1)
	if err != nil { // counts that do not compare: insertion order
		items = nil
		for _, k := range d.Keys() {
			v, _, _ := d.Get(k)
			items = append(items, lang.Tuple{k, v})
		}
	}
	parts := make([]string, len(items))
	for i, it := range items {
		kv := it.(lang.Tuple)
		parts[i] = elem(kv[0]) + ": " + elem(kv[1])
	}
	return "Counter({" + strings.Join(parts, ", ") + "})"
}

// counterEqual is Python 3.10's Counter ==: a missing key counts 0.
func counterEqual(d *lang.Dict, other lang.Value) (eq, ok bool) {
	o, isC := isCounter(other)
	if !isC {
		return false, false
	}
	for _, pair := range [][2]*lang.Dict{{d, o}, {o, d}} {
		for _, k := range pair[0].Keys() {
			c, err := lang.Compare(count(pair[0], k), count(pair[1], k))
			if err != nil || c != 0 {
				return false, true
			}
		}
	}
	return true, true
}

// counterBinary is +, -, | and & of two counters: the sum, difference,
// maximum and minimum of each count, keeping the positive ones.
func counterBinary(op syntax.Token, d *lang.Dict, other lang.Value, reflected bool) (lang.Value, bool, error) {
	o, ok := isCounter(other)
	if !ok {
		return nil, false, nil
	}
	a, b := d, o
	if reflected {
		a, b = o, d
	}
	out := newCounter()
	keep := func(k, v lang.Value) error {
		if pos, err := positive(v); err != nil || !pos {
			return err
		}
		return out.Set(k, v)
	}
	switch op {
	case syntax.PLUS, syntax.MINUS:
		for _, k := range a.Keys() {
			v, err := arith(op, count(a, k), count(b, k))
			if err == nil {
				err = keep(k, v)
			}
			if err != nil {
				return nil, true, err
			}
		}
		for _, k := range b.Keys() {
			if _, in, _ := a.Get(k); in {
				continue
			}
			v := count(b, k)
			if op == syntax.MINUS {
				c, err := lang.Compare(v, int64(0))
				if err != nil {
					return nil, true, err
				}
				if c < 0 {
					neg, err := sub(int64(0), v)
					if err == nil {
						err = out.Set(k, neg)
					}
					if err != nil {
						return nil, true, err
					}
				}
				continue
			}
			if err := keep(k, v); err != nil {
				return nil, true, err
			}
		}
	case syntax.PIPE, syntax.AMP:
		for _, k := range a.Keys() {
			x, y := count(a, k), count(b, k)
			c, err := lang.Compare(x, y)
			if err != nil {
				return nil, true, err
			}
			v := x
			if op == syntax.PIPE && c < 0 || op == syntax.AMP && c > 0 {
				v = y
			}
			if err := keep(k, v); err != nil {
				return nil, true, err
			}
		}
		if op == syntax.PIPE {
			for _, k := range b.Keys() {
				if _, in, _ := a.Get(k); in {
					continue
				}
				if err := keep(k, count(b, k)); err != nil {
					return nil, true, err
				}
			}
		}
	default:
		return nil, false, nil
	}
	return out, true, nil
}

// counterInPlace is c += m, c -= m, c |= m and c &= m, as Counter's
// __iadd__ ...: the binary operator's counts with m's (any dict) stored
// in c itself; m without items() is CPython's AttributeError.
func counterInPlace(op syntax.Token, d *lang.Dict, other lang.Value) (bool, error) {
	switch op {
	case syntax.PLUS, syntax.MINUS, syntax.PIPE, syntax.AMP:
	default:
		return false, nil
	}
	o, ok := other.(*lang.Dict)
	if !ok {
		if _, err := lang.GetAttr(other, "items"); err != nil {
			return true, err
		}
		return false, nil // a mapping of a user class: the binary operator
	}
	if _, isC := isCounter(o); !isC {
		o = copyDict(o, newCounter())
	}
	r, _, err := counterBinary(op, d, o, false)
	if err != nil {
		return true, err
	}
	d.Clear()
	copyDict(r.(*lang.Dict), d)
	return true, nil
}

// counterUnary is +c (the positive counts) and -c (the negated negative
// ones).
func counterUnary(op syntax.Token, d *lang.Dict) (lang.Value, bool, error) {
	if op != syntax.PLUS && op != syntax.MINUS {
		return nil, false, nil
	}
	out := newCounter()
	for _, k := range d.Keys() {
		v := count(d, k)
		if op == syntax.MINUS {
			var err error
			if v, err = sub(int64(0), v); err != nil {
				return nil, true, err
			}
		}
		if pos, err := positive(v); err != nil {
			return nil, true, err
		} else if pos {
			_ = out.Set(k, v)
		}
	}
	return out, true, nil
}

// countInto adds (sign +1) or subtracts (-1) the counts of src to d: a
// mapping's values, or one per element of an iterable. A mapping into an
// empty counter with sign +1 is copied as it is, as CPython's update.
func countInto(a *lang.Args, d *lang.Dict, src lang.Value, sign int) error {
	op := syntax.PLUS
	if sign < 0 {
		op = syntax.MINUS
	}
	if m, ok := src.(*lang.Dict); ok {
		for _, k := range m.Keys() {
			v, _, _ := m.Get(k)
			if sign > 0 && d.Len() == 0 && !hasKey(d, k) {
				if err := d.Set(k, v); err != nil {
					return err
				}
				continue
			}
			n, err := arith(op, count(d, k), v)
			if err == nil {
				err = d.Set(k, n)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	var err error
	iterErr := lang.Iterate(src, func(e lang.Value) bool {
		var n lang.Value
		if n, err = arith(op, count(d, e), int64(1)); err == nil {
			err = d.Set(e, n)
		}
		return err == nil
	})
	if iterErr != nil {
		return iterErr
	}
	return err
}

func hasKey(d *lang.Dict, k lang.Value) bool {
	_, ok, _ := d.Get(k)
	return ok
}

// countArgs applies update's or subtract's iterable and keywords.
func countArgs(a *lang.Args, d *lang.Dict, sign int) error {
	if !a.IsNone("iterable") {
		if err := countInto(a, d, a.Value("iterable"), sign); err != nil {
			return err
		}
	}
	names, vals := a.Keywords()
	if len(names) == 0 {
		return nil
	}
	kw := lang.NewDict()
	for i, n := range names {
		_ = kw.Set(n, vals[i])
	}
	return countInto(a, d, kw, sign)
}

func counterSelf(a *lang.Args, method string) (*lang.Dict, error) {
	d, ok := isCounter(a.Value("self"))
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "descriptor '%s' for 'Counter' objects doesn't apply to a '%s' object", method, lang.TypeName(a.Value("self")))
	}
	return d, nil
}

// counterClass is collections.Counter(iterable=None, /, **kwds).
var counterClass = lang.NewBuiltin(lang.AsValue, "Counter(iterable=None, **kwds)",
	"A dict that counts: Counter('abca') is Counter({'a': 2, 'b': 1, 'c': 1}); a missing key counts 0.",
	func(a *lang.Args) (lang.Value, error) {
		d := newCounter()
		return d, countArgs(a, d, 1)
	}).CollectKeywords()

func defCounter() {
	counterKind.Missing = func(d *lang.Dict, key lang.Value) (lang.Value, error) { return int64(0), nil }
	counterKind.Repr, counterKind.Equal = counterRepr, counterEqual
	counterKind.Reduce = func(d *lang.Dict) (lang.Tuple, bool) { // Counter.__reduce__: (Counter, (dict(self),))
		plain := lang.NewDict()
		vals := d.Values()
		for i, k := range d.Keys() {
			_ = plain.Set(k, vals[i]) // keys came from a dict: hashable
		}
		return lang.Tuple{plain}, false
	}
	counterKind.Binary, counterKind.Unary = counterBinary, counterUnary
	counterKind.InPlace = counterInPlace
	lang.RegisterClass(counterClass, "collections.Counter")
	lang.RegisterGenericClass("collections.Counter")
	lang.RegisterSubclass("collections.Counter", "dict")
	method := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		lang.RegisterTypeMethod("Counter", b)
		lang.RegisterTypeMethod("collections.Counter", b) // Counter.fromkeys, Counter.most_common(c)
		return b
	}
	method("most_common(self, n=None)", "The n most common elements and their counts, most common first (all of them when n is None).",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "most_common")
			if err != nil {
				return nil, err
			}
			n := -1
			if !a.IsNone("n") {
				n = max(a.Int("n"), 0)
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			items, err := mostCommon(d, n)
			return &lang.List{Elems: items}, err
		})
	method("elements(self)", "An iterator over the elements, each repeated as many times as its count (counts below one are skipped).",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "elements")
			if err != nil {
				return nil, err
			}
			var out []lang.Value
			for _, k := range d.Keys() {
				v, _, _ := d.Get(k)
				if _, isFloat := v.(float64); isFloat {
					return nil, lang.Errorf(lang.TypeError, "integer argument expected, got float")
				}
				n, ok := lang.AsInt(v)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
				}
				if int64(len(out))+n > lang.MaxCollect {
					return nil, lang.Errorf(lang.MemoryError, "Counter.elements() would make more than %d elements", lang.MaxCollect)
				}
				for i := int64(0); i < n; i++ {
					out = append(out, k)
				}
			}
			return lang.NewIterator("itertools.chain", out), nil
		})
	method("update(self, iterable=None, **kwds)", "Adds the counts of a mapping, or one per element of an iterable, and of the keywords.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "update")
			if err != nil {
				return nil, err
			}
			return lang.None, countArgs(a, d, 1)
		}).CollectKeywords()
	method("subtract(self, iterable=None, **kwds)", "Subtracts the counts of a mapping, or one per element of an iterable, and of the keywords; counts may go to zero or below.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "subtract")
			if err != nil {
				return nil, err
			}
			return lang.None, countArgs(a, d, -1)
		}).CollectKeywords()
	method("total(self)", "The sum of the counts.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "total")
			if err != nil {
				return nil, err
			}
			var sum lang.Value = int64(0)
			for _, v := range d.Values() {
				if sum, err = add(sum, v); err != nil {
					return nil, err
				}
			}
			return sum, nil
		})
	method("copy(self)", "A new Counter with the same counts.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := counterSelf(a, "copy")
			if err != nil {
				return nil, err
			}
			return copyDict(d, newCounter()), nil
		})
	method("fromkeys(self, *args)", "Not defined for Counter, as in CPython.",
		func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(notImplementedError, "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")
		})
}

// copyDict copies d's entries into out and returns out.
func copyDict(d, out *lang.Dict) *lang.Dict {
	for _, k := range d.Keys() {
		v, _, _ := d.Get(k)
		_ = out.Set(k, v)
	}
	return out
}
