"""屏幕：[工具结果] 的预览、[调用工具] 那一行、等模型时的提示、交互模式的准备，和配置出错时的那一句话。"""

import contextlib
import os
import re
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from support.escapes import escaped, printable
from support.json_safe import sent_arguments
from support.signals import start_quiet

PREVIEW_CHARS = 200  # [工具结果] 只打印开头这么多字符（模型拿到的是完整结果，上限见 tools.MAX_RESULT_CHARS）


def preview(text: str) -> str:
    """结果太长只显示开头；最后一行是分页提示（[… 用 offset=N 继续读] 之类）就总是留着。
    切的是原文（不会切在一个转义的半中间），数的也是原文：模型收到的就是这么多字符。"""
    body, _, hint = text.rpartition("\n")
    if not (body and hint.startswith(("[", "……"))):
        body, hint = text, ""
    shown = f"…（屏幕上只显示开头 {PREVIEW_CHARS} 字符；模型收到的是全部 {len(text)} 字符）"  # 不是工具截断的
    whole = len(body) <= PREVIEW_CHARS + len(shown)  # 只多几个字符：整个显示，比说明还短
    cut = printable(body) if whole else printable(line_start(body[:PREVIEW_CHARS])) + shown
    return f"{cut}\n{printable(hint)}" if hint else cut


def line_start(cut: str) -> str:
    """切在 read_file 的行号上（"…\n11"）就退回上一行末尾：不留一个孤零零的行号。"""
    head, newline, last = cut.rpartition("\n")
    return head if newline and re.fullmatch(r"\d+\t?", last) else cut


def shown_call(name: str, arguments: str) -> str:
    """[调用工具] 后面那一段：工具名(参数)，参数是模型发来的原文（坏 JSON 也显示原文），
    写成一行、看不见的字符转义，太长只显示开头：一个 10 MB 的参数不会刷满终端。"""
    sent = sent_arguments(arguments)
    shown = escaped(sent[:PREVIEW_CHARS]) + (f"…（共 {len(sent)} 字符）" if len(sent) > PREVIEW_CHARS else "")
    return f"{escaped(name[:100])}{'…' if len(name) > 100 else ''}({shown})"


def interactive() -> bool:
    """标准输入和输出都是终端：这时才能停下来问用户。"""
    return bool(sys.stdin and sys.stdin.isatty() and sys.stdout and sys.stdout.isatty())


def fail(text: str):
    """配置或用法错误：一句话，退出码 2。"""
    print(text, file=sys.stderr)
    sys.exit(2)


def prepare_repl(model: str, intro: str = "") -> None:
    """交互模式之前：没有标准输入或输出（python agent.py <&- 或 >&-）就一句话退出；终端上让 input() 支持方向键；
    打印开场白：模型、工作目录、怎样退出，再加上 intro（离线演示列出它认得的问题）。"""
    if sys.stdin is None or sys.stdout is None:
        fail(
            "[错误] 没有标准输入或标准输出，进不了交互模式：把问题写在命令行上，"
            '例如 python agent.py "这个项目是做什么的？"'
        )
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  Windows 没有
        except ImportError:
            pass
    print(f"模型：{model}；工作目录：{Path.cwd()}（quit 退出，/reset 开始新对话）")
    if intro:
        print(intro)


def safe_console() -> None:
    """打印永不出错：终端编码（比如 GBK）显示不了的字符换成替代字符；读入的坏字节也一样。"""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


class Waiting:
    """包着客户端：每次 chat.completions.create(...) 都在 waiting() 里等，run() 里就不用写它。别的属性照原样。
    in_thread：在另一个线程里等（Windows：SDK 等 socket 时主线程收不到 Ctrl-C，cpython#85609）。"""

    def __init__(self, client, in_thread: bool = os.name == "nt"):
        self.client, self.in_thread = client, in_thread
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))

    def create(self, **request):
        with waiting():
            if not self.in_thread:
                return self.client.chat.completions.create(**request)
            return interruptible(self.client.chat.completions.create, request)

    def __getattr__(self, name):
        return getattr(self.client, name)


def interruptible(call, request: dict):
    """call(**request) 在一个线程里跑，主线程每 0.1 秒醒一次：Ctrl-C 打断的是主线程的等待，run() 照常停下这一轮；
    那个线程连同它的请求被丢下（回复来了也不用）。call 抛的异常原样抛出。"""
    done = {}

    def work():
        try:
            done["reply"] = call(**request)
        except BaseException as e:  # noqa: BLE001  交给主线程原样抛出
            done["error"] = e

    worker = start_quiet(threading.Thread(target=work, daemon=True))
    while worker.is_alive():
        worker.join(0.1)
    if "error" in done:
        raise done["error"]
    return done["reply"]


@contextlib.contextmanager
def waiting():
    """等模型回复时在终端上显示等了几秒，回复到了就擦掉；输出不是终端时什么也不打印。"""
    if not (sys.stdout and sys.stdout.isatty()):
        yield
        return
    done, started = threading.Event(), time.monotonic()

    def tick():
        while not done.wait(1):
            print(f"\r  等待模型回复… {time.monotonic() - started:.0f}s", end="", flush=True)

    ticker = start_quiet(threading.Thread(target=tick, daemon=True))
    try:
        yield
    finally:  # 回复到了、出错或 Ctrl-C：都停下并擦掉这一行
        done.set()
        ticker.join()
        if time.monotonic() - started >= 1:
            print("\r" + " " * 40 + "\r", end="", flush=True)
