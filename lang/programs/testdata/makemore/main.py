# A driver for makemore (makemore.py from karpathy/makemore, MIT licence,
# see LICENSE; the file is upstream's without its tensorboard import and
# its __main__ block, which need tensorboard and a command line). Every
# model type makemore offers is trained for a few steps on a synthetic
# list of names, the way makemore's main loop trains it, then evaluated
# and sampled with makemore's own helpers.
import argparse
import os
import random
import tempfile
import torch
import makemore
from makemore import ModelConfig, Transformer, BoW, RNN, MLP, Bigram, create_datasets, evaluate, print_samples, InfiniteDataLoader

random.seed(42)
syllables = ["ka", "el", "mo", "ri", "an", "na", "to", "li", "sa", "ve"]
words = sorted({"".join(random.choice(syllables) for _ in range(random.randint(1, 3))) for _ in range(300)})
workdir = tempfile.mkdtemp()
input_file = os.path.join(workdir, "names.txt")
with open(input_file, "w") as f:
    f.write("\n".join(words) + "\n")

torch.manual_seed(3407)
train_dataset, test_dataset = create_datasets(input_file)
vocab_size = train_dataset.get_vocab_size()
block_size = train_dataset.get_output_length()
print(f"dataset determined that: {vocab_size=}, {block_size=}")

makemore.args = argparse.Namespace(device="cpu", top_k=-1)
makemore.train_dataset, makemore.test_dataset = train_dataset, test_dataset

for kind in ["transformer", "bigram", "mlp", "rnn", "gru", "bow"]:
    torch.manual_seed(3407)
    config = ModelConfig(vocab_size=vocab_size, block_size=block_size, n_layer=2, n_head=2, n_embd=16, n_embd2=16)
    if kind == "transformer":
        model = Transformer(config)
    elif kind == "bigram":
        model = Bigram(config)
    elif kind == "mlp":
        model = MLP(config)
    elif kind in ("rnn", "gru"):
        model = RNN(config, cell_type=kind)
    else:
        model = BoW(config)
    print(kind, f"model #params: {sum(p.numel() for p in model.parameters())}")
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=0.01, betas=(0.9, 0.99), eps=1e-8)
    batch_loader = InfiniteDataLoader(train_dataset, batch_size=16, pin_memory=True, num_workers=0)
    for step in range(4):
        X, Y = batch_loader.next()
        logits, loss = model(X, Y)
        model.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        print(f"step {step} | loss {loss.item():.4f}")
    train_loss = evaluate(model, train_dataset, batch_size=100, max_batches=2)
    test_loss = evaluate(model, test_dataset, batch_size=100, max_batches=2)
    print(f"step 4 train loss: {train_loss:.4f} test loss: {test_loss:.4f}")
    makemore.model = model
    print_samples(num=4)
