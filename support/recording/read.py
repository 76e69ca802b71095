"""读回录音：查过每一行的形状，再把每次请求的完整 messages 拼回来。回放、接着录、做网页都用它。"""

import json
import stat
from collections import Counter

from support.escapes import printable
from support.terminal import fail
from support.workspace import kind_of, read_regular

VERSION = 1  # 录音格式的版本：不兼容地改格式时加一
EVENTS = ("session", "request", "reply", "error", "interrupted", "tool", "host_stop")
MAX_RECORDING_BYTES = 64 * 2**20  # 录音最大 64 MB：再大的文件（或 /dev/zero）不读进内存（50 轮的录音约 70 KB）
MAX_LINE_BYTES = 16 * 2**20  # 一行最大 16 MB：一个回复最多 4 MB，一行 JSON 解析出来要占它的好几倍


def read_recording(path: str) -> list:
    """读出事件列表，先查格式；不是录音、格式不对、有一行太长就说是哪一行，退出码 2。
    最后一行不完整（写到一半被打断）就不要它；空行跳过。"""
    data = recording_bytes(path)
    events = all_at_once(data)
    if events is not None:  # 快的路：整个文件一次解析完
        for number, event in enumerate(events, 1):
            problem = event_problem(event, number == 1)
            if problem:
                fail(f"[错误] {printable(path)} 第 {number} 行{problem}：它是 agent.py --record 写的录音吗？")
        return [event for event in events if event["event"] in EVENTS]
    events = []  # 慢的路：一行一行地解析，说得出是哪一行不对、最后一行是不是写到一半
    for number, line, last in lines_of(data):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_BYTES:
            fail(
                f"[错误] {printable(path)} 第 {number} 行有 {len(line) // 2**20} MB，太长了：录音的一行最多 "
                f"{MAX_LINE_BYTES // 2**20} MB（agent 自己写的一行远小于它）"
            )
        event = parsed(line)
        if event is None:
            if last and events:
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


def all_at_once(data: bytes) -> list | None:
    """录音的每一行都完好（没有空行、没有写到一半的行、每行不超过 MAX_LINE_BYTES）时，把行之间的换行换成逗号，
    整个文件当一个 JSON 数组解析一次：同一个键（"role"、"content"……）只存一份，比一行一行解析
    省三分之一的内存、快一倍多。做不到（解析失败、得到的个数和行数不同）就返回 None，由一行一行的解析说清楚是哪一行。
    故意拼出来、个数对得上而分法不同的文件，得到的也只是一串事件，和别的录音一样逐个检查。"""
    body = data.rstrip(b"\r\n")
    if not body or longest_line(body) > MAX_LINE_BYTES:
        return None
    try:
        events = json.loads(b"[" + body.replace(b"\n", b",") + b"]")
    except (ValueError, RecursionError):
        return None
    return events if len(events) == body.count(b"\n") + 1 else None


def longest_line(data: bytes) -> int:
    start, longest = 0, 0
    while (end := data.find(b"\n", start)) >= 0:
        longest, start = max(longest, end - start), end + 1
    return max(longest, len(data) - start)


def lines_of(data: bytes):
    """一行一行地给出 (行号, 这一行, 是不是最后一行)：不先拆成一个大列表（几亿个空行也不占内存）。"""
    start, number = 0, 1
    while True:
        end = data.find(b"\n", start)
        if end < 0:
            yield number, data[start:], True
            return
        yield number, data[start:end], end + 1 == len(data)
        start, number = end + 1, number + 1


