"""读回录音：查过每一行的形状，再把每次请求的完整 messages 拼回来。回放、接着录、做网页都用它。"""

import json
import stat

from support.screen import fail
from support.visible import printable
from support.workspace import kind_of, read_regular

VERSION = 1  # 录音格式的版本：不兼容地改格式时加一
EVENTS = ("session", "request", "reply", "error", "interrupted", "tool", "host_stop")
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
    if kind in ("request", "reply", "error", "interrupted", "tool", "host_stop") and not all(
        type(event.get(k)) is int for k in ("question", "round")
    ):
        return f"的 {kind} 事件缺了 question 或 round（整数）"
    if kind == "request" and not (
        type(event.get("keep")) is int and isinstance(event.get("new"), list) and all(map(message_ok, event["new"]))
    ):
        return "的 request 事件缺了 keep，或者 new 不是消息的列表"
    if kind == "tool" and not all(isinstance(event.get(k), str) for k in ("id", "name", "result")):
        return "的 tool 事件缺了 id、name 或 result"
    if kind == "host_stop" and not isinstance(event.get("text"), str):
        return "的 host_stop 事件缺了 text"
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
    回复没到就停了是 None）, "tools"（按调用顺序的 tool 事件）, "stop"（之后的请求被宿主拦下了：host_stop 事件）}。"""
    exchanges, sent, session = [], [], None
    for event in events:
        kind = event["event"]
        if kind == "session":
            session = event
        elif kind == "request":
            keep = min(event["keep"], len(sent))
            sent = sent[:keep] + event["new"]
            exchanges.append(
                {"session": session, "request": event, "messages": sent, "outcome": None, "tools": [], "stop": None}
            )
        elif exchanges and kind in ("reply", "error", "interrupted") and exchanges[-1]["outcome"] is None:
            exchanges[-1]["outcome"] = event
        elif exchanges and kind == "tool":
            exchanges[-1]["tools"].append(event)
        elif exchanges and kind == "host_stop":
            exchanges[-1]["stop"] = event
    return exchanges


def model_calls(exchanges: list) -> int:
    """和 [统计] 一样数模型调用：收到了回复的请求（出错的、没等到回复的不算）。"""
    return sum(1 for x in exchanges if (x["outcome"] or {}).get("event") == "reply")


def parsed(line: bytes):
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None
