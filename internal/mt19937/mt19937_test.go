package mt19937

import "testing"

// TestStandardValue checks the value the C++ standard requires of
// std::mt19937: the 10000th output of the engine seeded with 5489 is
// 4123659995.
func TestStandardValue(t *testing.T) {
	m := New(5489)
	var v uint32
	for range 10000 {
		v = m.Uint32()
	}
	if v != 4123659995 {
		t.Errorf("10000th output %d, want 4123659995", v)
	}
	if !m.Valid() {
		t.Error("a running engine reports an invalid position")
	}
}

// TestFillMatchesUint32 checks that Fill returns the words Uint32 returns
// and leaves the same state, from a fresh engine (whose first word
// twists) and from every kind of position: runs shorter than what is
// left, ending exactly at a twist, and spanning several twists.
func TestFillMatchesUint32(t *testing.T) {
	for _, skip := range []int{0, 1, 5, N - 1, N, N + 1, 1000} {
		for _, n := range []int{0, 1, 2, 7, N - 1, N, N + 1, 2*N + 3, 5000} {
			a, b := New(5489), New(5489)
			for range skip {
				a.Uint32()
				b.Uint32()
			}
			got := make([]uint32, n)
			a.Fill(got)
			for i := range n {
				if w := b.Uint32(); got[i] != w {
					t.Fatalf("skip %d, fill %d: word %d is %d, want %d", skip, n, i, got[i], w)
				}
			}
			if a != b {
				t.Fatalf("skip %d, fill %d: state (left %d, next %d), want (left %d, next %d)", skip, n, a.Left, a.Next, b.Left, b.Next)
			}
			if a.Uint32() != b.Uint32() {
				t.Fatalf("skip %d, fill %d: the next word differs", skip, n)
			}
		}
	}
}
