"""终端：屏幕上的转义、结果预览、等待提示、--step 的单步视图、命令行参数。"""

import argparse
import contextlib
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from support.wire import sent_arguments

PREVIEW_CHARS = 200  # [工具结果] 只打印开头这么多字符（模型拿到的是完整结果，上限见 tools.MAX_RESULT_CHARS）

# 控制字符（ESC、回车、退格……）、改变文字方向和看不见的字符（U+202E、U+200B……）、孤立的代理字符：
# 显示时一律写成 \x1b、\u202e 这样的转义，屏幕上看到的文字才和实际的一样
INVISIBLE = [
    *range(32),
    *range(127, 160),
    0xAD,
    0x61C,
    0x180E,
    *range(0x200B, 0x2010),
    *range(0x2028, 0x202F),
    *range(0x2060, 0x2070),
    *range(0xD800, 0xE000),
    0xFEFF,
    *range(0xE0000, 0xE0080),
]
ESCAPES = {c: chr(c).encode("unicode_escape").decode() for c in INVISIBLE}
ESCAPES_KEEP_LINES = {c: text for c, text in ESCAPES.items() if chr(c) not in "\n\t"}


def escaped(text, keep_lines: bool = False) -> str:
    """把看不见的字符写成转义：文件名里的换行不能伪造出一行结果，命令、模型的话也要让人看清。
    keep_lines：换行和制表符照常显示（多行的文字）。"""
    return str(text).translate(ESCAPES_KEEP_LINES if keep_lines else ESCAPES)


def printable(text) -> str:
    """打印到终端的样子：模型的话、文件内容、命令输出里的控制序列不能操纵终端。历史里仍是原文。"""
    return escaped(text, keep_lines=True)


def preview(text: str) -> str:
    """结果太长只显示开头；最后一行是分页提示（[… 用 offset=N 继续读] 之类）就总是留着。"""
    text = printable(text)
    body, _, hint = text.rpartition("\n")
    if not (body and hint.startswith(("[", "……"))):
        body, hint = text, ""
    cut = body if len(body) <= PREVIEW_CHARS else f"{line_start(body[:PREVIEW_CHARS])}…（共 {len(text)} 字符）"
    return f"{cut}\n{hint}" if hint else cut


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


def prepare_repl(model: str, demo: bool) -> None:
    """交互模式之前：没有标准输入或输出（python agent.py <&- 或 >&-）就一句话退出；终端上让 input() 支持方向键；
    打印开场白：模型、工作目录、怎样退出，离线演示还列出它认得的问题（中英文）。"""
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
    if demo:
        from support.demo_texts import DEMO_INTRO  # 只在演示时加载

        print(DEMO_INTRO)


def safe_console() -> None:
    """打印永不出错：终端编码（比如 GBK）显示不了的字符换成替代字符；读入的坏字节也一样。"""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


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

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:  # 回复到了、出错或 Ctrl-C：都停下并擦掉这一行
        done.set()
        ticker.join()
        if time.monotonic() - started >= 1:
            print("\r" + " " * 40 + "\r", end="", flush=True)


# ── --step：每次调用模型前，看 messages 新增了什么 ──────────────
BLUE, GREEN, RESET = "\x1b[34m", "\x1b[32m", "\x1b[0m"  # 新增的 assistant 请求用蓝色，tool 结果用绿色


def pause_step(round_num: int, messages: list, model: str, tools: list, stats: dict | None = None) -> None:
    """打印要送出的新消息，在终端上等回车。停在调用模型前，每个 tool_call 都已有结果，
    这时按 q 停下，历史仍然完整，下一个问题照常能问；按 e 可以先改一条工具结果再送出（what-if）。
    stats：这个问题到目前的统计（count_model_call 记下的每次用量），显示上一次调用的 token。"""
    print(step_view(round_num, messages, model, tools, stats=stats))
    if not interactive():
        return
    edited = set()
    while True:
        can_edit = any(m.get("role") == "tool" for m in new_messages(messages))
        try:
            answer = input(f"  [单步] 回车继续，{'e 回车改一条工具结果，' if can_edit else ''}q 回车停下这个问题：")
        except EOFError:
            answer = "q"
        answer = answer.strip().lower()
        if answer == "q":
            raise KeyboardInterrupt  # 和 Ctrl-C 一样停下这个问题
        if answer != "e" or not can_edit:
            return
        call_id = edit_result(messages)
        if call_id:
            edited.add(call_id)
            print(step_view(round_num, messages, model, tools, edited, stats))


def new_messages(messages: list) -> list:
    """上次调用模型之后新增的消息：从最后一条 assistant 起（新对话从头起）。"""
    start = max((i for i, m in enumerate(messages) if m.get("role") == "assistant"), default=0)
    return messages[start:]


