package gpt2

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// Options tunes Load.
type Options struct {
	// Config, if not nil, is used instead of config.json or inference.
	Config *Config
	// Progress, if not nil, is called as tensor data is made ready.
	Progress func(done, total int64)
	// Weights is the dtype the model keeps its matrices in: float32, or
	// bfloat16 or float16, which halve the bytes a token reads (see
	// Model). The zero value, tensor.Bool, which weights cannot be, means
	// float32.
	Weights tensor.DType
}

// Load reads a GPT-2 checkpoint: a model directory holding
// model.safetensors (and config.json when the model has one), or a
// .safetensors file.
func Load(path string, opt Options) (*Model, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	file, cfg := path, opt.Config
	if st.IsDir() {
		file = filepath.Join(path, "model.safetensors")
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			if _, e := os.Stat(filepath.Join(path, "pytorch_model.bin")); e == nil {
				return nil, fmt.Errorf("gpt2: %s has only pytorch_model.bin; kael reads model.safetensors (convert it with safetensors' save_file)", path)
			}
			return nil, fmt.Errorf("gpt2: %s has no model.safetensors", path)
		}
		if cfg == nil {
			if c, err := ReadConfig(filepath.Join(path, "config.json")); err == nil {
				cfg = &c
			} else if !errors.Is(err, os.ErrNotExist) {
				return nil, err
			}
		}
	}
	f, err := safetensors.Open(file)
	if err != nil {
		return nil, err
	}
	sd, err := f.All(safetensors.Options{Progress: opt.Progress})
	if err != nil {
		return nil, err
	}
	m, err := fromStateDict(sd, cfg, opt.Weights)
	if err != nil {
		return nil, fmt.Errorf("%v (in %s)", err, file)
	}
	return m, nil
}

// layer holds one transformer block's weights, Conv1D ones (in, out).
type layer struct {
	ln1W, ln1B, attnW, attnB, attnProjW, attnProjB *tensor.Tensor
	ln2W, ln2B, fcW, fcB, mlpProjW, mlpProjB       *tensor.Tensor
}

// ignoredSuffixes are buffers of Hugging Face's GPT-2 that hold no weights.
var ignoredSuffixes = []string{".attn.bias", ".attn.masked_bias"}

// FromStateDict builds a model from tensors named as in a Hugging Face
// checkpoint. cfg may be nil, in which case the sizes are inferred from the
// shapes (with 64-wide heads, as in every published GPT-2).
func FromStateDict(sd map[string]*tensor.Tensor, cfg *Config) (*Model, error) {
	return fromStateDict(sd, cfg, tensor.Float32)
}

