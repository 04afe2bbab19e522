package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTransformerMatchesTorch compares nn.MultiheadAttention, the
// transformer layers, their stacks and nn.Transformer with PyTorch 1.13:
// seeded weights (the order of the draws), outputs with every kind of
// mask, dropout while training (the same masks drawn), gradients, reprs,
// parameter names and errors. Values are rounded to 4 digits, which
// float32 sums in another order keep.
func TestTransformerMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n" +
		"x = torch.randn(5, 3, 8, requires_grad=True)\n" +
		"mask = nn.Transformer.generate_square_subsequent_mask(5)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		// MultiheadAttention: weights, outputs, masks, gradients.
		"m = nn.MultiheadAttention(8, 2)\n(repr(m), r(m.in_proj_weight)[:4], r(m.out_proj.weight)[:4], r(m.in_proj_bias)[:2], type(m.out_proj).__name__)",
		"m = nn.MultiheadAttention(8, 2)\nout, w = m(x, x, x)\n(out.shape, w.shape, r(out)[:6], r(w)[:6], out.grad_fn.name())",
		"m = nn.MultiheadAttention(8, 2)\nout, w = m(x, x, x)\nout.sum().backward()\n(r(x.grad)[:6], r(m.in_proj_weight.grad)[:6], r(m.out_proj.bias.grad))",
		"m = nn.MultiheadAttention(8, 2)\nout, w = m(x, x, x, attn_mask=mask, average_attn_weights=False)\n(w.shape, r(w[0, 1, 2]), r(out[4, 2])[:4])",
		"m = nn.MultiheadAttention(8, 2)\nb = torch.tensor([[False, True, False, False, True]] * 5)\n(r(m(x, x, x, attn_mask=b)[0])[:6], r(m(x, x, x, attn_mask=b, need_weights=False)[0])[:6], m(x, x, x, need_weights=False)[1])",
		"m = nn.MultiheadAttention(8, 2)\nkp = torch.tensor([[False, False, False, True, True]] * 3)\n(r(m(x, x, x, key_padding_mask=kp)[0])[:6], r(m(x, x, x, key_padding_mask=kp, attn_mask=mask)[1])[:10], r(m(x, x, x, key_padding_mask=kp.float() * -1e9)[0])[:4])",
		"m = nn.MultiheadAttention(8, 2, dropout=0.5)\nout, w = m(x, x, x)\n(r(w)[:10], r(out)[:4])",
		"m = nn.MultiheadAttention(8, 2, dropout=0.5).eval()\nr(m(x, x, x)[1])[:6]",
		"m = nn.MultiheadAttention(8, 2)\nmem = torch.randn(7, 3, 8)\nout, w = m(x, mem, mem)\n(out.shape, w.shape, r(out)[:4], r(m(x, mem, torch.randn(7, 3, 8))[0])[:4])",
		"m = nn.MultiheadAttention(8, 4, kdim=6, vdim=5, add_bias_kv=True, add_zero_attn=True, batch_first=True)\nq, k, v = torch.randn(3, 5, 8), torch.randn(3, 4, 6), torch.randn(3, 4, 5)\no, w = m(q, k, v)\n([n for n, _ in m.named_parameters()], o.shape, w.shape, r(o)[:4], r(w)[:6], r(m.bias_k))",
		"m = nn.MultiheadAttention(8, 2, bias=False)\nu = torch.randn(4, 8)\no, w = m(u, u, u)\n(o.shape, w.shape, r(o)[:4], m.in_proj_bias, m.bias_k, m.batch_first, m.head_dim, m.embed_dim, m.num_heads, m.dropout, m._qkv_same_embed_dim)",
		"m = nn.MultiheadAttention(8, 2)\nd = {}\nfor n in ['in_proj_weight', 'in_proj_bias']:\n    d[n] = getattr(m, n)\no, w = F.multi_head_attention_forward(x, x, x, 8, 2, d['in_proj_weight'], d['in_proj_bias'], None, None, False, 0.0, m.out_proj.weight, m.out_proj.bias, training=False, attn_mask=mask)\n(r(o)[:6], r(w)[:6], r(o - m(x, x, x, attn_mask=mask)[0])[:3])",
		// The errors.
		"nn.MultiheadAttention(8, 3)",
		"m = nn.MultiheadAttention(8, 2)\nm(x, x, x, attn_mask=torch.zeros(4, 5))",
		"m = nn.MultiheadAttention(8, 2)\nm(x, x, x, attn_mask=torch.zeros(2, 4, 5))",
		"m = nn.MultiheadAttention(8, 2)\nm(x, x[:, :2], x)",
		"m = nn.MultiheadAttention(8, 2)\nm(x[0, 0], x[0, 0], x[0, 0])",
		"m = nn.MultiheadAttention(8, 2)\nm(x, x, x, key_padding_mask=torch.zeros(3, 5, dtype=torch.long))",
		// The layers.
		"torch.manual_seed(1)\nenc = nn.TransformerEncoderLayer(8, 2, 16)\ny = enc(x)\n(repr(enc), r(y)[:6], y.grad_fn.name(), enc.norm_first, enc.activation_relu_or_gelu)",
		"enc = nn.TransformerEncoderLayer(8, 2, 16)\ny = enc(x, src_mask=mask)\n(y ** 2).sum().backward()\n(r(x.grad)[:6], r(enc.linear1.weight.grad)[:4], r(enc.self_attn.in_proj_weight.grad)[:4])",
		"enc = nn.TransformerEncoderLayer(8, 2, 16, activation='gelu', norm_first=True, batch_first=True).eval()\nkp = torch.tensor([[False] * 4 + [True]] * 3)\nwith torch.no_grad():\n    y = enc(x.transpose(0, 1), src_key_padding_mask=kp)\n(r(y[1, 1]), enc.activation_relu_or_gelu)",
		"enc = nn.TransformerEncoderLayer(8, 2, 16, activation=torch.sigmoid, dropout=0.0)\nr(enc(x)[0, 0])",
		"enc = nn.TransformerEncoderLayer(8, 2, 16, activation=nn.GELU(), dropout=0.0)\n(repr(enc).splitlines()[-2], r(enc(x)[0, 0]), enc.activation_relu_or_gelu)",
		"dec = nn.TransformerDecoderLayer(8, 2, 16)\nmem = torch.randn(7, 3, 8)\nz = dec(x, mem, tgt_mask=mask, memory_key_padding_mask=torch.tensor([[False] * 6 + [True]] * 3))\n(repr(dec), r(z)[:6])",
		"dec = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=True, activation='gelu')\nz = dec(x, torch.randn(7, 3, 8), memory_mask=torch.zeros(5, 7))\nz.sum().backward()\n(r(z)[:4], [round(v, 2) for v in dec.multihead_attn.in_proj_weight.grad[0, :4].tolist()])",
		"nn.TransformerEncoderLayer(8, 2, activation='tanh')",
		// The stacks and the transformer.
		"e = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 2, norm=nn.LayerNorm(8))\ny = e(x, mask=mask)\n(repr(e), r(y)[:6], e.num_layers, e.layers[0].linear1.weight.data_ptr() != e.layers[1].linear1.weight.data_ptr(), torch.equal(e.layers[0].linear1.weight, e.layers[1].linear1.weight))",
		"e = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2, norm=nn.LayerNorm(8)).eval()\nkp = torch.tensor([[False] * 5, [False] * 4 + [True], [False] * 3 + [True] * 2])\nwith torch.no_grad():\n    y = e(x.transpose(0, 1), src_key_padding_mask=kp)\n    z = e(x.transpose(0, 1), src_key_padding_mask=kp.flip(1))\n(r(y[2, 4]), r(y[2, 2]), r(z[2, 0])[:3], r(e(x.transpose(0, 1), src_key_padding_mask=kp)[2, 4])[:3])",
		"nn.TransformerEncoder(None, 2)",
		"d = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16), 3)\nz = d(x, torch.randn(6, 3, 8))\n(r(z)[:6], len(list(d.parameters())), d.norm)",
		"torch.manual_seed(2)\nt = nn.Transformer(8, 2, 2, 2, 16)\n(repr(t), [n for n, _ in t.named_parameters()], r(t.encoder.layers[1].linear2.weight)[:4], r(t.decoder.layers[0].multihead_attn.in_proj_weight)[:4])",
		"torch.manual_seed(2)\nt = nn.Transformer(8, 2, 1, 2, 16, batch_first=True)\nsrc, tgt = torch.randn(3, 5, 8), torch.randn(3, 4, 8)\nout = t(src, tgt, tgt_mask=t.generate_square_subsequent_mask(4))\n(out * torch.arange(8.)).sum().backward()\n(out.shape, r(out)[:6], r(t.encoder.layers[0].linear1.weight.grad)[:4], t.d_model, t.nhead, t.batch_first)",
		"t = nn.Transformer(8, 2, 1, 1, 16)\nt(torch.randn(5, 3, 8), torch.randn(4, 2, 8))",
		"t = nn.Transformer(8, 2, 1, 1, 16)\nt(torch.randn(5, 3, 8), torch.randn(4, 3, 6))",
		"class M(nn.Transformer):\n    def __init__(self):\n        super().__init__(d_model=8, nhead=2, dim_feedforward=16, num_encoder_layers=1)\n        self.decoder = nn.Linear(8, 3)\n    def forward(self, src):\n        return self.decoder(self.encoder(src, mask=self.generate_square_subsequent_mask(len(src))))\nm = M()\n([n for n, _ in m.named_parameters()][-4:], r(m(x))[:6])",
	})
}
