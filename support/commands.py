"""run_command 的护栏：执行前问用户，执行时有超时、输出只留头尾，结束时连同它启动的进程一起结束。"""

import contextlib
import ctypes
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
import unicodedata
from pathlib import Path

from support.terminal import escaped, interactive

try:
    import termios  # 清掉确认前敲进来的字；Windows 没有
except ImportError:
    termios = None


MAX_SHOWN_CHARS = 4000  # 确认时要让用户看全整条命令：折叠空白后超过这么多字符或行，不问，直接不执行
MAX_SHOWN_LINES = 100
HEAD_COLUMNS = 60  # 命令长时，问 (y/N) 之前再说一遍开头：最多这么宽（中文字算两格）


def folded(command: str) -> str:
    """确认时显示的命令：控制字符写成转义，3 行以上的连续空行折叠成 [空行×N]，
    4 个以上的连续空白折叠成 [␣×N]（行首 16 个以内的空格缩进照常显示）。折叠后藏不住东西。"""
    text = escaped(command, keep_lines=True) + "\n"  # 补一个换行：末尾的空行也算进去
    text = re.sub(r"(?m)^(?:[^\S\n]*\n){3,}", lambda m: f"[空行×{len(m.group().splitlines())}]\n", text)[:-1]
    return re.sub(r"[^\S\n]{4,}", blank_run, text)


def blank_run(m: re.Match) -> str:
    """folded 里的一段连续空白：[␣×N]，全是同一种别的空白就写它的转义（[\\t×N]），混在一起是 [空白×N]。"""
    run = m.group()
    if len(run) <= 16 and not run.strip(" ") and (m.start() == 0 or m.string[m.start() - 1] == "\n"):
        return run  # 行首的缩进
    if len(set(run)) > 1:
        return f"[空白×{len(run)}]"
    return f"[{'␣' if run[0] == ' ' else run[0].encode('unicode_escape').decode()}×{len(run)}]"


def size_of(text: str) -> str:
    lines = text.count("\n") + 1
    return f"共 {lines} 行、{len(text)} 个字符"


def too_long_to_show(command: str) -> str:
    """屏幕上给不了用户看全的命令：返回告诉模型为什么没执行的话；能显示就返回空字符串。"""
    text = folded(command)
    if len(text) <= MAX_SHOWN_CHARS and text.count("\n") < MAX_SHOWN_LINES:
        return ""
    shown = f"，转义、折叠连续空白后显示出来{size_of(text)}" if text != command else ""
    return (
        f"没有执行：命令太长（{size_of(command)}{shown}，上限 {MAX_SHOWN_LINES} 行、{MAX_SHOWN_CHARS} 个字符），"
        "没有拿给用户确认。请拆成几条短命令，长的内容可以分几次写进文件再执行"
    )


def shown_command(command: str) -> tuple[str, str]:
    """确认时打印的文字和问题。文字里是整条命令（见 folded）和它的行数、字符数；命令不止短短一行时，
    最后再说一遍行数、字符数和开头：命令里有什么，(y/N) 上面都看得到它是怎么开始的。"""
    text = folded(command)
    note = "，连续的空白和空行已折叠，[␣×N] 是 N 个空格" if text != escaped(command, keep_lines=True) else ""
    shown = f"  [确认] 模型要执行这条命令（{size_of(command)}{note}）：\n    " + text.replace("\n", "\n    ")
    head, used = "", 0
    for c in escaped(text):  # 写成一行：换行、制表符也写成转义
        used += 2 if unicodedata.east_asian_width(c) in "WFA" else 1
        if used > HEAD_COLUMNS:
            head += "…"
            break
        head += c
    if head != text:  # 命令可能高过屏幕，开头已经滚了出去：紧挨着问题再说一遍
        shown += f"\n  [确认] {size_of(command)}，开头是：{head}"
    return shown, "  执行吗？(y/N) "  # 问题要短：TERM=dumb 时 readline 会截掉一行放不下的提示的开头


def approve(command: str, auto_approve: bool) -> str:
    """返回空字符串表示批准；否则返回告诉模型为什么没执行的话。"""
    if auto_approve:  # --yes：用户说了不用问，多长都执行
        return ""
    if not interactive():
        return "没有执行：需要用户确认，但当前不是交互终端（可用 --yes 参数自动批准）"
    refused = too_long_to_show(command)
    if refused:
        return refused
    if termios:  # 丢掉问之前就敲进来的字：批准必须是看到命令之后给的
        termios.tcflush(sys.stdin, termios.TCIFLUSH)
    text, question = shown_command(command)
    print(text)
    try:
        answer = input(question)
    except EOFError:
        answer = ""
    return "" if answer.strip().lower() in ("y", "yes") else "没有执行：用户拒绝了这条命令"


PROC_TREE = sys.platform.startswith("linux") and os.path.exists("/proc/self/stat")  # 能按 /proc 里的进程树找进程
PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 4, 36  # <linux/prctl.h>


