package collections

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// deque's operators, as CPython's sequence slots: d + e (e a deque), d * n
// and n * d, d += iterable, d *= n, the order of two deques (<, <=, >, >=,
// as lists), del d[i], d[i] with CPython's messages, and reversed(d).

var (
	_ lang.Operand            = (*deque)(nil)
	_ lang.InPlaceOperand     = (*deque)(nil)
	_ lang.SubscriptGetter    = (*deque)(nil)
	_ lang.SubscriptDeleter   = (*deque)(nil)
	_ lang.SequenceOrderer    = (*deque)(nil)
	_ lang.ReverseIterMaker   = (*deque)(nil)
	_ lang.SpecialMethodNamer = (*deque)(nil)
	_ lang.AttrSetter         = (*deque)(nil)
	_ lang.AttrDeleter        = (*deque)(nil)
)

// maxlenNotWritable is CPython's error for d.maxlen = n and del d.maxlen.
func maxlenNotWritable() error {
	return lang.Errorf(lang.AttributeError, "attribute 'maxlen' of 'collections.deque' objects is not writable")
}

// SetAttr refuses: a deque has no attributes to set, and maxlen is read-only.
func (d *deque) SetAttr(name string, _ lang.Value) error {
	if name == "maxlen" {
		return maxlenNotWritable()
	}
	return lang.Errorf(lang.AttributeError, "'collections.deque' object has no attribute '%s'", name)
}

// DelAttr refuses as SetAttr does.
func (d *deque) DelAttr(name string) (func() error, error) {
	return nil, d.SetAttr(name, nil)
}

// SpecialMethodNames are CPython's deque's special methods that its
// protocols give: + and * (and n * d) but no -, no __radd__.
func (d *deque) SpecialMethodNames() string {
	return "len iter getitem setitem delitem contains add mul rmul iadd imul"
}

// BinaryOp is d + e and d * n (n * d reflected); the comparisons are
// SequenceOrder's and Equal's.
func (d *deque) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	switch op {
	case syntax.PLUS:
		if reflected {
			return nil, false, nil // other + d: other's concatenation, or the TypeError
		}
		r := d.clone()
		if err := r.concat(other); err != nil {
			return nil, true, err
		}
		return r, true, nil
	case syntax.STAR:
		n, err := lang.RepeatCount(other)
		if err != nil {
			if reflected && lang.IsBuiltinSequence(other) {
				return nil, false, nil // 'ab' * d is str's error
			}
			return nil, true, err
		}
		r := d.clone()
		return r, true, r.repeat(n)
	}
	return nil, false, nil
}

// InPlaceOp is d += iterable (extend) and d *= n, writing into d.
func (d *deque) InPlaceOp(op syntax.Token, other lang.Value) (lang.Value, bool, error) {
	switch op {
	case syntax.PLUS:
		return d, true, d.extend(other, false)
	case syntax.STAR:
		n, err := lang.RepeatCount(other)
		if err != nil {
			return nil, true, err
		}
		return d, true, d.repeat(n)
	}
	return nil, false, nil
}

// clone is a copy of d with its maxlen.
func (d *deque) clone() *deque {
	return &deque{elems: slices.Clone(d.elems), maxlen: d.maxlen}
}

// concat extends d by other, which must be a deque: CPython's deque +
// takes no other sequence.
func (d *deque) concat(other lang.Value) error {
	o, ok := dequeOf(other)
	if !ok {
		return lang.Errorf(lang.TypeError, "can only concatenate deque (not \"%s\") to deque", lang.TypeName(other))
	}
	return d.extend(&lang.List{Elems: slices.Clone(o.elems)}, false)
}

// repeat is d *= n as CPython's deque_inplace_repeat: n <= 0 empties d;
// with a maxlen, d keeps the last maxlen elements of the repetition.
func (d *deque) repeat(n int64) error {
	size := int64(len(d.elems))
	if size == 0 || n == 1 {
		return nil
	}
	if n <= 0 {
		if size > 0 {
			d.state++
		}
		d.elems = nil
		return nil
	}
	total := float64(size) * float64(n)
	if d.maxlen >= 0 && total > float64(d.maxlen) {
		total = float64(d.maxlen)
	}
	if total > lang.MaxRepeat {
		return lang.Errorf(lang.MemoryError, "repeating a deque of %d elements %d times needs too much memory", size, n)
	}
	d.state++
	out := make([]lang.Value, int(total))
	// out ends where the repetition ends: its last element is d's last
	for i := range out {
		back := int64(len(out) - i) // 1 for the last
		out[i] = d.elems[(size-back%size)%size]
	}
	d.elems = out
	return nil
}

// SequenceOrder gives the elements of d and another deque, which <, <=,
// > and >= compare as lists.
func (d *deque) SequenceOrder(other lang.Value) ([]lang.Value, []lang.Value, bool) {
	o, ok := dequeOf(other)
	if !ok {
		return nil, nil, false
	}
	return d.elems, o.elems, true
}

// subscriptIndex is the index of d[key], negative from the right, with
// CPython's errors: an integer is needed, in range.
func (d *deque) subscriptIndex(subs []lang.Subscript) (int, error) {
	if len(subs) != 1 {
		return 0, lang.Errorf(lang.TypeError, "sequence index must be integer, not 'tuple'")
	}
	if subs[0].IsSlice {
		return 0, lang.Errorf(lang.TypeError, "sequence index must be integer, not 'slice'")
	}
	return d.index(subs[0].Value)
}

// GetSubscript is d[i].
func (d *deque) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	i, err := d.subscriptIndex(subs)
	if err != nil {
		return nil, err
	}
	return d.elems[i], nil
}

// DelSubscript is del d[i].
func (d *deque) DelSubscript(subs []lang.Subscript) (func() error, error) {
	i, err := d.subscriptIndex(subs)
	if err != nil {
		return nil, err
	}
	return func() error {
		if i >= len(d.elems) { // another target of the del took it
			return lang.Errorf(lang.IndexError, "deque index out of range")
		}
		d.elems = slices.Delete(d.elems, i, i+1)
		d.state++
		return nil
	}, nil
}

// ReverseIter is reversed(d): the elements from the right, as many as d
// held when it began, and RuntimeError once d has changed.
func (d *deque) ReverseIter() (lang.Value, error) {
	state, i := d.state, len(d.elems)
	return lang.NewLazyIterator("_collections._deque_reverse_iterator", func() (lang.Value, bool, error) {
		if d.state != state {
			i = 0
			return nil, false, lang.Errorf(lang.RuntimeError, "deque mutated during iteration")
		}
		if i <= 0 || i > len(d.elems) {
			return nil, false, nil
		}
		i--
		return d.elems[i], true, nil
	}), nil
}
