"""课程检查：python tests/lesson.py

用你自己的 agent.py 和 tools.py，十秒钟之内把讲义说的几件事跑一遍：循环有上限、跑满就警告；每个调用恰好一条
按 id 配对的结果；结果回到下一次请求里；宿主拦下不配对的请求；模型调用、工具执行、messages 分开数；预算；
库存问题的数字。每项一行：✓ 和讲义说的一样；✗ 不一样（下面一两行说哪一轮、哪个 id、请求里有什么、讲义说会怎样）；
→ 讲义预料到的变化（做了某个实验就会这样），不算错；· 没查到（前面的问题让它停得更早，原因只说一次）。
退出码：0 没有 ✗，1 有。

模型有两种：本机上按脚本回复、像真服务商一样检查请求的假服务商（fakes/provider.py），和离线演示（--demo 的那个）。
库存问题在 examples/inventory 里问，和 docs/third-text.md 一样：把 stock 改了名（对照四），这里也看得到。
python tests/lesson.py --shipped 只比较课程的函数和发布时的是不是一样（CI 用它）；改了课程的代码、要发布它时，
python tests/lesson.py --update-shipped 把 SHIPPED 改成现在的样子。
"""

import ast
import contextlib
import hashlib
import inspect
import io
import json
import os
import re
import signal
import sys
import tempfile
import threading
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]  # 学习者的 agent.py、tools.py 和 support/、fakes/

from fakes.provider import FakeProvider, call, text_reply, tool_reply  # noqa: E402  测试也用的本地假服务商

INVENTORY = ROOT / "examples" / "inventory"
ONE = "我需要 3 盒红笔。库存够吗？如果够，一共多少钱？"
TWO = "我需要 3 盒红笔和 2 盒蓝笔。库存够吗？如果够，一共多少钱？"
LIMIT_SECONDS = 8  # 改坏了的循环可能停不下来：一次 run() 过了这么久就说一句，后面的也不再跑
MAX_OUTPUT = 200_000  # 一次 run() 的输出最多留这么多字符：改坏了的 print 写个没完，内存也不涨

# 发布时课程里每个函数的样子（ast.dump 的 sha256 前 12 位：注释、空行、格式不算）。
SHIPPED = {
    "agent.py": {
        "run": "c07fea8b8e8a",
        "new_conversation": "e5ac88fbe414",
        "check_pairing": "62830688c537",
        "tool_done": "48b09ed8a23f",
        "ready_to_send": "b4776adfc707",
        "ask": "5f9c04c9288c",
        "repl": "8ec9e3694549",
        "main": "653395c91f98",
    },
    "tools.py": {
        "list_files": "7c7395202534",
        "read_file": "d6b6b7c24bcd",
        "search_files": "37d6a8e56aff",
        "run_command": "cdf4b7b0e122",
        "clip": "3498ba430ba7",
        "dispatch_tool": "d9daa67707df",
        "check_arguments": "f60cee2c1efe",
        "takes": "99418274d386",
        "function_schema": "4d8936b0ee29",
    },
}


def fingerprints(path: Path) -> dict:
    """文件里每个顶层函数的指纹 {名字: 指纹}：去掉注释、空白连成一个空格以后的源码的 sha256 前 12 位
    （加注释、改缩进以外的空白都不算改了；各个 Python 版本算出来一样）。同名的函数定义了两次，按后一个。"""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            (row, start), (_, end) = token.start, token.end
            lines[row - 1] = lines[row - 1][:start] + " " * (end - start) + lines[row - 1][end:]
    found = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            code = re.sub(r"\s+", " ", "".join(lines[node.lineno - 1 : node.end_lineno])).strip()
            found[node.name] = hashlib.sha256(code.encode()).hexdigest()[:12]
    return found


