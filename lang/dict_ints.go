package lang

// intIndex is a dict's index of its int keys (and of the bools and
// floats equal to ints, which are the same keys): each key's entry
// serial, in an open-addressing table probed linearly from the key's
// Fibonacci hash. It does what a map[int64]int did, with a lookup that
// Go inlines and no hashing call: a loop's d[k] and d.get(k) on int keys
// are two of these lookups per iteration. The table is at most half
// full, counting the slots of deleted keys, so that a probe ends soon.
type intIndex struct {
	slots []intSlot // a power of two of them, or none
	shift uint8     // 64 - log2(len(slots)): the hash's top bits are the slot
	live  int       // the keys present
	used  int       // the slots not empty: live keys and deleted ones
}

// intSlot is one slot of an intIndex: serial is the entry's serial plus
// one, 0 for a slot never used and -1 for one whose key was deleted
// (which a probe passes over).
type intSlot struct {
	key    int64
	serial int
}

// fibHash is 2^64 divided by the golden ratio: multiplied by it, keys
// that differ in their low bits (0, 1, 2, ...) or only in high ones
// (multiples of 2^32) spread over the top bits.
const fibHash = 0x9E3779B97F4A7C15

// get returns the serial of key k, reporting whether k is present.
func (t *intIndex) get(k int64) (int, bool) {
	if t.live == 0 {
		return 0, false
	}
	mask := len(t.slots) - 1
	for i := int((uint64(k) * fibHash) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k && s.serial > 0 {
			return s.serial - 1, true
		}
		if s.serial == 0 {
			return 0, false
		}
	}
}

// set makes serial the serial of key k, which is absent or present.
func (t *intIndex) set(k int64, serial int) {
	if 2*(t.used+1) > len(t.slots) {
		t.rehash()
	}
	mask := len(t.slots) - 1
	free := -1 // the first deleted slot on the way, reused for a new key
	for i := int((uint64(k) * fibHash) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		switch {
		case s.serial > 0 && s.key == k:
			s.serial = serial + 1
			return
		case s.serial < 0:
			if free < 0 {
				free = i
			}
		case s.serial == 0:
			if free < 0 {
				free = i
				t.used++
			}
			t.slots[free] = intSlot{key: k, serial: serial + 1}
			t.live++
			return
		}
	}
}

// remove deletes key k, if present.
func (t *intIndex) remove(k int64) {
	if t.live == 0 {
		return
	}
	mask := len(t.slots) - 1
	for i := int((uint64(k) * fibHash) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k && s.serial > 0 {
			s.serial = -1
			t.live--
			return
		}
		if s.serial == 0 {
			return
		}
	}
}

// rehash moves the live keys into a new table, dropping the deleted
// slots: the smallest (of 8 or more slots) that the live keys and one
// more fill to at most a quarter, so that it takes as many insertions
// again before the next rehash.
func (t *intIndex) rehash() {
	n, shift := 8, uint8(64-3)
	for 2*(t.live+1) > n/2 { // the new table is at most a quarter full
		n, shift = 2*n, shift-1
	}
	old := t.slots
	t.slots, t.shift, t.live, t.used = make([]intSlot, n), shift, 0, 0
	for _, s := range old {
		if s.serial > 0 {
			t.set(s.key, s.serial-1)
		}
	}
}
