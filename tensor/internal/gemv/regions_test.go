package gemv

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkRegions runs the 49 products of a decoded GPT-2 124M token
// (12 layers of 768×2304, 768×768, 768×3072 and 3072×768 VecMats, then
// the head's 50257×768 MatVec: 494 MB of float32, each matrix its own
// memory, as in the model) back to back on GOMAXPROCS goroutines, and
// times each product's parallel region (regionClock): a token's wall
// time (token-ms), the time the regions' last bodies started after their
// regions (late-ms/token: the hand-offs), the time between their first
// and last bodies' ends (skew-ms/token: the waits at the end), and the
// goroutines' time in no body (idle-ms/token, summed over goroutines). It
// also reports the token's bytes per second of wall time. A quiet
// machine's figures beside gpt2's BenchmarkDecodeTimeline say how much of
// a token's time over the stream the regions' edges take
// (docs/performance.md).
func BenchmarkRegions(b *testing.B) {
	const e, vocab = 768, 50257
	type product struct {
		w      []float32
		k, n   int
		matVec bool
	}
	r := rand.New(rand.NewPCG(13, 14))
	var products []product
	bytes := 0
	for range 12 {
		for _, s := range [][2]int{{e, 3 * e}, {e, e}, {e, 4 * e}, {4 * e, e}} {
			products = append(products, product{randSlice(r, s[0]*s[1]), s[0], s[1], false})
		}
	}
	products = append(products, product{randSlice(r, vocab*e), vocab, e, true})
	for _, p := range products {
		bytes += 4 * len(p.w)
	}
	x, y := randSlice(r, 4*e), make([]float32, vocab)
	c := &regionClock{}
	token := func() {
		for _, p := range products {
			if p.matVec {
				MatVec(y, p.w, x, p.k, p.n, p.n, 0)
			} else {
				VecMat(y, x, p.w, p.k, p.n, p.n, 0)
			}
		}
	}
	token() // the workers started, the pages touched
	clock = c
	defer func() { clock = nil }()
	b.SetBytes(int64(bytes))
	b.ResetTimer()
	for range b.N {
		token()
	}
	b.StopTimer()
	clock = nil
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 / float64(b.N) }
	b.ReportMetric(ms(b.Elapsed()), "token-ms")
	b.ReportMetric(ms(c.wall), "regions-ms/token")
	b.ReportMetric(ms(c.late), "late-ms/token")
	b.ReportMetric(ms(c.skew), "skew-ms/token")
	b.ReportMetric(ms(c.idle), "idle-ms/token")
	b.ReportMetric(float64(c.regions)/float64(b.N), "regions/token")
}
