#!/usr/bin/python3
"""A JupyterHub classroom with kael kernels, as docs/classroom.md sets it up.

    classroom.py test KAEL            make test-hub: three students, checks
    classroom.py bench KAEL [-n N]    make bench-classroom: N students with kael,
                                      then N with ipykernel + torch, one table

Starts Debian's JupyterHub on 127.0.0.1 with DummyAuthenticator and the
local-process spawner, creates the students as Unix users (so it must run
as root, as CI does), installs KAEL's kernelspec for them under a prefix
with --copy-binary and --memory-limit, starts each student's server through
the hub's REST API and runs cells on a kernel through the websocket, as a
notebook does. Everything it started and created is stopped and removed at
the end, also after a failure.
"""

import argparse
import asyncio
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid

from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

MEMORY_LIMIT = "300MiB"
CULL_SECONDS = 10  # the test's idle-kernel timeout
KERNEL_NAME = "kael-class"
# Students are kaelhubPID-N: runs at once, or after one killed before its
# clean-up, do not collide.
USER_PREFIX = f"kaelhub{os.getpid()}-"

MATMUL = "import torch\nx = torch.randn(200, 200)\nprint((x @ x).shape)"
MATMUL_OUT = "torch.Size([200, 200])"
TRAIN = """import torch
torch.manual_seed(0)
model = torch.nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
X = torch.randn(64, 10)
y = X.sum(1, keepdim=True)
for step in range(200):
    opt.zero_grad()
    loss = ((model(X) - y) ** 2).mean()
    loss.backward()
    opt.step()
print('trained', loss.item() < 0.1)"""
TRAIN_OUT = "trained True"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Hub:
    """A JupyterHub in a temporary directory, with its students."""

    def __init__(self, kael, students):
        self.kael = kael
        self.students = students
        self.dir = tempfile.mkdtemp(prefix="kael-hub-")
        os.chmod(self.dir, 0o755)  # the students reach the kernelspec through it
        self.port, self.hub_port, self.api_port = free_port(), free_port(), free_port()
        self.token = secrets.token_hex(32)
        self.proc = None
        self.created = []

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def request(self, method, path, body=None, timeout=60):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url(path), data=data, method=method,
                                     headers={"Authorization": "token " + self.token,
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read()
            return r.status, (json.loads(text) if text else None)

    def install_kernel(self):
        prefix = os.path.join(self.dir, "prefix")
        # A binary in a private directory is refused for others...
        private = os.path.join(self.dir, "private")
        os.mkdir(private, 0o700)
        shutil.copy(self.kael, os.path.join(private, "kael"))
        r = subprocess.run([os.path.join(private, "kael"), "kernel", "install", "--prefix", prefix],
                           capture_output=True, text=True)
        if r.returncode != 1 or "other users cannot run" not in r.stderr:
            raise SystemExit(f"FAIL: an install others cannot run was not refused: {r.returncode} {r.stderr}")
        print("ok   refused:", r.stderr.strip())
        # ...and copied under the prefix, it is accepted.
        subprocess.run([os.path.join(private, "kael"), "kernel", "install", "--prefix", prefix,
                        "--copy-binary", "--name", KERNEL_NAME, "--display-name", "kael (class)",
                        "--memory-limit", MEMORY_LIMIT], check=True)
        self.jupyter_path = os.path.join(prefix, "share", "jupyter")

    def create_users(self):
        home = os.path.join(self.dir, "home")
        os.makedirs(home, exist_ok=True)
        for name in self.students:
            try:
                pwd.getpwnam(name)
                subprocess.run(["userdel", "-r", name], capture_output=True)
            except KeyError:
                pass
            subprocess.run(["useradd", "--create-home", "--home-dir", os.path.join(home, name),
                            "--shell", "/usr/sbin/nologin", name], check=True)
            self.created.append(name)

    def start(self, kernel_name, cull=0):
        """Starts the hub; with cull, the students' servers shut down kernels
        idle for that many seconds."""
        config = os.path.join(self.dir, "jupyterhub_config.py")
        args = [f"--MappingKernelManager.cull_idle_timeout={cull}", "--MappingKernelManager.cull_interval=2"] if cull else []
        with open(config, "w") as f:
            f.write(f"""
c.JupyterHub.ip = '127.0.0.1'
c.JupyterHub.port = {self.port}
c.JupyterHub.hub_ip = '127.0.0.1'
c.JupyterHub.hub_port = {self.hub_port}
c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{self.api_port}'
c.JupyterHub.db_url = 'sqlite:///{self.dir}/jupyterhub.sqlite'
c.JupyterHub.cookie_secret_file = '{self.dir}/jupyterhub_cookie_secret'
c.JupyterHub.pid_file = '{self.dir}/jupyterhub.pid'
c.JupyterHub.authenticator_class = 'dummy'
c.DummyAuthenticator.password = {secrets.token_hex(8)!r}
c.Authenticator.allowed_users = {set(self.students)!r}
c.JupyterHub.spawner_class = 'localprocess'
c.Spawner.cmd = ['jupyterhub-singleuser']
c.Spawner.default_url = '/tree'
c.Spawner.start_timeout = 600
c.Spawner.http_timeout = 600
c.Spawner.environment = {{'JUPYTER_PATH': {self.jupyter_path!r}}}
c.Spawner.args = {args!r}
c.JupyterHub.services = [{{'name': 'classroom-test', 'api_token': {self.token!r}}}]
c.JupyterHub.load_roles = [{{
    'name': 'classroom-test',
    'scopes': ['admin:users', 'admin:servers', 'access:servers', 'read:users'],
    'services': ['classroom-test'],
}}]
c.JupyterHub.concurrent_spawn_limit = 0
c.JupyterHub.active_server_limit = 0
""")
        env = dict(os.environ)
        # Debian's configurable-http-proxy needs its modules when another
        # node is first on PATH.
        env["NODE_PATH"] = "/usr/share/nodejs"
        self.log = open(os.path.join(self.dir, "jupyterhub.log"), "w")
        self.proc = subprocess.Popen(["jupyterhub", "-f", config], cwd=self.dir, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                self.request("GET", "/hub/api/", timeout=5)
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                if self.proc.poll() is not None:
                    break
                time.sleep(0.2)
        raise SystemExit("FAIL: the hub did not start:\n" + self.tail())

    def tail(self):
        try:
            with open(os.path.join(self.dir, "jupyterhub.log")) as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def spawn(self, name):
        status, _ = self.request("POST", f"/hub/api/users/{name}/server")
        if status not in (201, 202):
            raise RuntimeError(f"spawn {name}: HTTP {status}")
        deadline = time.time() + 600
        while time.time() < deadline:
            _, user = self.request("GET", f"/hub/api/users/{name}")
            server = user.get("servers", {}).get("", {})
            if server.get("ready"):
                return
            time.sleep(0.2)
        raise RuntimeError(f"the server of {name} did not become ready")

    def stop_server(self, name):
        try:
            self.request("DELETE", f"/hub/api/users/{name}/server", timeout=30)
        except urllib.error.HTTPError as e:
            if e.code != 400:  # 400: it was not running
                print("warning: stopping the server of", name, "failed:", e)
        except Exception as e:  # noqa: BLE001 - cleaning up
            print("warning: stopping the server of", name, "failed:", e)

    def close(self):
        # Stopping a server through the hub waits for its kernels to shut
        # down: do them all at once, each given 30 s.
        stoppers = [threading.Thread(target=self.stop_server, args=(n,)) for n in self.created]
        for t in stoppers:
            t.start()
        for t in stoppers:
            t.join()
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        for name in self.created:
            # Processes a student left behind (the hub started them) go
            # with the account.
            for pid in pids_of(name):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            subprocess.run(["userdel", "-r", name], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


class Kernel:
    """A kernel of one student's server, driven through the websocket."""

    def __init__(self, hub, user):
        self.hub, self.user = hub, user

    async def start(self, name):
        _, k = await asyncio.to_thread(self.hub.request, "POST", f"/user/{self.user}/api/kernels", {"name": name})
        self.id = k["id"]
        url = f"ws://127.0.0.1:{self.hub.port}/user/{self.user}/api/kernels/{self.id}/channels"
        req = HTTPRequest(url, headers={"Authorization": "token " + self.hub.token},
                          connect_timeout=300, request_timeout=300)
        self.ws = await websocket_connect(req, max_message_size=1 << 30)
        self.session = uuid.uuid4().hex

    async def execute(self, code, timeout=120, on_busy=None):
        """Runs code; returns (stdout text, error or None, seconds to the first output)."""
        msg_id = uuid.uuid4().hex
        await self.ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": self.user,
                       "session": self.session, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
        }))
        start = time.time()
        out, err, first, idle, reply = [], None, None, False, False
        deadline = start + timeout
        while not (idle and reply):
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError(f"{self.user}: no reply to {code[:30]!r} within {timeout} s")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise RuntimeError(f"{self.user}: the websocket closed")
            m = json.loads(raw)
            if m.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            t, c = m["msg_type"], m["content"]
            if t == "status" and c["execution_state"] == "busy" and on_busy:
                await on_busy()
            elif t == "stream":
                first = first or time.time() - start
                out.append(c["text"])
            elif t == "error":
                first = first or time.time() - start
                err = (c["ename"], c["evalue"])
            elif t == "status" and c["execution_state"] == "idle":
                idle = True
            elif t == "execute_reply":
                reply = True
        return "".join(out), err, first

    async def close(self):
        self.ws.close()
        await asyncio.to_thread(self.hub.request, "DELETE", f"/user/{self.user}/api/kernels/{self.id}")


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    return cond


