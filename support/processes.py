"""命令启动的进程：找到、结束、回收。Linux 上 agent 是“子进程收养者”，命令留下的孤儿都归它，一个也跑不掉。"""

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time

PROC_TREE = sys.platform.startswith("linux") and os.path.exists("/proc/self/stat")  # 能按 /proc 里的进程树找进程
# Linux ≥ 3.5：/proc/PID/task/TID/children 直接列出子进程，不用扫一遍整个 /proc
CHILD_LISTS = PROC_TREE and os.path.exists(f"/proc/self/task/{os.getpid()}/children")
PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 4, 36  # <linux/prctl.h>
GIVE_UP_SECONDS = 5  # 结束命令的进程最多花这么久；还在的算结束不了


def wait_watching(proc: subprocess.Popen, timeout: float, track: dict, signals: dict | None = None) -> bool:
    """等命令结束，返回有没有在 timeout 秒内结束。等的时候随时回收命令留下、已经退出的孤儿：僵尸不越积越多。
    成不了收养者（track["subreaper"] 是 False）时，每 0.05 秒记下一次命令的进程树：逃出去的进程也认得出来。
    等的时候来了信号（signals，见 ending_on_signals），在两次 wait 之间抛出：不会打断 Popen 里面拿着锁的那几步。"""
    deadline, signals = time.monotonic() + timeout, signals if signals is not None else {}
    while True:
        if signals.get("pending"):
            raise signals.pop("pending")
        left = deadline + signals.get("paused", 0) - time.monotonic()  # Ctrl-Z 停着的时间不算
        try:
            proc.wait(timeout=max(0, min(0.05, left)))
            return True
        except subprocess.TimeoutExpired:
            if left <= 0.05 and time.monotonic() >= deadline + signals.get("paused", 0):
                return False
            reap_orphans(proc, track)
            if PROC_TREE and not track["subreaper"]:
                track["seen"].update((pid, info[2]) for pid, info in command_tree(track).items())


def reap_orphans(proc: subprocess.Popen, track: dict) -> None:
    """回收归 agent 收养、已经退出的孤儿（agent 名下的僵尸）。命令本身（proc）留给 proc.wait()，
    命令开始前 agent 就有的子进程也不碰：它们的退出码是别人的。"""
    for pid in adopted(proc, track):
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # 还在跑的不等


def adopted(proc: subprocess.Popen, track: dict) -> list:
    """agent 名下除了命令本身、也不是命令开始前就有的子进程：命令留下、归 agent 收养的孤儿。
    只在读得到子进程列表、agent 又是收养者时才找得全；否则是空的。"""
    if not (CHILD_LISTS and track["subreaper"]):
        return []
    others = {pid for pid, _ in track["others"]} | {proc.pid}
    return [pid for pid in child_pids(os.getpid()) if pid not in others]


def end_command(proc: subprocess.Popen, track: dict) -> tuple[bool, int, int]:
    """结束命令和它启动的每个进程，都回收掉（不留僵尸）。
    返回 (结束了还在跑的后台进程没有, 几个结束不了, 其中几个是没有权限结束的)。

    Linux：按进程树找，换了进程组、会话的（timeout、setsid、set -m、两次 fork）也找得到；
    一遍遍地找、SIGKILL，直到 agent 名下不再有命令的进程：边杀边 fork、不停换 pid 的也跑不掉。
    其他 POSIX 系统尽力而为：只结束命令的进程组，脱离了进程组的找不到。Windows：taskkill /T。
    """
    if os.name == "nt":
        killed = subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True, check=False)
        proc.wait()
        return killed.returncode == 0, 0, 0
    if not PROC_TREE:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
            ended = True
        except OSError:  # 组里已经没有进程了
            ended = False
        proc.wait()
        return ended, 0, 0
    if proc.poll() is None:
        proc.kill()
    with contextlib.suppress(OSError):  # 命令的进程组：一次杀光，正在 fork 的也跑不掉（内核保证）
        os.killpg(proc.pid, signal.SIGKILL)
    ending, quiet, left = {"command": proc.pid, "ended": False, "denied": set()}, 0, 0
    deadline = time.monotonic() + GIVE_UP_SECONDS
    while time.monotonic() < deadline:
        proc.poll()  # 命令本身由 Popen 回收
        left = sweep(proc, track, ending)
        ending.pop("groups", None)
        if left:
            quiet = 0
            if not ending.pop("killed", False):  # 这一遍没杀掉新的（结束不了、正在退出）：别空转
                time.sleep(0.001)
            continue
        if proc.returncode is None:  # 命令本身还没死透：它的子进程可能还没交到 agent 名下，这时找不到不算数
            time.sleep(0.001)
            continue
        if no_children():  # 最可靠：agent 名下一个子进程也没有了
            break
        quiet += 1  # agent 还有命令之外的子进程：连着几遍都找不到，才算完
        if quiet >= 3:
            break
        time.sleep(0.001)
    running = (
        {pid for pid, info in command_tree(track).items() if info[1] != "Z" and pid != proc.pid} if left else set()
    )
    proc.wait()
    return ending["ended"], len(running), len(ending["denied"] & running)


