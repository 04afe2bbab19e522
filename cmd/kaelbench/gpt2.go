package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kael-dev/kael/gpt2"
	"github.com/kael-dev/kael/tensor"
)

//go:embed gpt2_bench.py
var gpt2Script string

var (
	gpt2Flag   = flag.Bool("gpt2", true, "also time GPT-2 124M (random weights) against PyTorch")
	gpt2Rounds = flag.Int("gpt2-rounds", 2, "rounds of kael then PyTorch for the GPT-2 rows; each keeps its best")
	gpt2Only   = flag.Bool("gpt2-only", false, "run only the GPT-2 rows")
)

// gpt2Times is kael's side of the GPT-2 rows, in seconds (bandwidth in
// bytes per second).
type gpt2Times struct {
	Load, Decode, Prefill float64
	Bandwidth             float64
	BytesPerToken         float64
	// Decode16 is the decode time with the matrices kept in a 16-bit
	// dtype, by dtype name (gpt2.Options.Weights).
	Decode16 map[string]float64
}

// sixteenBit are the weight dtypes of the 16-bit decode rows.
var sixteenBit = []tensor.DType{tensor.BFloat16, tensor.Float16}

// Decode and prefill sizes, as in the PyTorch script.
const (
	gpt2Prompt  = 16
	gpt2NewToks = 64
	gpt2Prefill = 128
)

