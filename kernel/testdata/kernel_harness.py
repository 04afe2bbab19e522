#!/usr/bin/env python3
"""Run the official Jupyter kernel harness (jupyter_kernel_test) on a kernel.

usage: kernel_harness.py SAMPLES_JSON KERNEL_COMMAND...

jupyter_kernel_test validates every message against the v5 schema and
checks kernel_info, stdout, stderr, completion, is_complete, the pager,
errors, execute_result, display_data, history, inspect and clear_output.
Its code samples are language-specific, so they come from SAMPLES_JSON,
whose keys are the harness's attribute names (code_hello_world,
completion_samples, ...): fake_engine_samples.json holds those of the Go
tests' fake engine and kael_samples.json those of kael. KERNEL_COMMAND is the kernel's command line without
the connection file. The kernel's history goes to a temporary directory.

It needs python3-jupyter-kernel-test (Debian) or `pip install
jupyter_kernel_test`. It prints "N passed, N failed" at the end and exits
non-zero when a test fails.
"""

import json
import os
import shutil
import sys
import tempfile
import unittest


def install_spec(command):
    """Write a kernelspec named kael-harness and point Jupyter at it."""
    tmp = tempfile.mkdtemp(prefix="kael-harness-")
    spec_dir = os.path.join(tmp, "share", "jupyter", "kernels", "kael-harness")
    os.makedirs(spec_dir)
    with open(os.path.join(spec_dir, "kernel.json"), "w") as f:
        json.dump({"argv": command + ["{connection_file}"], "display_name": "kael (harness)",
                   "language": "kael", "interrupt_mode": "message"}, f)
    os.environ["JUPYTER_PATH"] = os.path.join(tmp, "share", "jupyter")
    os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
    os.environ["XDG_DATA_HOME"] = os.path.join(tmp, "data")
    return tmp


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        samples = json.load(f)
    tmp = install_spec(sys.argv[2:])
    try:
        import jupyter_kernel_test

        attrs = {"kernel_name": "kael-harness", "language_name": "kael", "file_extension": ".kael"}
        attrs.update(samples)
        case = type("KaelKernelTests", (jupyter_kernel_test.KernelTests,), attrs)
        suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
        result = unittest.TextTestRunner(verbosity=2).run(suite)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print(f"{result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
