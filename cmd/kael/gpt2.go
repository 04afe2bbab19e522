package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/kael-dev/kael/gpt2"
	"github.com/kael-dev/kael/gpt2/bpe"
	"github.com/kael-dev/kael/tensor"
)

const gpt2Usage = `usage:
  kael gpt2 MODEL PROMPT [flags]   continue PROMPT with the GPT-2 in MODEL, streaming the text
  kael gpt2 init [--config 124M] [--seed 0] FILE
                                   write a random-weight GPT-2 checkpoint (safetensors)

MODEL is a Hugging Face model directory (model.safetensors, and config.json,
vocab.json, merges.txt when it has them) or a .safetensors file; without
vocab.json the embedded GPT-2 vocabulary is used. Generation is greedy
unless --do-sample or one of --temperature, --top-k, --top-p is given.
`

// runGPT2 runs `kael gpt2 ...` and returns the exit status.
func runGPT2(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "init" {
		return runGPT2Init(args[1:], stdout, stderr)
	}
	fs := newFlagSet("kael gpt2", gpt2Usage, stdout, stderr)
	maxNew := fs.Int("max-new-tokens", 50, "the most tokens to generate")
	temperature := fs.Float64("temperature", 1, "divide the logits by this before sampling")
	topK := fs.Int("top-k", 0, "sample from the k most likely tokens only (0: all)")
	topP := fs.Float64("top-p", 1, "sample from the most likely tokens holding this much probability")
	seed := fs.Uint64("seed", 0, "seed of the sampling generator")
	doSample := fs.Bool("do-sample", false, "sample instead of taking the most likely token")
	stats := fs.Bool("stats", false, "print load time and tokens per second on stderr")
	weights := fs.String("weights", "float32", "keep the weight matrices as float32, bfloat16 or float16 (16-bit: half the bytes per token)")
	pos, status := parseGPT2Args(fs, args, 2, stdout)
	if pos == nil {
		return status
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "temperature", "top-k", "top-p":
			*doSample = true
		}
	})
	wd, ok := tensor.ParseDType(*weights)
	if !ok || (wd != tensor.Float32 && wd != tensor.BFloat16 && wd != tensor.Float16) {
		fmt.Fprintf(stderr, "kael gpt2: --weights %s: the weights can be float32, bfloat16 or float16\n", *weights)
		return 2
	}
	start := time.Now()
	model, tok, err := loadGPT2(pos[0], wd)
	if err != nil {
		fmt.Fprintln(stderr, "kael gpt2:", err)
		return 1
	}
	loaded := time.Since(start)
	prompt, err := tok.Encode(pos[1])
	if err != nil {
		fmt.Fprintln(stderr, "kael gpt2:", err)
		return 1
	}
	if len(prompt) == 0 {
		prompt = []int{model.Config.EOS}
	}
	// The prompt is shown with the first token, so that an error found
	// before generation starts (a prompt too long, say) prints nothing.
	shown := false
	show := func() {
		if !shown {
			fmt.Fprint(stdout, pos[1])
			shown = true
		}
	}
	opt := gpt2.GenerateOptions{
		MaxNewTokens: *maxNew,
		Sampling: gpt2.Sampling{DoSample: *doSample, Temperature: *temperature, TopK: *topK, TopP: *topP,
			Generator: tensor.NewGenerator(*seed)},
		OnToken: func(id int) error {
			show()
			if id == model.Config.EOS {
				return nil
			}
			s, err := tok.DecodeToken(id)
			if err == nil {
				_, err = io.WriteString(stdout, s)
			}
			return err
		},
	}
	genStart := time.Now()
	ids, err := model.Generate(ctx, prompt, opt)
	if err == nil {
		show()
	}
	if shown {
		fmt.Fprintln(stdout)
	}
	if *stats {
		el := time.Since(genStart)
		fmt.Fprintf(stderr, "[loaded in %.2f s; %d prompt tokens, %d new in %.2f s, %.1f tokens/s]\n",
			loaded.Seconds(), len(prompt), len(ids), el.Seconds(), float64(len(ids))/el.Seconds())
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "kael gpt2: interrupted")
			return 130
		}
		fmt.Fprintln(stderr, "kael gpt2:", err)
		return 1
	}
	return 0
}

// loadGPT2 loads the model at path and the tokenizer beside it.
func loadGPT2(path string, weights tensor.DType) (*gpt2.Model, *bpe.Tokenizer, error) {
	model, err := gpt2.Load(path, gpt2.Options{Weights: weights})
	if err != nil {
		return nil, nil, err
	}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	tok, _, err := bpe.FromDir(dir)
	if err != nil {
		return nil, nil, err
	}
	if tok.VocabSize() > model.Config.VocabSize {
		return nil, nil, fmt.Errorf("the tokenizer has %d tokens but the model only %d: give a model directory with its own vocab.json and merges.txt",
			tok.VocabSize(), model.Config.VocabSize)
	}
	return model, tok, nil
}

// runGPT2Init runs `kael gpt2 init`.
func runGPT2Init(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("kael gpt2 init", gpt2Usage, stdout, stderr)
	config := fs.String("config", "124M", "a published size (124M, 355M, 774M, 1.5B) or a config.json file")
	seed := fs.Uint64("seed", 0, "seed of the random weights")
	pos, status := parseGPT2Args(fs, args, 1, stdout)
	if pos == nil {
		return status
	}
	cfg, ok := gpt2.Configs[*config]
	if !ok {
		var err error
		if cfg, err = gpt2.ReadConfig(*config); err != nil {
			fmt.Fprintf(stderr, "kael gpt2 init: --config %s is neither a published size (124M, 355M, 774M, 1.5B) nor a config.json: %v\n", *config, err)
			return 2
		}
	}
	if err := gpt2.SaveRandom(pos[0], cfg, *seed); err != nil {
		fmt.Fprintln(stderr, "kael gpt2 init:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: random GPT-2 (%d layers, %d heads, n_embd %d, vocab %d, context %d), seed %d\n",
		pos[0], cfg.NLayer, cfg.NHead, cfg.NEmbd, cfg.VocabSize, cfg.NPositions, *seed)
	return 0
}

// parseGPT2Args parses args, which must hold want positional arguments,
// and returns them; for --help (on stdout) or a mistake (on stderr) it
// returns nil and the exit status.
func parseGPT2Args(fs *flag.FlagSet, args []string, want int, stdout io.Writer) ([]string, int) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if isHelpFlag(a) {
			fs.SetOutput(stdout)
			fs.Usage()
			return nil, 0
		}
	}
	pos, err := parseInterleaved(fs, args)
	switch {
	case err != nil:
		return nil, 2
	case len(pos) != want:
		fs.Usage()
		return nil, 2
	}
	return pos, 0
}

// parseInterleaved parses flags that may come before, between or after
// the positional arguments, which it returns; after "--" every argument is
// positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
