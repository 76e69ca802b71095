"""在真的子进程里跑 python agent.py（或 python -c 代码），但不用每次都重新启动 Python、import openai（每次半秒多）。

每个测试进程按需起一个备好的 Python（下面的 serve()）：它 import 了 openai、dotenv，不 import 仓库里的任何代码。
Popen 要跑 `python 脚本` 时，让它 fork 出一个子进程：子进程换上测试给的标准流、工作目录、环境、信号的处理和掩码、
会话，然后像 `python 脚本` 那样把脚本当作 __main__ 执行（agent.py、tools.py、support/ 都在子进程里重新 import，
改过的副本也一样）。进程、管道、终端、信号、退出码、traceback 都是真的；Popen、run 的用法和 subprocess 的一样。

解释器启动时读的环境变量（PYTHON*、LANG、LC_*……）和 openai、pydantic 在 import 时读的（STARTUP）决定用哪个备好的
Python：值不同就另起一个。别的情形照旧用 subprocess：别的解释器选项（-X importtime）、不认识的 preexec_fn
（改资源上限、关掉标准流……测启动本身的）、pass_fds、shell、uid 等，以及不是 Linux 的系统（要 os.pidfd_open）。
"""

import contextlib
import gc
import importlib
import importlib.machinery
import inspect
import io
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import types

# 解释器启动、预先 import 的模块读的环境变量：前缀和名字
STARTUP = ("PYTHON", "LC_", "LANG", "LD_", "MALLOC_", "GLIBC_", "OPENSSL_")
STARTUP_NAMES = {"TZ", "HOME", "OPENAI_LOG", "OPENAI_API_TYPE", "OPENAI_API_VERSION", "AZURE_OPENAI_ENDPOINT"}
STARTUP_NAMES |= {"DEFER_PYDANTIC_BUILD", "PYDANTIC_DISABLE_PLUGINS"}
# SDK 第一次发请求时才 import 的（聊天接口、HTTP 传输、JSON 解析）：也预先 import。import 它们不读环境变量
WARM = ("openai.resources.chat", "httpcore2", "jiter")
USABLE = (
    sys.platform.startswith("linux")
    and hasattr(os, "pidfd_open")
    and hasattr(socket, "send_fds")
    and all(hasattr(subprocess.Popen, name) for name in ("_execute_child", "_try_wait", "_close_pipe_fds"))
)
servers = {}  # 启动时的环境 → (控制用的 socket, 备好的 Python 的 Popen)
lock = threading.Lock()


def startup_env(env) -> tuple:
    return tuple(sorted((k, v) for k, v in env.items() if k.startswith(STARTUP) or k in STARTUP_NAMES))


def server_for(env):
    """这个环境的备好的 Python（控制 socket）；还没有就起一个。它意外结束了就是 None：以后都用 subprocess。"""
    if not USABLE:
        return None
    with lock:
        key = startup_env(env)
        control, server = servers.get(key, (None, None))
        if server is not None and server.poll() is not None:
            return None
        if server is None:
            control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            server = subprocess.Popen(
                [sys.executable, __file__, str(theirs.fileno())], pass_fds=[theirs.fileno()], env=env,
                cwd=os.path.dirname(__file__), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            )  # fmt: skip
            theirs.close()
            servers[key] = (control, server)
        return control


def prepare(env):
    """先把这个环境的备好的 Python 起起来（它 import openai 时，测试照常收集、运行）。"""
    server_for(env)


def stop():
    """关掉所有备好的 Python（它们看到控制 socket 关了就退出）。"""
    with lock:
        for control, server in servers.values():
            control.close()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        servers.clear()


def preexec(default=(), group=False, terminal=False):
    """Popen 的 preexec_fn，备好的 Python fork 出的子进程里也照做：
    default：这些信号恢复默认处理（pytest 可能是用 nohup、从后台启动的）；group：自成一个进程组；
    terminal：把标准输入（伪终端）认作控制终端（要 start_new_session=True）。"""
    steps = {"default": list(default), "group": group, "terminal": terminal}

    def run():
        apply(steps)

    run.steps = steps
    return run


def apply(steps):
    if os.name == "nt":
        return
    for name in steps["default"]:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if steps["group"]:
        os.setpgid(0, 0)
    if steps["terminal"]:
        import fcntl
        import termios

        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


CHILD = inspect.signature(subprocess.Popen._execute_child) if USABLE else None


