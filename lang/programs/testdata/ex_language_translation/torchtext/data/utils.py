def get_tokenizer(tokenizer, language="en"):
    """Splits on spaces, the stand-in for spaCy's tokenizer of language."""
    return lambda text: text.split()
