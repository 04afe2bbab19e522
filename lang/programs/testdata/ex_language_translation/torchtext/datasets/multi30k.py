URL = {"train": "", "valid": "", "test": ""}

# German and English words of the synthetic corpus, pairwise.
_SUBJECTS = [("ein hund", "a dog"), ("eine katze", "a cat"), ("ein mann", "a man"), ("eine frau", "a woman")]
_VERBS = [("sitzt", "sits"), ("steht", "stands"), ("schlaeft", "sleeps")]
_PLACES = [("auf dem gras", "on the grass"), ("im park", "in the park"), ("vor dem haus", "in front of the house")]


def _pairs():
    for i, (sde, sen) in enumerate(_SUBJECTS):
        for j, (vde, ven) in enumerate(_VERBS):
            for k, (pde, pen) in enumerate(_PLACES):
                yield (i + j + k) % 4, {"de": sde + " " + vde + " " + pde + " .\n", "en": sen + " " + ven + " " + pen + " .\n"}


def Multi30k(root=".data", split=("train", "valid", "test"), language_pair=("de", "en")):
    """(source, target) sentence pairs: 27 to train on, 9 to validate."""
    src, tgt = language_pair
    keep = (lambda r: r != 0) if split == "train" else (lambda r: r == 0)
    return [(p[src], p[tgt]) for r, p in _pairs() if keep(r)]
