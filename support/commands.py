"""run_command 的护栏：执行前问用户，执行时有超时、输出只留头尾，结束时连同它启动的进程一起结束。"""

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from support.terminal import escaped, interactive

try:
    import termios  # 清掉确认前敲进来的字；Windows 没有
except ImportError:
    termios = None


def approve(command: str, auto_approve: bool) -> str:
    """返回空字符串表示批准；否则返回告诉模型为什么没执行的话。"""
    if auto_approve:
        return ""
    if not interactive():
        return "没有执行：需要用户确认，但当前不是交互终端（可用 --yes 参数自动批准）"
    if termios:  # 丢掉问之前就敲进来的字：批准必须是看到命令之后给的
        termios.tcflush(sys.stdin, termios.TCIFLUSH)
    # 整条命令单独成行，控制字符写成转义：用户看到的就是要执行的
    print("  [确认] 模型要执行这条命令：\n    " + escaped(command, keep_lines=True).replace("\n", "\n    "))
    prompt = "  执行吗？(y/N) "
    lines = command.split("\n")
    if len(lines) > 1:  # 命令很长时开头会滚出屏幕：问的时候再说一遍有几行、第一行是什么
        head = lines[0].strip()
        head = head if len(head) <= 24 else head[:24] + "…"
        prompt = f"  执行吗？（共 {len(lines)} 行，第一行 {head!r}）(y/N) "
    try:
        answer = input(prompt)
    except EOFError:
        answer = ""
    return "" if answer.strip().lower() in ("y", "yes") else "没有执行：用户拒绝了这条命令"


def run_bounded(command: str, timeout: float, keep_chars: int) -> tuple[int, str]:
    """在工作目录里执行命令，返回 (退出码, 输出)。输出最多留开头和结尾各约 keep_chars / 2 字节，
    超时、Ctrl-C 或命令结束时，连同它启动的子进程一起结束；输出后面附上发生了什么。"""
    # 独立进程组：超时、Ctrl-C 或命令结束时，连同它启动的子进程一起结束
    group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if os.name == "nt" else {"start_new_session": True}
    # 子进程看得到用户自己导出的变量，看不到 API key；.env 里的设置本来就不在 os.environ 里
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
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
    kept = {"head": bytearray(), "tail": bytearray(), "dropped": 0}
    reader = threading.Thread(target=keep_ends, args=(proc.stdout, kept, keep_chars), daemon=True)
    note = ""
    try:  # 从这里起 Ctrl-C 都要结束整个进程组：启动读线程时机器忙，也可能正好按下
        reader.start()
        proc.wait(timeout=timeout)
        if kill_group(proc):  # shell 退出了，它放到后台的进程还在跑
            note = "\n[命令结束时它启动的后台进程还在运行，已一并结束]"
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.wait()
        note = f"\n[超过 {timeout:g} 秒，命令已被终止]"
    except KeyboardInterrupt:
        kill_group(proc)
        raise
    reader.join(timeout=5)
    if reader.is_alive():  # 有子进程逃出了进程组，还占着输出管道：不等它
        note += "\n[有子进程脱离了进程组，还在占用输出，后面的输出没有收集]"
    cut = f"\n…（中间省略了 {kept['dropped']} 字节）…\n".encode() if kept["dropped"] else b""
    text = (kept["head"] + cut + kept["tail"]).decode("utf-8", errors="replace").strip()
    return proc.returncode, (text or "（没有输出）") + note


def keep_ends(pipe, kept: dict, keep_chars: int) -> None:
    """边读边丢：只留开头和结尾各约 keep_chars / 2 字节，数着中间丢了多少。

    命令输出多少，内存都不涨；communicate() 会把全部输出先攒在内存里。
    """
    half = keep_chars // 2 - 100
    head, tail = kept["head"], kept["tail"]
    while chunk := os.read(pipe.fileno(), 65536):
        if len(head) < half:
            room = half - len(head)
            head += chunk[:room]
            chunk = chunk[room:]
        tail += chunk
        if len(tail) > half:
            kept["dropped"] += len(tail) - half
            del tail[:-half]
    pipe.close()


def kill_group(proc: subprocess.Popen) -> bool:
    """结束命令的整个进程组。返回组里是否还有进程（有就被结束了）。"""
    if os.name == "nt":
        return (
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True, check=False).returncode
            == 0
        )
    try:
        os.killpg(proc.pid, signal.SIGKILL)
        return True
    except OSError:  # 组里已经没有进程了
        return False
