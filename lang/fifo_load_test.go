//go:build unix

package lang

import (
	"context"
	"fmt"
	"testing"

	"github.com/kael-dev/kael/internal/fileguard/fileguardtest"
)

// TestModelLoadersRefuseFIFO: torch.load, safetensors' load_file and
// from_pretrained on a FIFO fail at once with an OSError, as the script
// loader refuses one, instead of blocking in open() until a writer comes.
func TestModelLoadersRefuseFIFO(t *testing.T) {
	fifo := fileguardtest.FIFO(t)
	cases := []struct{ src, want string }{
		{"import torch\ntorch.load(%q)", "OSError"},
		{"from safetensors.torch import load_file\nload_file(%q)", "OSError"},
		{"from transformers import GPT2Config\nGPT2Config.from_pretrained(%q)", "OSError"},
		{"from transformers import GPT2LMHeadModel\nGPT2LMHeadModel.from_pretrained(%q)", "OSError"},
	}
	for _, c := range cases {
		src := fmt.Sprintf(c.src, fifo)
		fileguardtest.NoHang(t, src, func() {
			r := NewSession(IO{}).Exec(context.Background(), "", src)
			if r.Err == nil || string(r.Err.Kind) != c.want {
				t.Errorf("%s: got %v, want %s", src, r.Err, c.want)
			}
		})
	}
}