async def run_test(hub):
    ok = True
    for name in hub.students:
        hub.spawn(name)
    ok &= check(True, f"{len(hub.students)} servers started through the REST API")
    for name in hub.students:
        k = Kernel(hub, name)
        await k.start(KERNEL_NAME)
        out, err, _ = await k.execute(MATMUL)
        ok &= check(out.strip() == MATMUL_OUT and err is None, f"{name}: matmul cell printed {out.strip()!r}")
        out, err, _ = await k.execute(TRAIN)
        ok &= check(out.strip() == TRAIN_OUT and err is None, f"{name}: training cell printed {out.strip()!r}")
        out, err, _ = await k.execute("%kael_info")
        ok &= check(f"(KAEL_MEMORY_LIMIT={MEMORY_LIMIT})" in out, f"{name}: %kael_info shows {out.splitlines()[:1]}")
        out, err, _ = await k.execute("x = zeros(70000, 70000)")
        ok &= check(err is not None and err[0] == "MemoryError" and "the limit is 300.0 MiB" in err[1],
                    f"{name}: past the limit: {err}")
        out, err, _ = await k.execute("print('still here')")
        ok &= check(out.strip() == "still here", f"{name}: the kernel goes on after the MemoryError")

        async def interrupt_soon():
            await asyncio.sleep(0.5)
            hub.request("POST", f"/user/{name}/api/kernels/{k.id}/interrupt")
        t0 = time.time()
        out, err, _ = await k.execute("while True:\n    pass", timeout=30, on_busy=interrupt_soon)
        ok &= check(err is not None and err[0] == "KeyboardInterrupt",
                    f"{name}: interrupted a running cell in {time.time() - t0 - 0.5:.2f} s: {err}")
        await k.close()
    # An idle kernel is culled by its server.
    name = hub.students[-1]
    k = Kernel(hub, name)
    await k.start(KERNEL_NAME)
    await k.execute("x = 1")
    k.ws.close()
    t0 = time.time()
    culled = False
    while time.time() - t0 < 6 * CULL_SECONDS and not culled:
        await asyncio.sleep(1)
        _, kernels = hub.request("GET", f"/user/{name}/api/kernels")
        culled = not kernels
    ok &= check(culled, f"{name}: an idle kernel was culled after {time.time() - t0:.0f} s (timeout {CULL_SECONDS} s)")
    return ok


