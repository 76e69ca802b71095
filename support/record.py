"""--record：把一次运行边跑边写成 JSON Lines（一行一个事件），崩溃或 Ctrl-C 也留下已经发生的部分。

事件（格式和例子见 README 的“留下一次运行”）：
- session：格式版本、模型、服务商的主机名、工具说明（tools）、MAX_ROUNDS、开始时间；
- request：第几个问题、第几轮；这次请求的 messages = 上一次请求的前 keep 条 + new；
- reply：服务商返回的回复（原样的 JSON）、等了几秒、token 用量；出错时是 error（屏幕上那行提示），
  回复没到就按了 Ctrl-C 是 interrupted；
- tool：一次工具调用：id、名字、参数、结果、有没有执行（没执行的原因）、几秒。
key 不进文件：每一行写之前把它换成 ***。工具读到的东西都会写进去（和送给服务商的一样）。
read_recording() 读回来，requests() 把每次请求的完整 messages 拼回来：回放、接着录、做网页都用它们。
"""

import json
import os
import stat
import time
from datetime import datetime, timezone
from types import SimpleNamespace
from urllib.parse import urlparse

import openai

from support.counts import NotRun, usage_of
from support.errors import API_ERRORS, explain_error
from support.http import hide_key, key_pattern
from support.terminal import fail, printable
from support.wire import safe_text
from support.workspace import kind_of, read_regular

VERSION = 1  # 录音格式的版本：不兼容地改格式时加一
EVENTS = ("session", "request", "reply", "error", "interrupted", "tool")


class Recorder:
    """包着真正的客户端：client.chat.completions.create(...) 照常调用，请求和回复顺手写进文件。
    run() 每执行完一个工具调用 tool_ran() 一次。"""

    def __init__(self, client, file, session: dict, last_request=(), question=0):
        self.client, self.file = client, file
        self.base_url = client.base_url  # 出错提示里用
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))
        self.key = key_pattern(getattr(client, "api_key", None) or "")  # 写进文件之前把它换成 ***
        self.sent = list(last_request)  # 上一次请求的 messages：下一次只写新增的
        self.question, self.round, self.mark = question, 0, time.monotonic()
        self.write({"event": "session", "version": VERSION, **session})

    def create(self, **request):
        messages = json.loads(json.dumps(request.get("messages"), ensure_ascii=False, default=str))
        keep = 0  # 和上一次请求相同的开头有几条
        while keep < min(len(self.sent), len(messages)) and self.sent[keep] == messages[keep]:
            keep += 1
        new = messages[keep:]
        if messages and isinstance(messages[-1], dict) and messages[-1].get("role") == "user":  # 新问题的第 1 轮
            self.question, self.round = self.question + 1, 0
        self.round += 1
        where = {"question": self.question, "round": self.round}
        self.write({"event": "request", **where, "keep": keep, "new": new})
        self.sent, started = messages, time.monotonic()
        try:
            response = self.client.chat.completions.create(**request)
        except API_ERRORS as e:
            line = explain_error(e, str(self.base_url).rstrip("/"), str(request.get("model")))
            self.write({"event": "error", **where, "seconds": seconds(started), "text": line})
            raise
        except KeyboardInterrupt:
            self.write({"event": "interrupted", **where, "seconds": seconds(started)})
            raise
        reply = response.to_dict(warnings=False) if isinstance(response, openai.BaseModel) else response
        usage = usage_of(response)
        self.write(
            {
                "event": "reply",
                **where,
                "seconds": seconds(started),
                "reply": reply,
                **({"usage": usage} if usage else {}),
            }
        )
        return response

    def tool_ran(self, call: dict, result: str) -> None:
        """一次工具调用做完了（执行了，或者没执行）：记下它。seconds 从收到回复（或上一个工具结束）算起，
        含等你确认命令的时间。"""
        event = {
            "event": "tool",
            "question": self.question,
            "round": self.round,
            "id": call["id"],
            "name": call["function"]["name"],
            "arguments": call["function"]["arguments"],
            "result": str(result),
            "ran": not isinstance(result, NotRun),
        }
        if isinstance(result, NotRun):
            event["not_run"] = result.reason
        self.write({**event, "seconds": seconds(self.mark)})

    def write(self, event: dict) -> None:
        """写一行就 flush：程序被打断时，文件里是到那时为止的完整事件。
        孤立的代理字符换成 �（和历史里一样，safe_text），key 在变成 JSON 之前就换成 ***。"""
        line = (
            json.dumps(without_key(safe_text(event), self.key), ensure_ascii=False, default=str).encode(
                "utf-8", "replace"
            )
            + b"\n"
        )
        self.file.write(line)
        self.file.flush()
        self.mark = time.monotonic()


