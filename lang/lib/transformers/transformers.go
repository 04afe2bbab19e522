package transformers

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/gpt2"
	"github.com/kael-dev/kael/gpt2/bpe"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/torch"
	"github.com/kael-dev/kael/tensor"
)

// The transformers module: Hugging Face's GPT-2 classes in their names
// (GPT2LMHeadModel, GPT2Tokenizer, GPT2Config, TextStreamer), on kael's
// gpt2 package. Each class is an hfClass value: calling it makes an
// object, from_pretrained loads one.

// hfClass is a class of the transformers module: it has class methods
// (from_pretrained) and calling it constructs an object.
type hfClass struct {
	name    string
	methods map[string]*lang.Builtin
	ctor    *lang.Builtin
}

// TypeName returns "type".
func (*hfClass) TypeName() string { return "type" }

// String returns <class 'transformers.Name'>.
func (c *hfClass) String() string { return "<class 'transformers." + c.name + "'>" }

// Attr returns the class methods, __call__ (the constructor) and __name__.
func (c *hfClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__":
		return c.name, true
	case "__call__":
		return c.ctor, c.ctor != nil
	}
	m, ok := c.methods[name]
	return m, ok
}

// AttrNames lists the class methods.
func (c *hfClass) AttrNames() []string { return sortedKeys(c.methods) }

// MemberDoc describes the class for the language reference: its
// constructor and class methods.
func (c *hfClass) MemberDoc() string {
	var parts []string
	if c.ctor != nil {
		parts = append(parts, "`"+c.ctor.Sig+"`: "+c.ctor.Doc)
	}
	for _, name := range sortedKeys(c.methods) {
		m := c.methods[name]
		parts = append(parts, "`"+c.name+"."+m.Sig+"`: "+m.Doc)
	}
	return "a class. " + strings.Join(parts, " ")
}

// objectAttr looks name up in an object's method table, binding it to recv.
func objectAttr(recv lang.Value, table map[string]*lang.Builtin, name string) (lang.Value, bool) {
	m, ok := table[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: recv, Method: m}, true
}

// publicNames lists a method table's names without the dunder ones.
func publicNames(table map[string]*lang.Builtin, more ...string) []string {
	var names []string
	for _, n := range sortedKeys(table) {
		if !strings.HasPrefix(n, "__") {
			names = append(names, n)
		}
	}
	names = append(names, more...)
	slices.Sort(names)
	return names
}

// --- GPT2Config ---

// GPT2Config is a model's configuration, as transformers.GPT2Config.
type GPT2Config struct{ c gpt2.Config }

// TypeName returns "GPT2Config".
func (*GPT2Config) TypeName() string { return "GPT2Config" }

// configFields are the attributes of a GPT2Config, in config.json's names.
var configFields = []string{"eos_token_id", "layer_norm_epsilon", "n_embd", "n_head", "n_layer", "n_positions", "vocab_size"}

// Attr returns the configuration's fields.
func (g *GPT2Config) Attr(name string) (lang.Value, bool) {
	c := g.c
	switch name {
	case "n_layer", "num_hidden_layers":
		return int64(c.NLayer), true
	case "n_head", "num_attention_heads":
		return int64(c.NHead), true
	case "n_embd", "hidden_size":
		return int64(c.NEmbd), true
	case "n_positions", "max_position_embeddings":
		return int64(c.NPositions), true
	case "vocab_size":
		return int64(c.VocabSize), true
	case "layer_norm_epsilon":
		return c.Eps, true
	case "eos_token_id", "bos_token_id":
		return int64(c.EOS), true
	}
	return nil, false
}

// AttrNames lists the fields.
func (*GPT2Config) AttrNames() []string { return configFields }

// PyRepr returns the text HF prints: the class name and the JSON.
func (g *GPT2Config) PyRepr() string {
	return "GPT2Config " + strings.TrimSpace(string(gpt2.MarshalConfig(g.c)))
}

// String is the repr.
func (g *GPT2Config) String() string { return g.PyRepr() }

