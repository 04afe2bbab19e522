// Package difflib is Python's difflib module: SequenceMatcher (the
// Ratcliff/Obershelp matching of CPython's Lib/difflib.py, junk and the
// "popular" heuristic included), get_close_matches, Differ and ndiff,
// unified_diff, context_diff, restore, IS_LINE_JUNK and
// IS_CHARACTER_JUNK. The algorithm is CPython 3.11's, step for step, so
// that the blocks, opcodes, ratios and diffs are the ones CPython gives.
//
// The matcher works on ids: each element of the two sequences is
// interned (equal hashable elements get one id), so that the core loops
// compare ints. A str is a sequence of one-character strs.
package difflib

import (
	"cmp"
	"slices"

	"github.com/kael-dev/kael/lang"
)

// match is a Match(a, b, size): a[i:i+size] == b[j:j+size].
type match struct{ i, j, k int }

// opcode is one of get_opcodes' 5-tuples.
type opcode struct {
	tag            string
	i1, i2, j1, j2 int
}

// matcher is the core of SequenceMatcher over element ids. b2j maps each
// element of b that is neither junk nor popular to its indices in b.
type matcher struct {
	a, b       []int
	b2j        map[int][]int
	bjunk      map[int]bool
	bpopular   map[int]bool
	blocks     []match // get_matching_blocks, once computed
	opcodes    []opcode
	fullbcount map[int]int
	// longest's rows of run lengths, all zero between calls, and the
	// entries each row set
	j2len, newj2len []int
	j2set, newj2set []int
}

// setA is set_seq1.
func (m *matcher) setA(a []int) {
	m.a = a
	m.blocks, m.opcodes = nil, nil
}

// setB is set_seq2 and __chain_b: isjunk, when not nil, says whether an
// element (by its index of first appearance in b) is junk; it is asked
// once per distinct element, in the order of first appearance, as
// CPython asks over b2j's keys.
func (m *matcher) setB(b []int, isjunk func(first int) (bool, error), autojunk bool) error {
	m.b = b
	m.blocks, m.opcodes, m.fullbcount = nil, nil, nil
	m.b2j = map[int][]int{}
	var order []int // first index of each distinct element
	for i, e := range b {
		if _, seen := m.b2j[e]; !seen {
			order = append(order, i)
		}
		m.b2j[e] = append(m.b2j[e], i)
	}
	m.bjunk = map[int]bool{}
	if isjunk != nil {
		for _, first := range order {
			junk, err := isjunk(first)
			if err != nil {
				return err
			}
			if junk {
				m.bjunk[b[first]] = true
			}
		}
		for e := range m.bjunk {
			delete(m.b2j, e)
		}
	}
	m.bpopular = map[int]bool{}
	if n := len(b); autojunk && n >= 200 {
		ntest := n/100 + 1
		for e, idxs := range m.b2j {
			if len(idxs) > ntest {
				m.bpopular[e] = true
			}
		}
		for e := range m.bpopular {
			delete(m.b2j, e)
		}
	}
	return nil
}

