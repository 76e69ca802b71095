"""在真的子进程里跑 python agent.py，但不用每次都重新启动 Python、import openai（每次一秒左右）。

每个测试进程有一个备好的 Python（下面的 serve()）：它已经 import 了 openai、dotenv，不 import 仓库里的任何代码。
要跑 agent 时它 fork 出一个子进程：子进程换上测试给的标准流、工作目录和环境，像 `python 脚本` 那样把脚本当作
__main__ 执行（agent.py、tools.py、support/ 都在子进程里重新 import，改过的副本也一样）。进程、管道、信号、
退出码都是真的；和 subprocess 一样用（run()、start() 返回的对象有 Popen 的那几个方法）。

不一样的只有启动：解释器启动时读的环境变量（PYTHON*、LANG、LC_*）按第一次请求的值启动这个 Python，值不同的请求
另起一个；openai 在 import 时读的 OPENAI_LOG 也算在里面。测启动本身的测试（启动时按 Ctrl-C、内存不够、
preexec_fn、终端）照旧用 subprocess。只在 Linux 上用（要 os.pidfd_open）；别的系统上 run()、start() 就是 subprocess。
"""

import json
import os
import select
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time

STARTUP = ("PYTHON", "LC_", "LANG", "OPENAI_LOG")  # 解释器启动、预先 import 的模块读的环境变量
USABLE = sys.platform.startswith("linux") and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")
servers = {}  # 启动时的环境 → 备好的 Python（控制用的 socket，它的 Popen）
lock = threading.Lock()


def startup_env(env: dict) -> tuple:
    return tuple(sorted((k, v) for k, v in env.items() if k.startswith(STARTUP)))


def forkable(argv: list) -> bool:
    """python 脚本 参数…，或 python -c 代码 参数…：别的解释器选项照旧用 subprocess。"""
    return USABLE and len(argv) >= 2 and argv[0] == sys.executable and (argv[1] == "-c" or argv[1][:1] != "-")


def server_for(env: dict) -> socket.socket:
    key = startup_env(env)
    with lock:
        if key not in servers:
            mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            # 标准流是管道（从不读写）：子进程的标准流对象在这时建好，和测试给的管道一样不是终端、不能 seek
            server = subprocess.Popen(
                [sys.executable, __file__, str(theirs.fileno())],
                pass_fds=[theirs.fileno()], env={k: v for k, v in os.environ.items() if not k.startswith(STARTUP)}
                | dict(key), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )  # fmt: skip
            theirs.close()
            servers[key] = (mine, server)
        return servers[key][0]


class Forked:
    """备好的 Python fork 出来的一个进程：pid、stdin/stdout/stderr（UTF-8 文本）、returncode，
    poll()、wait()、communicate()、send_signal()、terminate()、kill()，和 subprocess.Popen 的一样。"""

    def __init__(self, argv, *, cwd=None, env, stdin=None, default_signals=False):
        self.args, self.returncode, self.readers = argv, None, None
        theirs_in = os.open(os.devnull, os.O_RDONLY) if stdin == subprocess.DEVNULL else None
        mine_in = None
        if stdin == subprocess.PIPE:
            theirs_in, mine_in = os.pipe()
        out, err = os.pipe(), os.pipe()
        self.reply, theirs = socket.socketpair()
        request = {"argv": argv, "cwd": os.fspath(cwd or os.getcwd()), "env": env, "default_signals": default_signals}
        fds = [theirs.fileno(), 0 if theirs_in is None else theirs_in, out[1], err[1]]
        socket.send_fds(server_for(env), [b"run"], fds)
        for fd in [theirs_in, out[1], err[1]]:
            if fd is not None:
                os.close(fd)
        theirs.close()
        self.reply.sendall(json.dumps(request).encode() + b"\n")
        self.received = b""
        self.pid = int(self.line(None))
        self.stdin = open(mine_in, "w", encoding="utf-8") if mine_in is not None else None
        self.stdout, self.stderr = (open(fd[0], encoding="utf-8") for fd in (out, err))

    def line(self, timeout):
        """备好的 Python 写回来的下一行（pid，然后是退出状态）；timeout 秒内没有就是 None。"""
        while b"\n" not in self.received:
            if timeout is not None and not select.select([self.reply], [], [], timeout)[0]:
                return None
            chunk = self.reply.recv(64)
            if not chunk:
                raise RuntimeError("备好的 Python 意外结束了")
            self.received += chunk
        line, self.received = self.received.split(b"\n", 1)
        return line

    def poll(self):
        return self.wait(0, raising=False)

    def wait(self, timeout=None, raising=True):
        if self.returncode is None:
            status = self.line(timeout)
            if status is None:
                if raising:
                    raise subprocess.TimeoutExpired(self.args, timeout)
                return None
            self.returncode = os.waitstatus_to_exitcode(int(status))
            self.reply.close()
        return self.returncode

    def communicate(self, input=None, timeout=None):
        """读完 stdout、stderr（写入 input 后关掉 stdin），再等进程结束。超时抛 TimeoutExpired，之后可以再调。"""
        deadline = None if timeout is None else time.monotonic() + timeout
        if self.readers is None:
            self.readers = [Reader(self.stdout), Reader(self.stderr)]
            if self.stdin:
                threading.Thread(target=write_all, args=(self.stdin, input or ""), daemon=True).start()
        for reader in self.readers:
            reader.join(None if deadline is None else max(deadline - time.monotonic(), 0))
            if reader.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout)
        self.wait(None if deadline is None else max(deadline - time.monotonic(), 0))
        return tuple(reader.text for reader in self.readers)

    def send_signal(self, sig):
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self):
        self.send_signal(signal.SIGTERM)

    def kill(self):
        self.send_signal(signal.SIGKILL)


