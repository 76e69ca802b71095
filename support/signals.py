"""信号：SIGTERM、SIGHUP（关掉终端）、Ctrl-\\、Ctrl-Z、Ctrl-C 来时程序怎样结束、怎样停下，一句话，退出码 128 + 信号。

整个运行期间（ending_handled，launch() 装上）：默认会结束进程的信号变成 Ended，收尾照常。命令、编辑器运行时
（ending_on_signals）：先结束它们，再退出；Ctrl-Z 连同命令一起停下。辅助线程挡住这些信号（start_quiet）：
内核只交给主线程，它正在等的 socket、命令才停得下来。
"""

import contextlib
import os
import signal
import sys
import threading
import time

# 默认会结束进程、终端或别的进程能发来的信号（SIGQUIT 是 Ctrl-\\）：命令运行时收到它们，都先结束命令再退出
ENDING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU", "SIGXFSZ", "SIGVTALRM")
ENDING_SIGNALS += ("SIGPROF", "SIGPWR", "SIGPOLL")
ENDING = tuple(getattr(signal, name) for name in ENDING_SIGNALS if hasattr(signal, name))  # 这个系统上有的


class Ended(SystemExit):
    """收到一个默认会结束进程的信号（ENDING_SIGNALS）：以 128 + 信号结束，launch() 说一句。"""

    def __init__(self, signum: int):
        super().__init__(128 + signum)
        self.signum = signum


def start_quiet(thread: threading.Thread) -> threading.Thread:
    """启动一个辅助线程，它从第一刻起就挡住 Ctrl-C 和 ENDING_SIGNALS，内核就把它们都交给主线程。落到别的线程上的信号
    打断不了主线程正在等的 socket；两个信号一前一后来时，主线程还可能先处理了后到的那个。新线程继承启动它的线程
    挡住的信号：启动的那一刻先挡住，启动完恢复。Windows 没有这一步（也不需要）。"""
    if not hasattr(signal, "pthread_sigmask"):
        thread.start()
        return thread
    wanted = {signal.SIGINT, *ENDING, *([signal.SIGTSTP] if hasattr(signal, "SIGTSTP") else [])}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
    try:
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)  # 这期间来的信号这时才交给主线程
    return thread


@contextlib.contextmanager
def endings_held():
    """里面的几步不被 ENDING_SIGNALS 打断（建了临时文件、还没记下它的名字）：这期间来的信号先记下，出来时才处理。
    换的是 Python 的处理函数，不是线程挡住的信号：信号落到哪个线程上，都由主线程在这里处理，只能这样等到出来。"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came = []
    before = {sig: signal.getsignal(sig) for sig in ENDING}
    before = {sig: handler for sig, handler in before.items() if handler is not None}  # 不是 Python 装的：不动
    for sig in before:
        signal.signal(sig, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        if came:
            signal.raise_signal(came[0])  # 照原来的处理：Ended、默认结束进程，或者忽略


def end_on_signal(signum, frame):
    for sig in (signal.SIGINT, *ENDING):
        if signal.getsignal(sig) in (end_on_signal, signal.default_int_handler):  # 已经在结束了：再来的信号、
            signal.signal(sig, already_ending)  # 再按 Ctrl-C 都不打断收尾，退出码照第一个
    raise Ended(signum)


def already_ending(signum, frame):
    """什么也不做（不用 SIG_IGN：已经到了、还没处理的信号碰上 SIG_IGN，Python 会抛 OSError）。"""


def ending_handled() -> None:
    """整个运行期间（等模型回复、在提示符处）：ENDING_SIGNALS 里还是默认处理的，都变成 Ended，
    ask() 的 finally 照常收尾（录音记下中断），launch() 说一句，退出码 128 + 信号。只在主线程里装。"""
    if threading.current_thread() is threading.main_thread():
        for sig in ENDING:
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
    ours = (signal.SIG_DFL, end_on_signal)  # 默认处理的，和整个运行期间 launch() 装的那个
    previous = {sig: signal.getsignal(sig) for sig in ENDING if signal.getsignal(sig) in ours}

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