var gpt2ConfigClass = &hfClass{name: "GPT2Config",
	ctor: lang.NewBuiltin(lang.AsValue, "GPT2Config(vocab_size=50257, n_positions=1024, n_embd=768, n_layer=12, n_head=12, layer_norm_epsilon=1e-05, eos_token_id=50256)",
		"A GPT-2 configuration; the defaults are those of the 124M model.", func(a *lang.Args) (lang.Value, error) {
			c := gpt2.Config{VocabSize: a.Int("vocab_size"), NPositions: a.Int("n_positions"), NEmbd: a.Int("n_embd"),
				NLayer: a.Int("n_layer"), NHead: a.Int("n_head"), Eps: a.Float("layer_norm_epsilon"), EOS: a.Int("eos_token_id")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := c.Validate(); err != nil {
				return nil, lang.Errorf(lang.ValueError, "%v", err)
			}
			return &GPT2Config{c}, nil
		}),
	methods: map[string]*lang.Builtin{
		"from_pretrained": lang.NewBuiltin(lang.AsValue, "from_pretrained(pretrained_model_name_or_path)", "Reads config.json of a model directory (or the file itself).", func(a *lang.Args) (lang.Value, error) {
			path := a.Str("pretrained_model_name_or_path")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if st, err := os.Stat(path); err == nil && st.IsDir() {
				path = filepath.Join(path, "config.json")
			}
			c, err := gpt2.ReadConfig(path)
			if err != nil {
				return nil, torch.FileError(err)
			}
			return &GPT2Config{c}, nil
		}),
	},
}

// --- GPT2Tokenizer ---

// GPT2Tokenizer is GPT-2's byte-level BPE tokenizer, as
// transformers.GPT2Tokenizer.
type GPT2Tokenizer struct {
	t      *bpe.Tokenizer
	source string // where its vocabulary came from, for the repr
}

// TypeName returns "GPT2Tokenizer".
func (*GPT2Tokenizer) TypeName() string { return "GPT2Tokenizer" }

// String returns the repr.
func (t *GPT2Tokenizer) String() string {
	return fmt.Sprintf("GPT2Tokenizer(name_or_path='%s', vocab_size=%d)", t.source, t.t.VocabSize())
}

// endOfText is GPT-2's end-of-text token.
const endOfText = "<|endoftext|>"

// Attr returns the methods and eos_token, eos_token_id, vocab_size.
func (t *GPT2Tokenizer) Attr(name string) (lang.Value, bool) {
	switch name {
	case "vocab_size":
		return int64(t.t.VocabSize()), true
	case "eos_token", "bos_token":
		return endOfText, true
	case "eos_token_id", "bos_token_id":
		if id, ok := t.t.TokenID(endOfText); ok {
			return int64(id), true
		}
		return lang.None, true
	}
	return objectAttr(t, tokenizerMethods, name)
}

// AttrNames lists the attributes.
func (t *GPT2Tokenizer) AttrNames() []string {
	return publicNames(tokenizerMethods, "bos_token", "bos_token_id", "eos_token", "eos_token_id", "vocab_size")
}

// loadTokenizer returns the tokenizer of a model directory (vocab.json and
// merges.txt, or encoder.json and vocab.bpe), or GPT-2's own, embedded in
// kael, for the name "gpt2" or a path without vocabulary files. The
// boolean says whether the vocabulary is GPT-2's embedded one.
func loadTokenizer(path string) (*GPT2Tokenizer, bool, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		t, found, err := bpe.FromDir(path)
		if err != nil {
			return nil, false, lang.Errorf(lang.OSError, "%s: %v", path, err)
		}
		if found {
			return &GPT2Tokenizer{t: t, source: path}, false, nil
		}
	} else if path != "gpt2" && path != "" && !strings.HasSuffix(path, ".safetensors") {
		return nil, false, lang.Errorf(lang.OSError, "%s is not a model directory, and kael has only GPT-2's own vocabulary built in", path).
			WithHint("use GPT2Tokenizer.from_pretrained('gpt2') for GPT-2's vocabulary, or a directory with vocab.json and merges.txt")
	}
	t, err := bpe.GPT2()
	if err != nil {
		return nil, false, err
	}
	return &GPT2Tokenizer{t: t, source: "gpt2"}, true, nil
}

