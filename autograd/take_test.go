package autograd

import (
	"slices"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// TestLeafGradientTaken checks which leaves' first gradients become their
// Grad uncopied (passResult.takeable, as PyTorch's AccumulateGrad steals
// a gradient nothing else refers to), and that every Grad, taken or
// copied, has the values of a pass that retains its graph (which copies
// them all) and shares memory with nothing the program holds: not another
// leaf's Grad, not a hook's argument, not the gradient a program passed.
// The leaves are 128×128 float64 (128 KiB), in the sizes that carry a
// recycling mark, except "small".
func TestLeafGradientTaken(t *testing.T) {
	const n = 128
	sum := func(x *tensor.Tensor) *tensor.Tensor { return must(Sum(x, nil, false)) }
	type graph struct {
		leaves []*tensor.Tensor
		loss   *tensor.Tensor
		grad   *tensor.Tensor // the gradient passed for loss, or nil
		held   *tensor.Tensor // a tensor the program holds, or nil
	}
	cases := []struct {
		name   string
		retain bool
		build  func(f *fixture) graph
		taken  []bool // per leaf
	}{
		{"matmul weight", false, func(f *fixture) graph {
			x := must(tensor.Randn(f.g, tensor.Float64, n, n))
			w := f.randn(n, n)
			return graph{leaves: []*tensor.Tensor{w}, loss: sum(must(Tanh(must(Matmul(x, w)))))}
		}, []bool{true}},
		{"two weights", false, func(f *fixture) graph {
			x := must(tensor.Randn(f.g, tensor.Float64, n, n))
			w1, w2 := f.randn(n, n), f.randn(n, n)
			h := must(Tanh(must(Matmul(x, w1))))
			return graph{leaves: []*tensor.Tensor{w1, w2}, loss: sum(must(Sigmoid(must(Matmul(h, w2)))))}
		}, []bool{true, true}},
		{"retained graph", true, func(f *fixture) graph {
			x := must(tensor.Randn(f.g, tensor.Float64, n, n))
			w := f.randn(n, n)
			return graph{leaves: []*tensor.Tensor{w}, loss: sum(must(Tanh(must(Matmul(x, w)))))}
		}, []bool{false}},
		// add hands one tensor to both leaves: neither may own it.
		{"add fans out", false, func(f *fixture) graph {
			a, b := f.randn(n, n), f.randn(n, n)
			return graph{leaves: []*tensor.Tensor{a, b}, loss: sum(must(Tanh(must(Add(a, b)))))}
		}, []bool{false, false}},
		// sum's gradient is ones expanded: a broadcast view.
		{"broadcast", false, func(f *fixture) graph {
			w := f.randn(n, n)
			return graph{leaves: []*tensor.Tensor{w}, loss: sum(w)}
		}, []bool{false}},
		{"small", false, func(f *fixture) graph {
			x := must(tensor.Randn(f.g, tensor.Float64, 8, 8))
			w := f.randn(8, 8)
			return graph{leaves: []*tensor.Tensor{w}, loss: sum(must(Tanh(must(Matmul(x, w)))))}
		}, []bool{false}},
		// a leaf hook sees the gradient, and may keep it.
		{"leaf hook", false, func(f *fixture) graph {
			x := must(tensor.Randn(f.g, tensor.Float64, n, n))
			w := f.randn(n, n)
			g := graph{leaves: []*tensor.Tensor{w}, loss: sum(must(Tanh(must(Matmul(x, w)))))}
			held := &g.held
			must(RegisterHook(w, "keep", func(grad *tensor.Tensor) (*tensor.Tensor, error) {
				*held = grad
				return grad, nil
			}))
			return g
		}, []bool{false}},
		// the program's own gradient reaches the leaf as it is.
		{"passed gradient", false, func(f *fixture) graph {
			w := f.randn(n, n)
			g := must(tensor.Randn(f.g, tensor.Float64, n, n))
			return graph{leaves: []*tensor.Tensor{w}, loss: w, grad: g, held: g}
		}, []bool{false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Which leaves the pass may take, seen inside the engine.
			g := c.build(newFixture(t))
			roots, rootGrads, err := rootsOf([]*tensor.Tensor{g.loss}, []*tensor.Tensor{g.grad})
			if err != nil {
				t.Fatal(err)
			}
			res, err := propagate(roots, rootGrads, c.retain, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, leaf := range g.leaves {
				k := slices.IndexFunc(res.leaves, func(l leafGrad) bool { return l.t == leaf })
				if k < 0 {
					t.Fatalf("leaf %d got no gradient", i)
				}
				if got := res.takeable(k); got != c.taken[i] {
					t.Errorf("leaf %d: takeable = %v, want %v", i, got, c.taken[i])
				}
			}

			// The Grads of a plain pass and of one that retains its graph.
			grads := func(retain bool) ([]*tensor.Tensor, graph) {
				g := c.build(newFixture(t))
				if err := BackwardWith([]*tensor.Tensor{g.loss}, []*tensor.Tensor{g.grad}, BackwardOptions{RetainGraph: retain}); err != nil {
					t.Fatal(err)
				}
				var gs []*tensor.Tensor
				for _, l := range g.leaves {
					gs = append(gs, Grad(l))
				}
				return gs, g
			}
			got, plain := grads(c.retain)
			want, _ := grads(true)
			for i := range got {
				if !slices.Equal(must(got[i].Float64s()), must(want[i].Float64s())) {
					t.Errorf("leaf %d: Grad differs from the retained pass's", i)
				}
				others := []*tensor.Tensor{plain.leaves[i]}
				if plain.held != nil {
					others = append(others, plain.held)
				}
				for j := range got {
					if j != i {
						others = append(others, got[j])
					}
				}
				for _, o := range others {
					if got[i].SharesMemory(o) {
						t.Errorf("leaf %d: Grad shares memory with a tensor the program holds", i)
					}
				}
			}
		})
	}
}