def changed_from_shipped(root: Path = ROOT) -> list:
    """和发布时不一样的课程函数：["agent.py 的 run()", …]。读不了、解析不了的文件算整个不一样。"""
    changed = []
    for name, shipped in SHIPPED.items():
        try:
            now = fingerprints(root / name)
        except (OSError, SyntaxError, ValueError, tokenize.TokenError):
            changed.append(name)
            continue
        changed += [f"{name} 的 {func}()" for func in shipped if now.get(func) != shipped[func]]
        changed += [f"{name} 的 {func}()（新加的）" for func in now if func not in shipped]
    return changed


# ── 跑一次 run()，记下发生了什么 ─────────────────────────────────
class Counted:
    """包着客户端：数模型调用，留下每次请求的 messages（拷一份：run() 之后还会改它）。"""

    def __init__(self, client):
        self.client, self.requests = client, []
        self.base_url = getattr(client, "base_url", "")
        self.chat = type("Chat", (), {"completions": self})()

    def create(self, **request):
        self.requests.append([dict(m) for m in request.get("messages") or []])
        return self.client.chat.completions.create(**request)


class Capped(io.StringIO):
    """只留前 MAX_OUTPUT 个字符的输出。"""

    def write(self, text):
        if self.tell() < MAX_OUTPUT:
            super().write(text[: MAX_OUTPUT - self.tell()])
        return len(text)


class TooLong(BaseException):
    """过了 LIMIT_SECONDS 秒：不是 Exception，run() 里的 except Exception 接不住它。"""


def too_long(signum, frame):
    raise TooLong


def ask(agent, client, question: str, rounds: int, messages=None) -> dict:
    """在当前目录里问一个问题：{"out": 屏幕上的输出, "messages": run() 返回的, "requests": 每次请求,
    "error": 出的错}。"""
    counted, out, seen = Counted(client), Capped(), {"messages": None, "error": None}
    if STUCK:
        return {**seen, "error": STUCK[0], "out": "", "requests": []}
    timed = hasattr(signal, "SIGALRM")  # Windows 没有：不限时
    if timed:
        signal.signal(signal.SIGALRM, too_long)
        signal.alarm(LIMIT_SECONDS)
    try:
        with contextlib.redirect_stdout(out):
            seen["messages"] = agent.run(question, messages, client=counted, model="lesson", max_rounds=rounds)
    except TooLong:
        seen["error"] = f"run() {LIMIT_SECONDS} 秒还没有结束：循环停不下来了吗？"
        STUCK.append(f"没有再跑：前面有一次 run() {LIMIT_SECONDS} 秒还没有结束")
    except KeyboardInterrupt:
        raise
    except SystemExit as e:
        seen["error"] = f"run() 让程序退出了（sys.exit({e.code!r})）"
    except BaseException as e:  # noqa: BLE001  学习者改坏的代码什么错都可能出：说出来，接着查别的
        seen["error"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]
    finally:
        if timed:
            signal.alarm(0)
    if seen["messages"] is not None and not isinstance(seen["messages"], list):
        kind = type(seen["messages"]).__name__
        seen["error"], seen["messages"] = f"run() 返回的不是 messages 列表，是 {kind}（讲义：返回 messages）", None
    return {**seen, "out": out.getvalue(), "requests": counted.requests}


STUCK = []  # 有一次 run() 停不下来：后面的不再跑（不然每一项都要等 LIMIT_SECONDS）


def stats_line(run: dict) -> str:
    found = re.search(r"\[统计\][^\n]*", run["out"])
    return found.group(0) if found else "（没有 [统计] 行）"


def reason(run: dict) -> str:
    """这个问题为什么停下：屏幕上最后一行 [宿主拦截]、[警告]、[错误]，或者出的错。"""
    if run["error"]:
        return f"run() 出错：{run['error']}"
    lines = re.findall(r"\[(?:宿主拦截|警告|错误)\][^\n]*", run["out"])
    return lines[-1] if lines else ""


