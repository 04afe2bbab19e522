package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/gpt2"
	"github.com/kael-dev/kael/gpt2/bpe"
	"github.com/kael-dev/kael/tensor"
)

// tinyGPT2 writes, with `kael gpt2 init`, a one-layer model with GPT-2's
// vocabulary, so that the embedded tokenizer fits it.
func tinyGPT2(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cfg := gpt2.Config{NLayer: 1, NHead: 1, NEmbd: 64, NPositions: 32, VocabSize: 50257, Eps: 1e-5, EOS: 50256}
	cfgPath := filepath.Join(dir, "config.json")
	if err := os.WriteFile(cfgPath, gpt2.MarshalConfig(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "tiny.safetensors")
	out, errOut, code := runCmd(t, "", "gpt2", "init", "--config", cfgPath, "--seed", "3", file)
	if code != 0 || !strings.Contains(out, "wrote "+file) {
		t.Fatalf("init: %d %q %q", code, out, errOut)
	}
	return file
}

func TestGPT2Command(t *testing.T) {
	file := tinyGPT2(t)
	// What the library generates greedily is what the command prints.
	m, err := gpt2.Load(file, gpt2.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := bpe.GPT2()
	prompt, _ := tok.Encode("Hello world")
	ids, err := m.Generate(context.Background(), prompt, gpt2.GenerateOptions{MaxNewTokens: 6})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := tok.Decode(ids)
	out, errOut, code := runCmd(t, "", "gpt2", file, "Hello world", "--max-new-tokens", "6")
	if code != 0 || out != "Hello world"+text+"\n" {
		t.Errorf("greedy: %d %q %q, want %q", code, out, errOut, "Hello world"+text+"\n")
	}
	// Sampling is seeded: the same seed, the same text.
	args := []string{"gpt2", "--top-k", "50", "--temperature", "0.9", "--seed", "5", file, "Once", "--max-new-tokens", "8"}
	a, _, codeA := runCmd(t, "", args...)
	b, _, codeB := runCmd(t, "", args...)
	if codeA != 0 || codeB != 0 || a != b || !strings.HasPrefix(a, "Once") {
		t.Errorf("seeded sampling: %q and %q", a, b)
	}
	if _, errOut, code := runCmd(t, "", "gpt2", file, "x", "--max-new-tokens", "5", "--stats"); code != 0 || !strings.Contains(errOut, "tokens/s") {
		t.Errorf("--stats: %d %q", code, errOut)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"context", []string{"gpt2", file, "Hi", "--max-new-tokens", "40"}, 1, "exceed the model's context of 32"},
		{"missing model", []string{"gpt2", filepath.Join(t.TempDir(), "none"), "Hi"}, 1, "no such file"},
		{"no prompt", []string{"gpt2", file}, 2, "usage:"},
		{"bad flag", []string{"gpt2", "--top-q", "1", file, "Hi"}, 2, "top-q"},
		{"bad temperature", []string{"gpt2", file, "Hi", "--temperature", "-1"}, 1, "temperature"},
		{"init without file", []string{"gpt2", "init"}, 2, "usage:"},
		{"bad weights", []string{"gpt2", file, "Hi", "--weights", "int8"}, 2, "float32, bfloat16 or float16"},
		{"init bad config", []string{"gpt2", "init", "--config", "7B", filepath.Join(t.TempDir(), "x")}, 2, "neither a published size"},
		{"init into missing dir", []string{"gpt2", "init", "--config", filepath.Join(filepath.Dir(file), "config.json"), filepath.Join(t.TempDir(), "a", "b")}, 1, "kael gpt2 init:"},
	}
	for _, tt := range tests {
		out, errOut, code := runCmd(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) || (code == 1 && out != "") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, nothing on stdout and %q", tt.name, code, out, errOut, tt.code, tt.want)
		}
	}
	// 16-bit weights: the command runs; its text is checked against the
	// library's (gpt2's tests compare the logits with the widened model's).
	m16, err := gpt2.Load(file, gpt2.Options{Weights: tensor.BFloat16})
	if err != nil {
		t.Fatal(err)
	}
	ids16, err := m16.Generate(context.Background(), prompt, gpt2.GenerateOptions{MaxNewTokens: 6})
	if err != nil {
		t.Fatal(err)
	}
	text16, _ := tok.Decode(ids16)
	if out, errOut, code := runCmd(t, "", "gpt2", file, "Hello world", "--max-new-tokens", "6", "--weights", "bfloat16"); code != 0 || out != "Hello world"+text16+"\n" {
		t.Errorf("--weights bfloat16: %d %q %q, want %q", code, out, errOut, "Hello world"+text16+"\n")
	}
	if out, _, code := runCmd(t, "", "gpt2", file, "Hi", "--max-new-tokens", "0"); code != 0 || out != "Hi\n" {
		t.Errorf("no new tokens: %d %q", code, out)
	}
}

func TestGPT2Help(t *testing.T) {
	for _, args := range [][]string{{"gpt2", "--help"}, {"gpt2", "-h"}, {"gpt2", "model", "--help"}, {"gpt2", "init", "--help"}} {
		out, errOut, code := runCmd(t, "", args...)
		if code != 0 || !strings.Contains(out, "usage:\n  kael gpt2 MODEL PROMPT") || !strings.Contains(out, "-max-new-tokens") && args[1] != "init" || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestGPT2TokenizerMustFit(t *testing.T) {
	// The tiny golden checkpoint has 80 tokens: the embedded 50257-token
	// vocabulary does not fit it.
	_, errOut, code := runCmd(t, "", "gpt2", "../../gpt2/testdata/tiny-b", "Hi")
	if code != 1 || !strings.Contains(errOut, "the tokenizer has 50257 tokens but the model only 80") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
