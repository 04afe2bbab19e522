package gpt2

import (
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// BenchmarkDecode times one decoded token of GPT-2 124M after a 16-token
// prompt, as kaelbench's decode rows do, with float32 and 16-bit weights,
// each token's logits by NextLogits into the cache's buffer, as Generate
// takes them.
// Where the system reports them it adds the CPU time, the voluntary
// context switches and the minor page faults a token (cpu-ms/token,
// switches/token, faults/token: fresh memory the allocator touches; the
// cache refills included): wall time well above CPU time per thread is time
// spent waiting, for the other cores or for the processor. allocs/op are
// the heap allocations a token.
func BenchmarkDecode(b *testing.B) {
	path := filepath.Join(b.TempDir(), "124M.safetensors")
	if err := SaveRandom(path, Configs["124M"], 0); err != nil {
		b.Fatal(err)
	}
	for _, w := range []tensor.DType{tensor.Float32, tensor.BFloat16, tensor.Float16} {
		b.Run(w.String(), func(b *testing.B) {
			m, err := Load(path, Options{Weights: w})
			if err != nil {
				b.Fatal(err)
			}
			const prompt, steps = 16, 64
			var cache *Cache
			next := 0
			reset := func() {
				if cache, err = m.NewCache(prompt + steps); err != nil {
					b.Fatal(err)
				}
				ids := make([]int, prompt)
				for i := range ids {
					ids[i] = 100 + i
				}
				if _, err := m.LastLogits(ids, cache); err != nil {
					b.Fatal(err)
				}
			}
			reset()
			b.ReportAllocs()
			cpu0, sw0, flt0, usage := processUsage()
			b.ResetTimer()
			for range b.N {
				if cache.Len() == prompt+steps {
					b.StopTimer()
					reset()
					b.StartTimer()
				}
				logits, err := m.NextLogits([]int{next}, cache)
				if err != nil {
					b.Fatal(err)
				}
				next = Sampling{}.Choose(logits)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
			if cpu1, sw1, flt1, _ := processUsage(); usage {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/token")
				b.ReportMetric(float64(sw1-sw0)/float64(b.N), "switches/token")
				b.ReportMetric(float64(flt1-flt0)/float64(b.N), "faults/token")
			}
		})
	}
}

// BenchmarkPrefill times a 128-token prefill of GPT-2 124M with float32
// weights and last-position logits, as kaelbench's prefill row does, and
// adds the CPU time a prefill (cpu-ms/op) where the system reports it:
// on a shared machine the CPU time moves less than the wall time.
func BenchmarkPrefill(b *testing.B) {
	path := filepath.Join(b.TempDir(), "124M.safetensors")
	if err := SaveRandom(path, Configs["124M"], 0); err != nil {
		b.Fatal(err)
	}
	m, err := Load(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	const tokens = 128
	ids := make([]int, tokens)
	for i := range ids {
		ids[i] = 200 + i
	}
	prefill := func() {
		cache, err := m.NewCache(tokens)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.LastLogits(ids, cache); err != nil {
			b.Fatal(err)
		}
	}
	prefill()
	cpu0, _, _, usage := processUsage()
	b.ResetTimer()
	for range b.N {
		prefill()
	}
	b.ReportMetric(float64(tokens*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu1, _, _, _ := processUsage(); usage {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}