def answer(run: dict) -> str:
    text = run["out"].split("[最终回复]", 1)[1] if "[最终回复]" in run["out"] else ""
    return text.split("[统计]")[0].split("（离线回放")[0].strip()


def first_line(text: str) -> str:
    return text.strip().splitlines()[0][:120] if text.strip() else "（空）"


# ── 各项检查：返回 (记号, 一行, 下面的说明行) ─────────────────────
def check_bounded(agent, provider) -> tuple:
    client = provider([tool_reply(call("list_files", {"path": "."}, id=f"call_{i}")) for i in range(8)])
    run = ask(agent, client, "一直列目录", 3)
    calls = len(run["requests"])
    if calls < 3 and reason(run) and "[警告]" not in reason(run):
        return "·", f"循环的上限：没跑满 3 轮，第 {calls + 1} 轮之前就停了", [reason(run)]
    if calls != 3:
        return "✗", f"max_rounds=3 时调用了模型 {calls} 次", ["讲义：for … else 最多跑 max_rounds 轮，每轮调用一次模型"]
    if "[警告]" not in run["out"]:
        return "✗", "跑满 3 轮却没有 [警告]", ["讲义：轮次用完时 else 分支说一句“任务可能还没有完成”"]
    notes, rounds = [], getattr(agent, "MAX_ROUNDS", None)
    if type(rounds) is not int or rounds < 1:
        return "✗", f"agent.py 里的 MAX_ROUNDS 不是 1 以上的整数（{rounds!r}）", ["讲义：for … else 的上限"]
    if rounds != 10:
        notes.append(f"→ MAX_ROUNDS 是 {rounds}（发布时是 10）：不写 --max-rounds 时一个问题最多调用模型这么多次")
    return "✓", "循环有上限：max_rounds=3 调用模型 3 次，跑满说 [警告]", notes


def check_pairing(agent, provider, workdir: Path) -> list:
    """一次回复两个调用（读 a.txt、b.txt）：下一次请求里每个 id 恰好一条结果，内容是它自己的调用读到的。"""
    (workdir / "a.txt").write_text("内容A\n", encoding="utf-8")
    (workdir / "b.txt").write_text("内容B\n", encoding="utf-8")
    reads = [call("read_file", {"path": name}, id=f"call_{name[0]}") for name in ("a.txt", "b.txt")]
    p = provider([tool_reply(*reads), text_reply("好")])
    run = ask(agent, p, "读 a.txt 和 b.txt", 5)
    sent = run["requests"]
    if len(sent) < 2:
        kept = [m for m in run["messages"] or [] if m.get("role") == "tool"]
        why = reason(run) or "第 2 次请求没有发出"
        return [
            ("·", "配对的结果：第 2 次请求没有发出，看不到", []),
            ("✗", "结果没有回到下一次请求：第 1 轮调了 call_a、call_b，第 2 轮的请求没有发出", [
                why,
                f"messages 里只有 {len(kept)} 条 role:\"tool\" 结果（对照二、实验 c：没追加的结果，模型永远看不到）",
            ]),
        ]  # fmt: skip
    if p.rejected:
        host = "宿主检查没有拦下它：run() 里还调用 ready_to_send 吗？（对照二的第二步）"
        if "ready_to_send(" in source_of(agent.run):
            host = "宿主检查放它过去了：请求里的消息，服务商不收（见上面服务商的原话）"
        return [("✗", "第 2 次请求发出去了，服务商回 400", [p.rejected[0][:200], host])]
    return [pairing_verdict(sent[1]), flow_verdict(sent[0], sent[1])]