// idsArg reads a list of token ids: a list or tuple of ints, or a tensor
// of one dimension (or two, with one row).
func idsArg(v lang.Value, what string) ([]int, error) {
	if x, ok := v.(*tensor.Tensor); ok {
		if x.Dim() == 2 && x.Shape()[0] == 1 {
			v, _ = x.Select(0, 0)
		}
		if x.Dim() > 2 || x.Dim() == 2 && x.Shape()[0] != 1 {
			return nil, lang.Errorf(lang.ValueError, "%s must be one sequence of token ids, got a tensor of shape %s", what, lang.Repr(lang.NewSize(x.Shape())))
		}
	}
	seqs, err := idRows(v, what)
	if err != nil {
		return nil, err
	}
	if len(seqs) != 1 {
		return nil, lang.Errorf(lang.ValueError, "%s must be one sequence of token ids, got %d", what, len(seqs))
	}
	return seqs[0], nil
}

// idRows reads token ids as rows: a tensor of shape [n] or [batch, n] of
// integers, or a list of ints, or a list of such lists.
func idRows(v lang.Value, what string) ([][]int, error) {
	if x, ok := v.(*tensor.Tensor); ok {
		if x.DType() != tensor.Int64 {
			return nil, lang.Errorf(lang.TypeError, "%s must hold integer token ids, not %s", what, x.DType())
		}
		vals, err := tensor.Values[int64](x)
		if err != nil {
			return nil, err
		}
		switch x.Dim() {
		case 1:
			return [][]int{int64sToInts(vals)}, nil
		case 2:
			n := x.Shape()[1]
			rows := make([][]int, x.Shape()[0])
			for i := range rows {
				rows[i] = int64sToInts(vals[i*n : (i+1)*n])
			}
			return rows, nil
		}
		return nil, lang.Errorf(lang.ValueError, "%s must be a tensor of shape [n] or [batch, n], not %s", what, lang.Repr(lang.NewSize(x.Shape())))
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "%s must be a tensor or a list of token ids, not %s", what, lang.TypeName(v))
	}
	row := make([]int, 0, len(elems))
	var rows [][]int
	for _, e := range elems {
		switch e := e.(type) {
		case int64:
			row = append(row, int(e))
		case bool:
			return nil, lang.Errorf(lang.TypeError, "%s must hold integer token ids, not bool", what)
		default:
			sub, err := idRows(e, what)
			if err != nil || len(sub) != 1 {
				return nil, lang.Errorf(lang.TypeError, "%s must hold integer token ids, not %s", what, lang.TypeName(e))
			}
			rows = append(rows, sub[0])
		}
	}
	if rows != nil && len(row) > 0 {
		return nil, lang.Errorf(lang.TypeError, "%s mixes token ids and lists of them", what)
	}
	if rows == nil {
		rows = [][]int{row}
	}
	return rows, nil
}

func int64sToInts(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// idsValue returns ids as a list of ints, or as an int64 tensor of shape
// [1, n] when returnTensors is "pt".
func idsValue(ids []int, returnTensors lang.Value) (lang.Value, error) {
	switch rt := returnTensors.(type) {
	case lang.NoneType:
		elems := make([]lang.Value, len(ids))
		for i, id := range ids {
			elems[i] = int64(id)
		}
		return &lang.List{Elems: elems}, nil
	case string:
		if rt == "pt" {
			return idsTensor(ids)
		}
	}
	return nil, lang.Errorf(lang.ValueError, "return_tensors must be None or 'pt' in kael (which has no NumPy or TensorFlow), not %s", lang.Repr(returnTensors))
}

// idsTensor returns ids as an int64 tensor of shape [1, n].
func idsTensor(ids []int) (*tensor.Tensor, error) {
	vals := make([]int64, len(ids))
	for i, id := range ids {
		vals[i] = int64(id)
	}
	return tensor.FromSlice(vals, 1, len(ids))
}

// encodeArg encodes the text argument of a tokenizer call.
func (t *GPT2Tokenizer) encodeArg(a *lang.Args) ([]int, error) {
	text := a.Str("text")
	if err := a.Err(); err != nil {
		return nil, err
	}
	ids, err := t.t.Encode(text)
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "%v", err)
	}
	return ids, nil
}

