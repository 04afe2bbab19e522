# A driver for yunjey/pytorch-tutorial's LSTM language model (data_utils.py
# verbatim; class RNNLM and detach verbatim from its main.py, MIT licence,
# see LICENSE): the tutorial's corpus reader on a small text written here,
# its training loop (truncated backpropagation, clip_grad_norm_) and its
# sampling loop (torch.multinomial), at small sizes.
import os
import tempfile
import torch
import torch.nn as nn
import numpy as np
from torch.nn.utils import clip_grad_norm_
from data_utils import Corpus
from lm import RNNLM, detach, device

torch.manual_seed(0)
text = "the cat sat on the mat\nthe dog sat on the log\na cat and a dog met on a mat\n" * 4
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "train.txt")
    with open(path, "w") as f:
        f.write(text)
    corpus = Corpus()
    batch_size, seq_length = 4, 5
    ids = corpus.get_data(path, batch_size)
vocab_size = len(corpus.dictionary)
print(vocab_size, ids.shape, ids[0, :8].tolist())
num_layers, hidden_size = 1, 16
model = RNNLM(vocab_size, 8, hidden_size, num_layers).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.002)
num_batches = ids.size(1) // seq_length
num_epochs = 3
for epoch in range(num_epochs):
    states = (torch.zeros(num_layers, batch_size, hidden_size).to(device),
              torch.zeros(num_layers, batch_size, hidden_size).to(device))
    for i in range(0, ids.size(1) - seq_length, seq_length):
        inputs = ids[:, i:i+seq_length].to(device)
        targets = ids[:, (i+1):(i+1)+seq_length].to(device)
        states = detach(states)
        outputs, states = model(inputs, states)
        loss = criterion(outputs, targets.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        norm = clip_grad_norm_(model.parameters(), 0.5)
        optimizer.step()
        step = (i+1) // seq_length
        print ('Epoch [{}/{}], Step[{}/{}], Loss: {:.4f}, Perplexity: {:5.2f}, norm {:.4f}'
               .format(epoch+1, num_epochs, step, num_batches, loss.item(), np.exp(loss.item()), norm.item()))
with torch.no_grad():
    words = []
    state = (torch.zeros(num_layers, 1, hidden_size).to(device),
             torch.zeros(num_layers, 1, hidden_size).to(device))
    prob = torch.ones(vocab_size)
    input = torch.multinomial(prob, num_samples=1).unsqueeze(1).to(device)
    for i in range(12):
        output, state = model(input, state)
        prob = output.exp()
        word_id = torch.multinomial(prob, num_samples=1).item()
        input.fill_(word_id)
        word = corpus.dictionary.idx2word[word_id]
        word = '\n' if word == '<eos>' else word + ' '
        words.append(word)
    print(repr(''.join(words)))
