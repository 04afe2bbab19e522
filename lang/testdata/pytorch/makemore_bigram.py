# A character-level bigram model of names, as in the first makemore
# lecture: count the pairs into a 27x27 table, sample names from it with a
# seeded Generator, score it by its negative log likelihood, then learn
# the same table as a one-layer network on one-hot inputs.
import torch
import torch.nn.functional as F

words = ["emma", "olivia", "ava", "isabella", "sophia", "charlotte", "mia", "amelia",
         "harper", "evelyn", "abigail", "emily", "elizabeth", "mila", "ella", "avery",
         "sofia", "camila", "aria", "scarlett", "victoria", "madison", "luna", "grace",
         "chloe", "penelope", "layla", "riley", "zoey", "nora", "lily", "eleanor",
         "hazel", "violet", "aurora", "savannah", "audrey", "brooklyn", "bella", "claire",
         "skylar", "lucy", "paisley", "everly", "anna", "caroline", "nova", "genesis",
         "emilia", "kennedy", "quinn", "jade", "maxwell", "xavier", "felix", "jack"]
print(len(words), min(len(w) for w in words), max(len(w) for w in words))

b = {}
for w in words:
    chs = ["<S>"] + list(w) + ["<E>"]
    for ch1, ch2 in zip(chs, chs[1:]):
        bigram = (ch1, ch2)
        b[bigram] = b.get(bigram, 0) + 1
print(sorted(b.items(), key=lambda kv: -kv[1])[:5])

chars = sorted(list(set("".join(words))))
print(len(chars), "".join(chars))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}

N = torch.zeros((27, 27), dtype=torch.int64)
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        ix1 = stoi[ch1]
        ix2 = stoi[ch2]
        N[ix1, ix2] += 1
print(N[0].tolist())
print(N.sum().item(), N[stoi["a"]].argmax().item(), itos[N[stoi["a"]].argmax().item()])

p = N[0].float()
p = p / p.sum()
g = torch.Generator().manual_seed(2147483647)
ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
print(f"first letter drawn: {itos[ix]}")

P = (N + 1).float()
P /= P.sum(1, keepdim=True)
print(f"{P[0].sum().item():.4f}", P.shape)

g = torch.Generator().manual_seed(2147483647)
for i in range(8):
    out = []
    ix = 0
    while True:
        p = P[ix]
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))

log_likelihood = 0.0
n = 0
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        prob = P[stoi[ch1], stoi[ch2]]
        logprob = torch.log(prob)
        log_likelihood += logprob
        n += 1
print(f"{log_likelihood=:.4f}")
nll = -log_likelihood
print(f"{nll=:.4f}")
print(f"{nll/n:.4f}")

xs, ys = [], []
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        xs.append(stoi[ch1])
        ys.append(stoi[ch2])
xs = torch.tensor(xs)
ys = torch.tensor(ys)
num = xs.nelement()
print("number of examples:", num)

g = torch.Generator().manual_seed(2147483647)
W = torch.randn((27, 27), generator=g, requires_grad=True)
xenc = F.one_hot(xs, num_classes=27).float()
print(xenc.shape, xenc.dtype == torch.float32)
for k in range(60):
    logits = xenc @ W
    counts = logits.exp()
    probs = counts / counts.sum(1, keepdims=True)
    loss = -probs[torch.arange(num), ys].log().mean() + 0.01 * (W ** 2).mean()
    if k % 15 == 0:
        print(k, f"{loss.item():.4f}")
    W.grad = None
    loss.backward()
    W.data += -50 * W.grad
print(f"final {loss.item():.4f}")

g = torch.Generator().manual_seed(2147483647)
for i in range(5):
    out = []
    ix = 0
    while True:
        xenc = F.one_hot(torch.tensor([ix]), num_classes=27).float()
        logits = xenc @ W
        counts = logits.exp()
        p = counts / counts.sum(1, keepdims=True)
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    print("".join(out))
