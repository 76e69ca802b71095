"""--replay：离线重放一次录下的运行；--resume：接着录下的对话问下去。

回放时 run() 一行不改：Replayer 装成客户端，create() 按顺序交出录下的回复，不联网、不用 key；
工具照常在当前的工作目录里真的执行（命令照样要你确认）。今天的结果和录下的不一样、
这次的请求和录下的不一样，就在那一轮说一句 [回放] …，然后接着用录下的回复。
"""

import contextlib
import io
import json
from pathlib import Path
from types import SimpleNamespace

from openai.types.chat import ChatCompletion

from support.errors import ReplayStop
from support.escapes import escaped, printable
from support.provider import ProviderError, to_history
from support.recording.read import messages_of, model_calls, read_recording, requests
from support.recording.record import last_round


class Replayer:
    """和 openai.OpenAI() 一样用：client.chat.completions.create(...)，回复来自录音。"""

    def __init__(self, path: str):
        self.path = path
        self.events = read_recording(path)
        self.exchanges = requests(self.events)
        self.session = self.events[0]
        self.model = escaped(str(self.session.get("model")))  # 录音里的模型名：转义了再用
        self.base_url = f"录音 {path}"  # 出错提示里用
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))
        self.questions = questions(self.exchanges)
        self.current, self.index, self.last, self.seen = [], 0, None, set()  # seen：说过的不同

    def max_rounds(self, default: int) -> int:
        """没写 --max-rounds 时的轮次上限：default（agent.MAX_ROUNDS），录制时的上限更小就照它。
        --resume 接着录的几段可能各有各的上限：照最大的那个（小的那段放到它的尽头时，ran_out 说录制时的上限）。"""
        limits = [e.get("max_rounds") for e in self.events if e["event"] == "session"]
        recorded = [n for n in limits if type(n) is int and n >= 1]
        return min(default, max(recorded)) if recorded and len(recorded) == len(limits) else default

    def one_question(self) -> bool:
        """录的是单个问题（python agent.py "问题"）：回放也像单个问题那样结束（Ctrl-C 时的说法）。"""
        return self.session.get("mode") == "question" and len(self.questions) == 1

    def start(self, question: dict) -> None:
        """下一个问题：之后的 create() 从这个问题的第 1 轮回复放起。"""
        self.current, self.index, self.last = question["exchanges"], 0, None
        self.seen = {key for key in self.seen if key[0] != "tool"}  # 调用的 id 每个问题从头数：结果重新比

    def create(self, **request):
        live = request.get("messages") if isinstance(request.get("messages"), list) else []
        cut = self.results_differ(live) or bool((self.last or {}).get("cut"))  # 录制时在工具执行中途停下了
        if self.index >= len(self.current):  # 录音到这里就停了：像当时那样停下这个问题
            raise KeyboardInterrupt if cut else ReplayStop(self.ran_out())
        exchange, before = self.current[self.index], (self.last or {}).get("tools", [])
        self.index, self.last = self.index + 1, exchange
        for note in request_notes(request, exchange, self.seen, {t["id"]: t["result"] for t in before}):
            print(f"  [回放] {note}；接着用录下的回复。")
        outcome = exchange["outcome"]
        if outcome is None:
            raise ReplayStop(
                f"[回放] 录音在这里结束：第 {self.index} 轮的请求录下了，回复没有录下（录制时程序停在了这里）。"
            )
        if outcome["event"] == "interrupted":
            raise KeyboardInterrupt  # 录制时在等回复时按了 Ctrl-C
        if outcome["event"] == "error":
            text = outcome.get("text")
            raise ReplayStop(text if isinstance(text, str) else json.dumps(text, ensure_ascii=False))  # 当时那行提示
        return sdk_reply(outcome.get("reply"))

    def results_differ(self, messages: list) -> bool:
        """上一轮的工具在今天的文件上又执行了一次：结果（messages 里最后一轮的）和录下的比一比。
        返回录音里是不是少了结果（录制时在工具执行中途按了 Ctrl-C）。"""
        if self.last is None:  # 这个问题还没放过回复：历史里的结果是以前的问题的
            return False
        missing = False
        recorded = {t["id"]: t["result"] for t in self.last["tools"]}
        for m in last_round(messages)[1:]:
            call_id, now = m.get("tool_call_id"), m.get("content")
            if ("tool", call_id) in self.seen or m.get("role") != "tool":
                continue
            if call_id not in recorded or recorded[call_id] != str(now):
                self.seen.add(("tool", call_id))  # 说过一次就不再说：请求里这条结果也不再算不同
            if call_id not in recorded and self.last.get("stop"):  # 录制时的 run() 没把它追加进 messages
                print(f"  [回放] 录音里没有 {printable(call_id)} 的结果：录制时宿主在这里拦下了下一次请求。")
            elif call_id not in recorded:
                missing = True
                said = "录制时它没有执行完（Ctrl-C 或信号打断了它）"
                print(f"  [回放] 录音里没有 {printable(call_id)} 的结果：{said}。")
            elif recorded[call_id] != str(now):
                print(
                    f"  [回放] {printable(call_id)} 的结果和录制时不同：{difference(recorded[call_id], str(now))}。"
                    "送回模型的是现在的结果，但回复仍是录下的那个。"
                )
        return missing

    def question_done(self, messages: list, returned: bool) -> None:
        """问题结束了：最后一轮的工具结果没有再送出去，在这里比（最后放的是回复的话：出错、Ctrl-C 停下的，
        上一轮的结果在这次请求里已经比过了）。宿主拦下的，回放时照样拦下，不用再写什么。"""
        if ((self.last or {}).get("outcome") or {}).get("event") == "reply":
            self.results_differ(messages)

    def ran_out(self) -> str:
        rounds = len(self.current)
        segment = self.current[0]["session"] if self.current else None  # 这个问题所在的那一段录音
        limit = (segment or self.session or {}).get("max_rounds")
        why = f"（录制时的轮次上限是 {limit}，可以加上 --max-rounds {limit} 回放）" if limit == rounds else ""
        return f"[回放] 录音里这个问题只有 {rounds} 轮回复，没有第 {rounds + 1} 轮的了：录制时到这里就停了{why}。"

    def intro(self) -> str:
        s, here = self.session, Path.cwd().name
        line = (
            f"[回放] {self.path}：{len(self.questions)} 个问题，{model_calls(self.exchanges)} 次模型调用，"
            f"录于 {s.get('started')}，模型 {s.get('model')}（{s.get('host')}）。"
            "回复来自录音，不联网；工具在当前目录重新执行，结果和录下的不同会说出来。"
        )
        if s.get("workdir") not in (None, here):
            line += f"\n[回放] 录制时的工作目录叫 {s['workdir']}，现在是 {here}：要对照同一个项目，用 -C 指定它。"
        return printable(line)

    def replay(self, ask, new_conversation) -> int:
        """按录音里的顺序把问题再问一遍：ask(问题, messages) 就是 agent.py 里的 ask()。返回最后一个问题的退出码。"""
        print(self.intro())
        code, messages = 0, None
        for question in self.questions:
            self.start(question)
            history = history_of(question)
            if history is not None or messages is None:  # 新的一段对话
                messages = new_conversation() if history is None or is_new(history) else history
            if question["mode"] == "repl":  # 交互模式录下的：问题照当时的样子显示，/reset 也是
                if history is not None and is_new(history) and question is not self.questions[0]:
                    print("你：/reset\n[已重置] 开始新的对话。")
                print(printable(f"你：{question['text']}"))
            code = ask(question["text"], messages)
        return code


