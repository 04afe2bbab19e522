# This corpus's own stand-in for the parts of torchtext that
# pytorch/examples' language_translation uses: there is no download and no
# spaCy here, so Multi30k is a small synthetic German-English corpus,
# get_tokenizer splits on spaces, and build_vocab_from_iterator orders the
# tokens as torchtext does (specials, then by frequency, ties by token).
from . import data, datasets, vocab
