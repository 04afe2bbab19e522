package tensor

// mt19937 is the 32-bit Mersenne Twister in the form PyTorch's CPU generator
// keeps it (at::mt19937): the state words, how many are left before the next
// twist and the index of the next one, so that a saved state resumes exactly
// where PyTorch's would.
type mt19937 struct {
	seed  uint64
	left  int
	next  int
	state [mtN]uint32
}

const (
	mtN       = 624
	mtM       = 397
	mtMatrixA = 0x9908b0df
	mtUpper   = 0x80000000
	mtLower   = 0x7fffffff
)

// seedMT19937 fills the state from the low 32 bits of seed (Matsumoto and
// Nishimura's init_genrand), keeping the whole seed for initial_seed.
func seedMT19937(seed uint64) mt19937 {
	m := mt19937{seed: seed, left: 1}
	m.state[0] = uint32(seed)
	for j := 1; j < mtN; j++ {
		p := m.state[j-1]
		m.state[j] = 1812433253*(p^(p>>30)) + uint32(j)
	}
	return m
}

// uint32 returns the next tempered output word.
func (m *mt19937) uint32() uint32 {
	m.left--
	if m.left == 0 {
		m.twist()
	}
	y := m.state[m.next]
	m.next++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// twist regenerates all state words.
func (m *mt19937) twist() {
	s := &m.state
	mix := func(u, v uint32) uint32 {
		y := ((u & mtUpper) | (v & mtLower)) >> 1
		if v&1 != 0 {
			y ^= mtMatrixA
		}
		return y
	}
	for i := 0; i < mtN-1; i++ {
		s[i] = s[(i+mtM)%mtN] ^ mix(s[i], s[i+1])
	}
	s[mtN-1] = s[mtM-1] ^ mix(s[mtN-1], s[0])
	m.left = mtN
	m.next = 0
}

// valid reports whether the position fields are in range, as PyTorch checks
// before accepting a state.
func (m *mt19937) valid() bool {
	return m.left > 0 && m.left <= mtN && m.next >= 0 && m.next <= mtN
}
