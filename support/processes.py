"""命令启动的进程：找到、结束、回收。Linux 上 agent 是“子进程收养者”，命令留下的孤儿都归它，一个也跑不掉。"""

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
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


def descendants(pid: int) -> list:
    """pid 的子进程、孙进程……（Linux 按 /proc 找；别的系统是空的）。"""
    found, todo = [], [pid]
    while todo and len(found) < 10_000:
        children = [c for c in child_pids(todo.pop()) if c not in found]
        found += children
        todo += children
    return found


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
