# A driver for pytorch/examples' language_translation (its main.py
# verbatim as translate.py, src/ verbatim, BSD-3-Clause licence, see
# LICENSE): the example's own command line trains a small Transformer for
# two epochs, its settings given in sys.argv, on the synthetic German-
# English corpus of the torchtext stand-in beside it (tqdm.py stands in
# for tqdm, which Debian's python3 lacks). The example logs to stderr and
# to log.txt in its logging directory, a temporary one here: the driver
# prints that log but the lines that time the epochs, then translates a
# sentence with the example's greedy_decode.
import os
import sys
import tempfile

import torch

torch.manual_seed(0)
log_dir = tempfile.mkdtemp() + "/"
sys.argv = ["main.py", "-e", "2", "--batch", "4", "--attn_heads", "2", "--enc_layers", "1", "--dec_layers", "1",
            "--embed_size", "16", "--dim_feedforward", "32", "--lr", "0.001", "--logging_dir", log_dir]
g = {"__name__": "__main__"}
exec(compile(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "translate.py")).read(), "translate.py", "exec"), g)

with open(log_dir + "log.txt") as f:
    for line in f:
        if "time" not in line and "ETA" not in line:
            print(line.rstrip())
print(sorted(os.listdir(log_dir)))

from src.data import get_data
_, _, src_vocab, tgt_vocab, src_transform, _, special_symbols = get_data(g["args"])
model = g["Translator"](num_encoder_layers=1, num_decoder_layers=1, embed_size=16, num_heads=2,
                        src_vocab_size=len(src_vocab), tgt_vocab_size=len(tgt_vocab), dim_feedforward=32, dropout=0.1)
model.load_state_dict(torch.load(log_dir + "best.pt"))
model.eval()
src = src_transform("ein hund sitzt im park .").view(-1, 1)
num_tokens = src.shape[0]
src_mask = (torch.zeros(num_tokens, num_tokens)).type(torch.bool)
tgt_tokens = g["greedy_decode"](model, src, src_mask, max_len=num_tokens + 5, start_symbol=special_symbols["<bos>"], end_symbol=special_symbols["<eos>"]).flatten()
print(" ".join(tgt_vocab.lookup_tokens(list(tgt_tokens.cpu().numpy()))).replace("<bos>", "").replace("<eos>", ""))