// runGPT2Bench writes a random-weight 124M checkpoint, times kael and the
// PyTorch script on it, and prints the GPT-2 table.
func runGPT2Bench(w io.Writer, python string) {
	dir, err := os.MkdirTemp("", "kaelbench-gpt2-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "kaelbench: gpt2:", err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "gpt2-124M.safetensors")
	fmt.Fprintln(os.Stderr, "writing a random GPT-2 124M checkpoint (kael gpt2 init --config 124M --seed 0)")
	if err := gpt2.SaveRandom(path, gpt2.Configs["124M"], 0); err != nil {
		fmt.Fprintln(os.Stderr, "kaelbench: gpt2:", err)
		return
	}
	// The load of a shared VM changes from minute to minute, so kael and
	// PyTorch take turns and each keeps its best time of the rounds.
	var k *gpt2Times
	var ref map[string]float64
	for round := 1; round <= *gpt2Rounds; round++ {
		fmt.Fprintf(os.Stderr, "GPT-2 round %d of %d: timing kael\n", round, *gpt2Rounds)
		kr, err := kaelGPT2(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench: gpt2:", err)
			return
		}
		k = bestGPT2(k, kr)
		fmt.Fprintf(os.Stderr, "GPT-2 round %d of %d: running %s gpt2_bench.py (PyTorch)\n", round, *gpt2Rounds, python)
		rr, err := torchGPT2(python, path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kaelbench: gpt2 PyTorch anchor:", err)
			continue
		}
		if ref == nil {
			ref = rr
		}
		for key, v := range rr {
			ref[key] = math.Min(ref[key], v)
		}
	}
	printGPT2Table(w, k, ref)
}

// bestGPT2 combines two rounds of kael's times: the shortest times and
// the highest bandwidth.
func bestGPT2(a, b *gpt2Times) *gpt2Times {
	if a == nil {
		return b
	}
	d16 := map[string]float64{}
	for k, v := range a.Decode16 {
		d16[k] = math.Min(v, b.Decode16[k])
	}
	return &gpt2Times{
		Load: math.Min(a.Load, b.Load), Decode: math.Min(a.Decode, b.Decode), Prefill: math.Min(a.Prefill, b.Prefill),
		Bandwidth: math.Max(a.Bandwidth, b.Bandwidth), BytesPerToken: a.BytesPerToken, Decode16: d16,
	}
}

// kaelGPT2 times loading, decoding and prefilling, and measures the
// stream-read bandwidth in the same run.
func kaelGPT2(path string) (*gpt2Times, error) {
	var out gpt2Times
	loads := make([]float64, 3)
	var m *gpt2.Model
	for i := range loads {
		start := time.Now()
		var err error
		if m, err = gpt2.Load(path, gpt2.Options{}); err != nil {
			return nil, err
		}
		loads[i] = time.Since(start).Seconds()
	}
	out.Load = slices.Min(loads)
	c := m.Config
	e := c.NEmbd
	out.BytesPerToken = 4 * float64(c.NLayer*(e*3*e+e*e+e*4*e+4*e*e)+c.VocabSize*e)
	decodeWith := func(m *gpt2.Model) (float64, error) {
		cache, err := m.NewCache(gpt2Prompt + gpt2NewToks)
		if err != nil {
			return 0, err
		}
		prompt := make([]int, gpt2Prompt)
		for i := range prompt {
			prompt[i] = 100 + i
		}
		logits, err := m.LastLogits(prompt, cache)
		if err != nil {
			return 0, err
		}
		start := time.Now()
		for range gpt2NewToks {
			next := gpt2.Sampling{}.Choose(logits)
			// As gpt2.Generate takes them: into the cache's buffer,
			// the last token's logits chosen from before.
			if logits, err = m.NextLogits([]int{next}, cache); err != nil {
				return 0, err
			}
		}
		return time.Since(start).Seconds(), nil
	}
	decode := func() (float64, error) { return decodeWith(m) }
	prefill := func() (float64, error) {
		cache, err := m.NewCache(gpt2Prefill)
		if err != nil {
			return 0, err
		}
		ids := make([]int, gpt2Prefill)
		for i := range ids {
			ids[i] = 200 + i
		}
		start := time.Now()
		_, err = m.LastLogits(ids, cache)
		return time.Since(start).Seconds(), err
	}
	// The bandwidth of a shared VM moves from minute to minute: it is
	// measured just before and just after decoding, and the higher figure
	// sets the limit decode is held to.
	before, err := streamBandwidth()
	if err != nil {
		return nil, err
	}
	if out.Decode, err = bestOf(2, decode); err != nil {
		return nil, err
	}
	after, err := streamBandwidth()
	if err != nil {
		return nil, err
	}
	out.Bandwidth = max(before, after)
	if out.Prefill, err = bestOf(3, prefill); err != nil {
		return nil, err
	}
	out.Decode16 = map[string]float64{}
	for _, d := range sixteenBit {
		m16, err := gpt2.Load(path, gpt2.Options{Weights: d})
		if err != nil {
			return nil, err
		}
		if out.Decode16[d.String()], err = bestOf(2, func() (float64, error) { return decodeWith(m16) }); err != nil {
			return nil, err
		}
	}
	return &out, nil
}

// bestOf runs f once to warm up, then n times, and returns the shortest.
func bestOf(n int, f func() (float64, error)) (float64, error) {
	if _, err := f(); err != nil {
		return 0, err
	}
	return minOf(n, f)
}

// streamBandwidth returns the bytes per second of kael's sum over 1 GiB
// of float32, a streaming read on every core (the best of five).
func streamBandwidth() (float64, error) {
	x, err := tensor.Ones(tensor.Float32, 1<<28)
	if err != nil {
		return 0, err
	}
	t, err := minOf(5, func() (float64, error) {
		start := time.Now()
		_, err := tensor.Sum(x, nil, false)
		return time.Since(start).Seconds(), err
	})
	return float64(1<<30) / t, err
}

// minOf returns the shortest of n runs of f.
func minOf(n int, f func() (float64, error)) (float64, error) {
	best := math.Inf(1)
	for range n {
		t, err := f()
		if err != nil {
			return 0, err
		}
		best = math.Min(best, t)
	}
	return best, nil
}

func torchGPT2(python, path string) (map[string]float64, error) {
	f, err := os.CreateTemp("", "kaelbench-gpt2-*.py")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(gpt2Script); err != nil {
		return nil, err
	}
	f.Close()
	cmd := exec.Command(python, f.Name(), path)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var ref map[string]float64
	if err := json.Unmarshal(out, &ref); err != nil {
		return nil, fmt.Errorf("gpt2_bench.py printed %q: %w", out, err)
	}
	return ref, nil
}

// bestTorch returns PyTorch's fastest of the entries whose keys start with
// prefix, and that key.
func bestTorch(ref map[string]float64, prefix string) (float64, string, bool) {
	keys := make([]string, 0, len(ref))
	for k := range ref {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return 0, "", false
	}
	sort.Slice(keys, func(i, j int) bool { return ref[keys[i]] < ref[keys[j]] })
	return ref[keys[0]], strings.TrimPrefix(keys[0], prefix), true
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

// printGPT2Table writes the GPT-2 rows: rates in tokens per second, ratios
// kael over PyTorch's fastest form.
func printGPT2Table(w io.Writer, k *gpt2Times, ref map[string]float64) {
	fmt.Fprintln(w)
	fmt.Fprintf(w, "GPT-2 124M, random weights, float32 (and 16-bit weights where named), batch 1, KV cache (best of %d rounds in turn)\n", *gpt2Rounds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "work\tkael\tPyTorch (fastest form)\tvs PyTorch\tgoal\t")
	decodeRate := gpt2NewToks / k.Decode
	limit := k.Bandwidth / k.BytesPerToken
	row := func(work, kael string, refRate float64, form string, have bool, ratio float64, goal string) {
		refCell, ratioCell := "-", "-"
		if have {
			refCell = fmt.Sprintf("%.1f tokens/s (%s)", refRate, form)
			ratioCell = fmt.Sprintf("%.2fx", ratio)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", work, kael, refCell, ratioCell, goal)
	}
	pt, form, ok := bestTorch(ref, "decode_")
	ptRate := gpt2NewToks / pt
	// Issue 34's goal for float32 decode: 0.9 of the read-bandwidth limit
	// measured in the same run, and 1.1x PyTorch's fastest float32 form.
	goal := fmt.Sprintf("≥ 1.1x torch: %s; ≥ 0.9 of limit: %s (%.2f)", verdictIf(ok, decodeRate/ptRate >= 1.1), verdict(decodeRate >= 0.9*limit), decodeRate/limit)
	row(fmt.Sprintf("decode %d+%d tokens", gpt2Prompt, gpt2NewToks), fmt.Sprintf("%.1f tokens/s", decodeRate), ptRate, form, ok, decodeRate/ptRate, goal)
	for _, d := range sixteenBit {
		t16, measured := k.Decode16[d.String()]
		if !measured {
			continue
		}
		rate := gpt2NewToks / t16
		pt, form, ok := bestTorch(ref, "decode_")
		if p16, f16, ok16 := bestTorch(ref, "decode16_"); ok16 && (!ok || p16 < pt) {
			pt, form, ok = p16, f16, true
		}
		ptRate := gpt2NewToks / pt
		goal := fmt.Sprintf("≥ 1.6x kael float32: %s (%.2fx); ≥ 1.5x torch: %s; %.2f of the limit at 2 bytes a weight",
			verdict(rate/decodeRate >= 1.6), rate/decodeRate, verdictIf(ok, rate/ptRate >= 1.5), rate/(2*limit))
		row(fmt.Sprintf("decode %d+%d tokens, %s weights", gpt2Prompt, gpt2NewToks, d), fmt.Sprintf("%.1f tokens/s", rate), ptRate, form, ok, rate/ptRate, goal)
	}
	pt, form, ok = bestTorch(ref, "prefill_")
	prefillRate, ptPrefill := gpt2Prefill/k.Prefill, gpt2Prefill/pt
	row(fmt.Sprintf("prefill %d tokens", gpt2Prefill), fmt.Sprintf("%.0f tokens/s", prefillRate), ptPrefill, form, ok, prefillRate/ptPrefill,
		"≥ 1.2x torch: "+verdictIf(ok, prefillRate/ptPrefill >= 1.2))
	loadRef, loadOK := ref["load"]
	fmt.Fprintf(tw, "load (mmap, model ready)\t%s\t%s\t-\t< 1 s: %s\t\n", formatDuration(k.Load), ifElse(loadOK, formatDuration(loadRef), "-"), verdict(k.Load < 1))
	tw.Flush()
	fmt.Fprintf(w, "stream-read bandwidth (kael sum over 1 GiB, best before/after decode): %.1f GB/s; %.0f MB of weights per token: decode limit %.1f tokens/s\n",
		k.Bandwidth/1e9, k.BytesPerToken/1e6, limit)
	if len(ref) > 0 {
		var parts []string
		for _, key := range []string{"decode_addmm_1t", "decode_addmv_1t", "decode_addmm_2t", "decode_addmv_2t",
			"decode16_bf16_addmm_1t", "decode16_bf16_addmv_1t", "decode16_bf16_addmm_2t", "decode16_bf16_addmv_2t", "prefill_1t", "prefill_2t"} {
			if v, ok := ref[key]; ok {
				n := float64(gpt2NewToks)
				if strings.HasPrefix(key, "prefill") {
					n = gpt2Prefill
				}
				parts = append(parts, fmt.Sprintf("%s %.1f", key, n/v))
			}
		}
		fmt.Fprintf(w, "PyTorch forms (tokens/s): %s\n", strings.Join(parts, ", "))
	}
}

func verdictIf(have, ok bool) string {
	if !have {
		return "?"
	}
	return verdict(ok)
}

func ifElse(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