def sweep(proc: subprocess.Popen, track: dict, ending: dict) -> int:
    """一遍：SIGKILL 命令的每个进程，回收归 agent 收养、已经退出的。返回这一遍还找到几个（命令本身不算）。
    快的办法只读子进程列表：agent 名下的先杀再回收，被 SIGKILL 杀死的才算“还在运行、已结束”；
    还没死透的，接着找它的后代。读不到子进程列表、或者 agent 不是收养者：扫 /proc，按进程树找。"""
    me = os.getpid()
    if not (CHILD_LISTS and track["subreaper"]):
        tree = command_tree(track, ending)
        for pid, (ppid, state, *_) in tree.items():
            if state == "Z" and ppid == me and pid != proc.pid:  # 归 agent 收养的，由 agent 回收
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, os.WNOHANG)
        return len(tree.keys() - {proc.pid})
    found, todo = 0, [] if proc.returncode is not None else child_pids(proc.pid)
    for pid in adopted(proc, track):
        found += 1
        end_one(pid, ending, counted=False)  # 僵尸也杀得“成”：是不是还在运行，看回收时的退出状态
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            continue
        if done:
            if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
                ending["ended"] = ending["killed"] = True
            continue
        end_group(proc_stat(pid), ending)
        todo += child_pids(pid)  # 还没死透：它的后代也找出来
    while todo:  # 不归 agent 收养的后代：先杀，再看它的子进程（杀了之后它就 fork 不出新的了）
        pid = todo.pop()
        info = proc_stat(pid)
        if info:
            found += 1
            if info[1] != "Z":
                end_one(pid, ending)
                end_group(info, ending)
                todo += child_pids(pid)
    return found


def no_children() -> bool:
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return False


def command_tree(track: dict, ending: dict | None = None) -> dict:
    """Linux：命令启动的、还在 /proc 里的进程，pid → (父进程, 状态, 启动时刻, 进程组)。
    从这些进程找起：命令运行时见过的（track["seen"]），和 agent 名下、不早于命令（track["started"]）启动的
    （命令本身和被 agent 收养的孤儿；命令开始前 agent 已有的子进程 track["others"] 除外）；再加上它们的全部后代。
    给了 ending 就边找边 SIGKILL：先杀，再看它的子进程，杀了之后它就 fork 不出新的了。"""
    me = os.getpid()
    if CHILD_LISTS:  # 只读 agent 和命令的进程的子进程列表：快，不停换 pid 的进程也跟得上
        stat, kids, first = proc_stat, child_pids, set(child_pids(me)) | {pid for pid, _ in track["seen"]}
    else:  # 扫一遍整个 /proc
        procs, children = processes(), {}
        for pid, (ppid, *_) in procs.items():
            children.setdefault(ppid, []).append(pid)
        stat, kids, first = procs.get, lambda pid: children.get(pid, []), procs
    todo, tree = [], {}
    for pid in first:
        info = stat(pid)
        if info and ((pid, info[2]) in track["seen"] or ours(pid, info, track)):
            todo.append(pid)
    while todo:
        pid = todo.pop()
        info = stat(pid) if pid not in tree and pid != me else None
        if not info:
            continue
        tree[pid] = info
        if ending is not None and info[1] != "Z":
            end_one(pid, ending)
        todo += kids(pid)
    return tree