// longest is find_longest_match(alo, ahi, blo, bhi): the longest block
// without junk, earliest in a and then in b, extended by the junk
// around it that matches. CPython's j2len dicts are two slices over b
// kept by the matcher (entry j+1 is the run ending at b[j]); each row
// clears only the entries the row before it set.
func (m *matcher) longest(alo, ahi, blo, bhi int) match {
	a, b := m.a, m.b
	besti, bestj, bestsize := alo, blo, 0
	if len(m.j2len) != len(b)+1 {
		m.j2len, m.newj2len = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	j2len, newj2len := m.j2len, m.newj2len
	set, newSet := m.j2set[:0], m.newj2set[:0]
	for i := alo; i < ahi; i++ {
		newSet = newSet[:0]
		for _, j := range m.b2j[a[i]] {
			if j < blo {
				continue
			}
			if j >= bhi {
				break
			}
			k := j2len[j] + 1
			newj2len[j+1] = k
			newSet = append(newSet, j+1)
			if k > bestsize {
				besti, bestj, bestsize = i-k+1, j-k+1, k
			}
		}
		for _, j := range set {
			j2len[j] = 0
		}
		j2len, newj2len = newj2len, j2len
		set, newSet = newSet, set
	}
	for _, j := range set {
		j2len[j] = 0
	}
	m.j2len, m.newj2len, m.j2set, m.newj2set = j2len, newj2len, set, newSet
	for besti > alo && bestj > blo && !m.bjunk[b[bestj-1]] && a[besti-1] == b[bestj-1] {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && !m.bjunk[b[bestj+bestsize]] && a[besti+bestsize] == b[bestj+bestsize] {
		bestsize++
	}
	for besti > alo && bestj > blo && m.bjunk[b[bestj-1]] && a[besti-1] == b[bestj-1] {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && m.bjunk[b[bestj+bestsize]] && a[besti+bestsize] == b[bestj+bestsize] {
		bestsize++
	}
	return match{besti, bestj, bestsize}
}

// matchingBlocks is get_matching_blocks: the blocks in order, adjacent
// ones joined, ending with (len(a), len(b), 0).
func (m *matcher) matchingBlocks() []match {
	if m.blocks != nil {
		return m.blocks
	}
	la, lb := len(m.a), len(m.b)
	queue := [][4]int{{0, la, 0, lb}}
	var blocks []match
	for len(queue) > 0 {
		q := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		alo, ahi, blo, bhi := q[0], q[1], q[2], q[3]
		x := m.longest(alo, ahi, blo, bhi)
		if x.k == 0 {
			continue
		}
		blocks = append(blocks, x)
		if alo < x.i && blo < x.j {
			queue = append(queue, [4]int{alo, x.i, blo, x.j})
		}
		if x.i+x.k < ahi && x.j+x.k < bhi {
			queue = append(queue, [4]int{x.i + x.k, ahi, x.j + x.k, bhi})
		}
	}
	sortMatches(blocks)
	var out []match
	i1, j1, k1 := 0, 0, 0
	for _, x := range blocks {
		if i1+k1 == x.i && j1+k1 == x.j {
			k1 += x.k
			continue
		}
		if k1 != 0 {
			out = append(out, match{i1, j1, k1})
		}
		i1, j1, k1 = x.i, x.j, x.k
	}
	if k1 != 0 {
		out = append(out, match{i1, j1, k1})
	}
	m.blocks = append(out, match{la, lb, 0})
	return m.blocks
}

// sortMatches sorts blocks as Python sorts the tuples (i, j, k).
func sortMatches(blocks []match) {
	slices.SortFunc(blocks, func(x, y match) int {
		if c := cmp.Compare(x.i, y.i); c != 0 {
			return c
		}
		if c := cmp.Compare(x.j, y.j); c != 0 {
			return c
		}
		return cmp.Compare(x.k, y.k)
	})
}

// opcodesOf is get_opcodes: how to turn a into b.
func (m *matcher) opcodesOf() []opcode {
	if m.opcodes != nil {
		return m.opcodes
	}
	i, j := 0, 0
	out := []opcode{}
	for _, x := range m.matchingBlocks() {
		tag := ""
		switch {
		case i < x.i && j < x.j:
			tag = "replace"
		case i < x.i:
			tag = "delete"
		case j < x.j:
			tag = "insert"
		}
		if tag != "" {
			out = append(out, opcode{tag, i, x.i, j, x.j})
		}
		i, j = x.i+x.k, x.j+x.k
		if x.k != 0 {
			out = append(out, opcode{"equal", x.i, i, x.j, j})
		}
	}
	m.opcodes = out
	return out
}

// grouped is get_grouped_opcodes(n): the changes with up to n lines of
// context, in hunks.
func (m *matcher) grouped(n int) [][]opcode {
	codes := append([]opcode(nil), m.opcodesOf()...)
	if len(codes) == 0 {
		codes = []opcode{{"equal", 0, 1, 0, 1}}
	}
	if c := codes[0]; c.tag == "equal" {
		codes[0] = opcode{c.tag, max(c.i1, c.i2-n), c.i2, max(c.j1, c.j2-n), c.j2}
	}
	if c := codes[len(codes)-1]; c.tag == "equal" {
		codes[len(codes)-1] = opcode{c.tag, c.i1, min(c.i2, c.i1+n), c.j1, min(c.j2, c.j1+n)}
	}
	nn := n + n
	var groups [][]opcode
	var group []opcode
	for _, c := range codes {
		if c.tag == "equal" && c.i2-c.i1 > nn {
			group = append(group, opcode{c.tag, c.i1, min(c.i2, c.i1+n), c.j1, min(c.j2, c.j1+n)})
			groups = append(groups, group)
			group = nil
			c.i1, c.j1 = max(c.i1, c.i2-n), max(c.j1, c.j2-n)
		}
		group = append(group, c)
	}
	if len(group) > 0 && !(len(group) == 1 && group[0].tag == "equal") {
		groups = append(groups, group)
	}
	return groups
}

// ratioOf is _calculate_ratio.
func ratioOf(matches, length int) float64 {
	if length != 0 {
		return 2.0 * float64(matches) / float64(length)
	}
	return 1.0
}

// ratio is ratio(): 2*M/T.
func (m *matcher) ratio() float64 {
	matches := 0
	for _, x := range m.matchingBlocks() {
		matches += x.k
	}
	return ratioOf(matches, len(m.a)+len(m.b))
}

// quickRatio is quick_ratio(): an upper bound of ratio from the
// elements' counts.
func (m *matcher) quickRatio() float64 {
	if m.fullbcount == nil {
		m.fullbcount = map[int]int{}
		for _, e := range m.b {
			m.fullbcount[e]++
		}
	}
	avail := map[int]int{}
	matches := 0
	for _, e := range m.a {
		numb, ok := avail[e]
		if !ok {
			numb = m.fullbcount[e]
		}
		avail[e] = numb - 1
		if numb > 0 {
			matches++
		}
	}
	return ratioOf(matches, len(m.a)+len(m.b))
}

// realQuickRatio is real_quick_ratio(): a bound from the lengths alone.
func (m *matcher) realQuickRatio() float64 {
	la, lb := len(m.a), len(m.b)
	return ratioOf(min(la, lb), la+lb)
}

// interner gives equal hashable elements one id: strs through a Go map,
// other values through a dict (Python's hash and ==).
type interner struct {
	strs   map[string]int
	others *lang.Dict
	next   int
}

func newInterner() *interner {
	return &interner{strs: map[string]int{}, others: lang.NewDict()}
}

func (t *interner) id(v lang.Value) (int, error) {
	if s, ok := v.(string); ok {
		id, seen := t.strs[s]
		if !seen {
			id = t.next
			t.next++
			t.strs[s] = id
		}
		return id, nil
	}
	got, found, err := t.others.Get(v)
	if err != nil {
		return 0, err
	}
	if found {
		return int(got.(int64)), nil
	}
	id := t.next
	t.next++
	return id, t.others.Set(v, int64(id))
}

// elements are the elements of a sequence: a str's characters, else what
// iterating it gives.
func elements(v lang.Value) ([]lang.Value, error) {
	if s, ok := v.(string); ok {
		rs := []rune(s)
		out := make([]lang.Value, len(rs))
		for i, r := range rs {
			out[i] = string(r)
		}
		return out, nil
	}
	return lang.Collect(v)
}

// seq is the elements of the sequence v and their ids.
func (t *interner) seq(v lang.Value) ([]lang.Value, []int, error) {
	elems, err := elements(v)
	if err != nil {
		return nil, nil, err
	}
	ids, err := t.ids(elems)
	return elems, ids, err
}

// ids interns elems.
func (t *interner) ids(elems []lang.Value) ([]int, error) {
	out := make([]int, len(elems))
	for i, e := range elems {
		id, err := t.id(e)
		if err != nil {
			return nil, err
		}
		out[i] = id
	}
	return out, nil
}

// runeIDs are a str's characters as ids: their code points (the
// character matchers of Differ, which never mix with other ids).
func runeIDs(rs []rune) []int {
	out := make([]int, len(rs))
	for i, r := range rs {
		out[i] = int(r)
	}
	return out
}
