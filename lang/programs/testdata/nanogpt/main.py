# A driver for nanoGPT's model.py (verbatim from karpathy/nanoGPT, MIT
# licence, see LICENSE): a tiny GPT trained for a few steps on random
# tokens the way train.py trains it (AdamW from configure_optimizers, the
# cosine learning-rate schedule of train.py's get_lr, gradient clipping),
# then sampled with generate. Synthetic data, fixed seeds.
import math
import torch
from model import GPTConfig, GPT

torch.manual_seed(1337)
config = GPTConfig(block_size=16, vocab_size=32, n_layer=2, n_head=2, n_embd=16, dropout=0.0, bias=True)
model = GPT(config)
print(config)

data = torch.randint(0, config.vocab_size, (400,))
batch_size = 4

def get_batch():
    ix = torch.randint(len(data) - config.block_size, (batch_size,))
    x = torch.stack([data[i:i+config.block_size] for i in ix])
    y = torch.stack([data[i+1:i+1+config.block_size] for i in ix])
    return x, y

learning_rate = 1e-3
warmup_iters = 2
lr_decay_iters = 8
min_lr = 1e-4

# learning rate decay scheduler (cosine with warmup), from nanoGPT's train.py
def get_lr(it):
    # 1) linear warmup for warmup_iters steps
    if it < warmup_iters:
        return learning_rate * (it + 1) / (warmup_iters + 1)
    # 2) if it > lr_decay_iters, return min learning rate
    if it > lr_decay_iters:
        return min_lr
    # 3) in between, use cosine decay down to min learning rate
    decay_ratio = (it - warmup_iters) / (lr_decay_iters - warmup_iters)
    assert 0 <= decay_ratio <= 1
    coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio)) # coeff ranges 0..1
    return min_lr + coeff * (learning_rate - min_lr)

optimizer = model.configure_optimizers(0.1, learning_rate, (0.9, 0.95), 'cpu')
model.train()
for it in range(10):
    lr = get_lr(it)
    for param_group in optimizer.param_groups:
        param_group['lr'] = lr
    X, Y = get_batch()
    logits, loss = model(X, Y)
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    print(f"iter {it}: loss {loss.item():.4f}, lr {lr:.6f}, grad norm {norm.item():.4f}")

model.eval()
print("params:", model.get_num_params())
idx = torch.zeros((1, 1), dtype=torch.long)
out = model.generate(idx, 8, temperature=0.8, top_k=5)
print(out.shape, out[0, :1].tolist())
logits, _ = model(out[:, -config.block_size:])
print("last logits:", [round(v, 4) for v in logits[0, -1, :6].tolist()])
model.crop_block_size(8)
print("cropped:", model.config.block_size, tuple(model.transformer.wpe.weight.shape))
