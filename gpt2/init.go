package gpt2

import (
	"fmt"
	"math"
	"strconv"

	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// RandomStateDict returns the weights of a freshly initialised model of
// config c under the names of a published checkpoint, drawn from g as
// Hugging Face's GPT-2 initialises them: weights normal with standard
// deviation 0.02 (0.02/sqrt(2·n_layer) for the projections into the
// residual stream), biases zero, layer norms one and zero; the LM head is
// tied to wte.
func RandomStateDict(c Config, g *tensor.Generator) (map[string]*tensor.Tensor, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	sd := map[string]*tensor.Tensor{}
	var err error
	normal := func(name string, std float64, shape ...int) {
		if err == nil {
			sd[name], err = tensor.Normal(g, 0, std, tensor.Float32, shape...)
		}
	}
	full := func(name string, v float64, shape ...int) {
		if err == nil {
			sd[name], err = tensor.Full(v, tensor.Float32, shape...)
		}
	}
	e := c.NEmbd
	proj := 0.02 / math.Sqrt(2*float64(c.NLayer))
	normal("wte.weight", 0.02, c.VocabSize, e)
	normal("wpe.weight", 0.02, c.NPositions, e)
	for i := range c.NLayer {
		p := "h." + strconv.Itoa(i) + "."
		full(p+"ln_1.weight", 1, e)
		full(p+"ln_1.bias", 0, e)
		normal(p+"attn.c_attn.weight", 0.02, e, 3*e)
		full(p+"attn.c_attn.bias", 0, 3*e)
		normal(p+"attn.c_proj.weight", proj, e, e)
		full(p+"attn.c_proj.bias", 0, e)
		full(p+"ln_2.weight", 1, e)
		full(p+"ln_2.bias", 0, e)
		normal(p+"mlp.c_fc.weight", 0.02, e, 4*e)
		full(p+"mlp.c_fc.bias", 0, 4*e)
		normal(p+"mlp.c_proj.weight", proj, 4*e, e)
		full(p+"mlp.c_proj.bias", 0, e)
	}
	full("ln_f.weight", 1, e)
	full("ln_f.bias", 0, e)
	return sd, err
}

// SaveRandom writes a random-weight checkpoint of config c, seeded with
// seed, to path as safetensors.
func SaveRandom(path string, c Config, seed uint64) error {
	sd, err := RandomStateDict(c, tensor.NewGenerator(seed))
	if err != nil {
		return err
	}
	return safetensors.Save(path, sd, map[string]string{"format": "pt", "note": fmt.Sprintf("random GPT-2 weights, kael seed %d", seed)})
}