def sdk_reply(reply):
    """录下的回复变回 SDK 会交出的样子：JSON 对象 → ChatCompletion（和 SDK 一样不校验）；别的（字符串……）原样。
    怪到 SDK 也建不了的（比如有个 _fields_set 字段），就交出原来的 dict：to_history 照样查它的形状。"""
    if not isinstance(reply, dict):
        return reply
    try:
        return ChatCompletion.construct(**reply)
    except Exception:  # noqa: BLE001
        return reply


def recorded_message(reply, exchange: dict) -> tuple:
    """录下的回复（exchange 那次请求的）进历史的那条 assistant 消息，和录制时 to_history 做的一样：(消息, None)；
    回复不能用就是 (None, 为什么)。"""
    messages, seen = messages_of(exchange), exchange["timeline"].seen_ids(exchange["index"])
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # 调用太多时的 [注意] 录制时已经打印过
            return to_history(sdk_reply(reply), messages, seen), None
    except (ProviderError, TypeError, KeyError, AttributeError, ValueError, IndexError, RecursionError) as e:
        return None, e.args[0] if isinstance(e, ProviderError) else f"{type(e).__name__}: {e}"


def questions(exchanges: list) -> list:
    """按问题分组：[{text, mode, exchanges, continued}]。continued：接着上一个问题；不是的话，这个问题开始前的
    messages 是录音里的一段新对话（/reset 之后、--resume 到新文件时），用 history_of(问题) 拿。"""
    grouped, previous = [], None
    for exchange in exchanges:
        number = exchange["request"].get("question")
        if grouped and grouped[-1]["number"] == number:
            grouped[-1]["exchanges"].append(exchange)
            previous = exchange
            continue
        user = next((m for m in reversed(messages_of(exchange)) if m.get("role") == "user"), {})  # 问题多半是最后一条
        text = user.get("content") or ""
        grouped.append({
            "number": number,
            "text": text if isinstance(text, str) else json.dumps(text, ensure_ascii=False),
            "mode": (exchange["session"] or {}).get("mode"),
            "exchanges": [exchange],
            "continued": previous is not None and exchange["request"]["keep"] == previous["length"],
        })  # fmt: skip
        previous = exchange
    return grouped


