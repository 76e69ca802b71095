"""--step：每次调用模型前停一下，看 messages 比上一次调用多了哪几条；在终端上等回车，
可以先改一条马上要送回模型的工具结果（what-if）。"""

import contextlib
import copy
import difflib
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from support.escapes import printable
from support.json_safe import paired
from support.processes import CHILD_LISTS, descendants
from support.secrets import screen_secrets, stand_ins
from support.signals import ending_on_signals
from support.stats import NotRun
from support.terminal import interactive

BLUE, GREEN, RESET = "\x1b[34m", "\x1b[32m", "\x1b[0m"  # 新增的 assistant 请求用蓝色，tool 结果用绿色
SENT = []  # 上一次停下后送出的：[那个 messages 列表本身, 当时的一份拷贝]。改过的 run() 就地改了哪一条，比一比就知道


def pause_step(round_num: int, messages: list, model: str, tools: list, stats: dict | None = None) -> None:
    """打印要送出的新消息，在终端上等回车。停在调用模型前，每个 tool_call 都已有结果，
    这时按 q 停下，历史仍然完整，下一个问题照常能问；按 e 可以先改一条工具结果再送出（what-if）。
    stats：这个问题到目前的统计（count_model_call 记下的每次用量），显示上一次调用的 token。"""
    print(step_view(round_num, messages, model, tools, stats=stats))
    if not interactive():
        SENT[:] = [messages, copy.deepcopy(messages)]
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
        if not answer:
            SENT[:] = [messages, copy.deepcopy(messages)]
            return
        if answer != "e" or not can_edit:  # 打错了：再问一次，不当成回车
            print(f"  [单步] 没有 {printable(answer[:20])!r} 这一项。")
            continue
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
    old = chosen["content"]  # 没执行的调用改了结果也还是没执行的（录音、[统计] 照样分开数）
    chosen["content"] = NotRun(new, old.reason) if isinstance(old, NotRun) else new  # 历史里、送给模型的都是它
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
    swaps = stand_ins(content, screen_secrets())  # 编辑器也是屏幕：key 的每一种样子换成替身
    shown = content
    for form, name in swaps.items():
        shown = shown.replace(form, name)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(shown)
    if swaps:
        names = "、".join(dict.fromkeys(swaps.values()))
        print(f"  [单步] 结果里的 key 在编辑器里写成 {names}：留着它，送回模型的还是原来的 key。")
    try:
        if run_editor([*editor_command(editor), f.name]) != 0:
            return None
        new = Path(f.name).read_text(encoding="utf-8", errors="replace")
        for form, name in swaps.items():
            new = new.replace(name, form)
    except (OSError, ValueError) as e:  # 编辑器不存在、引号没配对……
        print(printable(f"  [单步] 没法用编辑器 {editor!r}：{e}"))
        return None
    finally:
        with contextlib.suppress(OSError):  # 编辑器可能把文件删了或换成了目录
            os.unlink(f.name)
    return new[:-1] if new.endswith("\n") and not content.endswith("\n") else new  # 编辑器常在末尾补一个换行


def editor_command(editor: str, windows: bool = os.name == "nt") -> list:
    """$EDITOR 拆成命令和参数。Windows 的路径里有 \\（C:\\Windows\\notepad.exe）：按 Windows 的规矩拆，不吃掉它们。"""
    if not windows:
        return shlex.split(editor)
    parts = shlex.split(editor, posix=False)  # 引号留在词里：去掉两头的
    return [p[1:-1] if len(p) > 1 and p[0] == p[-1] == '"' else p for p in parts]


def run_editor(argv: list) -> int:
    """打开编辑器，等它关掉，返回退出码。这时收到 SIGTERM、SIGHUP 这些信号（ending_on_signals）或 Ctrl-C：
    先结束编辑器（不留一个没有父进程的编辑器），临时文件由 edited_text 删掉，再退出或停下这个问题。"""
    with ending_on_signals("编辑器已关掉，临时文件已删除") as signals:
        editor = subprocess.Popen(argv)
        try:
            while True:
                if signals.get("pending"):
                    raise signals.pop("pending")
                with contextlib.suppress(subprocess.TimeoutExpired):
                    return editor.wait(timeout=0.05)
        finally:
            signals["hold"] = True
            if editor.poll() is None:
                left = descendants(editor.pid) if CHILD_LISTS else []  # 编辑器自己启动的进程也一起结束
                editor.terminate()
                try:
                    editor.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    editor.kill()
                    editor.wait()
                for pid in left:
                    with contextlib.suppress(OSError):
                        os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))


def colour() -> bool:
    """终端上、没有设置 NO_COLOR 时才上色。"""
    return bool(sys.stdout and sys.stdout.isatty()) and not os.environ.get("NO_COLOR")