def edit_result(messages: list) -> str | None:
    """改一条马上要送回模型的工具结果，看模型的下一步怎样跟着变。返回改了的那条的 tool_call_id。"""
    results = [m for m in new_messages(messages) if m.get("role") == "tool"]
    chosen = results[0]
    try:
        if len(results) > 1:
            for n, m in enumerate(results, 1):
                print(
                    printable(f"    {n}. {m.get('tool_call_id')}  {json.dumps(m['content'][:40], ensure_ascii=False)}")
                )
            pick = input("  [单步] 改哪一条？输入序号：").strip()
            if not (pick.isdecimal() and 1 <= int(pick) <= len(results)):
                print("  [单步] 没有这一条，什么也没改。")
                return None
            chosen = results[int(pick) - 1]
        new = edited_text(chosen["content"])
    except EOFError:
        new = None
    if new is None or new == chosen["content"]:
        print("  [单步] 结果没有改。")
        return None
    if not new.strip():  # 有的服务商拒收空的工具结果，之后每次请求都会失败
        print("  [单步] 工具结果不能是空的，没有改。")
        return None
    chosen["content"] = new  # 历史里存的、送给模型的，都是改过的这一份
    return chosen.get("tool_call_id")


def edited_text(content: str) -> str | None:
    """设置了 $VISUAL 或 $EDITOR 就用它改整段；没有就问“把哪段文字”“换成什么”。"""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if not editor:
        old = input("  [单步] 把哪段文字：")
        if not old or old not in content:
            print(printable(f"  [单步] 结果里没有 {old!r}。"))
            return None
        return content.replace(old, input("  [单步] 换成："))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(content)
    try:
        if subprocess.run([*shlex.split(editor), f.name], check=False).returncode != 0:
            return None
        new = Path(f.name).read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError) as e:  # 编辑器不存在、引号没配对……
        print(printable(f"  [单步] 没法用编辑器 {editor!r}：{e}"))
        return None
    finally:
        with contextlib.suppress(OSError):  # 编辑器可能把文件删了或换成了目录
            os.unlink(f.name)
    return new[:-1] if new.endswith("\n") and not content.endswith("\n") else new  # 编辑器常在末尾补一个换行


def colour() -> bool:
    """终端上、没有设置 NO_COLOR 时才上色。"""
    return bool(sys.stdout and sys.stdout.isatty()) and not os.environ.get("NO_COLOR")


def step_view(round_num: int, messages: list, model: str, tools: list, edited=frozenset(), stats=None) -> str:
    """上次调用模型之后 messages 新增的消息，一条一行；上一次调用的 token（服务商报告了的话）；
    最后是总数和请求的字节数。edited：改过的结果的 id。"""
    start = len(messages) - len(new_messages(messages))
    lines = [f"  [单步] 第 {round_num} 轮，messages 新增 {len(messages) - start} 条："]
    painted = colour()  # 终端上、没有 NO_COLOR 时上色：问一次就够
    for i, m in enumerate(messages[start:], start):
        role, text = m.get("role", "?"), ""
        if m.get("tool_calls"):
            text = "tool_calls: " + "，".join(
                f"{tc['function'].get('name')}({tc['function'].get('arguments')}) id={tc['id']}"
                for tc in m["tool_calls"]
            )
        elif role == "tool":
            text = f"tool_call_id={m.get('tool_call_id')}  " + ("（已改）" if m.get("tool_call_id") in edited else "")
        if m.get("content") or not text:
            content = str(m.get("content") or "")
            shown = json.dumps(content[:40], ensure_ascii=False) + ("…" if len(content) > 40 else "")
            text += f"{shown}（{len(content)} 字符）"
        line = printable(f"    [{i}] {role:<9} {text}")
        tint = (BLUE if m.get("tool_calls") else GREEN if role == "tool" else "") if painted else ""
        lines.append(f"{tint}{line}{RESET}" if tint else line)
    body = {"model": model, "messages": messages, "tools": tools, "tool_choice": "auto"}  # 和 run() 送出的一样
    size = len(json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode())
    lines += usage_lines(stats)
    lines.append(f"  [单步] 这次送出 messages {len(messages)} 条，请求 {size} 字节")
    return "\n".join(lines)


def usage_lines(stats: dict | None) -> list:
    """上一次调用模型的输入 token、比再上一次多了多少、其中缓存命中多少：每一轮都重发整个历史，
    输入就一轮比一轮多。服务商没报告用量就不显示。"""
    calls = (stats or {}).get("calls") or []
    if not calls or "prompt" not in calls[-1]:
        return []
    n, last = len(calls), calls[-1]  # 上一次调用是这个问题的第 n 轮
    line = f"  [单步] 上一次调用模型（第 {n} 轮）输入 {last['prompt']} tokens"
    if n > 1 and "prompt" in calls[-2]:
        grown = last["prompt"] - calls[-2]["prompt"]
        line += f"，比第 {n - 1} 轮{'多' if grown >= 0 else '少'} {abs(grown)}"
    if "cached" in last:
        line += f"，其中缓存命中 {last['cached']}"
    return [line]


