#!/usr/bin/env python3
"""Compare the execute_reply payloads of a kael kernel with ipykernel's.

usage: payloads_vs_ipykernel.py KERNEL_COMMAND...

KERNEL_COMMAND is the kael kernel's command line without the connection
file. The script starts it and Debian's ipykernel with jupyter_client, runs
the same %load cells in both and checks that the set_next_input payloads
are equal (text and replace flag), and that the page payload of `len?` has
the fields ipykernel's has. It prints "N passed, N failed" and exits
non-zero if anything failed. It needs python3-jupyter-client and
python3-ipykernel.
"""

import json
import os
import shutil
import sys
import tempfile

TIMEOUT = 60
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok    " if ok else "FAIL  ") + name + ("" if ok else ": " + str(detail)))


def start(tmp, name, argv):
    from jupyter_client import KernelManager

    spec_dir = os.path.join(tmp, "share", "jupyter", "kernels", name)
    os.makedirs(spec_dir)
    with open(os.path.join(spec_dir, "kernel.json"), "w") as f:
        json.dump({"argv": argv + ["{connection_file}"], "display_name": name, "language": name}, f)
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    return km, kc


def reply(kc, code):
    msg_id = kc.execute(code)
    while True:
        msg = kc.get_shell_msg(timeout=TIMEOUT)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg["content"]


def main():
    tmp = tempfile.mkdtemp(prefix="kael-payloads-")
    os.environ["JUPYTER_PATH"] = os.path.join(tmp, "share", "jupyter")
    os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
    os.environ["XDG_DATA_HOME"] = os.path.join(tmp, "data")
    os.environ["IPYTHONDIR"] = os.path.join(tmp, "ipython")
    script = os.path.join(tmp, "s.kael")
    with open(script, "w") as f:
        f.write("a = 1\n    b = 2\nc = 3\n")
    kernels = []
    try:
        kael = start(tmp, "kael-test", sys.argv[1:])
        kernels.append(kael)
        ipy = start(tmp, "ipykernel-test", [sys.executable, "-m", "ipykernel_launcher", "-f"])
        kernels.append(ipy)
        for code in ["%load " + script, "%load -r 2-3 " + script, "%load -r 1,3 " + script]:
            got, want = reply(kael[1], code), reply(ipy[1], code)
            check(code, got.get("status") == "ok" and got.get("payload") == want.get("payload"),
                  f"kael {got.get('payload')!r}, ipykernel {want.get('payload')!r}")
        got, want = reply(kael[1], "len?"), reply(ipy[1], "len?")
        fields = lambda r: [sorted(p) + sorted(p.get("data", {})) for p in r.get("payload", [])]
        check("len? page payload fields", fields(got) == fields(want) and got["payload"][0]["source"] == "page",
              f"kael {fields(got)}, ipykernel {fields(want)}")
    finally:
        for km, kc in kernels:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
