from collections import Counter


class Vocab:
    def __init__(self, itos):
        self.itos = itos
        self.stoi = {token: i for i, token in enumerate(itos)}
        self.default_index = None

    def set_default_index(self, index):
        self.default_index = index

    def __len__(self):
        return len(self.itos)

    def __getitem__(self, token):
        if token in self.stoi:
            return self.stoi[token]
        if self.default_index is None:
            raise RuntimeError("Token " + token + " not found and default index is not set")
        return self.default_index

    def __call__(self, tokens):
        return [self[token] for token in tokens]

    def lookup_tokens(self, indices):
        return [self.itos[int(i)] for i in indices]


def build_vocab_from_iterator(iterator, min_freq=1, specials=None, special_first=True):
    counter = Counter()
    for tokens in iterator:
        counter.update(tokens)
    specials = specials or []
    for s in specials:
        counter.pop(s, None)
    ordered = sorted(counter.items(), key=lambda x: x[0])
    ordered.sort(key=lambda x: x[1], reverse=True)
    tokens = [t for t, n in ordered if n >= min_freq]
    return Vocab(specials + tokens if special_first else tokens + specials)