def pids_of(user):
    """The processes of a student's account."""
    uid = pwd.getpwnam(user).pw_uid
    pids = []
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and os.stat(f"/proc/{pid}").st_uid == uid:
                pids.append(int(pid))
        except OSError:
            pass
    return pids


def memory_of(user):
    """(server RSS, server PSS, kernel RSS, kernel PSS) in MiB of user's processes."""
    totals = [0.0, 0.0, 0.0, 0.0]
    for pid in pids_of(user):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
            rss = pss = 0
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss = int(line.split()[1]) / 1024
                    elif line.startswith("Pss:"):
                        pss = int(line.split()[1]) / 1024
        except OSError:
            continue
        kernel = "ipykernel" in cmd or " kernel " in cmd
        totals[2 if kernel else 0] += rss
        totals[3 if kernel else 1] += pss
    return totals


async def bench_one(hub, name, kernel_name):
    t0 = time.time()
    await asyncio.to_thread(hub.spawn, name)
    k = Kernel(hub, name)
    t1 = time.time()
    await k.start(kernel_name)
    out, err, first = await k.execute(MATMUL, timeout=600)
    to_first, from_kernel = time.time() - t0, time.time() - t1
    out2, err2, _ = await k.execute(TRAIN, timeout=600)
    good = out.strip() == MATMUL_OUT and out2.strip() == TRAIN_OUT and err is None and err2 is None
    return k, to_first, good, from_kernel


async def warm_one(hub, name, kernel_name):
    """A second kernel for a student whose server is already running: the
    time from the kernel request to the matmul cell's result."""
    k = Kernel(hub, name)
    t1 = time.time()
    await k.start(kernel_name)
    out, err, _ = await k.execute(MATMUL, timeout=600)
    took = time.time() - t1
    k.ws.close()
    return took, out.strip() == MATMUL_OUT and err is None


