package gpt2

import (
	"math"
	"path/filepath"
	"testing"
	"time"

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

// BenchmarkDecodeTimeline is BenchmarkDecode's float32 decode with each
// part of a token timed in wall time (the parts of model.go's timeline;
// "<part>-ms/token", the matrix products with their biases), and beside
// it, after each token, a pure read of the same 49 matrices in the same
// order, each by tensor.Sum on as many threads ("read-ms/token"): what the
// products would take if they only streamed their weights, with as many
// hand-offs. "sum-GB/s" is the best of three sums over 1 GiB, as
// kaelbench measures the bandwidth that sets decode's limit, and
// "stream-ms/token" the token's weights at that rate. A quiet machine's
// figures say where a token's time goes beyond the stream
// (docs/performance.md); on a loaded one they measure the load.
func BenchmarkDecodeTimeline(b *testing.B) {
	path := filepath.Join(b.TempDir(), "124M.safetensors")
	if err := SaveRandom(path, Configs["124M"], 0); err != nil {
		b.Fatal(err)
	}
	m, err := Load(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var mats []*tensor.Tensor
	bytes := 0
	for _, l := range m.layers {
		mats = append(mats, l.attnW, l.attnProjW, l.fcW, l.mlpProjW)
	}
	mats = append(mats, m.lmHead)
	for _, x := range mats {
		bytes += 4 * x.Numel()
	}
	big, err := tensor.Ones(tensor.Float32, 1<<28)
	if err != nil {
		b.Fatal(err)
	}
	sumTime := time.Duration(math.MaxInt64)
	for range 3 {
		start := time.Now()
		if _, err := tensor.Sum(big, nil, false); err != nil {
			b.Fatal(err)
		}
		sumTime = min(sumTime, time.Since(start))
	}
	big = nil
	const prompt, steps = 16, 64
	var cache *Cache
	next := 0
	clock := &timeline{}
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
		cache.clock = clock
	}
	reset()
	var read time.Duration
	b.ResetTimer()
	for range b.N {
		if cache.Len() == prompt+steps {
			reset()
		}
		logits, err := m.NextLogits([]int{next}, cache)
		if err != nil {
			b.Fatal(err)
		}
		next = Sampling{}.Choose(logits)
		start := time.Now()
		for _, x := range mats {
			if _, err := tensor.Sum(x, nil, false); err != nil {
				b.Fatal(err)
			}
		}
		read += time.Since(start)
	}
	b.StopTimer()
	perToken := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 / float64(b.N) }
	var total time.Duration
	for p, d := range clock.total {
		b.ReportMetric(perToken(d), partNames[p]+"-ms/token")
		total += d
	}
	b.ReportMetric(perToken(total), "token-ms")
	b.ReportMetric(perToken(read), "read-ms/token")
	rate := float64(1<<30) / sumTime.Seconds()
	b.ReportMetric(rate/1e9, "sum-GB/s")
	b.ReportMetric(float64(bytes)/rate*1e3, "stream-ms/token")
}