def pairing_verdict(second: list) -> tuple:
    at = next((i for i, m in enumerate(second) if m.get("tool_calls")), None)
    if at is None:
        return "✗", "第 2 次请求里没有带 tool_calls 的 assistant 消息", ["讲义：调用本身也要回到历史里，结果才有主"]
    results = [m for m in second[at + 1 :] if m.get("role") == "tool"]
    ids = [m.get("tool_call_id") for m in results]
    if sorted(ids) != ["call_a", "call_b"]:
        return "✗", f"第 2 次请求里 call_a、call_b 的结果是 {ids or '没有'}", ["讲义：每个调用恰好一条结果，按 id 配对"]
    content = {m["tool_call_id"]: str(m.get("content")) for m in results}
    if "内容B" in content["call_a"] and "内容A" in content["call_b"]:
        return "✗", "id 配错了：call_a 的结果是 b.txt 的内容，call_b 的是 a.txt 的", [
            "形状是对的，宿主检查和服务商都收下，模型却拿错了数据（实验 b）",
        ]  # fmt: skip
    for call_id, name in (("call_a", "a.txt"), ("call_b", "b.txt")):
        if f"内容{name[0].upper()}" not in content[call_id]:
            return "✗", f"{call_id} 的结果里没有 {name} 的内容", [f"结果：{first_line(content[call_id])}"]
    if ids == ["call_b", "call_a"]:
        return (
            "✓",
            "每个调用一条结果，按 id 配对",
            ["→ 结果的顺序和调用相反（实验 a）：按 id 照样配得上；只按位置配对的服务会配错（实验 d）"],
        )
    return "✓", "每个调用恰好一条结果，按 id 配对（call_a、call_b）", []


def flow_verdict(first: list, second: list) -> tuple:
    lost = [m.get("role") for m in first if m not in second]
    if "user" in lost:
        return "✗", "第 2 次请求里没有 user 消息", ["模型看得到结果，却不知道原来的任务（对照三）"]
    if lost:
        return "✗", f"第 2 次请求少了第 1 次里的 {', '.join(map(str, lost))} 消息", ["讲义：历史只往后加，不丢"]
    return "✓", "结果回流：第 2 次请求是第 1 次的全部消息，加上调用和它的结果", []


def check_host(agent) -> tuple:
    unpaired = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "u"},
        tool_reply(call("read_file", {}, id="call_x")),
    ]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            stopped = not agent.ready_to_send(unpaired)
            passed = agent.ready_to_send([*unpaired, {"role": "tool", "tool_call_id": "call_x", "content": "r"}])
    except Exception as e:  # noqa: BLE001
        return "✗", "宿主检查", [f"ready_to_send 出错：{type(e).__name__}: {e}"]
    if not (stopped and passed and "[宿主拦截]" in out.getvalue()):
        return (
            "✗",
            "ready_to_send 没有拦下缺了结果的请求（或者拦下了配好对的）",
            ["讲义：检查消息配对完整，再进入下一轮"],
        )
    if "ready_to_send(" not in source_of(agent.run):
        return "✗", "run() 里不再调用 ready_to_send", ["漏了结果的请求会直接发给服务商，被它拒绝（对照二的第二步）"]
    return "✓", "宿主检查：缺了结果的请求在发出之前拦下（[宿主拦截]）", []


def check_inventory(agent, demo_client) -> list:
    """第三篇讲义的库存问题（离线演示，在 examples/inventory 里）：数字、计数、预算 1、两种商品、按位置配对。"""
    from support.instructions import project_notes

    if not (INVENTORY / "AGENTS.md").is_file():
        return [("·", f"库存问题：{INVENTORY} 不在了（或者没有 AGENTS.md），没有查", [])]
    rounds = agent.MAX_ROUNDS if type(getattr(agent, "MAX_ROUNDS", None)) is int else 10
    with inside(INVENTORY):
        history = lambda: agent.new_conversation(project_notes())  # noqa: E731
        one = ask(agent, demo_client(), ONE, max(rounds, 1), history())
        budget = ask(agent, demo_client(), ONE, 1, history())
        two = ask(agent, demo_client(), TWO, 5, history())
        by_position = ask(agent, demo_client(by_position=True), TWO, 5, history())
    return [numbers(one), counts(one, rounds), budget_verdict(budget), two_items(two, by_position)]


