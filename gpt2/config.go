package gpt2

import (
	"encoding/json"
	"fmt"

	"github.com/kael-dev/kael/internal/fileguard"
)

// Config is the shape of a GPT-2 model, in Hugging Face's config.json
// names.
type Config struct {
	NLayer     int     `json:"n_layer"`
	NHead      int     `json:"n_head"`
	NEmbd      int     `json:"n_embd"`
	NPositions int     `json:"n_positions"`
	VocabSize  int     `json:"vocab_size"`
	Eps        float64 `json:"layer_norm_epsilon"`
	// EOS is the end-of-text token id (eos_token_id), 50256 for GPT-2.
	EOS int `json:"eos_token_id"`
}

// Configs are the published GPT-2 sizes.
var Configs = map[string]Config{
	"124M": {NLayer: 12, NHead: 12, NEmbd: 768, NPositions: 1024, VocabSize: 50257, Eps: 1e-5, EOS: 50256},
	"355M": {NLayer: 24, NHead: 16, NEmbd: 1024, NPositions: 1024, VocabSize: 50257, Eps: 1e-5, EOS: 50256},
	"774M": {NLayer: 36, NHead: 20, NEmbd: 1280, NPositions: 1024, VocabSize: 50257, Eps: 1e-5, EOS: 50256},
	"1.5B": {NLayer: 48, NHead: 25, NEmbd: 1600, NPositions: 1024, VocabSize: 50257, Eps: 1e-5, EOS: 50256},
}

// headDim is the per-head width of every published GPT-2, used to infer
// the number of heads when no config says it.
const headDim = 64

// Validate checks that the numbers describe a model.
func (c Config) Validate() error {
	switch {
	case c.NLayer < 0 || c.NHead <= 0 || c.NEmbd <= 0 || c.NPositions <= 0 || c.VocabSize <= 0:
		return fmt.Errorf("gpt2: config %+v: every size must be positive", c)
	case c.NEmbd%c.NHead != 0:
		return fmt.Errorf("gpt2: config: n_embd %d is not a multiple of n_head %d", c.NEmbd, c.NHead)
	case c.Eps <= 0:
		return fmt.Errorf("gpt2: config: layer_norm_epsilon %v must be positive", c.Eps)
	}
	return nil
}

// ReadConfig reads a Hugging Face config.json. Fields it lacks keep
// GPT-2's defaults; n_ctx stands in for n_positions in old files.
func ReadConfig(path string) (Config, error) {
	b, err := fileguard.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	return parseConfig(path, b)
}

func parseConfig(name string, b []byte) (Config, error) {
	c := Configs["124M"]
	c.NPositions = 0
	var extra struct {
		NCtx int `json:"n_ctx"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return Config{}, fmt.Errorf("gpt2: %s: %v", name, err)
	}
	_ = json.Unmarshal(b, &extra)
	if c.NPositions == 0 {
		c.NPositions = extra.NCtx
	}
	if c.NPositions == 0 {
		c.NPositions = 1024
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("%v (in %s)", err, name)
	}
	return c, nil
}

// MarshalConfig returns c as a config.json.
func MarshalConfig(c Config) []byte {
	b, _ := json.MarshalIndent(struct {
		Config
		ModelType     string   `json:"model_type"`
		Architectures []string `json:"architectures"`
		NCtx          int      `json:"n_ctx"`
		BOS           int      `json:"bos_token_id"`
	}{c, "gpt2", []string{"GPT2LMHeadModel"}, c.NPositions, c.EOS}, "", "  ")
	return append(b, '\n')
}