# ── 命令行参数 ───────────────────────────────────────────────
EPILOG = """配置（写在 .env 里，见 .env.example；环境变量优先）：
  OPENAI_API_KEY      服务商的 API key
  OPENAI_BASE_URL     OpenAI 兼容接口地址，例如 https://api.deepseek.com
  MODEL               模型名，例如 deepseek-v4-flash
  OPENAI_TIMEOUT      一个回复最多等的秒数（含重试），默认 120
  OPENAI_MAX_RETRIES  连接失败、429、5xx 时的重试次数，默认 2

交互模式里：/reset 开始新对话；quit、exit、Ctrl-D、在提示符处按 Ctrl-C 都会退出；回答途中 Ctrl-C 只停这一轮。
退出码：0 得到回答；1 达到轮次上限或接口出错；2 配置或用法错误；130 被 Ctrl-C 中断（--step 里按 q 也是）。"""


def parse_args(argv, max_rounds: int, command_timeout: float) -> argparse.Namespace:
    """命令行参数；max_rounds、command_timeout 是默认值（agent.MAX_ROUNDS、tools.COMMAND_TIMEOUT）。"""
    parser = argparse.ArgumentParser(
        description="s05 结果回流：一个会多轮调用工具的最小 Agent。",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
    )
    parser.add_argument(
        "question", nargs="*", help="只问这一个问题，答完就退出（几个词会连成一句）；不写则进入交互模式"
    )
    parser.add_argument(
        "--max-rounds",
        type=int,
        metavar="N",
        help=f"一个问题最多调用模型几轮（默认 MAX_ROUNDS={max_rounds}）",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="run_command 的命令不再逐条询问，直接执行")
    parser.add_argument(
        "--command-timeout",
        type=float,
        default=command_timeout,
        metavar="秒",
        help=f"run_command 的命令最多跑多久，超时连同子进程一起结束（默认 {command_timeout}）",
    )
    parser.add_argument(
        "-C",
        "--workdir",
        metavar="DIR",
        help="工作目录：文件工具只能访问这个目录里的文件，命令也在这里运行（默认当前目录）",
    )
    parser.add_argument("--show-messages", action="store_true", help="每个问题结束后打印完整的 messages 列表（JSON）")
    parser.add_argument(
        "--step", action="store_true", help="单步：每次调用模型前打印 messages 新增了哪些消息，在终端上等回车（q 停下）"
    )
    parser.add_argument(
        "--demo", action="store_true", help="离线演示：用按规则回放的假模型代替真模型，不需要 key，不联网"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="把这次运行边跑边写进 FILE（JSON Lines）：请求、回复、每次工具执行、token 用量"
    )
    parser.add_argument(
        "--replay",
        metavar="FILE",
        help="离线重放录下的运行：回复来自录音，不用 key、不联网；工具重新执行，结果和录下的不同就说出来",
    )
    parser.add_argument("--resume", metavar="FILE", help="接着录下的对话问下去；新的记录写进 FILE（或 --record NEW）")
    parser.add_argument("--page", metavar="FILE", help="把录音 FILE 做成一个网页（FILE 旁边的 .html），不调用模型")
    args = parser.parse_intermixed_args(argv)
    for flag in ("record", "replay", "resume", "page"):  # --replay "$F" 而 F 是空的：不能悄悄当成没写
        if getattr(args, flag) is not None and not getattr(args, flag).strip():
            parser.error(f"--{flag} 后面要写文件的路径，这里是空的")
    if args.replay and (args.record or args.resume or args.demo or args.question):
        parser.error("--replay 不和 --record、--resume、--demo、问题一起用：问题和回复都来自录音")
    if args.page and (args.record or args.resume or args.replay or args.question):
        parser.error("--page 只把录音做成网页，不和问题、--record、--resume、--replay 一起用")
    if args.question and not " ".join(args.question).strip():  # python agent.py "" 不是交互模式，是漏了问题
        fail('[错误] 问题是空的：请写上问题，比如 python agent.py "这个项目是做什么的？"；不写问题就进入交互模式')
    args.question = " ".join(args.question).strip()
    args.rounds_given = args.max_rounds is not None  # --replay：没写 --max-rounds 时也不超过录制时的上限
    args.max_rounds = max_rounds if args.max_rounds is None else args.max_rounds
    if args.max_rounds < 1:
        parser.error("--max-rounds 至少是 1")
    if not 0 < args.command_timeout < math.inf:  # nan 也通不过
        parser.error("--command-timeout 要是大于 0 的有限秒数")
    return args
