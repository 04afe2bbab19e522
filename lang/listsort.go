package lang

// This file is CPython 3.11's list sort (Objects/listobject.c, listsort
// and its helpers), ported step for step so that a Python program sees
// the same thing in kael as in CPython: the same pairs handed to < in
// the same order, the same number of calls, the same result for an
// inconsistent order (NaN among floats, a random comparator) and the
// same partly sorted list when a comparison raises. The names follow
// CPython's (count_run, binarysort, gallop_left, merge_lo, ...) so that
// the two can be read side by side; Objects/listsort.txt explains the
// method.

// minGallop is CPython's MIN_GALLOP: a merge turns to galloping after one
// run has won this many times in a row.
const minGallop = 7

// maxMinrun is CPython's MAX_MINRUN, the longest run binarysort builds.
const maxMinrun = 64

// sortSlice is CPython's sortslice: keys, and the values they were
// computed from, moved together; values is nil when the keys are the
// values (no key=).
type sortSlice struct{ keys, values []Value }

// copyFrom copies n slots of from, starting at j, to s at i; the two may
// overlap (Go's copy is memmove).
func (s sortSlice) copyFrom(i int, from sortSlice, j, n int) {
	copy(s.keys[i:i+n], from.keys[j:j+n])
	if s.values != nil {
		copy(s.values[i:i+n], from.values[j:j+n])
	}
}

// reverse reverses s's slots [lo, hi).
func (s sortSlice) reverse(lo, hi int) {
	reverseValues(s.keys[lo:hi])
	if s.values != nil {
		reverseValues(s.values[lo:hi])
	}
}

// reverseValues reverses vs in place.
func reverseValues(vs []Value) {
	for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
		vs[i], vs[j] = vs[j], vs[i]
	}
}

// sortRun is CPython's s_slice: a sorted run waiting on the merge stack,
// with its powersort power.
type sortRun struct{ base, len, power int }

// timsort is CPython's MergeState.
type timsort struct {
	all       sortSlice // the whole list
	tmp       sortSlice // merge_lo's and merge_hi's copy of the smaller run
	less      func(x, y Value) (bool, error)
	minGallop int
	pending   []sortRun
	compared  int // the comparisons so far, for PollInterrupt
}

// timSort sorts all in place, stably, by less alone, exactly as CPython
// 3.11's listsort does. On an error (from less, or an interrupt) it
// stops, with all holding a permutation of its slots: the one CPython
// leaves.
func timSort(all sortSlice, less func(x, y Value) (bool, error)) error {
	s := &timsort{all: all, less: less, minGallop: minGallop}
	return s.sort()
}

// lt is ISLT: less, with a look at the interrupt flag every pollEvery
// comparisons.
func (s *timsort) lt(x, y Value) (bool, error) {
	s.compared++
	if err := PollInterrupt(s.compared); err != nil {
		return false, err
	}
	return s.less(x, y)
}

// sort is listsort's main loop: natural runs, extended to minrun by
// binarysort, merged by the powersort policy.
func (s *timsort) sort() error {
	n := len(s.all.keys)
	if n < 2 {
		return nil
	}
	minrun := computeMinrun(n)
	for lo, remaining := 0, n; remaining > 0; {
		run, descending, err := s.countRun(lo, lo+remaining)
		if err != nil {
			return err
		}
		if descending {
			s.all.reverse(lo, lo+run)
		}
		if run < minrun {
			force := min(remaining, minrun)
			if err := s.binarySort(lo, lo+force, lo+run); err != nil {
				return err
			}
			run = force
		}
		if err := s.foundNewRun(run); err != nil {
			return err
		}
		s.pending = append(s.pending, sortRun{base: lo, len: run})
		lo += run
		remaining -= run
	}
	return s.mergeForceCollapse()
}