def numbers(run: dict) -> tuple:
    text = answer(run)
    if "5 ≥ 3" in text and "3 × 12 = 36" in text:
        return "✓", "库存问题：5 ≥ 3，3 × 12 = 36 元（3 来自 user，5 和 12 来自 tool 结果）", []
    results = [str(m.get("content")) for m in run["messages"] or [] if m.get("role") == "tool"]
    if results and results[0].startswith("错误"):
        return "✓", "库存问题：工具读回的是错误，回答照实说读不到", [
            f"→ {first_line(results[0])}（对照四：不是 0，也不是缺货）",
        ]  # fmt: skip
    if len(run["requests"]) > 1 and not any(m.get("role") == "user" for m in run["requests"][-1]):
        return "✗", "库存问题的回答里没有 36：最后一次请求里没有 user 消息", [
            f"回答：{first_line(text)}（对照三：模型不知道你要 3 盒）",
        ]  # fmt: skip
    return "✗", "库存问题的回答不是讲义里的“够…36 元”", [reason(run) or f"回答：{first_line(text)}"]


def counts(run: dict, max_rounds: int) -> tuple:
    calls, messages = len(run["requests"]), len(run["messages"] or [])
    if run["error"]:
        return "·", "分开数：run() 出错了，没有 [统计] 行", [reason(run)]
    line = stats_line(run)
    said = re.search(r"模型调用 (\d+) 次，工具执行 (\d+) 次.*messages 共 (\d+) 条", line)
    if not said or (int(said.group(1)), int(said.group(3))) != (calls, messages):
        return "✗", f"{line} 和实际的对不上", [f"实际：模型调用 {calls} 次，messages 共 {messages} 条"]
    if (calls, int(said.group(2)), messages) == (2, 1, 5):
        return "✓", "分开数：模型调用 2 次，工具执行 1 次，messages 共 5 条", []
    why = reason(run) or f"（MAX_ROUNDS 是 {max_rounds}）"
    return "✗", f"库存问题 {line}（讲义：模型调用 2 次，工具执行 1 次，messages 共 5 条）", [why]


def budget_verdict(run: dict) -> tuple:
    calls, messages = len(run["requests"]), len(run["messages"] or [])
    if calls == 1 and "[警告]" in run["out"] and messages == 4 and "36" not in answer(run):
        return "✓", "预算 1 轮：工具执行了，第 2 次调用没有发出，[警告]，没有 36 元", []
    return "✗", f"预算 1 轮：模型调用 {calls} 次，messages 共 {messages} 条", [
        reason(run) or "讲义：模型调用 1 次、messages 4 条、[警告]，没有答案",
    ]  # fmt: skip


def two_items(by_id: dict, by_position: dict) -> tuple:
    results = [str(m.get("content")) for m in by_id["messages"] or [] if m.get("role") == "tool"]
    if results and all(r.startswith("错误") for r in results) and "不知道" in answer(by_id):
        return "✓", "红笔和蓝笔一起问：两种都读不到，回答说不知道，没有总价", []
    if "36 + 16 = 52" not in answer(by_id):
        return (
            "✗",
            "红笔和蓝笔一起问：没有“一共 36 + 16 = 52 元”",
            [reason(by_id) or f"回答：{first_line(answer(by_id))}"],
        )
    if "36 + 16 = 52" not in answer(by_position):
        return "✓", "红笔和蓝笔一起问：36 + 16 = 52 元（按 id 配对）", [
            "→ 只按位置配对的服务（实验 d）配错了：结果没有按调用的顺序追加（实验 a）",
        ]  # fmt: skip
    return "✓", "红笔和蓝笔一起问：36 + 16 = 52 元；只按位置配对的服务也配得上", []


# ── 帮手 ───────────────────────────────────────────────────────
def source_of(func) -> str:
    try:
        return inspect.getsource(func)
    except (OSError, TypeError):
        return ""


