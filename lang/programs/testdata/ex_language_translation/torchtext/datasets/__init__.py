from . import multi30k
from .multi30k import Multi30k