def history_of(question: dict) -> list | None:
    """这个问题开始前的 messages（它自己的那条 user 之前的）；接着上一个问题的是 None。要用时才拷一份。"""
    if question["continued"]:
        return None
    return json.loads(json.dumps(messages_of(question["exchanges"][0])[:-1]))


def is_new(history: list) -> bool:
    return len(history) <= 1 and all(m.get("role") == "system" for m in history)


def request_notes(request: dict, exchange: dict, seen: set, results: dict) -> list:
    """这次请求和录下的哪里不一样：只说第一处新的不同。已经说过的（结果不同的工具结果、
    前几轮说过的同一处不同，比如改过的 system）不再重复说。
    results：上一轮录下的工具结果（录制时在 --step 里改过的，请求里的和它不一样）。"""
    notes = []
    live = json.loads(json.dumps(request.get("messages"), ensure_ascii=False, default=str))
    recorded = messages_of(exchange)
    for i in range(max(len(live), len(recorded))):
        now, then = (live[i] if i < len(live) else None), (recorded[i] if i < len(recorded) else None)
        if now == then or (now and then and ("tool", now.get("tool_call_id")) in seen):
            continue
        key = json.dumps([i, now, then], ensure_ascii=False)
        if key in seen:
            continue
        seen.add(key)
        if then is None:
            notes.append(f"这次请求比录制时多了 {len(live) - len(recorded)} 条消息（从 messages[{i}] 起）")
        elif now is None:
            notes.append(f"这次请求比录制时少了 {len(recorded) - len(live)} 条消息（从 messages[{i}] 起）")
        else:
            call_id = then.get("tool_call_id")
            edited = (
                "（录制时在 --step 里改过它）"
                if results.get(call_id, then.get("content")) != then.get("content")
                else ""
            )
            a, b = then.get("content"), now.get("content")
            if not (isinstance(a, str) and isinstance(b, str) and a != b):  # 不同的不是文字内容：比整条消息
                a, b = json.dumps(then, ensure_ascii=False), json.dumps(now, ensure_ascii=False)
            notes.append(
                f"这次请求的 messages[{i}]（{printable(then.get('role'))}）和录制时不同{edited}：{difference(a, b)}"
            )
        break
    tools = json.loads(json.dumps(request.get("tools"), ensure_ascii=False, default=str))
    if tools != (exchange["session"] or {}).get("tools") and "tools" not in seen:
        seen.add("tools")
        notes.append("这次请求的工具说明（tools）和录制时不同")
    return notes


def difference(then: str, now: str) -> str:
    """两段文字从哪里开始不同，各取那里的一小段：录制时是 "…express…"（202 字符），现在是 "…fastify…"（202 字符）"""
    first = next((i for i, (a, b) in enumerate(zip(then, now, strict=False)) if a != b), min(len(then), len(now)))
    start = max(0, first - 10)  # 从不同处前面一点开始显示
    return f"第 {first + 1} 个字符起不一样，录制时是 {excerpt(then, start)}，现在是 {excerpt(now, start)}"


def excerpt(text, start: int = 0) -> str:
    text = "" if text is None else str(text)
    cut = ("…" if start else "") + escaped(text[start : start + 40]) + ("…" if len(text) > start + 40 else "")
    return f"「{cut}」（{len(text)} 字符）"  # 换行、制表符和看不见的字符写成 \n、\t 这样的转义
