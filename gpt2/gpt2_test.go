package gpt2

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

type golden struct {
	Prompt       []int     `json:"prompt"`
	MaxNewTokens int       `json:"max_new_tokens"`
	LastLogits   []float64 `json:"last_logits"`
	Greedy       []int     `json:"greedy"`
}

func readGolden(t *testing.T, dir string) map[string]golden {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// checkGoldens compares kael's last-position logits and greedy tokens for
// each checkpoint in dir with the ones PyTorch computed.
func checkGoldens(t *testing.T, dir string) {
	goldens := readGolden(t, dir)
	if len(goldens) != 2 {
		t.Fatalf("%d goldens", len(goldens))
	}
	for name, g := range goldens {
		t.Run(name, func(t *testing.T) {
			m, err := Load(filepath.Join(dir, name), Options{})
			if err != nil {
				t.Fatal(err)
			}
			logits, err := m.Logits(g.Prompt, nil)
			if err != nil {
				t.Fatal(err)
			}
			last, err := logits.Select(0, len(g.Prompt)-1)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := last.Float64s()
			compareLogits(t, "Logits", got, g.LastLogits)
			cached, err := m.LastLogits(g.Prompt, nil)
			if err != nil {
				t.Fatal(err)
			}
			compareLogits(t, "LastLogits", float64s(cached), g.LastLogits)
			var streamed []int
			ids, err := m.Generate(context.Background(), g.Prompt, GenerateOptions{
				MaxNewTokens: g.MaxNewTokens,
				OnToken:      func(id int) error { streamed = append(streamed, id); return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids, g.Greedy) || !slices.Equal(streamed, g.Greedy) {
				t.Errorf("greedy tokens %v (streamed %v), PyTorch gives %v", ids, streamed, g.Greedy)
			}
		})
	}
}

func compareLogits(t *testing.T, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d logits, want %d", what, len(got), len(want))
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-4*(1+math.Abs(want[i])) {
			t.Fatalf("%s: logit %d = %v, PyTorch gives %v", what, i, got[i], want[i])
		}
	}
}

func float64s(x []float32) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out
}

func TestGoldens(t *testing.T) { checkGoldens(t, "testdata") }

// TestGoldensRegenerated runs the PyTorch script again and checks kael
// against what it computes now.
func TestGoldensRegenerated(t *testing.T) {
	py := reftest.TorchPython(t)
	dir := t.TempDir()
	cmd := exec.Command(py, "testdata/make_golden.py", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	checkGoldens(t, dir)
}

func tinyB(t *testing.T) *Model {
	t.Helper()
	m, err := Load("testdata/tiny-b", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLoadedConfig(t *testing.T) {
	a, err := Load("testdata/tiny-a/model.safetensors", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := Config{NLayer: 1, NHead: 1, NEmbd: 64, NPositions: 24, VocabSize: 64, Eps: 1e-5, EOS: 50256}
	if a.Config != want {
		t.Errorf("inferred %+v, want %+v", a.Config, want)
	}
	b := tinyB(t)
	want = Config{NLayer: 2, NHead: 3, NEmbd: 24, NPositions: 40, VocabSize: 80, Eps: 1e-6, EOS: 79}
	if b.Config != want {
		t.Errorf("config.json gives %+v, want %+v", b.Config, want)
	}
	sd := b.StateDict()
	if sd["lm_head.weight"] == nil || sd["transformer.wte.weight"] == nil || sd["transformer.h.1.mlp.c_proj.bias"] == nil {
		t.Errorf("state dict names: %d entries", len(sd))
	}
	if tied := a.StateDict(); tied["lm_head.weight"] != tied["transformer.wte.weight"] {
		t.Error("a tied head is not wte")
	}
}

func TestCacheMatchesFullRecompute(t *testing.T) {
	m := tinyB(t)
	ids := []int{5, 6, 7, 8, 9, 10, 11}
	full, err := m.Logits(ids, nil)
	if err != nil {
		t.Fatal(err)
	}
	cache, err := m.NewCache(len(ids))
	if err != nil {
		t.Fatal(err)
	}
	// Feed 3 tokens, then one at a time.
	if _, err := m.Logits(ids[:3], cache); err != nil {
		t.Fatal(err)
	}
	for i := 3; i < len(ids); i++ {
		step, err := m.LastLogits(ids[i:i+1], cache)
		if err != nil {
			t.Fatal(err)
		}
		row, _ := full.Select(0, i)
		want, _ := row.Float64s()
		compareLogits(t, "cached step", float64s(step), want)
	}
	if cache.Len() != len(ids) {
		t.Errorf("cache holds %d", cache.Len())
	}
	if _, err := m.LastLogits([]int{1}, cache); err == nil {
		t.Error("a full cache took another token")
	}
}

func TestErrors(t *testing.T) {
	m := tinyB(t)
	ctx := context.Background()
	long := make([]int, 41)
	var ce *ContextError
	if _, err := m.Logits(long, nil); !errors.As(err, &ce) || !strings.Contains(err.Error(), "context of 40") {
		t.Errorf("too long: %v", err)
	}
	tests := []struct {
		name   string
		prompt []int
		opt    GenerateOptions
		want   string
	}{
		{"context", []int{1, 2}, GenerateOptions{MaxNewTokens: 39}, "exceed the model's context of 40"},
		{"empty", nil, GenerateOptions{MaxNewTokens: 1}, "prompt is empty"},
		{"bad id", []int{80}, GenerateOptions{MaxNewTokens: 1}, "token id 80 is not in the vocabulary"},
		{"negative id", []int{-1}, GenerateOptions{MaxNewTokens: 1}, "token id -1"},
		{"temperature", []int{1}, GenerateOptions{MaxNewTokens: 1, Sampling: Sampling{DoSample: true, Temperature: -1}}, "temperature"},
		{"top_p", []int{1}, GenerateOptions{MaxNewTokens: 1, Sampling: Sampling{DoSample: true, TopP: 1.5}}, "top_p"},
		{"top_k", []int{1}, GenerateOptions{MaxNewTokens: 1, Sampling: Sampling{DoSample: true, TopK: -2}}, "top_k"},
		{"max tokens", []int{1}, GenerateOptions{MaxNewTokens: -1}, "max_new_tokens"},
	}
	for _, tt := range tests {
		if _, err := m.Generate(ctx, tt.prompt, tt.opt); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

func TestGenerateStopsAndCancels(t *testing.T) {
	m := tinyB(t)
	stop := errors.New("enough")
	ids, err := m.Generate(context.Background(), []int{1, 2}, GenerateOptions{
		MaxNewTokens: 20, Sampling: Sampling{DoSample: true, Generator: tensor.NewGenerator(1)},
		OnToken: func(int) error { return stop },
	})
	if !errors.Is(err, stop) || len(ids) != 1 {
		t.Errorf("OnToken's error: %v, %v", ids, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	ids, err = m.Generate(ctx, []int{1, 2}, GenerateOptions{MaxNewTokens: 20, IgnoreEOS: true, OnToken: func(int) error {
		n++
		if n == 3 {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) || len(ids) != 3 {
		t.Errorf("cancelled: %v, %v", ids, err)
	}
	// EOS stops generation: make the model always predict 79 by biasing the head.
	sd := m.StateDict()
	head, _ := sd["lm_head.weight"].Clone()
	bias, _ := tensor.Zeros(tensor.Float32, 80, 24)
	row, _ := bias.Select(0, 79)
	row.Fill(100)
	head, _ = tensor.Add(head, bias)
	sd["lm_head.weight"] = head
	lnf, _ := tensor.Full(1, tensor.Float32, 24)
	sd["transformer.ln_f.bias"] = lnf
	biased, err := FromStateDict(sd, &m.Config)
	if err != nil {
		t.Fatal(err)
	}
	ids, err = biased.Generate(context.Background(), []int{1}, GenerateOptions{MaxNewTokens: 10})
	if err != nil || !slices.Equal(ids, []int{79}) {
		t.Errorf("EOS: %v, %v", ids, err)
	}
}

func TestSamplingIsSeeded(t *testing.T) {
	m := tinyB(t)
	run := func(seed uint64, s Sampling) []int {
		s.DoSample, s.Generator = true, tensor.NewGenerator(seed)
		ids, err := m.Generate(context.Background(), []int{1, 2, 3}, GenerateOptions{MaxNewTokens: 12, IgnoreEOS: true, Sampling: s})
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	for _, s := range []Sampling{{}, {Temperature: 0.7}, {TopK: 5}, {TopP: 0.9}, {Temperature: 1.3, TopK: 10, TopP: 0.8}} {
		a, b := run(7, s), run(7, s)
		if !slices.Equal(a, b) {
			t.Errorf("%+v: the same seed gives %v and %v", s, a, b)
		}
	}
	if slices.Equal(run(1, Sampling{}), run(2, Sampling{})) && slices.Equal(run(3, Sampling{}), run(4, Sampling{})) {
		t.Error("different seeds give the same samples")
	}
}

func TestWarpers(t *testing.T) {
	logits := []float32{1, 3, 2, 3, 0}
	if got := argmax(logits); got != 1 {
		t.Errorf("argmax = %d, want the first maximum", got)
	}
	s := []float64{1, 3, 2, 3, 0}
	keepTopK(s, 2)
	if !slices.Equal(s, []float64{math.Inf(-1), 3, math.Inf(-1), 3, math.Inf(-1)}) {
		t.Errorf("top-k 2: %v", s)
	}
	s = []float64{1, 3, 2, 3, 0}
	keepTopK(s, 3) // ties with the 3rd are kept
	if !slices.Equal(s, []float64{math.Inf(-1), 3, 2, 3, math.Inf(-1)}) {
		t.Errorf("top-k 3: %v", s)
	}
	// probabilities 0.5, 0.3, 0.15, 0.05: top-p 0.75 keeps the first two.
	s = []float64{math.Log(0.5), math.Log(0.3), math.Log(0.15), math.Log(0.05)}
	keepTopP(s, 0.75)
	if !math.IsInf(s[2], -1) || !math.IsInf(s[3], -1) || math.IsInf(s[1], -1) {
		t.Errorf("top-p 0.75: %v", s)
	}
	s = []float64{0, 5}
	keepTopP(s, 0.01) // the most likely token is always kept
	if math.IsInf(s[1], -1) || !math.IsInf(s[0], -1) {
		t.Errorf("top-p 0.01: %v", s)
	}
	for u, want := range map[float64]int{0: 0, 0.49: 0, 0.51: 1, 0.999: 1} {
		if got := draw([]float64{0, 0, math.Inf(-1)}, u); got != want {
			t.Errorf("draw(u=%v) = %d, want %d", u, got, want)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(dir, Options{}); err == nil || !strings.Contains(err.Error(), "no model.safetensors") {
		t.Errorf("empty dir: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "pytorch_model.bin"), []byte("x"), 0o644)
	if _, err := Load(dir, Options{}); err == nil || !strings.Contains(err.Error(), "pytorch_model.bin") {
		t.Errorf("bin only: %v", err)
	}
	m := tinyB(t)
	sd := m.StateDict()
	delete(sd, "transformer.h.1.ln_2.bias")
	if _, err := FromStateDict(sd, &m.Config); err == nil || !strings.Contains(err.Error(), "no tensor h.1.ln_2.bias") {
		t.Errorf("missing: %v", err)
	}
	sd = m.StateDict()
	sd["transformer.h.0.attn.c_attn.weight"] = sd["transformer.h.0.attn.c_proj.weight"]
	if _, err := FromStateDict(sd, &m.Config); err == nil || !strings.Contains(err.Error(), "h.0.attn.c_attn.weight has shape [24 24]") {
		t.Errorf("shape: %v", err)
	}
	if _, err := FromStateDict(map[string]*tensor.Tensor{}, nil); err == nil {
		t.Error("an empty state dict loaded")
	}
	cfg := m.Config
	cfg.NLayer = 1
	if _, err := FromStateDict(m.StateDict(), &cfg); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("extra layers: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "c")
	os.MkdirAll(bad, 0o755)
	os.WriteFile(filepath.Join(bad, "config.json"), []byte(`{"n_head": 5, "n_embd": 24}`), 0o644)
	safetensors.Save(filepath.Join(bad, "model.safetensors"), m.StateDict(), nil)
	if _, err := Load(bad, Options{}); err == nil || !strings.Contains(err.Error(), "not a multiple of n_head 5") {
		t.Errorf("bad config: %v", err)
	}
}

func TestRandomInitRoundTrip(t *testing.T) {
	cfg := Config{NLayer: 2, NHead: 2, NEmbd: 128, NPositions: 16, VocabSize: 50, Eps: 1e-5, EOS: 50256}
	path := filepath.Join(t.TempDir(), "r.safetensors")
	if err := SaveRandom(path, cfg, 0); err != nil {
		t.Fatal(err)
	}
	m, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Config != cfg {
		t.Errorf("inferred %+v, want %+v", m.Config, cfg)
	}
	std := func(name string) float64 {
		v, _ := m.StateDict()[name].Float64s()
		var ss float64
		for _, x := range v {
			ss += x * x
		}
		return math.Sqrt(ss / float64(len(v)))
	}
	if s := std("transformer.h.0.mlp.c_fc.weight"); math.Abs(s-0.02) > 0.002 {
		t.Errorf("c_fc std %v, want 0.02", s)
	}
	if s := std("transformer.h.1.attn.c_proj.weight"); math.Abs(s-0.01) > 0.001 {
		t.Errorf("c_proj std %v, want 0.02/sqrt(4)", s)
	}
}

// TestSixteenBitCheckpoint saves a random model's weights as float16 and
// as bfloat16 and loads them: the parameters are the rounded weights
// widened to float32, and the logits stay within the tolerance the
// rounding allows (measured here: 1.5e-4 of the logits' scale for
// float16, 1.2e-3 for bfloat16; the test allows 2e-3 and 2e-2).
func TestSixteenBitCheckpoint(t *testing.T) {
	cfg := Config{NLayer: 2, NHead: 2, NEmbd: 64, NPositions: 16, VocabSize: 50, Eps: 1e-5, EOS: 50256}
	dir := t.TempDir()
	path := filepath.Join(dir, "f32.safetensors")
	if err := SaveRandom(path, cfg, 3); err != nil {
		t.Fatal(err)
	}
	ref, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ids := []int{1, 7, 3, 12, 40}
	want, err := ref.LastLogits(ids, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		d   tensor.DType
		tol float64
	}{{tensor.Float16, 2e-3}, {tensor.BFloat16, 2e-2}} {
		sd := map[string]*tensor.Tensor{}
		for name, w := range ref.StateDict() {
			if sd[name], err = w.To(c.d); err != nil {
				t.Fatal(err)
			}
		}
		p := filepath.Join(dir, c.d.String()+".safetensors")
		if err := safetensors.Save(p, sd, nil); err != nil {
			t.Fatal(err)
		}
		m, err := Load(p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.d, err)
		}
		for name, w := range m.StateDict() {
			rounded, _ := mustF32(t, sd[name]).Float64s()
			got, _ := w.Float64s()
			if w.DType() != tensor.Float32 || !slices.Equal(got, rounded) {
				t.Fatalf("%s: %s is %s, not the rounded weights widened to float32", c.d, name, w.DType())
			}
		}
		got, err := m.LastLogits(ids, nil)
		if err != nil {
			t.Fatal(err)
		}
		var scale, worst float64
		for i := range want {
			scale = max(scale, math.Abs(float64(want[i])))
			worst = max(worst, math.Abs(float64(got[i]-want[i])))
		}
		t.Logf("%s: logits within %.2g of their scale %.3g", c.d, worst/scale, scale)
		if worst > c.tol*scale {
			t.Errorf("%s: logits differ by %g, more than %g of their scale %g", c.d, worst, c.tol, scale)
		}
	}
}

func mustF32(t *testing.T, x *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	y, err := x.To(tensor.Float32)
	if err != nil {
		t.Fatal(err)
	}
	return y
}

// TestSixteenBitWeightsKept loads a float16 and a bfloat16 checkpoint
// keeping the matrices 16-bit (Options.Weights) and checks every logit of
// a prefill and of a token-by-token decode against the same checkpoint
// widened to float32 at load: the two models hold the same weight values
// and the 16-bit kernels run the float32 kernels' operations in the same
// order (gemv's test checks that bit for bit), so the logits are equal.
func TestSixteenBitWeightsKept(t *testing.T) {
	cfg := Config{NLayer: 2, NHead: 2, NEmbd: 64, NPositions: 16, VocabSize: 50, Eps: 1e-5, EOS: 50256}
	dir := t.TempDir()
	path := filepath.Join(dir, "f32.safetensors")
	if err := SaveRandom(path, cfg, 5); err != nil {
		t.Fatal(err)
	}
	ref, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ids := []int{1, 7, 3, 12, 40, 2}
	for _, d := range []tensor.DType{tensor.Float16, tensor.BFloat16} {
		sd := map[string]*tensor.Tensor{}
		for name, w := range ref.StateDict() {
			if sd[name], err = w.To(d); err != nil {
				t.Fatal(err)
			}
		}
		p := filepath.Join(dir, d.String()+".safetensors")
		if err := safetensors.Save(p, sd, nil); err != nil {
			t.Fatal(err)
		}
		widened, err := Load(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		kept, err := Load(p, Options{Weights: d})
		if err != nil {
			t.Fatal(err)
		}
		if kept.Weights() != d || kept.lmHead.DType() != d || kept.layers[1].fcW.DType() != d || kept.wpe.DType() != tensor.Float32 {
			t.Fatalf("%s: weights kept as %s (head %s, fc %s, wpe %s)", d, kept.Weights(), kept.lmHead.DType(), kept.layers[1].fcW.DType(), kept.wpe.DType())
		}
		compare := func(what string, got, want []float32) {
			t.Helper()
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: the logits differ from the widened model's", d, what)
			}
		}
		got, err := kept.LastLogits(ids, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := widened.LastLogits(ids, nil)
		if err != nil {
			t.Fatal(err)
		}
		compare("prefill", got, want)
		ck, _ := kept.NewCache(len(ids))
		cw, _ := widened.NewCache(len(ids))
		for i, id := range ids {
			got, err := kept.LastLogits([]int{id}, ck)
			if err != nil {
				t.Fatal(err)
			}
			want, err := widened.LastLogits([]int{id}, cw)
			if err != nil {
				t.Fatal(err)
			}
			compare(fmt.Sprintf("decode step %d", i), got, want)
		}
	}
	if _, err := Load(path, Options{Weights: tensor.Int32}); err == nil || !strings.Contains(err.Error(), "bfloat16 or float16") {
		t.Errorf("int32 weights: %v", err)
	}
}

// TestNoBlocks runs a model without transformer blocks (n_layer 0, which
// the config allows): the final layer norm and the head alone, the last
// position's logits those of the full forward's last row (the first
// layer norm is then the final one).
func TestNoBlocks(t *testing.T) {
	c := Configs["124M"]
	c.NLayer, c.NEmbd, c.NHead, c.VocabSize, c.NPositions = 0, 64, 1, 20, 16
	path := filepath.Join(t.TempDir(), "m.safetensors")
	if err := SaveRandom(path, c, 0); err != nil {
		t.Fatal(err)
	}
	m, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	last, err := m.LastLogits([]int{1, 2, 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := m.Logits([]int{1, 2, 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	row, err := all.Narrow(0, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tensor.Values[float32](row)
	if err != nil {
		t.Fatal(err)
	}
	// One row goes to the matrix-vector kernels, three to gemm: their
	// sums round differently.
	if len(last) != len(want) {
		t.Fatalf("%d last logits, want %d", len(last), len(want))
	}
	for i := range want {
		if math.Abs(float64(last[i]-want[i])) > 1e-5 {
			t.Fatalf("last logit %d is %v, want %v", i, last[i], want[i])
		}
	}
}

// TestNextLogitsIsLastLogits decodes the same tokens with LastLogits and
// NextLogits, float32 and 16-bit weights: the same bits at every step,
// NextLogits's in one buffer the cache keeps, and LastLogits's slices,
// which the caller may keep, untouched by the decoding after them.
func TestNextLogitsIsLastLogits(t *testing.T) {
	cfg := Config{NLayer: 2, NHead: 2, NEmbd: 64, NPositions: 16, VocabSize: 300, Eps: 1e-5, EOS: 299}
	path := filepath.Join(t.TempDir(), "m.safetensors")
	if err := SaveRandom(path, cfg, 5); err != nil {
		t.Fatal(err)
	}
	for _, d := range []tensor.DType{tensor.Float32, tensor.BFloat16, tensor.Float16} {
		t.Run(d.String(), func(t *testing.T) {
			m, err := Load(path, Options{Weights: d})
			if err != nil {
				t.Fatal(err)
			}
			kept, err := m.NewCache(cfg.NPositions)
			if err != nil {
				t.Fatal(err)
			}
			reused, err := m.NewCache(cfg.NPositions)
			if err != nil {
				t.Fatal(err)
			}
			var all [][]float32
			var copies [][]float32
			var buf *float32
			next := []int{1, 7, 3, 12}
			for step := range 8 {
				want, err := m.LastLogits(next, kept)
				if err != nil {
					t.Fatal(err)
				}
				got, err := m.NextLogits(next, reused)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != cfg.VocabSize || len(want) != cfg.VocabSize {
					t.Fatalf("step %d: %d and %d logits, want %d", step, len(got), len(want), cfg.VocabSize)
				}
				for i := range want {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("step %d: NextLogits[%d] = %v, LastLogits %v", step, i, got[i], want[i])
					}
				}
				if buf == nil {
					buf = &got[0]
				} else if &got[0] != buf {
					t.Errorf("step %d: NextLogits wrote a fresh buffer", step)
				}
				all, copies = append(all, want), append(copies, slices.Clone(want))
				next = []int{argmax(got)}
			}
			for step := range all {
				if !slices.Equal(all[step], copies[step]) {
					t.Errorf("LastLogits of step %d changed after it", step)
				}
			}
		})
	}
	m := tinyB(t)
	if _, err := m.NextLogits([]int{1}, nil); err == nil {
		t.Error("NextLogits without a cache: no error")
	}
}