var tokenizerMethods = map[string]*lang.Builtin{
	"encode": lang.NewBuiltin(lang.AsValue, "encode(self, text, return_tensors=None)", "The token ids of text: a list of ints, or a tensor of shape [1, n] with return_tensors='pt'.", func(a *lang.Args) (lang.Value, error) {
		ids, err := a.Value("self").(*GPT2Tokenizer).encodeArg(a)
		if err != nil {
			return nil, err
		}
		return idsValue(ids, a.Value("return_tensors"))
	}),
	"__call__": lang.NewBuiltin(lang.AsValue, "__call__(self, text, return_tensors=None)", "Encodes text as Hugging Face's tokenizers do: a dict with input_ids and attention_mask (lists, or tensors of shape [1, n] with return_tensors='pt').", func(a *lang.Args) (lang.Value, error) {
		ids, err := a.Value("self").(*GPT2Tokenizer).encodeArg(a)
		if err != nil {
			return nil, err
		}
		input, err := idsValue(ids, a.Value("return_tensors"))
		if err != nil {
			return nil, err
		}
		ones := make([]int, len(ids))
		for i := range ones {
			ones[i] = 1
		}
		mask, err := idsValue(ones, a.Value("return_tensors"))
		if err != nil {
			return nil, err
		}
		d := lang.NewDict()
		_ = d.Set("input_ids", input)
		_ = d.Set("attention_mask", mask)
		return d, nil
	}),
	"decode": lang.NewBuiltin(lang.AsValue, "decode(self, token_ids, skip_special_tokens=False)", "The text of token ids (a list, or a tensor of one sequence); bytes that end inside a character become U+FFFD.", func(a *lang.Args) (lang.Value, error) {
		t := a.Value("self").(*GPT2Tokenizer)
		skip := a.Bool("skip_special_tokens")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ids, err := idsArg(a.Value("token_ids"), "token_ids")
		if err != nil {
			return nil, err
		}
		if skip {
			eos, _ := t.t.TokenID(endOfText)
			ids = slices.DeleteFunc(slices.Clone(ids), func(id int) bool { return id == eos })
		}
		text, err := t.t.Decode(ids)
		if err != nil {
			return nil, lang.Errorf(lang.ValueError, "%v", err)
		}
		return lang.PythonText(text), nil
	}),
}

var gpt2TokenizerClass = &hfClass{name: "GPT2Tokenizer", methods: map[string]*lang.Builtin{
	"from_pretrained": lang.NewBuiltin(lang.AsValue, "from_pretrained(pretrained_model_name_or_path='gpt2')", "GPT-2's tokenizer: the vocabulary of a model directory (vocab.json and merges.txt), or GPT-2's own, built into kael, for 'gpt2' or a directory without one.", func(a *lang.Args) (lang.Value, error) {
		path := a.Str("pretrained_model_name_or_path")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, _, err := loadTokenizer(path)
		return t, err
	}),
}}

// --- TextStreamer ---

// TextStreamer prints generated text as it is produced, as
// transformers.TextStreamer; pass it as generate's streamer=.
type TextStreamer struct {
	tok        *GPT2Tokenizer
	skipPrompt bool
}

// TypeName returns "TextStreamer".
func (*TextStreamer) TypeName() string { return "TextStreamer" }

// String returns the repr.
func (*TextStreamer) String() string { return "<TextStreamer>" }

var textStreamerClass = &hfClass{name: "TextStreamer",
	ctor: lang.NewBuiltin(lang.AsValue, "TextStreamer(tokenizer, skip_prompt=False)", "Streams generate's text to the output as tokens are made: pass it as model.generate(..., streamer=TextStreamer(tokenizer)). The prompt is printed first unless skip_prompt=True.", func(a *lang.Args) (lang.Value, error) {
		skip := a.Bool("skip_prompt")
		if err := a.Err(); err != nil {
			return nil, err
		}
		tok, ok := a.Value("tokenizer").(*GPT2Tokenizer)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "TextStreamer needs a GPT2Tokenizer, not %s", lang.TypeName(a.Value("tokenizer")))
		}
		return &TextStreamer{tok: tok, skipPrompt: skip}, nil
	})}

// textWriter writes decoded token bytes to the output as whole characters:
// the bytes of a character split across tokens wait for the rest.
type textWriter struct {
	write   func(string)
	pending string
}

// add writes the bytes of one token, keeping an incomplete character back.
func (w *textWriter) add(b string) {
	s := w.pending + b
	cut := len(s)
	for back := 1; back <= utf8.UTFMax && back <= len(s); back++ {
		i := len(s) - back
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				cut = i
			}
			break
		}
	}
	w.pending = s[cut:]
	if cut > 0 {
		w.write(lang.PythonText(s[:cut]))
	}
}

// flush writes what is left.
func (w *textWriter) flush() {
	if w.pending != "" {
		w.write(lang.PythonText(w.pending))
		w.pending = ""
	}
}

