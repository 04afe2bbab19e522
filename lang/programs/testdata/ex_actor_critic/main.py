# A driver for pytorch/examples' actor-critic (actor_critic.py verbatim,
# BSD-3-Clause licence, see LICENSE): its own main() on a cart-pole written
# for this corpus (gymnasium.py beside it), which ends the run once the
# running reward passes a low threshold; then the model's two heads.
import torch
import actor_critic

actor_critic.main()
with torch.no_grad():
    probs, value = actor_critic.model(torch.tensor([[0.01, -0.02, 0.03, 0.04]]))
print([round(v, 4) for v in probs.flatten().tolist()], round(value.item(), 4))
