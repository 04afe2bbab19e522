package lang

import (
	"math/bits"

	"github.com/kael-dev/kael/internal/pyhash"
)

// A set's iteration order is CPython 3.11's (Objects/setobject.c): the
// order of the slots of an open-addressing table that the set keeps beside
// its Dict (which answers membership). The table is CPython's: 8 slots to
// start, linear probes of 9 then perturbed jumps (PERTURB_SHIFT 5), a
// resize when fill*5 >= mask*3 to the smallest power of two above
// used*4 (used*2 past 50,000 elements), a dummy left by each removal and
// reused by an insertion that passes it (the last one passed), and
// set.pop's finger. For
// elements whose hash CPython computes from the value (ints, floats,
// complex numbers, bools, tuples and frozensets of them) the order is
// CPython's; strings, None and objects hash by process or address there,
// so any order is right for them, and kael places strings and None by its
// own hash(), which is the same in every run (strHash), so that a set of
// strings prints alike each time, as under PYTHONHASHSEED=0.

const (
	setMinSize      = 8
	setLinearProbes = 9
	setPerturbShift = 5
)

// setSlot is a table entry: empty (key nil, hash 0), a dummy (key nil,
// hash -1) or an element with its hash.
type setSlot struct {
	key  Value
	hash int64
}

// setTable is the order of a Set's elements, as CPython's table holds
// them; slots is nil for the empty 8-slot table not yet allocated.
type setTable struct {
	slots  []setSlot
	fill   int // elements and dummies
	used   int // elements
	finger int // where set.pop looks first
}

func (t *setTable) mask() int {
	if t.slots == nil {
		return setMinSize - 1
	}
	return len(t.slots) - 1
}

