"""run_command 的护栏：执行前问用户，执行时有超时、输出只留头尾，结束时连同它启动的进程一起结束。"""

import codecs
import contextlib
import ctypes
import locale
import os
import re
import select
import shutil
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path

from support.escapes import escaped
from support.processes import (  # 命令启动的进程：找到、结束、回收
    PR_SET_CHILD_SUBREAPER,
    agent_children,
    end_command,
    prctl,
    start_time,
    wait_watching,
)
from support.signals import ending_on_signals, start_quiet
from support.terminal import interactive

try:
    import termios  # 清掉确认前敲进来的字；Windows 没有
except ImportError:
    termios = None
try:
    import msvcrt  # Windows 上清掉敲进来的字用它
except ImportError:
    msvcrt = None


# run_command 的说明里告诉模型命令由哪个 shell 执行（shell=True：POSIX 上是 /bin/sh，Windows 上是 cmd.exe）：
# 模型才知道该写 ls 还是 dir。只写 shell 的名字，不写这台机器上的路径：录下的运行换一台机器回放，说明还是一样的
SHELL_NOTE = "命令由 /bin/sh 执行"
if os.name == "nt":
    SHELL_NOTE = "命令由 cmd.exe 执行（用 dir、type、findstr，不是 ls、cat、grep）"
MAX_SHOWN_CHARS = 4000  # 确认时要让用户看全整条命令：折叠空白后超过这么多字符或行，不问，直接不执行
MAX_SHOWN_LINES = 100
HEAD_COLUMNS = 60  # 命令长时，问 (y/N) 之前再说一遍开头：最多这么宽（中文字算两格）


# 确认时写成转义的字符：ASCII 空格以外的空白（U+00A0、U+3000……shell 不拿它们分词）、控制和格式字符、
# 分隔符、私用区、未分配的码位、代理字符，和看起来是空白的字符（盲文空白、谚文填充符、异体字选择符……）
UNSEEN_KINDS = {"Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cn", "Cs"}
BLANK_LOOKING = {0x34F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, 0x1D159, *range(0x180B, 0x1810)}
BLANK_LOOKING |= {*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}


def spelled_out(text: str, fold: bool = True) -> str:
    """确认命令时的样子：上面这些字符、不跟在字母后面的组合符号（空格上的重音）写成 \\xa0 这样的转义；
    fold：同一个字符连着 4 个以上写成 [\\u2800×1800]。换行、制表符、字母、中文、字母上的重音照常显示。"""
    chars = set(text) - set(" \n\t")
    hidden = {c for c in chars if ord(c) in BLANK_LOOKING or unicodedata.category(c) in UNSEEN_KINDS}
    marks = {c for c in chars - hidden if unicodedata.category(c)[0] == "M"}
    hidden |= {c for c in marks if c > "\uffff"}  # BMP 以外的组合符号（古文字、乐谱……）一律转义：正则才快
    marks = re.escape("".join(marks - hidden))
    if marks:  # 前面不是字母、数字（谚文填充符不算）的一串组合符号
        after_blank = f"(?:(?<![\\w{marks}])|(?<=[\u115f\u1160\u3164\uffa0]))[{marks}]+"
        text = re.sub(after_blank, lambda m: spelled_run(m.group(), fold), text)
    if fold and hidden:
        same = r"([^ -~\n\t])\1{3,}"  # 同一个字符连着 4 个以上
        text = re.sub(same, lambda m: spelled_run(m.group(), fold) if m.group(1) in hidden else m.group(), text)
    return text.translate({ord(c): spelled_run(c, fold) for c in hidden})


def spelled_run(run: str, fold: bool) -> str:
    """一段字符的转义；fold 而且是同一个字符连着 4 个以上：[\\u2800×1800]。"""
    if fold and len(run) >= 4 and len(set(run)) == 1:
        return f"[{run[0].encode('unicode_escape').decode()}×{len(run)}]"
    return run.encode("unicode_escape").decode()