def end_one(pid: int, ending: dict, counted: bool = True) -> None:
    """SIGKILL 一个进程；counted：杀成了就算结束了一个还在运行的后台进程（命令本身不算）。"""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    except PermissionError:  # 换了用户身份（比如 sudo）：没有权限结束
        ending["denied"].add(pid)
        return
    if counted and pid != ending["command"]:
        ending["ended"] = ending["killed"] = True


def end_group(info: tuple | None, ending: dict) -> None:
    """SIGKILL 命令的一个进程所在的整个进程组：组里正在 fork 的，内核保证新进程也收到，不停换 pid 的也就跑不掉。
    命令在独立会话里，它的进程所在的组都是它自己建的，组里不会有命令之外的进程。每一遍每个组只杀一次。"""
    if info and info[3] > 1 and info[3] != os.getpgrp() and info[3] not in ending.setdefault("groups", set()):
        ending["groups"].add(info[3])
        with contextlib.suppress(OSError):
            os.killpg(info[3], signal.SIGKILL)


def ours(pid: int, info: tuple | None, track: dict) -> bool:
    """agent 名下、不早于命令启动、不是命令开始前就有的子进程：命令本身，或者命令留下、被 agent 收养的孤儿。"""
    return (
        bool(info) and info[0] == os.getpid() and info[2] >= track["started"] and (pid, info[2]) not in track["others"]
    )


def child_pids(pid: int) -> list:
    """Linux ≥ 3.5：进程每个线程的子进程；进程没了就是空的。"""
    found = []
    with contextlib.suppress(OSError):
        for tid in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                found += f.read().split()
    return [int(p) for p in found]


def processes() -> dict:
    """Linux：/proc 里的每个进程，pid → (父进程, 状态, 启动时刻, 进程组)。"""
    return {int(name): info for name in os.listdir("/proc") if name.isdigit() and (info := proc_stat(name))}


def proc_stat(pid) -> tuple | None:
    """/proc/PID/stat 里的 (父进程, 状态, 启动时刻, 进程组)；进程已经没了就是 None。"""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()  # 进程名在括号里，可能带空格和括号
        return int(fields[1]), fields[0].decode(), int(fields[19]), int(fields[2])
    except (OSError, IndexError, ValueError):
        return None


def agent_children() -> set:
    """Linux：agent 现有的子进程 (pid, 启动时刻)：命令开始前就有的，不是命令启动的。"""
    me = os.getpid()
    if CHILD_LISTS:  # 直接读子进程列表，不必每条命令都扫一遍整个 /proc
        return {(pid, info[2]) for pid in child_pids(me) if (info := proc_stat(pid))}
    return {(pid, start) for pid, (ppid, _, start, _) in processes().items() if ppid == me} if PROC_TREE else set()


def start_time(pid: int) -> float:
    """命令（shell）的启动时刻；不在 Linux 上、或读不到，就当它无穷晚：不认领任何被收养的进程。"""
    info = proc_stat(pid) if PROC_TREE else None
    return info[2] if info else float("inf")


# 默认会结束进程、终端或别的进程能发来的信号（SIGQUIT 是 Ctrl-\\）：命令运行时收到它们，都先结束命令再退出
ENDING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU", "SIGXFSZ", "SIGVTALRM")
ENDING_SIGNALS += ("SIGPROF", "SIGPWR", "SIGPOLL")


class Ended(SystemExit):
    """收到一个默认会结束进程的信号（ENDING_SIGNALS）：以 128 + 信号结束，launch() 说一句。"""

    def __init__(self, signum: int):
        super().__init__(128 + signum)
        self.signum = signum


def end_on_signal(signum, frame):
    raise Ended(signum)


def ending_handled() -> None:
    """整个运行期间（等模型回复、在提示符处）：ENDING_SIGNALS 里还是默认处理的，都变成 Ended，
    ask() 的 finally 照常收尾（录音记下中断），launch() 说一句，退出码 128 + 信号。只在主线程里装。"""
    if threading.current_thread() is threading.main_thread():
        for sig in (getattr(signal, name) for name in ENDING_SIGNALS if hasattr(signal, name)):
            if signal.getsignal(sig) == signal.SIG_DFL:
                signal.signal(sig, end_on_signal)