def recording_bytes(path: str) -> bytes:
    """录音的全部字节（read_regular：命名管道不会让它一直等，/dev/zero 不会一直读下去）；不是普通文件、太大就一句话。"""
    try:
        st, data = read_regular(path, MAX_RECORDING_BYTES)
    except OSError as e:
        fail(f"[错误] 读不了录音文件 {printable(path)}：{printable(e.strerror or e)}")
    if data is None and not stat.S_ISREG(st.st_mode):
        fail(f"[错误] {printable(path)} 不是普通文件（是{kind_of(st.st_mode)}）：录音是 --record 写下的文件")
    if data is None:
        fail(
            f"[错误] 录音文件 {printable(path)} 有 {st.st_size // 2**20} MB，太大了："
            f"最多读 {MAX_RECORDING_BYTES // 2**20} MB"
        )
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
        type(event.get("keep")) is int
        and event["keep"] >= 0
        and isinstance(event.get("new"), list)
        and all(map(message_ok, event["new"]))
    ):
        return "的 request 事件缺了 keep（不小于 0 的整数），或者 new 不是消息的列表"
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
    """每次请求一项：{"session", "request", "length"（这次请求有几条 messages）, "outcome"（reply / error /
    interrupted 事件，回复没到就停了是 None）, "tools"（按调用顺序的 tool 事件）, "stop"（之后的请求被宿主拦下了：
    host_stop 事件）, "cut"（执行工具时停下了：回复之后的 interrupted 事件）, "timeline"、"index"}。
    这次请求完整的 messages 用 messages_of(它) 拿：录音里每次请求只写了新增的几条，
    完整的历史不是每次都拷一份（那样内存随轮数平方地涨），而是大家共用一条时间线。"""
    exchanges, length, session = [], 0, None
    timeline = Timeline(exchanges)
    for event in events:
        kind = event["event"]
        if kind == "session":
            session = event
        elif kind == "request":
            length = min(event["keep"], length) + len(event["new"])
            exchanges.append(
                {
                    "session": session,
                    "request": event,
                    "length": length,
                    "outcome": None,
                    "tools": [],
                    "stop": None,
                    "cut": None,
                    "timeline": timeline,
                    "index": len(exchanges),
                }
            )
        elif exchanges and kind in ("reply", "error", "interrupted") and exchanges[-1]["outcome"] is None:
            exchanges[-1]["outcome"] = event
        elif exchanges and kind == "tool":
            exchanges[-1]["tools"].append(event)
        elif exchanges and kind == "host_stop":
            exchanges[-1]["stop"] = event
        elif exchanges and kind == "interrupted":  # 回复已经到了：是在执行工具时停下的
            exchanges[-1]["cut"] = event
    return exchanges


def messages_of(exchange: dict) -> list:
    """这次请求完整的 messages。是时间线上共用的那一份：下一次 messages_of 之后就变了，要留着就拷一份。"""
    return exchange["timeline"].at(exchange["index"])


class Timeline:
    """录音里的请求一个接一个：messages 只有一份，往后走一次请求就地改一次（留下前 keep 条，接上 new），
    内存只和录音的大小成正比。顺着走每一步只花新增的那几条的工夫；往回走就从头再走一遍（很少用到）。
    同时记着每条消息写成 JSON 有几个字节、历史里有哪些调用 id：做网页时不用每一轮都把整个历史重算一遍。"""

    def __init__(self, exchanges: list):
        self.exchanges, self.position, self.messages = exchanges, -1, []
        self.sizes, self.total, self.ids = [], 0, Counter()

    def at(self, index: int) -> list:
        if index < self.position:
            self.position, self.messages, self.sizes, self.total, self.ids = -1, [], [], 0, Counter()
        while self.position < index:
            self.position += 1
            request = self.exchanges[self.position]["request"]
            keep = min(request["keep"], len(self.messages))
            for m in self.messages[keep:]:
                for call_id in call_ids(m):
                    self.ids[call_id] -= 1
                    if self.ids[call_id] <= 0:
                        del self.ids[call_id]  # 只留历史里还有的：seen_ids 直接交出 self.ids
            self.total -= sum(self.sizes[keep:])
            del self.messages[keep:], self.sizes[keep:]
            for m in request["new"]:
                self.messages.append(m)
                self.sizes.append(
                    len(
                        json.dumps(m, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8", "replace")
                    )
                )
                self.ids.update(call_ids(m))
            self.total += sum(self.sizes[keep:])
        return self.messages

    def bytes_at(self, index: int, body: dict) -> int:
        """这次请求写成 JSON 有几个字节：body 是除了 messages 以外的部分（model、tools、tool_choice）。"""
        self.at(index)
        empty = len(
            json.dumps({**body, "messages": []}, ensure_ascii=False, separators=(",", ":"), default=str).encode(
                "utf-8", "replace"
            )
        )
        return empty + self.total + max(len(self.messages) - 1, 0)  # 每两条消息之间一个逗号

    def seen_ids(self, index: int) -> Counter:
        """这次请求的历史里已经有的调用 id（id → 几次；只读，用 in 和 len）：不每一轮都新建一个集合。"""
        self.at(index)
        return self.ids


def call_ids(m) -> list:
    calls = m.get("tool_calls") if isinstance(m, dict) else None
    return [tc["id"] for tc in calls if isinstance(tc, dict)] if isinstance(calls, list) else []


def model_calls(exchanges: list) -> int:
    """和 [统计] 一样数模型调用：收到了回复的请求（出错的、没等到回复的不算）。"""
    return sum(1 for x in exchanges if (x["outcome"] or {}).get("event") == "reply")


def parsed(line: bytes):
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def as_text(value, limit: int = 0) -> str:
    """录音里的值当文字显示：字符串原样，None 是空的，别的写成 JSON；给了 limit 就只留这么多字符。"""
    value = "" if value is None else value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if not limit or len(text) <= limit else text[:limit] + "…"
