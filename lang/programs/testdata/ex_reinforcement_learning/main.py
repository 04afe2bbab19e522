# A driver for pytorch/examples' reinforcement learning examples
# (reinforce.py and actor_critic.py verbatim, BSD-3-Clause licence, see
# LICENSE): each one's own main() on a cart-pole written for this corpus
# (gymnasium.py beside them), which ends a run once the running reward
# passes a low threshold; then each model's output. Each module seeds
# torch when it is imported, so actor_critic is imported after REINFORCE
# has run.
import torch
import reinforce

reinforce.main()
reinforce.policy.eval()
with torch.no_grad():
    print([round(v, 4) for v in reinforce.policy(torch.tensor([[0.01, -0.02, 0.03, 0.04]])).flatten().tolist()])
print(round(reinforce.eps, 12))

import actor_critic

actor_critic.main()
with torch.no_grad():
    probs, value = actor_critic.model(torch.tensor([[0.01, -0.02, 0.03, 0.04]]))
print([round(v, 4) for v in probs.flatten().tolist()], round(value.item(), 4))