// --- GPT2LMHeadModel ---

// GPT2LMHeadModel is a GPT-2 model with its language-modelling head, as
// transformers.GPT2LMHeadModel, running on package gpt2.
type GPT2LMHeadModel struct {
	m *gpt2.Model
	// tok decodes the model's tokens for streaming: the vocabulary of its
	// directory, or GPT-2's own when the model has GPT-2's vocabulary
	// size; nil when neither.
	tok    *GPT2Tokenizer
	source string
}

// TypeName returns "GPT2LMHeadModel".
func (*GPT2LMHeadModel) TypeName() string { return "GPT2LMHeadModel" }

// String returns the repr: the class and the shape of the model.
func (m *GPT2LMHeadModel) String() string {
	c := m.m.Config
	return fmt.Sprintf("GPT2LMHeadModel(n_layer=%d, n_head=%d, n_embd=%d, n_positions=%d, vocab_size=%d)",
		c.NLayer, c.NHead, c.NEmbd, c.NPositions, c.VocabSize)
}

// Attr returns the methods and config.
func (m *GPT2LMHeadModel) Attr(name string) (lang.Value, bool) {
	if name == "config" {
		return &GPT2Config{m.m.Config}, true
	}
	return objectAttr(m, modelMethods, name)
}

// AttrNames lists the attributes.
func (m *GPT2LMHeadModel) AttrNames() []string { return publicNames(modelMethods, "config") }

// newModelValue wraps a loaded model, finding its tokenizer for streaming.
func newModelValue(m *gpt2.Model, source string) *GPT2LMHeadModel {
	v := &GPT2LMHeadModel{m: m, source: source}
	dir := source
	if st, err := os.Stat(source); err == nil && !st.IsDir() {
		dir = filepath.Dir(source)
	}
	if t, found, err := bpe.FromDir(dir); err == nil && found && t.VocabSize() == m.Config.VocabSize {
		v.tok = &GPT2Tokenizer{t: t, source: dir}
	} else if m.Config.VocabSize == gpt2.Configs["124M"].VocabSize {
		if t, _, err := loadTokenizer("gpt2"); err == nil {
			v.tok = t
		}
	}
	return v
}

// CausalLMOutput is what calling a model returns: its logits, as Hugging
// Face's CausalLMOutputWithCrossAttentions (out.logits, out[0],
// out["logits"]).
type CausalLMOutput struct{ Logits *tensor.Tensor }

// TypeName returns "CausalLMOutputWithCrossAttentions".
func (*CausalLMOutput) TypeName() string { return "CausalLMOutputWithCrossAttentions" }