async def run_bench(hub, kernel_name):
    results = await asyncio.gather(*(bench_one(hub, n, kernel_name) for n in hub.students),
                                   return_exceptions=True)
    failures = sum(1 for r in results if isinstance(r, BaseException) or not r[2])
    mems = [memory_of(n) for n in hub.students]
    # Then, every server up, all students ask for a new kernel at once: the
    # kernel's part of a first result, without thirty Python servers
    # starting beside it.
    up = [n for n, r in zip(hub.students, results) if not isinstance(r, BaseException)]
    warm = await asyncio.gather(*(warm_one(hub, n, kernel_name) for n in up), return_exceptions=True)
    for r in warm:
        if isinstance(r, BaseException):
            print("error:", repr(r))
    failures += sum(1 for r in warm if isinstance(r, BaseException) or not r[1])
    warm_firsts = sorted(r[0] for r in warm if not isinstance(r, BaseException))
    firsts = sorted(r[1] for r in results if not isinstance(r, BaseException))
    kernel_firsts = sorted(r[3] for r in results if not isinstance(r, BaseException))
    for r in results:
        if not isinstance(r, BaseException):
            r[0].ws.close()  # the kernels go with their servers
        else:
            print("error:", repr(r))
    n = len(mems)
    avg = [sum(m[i] for m in mems) / n for i in range(4)]
    return {"failures": failures, "first_median": firsts[len(firsts) // 2] if firsts else float("nan"),
            "first_max": firsts[-1] if firsts else float("nan"), "mem": avg,
            "kernel_median": kernel_firsts[len(kernel_firsts) // 2] if kernel_firsts else float("nan"),
            "kernel_max": kernel_firsts[-1] if kernel_firsts else float("nan"),
            "warm_median": warm_firsts[len(warm_firsts) // 2] if warm_firsts else float("nan"),
            "warm_max": warm_firsts[-1] if warm_firsts else float("nan")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["test", "bench"])
    ap.add_argument("kael", help="the kael binary")
    ap.add_argument("-n", type=int, default=30, help="students for bench (default 30)")
    ap.add_argument("--only", choices=["kael", "ipykernel"], help="bench one kind of kernel")
    args = ap.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("classroom.py creates Unix users for the students: run it as root (CI does)")
    kael = os.path.abspath(args.kael)
    if args.mode == "test":
        hub = Hub(kael, [f"{USER_PREFIX}{i}" for i in range(1, 4)])
        try:
            hub.install_kernel()
            hub.create_users()
            hub.start(KERNEL_NAME, cull=CULL_SECONDS)
            ok = asyncio.run(run_test(hub))
        except BaseException:
            print(hub.tail())
            raise
        finally:
            hub.close()
        print("classroom test:", "passed" if ok else "FAILED")
        sys.exit(0 if ok else 1)
    rows = []
    for label, kernel_name in [("kael", KERNEL_NAME), ("ipykernel + torch", "python3")]:
        if args.only and not label.startswith(args.only):
            continue
        hub = Hub(kael, [f"{USER_PREFIX}{i}" for i in range(1, args.n + 1)])
        try:
            hub.install_kernel()
            hub.create_users()
            hub.start(kernel_name)
            rows.append((label, asyncio.run(run_bench(hub, kernel_name))))
            if rows[-1][1]["failures"]:
                keep = os.path.join(tempfile.gettempdir(), f"classroom-{kernel_name}-{os.getpid()}.log")
                shutil.copy(os.path.join(hub.dir, "jupyterhub.log"), keep)
                print(f"{label}: {rows[-1][1]['failures']} failures; the hub's log is in {keep}")
        except BaseException:
            print(hub.tail())
            raise
        finally:
            hub.close()
    print(f"\n{args.n} students at once, each: start a server and a kernel, a matmul cell, a 200-step training cell;")
    print("then, every server up, all start a second kernel and run the matmul cell at once;")
    print("memory per student after the training cell; seconds median / max\n")
    print("| kernel | server RSS / PSS (MiB) | kernel RSS / PSS (MiB) | kernel request → first result, servers starting (s) | server request → first result (s) | kernel request → first result, servers up (s) | failures |")
    print("|---|---|---|---|---|---|---|")
    for label, r in rows:
        m = r["mem"]
        print(f"| {label} | {m[0]:.0f} / {m[1]:.0f} | {m[2]:.0f} / {m[3]:.0f} | "
              f"{r['kernel_median']:.2f} / {r['kernel_max']:.2f} | "
              f"{r['first_median']:.2f} / {r['first_max']:.2f} | "
              f"{r['warm_median']:.2f} / {r['warm_max']:.2f} | {r['failures']} |")


if __name__ == "__main__":
    main()
