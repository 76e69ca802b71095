"""--record：把一次运行边跑边写成 JSON Lines（一行一个事件），崩溃或 Ctrl-C 也留下已经发生的部分。

事件（格式和例子见 docs/recordings.md）：
- session：格式版本、模型、服务商的主机名、工具说明（tools）、MAX_ROUNDS、开始时间；
- request：第几个问题、第几轮；这次请求的 messages = 上一次请求的前 keep 条 + new；
- reply：服务商返回的回复（原样的 JSON）、等了几秒、token 用量；出错时是 error（屏幕上那行提示），
  回复没到就按了 Ctrl-C 是 interrupted；
- tool：一次工具调用：id、名字、参数、结果、有没有执行（没执行的原因）。结果在下一次请求里才看得到
  （最后一轮的在问题结束时交来的 messages 里，见 question_done），所以它写在那次请求的前面；
- host_stop：宿主检查没通过，下一次请求没有发出：那一行 [宿主拦截]、当时 messages 有几条；
- interrupted 也在执行工具时停下（Ctrl-C、信号）时写，带 "during": "tools"。
key 不进文件：每一行写之前把它换成 ***。工具读到的东西都会写进去（和送给服务商的一样）。
读回录音在 read.py。
"""

import json
import os
import time
from datetime import datetime, timezone
from types import SimpleNamespace
from urllib.parse import urlparse

import openai

from support.errors import API_ERRORS, explain_error
from support.escapes import printable
from support.json_safe import safe_text
from support.recording.read import VERSION, parsed
from support.secrets import masked_value, secrets_of
from support.stats import NotRun, usage_of
from support.terminal import fail


class Recorder:
    """包着真正的客户端：client.chat.completions.create(...) 照常调用，请求和回复顺手写进文件。
    run() 不用为它多做什么：工具的结果在下一次请求里，最后一轮的在问题结束时 question_done(messages) 里。"""

    def __init__(self, client, file, session: dict, last_request=(), question=0, history=()):
        self.client, self.file = client, file
        self.base_url = client.base_url  # 出错提示里用
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))
        self.api_key = getattr(client, "api_key", None)
        self.secrets = secrets_of(self.api_key, self.base_url)  # 写进文件之前换成 ***
        self.sent = list(last_request)  # 上一次请求的 messages：下一次只写新增的
        self.question, self.round = question, 0
        self.limit, self.failed = session.get("max_rounds"), False  # failed：这个问题停下的原因已经写下了
        # 写过的结果：接着的录音里的也算
        self.logged = {m.get("tool_call_id") for m in history if m.get("role") == "tool"}
        self.write({"event": "session", "version": VERSION, **session})

    def create(self, **request):
        messages = json.loads(json.dumps(request.get("messages"), ensure_ascii=False, default=str))
        keep = 0  # 和上一次请求相同的开头有几条
        while keep < min(len(self.sent), len(messages)) and self.sent[keep] == messages[keep]:
            keep += 1
        new = messages[keep:]
        raw = request.get("messages")
        if messages and isinstance(messages[-1], dict) and messages[-1].get("role") == "user":  # 新问题的第 1 轮
            self.question, self.round, self.logged = self.question + 1, 0, set()  # 上个问题的结果已经写过了
        else:  # 上一轮的工具结果：这次请求里才看得到（新问题里补上的“没有结果”不是执行的结果，不写）
            self.tools_ran(raw[keep:] if isinstance(raw, list) else [])
        self.round += 1
        self.failed = False
        where = {"question": self.question, "round": self.round}
        self.write({"event": "request", **where, "keep": keep, "new": new})
        self.sent, started = messages, time.monotonic()
        try:
            response = self.client.chat.completions.create(**request)
        except API_ERRORS as e:
            line = explain_error(e, self, str(request.get("model")))
            self.write({"event": "error", **where, "seconds": seconds(started), "text": line})
            self.failed = True
            raise
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C；SIGTERM、SIGHUP 这些信号（signals.Ended）
            self.write({"event": "interrupted", **where, "seconds": seconds(started)})
            self.failed = True
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

    def tools_ran(self, part: list) -> None:
        """part 里有结果、还没写过的工具调用：各写一个 tool 事件（调用在 part 里的 assistant 消息上）。
        result 是送回模型的那段文字；NotRun 是没执行的（参数不对、命令没批准……），写下原因。"""
        calls = {tc.get("id"): tc for m in part if isinstance(m, dict) for tc in m.get("tool_calls") or []}
        for m in part:
            call = calls.get(m.get("tool_call_id")) if isinstance(m, dict) and m.get("role") == "tool" else None
            if call is None or m["tool_call_id"] in self.logged:
                continue
            self.logged.add(m["tool_call_id"])
            result = m.get("content")
            event = {"event": "tool", "question": self.question, "round": self.round, "id": call["id"]}
            event |= {"name": call["function"]["name"], "arguments": call["function"]["arguments"]}
            event |= {"result": str(result), "ran": not isinstance(result, NotRun)}
            self.write(event | ({"not_run": result.reason} if isinstance(result, NotRun) else {}))

    def question_done(self, messages: list, returned: bool) -> None:
        """一个问题结束了：最后一轮的工具结果没有再送出去，在 messages 里写下它们。还有调用没有结果的话，
        写下为什么，网页才说得出这个问题为什么停在这里：run() 正常返回、轮次也没用完，是宿主拦下了下一次请求
        （host_stop）；run() 没有正常返回（Ctrl-C、信号、agent 的 bug），是执行工具时停下了（interrupted）。"""
        tail = last_round(messages)
        if not tail or self.failed:  # 答完了；出错、等回复时 Ctrl-C：那时已经写下了，结果也在那次请求里写过了
            return
        self.tools_ran(tail)
        answered = {m.get("tool_call_id") for m in tail if m.get("role") == "tool"}
        unpaired = [tc["id"] for tc in tail[0]["tool_calls"] if tc["id"] not in answered]
        where = {"question": self.question, "round": self.round}
        if not returned:  # 执行工具时、--step 停着的时候停下了
            self.write({"event": "interrupted", **where, "during": "tools"})
        elif unpaired and self.round < (self.limit or 0):
            text = f'[宿主拦截] {unpaired[0]} 没有对应的 role:"tool" 结果，这次请求没有发出。'
            self.write({"event": "host_stop", **where, "text": text, "messages": len(messages)})
        self.failed = True  # 同一个问题不再写第二次

    def write(self, event: dict) -> None:
        """写一行就 flush：程序被打断时，文件里是到那时为止的完整事件。
        孤立的代理字符换成 �（和历史里一样，safe_text），key 在变成 JSON 之前就换成 ***（support/secrets.py）。"""
        event = masked_value(safe_text(event), self.secrets)
        line = json.dumps(event, ensure_ascii=False, default=str).encode("utf-8", "replace") + b"\n"
        self.file.write(line)
        self.file.flush()


def last_round(messages: list) -> list:
    """历史里最后一条 assistant 消息和它后面的结果，它调了工具的话；否则（答完了）是 []。"""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "assistant":
            return messages[i:] if messages[i].get("tool_calls") else []
    return []


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