// Attr returns logits, and loss (None, as no labels were given).
func (o *CausalLMOutput) Attr(name string) (lang.Value, bool) {
	switch name {
	case "logits":
		return o.Logits, true
	case "loss":
		return lang.None, true
	case "keys":
		return &lang.BoundMethod{Recv: o, Method: outputKeys}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*CausalLMOutput) AttrNames() []string { return []string{"keys", "logits", "loss"} }

// String returns the repr, with the logits' shape rather than their values.
func (o *CausalLMOutput) String() string {
	return fmt.Sprintf("CausalLMOutputWithCrossAttentions(logits=<tensor of shape %s, dtype=%s>)", lang.Repr(lang.NewSize(o.Logits.Shape())), o.Logits.DType())
}

var outputKeys = lang.NewBuiltin(lang.AsValue, "keys(self)", "The names of the output's fields: ['logits'].", func(a *lang.Args) (lang.Value, error) {
	return &lang.List{Elems: []lang.Value{"logits"}}, nil
})

// GetItem returns out[0] or out["logits"].
func (o *CausalLMOutput) GetItem(key lang.Value) (lang.Value, error) {
	switch key {
	case int64(0), "logits":
		return o.Logits, nil
	}
	if _, ok := key.(string); ok {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
	}
	return nil, lang.Errorf(lang.IndexError, "the output has one field, logits: index 0, not %s", lang.Repr(key))
}

// modelError converts an error of the gpt2 package to a kael error: a
// prompt past the context is a ValueError, as are bad parameters.
func modelError(err error) *lang.Error {
	var ce *gpt2.ContextError
	var le *lang.Error
	var te *tensor.Error
	switch {
	case errors.As(err, &le), errors.As(err, &te):
		return lang.ToError(err)
	case errors.As(err, &ce):
		return lang.Errorf(lang.ValueError, "%s", strings.TrimPrefix(ce.Error(), "gpt2: ")).
			WithHint("the model sees at most %d tokens: shorten the input", ce.Context)
	}
	return lang.Errorf(lang.ValueError, "%s", strings.TrimPrefix(err.Error(), "gpt2: "))
}

// interrupted is the error for generation stopped by the user.
func interrupted(made int) *lang.Error {
	return lang.Errorf(lang.KeyboardInterrupt, "generation interrupted after %d new tokens", made).
		WithHint("the model is unchanged; run generate again to continue")
}

var modelMethods = map[string]*lang.Builtin{
	"__call__": lang.NewBuiltin(lang.AsValue, "__call__(self, input_ids, attention_mask=None)", "Runs the model over input_ids (a tensor of shape [batch, n] or [n]) and returns an output whose .logits (also out[0], out['logits']) are the next-token scores, shape [batch, n, vocab_size] (or [n, vocab_size]). Every position attends to all before it: attention_mask is accepted and ignored, so pad nothing.", func(a *lang.Args) (lang.Value, error) {
		m := a.Value("self").(*GPT2LMHeadModel)
		rows, err := idRows(a.Value("input_ids"), "input_ids")
		if err != nil {
			return nil, err
		}
		logits := make([]*tensor.Tensor, len(rows))
		for i, ids := range rows {
			err := tensor.Interruptible(a.Context(), func() error {
				var err error
				logits[i], err = m.m.Logits(ids, nil)
				return err
			})
			if err != nil {
				if a.Context().Err() != nil {
					return nil, err
				}
				return nil, modelError(err)
			}
		}
		if x, ok := a.Value("input_ids").(*tensor.Tensor); ok && x.Dim() == 1 {
			return &CausalLMOutput{logits[0]}, nil
		}
		out, err := tensor.Stack(logits, 0)
		if err != nil {
			return nil, err
		}
		return &CausalLMOutput{out}, nil
	}),
	"generate": lang.NewBuiltin(lang.AsValue, "generate(self, input_ids, max_new_tokens=20, do_sample=False, temperature=1.0, top_k=50, top_p=1.0, streamer=None, generator=None)",
		"Continues input_ids (a tensor of shape [1, n]) and returns the prompt and the new tokens as a tensor of shape [1, n + new], as Hugging Face's generate does; it stops after the end-of-text token. Greedy unless do_sample=True, which draws with temperature, top_k and top_p from kael's generator (torch.manual_seed makes it repeatable). The text streams to the output as it is made when the model knows its vocabulary (or with streamer=TextStreamer(tokenizer)); an interrupt stops it and keeps the model.",
		func(a *lang.Args) (lang.Value, error) {
			m := a.Value("self").(*GPT2LMHeadModel)
			opt := gpt2.GenerateOptions{MaxNewTokens: a.Int("max_new_tokens"), Sampling: gpt2.Sampling{
				DoSample: a.Bool("do_sample"), Temperature: a.Float("temperature"), TopK: a.Int("top_k"), TopP: a.Float("top_p"),
				Generator: torch.GeneratorArg(a)}}
			if err := a.Err(); err != nil {
				return nil, err
			}
			prompt, err := idsArg(a.Value("input_ids"), "input_ids")
			if err != nil {
				return nil, err
			}
			tok, skipPrompt := m.tok, true
			switch s := a.Value("streamer").(type) {
			case lang.NoneType:
			case *TextStreamer:
				tok, skipPrompt = s.tok, s.skipPrompt
			default:
				return nil, lang.Errorf(lang.TypeError, "streamer must be a TextStreamer or None, not %s", lang.TypeName(s))
			}
			var w *textWriter
			if tok != nil {
				w = &textWriter{write: a.Write}
				eos := m.m.Config.EOS
				if !skipPrompt {
					text, _ := tok.t.Decode(prompt)
					w.add(text)
				}
				opt.OnToken = func(id int) error {
					if id != eos {
						if b, err := tok.t.DecodeToken(id); err == nil {
							w.add(b)
						}
					}
					return nil
				}
			}
			ctx := a.Context()
			made, err := m.m.Generate(ctx, prompt, opt)
			if w != nil {
				w.flush()
				if len(made) > 0 || !skipPrompt {
					a.Write("\n")
				}
			}
			if err != nil {
				if ctx.Err() != nil {
					return nil, interrupted(len(made))
				}
				return nil, modelError(err)
			}
			return idsTensor(append(slices.Clone(prompt), made...))
		}),
	"state_dict": lang.NewBuiltin(lang.AsValue, "state_dict(self)", "The weights as a dict of name to tensor, in Hugging Face's names (transformer.wte.weight, transformer.h.0.attn.c_attn.weight, ..., lm_head.weight), sorted. The tensors are the model's own: changing one changes the model.", func(a *lang.Args) (lang.Value, error) {
		return torch.StateDict(a.Value("self").(*GPT2LMHeadModel).m.StateDict()), nil
	}),
	"eval": lang.NewBuiltin(lang.AsValue, "eval(self)", "The model itself: kael's model has no dropout, so it is always in evaluation mode.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), nil
	}),
	"num_parameters": lang.NewBuiltin(lang.AsValue, "num_parameters(self)", "The number of weights (the tied head counted once).", func(a *lang.Args) (lang.Value, error) {
		seen := map[*tensor.Tensor]bool{}
		n := 0
		for _, t := range a.Value("self").(*GPT2LMHeadModel).m.StateDict() {
			if !seen[t] {
				n += t.Numel()
			}
			seen[t] = true
		}
		return int64(n), nil
	}),
}

