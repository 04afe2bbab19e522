package gpt2

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/kael-dev/kael/tensor"
)

// Sampling chooses the next token from logits. The zero value is greedy.
type Sampling struct {
	// DoSample draws from the distribution; otherwise the most likely
	// token is taken.
	DoSample bool
	// Temperature divides the logits before sampling (0 means 1).
	Temperature float64
	// TopK, when positive, keeps only the k most likely tokens (and any
	// tied with the k-th).
	TopK int
	// TopP, when in (0, 1), keeps the most likely tokens whose
	// probabilities add up to at least TopP (nucleus sampling).
	TopP float64
	// Generator draws the samples; nil means kael's default generator.
	Generator *tensor.Generator
}

// GenerateOptions tunes Generate.
type GenerateOptions struct {
	Sampling
	// MaxNewTokens is the most tokens to generate.
	MaxNewTokens int
	// IgnoreEOS keeps generating past the end-of-text token.
	IgnoreEOS bool
	// OnToken, if not nil, is called with each new token as soon as it is
	// chosen; an error from it stops generation and is returned.
	OnToken func(id int) error
}

// Validate checks the sampling parameters as Hugging Face's generate does.
func (s Sampling) Validate() error {
	switch {
	case s.Temperature < 0 || math.IsNaN(s.Temperature):
		return fmt.Errorf("gpt2: temperature must be a positive number, got %v", s.Temperature)
	case s.TopK < 0:
		return fmt.Errorf("gpt2: top_k must be a positive integer, got %d", s.TopK)
	case s.TopP < 0 || s.TopP > 1 || math.IsNaN(s.TopP):
		return fmt.Errorf("gpt2: top_p must be a number in (0, 1], got %v", s.TopP)
	}
	return nil
}

// Generate continues prompt by up to opt.MaxNewTokens tokens, stopping
// after the end-of-text token unless opt.IgnoreEOS, and returns the new
// tokens. Cancelling ctx stops it, even inside a long prompt, returning
// the tokens made so far with an error.
func (m *Model) Generate(ctx context.Context, prompt []int, opt GenerateOptions) ([]int, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if len(prompt) == 0 {
		return nil, fmt.Errorf("gpt2: the prompt is empty; start it with the end-of-text token (%d) to generate from nothing", m.Config.EOS)
	}
	if opt.MaxNewTokens < 0 {
		return nil, fmt.Errorf("gpt2: max_new_tokens must not be negative, got %d", opt.MaxNewTokens)
	}
	total := len(prompt) + opt.MaxNewTokens
	if total > m.Config.NPositions {
		return nil, fmt.Errorf("gpt2: the prompt's %d tokens plus %d new ones exceed the model's context of %d positions",
			len(prompt), opt.MaxNewTokens, m.Config.NPositions)
	}
	if opt.MaxNewTokens == 0 {
		return nil, nil
	}
	cache, err := m.NewCache(total)
	if err != nil {
		return nil, err
	}
	var out []int
	next, one := prompt, make([]int, 1)
	for len(out) < opt.MaxNewTokens {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		var logits []float32
		err := tensor.Interruptible(ctx, func() error {
			var err error
			logits, err = m.NextLogits(next, cache) // chosen from before the next call
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return out, err
		}
		id := opt.Choose(logits)
		out = append(out, id)
		if opt.OnToken != nil {
			if err := opt.OnToken(id); err != nil {
				return out, err
			}
		}
		if id == m.Config.EOS && !opt.IgnoreEOS {
			break
		}
		one[0] = id
		next = one
	}
	return out, nil
}

// Choose picks the next token from logits: the first most likely one
// when not sampling, else a draw after Hugging Face's warpers in their
// order (temperature, top-k, top-p).
func (s Sampling) Choose(logits []float32) int {
	if !s.DoSample {
		return argmax(logits)
	}
	scores := make([]float64, len(logits))
	temp := s.Temperature
	if temp == 0 {
		temp = 1
	}
	for i, v := range logits {
		scores[i] = float64(v) / temp
	}
	if s.TopK > 0 && s.TopK < len(scores) {
		keepTopK(scores, s.TopK)
	}
	if s.TopP > 0 && s.TopP < 1 {
		keepTopP(scores, s.TopP)
	}
	return draw(scores, s.Generator.Float64())
}

func argmax(x []float32) int {
	best := 0
	for i, v := range x {
		if v > x[best] || (math.IsNaN(float64(v)) && !math.IsNaN(float64(x[best]))) {
			best = i
		}
	}
	return best
}

// keepTopK sets to -inf every score below the k-th largest.
func keepTopK(scores []float64, k int) {
	sorted := append([]float64(nil), scores...)
	sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
	kth := sorted[k-1]
	for i, v := range scores {
		if v < kth {
			scores[i] = math.Inf(-1)
		}
	}
}

// keepTopP sets to -inf the least likely tokens whose probabilities add
// up to at most 1-p, keeping at least the most likely one (Hugging Face's
// TopPLogitsWarper).
func keepTopP(scores []float64, p float64) {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] < scores[order[b]] })
	probs := softmax(scores)
	cum := 0.0
	for n, i := range order[:len(order)-1] {
		cum += probs[i]
		if cum > 1-p {
			break
		}
		scores[order[n]] = math.Inf(-1)
	}
}

func softmax(scores []float64) []float64 {
	mx := math.Inf(-1)
	for _, v := range scores {
		mx = math.Max(mx, v)
	}
	probs := make([]float64, len(scores))
	sum := 0.0
	for i, v := range scores {
		probs[i] = math.Exp(v - mx)
		sum += probs[i]
	}
	for i := range probs {
		probs[i] /= sum
	}
	return probs
}

// draw returns the token whose cumulative probability first exceeds u.
func draw(scores []float64, u float64) int {
	probs := softmax(scores)
	cum, last := 0.0, 0
	for i, p := range probs {
		if p == 0 {
			continue
		}
		cum += p
		last = i
		if u < cum {
			return i
		}
	}
	return last
}
