package tensor

import "math"

// RandomInt64 returns the int64 that random_() writes into a one-element
// int64 tensor drawn from g (the default generator when g is nil): one
// 64-bit draw modulo 2^63, as PyTorch's uniform_int_distribution. It is
// how torch.utils.data seeds a sampler's generator
// (torch.empty((), dtype=torch.int64).random_()).
func (g *Generator) RandomInt64() int64 {
	g = g.lock()
	defer g.unlock()
	return int64(g.random64() % (math.MaxInt64 + 1))
}