var gpt2LMHeadModelClass = &hfClass{name: "GPT2LMHeadModel",
	ctor: lang.NewBuiltin(lang.AsValue, "GPT2LMHeadModel(config)", "A GPT-2 model with random weights as Hugging Face initialises them (normal, std 0.02, smaller for the residual projections; the head tied to wte) drawn from kael's default generator.", func(a *lang.Args) (lang.Value, error) {
		c, ok := a.Value("config").(*GPT2Config)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "GPT2LMHeadModel needs a GPT2Config, not %s", lang.TypeName(a.Value("config")))
		}
		sd, err := gpt2.RandomStateDict(c.c, tensor.DefaultGenerator())
		if err != nil {
			return nil, modelError(err)
		}
		cfg := c.c
		m, err := gpt2.FromStateDict(sd, &cfg)
		if err != nil {
			return nil, modelError(err)
		}
		return newModelValue(m, ""), nil
	}),
	methods: map[string]*lang.Builtin{
		"from_pretrained": lang.NewBuiltin(lang.AsValue, "from_pretrained(pretrained_model_name_or_path)", "Loads a GPT-2 checkpoint: a model directory with model.safetensors (and config.json, else the shape is inferred), or a .safetensors file, in Hugging Face's layout. The file is read into memory; a large one shows its progress.", func(a *lang.Args) (lang.Value, error) {
			path := a.Str("pretrained_model_name_or_path")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if _, err := os.Stat(path); err != nil {
				e := torch.FileError(err)
				if path == "gpt2" || strings.HasPrefix(path, "gpt2-") || strings.Contains(path, "/gpt2") {
					e.WithHint("kael cannot download models: give the path of a directory holding GPT-2's model.safetensors and config.json")
				}
				return nil, e
			}
			m, err := gpt2.Load(path, gpt2.Options{Progress: lang.ProgressReporter(a, "loading "+path)})
			if err != nil {
				var se *lang.Error
				if e := torch.FileError(err); errors.As(err, &se) || e.Kind != lang.RuntimeError {
					return nil, e
				}
				return nil, modelError(err)
			}
			return newModelValue(m, path), nil
		}),
	},
}

func init() {
	lang.RegisterModule("transformers", "Hugging Face's GPT-2 in its names: GPT2LMHeadModel, GPT2Tokenizer, GPT2Config and TextStreamer, on kael's own GPT-2.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"GPT2LMHeadModel": gpt2LMHeadModelClass,
			"GPT2Tokenizer":   gpt2TokenizerClass,
			"GPT2Config":      gpt2ConfigClass,
			"TextStreamer":    textStreamerClass,
		}, MissingHint: "kael's transformers has GPT-2 only: GPT2LMHeadModel, GPT2Tokenizer, GPT2Config, TextStreamer"}
	})
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func init() {
	lang.RegisterMethodTable("GPT2LMHeadModel", modelMethods)
	lang.RegisterMethodTable("GPT2Tokenizer", tokenizerMethods)
}
