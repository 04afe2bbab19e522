"""PyTorch's GFLOP/s on the GEMMs of the training steps, one thread, for
comparison with tensor/internal/gemm's BenchmarkTrainCalls (issue 34).

Usage: taskset -c 1 /usr/bin/python3 gemm_shapes.py [REPEATS]

Each row is one product as the training step hands it to kael's driver
(logged from it): the same m, n, k, the same transposed views (A stored
k×m and read through .t(), B stored n×k, as a Linear's weight), and the
same operation: torch.mm for Mul and MulPacked, Tensor.addmm_ (C += A·B)
for MulAdd and MulPackedAdd. It prints one line a product: the name,
the shape, the median and the least over REPEATS batches (default 31)
of the CPU time of the calling thread a call (time.thread_time: with one
thread torch computes in it; a pinned process waiting for its CPU on a
shared machine is not charged), and the GFLOP/s (2mnk flops) at each.
"""
import statistics
import sys
import time

import torch

torch.set_num_threads(1)
torch.manual_seed(0)

# name, entry, m, n, k, A transposed, B transposed: the table of
# tensor/internal/gemm/trainshapes_test.go.
CALLS = [
    ("mlp-l1-fwd", "Mul", 512, 64, 1024, False, True),
    ("mlp-l1-dx", "Mul", 512, 1024, 64, False, False),
    ("mlp-l1-dw", "Mul", 64, 1024, 512, True, False),
    ("mlp-l2-fwd", "MulAdd", 512, 27, 64, False, True),
    ("mlp-l2-dx", "Mul", 512, 64, 27, False, False),
    ("mlp-l2-dw", "Mul", 27, 64, 512, True, False),
    ("lstm-gates-step", "MulPackedAdd", 20, 800, 200, False, False),
    ("lstm-dh-step", "MulPacked", 20, 200, 800, False, False),
    ("lstm-dwhh-step", "MulAdd", 800, 200, 20, True, False),
    ("lstm-gates-in", "MulAdd", 700, 800, 200, False, True),
    ("lstm-dwih", "Mul", 800, 200, 700, True, False),
    ("lstm-dx", "Mul", 700, 200, 800, False, False),
    ("lstm-dec-fwd", "MulAdd", 700, 1000, 200, False, True),
    ("lstm-dec-dx", "Mul", 700, 200, 1000, False, False),
    ("lstm-dec-dw", "Mul", 1000, 200, 700, True, False),
    ("dcgan-dgrad-image", "Mul", 256, 256, 32, True, False),
    ("dcgan-l4-fwd", "Mul", 128, 256, 1024, False, False),
    ("dcgan-l4-wgrad", "Mul", 128, 1024, 256, False, True),
    ("dcgan-l4-dgrad", "Mul", 1024, 256, 128, True, False),
    ("dcgan-l3-dgrad", "Mul", 512, 1024, 64, True, False),
    ("square-1024", "Mul", 1024, 1024, 1024, False, False),
]


def operand(rows, cols, transposed):
    """A rows×cols operand, a transposed view of a cols×rows one if asked."""
    if transposed:
        return torch.rand(cols, rows) * 2 - 1
    return torch.rand(rows, cols) * 2 - 1


def view(x, transposed):
    return x.t() if transposed else x


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    for name, entry, m, n, k, at, bt in CALLS:
        a, b = operand(m, k, at), operand(k, n, bt)
        c = torch.zeros(m, n)
        if entry.endswith("Add"):
            def call():
                c.addmm_(view(a, at), view(b, bt))
        else:
            def call():
                torch.mm(view(a, at), view(b, bt), out=c)
        # Calls a batch: about 2 ms of work, at least 3 calls.
        per = max(3, int(2e-3 / (2 * m * n * k / 40e9)))
        for _ in range(per):
            call()
        times = []
        for _ in range(repeats):
            t0 = time.thread_time()
            for _ in range(per):
                call()
            times.append((time.thread_time() - t0) / per)
        t, best = statistics.median(times), min(times)
        flop = 2 * m * n * k
        print(f"{name:20s} {m}x{n}x{k:<6d} median {t * 1e6:9.1f} us {flop / t / 1e9:6.1f} GFLOP/s"
              f"  best {best * 1e6:9.1f} us {flop / best / 1e9:6.1f} GFLOP/s")


main()
