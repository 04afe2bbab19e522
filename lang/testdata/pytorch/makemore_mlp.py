# The makemore MLP: contexts of three characters, a learned 2-D
# embedding table C indexed by the contexts, a tanh hidden layer and
# F.cross_entropy, trained on minibatches drawn with a seeded Generator,
# a train/dev/test split, and sampling from the trained model.
import random
import torch
import torch.nn.functional as F

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia",
         "harper", "evelyn", "abigail", "emily", "elizabeth", "mila", "ella", "avery",
         "sofia", "camila", "aria", "scarlett", "victoria", "madison", "luna", "grace",
         "chloe", "penelope", "layla", "riley", "zoey", "nora", "lily", "eleanor",
         "hazel", "violet", "aurora", "savannah", "audrey", "brooklyn", "bella", "claire",
         "skylar", "lucy", "paisley", "everly", "anna", "caroline", "nova", "genesis",
         "emilia", "kennedy", "quinn", "jade", "maxwell", "xavier", "felix", "jack"]
chars = sorted(list(set("".join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
vocab_size = len(itos)
print(vocab_size)

block_size = 3


def build_dataset(words):
    X, Y = [], []
    for w in words:
        context = [0] * block_size
        for ch in w + ".":
            ix = stoi[ch]
            X.append(context)
            Y.append(ix)
            context = context[1:] + [ix]
    X = torch.tensor(X)
    Y = torch.tensor(Y)
    print(X.shape, Y.shape)
    return X, Y


random.seed(42)
random.shuffle(words)
n1 = int(0.8 * len(words))
n2 = int(0.9 * len(words))
Xtr, Ytr = build_dataset(words[:n1])
Xdev, Ydev = build_dataset(words[n1:n2])
Xte, Yte = build_dataset(words[n2:])
print(words[:4], Xtr[:3].tolist(), Ytr[:3].tolist())

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((vocab_size, 2), generator=g)
W1 = torch.randn((6, 50), generator=g) * 0.3
b1 = torch.randn(50, generator=g) * 0.01
W2 = torch.randn((50, vocab_size), generator=g) * 0.1
b2 = torch.randn(vocab_size, generator=g) * 0
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True

emb = C[Xtr]
print(emb.shape, emb.view(-1, 6).shape, torch.cat(torch.unbind(emb, 1), 1).shape)

lossi = []
for i in range(1500):
    ix = torch.randint(0, Xtr.shape[0], (32,), generator=g)
    emb = C[Xtr[ix]]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Ytr[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1 if i < 1000 else 0.01
    for p in parameters:
        p.data += -lr * p.grad
    lossi.append(loss.log10().item())
    if i % 300 == 0:
        print(f"{i:5d}/1500: {loss.item():.3f}")
print(f"mean log10 loss of the last 100 steps {sum(lossi[-100:]) / 100:.2f}")


@torch.no_grad()
def split_loss(split):
    x, y = {"train": (Xtr, Ytr), "val": (Xdev, Ydev), "test": (Xte, Yte)}[split]
    emb = C[x]
    h = torch.tanh(emb.view(emb.shape[0], -1) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, y)
    print(split, f"{loss.item():.2f}")


split_loss("train")
split_loss("val")

g = torch.Generator().manual_seed(2147483647 + 10)
for _ in range(6):
    out = []
    context = [0] * block_size
    while True:
        emb = C[torch.tensor([context])]
        h = torch.tanh(emb.view(1, -1) @ W1 + b1)
        logits = h @ W2 + b2
        probs = F.softmax(logits, dim=1)
        ix = torch.multinomial(probs, num_samples=1, generator=g).item()
        context = context[1:] + [ix]
        out.append(ix)
        if ix == 0:
            break
    print("".join(itos[i] for i in out))