def step_view(round_num: int, messages: list, model: str, tools: list, edited=frozenset(), stats=None) -> str:
    """上次调用模型之后 messages 新增的消息，一条一行；上一次调用的 token（服务商报告了的话）；
    最后是总数和请求的字节数。edited：改过的结果的 id。"""
    changed, added, removed = changes_since(messages, round_num)
    more = f"，改了 {len(changed)} 条" * bool(changed) + f"，少了 {removed} 条" * bool(removed)
    lines = [f"  [单步] 第 {round_num} 轮，messages 新增 {len(added)} 条{more}："]
    lines += [printable(f"    [{i}] {role_of(messages[i]):<9} 改过：{what}") for i, what in changed]
    painted = colour()  # 终端上、没有 NO_COLOR 时上色：问一次就够
    for i in added:
        m = messages[i] if isinstance(messages[i], dict) else {"role": "?", "content": repr(messages[i])}
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
    lines += pair_lines(messages, min(added, default=len(messages)), painted)
    body = {"model": model, "messages": messages, "tools": tools, "tool_choice": "auto"}  # 和 run() 送出的一样
    sent = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    size = len(sent.encode("utf-8", "replace"))  # 录音里的 \ud800 也算得出
    lines += usage_lines(stats)
    lines.append(f"  [单步] 这次要送出 messages {len(messages)} 条，请求 {size} 字节")
    return "\n".join(lines)


def changes_since(messages: list, round_num: int) -> tuple:
    """和上一次送出的比（按内容对齐，不按位置）：(改过的 [(下标, 改了什么)], 新增的下标, 少了几条)。
    这个问题的第 1 轮、又是另一个列表（新对话、/reset）：从最后一条 assistant 起算新增。
    改过的 run() 换了一个新列表（messages = [...]）也照样比：同一个问题里，上一次送出的就是比较的起点。"""
    if not (SENT and (SENT[0] is messages or round_num > 1)):
        return [], list(range(len(messages) - len(new_messages(messages)), len(messages))), 0
    before, key = SENT[1], lambda m: json.dumps(m, sort_keys=True, ensure_ascii=False, default=str)
    changed, added, removed = [], [], 0
    match = difflib.SequenceMatcher(None, [key(m) for m in before], [key(m) for m in messages], autojunk=False)
    for tag, i1, i2, j1, j2 in match.get_opcodes():
        n = min(i2 - i1, j2 - j1) if tag == "replace" else 0  # 换掉的：一对一算改过，多出来的算新增或删掉
        changed += [(j1 + k, what_changed(before[i1 + k], messages[j1 + k])) for k in range(n)]
        added += list(range(j1 + n, j2)) if tag != "equal" else []
        removed += (i2 - i1 - n) if tag != "equal" else 0
    return changed, added, removed


def role_of(m) -> str:
    return str(m.get("role", "?")) if isinstance(m, dict) else "?"


def what_changed(old, new) -> str:
    """一条消息改了什么：content 写出前后各是什么，别的字段只说名字。"""
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return "整条换了"
    keys = [str(k) for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k)]
    said = [f"content 原来是 {short(old.get('content'))}，现在是 {short(new.get('content'))}"] * ("content" in keys)
    others = [k for k in keys if k != "content"]
    return "；".join(said + [f"{'、'.join(others)} 变了"] * bool(others))


def short(content) -> str:
    text = str(content or "")
    return json.dumps(text[:40], ensure_ascii=False) + ("…" if len(text) > 40 else "") + f"（{len(text)} 字符）"


def pair_lines(messages: list, start: int, painted: bool) -> list:
    """新增的 assistant 消息一次调了几个工具：每个调用的 id 旁边写上回答它的那条结果（按 tool_call_id 找，不按位置），
    调用蓝色、结果绿色。结果排的位置和调用的不一样，或者哪个调用没有结果，都注明。"""
    lines = []
    for i in range(start, len(messages)):
        pairs = paired(messages, i)
        if len(pairs) < 2:
            continue
        shown = [
            printable(f"{tc['id']} {tc['function'].get('name')}({tc['function'].get('arguments')})") for tc, *_ in pairs
        ]
        width = max(map(cells, shown))
        lines.append(f"  [单步] messages[{i}] 的 {len(pairs)} 个调用，按 tool_call_id 配对的结果：")
        for n, ((tc, j, k), text) in enumerate(zip(pairs, shown, strict=True)):
            call = f"调用 {text}{' ' * (width - cells(text))}"  # 对齐：中文字占两格
            moved = f"，排在第 {k + 1} 条，调用是第 {n + 1} 个" if k not in (None, n) else ""
            answer = "（没有结果）" if j is None else f"结果 [{j}] tool_call_id={printable(tc['id'])}{moved}"
            lines.append(
                f"    {BLUE}{call}{RESET}  ←  {GREEN}{answer}{RESET}" if painted else f"    {call}  ←  {answer}"
            )
    return lines


def cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


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
