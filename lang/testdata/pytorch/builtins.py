# The Python builtins and containers tutorial code leans on.
from __future__ import annotations
import math

words = ["tensor", "grad", "autograd", "loss"]
print(sorted(words), sorted(words, key=len), sorted(words, key=len, reverse=True))
print(max(words, key=len), min(words), len(set("mississippi")))
print(list(zip(words, range(4))), list(enumerate(words, start=1))[:2])
print(list(map(len, words)), list(filter(lambda w: "grad" in w, words)))
print(sum([1, 2, 3]), sum([0.5, 0.25], 1), divmod(17, 5), round(2.675, 2), abs(-3))
vocab = {1, 2, 3}
vocab.add(4)
vocab.discard(1)
print(sorted(vocab), 3 in vocab, sorted(vocab | {9}), sorted(vocab & {2, 3, 8}), sorted(vocab - {2}))
it = iter(words)
print(next(it), next(it), list(it), next(it, "no more"))
chars = sorted(set("hello world"))
stoi = dict([(ch, i) for i, ch in enumerate(chars)])
itos = dict([(i, ch) for ch, i in stoi.items()])
print(stoi["h"], itos[0] == " ", "".join([itos[stoi[c]] for c in "hello"]))
print(chr(97), ord("z"), hex(255), bin(10), math.floor(2.7), math.sqrt(16.0))
print(isinstance(3, int), isinstance(True, int), isinstance("a", (int, str)), type(1.5))
print(all([1, 2]), any([0, 0]), callable(len), hasattr("x", "upper"), getattr([], "nope", "default"))
print("a,b,c".split(","), "-".join(["x", "y"]), "  pad ".strip(), "Title case".title(), "7".zfill(3))
