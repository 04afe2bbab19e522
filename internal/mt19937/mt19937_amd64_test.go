package mt19937

import "testing"

// TestVectorKernelsMatchLoops runs the same draws with and without the
// AVX2 kernels (twist and Fill's tempering): every word and the final
// state must be the loops' bit for bit, from several seeds and positions,
// over several twists and at every residue of a vector.
func TestVectorKernelsMatchLoops(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2")
	}
	cases := []struct {
		seed  uint32
		skip  int
		sizes []int
	}{
		{5489, 0, []int{512, 512, 512}},
		{0, 1, []int{1, 2, 3, 7, 8, 9, 15, 16, 17}},
		{1111, 5, []int{N - 1, N, N + 1, 2*N + 3}},
		{0xffffffff, N - 1, []int{5000}},
		{42, N, []int{31, 33, 1000, 9, 6000}},
		{7, 1000, []int{13, 255, 257, 3 * N}},
	}
	for _, c := range cases {
		vec, loop := New(c.seed), New(c.seed)
		for range c.skip {
			vec.Uint32()
			useAVX2 = false
			loop.Uint32()
			useAVX2 = true
		}
		for _, n := range c.sizes {
			got, want := make([]uint32, n), make([]uint32, n)
			vec.Fill(got)
			useAVX2 = false
			loop.Fill(want)
			useAVX2 = true
			for i := range n {
				if got[i] != want[i] {
					t.Fatalf("seed %d skip %d fill %d: word %d is %#x, want %#x", c.seed, c.skip, n, i, got[i], want[i])
				}
			}
		}
		if vec != loop {
			t.Errorf("seed %d skip %d: the states differ after the fills", c.seed, c.skip)
		}
	}
	// The kernels' twist alone, on states of every kind of word.
	for _, seed := range []uint32{0, 1, 5489, 0x9908b0df, 0xffffffff} {
		vec, loop := New(seed), New(seed)
		for i := range N {
			vec.State[i] ^= uint32(i) * 0x01010101
			loop.State[i] = vec.State[i]
		}
		for range 5 {
			vec.twist()
			useAVX2 = false
			loop.twist()
			useAVX2 = true
			if vec.State != loop.State {
				t.Fatalf("seed %d: the kernels' twist differs from the loops'", seed)
			}
		}
	}
}

// BenchmarkFill draws the words of a [35, 20, 200] dropout mask (two a
// element), the word_language_model LSTM's, a block of 512 at a time.
func BenchmarkFill(b *testing.B) {
	for _, kernels := range []bool{false, true} {
		name := "loops"
		if kernels {
			name = "avx2"
			if !useAVX2 {
				continue
			}
		}
		b.Run(name, func(b *testing.B) {
			saved := useAVX2
			useAVX2 = kernels
			defer func() { useAVX2 = saved }()
			g := New(5489)
			var buf [512]uint32
			for b.Loop() {
				for range 2 * 35 * 20 * 200 / len(buf) {
					g.Fill(buf[:])
				}
			}
		})
	}
}