// fromStateDict is FromStateDict keeping the matrices in dtype weights.
func fromStateDict(sd map[string]*tensor.Tensor, cfg *Config, weights tensor.DType) (*Model, error) {
	if weights == tensor.Bool { // the zero value of Options.Weights
		weights = tensor.Float32
	}
	if weights != tensor.Float32 && weights != tensor.BFloat16 && weights != tensor.Float16 {
		return nil, fmt.Errorf("gpt2: weights can be float32, bfloat16 or float16, not %s", weights)
	}
	w := map[string]*tensor.Tensor{}
	for name, t := range sd {
		if slices.ContainsFunc(ignoredSuffixes, func(s string) bool { return strings.HasSuffix(name, s) }) {
			continue
		}
		w[strings.TrimPrefix(name, "transformer.")] = t
	}
	var c Config
	if cfg != nil {
		c = *cfg
	} else {
		var err error
		if c, err = inferConfig(w); err != nil {
			return nil, err
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	m := &Model{Config: c, params: map[string]*tensor.Tensor{}, weights: weights}
	get := func(name string, shape ...int) (*tensor.Tensor, error) {
		t, ok := w[name]
		if !ok {
			return nil, fmt.Errorf("gpt2: the checkpoint has no tensor %s", name)
		}
		if !slices.Equal(t.Shape(), shape) {
			return nil, fmt.Errorf("gpt2: tensor %s has shape %v; the config (n_embd %d, n_layer %d, vocab %d, n_positions %d) needs %v",
				name, t.Shape(), c.NEmbd, c.NLayer, c.VocabSize, c.NPositions, shape)
		}
		if !t.DType().IsFloating() {
			return nil, fmt.Errorf("gpt2: tensor %s has dtype %s; weights must be floating point", name, t.DType())
		}
		d := tensor.Float32
		if len(shape) == 2 && name != "wpe.weight" {
			d = weights // the matrices a token reads: all but the positions'
		}
		t, err := t.To(d)
		if err == nil {
			t, err = t.Contiguous()
		}
		if err != nil {
			return nil, fmt.Errorf("gpt2: tensor %s: %v", name, err)
		}
		m.params[name] = t
		return t, nil
	}
	e := c.NEmbd
	var err error
	must := func(dst **tensor.Tensor, name string, shape ...int) {
		if err == nil {
			*dst, err = get(name, shape...)
		}
	}
	must(&m.wte, "wte.weight", c.VocabSize, e)
	must(&m.wpe, "wpe.weight", c.NPositions, e)
	must(&m.lnfW, "ln_f.weight", e)
	must(&m.lnfB, "ln_f.bias", e)
	m.layers = make([]layer, c.NLayer)
	for i := range m.layers {
		l, p := &m.layers[i], "h."+strconv.Itoa(i)+"."
		must(&l.ln1W, p+"ln_1.weight", e)
		must(&l.ln1B, p+"ln_1.bias", e)
		must(&l.attnW, p+"attn.c_attn.weight", e, 3*e)
		must(&l.attnB, p+"attn.c_attn.bias", 3*e)
		must(&l.attnProjW, p+"attn.c_proj.weight", e, e)
		must(&l.attnProjB, p+"attn.c_proj.bias", e)
		must(&l.ln2W, p+"ln_2.weight", e)
		must(&l.ln2B, p+"ln_2.bias", e)
		must(&l.fcW, p+"mlp.c_fc.weight", e, 4*e)
		must(&l.fcB, p+"mlp.c_fc.bias", 4*e)
		must(&l.mlpProjW, p+"mlp.c_proj.weight", 4*e, e)
		must(&l.mlpProjB, p+"mlp.c_proj.bias", e)
	}
	m.lmHead = m.wte
	if _, ok := w["lm_head.weight"]; ok {
		must(&m.lmHead, "lm_head.weight", c.VocabSize, e)
	}
	if err != nil {
		return nil, err
	}
	if _, ok := w[fmt.Sprintf("h.%d.ln_1.weight", c.NLayer)]; ok {
		return nil, fmt.Errorf("gpt2: the checkpoint has more than the config's %d layers", c.NLayer)
	}
	return m, nil
}

// inferConfig derives the sizes from the weights' shapes.
func inferConfig(w map[string]*tensor.Tensor) (Config, error) {
	wte, wpe := w["wte.weight"], w["wpe.weight"]
	if wte == nil || wpe == nil || wte.Dim() != 2 || wpe.Dim() != 2 {
		return Config{}, fmt.Errorf("gpt2: the checkpoint has no 2-D wte.weight and wpe.weight; is it a GPT-2?")
	}
	c := Config{VocabSize: wte.Shape()[0], NEmbd: wte.Shape()[1], NPositions: wpe.Shape()[0], Eps: 1e-5, EOS: 50256}
	for w[fmt.Sprintf("h.%d.ln_1.weight", c.NLayer)] != nil {
		c.NLayer++
	}
	if c.NEmbd%headDim != 0 {
		return Config{}, fmt.Errorf("gpt2: cannot infer n_head: n_embd %d is not a multiple of %d; put a config.json beside the weights", c.NEmbd, headDim)
	}
	c.NHead = c.NEmbd / headDim
	return c, nil
}

// StateDict returns the weights under the names of Hugging Face's
// GPT2LMHeadModel.state_dict() ("transformer.h.0.ln_1.weight", ...,
// "lm_head.weight", which is wte's tensor when the head is tied).
func (m *Model) StateDict() map[string]*tensor.Tensor {
	sd := make(map[string]*tensor.Tensor, len(m.params)+1)
	for name, t := range m.params {
		if name != "lm_head.weight" {
			sd["transformer."+name] = t
		}
	}
	sd["lm_head.weight"] = m.lmHead
	return sd
}
