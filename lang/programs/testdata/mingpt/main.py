# A driver for minGPT (mingpt/model.py, trainer.py and utils.py verbatim
# from karpathy/minGPT, MIT licence, see LICENSE): a 'gpt-nano' learns to
# copy a sequence of digits with minGPT's own Trainer, as minGPT's
# projects do, on synthetic data with a fixed seed.
import torch
from torch.utils.data import Dataset
from mingpt.model import GPT
from mingpt.trainer import Trainer
from mingpt.utils import set_seed, CfgNode as CN

set_seed(3407)

class CopyDataset(Dataset):
    """ Sequences of 4 random digits followed by the same digits. """

    def __init__(self, n, length=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.data = torch.randint(0, 10, (n, length), generator=g)
        self.length = length

    def __len__(self):
        return len(self.data)

    def get_vocab_size(self):
        return 10

    def get_block_size(self):
        return self.length * 2 - 1

    def __getitem__(self, idx):
        seq = torch.cat((self.data[idx], self.data[idx]))
        x = seq[:-1].clone()
        y = seq[1:].clone()
        y[:self.length - 1] = -1  # only the copy is trained on
        return x, y

train_dataset = CopyDataset(64)

model_config = GPT.get_default_config()
model_config.model_type = 'gpt-nano'
model_config.vocab_size = train_dataset.get_vocab_size()
model_config.block_size = train_dataset.get_block_size()
model = GPT(model_config)

train_config = Trainer.get_default_config()
train_config.learning_rate = 5e-4
train_config.max_iters = 6
train_config.batch_size = 8
train_config.num_workers = 0
trainer = Trainer(train_config, model, train_dataset)

def batch_end_callback(trainer):
    print(f"iter {trainer.iter_num}: train loss {trainer.loss.item():.4f}")
trainer.set_callback('on_batch_end', batch_end_callback)
trainer.run()

model.eval()
x = train_dataset.data[:2]
with torch.no_grad():
    out = model.generate(x, 4, do_sample=False)
print(out.tolist())
print(model_config)