def without_key(value, key):
    """每一段文字里的 key（原样的，或写成 \\u0073 这样的转义）都换成 ***：字典的键也一样。"""
    if key is None:
        return value
    if isinstance(value, str):
        return hide_key(key, value.encode("utf-8", "surrogatepass"), in_json=False).decode("utf-8", "surrogatepass")
    if isinstance(value, list):
        return [without_key(v, key) for v in value]
    if isinstance(value, dict):
        return {without_key(k, key): without_key(v, key) for k, v in value.items()}
    return value


def seconds(started: float) -> float:
    return round(time.monotonic() - started, 3)


def session_info(client, model: str, tools: list, max_rounds: int, mode: str, **more) -> dict:
    """session 事件的内容：不含 key，地址只留主机名。"""
    base_url = str(getattr(client, "base_url", ""))
    return {
        "model": model,
        "host": urlparse(base_url).hostname or base_url,
        "tools": tools,
        "max_rounds": max_rounds,
        "mode": mode,
        "started": datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds"),
        **more,
    }


def create_recording(path: str):
    """新建录音文件（只有自己能读：里面有工具读到的内容）。已经有这个文件就不覆盖，一句话退出。"""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    except FileExistsError:
        if os.path.isdir(path):
            fail(
                f"[错误] {printable(path)} 是个目录：--record 后面写一个新文件的名字，比如 {printable(path)}/run.jsonl"
            )
        fail(f"[错误] {printable(path)} 已经存在，不覆盖：--record 换个文件名，或者 --resume {printable(path)} 接着录")
    except OSError as e:
        fail(f"[错误] 没法新建录音文件 {printable(path)}：{printable(e.strerror or e)}")
    return os.fdopen(fd, "wb")


def open_for_append(path: str):
    """--resume：接着写进原来的录音（read_recording 已经查过它）。最后一行要是写到一半（录制时被打断）就去掉它；
    是完整的一行、只是少了换行，就补上换行。"""
    try:
        file = open(path, "r+b")  # noqa: SIM115  交给 Recorder，程序结束时关
        size = file.seek(0, os.SEEK_END)
        file.seek(max(size - 1, 0))
        if size and file.read(1) != b"\n":  # 少见：这时才读整个文件，找最后一行
            file.seek(0)
            data = file.read()
            start = data.rfind(b"\n") + 1
            if parsed(data[start:]) is None:
                file.truncate(start)
            else:
                file.write(b"\n")
        file.seek(0, os.SEEK_END)
        return file
    except OSError as e:
        fail(f"[错误] 没法接着写录音文件 {printable(path)}：{printable(e.strerror or e)}")


def parsed(line: bytes):
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


# ── 读回录音 ─────────────────────────────────────────────────
MAX_RECORDING_BYTES = 512 * 2**20  # 录音最大 512 MB：再大的文件（或 /dev/zero）不读进内存


def read_recording(path: str) -> list:
    """读出事件列表，先查格式；不是录音、格式不对就说是哪一行，退出码 2。
    最后一行不完整（写到一半被打断）就不要它；空行跳过。"""
    data = recording_bytes(path)
    lines = data.split(b"\n")
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        event = parsed(line)
        if event is None:
            if number == len(lines) and events:
                break  # 写到一半的最后一行
            fail(f"[错误] {printable(path)} 第 {number} 行不是 JSON：它是 agent.py --record 写的录音吗？")
        problem = event_problem(event, not events)
        if problem:
            fail(f"[错误] {printable(path)} 第 {number} 行{problem}：它是 agent.py --record 写的录音吗？")
        if event["event"] in EVENTS:  # 不认得的事件（更新的版本加的）跳过
            events.append(event)
    if not events:
        fail(f"[错误] {printable(path)} 是空的：里面还没有录下任何东西")
    return events