def run_bounded(command: str, timeout: float, keep_chars: int) -> tuple[int, str]:
    """在工作目录里执行命令，返回 (退出码, 输出)。输出最多留开头和结尾各约 keep_chars / 2 字节。
    命令结束、超时、Ctrl-C、SIGTERM / SIGHUP 时，它启动的每个进程都一起结束（end_command）；输出后面附上发生了什么。"""
    prctl(PR_SET_CHILD_SUBREAPER, 1)  # Linux：命令留下的孤儿进程归 agent 收养，才找得到、回收得了
    # 独立会话：Ctrl-C、关终端只通知 agent，由它来结束命令（Windows：独立进程组）
    group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if os.name == "nt" else {"start_new_session": True}
    # 子进程看得到用户自己导出的变量，看不到 API key；.env 里的设置本来就不在 os.environ 里
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    kept = {"head": bytearray(), "tail": bytearray(), "dropped": 0, "cut_off": False}
    stop, track = threading.Event(), {"others": agent_children(), "seen": set()}
    with ending_on_signals() as signals:  # SIGTERM、SIGHUP：先结束命令，再退出
        proc = subprocess.Popen(
            command,
            shell=True,
            cwd=Path.cwd(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            **group,
        )
        track["started"] = start_time(proc.pid)
        reader = threading.Thread(target=keep_ends, args=(proc.stdout, kept, keep_chars, stop), daemon=True)
        try:  # 不管怎么离开这里（结束、超时、Ctrl-C、信号），finally 都结束命令启动的每个进程
            reader.start()
            finished = wait_watching(proc, timeout, track)
        finally:
            signals["hold"] = True  # 收尾时来的信号先记下，收完尾再退出
            ended, stuck = end_command(proc, track)
            signals["stuck"] = stuck
            reader.join(timeout=2)  # 进程都结束了，管道的写端也就都关了，很快读到结尾
            stop.set()  # 还有结束不了的进程占着管道：不再读
            reader.join(timeout=1)
    note = "" if finished else f"\n[超过 {timeout:g} 秒，命令已被终止]"
    if finished and ended:  # shell 退出了，它放到后台的进程还在跑
        note += "\n[命令结束时它启动的后台进程还在运行，已" + ("结束了能结束的]" if stuck else "一并结束]")
    if stuck:
        note += f"\n[它启动的进程里有 {stuck} 个结束不了（可能换了用户身份），还在运行]"
    if kept["cut_off"] or reader.is_alive():
        note += "\n[还有进程占着输出管道，之后的输出没有收集]"
    cut = f"\n…（中间省略了 {kept['dropped']} 字节）…\n".encode() if kept["dropped"] else b""
    text = (kept["head"] + cut + kept["tail"]).decode("utf-8", errors="replace").strip()
    return proc.returncode, (text or "（没有输出）") + note


def keep_ends(pipe, kept: dict, keep_chars: int, stop: threading.Event | None = None) -> None:
    """边读边丢：只留开头和结尾各约 keep_chars / 2 字节，数着中间丢了多少。

    命令输出多少，内存都不涨；communicate() 会把全部输出先攒在内存里。
    设了 stop 就不再读，哪怕还有进程占着管道（Windows 的管道不能 poll：一直读到结尾）。
    """
    half = keep_chars // 2 - 100
    head, tail = kept["head"], kept["tail"]
    poller = select.poll() if stop is not None and hasattr(select, "poll") else None
    if poller:
        poller.register(pipe.fileno(), select.POLLIN)
    while True:
        if stop is not None and stop.is_set():
            kept["cut_off"] = True
            break
        if poller and not poller.poll(100):  # 0.1 秒没有输出：回去看看要不要停
            continue
        chunk = os.read(pipe.fileno(), 65536)
        if not chunk:
            break
        if len(head) < half:
            room = half - len(head)
            head += chunk[:room]
            chunk = chunk[room:]
        tail += chunk
        if len(tail) > half:
            kept["dropped"] += len(tail) - half
            del tail[:-half]
    pipe.close()


# ── 命令启动的进程：找到、结束、回收 ─────────────────────────────
def wait_watching(proc: subprocess.Popen, timeout: float, track: dict) -> bool:
    """等命令结束，返回有没有在 timeout 秒内结束。
    Linux 上每半秒记下一次命令的进程树：万一成不了 subreaper，逃出去的进程也认得出来。"""
    deadline = time.monotonic() + timeout
    while True:
        try:
            proc.wait(timeout=max(0, min(0.5, deadline - time.monotonic())))
            return True
        except subprocess.TimeoutExpired:
            if time.monotonic() >= deadline:
                return False
            if PROC_TREE:
                track["seen"].update((pid, info[2]) for pid, info in command_tree(track).items())


def end_command(proc: subprocess.Popen, track: dict) -> tuple[bool, int]:
    """结束命令和它启动的每个进程，都回收掉（不留僵尸）。返回 (结束了还在跑的进程没有, 几个结束不了)。

    Linux：按进程树找，换了进程组、会话的（timeout、setsid、set -m、两次 fork）也找得到；
    一遍遍地找、SIGKILL，直到一个不剩：边杀边 fork 出来的也跑不掉。
    其他 POSIX 系统尽力而为：只结束命令的进程组，脱离了进程组的找不到。Windows：taskkill /T。
    """
    if os.name == "nt":
        killed = subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True, check=False)
        proc.wait()
        return killed.returncode == 0, 0
    if not PROC_TREE:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
            ended = True
        except OSError:  # 组里已经没有进程了
            ended = False
        proc.wait()
        return ended, 0
    if proc.poll() is None:
        proc.kill()
    me, ended, deadline = os.getpid(), False, time.monotonic() + 5
    while True:
        tree = command_tree(track)
        if proc.returncode is None:
            tree.pop(proc.pid, None)  # 命令本身由 proc.wait() 回收
        running = [pid for pid, (_, state, _) in tree.items() if state != "Z"]
        if not tree or time.monotonic() > deadline:
            break
        for pid in running:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                ended = True
        for pid, (ppid, _, _) in tree.items():
            if ppid == me:  # 归 agent 收养的，由 agent 回收
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, os.WNOHANG)
        time.sleep(0.01)
    proc.wait()
    return ended, len(running)