class Reader(threading.Thread):
    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream, self.text = stream, ""
        self.start()

    def run(self):
        with self.stream:
            self.text = self.stream.read()


def write_all(stream, text):
    try:
        with stream:
            stream.write(text)
    except BrokenPipeError:  # 子进程没读完就走了：和 Popen.communicate 一样不算错
        pass


def start(argv, *, cwd=None, env, stdin=None, default_signals=False, **popen):
    """和 subprocess.Popen(argv, stdout=PIPE, stderr=PIPE, text=True, encoding="utf-8") 一样。
    default_signals：子进程里 SIGINT、SIGTERM 这些信号恢复默认处理（pytest 可能是用 nohup 启动的）。"""
    if forkable(argv) and not popen:
        return Forked(argv, cwd=cwd, env=env, stdin=stdin, default_signals=default_signals)
    return subprocess.Popen(
        argv, cwd=cwd, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        encoding="utf-8", **({"preexec_fn": default_signal_handlers} if default_signals else {}), **popen,
    )  # fmt: skip


def run(argv, *, input=None, cwd=None, env, timeout):
    """和 subprocess.run(argv, input=input, capture_output=True, text=True, encoding="utf-8", …) 一样。"""
    proc = start(argv, cwd=cwd, env=env, stdin=None if input is None else subprocess.PIPE)
    try:
        out, err = proc.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def default_signal_handlers():
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


# ── 备好的 Python ─────────────────────────────────────────────
def serve(control: socket.socket):
    """等 Forked 的请求，每个 fork 一个子进程；子进程从这里返回 (请求, 标准流)，别的进程一直在这里。
    子进程结束时把它的退出状态写回请求的 socket。测试进程走了（控制 socket 关了）就退出。"""
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.fileobj is control:
                _, fds, _, _ = socket.recv_fds(control, 16, 4)
                if not fds:
                    sys.exit(0)
                reply, request = socket.socket(fileno=fds[0]), b""
                while not request.endswith(b"\n"):
                    request += reply.recv(65536)
                request = json.loads(request)
                pid = os.fork()
                if pid == 0:  # 子进程：别的请求的 socket、pidfd 都不带走
                    for other in selector.get_map().values():
                        if other.fileobj is not control:
                            os.close(other.fd)
                            other.data[1].close()
                    selector.close()
                    control.close()
                    return request, fds[1:], reply
                for fd in fds[1:]:
                    if fd > 2:
                        os.close(fd)
                reply.sendall(b"%d\n" % pid)
                selector.register(os.pidfd_open(pid), selectors.EVENT_READ, (pid, reply))
            else:
                pid, reply = key.data
                selector.unregister(key.fd)
                os.close(key.fd)
                status = os.waitpid(pid, 0)[1]
                with reply:
                    reply.sendall(b"%d\n" % status)


def become(request: dict, fds: list) -> None:
    """子进程：换上标准流、工作目录、环境，执行脚本，像 python 脚本 参数… 那样（__main__、sys.argv、sys.path[0]）。"""
    for target, fd in enumerate(fds):
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    if request["default_signals"]:
        default_signal_handlers()
    args = request["argv"][1:]
    if args[0] == "-c":
        source, filename, folder, sys.argv = args[1], "<string>", "", ["-c", *args[2:]]
    else:
        filename = os.path.abspath(args[0])
        with open(filename, "rb") as f:
            source, folder, sys.argv = f.read(), os.path.dirname(filename), list(args)
    if not getattr(sys.flags, "safe_path", False):
        sys.path[0] = folder
    main = type(sys)("__main__")
    main.__file__ = filename if args[0] != "-c" else None
    if main.__file__ is None:
        del main.__file__
    sys.modules["__main__"] = main
    exec(compile(source, filename, "exec"), main.__dict__)


if __name__ == "__main__":
    import dotenv  # noqa: F401  预先 import：fork 出来的每个子进程都不用再 import
    import openai  # noqa: F401

    request, fds, reply = serve(socket.socket(fileno=int(sys.argv[1])))
    reply.close()
    del reply
    become(request, fds)  # 子进程照常结束：atexit、等非守护线程、刷新标准流、打印 traceback 都由解释器做
