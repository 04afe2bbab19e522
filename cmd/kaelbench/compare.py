"""Time NumPy and PyTorch on the work kael's benchmarks do; print JSON.

Run by kaelbench (make bench). Each entry is the median wall time in
seconds of repeated runs (median_time: one warm-up call, then the median of
repeat calls), or null when the library is missing. kael's benchmarks time
their rows the same way, over the same counts (reportMedian in tensor's
benchmarks; kaelbench's rows table holds the counts and its tests check
them against this file): change a count in all three places. Matmul with
NumPy runs in a child process with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE
unset, so that OpenBLAS picks its best kernel for this CPU.
"""
import json
import os
import subprocess
import sys
import time


def median_time(fn, repeat):
    fn()  # warm up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def numpy_times():
    import numpy as np
    n = 1 << 24
    a = np.ones(n, dtype=np.float32)
    b = np.ones(n, dtype=np.float32)
    out = np.empty(n, dtype=np.float32)
    x = np.random.default_rng(0).standard_normal((4096, 1024), dtype=np.float32)
    tiny = np.ones(2, dtype=np.float32)

    def softmax():
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    return {
        "add_f32_16M": median_time(lambda: np.add(a, b, out=out), 20),
        "sum_f32_16M": median_time(lambda: a.sum(), 20),
        "softmax_4096x1024": median_time(softmax, 10),
        "add_tiny": median_time(lambda: [np.add(tiny, tiny) for _ in range(10000)], 5) / 10000,
    }


def numpy_matmul_times():
    import numpy as np
    rng = np.random.default_rng(0)
    out = {}
    for name, dtype in (("matmul_f32_1024", np.float32), ("matmul_f64_1024", np.float64)):
        a = rng.standard_normal((1024, 1024)).astype(dtype)
        b = rng.standard_normal((1024, 1024)).astype(dtype)
        out[name] = median_time(lambda: a @ b, 10)
    try:
        from threadpoolctl import threadpool_info
        out["blas"] = [i.get("internal_api", "") + " " + str(i.get("architecture", "")) for i in threadpool_info()]
    except ImportError:
        pass
    return out


def torch_times():
    import torch
    torch.set_num_threads(os.cpu_count() or 1)
    n = 1 << 24
    a = torch.ones(n)
    b = torch.ones(n)
    out = torch.empty(n)
    x = torch.randn(4096, 1024)
    tiny = torch.ones(2)
    m32 = torch.randn(1024, 1024)
    m64 = torch.randn(1024, 1024, dtype=torch.float64)
    return {
        "add_f32_16M": median_time(lambda: torch.add(a, b, out=out), 20),
        "sum_f32_16M": median_time(lambda: a.sum(), 20),
        "softmax_4096x1024": median_time(lambda: torch.softmax(x, dim=1), 10),
        "matmul_f32_1024": median_time(lambda: m32 @ m32, 10),
        "matmul_f64_1024": median_time(lambda: m64 @ m64, 10),
        "add_tiny": median_time(lambda: [torch.add(tiny, tiny) for _ in range(10000)], 5) / 10000,
    }


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--numpy-matmul":
        print(json.dumps(numpy_matmul_times()))
        return
    result = {"numpy": None, "torch": None, "errors": []}
    try:
        result["numpy"] = numpy_times()
        env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
        child = subprocess.run([sys.executable, __file__, "--numpy-matmul"], env=env,
                               capture_output=True, text=True, check=True)
        result["numpy"].update(json.loads(child.stdout))
    except Exception as e:  # report and go on: the table shows what was measured
        result["errors"].append("numpy: %s" % e)
    try:
        result["torch"] = torch_times()
    except Exception as e:
        result["errors"].append("torch: %s" % e)
    print(json.dumps(result))


main()
