"""Generate secure random numbers for managing secrets, as CPython 3.11's
secrets module: tokens and ints from the operating system's random
source (kael's _secrets), choice over a sequence, and hmac's
compare_digest."""

import base64
from hmac import compare_digest
from random import SystemRandom
from _secrets import DEFAULT_ENTROPY, token_bytes, randbelow, randbits

__all__ = ['choice', 'randbelow', 'randbits', 'SystemRandom', 'token_bytes',
           'token_hex', 'token_urlsafe', 'compare_digest']


def choice(seq):
    """Return a random element of the non-empty sequence seq."""
    n = len(seq)
    if not n:
        raise IndexError('Cannot choose from an empty sequence')
    return seq[randbelow(n)]


def token_hex(nbytes=None):
    """A random text string of 2 * nbytes hexadecimal digits."""
    return token_bytes(nbytes).hex()


def token_urlsafe(nbytes=None):
    """A random URL-safe text string of nbytes random bytes in Base64."""
    tok = token_bytes(nbytes)
    return base64.urlsafe_b64encode(tok).rstrip(b'=').decode('ascii')
