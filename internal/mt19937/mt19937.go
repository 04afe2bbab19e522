// Package mt19937 is the 32-bit Mersenne Twister of Matsumoto and
// Nishimura, the engine behind both PyTorch's CPU generator (package
// tensor) and CPython's random module (package pyrandom). It keeps its
// position the way PyTorch's at::mt19937 does, as the number of words left
// before the next twist and the index of the next one, so that a saved
// state resumes exactly.
package mt19937

// N is the number of state words.
const N = 624

const (
	m       = 397
	matrixA = 0x9908b0df
	upper   = 0x80000000
	lower   = 0x7fffffff
)

// MT is the twister's state. Left and Next are PyTorch's left_ and next_.
type MT struct {
	State [N]uint32
	Left  int
	Next  int
}

// New returns the twister seeded by init_genrand(seed).
func New(seed uint32) MT {
	var t MT
	t.initGenrand(seed)
	return t
}

func (t *MT) initGenrand(seed uint32) {
	t.State[0] = seed
	for j := 1; j < N; j++ {
		p := t.State[j-1]
		t.State[j] = 1812433253*(p^(p>>30)) + uint32(j)
	}
	t.Left, t.Next = 1, 0
}

// NewByArray returns the twister seeded by init_by_array(key), as CPython
// seeds it from an integer's 32-bit words.
func NewByArray(key []uint32) MT {
	t := New(19650218)
	s := &t.State
	i, j := 1, 0
	for k := max(N, len(key)); k > 0; k-- {
		p := s[i-1]
		s[i] = (s[i] ^ ((p ^ (p >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= N {
			s[0] = s[N-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := N - 1; k > 0; k-- {
		p := s[i-1]
		s[i] = (s[i] ^ ((p ^ (p >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= N {
			s[0] = s[N-1]
			i = 1
		}
	}
	s[0] = 0x80000000
	return t
}

// Uint32 returns the next tempered output word.
func (t *MT) Uint32() uint32 {
	t.Left--
	if t.Left == 0 {
		t.twist()
	}
	y := t.State[t.Next]
	t.Next++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// Fill sets dst to the next len(dst) words, those that as many calls of
// Uint32 would return, with the state left as they would leave it: a run
// of the state's words at a time, without a call a word.
func (t *MT) Fill(dst []uint32) {
	for len(dst) > 0 {
		if t.Left == 1 {
			t.twist()
			t.Left++ // Uint32's decrement of the word it twisted for
		}
		run := min(len(dst), t.Left-1, N-t.Next)
		if run <= 0 { // a state whose fields disagree: as Uint32 takes it
			dst[0] = t.Uint32()
			dst = dst[1:]
			continue
		}
		src := t.State[t.Next : t.Next+run]
		done := temperBlocks(dst, src)
		for i, y := range src[done:] {
			y ^= y >> 11
			y ^= (y << 7) & 0x9d2c5680
			y ^= (y << 15) & 0xefc60000
			y ^= y >> 18
			dst[done+i] = y
		}
		t.Next += run
		t.Left -= run
		dst = dst[run:]
	}
}

// twist regenerates all state words: s[i] = s[i+m mod N] ^ mix(s[i],
// s[i+1 mod N]), in order, in three runs so that no index wraps. The
// first two runs' whole vectors go through twistBlocks (the second reads
// what the first wrote, N - m words back, never within a vector).
func (t *MT) twist() {
	s := &t.State
	for i := twistBlocks(s[:], s[m:], N-m); i < N-m; i++ {
		s[i] = s[i+m] ^ mix(s[i], s[i+1])
	}
	for i := N - m + twistBlocks(s[N-m:], s[:], m-1); i < N-1; i++ {
		s[i] = s[i+m-N] ^ mix(s[i], s[i+1])
	}
	s[N-1] = s[m-1] ^ mix(s[N-1], s[0])
	t.Left, t.Next = N, 0
}

// mix is the twist's combination of the upper bit of u and the lower bits
// of v, with matrixA applied by a mask of v's lowest bit rather than a
// branch (which random bits mispredict half the time).
func mix(u, v uint32) uint32 {
	return ((u&upper)|(v&lower))>>1 ^ -(v&1)&matrixA
}

// Valid reports whether the position fields are in range, as PyTorch
// checks before accepting a state.
func (t *MT) Valid() bool { return t.Left > 0 && t.Left <= N && t.Next >= 0 && t.Next <= N }