@contextlib.contextmanager
def ending_on_signals(ended: str = "正在执行的命令和它启动的进程都已结束"):
    """命令运行时收到 SIGTERM、SIGHUP（比如关掉了终端）、SIGQUIT（Ctrl-\\）这些默认会结束进程的信号（ENDING_SIGNALS）：
    抛 SystemExit(128 + 信号)，run_bounded 先结束命令启动的每个进程，这里再说一句，程序退出。Ctrl-C（SIGINT）照旧抛
    KeyboardInterrupt。收尾时（hold）来的信号（包括再按一次 Ctrl-C）先记下，等收完尾再退出或抛 KeyboardInterrupt：
    收尾不会被打断。只在主线程里能装；只接管还是默认处理的信号：原来就忽略的（比如用 nohup 启动）照旧忽略，
    别人装了处理的照旧归别人；离开时恢复原来的处理。"""
    state = {"hold": False, "received": 0, "stuck": 0, "interrupted": False, "pending": None}
    if threading.current_thread() is not threading.main_thread():
        yield state
        return
    wanted = [getattr(signal, name) for name in ENDING_SIGNALS if hasattr(signal, name)]
    ours = (signal.SIG_DFL, end_on_signal)  # 默认处理的，和整个运行期间 launch() 装的那个
    previous = {sig: signal.getsignal(sig) for sig in wanted if signal.getsignal(sig) in ours}

    # 处理函数只记下来，由 wait_watching 在安全的地方抛出（pending）：信号要是落在 Popen.wait 拿到锁、
    # 还没进 try 的那一刻，锁就永远不放了，之后再 wait 会一直卡住
    def leave(signum, frame):
        state["received"] = state["received"] or signum
        if not state["hold"]:
            state["hold"] = True  # 第二个信号不再打断收尾
            state["pending"] = SystemExit(128 + signum)

    def interrupt(signum, frame):
        if state["hold"]:
            state["interrupted"] = True
        else:
            state["hold"] = True
            state["pending"] = KeyboardInterrupt()

    def pause(signum, frame):  # Ctrl-Z：命令（在它自己的会话里，终端的 Ctrl-Z 到不了它）跟着停，fg 后跟着继续
        stopped = time.monotonic()
        signal_group(state.get("group"), signal.SIGSTOP)
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # 真的停下；fg（SIGCONT）后从这里接着走
        signal.signal(signal.SIGTSTP, pause)
        signal_group(state.get("group"), signal.SIGCONT)
        state["paused"] = state.get("paused", 0) + time.monotonic() - stopped

    for sig in previous:
        signal.signal(sig, leave)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # Ctrl-C 本来就抛 KeyboardInterrupt 时才接管
        previous[signal.SIGINT] = signal.default_int_handler
        signal.signal(signal.SIGINT, interrupt)
    if hasattr(signal, "SIGTSTP") and signal.getsignal(signal.SIGTSTP) == signal.SIG_DFL:  # Windows 没有
        previous[signal.SIGTSTP] = signal.SIG_DFL
        signal.signal(signal.SIGTSTP, pause)
    try:
        yield state
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        if state["received"]:
            name, stuck = signal.Signals(state["received"]).name, state["stuck"]
            left = f"，只有 {stuck} 个结束不了" if stuck else ""
            with contextlib.suppress(OSError, ValueError):  # 终端可能已经关了
                print(f"\n[已退出] 收到 {name}：{ended}{left}。", file=sys.stderr)
            raise SystemExit(128 + state["received"])
        if state["interrupted"] or state.get("pending"):  # 命令刚结束时按的 Ctrl-C 也算数
            raise KeyboardInterrupt


def signal_group(group: int | None, sig: int) -> None:
    if group:
        with contextlib.suppress(OSError):  # 命令可能刚好结束了
            os.killpg(group, sig)


@contextlib.contextmanager
def interrupts_held():
    """里面的代码不会被 Ctrl-C 打断：按了就记下，出来时再抛 KeyboardInterrupt。
    只在主线程里、Ctrl-C 本来就抛 KeyboardInterrupt 时接管。"""
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    pressed = []
    signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if pressed:
        raise KeyboardInterrupt


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