@contextlib.contextmanager
def inside(folder: Path):
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def give_up():
    seconds = LIMIT_SECONDS * 3
    line = f"✗ run() {seconds} 秒还没有结束，也停不下来（它接住了所有的异常？）：课程检查到这里为止。"
    print(line, file=sys.__stdout__, flush=True)
    os._exit(1)


def main(argv) -> int:
    if argv[1:] == ["--shipped"]:  # CI：课程的函数和 SHIPPED 记的一样吗
        changed = changed_from_shipped()
        print("课程的函数和 SHIPPED 记的一样。" if not changed else f"和 SHIPPED 不一样：{'，'.join(changed)}")
        return 1 if changed else 0
    if argv[1:] == ["--update-shipped"]:  # 改了课程的代码、要发布它的人用：把 SHIPPED 改成现在的样子
        text = Path(__file__).read_text(encoding="utf-8")
        now = "".join(  # 和 ruff format 排出来的一样：一行一个
            f"    {json.dumps(name)}: {{\n"
            + "".join(f"        {json.dumps(f)}: {json.dumps(h)},\n" for f, h in fingerprints(ROOT / name).items())
            + "    },\n"
            for name in SHIPPED
        )
        Path(__file__).write_text(
            re.sub(r"(?ms)^SHIPPED = \{\n.*?^\}", f"SHIPPED = {{\n{now}}}", text, count=1), encoding="utf-8"
        )
        return 0
    try:
        import openai
    except ImportError:
        print("[错误] 没装 openai：先运行 README 的第二条命令（装好测试依赖），在同一个虚拟环境里再运行它。")
        return 2
    try:
        import agent
    except (Exception, SystemExit) as e:  # noqa: BLE001  改坏了的 agent.py、tools.py：说一句，不出 traceback
        print(f"✗ agent.py 导入不了：{type(e).__name__}: {e}"[:300])
        return 1
    missing = [name for name in ("run", "new_conversation", "ready_to_send") if not callable(getattr(agent, name, 0))]
    if missing:
        print(f"✗ agent.py 里没有 {'、'.join(name + '()' for name in missing)}：课程检查要用它们（名字和章节一样）。")
        return 1
    from support.demo.model import demo_client

    results, servers = [], []

    def provider(script):
        fake = FakeProvider(script).__enter__()
        servers.append(fake)
        fake.chat = openai.OpenAI(base_url=fake.url, api_key="lesson", max_retries=0).chat
        return fake

    watchdog = threading.Timer(LIMIT_SECONDS * 3, give_up)  # run() 接住了所有的异常、怎么也停不下来
    watchdog.daemon = True
    watchdog.start()
    try:
        with tempfile.TemporaryDirectory() as tmp, inside(Path(tmp)):
            results.append(check_bounded(agent, provider))
            results += check_pairing(agent, provider, Path(tmp))
        results.append(check_host(agent))
        results += check_inventory(agent, demo_client)
    finally:
        for fake in servers:
            fake.__exit__(None, None, None)
    print(f"课程检查（{ROOT / 'agent.py'}、tools.py）：")
    failed = sum(mark == "✗" for mark, _, _ in results)
    said = set()
    for mark, line, notes in results:
        fresh = [note for note in notes if note not in said]
        said.update(notes)
        print(f"{mark} {line}" + ("（原因同上）" if notes and not fresh else ""))
        for note in fresh:
            print(f"    {note}")
    changed = changed_from_shipped()
    if changed:
        print(f"和发布时不一样的：{'，'.join(changed[:4])}{' 等' if len(changed) > 4 else ''}。")
    print("都和讲义说的一样。" if not failed else f"{failed} 项和讲义说的不一样：讲义的说明在 docs/third-text.md。")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except KeyboardInterrupt:
        print("\n[已中断] 课程检查没有跑完。")
        sys.exit(130)
    except BrokenPipeError:  # | head：安静地结束
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
