# A driver for pytorch/examples' REINFORCE (reinforce.py verbatim, BSD-3-
# Clause licence, see LICENSE): its own main() on a cart-pole written for
# this corpus (gymnasium.py beside it), which ends the run once the
# running reward passes a low threshold; then the policy's output.
import torch
import reinforce

reinforce.main()
reinforce.policy.eval()
with torch.no_grad():
    print([round(v, 4) for v in reinforce.policy(torch.tensor([[0.01, -0.02, 0.03, 0.04]])).flatten().tolist()])
print(round(reinforce.eps, 12))