def command_tree(track: dict) -> dict:
    """Linux：命令启动的、还在 /proc 里的进程，pid → (父进程, 状态, 启动时刻)。
    从这些进程找起：命令运行时见过的（track["seen"]），和 agent 名下、不早于命令（track["started"]）启动的
    （命令本身和被 agent 收养的孤儿；命令开始前 agent 已有的子进程 track["others"] 除外）；再加上它们的全部后代。"""
    procs, me = processes(), os.getpid()
    children = {}
    for pid, (ppid, _, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    todo = [
        pid
        for pid, (ppid, _, start) in procs.items()
        if (pid, start) in track["seen"]
        or (ppid == me and start >= track["started"] and (pid, start) not in track["others"])
    ]
    tree = {}
    while todo:
        pid = todo.pop()
        if pid not in tree and pid != me:
            tree[pid] = procs[pid]
            todo += children.get(pid, [])
    return tree


def processes() -> dict:
    """Linux：/proc 里的每个进程，pid → (父进程, 状态, 启动时刻)。"""
    return {int(name): info for name in os.listdir("/proc") if name.isdigit() and (info := proc_stat(name))}


def proc_stat(pid) -> tuple | None:
    """/proc/PID/stat 里的 (父进程, 状态, 启动时刻)；进程已经没了就是 None。"""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()  # 进程名在括号里，可能带空格和括号
        return int(fields[1]), fields[0].decode(), int(fields[19])
    except (OSError, IndexError, ValueError):
        return None


def agent_children() -> set:
    """Linux：agent 现有的子进程 (pid, 启动时刻)：命令开始前就有的，不是命令启动的。"""
    me = os.getpid()
    return {(pid, start) for pid, (ppid, _, start) in processes().items() if ppid == me} if PROC_TREE else set()


def start_time(pid: int) -> float:
    """命令（shell）的启动时刻；不在 Linux 上、或读不到，就当它无穷晚：不认领任何被收养的进程。"""
    info = proc_stat(pid) if PROC_TREE else None
    return info[2] if info else float("inf")


@contextlib.contextmanager
def ending_on_signals():
    """命令运行时收到 SIGTERM、SIGHUP（比如关掉了终端）：抛 SystemExit(128 + 信号)，
    run_bounded 先结束命令启动的每个进程，这里再说一句，程序退出。收尾时（hold）来的信号等收完尾再退出。
    只在主线程里能装；原来就忽略的信号（比如用 nohup 启动）照旧忽略；离开时恢复原来的处理。"""
    state = {"hold": False, "received": 0, "stuck": 0}
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    previous = {sig: signal.getsignal(sig) for sig in wanted if signal.getsignal(sig) != signal.SIG_IGN}

    def leave(signum, frame):
        state["received"] = state["received"] or signum
        if not state["hold"]:
            state["hold"] = True  # 第二个信号不再打断收尾
            raise SystemExit(128 + signum)

    for sig in previous:
        signal.signal(sig, leave)
    try:
        yield state
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if state["received"]:
            name, stuck = signal.Signals(state["received"]).name, state["stuck"]
            left = f"，只有 {stuck} 个结束不了" if stuck else ""
            with contextlib.suppress(OSError, ValueError):  # 终端可能已经关了
                print(f"\n[已退出] 收到 {name}：正在执行的命令和它启动的进程都已结束{left}。", file=sys.stderr)
            raise SystemExit(128 + state["received"])


def prctl(option: int, value: int) -> bool:
    """调 Linux 的 prctl，返回成没成；其他系统什么也不做，返回 False。"""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def protect_memory() -> bool:
    """Linux：让 agent 进程不可 dump，同一用户跑的命令就读不了 /proc/<agent>/environ 和 mem（里面有 API key）。
    其他系统什么也不做。返回设上了没有。main() 开始时调用；测试别在 pytest 的进程里调用它。"""
    return prctl(PR_SET_DUMPABLE, 0)