def screen_rows(text: str, width: int) -> int:
    """text 在 width 列的终端上占几行（长行折行）：中文、全角字符算两格，制表符算 8 格，宁多勿少。"""
    rows = 0
    for line in text.split("\n"):
        cells = sum(8 if c == "\t" else 2 if unicodedata.east_asian_width(c) in "WFA" else 1 for c in line)
        rows += max(1, -(-cells // max(width - 1, 1)))  # 行末放不下的宽字符折到下一行：每行少算一格
    return rows


def folded(command: str) -> str:
    """确认时显示的命令：看不清的字符写成转义（见 spelled_out），3 行以上的连续空行折叠成 [空行×N]，
    4 个以上的连续空白折叠成 [␣×N]（行首 16 个以内的空格缩进照常显示）。折叠后藏不住东西。"""
    text = spelled_out(command) + "\n"  # 补一个换行：末尾的空行也算进去
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
    """屏幕上给不了用户看全的命令：返回告诉模型为什么没执行的话；能显示就返回空字符串。
    看得全：折叠后不超过 MAX_SHOWN_LINES 行、MAX_SHOWN_CHARS 个字符，而且连同确认的话放得进终端的一屏。"""
    text, screen = folded(command), screen_size()
    if len(text) > MAX_SHOWN_CHARS or text.count("\n") >= MAX_SHOWN_LINES:
        limit = f"上限 {MAX_SHOWN_LINES} 行、{MAX_SHOWN_CHARS} 个字符"
    elif (rows := screen_rows("\n".join(shown_command(command)), screen.columns)) > screen.lines:
        limit = f"连同确认的话要占 {rows} 行，用户的终端一屏只有 {screen.lines} 行、{screen.columns} 列"
    else:
        return ""
    shown = f"，转义、折叠连续空白后显示出来{size_of(text)}" if text != command else ""
    return (
        f"没有执行：命令太长（{size_of(command)}{shown}，{limit}），"
        "没有拿给用户确认。请拆成几条短命令，长的内容可以分几次写进文件再执行"
    )


def screen_size() -> os.terminal_size:
    """终端一屏有多大：问终端本身（os.get_terminal_size）。环境变量 LINES、COLUMNS 只能让它更小，不能更大：
    导出了 LINES=100，24 行的终端也还是只有 24 行。"""
    told = shutil.get_terminal_size()  # 看 LINES、COLUMNS，再问终端，都没有就是 80×24
    try:
        real = os.get_terminal_size(sys.stdout.fileno())  # 确认的话印在标准输出上：量它所在的终端
    except (AttributeError, ValueError, OSError):
        return told
    if not (real.columns and real.lines):  # 终端没说自己多大（刚建的伪终端是 0×0）
        return told
    return os.terminal_size((min(real.columns, told.columns), min(real.lines, told.lines)))


def shown_command(command: str) -> tuple[str, str]:
    """确认时打印的文字和问题。文字里是整条命令（见 folded）和它的行数、字符数；命令不止短短一行时，
    最后再说一遍行数、字符数和开头：命令里有什么，(y/N) 上面都看得到它是怎么开始的。"""
    text = folded(command)
    note = "，连续的空白和空行已折叠，[␣×N] 是 N 个空格" if text != spelled_out(command, fold=False) else ""
    shown = f"  [确认] 模型要执行这条命令（{size_of(command)}{note}）：\n    " + text.replace("\n", "\n    ")
    head, used = "", 0
    for c in escaped(text):  # 写成一行：换行、制表符也写成转义
        used += 2 if unicodedata.east_asian_width(c) in "WFA" else 1
        if used > HEAD_COLUMNS:
            head += "…"
            break
        head += c
    if head != text:  # 命令不止短短一行：紧挨着问题再说一遍开头
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
    while msvcrt and msvcrt.kbhit():  # Windows 的控制台：一个个读掉
        msvcrt.getwch()
    text, question = shown_command(command)
    print(text)
    try:
        answer = input(question)
    except EOFError:
        answer = ""
    return "" if answer.strip().lower() in ("y", "yes") else "没有执行：用户拒绝了这条命令"


def run_bounded(command: str, timeout: float, keep_chars: int) -> tuple[int, str]:
    """在工作目录里执行命令，返回 (退出码, 输出)。输出最多留开头和结尾各约 keep_chars / 2 字节。
    命令结束、超时、Ctrl-C、SIGTERM / SIGHUP / SIGQUIT 这些信号来时，它启动的每个进程都一起结束（end_command）；
    输出后面附上发生了什么。"""
    subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1)  # Linux：命令留下的孤儿进程归 agent 收养，才找得到、回收得了
    # 独立会话：Ctrl-C、关终端只通知 agent，由它来结束命令（Windows：独立进程组）
    group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if os.name == "nt" else {"start_new_session": True}
    # 子进程看得到用户自己导出的变量，看不到 API key；.env 里的设置本来就不在 os.environ 里
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    kept = {"head": bytearray(), "tail": bytearray(), "dropped": 0, "cut_off": False}
    stop, track = threading.Event(), {"others": agent_children(), "seen": set(), "subreaper": subreaper}
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
        signals["group"] = proc.pid if os.name != "nt" else None  # 独立会话：进程组号就是它的 pid（Ctrl-Z 时跟着停）
        reader = threading.Thread(target=keep_ends, args=(proc.stdout, kept, keep_chars, stop), daemon=True)
        try:  # 不管怎么离开这里（结束、超时、Ctrl-C、信号），finally 都结束命令启动的每个进程
            start_quiet(reader)  # 读输出的线程挡住 Ctrl-C、SIGTERM：交给主线程
            finished = wait_watching(proc, timeout, track, signals)
        finally:
            signals["hold"] = True  # 收尾时来的信号先记下，收完尾再退出
            ended, stuck, denied = end_command(proc, track)
            signals["stuck"] = stuck
            reader.join(timeout=2)  # 进程都结束了，管道的写端也就都关了，很快读到结尾
            stop.set()  # 还有结束不了的进程占着管道：不再读
            reader.join(timeout=1)
    note = "" if finished else f"\n[超过 {timeout:g} 秒，命令已被终止]"
    if finished and ended:  # shell 退出了，它放到后台的进程还在跑
        note += "\n[命令结束时它启动的后台进程还在运行，已" + ("结束了能结束的]" if stuck else "一并结束]")
    if stuck:  # 没有权限结束的，才是换了用户身份
        why = f"（其中 {denied} 个没有权限结束：换了用户身份）" if denied else ""
        note += f"\n[它启动的进程里有 {stuck} 个结束不了{why}，还在运行]"
    if kept["cut_off"] or reader.is_alive():
        note += "\n[还有进程占着输出管道，之后的输出没有收集]"
    cut = f"\n…（中间省略了 {kept['dropped']} 字节）…\n".encode() if kept["dropped"] else b""
    text = output_text(kept["head"], cut, kept["tail"], console_encoding()).strip()
    return proc.returncode, (text or "（没有输出）") + note


def output_text(head: bytes, cut: bytes, tail: bytes, fallback: str = "utf-8") -> str:
    """留下的头尾 → 文字，\r\n 换成 \n。先当 UTF-8（切口处被切开的半个字符不算数）；不是 UTF-8 的按 fallback 解码
    （Windows 上 cmd 的输出是控制台的代码页，比如 cp936）；还不行，坏字节换成 �。"""
    edge = len(tail) - len(tail.lstrip(bytes(range(0x80, 0xC0)))) if cut else 0  # 切口后面开头的半个字符
    whole = [head, tail[min(edge, 3) :]] if cut else [head + tail]
    encoding = "utf-8" if all(utf8(piece, last=not cut or i) for i, piece in enumerate(whole)) else fallback
    try:
        text = (head + cut + tail).decode(encoding, errors="replace")
    except LookupError:  # 认不得的代码页
        text = (head + cut + tail).decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n")


def utf8(data: bytes, last: bool = True) -> bool:
    """data 是 UTF-8（last 为假：末尾被切开的半个字符不算错）。"""
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=last)
    except UnicodeDecodeError:
        return False
    return True


def console_encoding() -> str:
    """命令的输出不是 UTF-8 时按什么解码：Windows 上是 cmd 往管道里写的 OEM 代码页（中文系统是 cp936），
    别的系统是 locale 的。"""
    if os.name == "nt":
        with contextlib.suppress(AttributeError, OSError):
            return f"cp{ctypes.windll.kernel32.GetOEMCP()}"
    return locale.getpreferredencoding(False)


def keep_ends(pipe, kept: dict, keep_chars: int, stop: threading.Event | None = None) -> None:
    """边读边丢：只留开头和结尾各约 keep_chars / 2 字节，数着中间丢了多少。

    命令输出多少，内存都不涨；communicate() 会把全部输出先攒在内存里。
    设了 stop 就不再读，哪怕还有进程占着管道（Windows 的管道不能 poll：一直读到结尾）。
    """
    half = max(keep_chars // 2 - 100, keep_chars // 4, 1)  # 上限改得很小（练习 4）也只留有限的几个字节
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