// addNew is set_add_entry for a key not in the set: the first unused slot
// on the key's probe sequence, or the last dummy before it.
func (t *setTable) addNew(k Value, h int64) {
	if t.slots == nil {
		t.slots = make([]setSlot, setMinSize)
	}
	mask := uint64(len(t.slots) - 1)
	i := uint64(h) & mask
	perturb := uint64(h)
	free := -1
	for {
		probes := 0
		if i+setLinearProbes <= mask {
			probes = setLinearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			e := &t.slots[j]
			if e.key == nil {
				if e.hash == 0 {
					if free >= 0 {
						t.slots[free] = setSlot{k, h}
						t.used++
						return
					}
					*e = setSlot{k, h}
					t.fill++
					t.used++
					if t.fill*5 >= int(mask)*3 {
						t.resize(t.growTo())
					}
					return
				}
				free = int(j) // the last dummy passed, as 3.11's loop keeps it
			}
		}
		perturb >>= setPerturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// purge is the end of set_difference_update_internal: a resize when more
// than a quarter of the table is dummies.
func (t *setTable) purge() {
	if t.fill-t.used > t.mask()/4 {
		t.resize(t.growTo())
	}
}

func (t *setTable) growTo() int {
	if t.used > 50000 {
		return t.used * 2
	}
	return t.used * 4
}

// insertClean is set_insert_clean: k into a table with no dummies and no
// equal key.
func insertClean(slots []setSlot, k Value, h int64) {
	mask := uint64(len(slots) - 1)
	i := uint64(h) & mask
	perturb := uint64(h)
	for {
		if slots[i].key == nil {
			slots[i] = setSlot{k, h}
			return
		}
		if i+setLinearProbes <= mask {
			for j := i + 1; j <= i+setLinearProbes; j++ {
				if slots[j].key == nil {
					slots[j] = setSlot{k, h}
					return
				}
			}
		}
		perturb >>= setPerturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// resize is set_table_resize: the smallest table above minused, the
// elements reinserted in slot order.
func (t *setTable) resize(minused int) {
	size := setMinSize
	for size <= minused {
		size <<= 1
	}
	old := t.slots
	t.slots = make([]setSlot, size)
	t.fill = t.used
	for _, e := range old {
		if e.key != nil {
			insertClean(t.slots, e.key, e.hash)
		}
	}
}

// remove turns k's slot into a dummy; same says whether a slot's key is
// k. It reports whether it found the slot.
func (t *setTable) remove(h int64, same func(Value) bool) bool {
	if t.slots == nil {
		return false
	}
	mask := uint64(len(t.slots) - 1)
	i := uint64(h) & mask
	perturb := uint64(h)
	for {
		probes := 0
		if i+setLinearProbes <= mask {
			probes = setLinearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			e := &t.slots[j]
			if e.key == nil && e.hash == 0 {
				return false
			}
			if e.key != nil && e.hash == h && same(e.key) {
				*e = setSlot{nil, -1}
				t.used--
				return true
			}
		}
		perturb >>= setPerturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// pop is set_pop: the first element from the finger on, left a dummy.
func (t *setTable) pop() Value {
	mask := len(t.slots) - 1
	i := t.finger & mask
	for t.slots[i].key == nil {
		i++
		if i > mask {
			i = 0
		}
	}
	k := t.slots[i].key
	t.slots[i] = setSlot{nil, -1}
	t.used--
	t.finger = i + 1
	return k
}

// keys returns the elements in slot order.
func (t *setTable) keys() []Value {
	out := make([]Value, 0, t.used)
	for _, e := range t.slots {
		if e.key != nil {
			out = append(out, e.key)
		}
	}
	return out
}

// merge is set_merge: o's elements into t, whose keys are none of o's
// when t is empty; add inserts one that may be there already.
func (t *setTable) merge(o *setTable, add func(Value, int64)) {
	if o == t || o.used == 0 {
		return
	}
	if (t.fill+o.used)*5 >= t.mask()*3 {
		t.resize((t.used + o.used) * 2)
	}
	if t.fill == 0 && t.mask() == o.mask() && o.fill == o.used {
		if t.slots == nil {
			t.slots = make([]setSlot, len(o.slots))
		}
		copy(t.slots, o.slots)
		t.fill, t.used = o.fill, o.used
		return
	}
	if t.fill == 0 {
		if t.slots == nil {
			t.slots = make([]setSlot, setMinSize)
		}
		t.fill, t.used = o.used, o.used
		for _, e := range o.slots {
			if e.key != nil {
				insertClean(t.slots, e.key, e.hash)
			}
		}
		return
	}
	for _, e := range o.slots {
		if e.key != nil {
			add(e.key, e.hash)
		}
	}
}

// presize is set_update_internal's resize before adding a dict's n keys.
func (t *setTable) presize(n int) {
	if (t.fill+n)*5 >= t.mask()*3 {
		t.resize((t.used + n) * 2)
	}
}

// CPython's xxHash primes for tuples (Objects/tupleobject.c).
const (
	xxPrime1 = 11400714785074694791
	xxPrime2 = 14029467366897019727
	xxPrime5 = 2870177450012600261
)

// orderHash is the hash that places v in a set's table: CPython's hash()
// where CPython's is deterministic, else one of kael's that calls no user
// code (a user __hash__ ran once already, for the set's Dict).
func orderHash(v Value) int64 {
	switch x := v.(type) {
	case int64:
		return pyhash.Int(x)
	case string:
		return fixHash(strHash(x))
	case bool:
		return boolInt(x)
	case float64:
		if h, ok := pyhash.Float(x); ok {
			return h
		}
		return fixHash(nanHash(v))
	case BigInt:
		return bigHash(x.v)
	case Complex:
		if !isNaNValue(x) {
			return complexHash(x)
		}
	case Tuple:
		return tupleHash(x)
	case *NamedTuple:
		return tupleHash(x.Elems)
	case *List:
		if x.size {
			return tupleHash(Tuple(x.Elems)) // a torch.Size places as the tuple of its sizes
		}
	case *Set:
		if x.frozen {
			return frozensetHash(x)
		}
	case *Instance:
		return fixHash(int64(ID(x)))
	}
	h, err := pythonHash(v)
	if err != nil {
		return 0
	}
	return fixHash(h)
}

func fixHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}

// tupleHash is CPython 3.11's tuplehash, over the elements' order hashes.
func tupleHash(t Tuple) int64 {
	h, _ := tupleHashOf(t, func(v Value) (int64, error) { return orderHash(v), nil })
	return h
}

// tupleHashOf is CPython 3.11's tuplehash (xxHash), elem hashing each
// element.
func tupleHashOf(t Tuple, elem func(Value) (int64, error)) (int64, error) {
	acc := uint64(xxPrime5)
	for _, e := range t {
		lane, err := elem(e)
		if err != nil {
			return 0, err
		}
		acc += uint64(lane) * xxPrime2
		acc = bits.RotateLeft64(acc, 31)
		acc *= xxPrime1
	}
	acc += uint64(len(t)) ^ (xxPrime5 ^ 3527539)
	if acc == ^uint64(0) {
		return 1546275796, nil
	}
	return int64(acc), nil
}

func shuffleBits(h uint64) uint64 { return ((h ^ 89869747) ^ (h << 16)) * 3644798167 }

// frozensetHash is CPython 3.11's frozenset_hash, over the elements.
func frozensetHash(s *Set) int64 {
	var h uint64
	for _, e := range s.t.slots {
		if e.key != nil {
			h ^= shuffleBits(uint64(e.hash))
		}
	}
	h ^= (uint64(s.t.used) + 1) * 1927868237
	h ^= (h >> 11) ^ (h >> 25)
	h = h*69069 + 907133923
	if h == ^uint64(0) {
		h = 590923713
	}
	return int64(h)
}
