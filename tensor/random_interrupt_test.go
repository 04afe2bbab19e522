package tensor

import (
	"context"
	"testing"
	"time"
)

// TestRandomInterrupt runs each generator with the interrupt already
// raised: every one must stop with a KeyboardInterrupt (they check between
// chunks of their loops), and the generators work again afterwards.
func TestRandomInterrupt(t *testing.T) {
	const n = 3 * chunkElements
	g := NewGenerator(0)
	x := mustOp(Empty(Float32, n))
	// Made here: Ones itself stops when interrupted.
	three, many := mustOp(Ones(Float32, 3)), mustOp(Ones(Float64, n))
	cases := []struct {
		name string
		run  func() error
	}{
		{"rand", func() error { return errOf(Rand(g, Float64, n)) }},
		{"randn f32", func() error { return errOf(Randn(g, Float32, n)) }},
		{"randn f64", func() error { return errOf(Randn(g, Float64, n)) }},
		{"randint", func() error { return errOf(Randint(g, 0, 9, n)) }},
		{"randperm", func() error { return errOf(Randperm(g, n)) }},
		{"normal_ view", func() error { return FillNormal(mustOp(x.Reshape(3, chunkElements)).T(), 0, 1, g) }},
		{"bernoulli_", func() error { return FillBernoulli(x, 0.5, g) }},
		{"bernoulli", func() error { return errOf(Bernoulli(x, g)) }},
		{"multinomial", func() error { return errOf(Multinomial(three, n, true, g)) }},
		{"multinomial top-k", func() error { return errOf(Multinomial(many, 2, false, g)) }},
	}
	for _, c := range cases {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err := Interruptible(ctx, func() error {
			for deadline := time.Now().Add(5 * time.Second); !Interrupted() && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
			return c.run()
		})
		if KindOf(err) != KeyboardInterrupt {
			t.Errorf("%s: got %v, want a KeyboardInterrupt", c.name, err)
		}
		if err := c.run(); err != nil {
			t.Errorf("%s after the interrupt: %v", c.name, err)
		}
	}
}