def request_for(call):
    """能从备好的 Python fork 的，返回给它的请求；不能的（见开头）返回 None，照旧用 subprocess。"""
    if not USABLE:
        return None
    args = call["args"]
    if isinstance(args, (str, bytes, os.PathLike)) or call["shell"] or call["executable"] is not None:
        return None
    args = [os.fspath(arg) for arg in args]
    if len(args) < 2 or args[0] != sys.executable or not all(isinstance(arg, str) for arg in args):
        return None
    if args[1] == "-c" and len(args) < 3:
        return None
    if args[1] != "-c" and not (os.path.isabs(args[1]) and args[1].endswith(".py") and os.path.isfile(args[1])):
        return None
    steps = {} if call["preexec_fn"] is None else getattr(call["preexec_fn"], "steps", None)
    special = call["pass_fds"] or call["gid"] is not None or call["gids"] is not None or call["uid"] is not None
    special = special or call["umask"] >= 0 or call.get("process_group", -1) not in (-1, None)
    if steps is None or special or not call["close_fds"] or not call["restore_signals"]:
        return None
    try:
        cwd = os.path.abspath(os.fspath(call["cwd"]) if call["cwd"] is not None else os.getcwd())
    except OSError:  # 测试进程的工作目录已经删掉了
        return None
    env = os.environ if call["env"] is None else call["env"]
    ignored = []
    for sig in signal.valid_signals():
        try:
            if signal.getsignal(sig) == signal.SIG_IGN:
                ignored.append(int(sig))
        except ValueError:
            pass
    return {
        "argv": args,
        "cwd": cwd,
        "env": {os.fsdecode(k): os.fsdecode(v) for k, v in env.items()},
        "session": bool(call["start_new_session"]),
        "steps": steps,
        "ignored": ignored,  # 测试进程里忽略的信号：exec 之后也忽略
        "mask": sorted(map(int, signal.pthread_sigmask(signal.SIG_BLOCK, []))),  # 启动它的线程挡着的信号
    }


class Popen(subprocess.Popen):
    """subprocess.Popen；python 脚本、python -c 代码从备好的 Python fork 出来（能的话，见开头）。
    管道、text、communicate、超时都是 subprocess 自己的；只有启动、等它结束换成了问备好的 Python。"""

    forked = False

    def _execute_child(self, *args):
        call = CHILD.bind(self, *args).arguments if USABLE else {}
        request = request_for(call) if USABLE else None
        streams = [call.get(name, -1) for name in ("p2cread", "c2pwrite", "errwrite")]
        control = server_for(request["env"]) if request else None
        if control is None or not all(fd != -1 or valid(target) for target, fd in enumerate(streams)):
            return super()._execute_child(*args)
        mine, theirs = socket.socketpair()
        self._reply, self._received = mine, b""
        try:
            with theirs:
                fds = [theirs.fileno(), *(target if fd == -1 else fd for target, fd in enumerate(streams))]
                socket.send_fds(control, [b"run"], fds)
            mine.sendall(json.dumps(request).encode() + b"\n")
            pid = self._line(120)
        except OSError:  # 备好的 Python 不在了、fork 不出来（关了 socket）：子进程还没有，照旧用 subprocess
            mine.close()
            return super()._execute_child(*args)
        if pid is None:
            mine.close()
            raise ChildProcessError("备好的 Python 两分钟没有回应")
        self.pid, self.forked, self._child_created = int(pid), True, True
        self._close_pipe_fds(
            *(call[name] for name in ("p2cread", "p2cwrite", "c2pread", "c2pwrite", "errread", "errwrite"))
        )

    def _line(self, timeout):
        """备好的 Python 写回来的下一行（先是 pid，结束时是退出状态）；timeout 秒内没有就是 None
        （0：不等，None：一直等）。"""
        while b"\n" not in self._received:
            self._reply.settimeout(timeout)
            try:
                chunk = self._reply.recv(64)
            except (BlockingIOError, TimeoutError):
                return None
            if not chunk:  # 子进程成了孤儿，退出状态再也拿不到：结束它（它还在跑，pid 还是它的），说出来
                if getattr(self, "pid", None):
                    with contextlib.suppress(OSError):
                        os.kill(self.pid, signal.SIGKILL)
                raise ChildProcessError(f"备好的 Python 意外结束了（子进程 {getattr(self, 'pid', '?')}）")
            self._received += chunk
        line, self._received = self._received.split(b"\n", 1)
        return line

    def _status(self, block):
        """子进程的退出状态（和 waitpid 给的一样）；子进程在这之前一直是僵尸，pid 不会被别的进程用上。"""
        line = self._line(None if block else 0)
        if line is None:
            return None
        self._reply.settimeout(None)
        self._reply.shutdown(socket.SHUT_WR)  # 可以回收了
        while self._reply.recv(64):  # 备好的 Python 回收了它才关上
            pass
        self._reply.close()
        return int(line)

    def _internal_poll(self, _deadstate=None, **defaults):
        if not (USABLE and self.forked):
            return super()._internal_poll(_deadstate, **defaults)
        if self.returncode is None and self._waitpid_lock.acquire(False):
            try:
                if self.returncode is None:
                    status = self._status(block=False)
                    if status is not None:
                        self._handle_exitstatus(status)
            except ChildProcessError:  # 备好的 Python 意外结束了：退出状态再也拿不到，说出来，不一直“还在跑”
                raise
            except OSError:
                if _deadstate is not None:
                    self.returncode = _deadstate
            finally:
                self._waitpid_lock.release()
        return self.returncode

    def _try_wait(self, wait_flags):
        if not (USABLE and self.forked):
            return super()._try_wait(wait_flags)
        status = self._status(block=not wait_flags & os.WNOHANG)
        return (0, 0) if status is None else (self.pid, status)