// computeMinrun is merge_compute_minrun: n itself below maxMinrun, else a
// k in [maxMinrun/2, maxMinrun] with n/k just under a power of 2.
func computeMinrun(n int) int {
	r := 0 // becomes 1 if any 1 bits are shifted off
	for n >= maxMinrun {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

// countRun is 3.11's count_run: the length of the run starting at lo
// within [lo, hi), ascending (lo[0] <= lo[1] <= ...) or strictly
// descending (lo[0] > lo[1] > ...), which the caller reverses.
func (s *timsort) countRun(lo, hi int) (n int, descending bool, err error) {
	keys := s.all.keys
	if lo+1 == hi {
		return 1, false, nil
	}
	n = 2
	lt, err := s.lt(keys[lo+1], keys[lo])
	if err != nil {
		return 0, false, err
	}
	descending = lt
	for i := lo + 2; i < hi; i, n = i+1, n+1 {
		lt, err := s.lt(keys[i], keys[i-1])
		if err != nil {
			return 0, false, err
		}
		if lt != descending {
			break
		}
	}
	return n, descending, nil
}

// binarySort is binarysort: [lo, start) is sorted; each slot of
// [start, hi) is put in its place by binary insertion, after the equal
// ones (stable).
func (s *timsort) binarySort(lo, hi, start int) error {
	keys := s.all.keys
	if lo == start {
		start++
	}
	for ; start < hi; start++ {
		l, r, pivot := lo, start, keys[start]
		for l < r {
			p := l + (r-l)>>1
			lt, err := s.lt(pivot, keys[p])
			if err != nil {
				return err
			}
			if lt {
				r = p
			} else {
				l = p + 1
			}
		}
		copy(keys[l+1:start+1], keys[l:start])
		keys[l] = pivot
		if values := s.all.values; values != nil {
			v := values[start]
			copy(values[l+1:start+1], values[l:start])
			values[l] = v
		}
	}
	return nil
}

// gallopLeft is gallop_left: the k in 0..len(a) with a[k-1] < key <=
// a[k], looked for by galloping from hint, then by binary search.
func (s *timsort) gallopLeft(key Value, a []Value, hint int) (int, error) {
	n := len(a)
	lastofs, ofs := 0, 1
	lt, err := s.lt(a[hint], key)
	if err != nil {
		return 0, err
	}
	if lt { // a[hint] < key: gallop right
		maxofs := n - hint
		for ofs < maxofs {
			if lt, err = s.lt(a[hint+ofs], key); err != nil {
				return 0, err
			}
			if !lt {
				break
			}
			lastofs, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = lastofs+hint, ofs+hint
	} else { // key <= a[hint]: gallop left
		maxofs := hint + 1
		for ofs < maxofs {
			if lt, err = s.lt(a[hint-ofs], key); err != nil {
				return 0, err
			}
			if lt {
				break
			}
			lastofs, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	}
	for lastofs++; lastofs < ofs; {
		m := lastofs + (ofs-lastofs)>>1
		if lt, err = s.lt(a[m], key); err != nil {
			return 0, err
		}
		if lt {
			lastofs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs, nil
}

// gallopRight is gallop_right: gallopLeft's k for a[k-1] <= key < a[k],
// after the slots equal to key.
func (s *timsort) gallopRight(key Value, a []Value, hint int) (int, error) {
	n := len(a)
	lastofs, ofs := 0, 1
	lt, err := s.lt(key, a[hint])
	if err != nil {
		return 0, err
	}
	if lt { // key < a[hint]: gallop left
		maxofs := hint + 1
		for ofs < maxofs {
			if lt, err = s.lt(key, a[hint-ofs]); err != nil {
				return 0, err
			}
			if !lt {
				break
			}
			lastofs, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	} else { // a[hint] <= key: gallop right
		maxofs := n - hint
		for ofs < maxofs {
			if lt, err = s.lt(key, a[hint+ofs]); err != nil {
				return 0, err
			}
			if lt {
				break
			}
			lastofs, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = lastofs+hint, ofs+hint
	}
	for lastofs++; lastofs < ofs; {
		m := lastofs + (ofs-lastofs)>>1
		if lt, err = s.lt(key, a[m]); err != nil {
			return 0, err
		}
		if lt {
			ofs = m
		} else {
			lastofs = m + 1
		}
	}
	return ofs, nil
}

// temp is merge_getmem: room for n slots of keys (and values) in s.tmp.
func (s *timsort) temp(n int) sortSlice {
	if len(s.tmp.keys) < n {
		s.tmp.keys = make([]Value, n)
		if s.all.values != nil {
			s.tmp.values = make([]Value, n)
		}
	}
	return s.tmp
}

// mergeLo is merge_lo: merges the na slots at a with the nb at b = a+na,
// na <= nb, through a copy of the first run. On an error the copy's
// slots not yet merged go back to the hole they left.
func (s *timsort) mergeLo(a, na, b, nb int) (err error) {
	all, tmp := s.all, s.temp(na)
	tmp.copyFrom(0, all, a, na)
	dest, pa, pb := a, 0, b
	gallop := s.minGallop
	var k int
	var lt bool

	all.copyFrom(dest, all, pb, 1)
	dest, pb, nb = dest+1, pb+1, nb-1
	if nb == 0 {
		goto succeed
	}
	if na == 1 {
		goto copyB
	}
	for {
		acount, bcount := 0, 0 // how many times in a row each run won
		// One pair at a time until one run wins gallop times in a row.
		for {
			if lt, err = s.lt(all.keys[pb], tmp.keys[pa]); err != nil {
				goto fail
			}
			if lt {
				all.copyFrom(dest, all, pb, 1)
				dest, pb, nb = dest+1, pb+1, nb-1
				bcount, acount = bcount+1, 0
				if nb == 0 {
					goto succeed
				}
				if bcount >= gallop {
					break
				}
			} else {
				all.copyFrom(dest, tmp, pa, 1)
				dest, pa, na = dest+1, pa+1, na-1
				acount, bcount = acount+1, 0
				if na == 1 {
					goto copyB
				}
				if acount >= gallop {
					break
				}
			}
		}
		// Gallop until neither run wins minGallop times in a row.
		gallop++
		for {
			if gallop > 1 {
				gallop--
			}
			s.minGallop = gallop
			if k, err = s.gallopRight(all.keys[pb], tmp.keys[pa:pa+na], 0); err != nil {
				goto fail
			}
			acount = k
			if k != 0 {
				all.copyFrom(dest, tmp, pa, k)
				dest, pa, na = dest+k, pa+k, na-k
				if na == 1 {
					goto copyB
				}
				if na == 0 { // only for an inconsistent order
					goto succeed
				}
			}
			all.copyFrom(dest, all, pb, 1)
			dest, pb, nb = dest+1, pb+1, nb-1
			if nb == 0 {
				goto succeed
			}
			if k, err = s.gallopLeft(tmp.keys[pa], all.keys[pb:pb+nb], 0); err != nil {
				goto fail
			}
			bcount = k
			if k != 0 {
				all.copyFrom(dest, all, pb, k)
				dest, pb, nb = dest+k, pb+k, nb-k
				if nb == 0 {
					goto succeed
				}
			}
			all.copyFrom(dest, tmp, pa, 1)
			dest, pa, na = dest+1, pa+1, na-1
			if na == 1 {
				goto copyB
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		gallop++ // penalize it for leaving galloping mode
		s.minGallop = gallop
	}
succeed:
fail:
	if na > 0 {
		all.copyFrom(dest, tmp, pa, na)
	}
	return err
copyB:
	// The last slot of the first run belongs at the end of the merge.
	all.copyFrom(dest, all, pb, nb)
	all.copyFrom(dest+nb, tmp, pa, 1)
	return nil
}

// mergeHi is merge_hi: mergeLo from the right, for na >= nb, through a
// copy of the second run.
func (s *timsort) mergeHi(a, na, b, nb int) (err error) {
	all, tmp := s.all, s.temp(nb)
	tmp.copyFrom(0, all, b, nb)
	dest, pa, pb := b+nb-1, a+na-1, nb-1
	gallop := s.minGallop
	var k int
	var lt bool

	all.copyFrom(dest, all, pa, 1)
	dest, pa, na = dest-1, pa-1, na-1
	if na == 0 {
		goto succeed
	}
	if nb == 1 {
		goto copyA
	}
	for {
		acount, bcount := 0, 0 // how many times in a row each run won
		for {
			if lt, err = s.lt(tmp.keys[pb], all.keys[pa]); err != nil {
				goto fail
			}
			if lt {
				all.copyFrom(dest, all, pa, 1)
				dest, pa, na = dest-1, pa-1, na-1
				acount, bcount = acount+1, 0
				if na == 0 {
					goto succeed
				}
				if acount >= gallop {
					break
				}
			} else {
				all.copyFrom(dest, tmp, pb, 1)
				dest, pb, nb = dest-1, pb-1, nb-1
				bcount, acount = bcount+1, 0
				if nb == 1 {
					goto copyA
				}
				if bcount >= gallop {
					break
				}
			}
		}
		gallop++
		for {
			if gallop > 1 {
				gallop--
			}
			s.minGallop = gallop
			if k, err = s.gallopRight(tmp.keys[pb], all.keys[a:a+na], na-1); err != nil {
				goto fail
			}
			k = na - k
			acount = k
			if k != 0 {
				dest, pa = dest-k, pa-k
				all.copyFrom(dest+1, all, pa+1, k)
				na -= k
				if na == 0 {
					goto succeed
				}
			}
			all.copyFrom(dest, tmp, pb, 1)
			dest, pb, nb = dest-1, pb-1, nb-1
			if nb == 1 {
				goto copyA
			}
			if k, err = s.gallopLeft(all.keys[pa], tmp.keys[:nb], nb-1); err != nil {
				goto fail
			}
			k = nb - k
			bcount = k
			if k != 0 {
				dest, pb = dest-k, pb-k
				all.copyFrom(dest+1, tmp, pb+1, k)
				nb -= k
				if nb == 1 {
					goto copyA
				}
				if nb == 0 { // only for an inconsistent order
					goto succeed
				}
			}
			all.copyFrom(dest, all, pa, 1)
			dest, pa, na = dest-1, pa-1, na-1
			if na == 0 {
				goto succeed
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		gallop++ // penalize it for leaving galloping mode
		s.minGallop = gallop
	}
succeed:
fail:
	if nb > 0 {
		all.copyFrom(dest-(nb-1), tmp, 0, nb)
	}
	return err
copyA:
	// The first slot of the second run belongs at the front of the merge.
	all.copyFrom(dest+1-na, all, pa+1-na, na)
	dest -= na
	all.copyFrom(dest, tmp, pb, 1)
	return nil
}

// mergeAt is merge_at: merges the runs at stack indices i and i+1.
func (s *timsort) mergeAt(i int) error {
	a, na := s.pending[i].base, s.pending[i].len
	b, nb := s.pending[i+1].base, s.pending[i+1].len
	s.pending[i].len = na + nb
	if i == len(s.pending)-3 {
		s.pending[i+1] = s.pending[i+2]
	}
	s.pending = s.pending[:len(s.pending)-1]

	// Where does b start in a? The slots of a before it are in place.
	k, err := s.gallopRight(s.all.keys[b], s.all.keys[a:a+na], 0)
	if err != nil {
		return err
	}
	a, na = a+k, na-k
	if na == 0 {
		return nil
	}
	// Where does a end in b? The slots of b after it are in place.
	nb, err = s.gallopLeft(s.all.keys[a+na-1], s.all.keys[b:b+nb], nb-1)
	if err != nil || nb == 0 {
		return err
	}
	if na <= nb {
		return s.mergeLo(a, na, b, nb)
	}
	return s.mergeHi(a, na, b, nb)
}

// foundNewRun is found_new_run: before a run of n2 slots is pushed, the
// powersort policy merges the runs on the stack whose power is above the
// new boundary's.
func (s *timsort) foundNewRun(n2 int) error {
	if len(s.pending) == 0 {
		return nil
	}
	top := s.pending[len(s.pending)-1]
	power := powerloop(top.base, top.len, n2, len(s.all.keys))
	for len(s.pending) > 1 && s.pending[len(s.pending)-2].power > power {
		if err := s.mergeAt(len(s.pending) - 2); err != nil {
			return err
		}
	}
	s.pending[len(s.pending)-1].power = power
	return nil
}

// powerloop is CPython's powerloop: the power of the boundary between
// the run [s1, s1+n1) and the n2 slots after it, in a list of n, the
// first bit where the binary fractions of the runs' midpoints differ.
func powerloop(s1, n1, n2, n int) int {
	result := 0
	a := 2*s1 + n1 // 2 * the first midpoint
	b := a + n1 + n2
	for {
		result++
		if a >= n { // both quotient bits are 1
			a -= n
			b -= n
		} else if b >= n { // a's bit is 0, b's is 1
			break
		}
		a <<= 1
		b <<= 1
	}
	return result
}

// mergeForceCollapse is merge_force_collapse: merges the stack down to
// one run.
func (s *timsort) mergeForceCollapse() error {
	for len(s.pending) > 1 {
		n := len(s.pending) - 2
		if n > 0 && s.pending[n-1].len < s.pending[n+1].len {
			n--
		}
		if err := s.mergeAt(n); err != nil {
			return err
		}
	}
	return nil
}