def recording_bytes(path: str) -> bytes:
    """录音的全部字节（read_regular：命名管道不会让它一直等，/dev/zero 不会一直读下去）；不是普通文件、太大就一句话。"""
    try:
        st, data = read_regular(path, MAX_RECORDING_BYTES)
    except OSError as e:
        fail(f"[错误] 读不了录音文件 {printable(path)}：{printable(e.strerror or e)}")
    if data is None and not stat.S_ISREG(st.st_mode):
        fail(f"[错误] {printable(path)} 不是普通文件（是{kind_of(st.st_mode)}）：录音是 --record 写下的文件")
    if data is None:
        fail(f"[错误] 录音文件 {printable(path)} 有 {st.st_size // 2**20} MB，太大了：最多读 512 MB")
    return data


def event_problem(event, first: bool) -> str | None:
    """这一行的形状不对就说哪里不对：回放、接着录、做网页都只碰查过的形状。"""
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        return '不是一个事件（{"event": …}）'
    kind = event["event"]
    if first and kind != "session":
        return "应该是 session 事件"
    if kind == "session" and (type(event.get("version")) is not int or event["version"] != VERSION):
        return f"的格式版本是 {printable(event.get('version'))}，这个程序只认 {VERSION}"
    if kind in ("request", "reply", "error", "interrupted", "tool") and not all(
        type(event.get(k)) is int for k in ("question", "round")
    ):
        return f"的 {kind} 事件缺了 question 或 round（整数）"
    if kind == "request" and not (
        type(event.get("keep")) is int and isinstance(event.get("new"), list) and all(map(message_ok, event["new"]))
    ):
        return "的 request 事件缺了 keep，或者 new 不是消息的列表"
    if kind == "tool" and not all(isinstance(event.get(k), str) for k in ("id", "name", "result")):
        return "的 tool 事件缺了 id、name 或 result"
    return None


def message_ok(m) -> bool:
    """历史里一条消息的形状：role、tool_call_id 是字符串；tool_calls 是 [{id: 字符串, function: {name, arguments}}]。"""
    if not isinstance(m, dict) or not isinstance(m.get("role"), str):
        return False
    if "tool_call_id" in m and not isinstance(m["tool_call_id"], str):
        return False
    calls = m.get("tool_calls")
    return calls is None or (
        isinstance(calls, list)
        and all(
            isinstance(tc, dict)
            and isinstance(tc.get("id"), str)
            and isinstance(tc.get("function"), dict)
            and isinstance(tc["function"].get("name"), str)
            and isinstance(tc["function"].get("arguments"), str)
            for tc in calls
        )
    )


def requests(events: list) -> list:
    """每次请求一项：{"session", "request", "messages"（完整的）, "outcome"（reply / error / interrupted 事件，
    回复没到就停了是 None）, "tools"（按调用顺序的 tool 事件）}。"""
    exchanges, sent, session = [], [], None
    for event in events:
        kind = event["event"]
        if kind == "session":
            session = event
        elif kind == "request":
            keep = min(event["keep"], len(sent))
            sent = sent[:keep] + event["new"]
            exchanges.append({"session": session, "request": event, "messages": sent, "outcome": None, "tools": []})
        elif exchanges and kind in ("reply", "error", "interrupted") and exchanges[-1]["outcome"] is None:
            exchanges[-1]["outcome"] = event
        elif exchanges and kind == "tool":
            exchanges[-1]["tools"].append(event)
    return exchanges


def model_calls(exchanges: list) -> int:
    """和 [统计] 一样数模型调用：收到了回复的请求（出错的、没等到回复的不算）。"""
    return sum(1 for x in exchanges if (x["outcome"] or {}).get("event") == "reply")