def valid(fd) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


# subprocess.run 的同一份代码，只是用这里的 Popen
run = types.FunctionType(
    subprocess.run.__code__, {**vars(subprocess), "Popen": Popen}, "run", subprocess.run.__defaults__
)
run.__kwdefaults__ = subprocess.run.__kwdefaults__
run.__doc__ = "和 subprocess.run 一样，用这里的 Popen。"


# ── 备好的 Python ─────────────────────────────────────────────
def serve(control):
    """等 Popen 的请求，每个 fork 一个子进程；子进程从这里返回（它要执行的代码和 __main__ 的命名空间），
    备好的 Python 一直在这里。子进程结束时把它的退出状态写回请求的 socket，测试读到以后（或者走了）才回收它。
    测试进程走了（控制 socket 关了）就退出。"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # 终端上的 Ctrl-C 是给测试的
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ, None)
    while True:
        for key, _ in selector.select():
            if key.data is None:
                message, fds, _, _ = socket.recv_fds(control, 16, 4)
                if not message:
                    sys.exit(0)
                reply, request = socket.socket(fileno=fds[0]), b""
                while not request.endswith(b"\n") and (chunk := reply.recv(1 << 16)):
                    request += chunk
                everything = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
                gc.freeze()  # 子进程的垃圾回收不碰已有的对象：不用一页页复制、退出时也不用一个个看（省下一大半 CPU）
                try:
                    pid = os.fork() if request.endswith(b"\n") else -1
                except OSError:  # 进程太多了：测试那边看到 socket 关了，改用 subprocess
                    pid = -1
                if pid == -1:
                    signal.pthread_sigmask(signal.SIG_SETMASK, everything)
                    for fd in fds[1:]:
                        os.close(fd)
                    reply.close()
                    continue
                if pid == 0:  # 子进程：别的请求的 socket、pidfd 都不带走
                    for other in list(selector.get_map().values()):
                        if other.data is not None:
                            other.data[-1].close()
                            if other.data[0] == "running":
                                os.close(other.fd)
                    selector.close()
                    control.close()
                    reply.close()
                    return become(json.loads(request), fds[1:])
                signal.pthread_sigmask(signal.SIG_SETMASK, everything)
                for fd in fds[1:]:
                    os.close(fd)
                try:
                    reply.sendall(b"%d\n" % pid)
                except OSError:
                    pass
                selector.register(os.pidfd_open(pid), selectors.EVENT_READ, ("running", pid, reply))
            elif key.data[0] == "running":  # 子进程结束了：写回退出状态，先不回收
                _, pid, reply = key.data
                selector.unregister(key.fd)
                os.close(key.fd)
                try:
                    reply.sendall(b"%d\n" % wait_status(os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)))
                    selector.register(reply, selectors.EVENT_READ, ("done", pid, reply))
                except OSError:  # 测试已经不等它了
                    os.waitpid(pid, 0)
                    reply.close()
            else:  # 测试读到了退出状态（或者走了）：回收
                _, pid, reply = key.data
                selector.unregister(reply)
                os.waitpid(pid, 0)
                reply.close()


def wait_status(info) -> int:
    """waitid 的结果换成 waitpid 给的那种状态。"""
    if info.si_code == os.CLD_EXITED:
        return (info.si_status & 0xFF) << 8
    return info.si_status | (0x80 if info.si_code == os.CLD_DUMPED else 0)


def become(request, fds):
    """子进程：照 subprocess 和解释器启动的次序，换上标准流、工作目录、会话、信号、环境，准备好 __main__。
    返回 (代码, 文件名, __main__ 的命名空间, 信号掩码)。fork 之前挡住了所有信号：这期间来的，换好掩码才处理。"""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in set(fds):
        os.close(fd)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # 和 subprocess 的 close_fds 一样：只留 0、1、2
    os.chdir(request["cwd"])
    # 信号：exec 留下测试进程里忽略的，别的恢复默认（restore_signals 把 SIGPIPE、SIGXFSZ 也恢复默认）
    for sig in signal.valid_signals():
        if sig not in (signal.SIGKILL, signal.SIGSTOP):
            ignored = sig in request["ignored"] and sig not in (signal.SIGPIPE, signal.SIGXFSZ)
            signal.signal(sig, signal.SIG_IGN if ignored else signal.SIG_DFL)
    if request["session"]:
        os.setsid()
    if request["steps"]:
        apply(request["steps"])
    # 解释器启动时做的：忽略 SIGPIPE、SIGXFSZ，Ctrl-C 变成 KeyboardInterrupt（没被忽略的话）
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    if signal.getsignal(signal.SIGINT) == signal.SIG_DFL:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ.clear()
    os.environ.update(request["env"])
    gc.enable()
    standard_streams()
    args = request["argv"][1:]
    main = types.ModuleType("__main__")
    main.__annotations__, main.__builtins__, main.__spec__ = {}, __builtins__, None
    if args[0] == "-c":
        source, filename, folder, sys.argv = args[1], "<string>", "", ["-c", *args[2:]]
        main.__loader__ = importlib.machinery.BuiltinImporter
    else:
        filename = os.path.abspath(args[0])
        with open(filename, "rb") as f:
            source = f.read()
        folder, sys.argv = os.path.dirname(os.path.realpath(filename)), list(args)
        main.__file__, main.__cached__ = filename, None
        main.__loader__ = importlib.machinery.SourceFileLoader("__main__", filename)
    sys.orig_argv = list(request["argv"])
    if not sys.flags.safe_path:
        sys.path[0] = folder
    sys.modules["__main__"] = main
    return source, filename, main.__dict__, request["mask"]


def standard_streams():
    """像解释器启动时那样，按新的 fd 0、1、2 建 sys.stdin、stdout、stderr：是不是终端（行缓冲）、能不能 seek，
    都按新的算；编码、错误处理和备好的 Python 的一样（启动时的环境相同）。fd 没开着就是 None。"""
    buffered = not sys.__stdout__.write_through  # -u、PYTHONUNBUFFERED：不缓冲
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        old, stream = getattr(sys, f"__{name}__"), None
        if valid(fd):
            write = fd > 0
            if write:
                buffer = open(fd, "wb", buffering=-1 if buffered else 0, closefd=False)
            else:
                buffer = open(fd, "rb", closefd=False)
            raw = buffer.raw if hasattr(buffer, "raw") else buffer
            raw.name = f"<{name}>"
            stream = io.TextIOWrapper(
                buffer, encoding=old.encoding, errors=old.errors, newline="\n",
                line_buffering=buffered and (raw.isatty() or fd == 2), write_through=not buffered,
            )  # fmt: skip
            stream.mode = "w" if write else "r"
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def without_our_frames(traceback):
    """traceback 去掉开头这个文件里的几层（和换掩码时 signal.py 里的）：和直接跑 python 脚本 时一样，
    从脚本的那一层开始。"""
    while traceback is not None and traceback.tb_frame.f_code.co_filename in (__file__, signal.__file__):
        traceback = traceback.tb_next
    return traceback


if __name__ == "__main__" and USABLE:
    gc.disable()  # 到 fork 之前都不回收：对象不挪地方，子进程和它共用这些内存页
    import dotenv  # noqa: F401  预先 import：fork 出来的每个子进程都不用再 import
    import openai  # noqa: F401

    for _name in WARM:
        with contextlib.suppress(ImportError):
            importlib.import_module(_name)

    _source, _filename, _namespace, _mask = serve(socket.socket(fileno=int(sys.argv[1])))
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, _mask)
        exec(compile(_source, _filename, "exec", dont_inherit=True), _namespace)
    except BaseException as error:  # 照常由解释器处理：traceback、SystemExit 的退出码、Ctrl-C 的 130
        error.__traceback__ = without_our_frames(error.__traceback__)
        raise
