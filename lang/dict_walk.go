package lang

import "slices"

// dictWalk walks a dict's entries (or a set's, over its dict) in order,
// as CPython's dict and set iterators do, for iter() and the for loop:
// the container may change between two steps. A change of its size
// raises RuntimeError at the next step, and keeps raising it; a dict
// that yields more entries than it held when the walk began (keys
// deleted and others added, the size kept) raises "dictionary keys
// changed during iteration" and ends the walk. The walk follows the
// entries' serials (Dict), which are CPython's entry indexes as long as
// its table is not rebuilt: an entry added after the one yielded last
// comes later in the walk, one deleted is skipped.
type dictWalk struct {
	d    *Dict // nil once ended
	size int   // d's length when the walk began; -1 once it changed (sticky, as CPython's)
	left int   // the entries the walk still expects (CPython's di->len)
	pos  int   // the position of the next entry, while d is unchanged
	last int   // the serial of the entry yielded last; -1 before the first
	set  bool  // a set's walk: its message, and no count of the entries left
}

// newDictWalk starts a walk over d; set says that d holds a set's
// elements.
func newDictWalk(d *Dict, set bool) *dictWalk {
	n := d.Len()
	return &dictWalk{d: d, size: n, left: n, last: -1, set: set}
}

// step returns the position in w.d of the next entry; ok is false at the
// end, err the RuntimeError of a container changed during the walk.
func (w *dictWalk) step() (int, bool, error) {
	d := w.d
	if d == nil {
		return 0, false, nil
	}
	if d.ns != nil {
		d.sync()
	}
	if len(d.keys) != w.size {
		w.size = -1
		if w.set {
			return 0, false, Errorf(RuntimeError, "Set changed size during iteration")
		}
		if d.kind != nil && d.kind.Mutated != "" {
			return 0, false, Errorf(RuntimeError, "%s", d.kind.Mutated)
		}
		return 0, false, Errorf(RuntimeError, "dictionary changed size during iteration")
	}
	i := w.pos
	if d.order != nil && i > 0 && (i > len(d.order) || d.order[i-1] != w.last) {
		// an entry before the next one was deleted (and another added):
		// the next one is the first added after the one yielded last
		i, _ = slices.BinarySearch(d.order, w.last+1)
	}
	if i >= len(d.keys) {
		w.d = nil
		return 0, false, nil
	}
	if w.left == 0 && !w.set {
		w.d = nil
		if d.kind != nil && d.kind.Mutated != "" {
			return 0, false, Errorf(RuntimeError, "%s", d.kind.Mutated)
		}
		return 0, false, Errorf(RuntimeError, "dictionary keys changed during iteration")
	}
	w.left--
	w.pos = i + 1
	w.last = i
	if d.order != nil {
		w.last = d.order[i]
	}
	return i, true, nil
}

// next returns the next key, value or (key, value) item, as view says.
func (w *dictWalk) next(view viewKind) (Value, bool, error) {
	i, ok, err := w.step()
	if !ok {
		return nil, false, err
	}
	return w.d.entry(view, i), true, nil
}

// entry is the key, the value or the (key, value) item at position i
// of d, as view says.
func (d *Dict) entry(view viewKind, i int) Value {
	switch view {
	case viewValues:
		return d.vals[i]
	case viewItems:
		return Tuple{d.keys[i], d.vals[i]}
	}
	return d.keys[i]
}

// iterate calls yield with each key, value or item, as view says, until
// yield returns false: the for loop's walk. Its common step, a dict
// without deletions whose size has not changed, is written out here;
// every other one is step's.
func (w *dictWalk) iterate(view viewKind, yield func(Value) bool) error {
	d := w.d
	for {
		var v Value
		if i := w.pos; d.order == nil && d.ns == nil && len(d.keys) == w.size && i < w.size && w.left > 0 {
			w.pos, w.last = i+1, i
			w.left--
			v = d.entry(view, i)
		} else {
			var ok bool
			var err error
			if v, ok, err = w.next(view); !ok {
				return err
			}
		}
		if !yield(v) {
			return nil
		}
	}
}
