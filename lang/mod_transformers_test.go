package lang

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// gpt2Golden is one checkpoint's entry in gpt2/testdata/golden.json, the
// logits and greedy tokens PyTorch computes.
type gpt2Golden struct {
	Prompt       []int     `json:"prompt"`
	MaxNewTokens int       `json:"max_new_tokens"`
	LastLogits   []float64 `json:"last_logits"`
	Greedy       []int     `json:"greedy"`
}

const gpt2Testdata = "../gpt2/testdata"

func readGPT2Goldens(t *testing.T) map[string]gpt2Golden {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(gpt2Testdata, "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]gpt2Golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func intsLiteral(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// TestTransformersGoldens runs the tiny checkpoints from the language and
// compares with the logits and greedy tokens PyTorch computed for them.
func TestTransformersGoldens(t *testing.T) {
	for name, g := range readGPT2Goldens(t) {
		t.Run(name, func(t *testing.T) {
			s := NewSession(IO{})
			execOK(t, s, fmt.Sprintf(`from transformers import GPT2LMHeadModel
model = GPT2LMHeadModel.from_pretrained(%q)
ids = torch.tensor([%s])
out = model(ids)
last = out.logits[0, -1]
gen = model.generate(ids, max_new_tokens=%d)`, filepath.Join(gpt2Testdata, name), intsLiteral(g.Prompt), g.MaxNewTokens))
			last := execOK(t, s, "last").(*tensor.Tensor)
			got, _ := last.Float64s()
			if len(got) != len(g.LastLogits) {
				t.Fatalf("%d logits, want %d", len(got), len(g.LastLogits))
			}
			for i := range got {
				if math.Abs(got[i]-g.LastLogits[i]) > 1e-4 {
					t.Fatalf("logit %d: %v, PyTorch %v", i, got[i], g.LastLogits[i])
				}
			}
			want := "[" + intsLiteral(append(slices.Clone(g.Prompt), g.Greedy...)) + "]"
			runCellsIn(t, s, []cell{
				{"gen.tolist()", want},
				{"out.logits.shape == (1, len(ids[0]), model.config.vocab_size)", "True"},
				{"torch.equal(out[0], out['logits']), out.loss", "(True, None)"},
				{"torch.equal(model(ids[0]).logits, out.logits[0])", "True"},
				{"torch.equal(model(torch.cat([ids, ids])).logits[1], out.logits[0])", "True"},
				{"sd = model.state_dict()\nsd['transformer.wte.weight'].shape[0] == model.config.vocab_size and 'lm_head.weight' in sd", "True"},
				{"model.eval() is model", "True"},
			})
		})
	}
}

func TestTransformersConfig(t *testing.T) {
	dir := filepath.Join(gpt2Testdata, "tiny-b") // its config.json says these numbers
	runCells(t, []cell{
		{"from transformers import GPT2Config\nc = GPT2Config.from_pretrained(" + strconv.Quote(dir) + ")\nc.n_layer, c.n_head, c.n_embd, c.n_positions, c.vocab_size, c.layer_norm_epsilon",
			"(2, 3, 24, 40, 80, 1e-06)"},
		{"from transformers import GPT2LMHeadModel\nm = GPT2LMHeadModel.from_pretrained(" + strconv.Quote(dir) + ")\nprint(m(torch.tensor([[1, 2]])))\nm.config.eos_token_id",
			"CausalLMOutputWithCrossAttentions(logits=<tensor of shape torch.Size([1, 2, 80]), dtype=float32>)\n79"},
		{"from transformers import GPT2Config\nc = GPT2Config()\nc.n_layer, c.n_head, c.n_embd, c.n_positions, c.vocab_size, c.layer_norm_epsilon", "(12, 12, 768, 1024, 50257, 1e-05)"},
		{"from transformers import GPT2Config, GPT2LMHeadModel\ntorch.manual_seed(0)\nm = GPT2LMHeadModel(GPT2Config(n_layer=1, n_head=2, n_embd=8, n_positions=16, vocab_size=20))\nm.num_parameters() == 20*8 + 16*8 + (4*8 + 8*24+24 + 8*8+8 + 8*32+32 + 32*8+8) + 2*8, m.config.n_head", "(True, 2)"},
		{"from transformers import GPT2Config\nGPT2Config(n_embd=10, n_head=3)", "~ValueError"},
		{"from transformers import BertModel", "~ImportError: cannot import name 'BertModel' from 'transformers'"},
	})
}

func TestTransformersTokenizer(t *testing.T) {
	s := NewSession(IO{})
	execOK(t, s, "from transformers import GPT2Tokenizer\ntok = GPT2Tokenizer.from_pretrained('gpt2')")
	runCellsIn(t, s, []cell{
		{"tok.encode('Hello world')", "[15496, 995]"},
		{"tok('Hello world', return_tensors='pt')['input_ids']", "tensor([[15496,   995]])"},
		{"tok('Hello world')", "{'input_ids': [15496, 995], 'attention_mask': [1, 1]}"},
		{"texts = ['héllo  wörld 🎉 日本語', ' \\n\\t  x', '<|endoftext|>hi', '']\nall(tok.decode(tok.encode(x)) == x for x in texts)", "True"},
		{"tok.decode(tok.encode('a🎉')[:-1])", "'a\ufffd'"},
		{"tok.decode(torch.tensor([[15496, 995, 50256]]), skip_special_tokens=True)", "'Hello world'"},
		{"tok.eos_token_id, tok.eos_token, tok.vocab_size", "(50256, '<|endoftext|>', 50257)"},
		{"tok.decode([99999])", "~ValueError: token id 99999 is not in the vocabulary"},
		{"tok.encode('x', return_tensors='np')", "~ValueError: return_tensors must be None or 'pt'"},
		{"tok.decode([[1, 2], [3, 4]])", "~ValueError"},
		{"GPT2Tokenizer.from_pretrained('no/such/dir')", "~OSError"},
		{"GPT2Tokenizer.from_pretrained(" + strconv.Quote(filepath.Join(gpt2Testdata, "tiny-a")) + ").vocab_size", "50257"},
	})
}

// TestTransformersStreaming checks that generate writes the text as it is
// made, and that an interrupt stops it with the model intact.
func TestTransformersStreaming(t *testing.T) {
	g := readGPT2Goldens(t)["tiny-a"]
	var out bytes.Buffer
	s := NewSession(IO{Stdout: &out})
	execOK(t, s, fmt.Sprintf(`from transformers import GPT2LMHeadModel, GPT2Tokenizer, TextStreamer
tok = GPT2Tokenizer.from_pretrained("gpt2")
model = GPT2LMHeadModel.from_pretrained(%q)
ids = torch.tensor([%s])
gen = model.generate(ids, max_new_tokens=%d, streamer=TextStreamer(tok, skip_prompt=True))
text = tok.decode(gen[0, %d:])`, filepath.Join(gpt2Testdata, "tiny-a", "model.safetensors"), intsLiteral(g.Prompt), g.MaxNewTokens, len(g.Prompt)))
	text := execOK(t, s, "text").(string)
	if out.String() != text+"\n" {
		t.Errorf("streamed %q, want %q", out.String(), text+"\n")
	}
	out.Reset()
	execOK(t, s, fmt.Sprintf("_ = model.generate(ids, max_new_tokens=%d, streamer=TextStreamer(tok))", g.MaxNewTokens))
	if prompt := execOK(t, s, "tok.decode(ids[0])").(string); out.String() != prompt+text+"\n" {
		t.Errorf("streamed %q with the prompt, want %q", out.String(), prompt+text+"\n")
	}

	// An interrupt while tokens stream (the front end's writer cancels
	// the cell at the first one): KeyboardInterrupt, and the model still
	// works.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.SetIO(IO{Stdout: writerFunc(func(p []byte) (int, error) { cancel(); return len(p), nil })})
	r := s.Exec(ctx, "", fmt.Sprintf("gen2 = model.generate(ids, max_new_tokens=%d, streamer=TextStreamer(tok))", g.MaxNewTokens))
	if r.Err == nil || r.Err.Kind != KeyboardInterrupt {
		t.Fatalf("interrupted generate: %v", r.Err)
	}
	s.SetIO(IO{})
	if r := s.Exec(context.Background(), "", "torch.equal(model.generate(ids, max_new_tokens=3), gen[:, :len(ids[0]) + 3])"); r.Err != nil || Repr(r.Value) != "True" {
		t.Fatalf("after the interrupt: %v %v", r.Value, r.Err)
	}
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestTransformersErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.safetensors")
	if err := os.WriteFile(bad, []byte("not a safetensors file at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := strconv.Quote
	tiny := filepath.Join(gpt2Testdata, "tiny-a")
	imp := "from transformers import GPT2LMHeadModel\n"
	runCells(t, []cell{
		{imp + "GPT2LMHeadModel.from_pretrained(" + q(filepath.Join(dir, "none")) + ")", "FileNotFoundError: No such file or directory: '" + filepath.Join(dir, "none") + "'"},
		{imp + "GPT2LMHeadModel.from_pretrained('gpt2')", "~FileNotFoundError"},
		{imp + "GPT2LMHeadModel.from_pretrained(" + q(bad) + ")", "~SafetensorError: safetensors: " + bad},
		{imp + "GPT2LMHeadModel.from_pretrained(" + q(dir) + ")", "~has no model.safetensors"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm(torch.zeros(1, m.config.n_positions + 1, dtype=torch.int64))", "~ValueError: "},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm.generate(torch.tensor([[1, 2]]), max_new_tokens=m.config.n_positions)", "~ValueError: the prompt's 2 tokens plus"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm.generate(torch.tensor([[1, 2]]), do_sample=True, top_p=2.0)", "~ValueError: top_p must be"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm(torch.tensor([[1.5]]))", "~TypeError: input_ids must hold integer token ids"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm(torch.tensor([[1000000]]))", "~Error"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm.generate(torch.tensor([[1, 2], [3, 4]]))", "~ValueError: input_ids must be one sequence"},
		{imp + "m = GPT2LMHeadModel.from_pretrained(" + q(tiny) + ")\nm.nope", "~AttributeError"},
		{imp + "GPT2LMHeadModel(3)", "TypeError: GPT2LMHeadModel needs a GPT2Config, not int"},
	})
}

// TestTransformersSampling checks that seeded sampling repeats.
func TestTransformersSampling(t *testing.T) {
	tiny := filepath.Join(gpt2Testdata, "tiny-b")
	runCells(t, []cell{
		{"from transformers import GPT2LMHeadModel\nm = GPT2LMHeadModel.from_pretrained(" + strconv.Quote(tiny) + ")\nids = torch.tensor([[1, 2, 3]])\n" +
			"torch.manual_seed(1)\na = m.generate(ids, max_new_tokens=10, do_sample=True, temperature=0.9, top_k=20, top_p=0.95)\n" +
			"torch.manual_seed(1)\nb = m.generate(ids, max_new_tokens=10, do_sample=True, temperature=0.9, top_k=20, top_p=0.95)\n" +
			"torch.equal(a, b), a.shape[1] <= 13, torch.equal(a[:, :3], ids)", "(True, True, True)"},
	})
}

// TestPythonText compares the replacement of ill-formed UTF-8 with
// CPython's bytes.decode("utf-8", errors="replace").
func TestPythonText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ok é", "ok é"},
		{"a\xf0\x9f\x8e", "a\ufffd"},
		{"\xff\xfe", "\ufffd\ufffd"},
		{"\xe0\x80\x80", "\ufffd\ufffd\ufffd"},
		{"\xed\xa0\x80x", "\ufffd\ufffd\ufffdx"},
		{"\xf4\x90\x80\x80", "\ufffd\ufffd\ufffd\ufffd"},
		{"\xe2\x82z\xc3", "\ufffdz\ufffd"},
	}
	for _, tt := range tests {
		if got := PythonText(tt.in); got != tt.want {
			t.Errorf("pythonText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
