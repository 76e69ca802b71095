"""--record 和 --resume 接上客户端：新建录音，或者读回一段录音、接着它的对话问下去、接着往里写。"""

import json
from pathlib import Path

from support.escapes import printable
from support.json_safe import safe_text
from support.provider import TOOL_NAME, as_history, calls_ok
from support.recording.read import as_text, messages_of, read_recording, requests
from support.recording.record import Recorder, create_recording, open_for_append, session_info
from support.recording.replay import recorded_message
from support.terminal import fail


def keep_run(client, model: str, tools: list, max_rounds, mode: str, workdir: Path, *, record, resume) -> tuple:
    """返回 (包着 client 的 Recorder, 接着问的 messages 或 None)。record：新的录音文件；
    resume：接着的那段录音（没给 record 就接着写进它）。max_rounds：(轮次上限, 它是哪里定的：--max-rounds
    或 MAX_ROUNDS)；mode：question（单个问题）或 repl；workdir：要进去的工作目录（只记它的名字）。"""
    rounds, limit = max_rounds
    info = session_info(client, model, tools, rounds, mode, workdir=workdir.name, limit=limit)
    history = None
    if resume:
        events = read_recording(resume)
        exchanges = requests(events)
        try:
            history, changes = well_formed(resumed(exchanges))
        except RecursionError:  # 造出来的录音：消息里套了几百层列表
            fail(f"[错误] {printable(resume)} 里的消息嵌套了几百层，接不下去：它是 agent.py --record 写的录音吗？")
        last = exchanges[-1] if exchanges and not record else None  # 接着写同一个文件：只写新增的
        file = create_recording(record) if record else open_for_append(resume)
        info["resumed"] = True
        recorder = Recorder(
            client,
            file,
            info,
            list(messages_of(last)) if last else (),
            last["request"]["question"] if last else 0,
            history,
        )
        then = [e.get("workdir") for e in events if e["event"] == "session"][-1]
        print(printable(
            f"[接着] {resume} 里的对话：{len(history)} 条消息；新的记录写在 {record or resume}。"
            + (f"\n[接着] 录制时的工作目录叫 {then}，现在是 {workdir.name}：要接着问同一个项目，用 -C 指定它。"
               if then not in (None, workdir.name) else "")
        ))  # fmt: skip
        for change in changes[:SHOWN_CHANGES]:  # 录音是别人给的也一样：不合规矩的历史整理好再接着问，每一处说一句
            print(printable(f"[接着] 录音里的{change}"))
        if len(changes) > SHOWN_CHANGES:  # 造出来的录音可能有几十万处：不刷屏
            print(f"[接着] 录音里还有 {len(changes) - SHOWN_CHANGES} 处也照这些规矩整理好了，不一一列出。")
    else:
        recorder = Recorder(client, create_recording(record), info)
    if workdir in Path(record or resume).resolve().parents:
        print("[注意] 录音文件在工作目录里：文件工具也看得到它，搜索时会搜到录下的内容。想避开就把它放到工作目录外面。")
    return recorder, history


ROLES = ("system", "user", "assistant", "tool")
SHOWN_CHANGES = 20  # 整理历史时最多一处一句地说几处
KEYS = {  # 每种消息该有的字段（assistant 的字段服务商给什么留什么，见 tidy_assistant）
    "system": ("role", "content", "name"),
    "user": ("role", "content", "name"),
    "tool": ("role", "tool_call_id", "content"),
}
CALL_KEYS = ("id", "type", "function", "extra_content")  # 调用里该有的；extra_content：Gemini 的签名，要原样送回
# assistant 留下的：各家都收的，加上有的服务商要原样送回的（DeepSeek 的 reasoning_content、OpenRouter 的
# reasoning_details、Gemini 的 extra_content）
ASSISTANT_KEYS = ("role", "content", "tool_calls", "name", "reasoning_content", "reasoning_details", "extra_content")
MAX_ID_CHARS = 40  # 调用 id 最多这么长（OpenAI：string too long. Expected a string with maximum length 40）


def well_formed(messages: list) -> tuple:
    """把录下的历史整理成每家服务商都收的样子，规矩和一个新回复进历史时一样（provider.as_history）：
    角色认得、文字能编码、content 是字符串、调用的 id 在整个历史里不重复也不空、type 是 function、
    arguments 是 JSON 对象、没有空的 tool_calls。返回 (整理好的 messages, 改了哪些：每处一句)。
    配对（每个调用恰好一条结果）不在这里管：下一个问题开始时 run() 的 check_pairing 照常补好。"""
    fixed, changes, renamed = [], [], []  # renamed：上一条 assistant 的调用 [(原来的 id, 现在的 id)]，还没配上结果的
    ids, wheres, waiting = set(), [], set()  # 已经有的调用 id；每条来自哪里；上一条 assistant 还没有结果的调用
    for i, m in enumerate(safe_text(messages)):
        where = f" messages[{i}] "
        role = m.get("role") if isinstance(m, dict) else None
        if role == "developer":
            m, role = {**m, "role": "system"}, "system"
            changes.append(where + "的角色是 developer（有的服务商不收）：改成了 system")
        if role not in ROLES:
            changes.append(where + f"的角色 {str(role)[:40]!r} 不认得：去掉了这一条")
            continue
        if role == "assistant":
            m, renamed = tidy_assistant(m, fixed, ids, where, changes)
            if m is None:
                continue
            waiting = {tc["id"] for tc in m.get("tool_calls") or []}
            ids.update(waiting)
        else:
            m = tidy_other(m, role, where, changes)
            if m is None:
                continue
        if role == "tool" and not m["content"]:  # 有的服务商拒收空的工具结果
            m = {**m, "content": "（空结果）"}
            changes.append(where + "的工具结果是空的：写成了（空结果）")
        if role == "tool":
            m = repointed(m, renamed)
            if m["tool_call_id"] not in waiting:  # 不回答上一条 assistant 的哪个调用：去掉（它两边的消息才挨得上）
                changes.append(where + "的工具结果不回答它前面的任何调用：去掉了这一条")
                continue
            waiting.discard(m["tool_call_id"])
        elif role != "assistant":
            waiting = set()
        fixed.append(m)
        wheres.append(where)
    return alternating(fixed, wheres, changes), changes


def alternating(fixed: list, wheres: list, changes: list) -> list:
    """挨着的几条 assistant（前面的没有调用）合成一条：Gemma、Mistral 的模板要求一问一答交替。字段都留着（同名的用
    最后一条的），文字接在一起。一次合一整串：几万条也是线性的。"""
    out, run = [], []
    for m, where in [*zip(fixed, wheres, strict=True), (None, None)]:
        if m is not None and m["role"] == "assistant" and run and not run[-1][0].get("tool_calls"):
            run.append((m, where))
            continue
        if len(run) > 1:
            said = "和前一条都是 assistant（Gemma、Mistral 的模板要求一问一答交替）：合成了一条"
            changes += [where_one + said for _, where_one in run[1:]]
            text = "\n\n".join(r["content"] for r, _ in run if r["content"])
            out[-1] = {k: v for r, _ in run for k, v in r.items()} | {"content": text}
        run = [(m, where)] if m is not None and m["role"] == "assistant" else []
        out += [m] if m is not None else []
    return out


def tidy_other(m: dict, role: str, where: str, changes: list) -> dict | None:
    """一条录下的 system、user 或 tool 消息：只留这种消息该有的字段（user 带 tool_calls、多出来的字段，
    严格的服务商都拒收），content 写成文字；没有 tool_call_id 的 tool 结果配不上任何调用，去掉。"""
    if role == "tool" and not isinstance(m.get("tool_call_id"), str):
        changes.append(where + "的工具结果没有 tool_call_id：去掉了这一条")
        return None
    extra = [k for k, v in m.items() if k not in KEYS[role] or k == "name" and not named(v)]
    if extra:
        m = {k: v for k, v in m.items() if k not in extra}
        more = " 等" if len(extra) > 5 else ""
        changes.append(where + f"有 {role} 消息不该有的字段 {'、'.join(str(k)[:40] for k in extra[:5])}{more}：去掉了")
    content = m.get("content")
    parts_ok = (
        role == "user"
        and isinstance(content, list)
        and content  # [] 服务商不收
        and all(
            isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str) and len(p) == 2
            for p in content
        )
    )
    if not (isinstance(content, str) or parts_ok):
        m = {**m, "content": as_text(content)}
        changes.append(where + "的 content 不是文字：写成了文字")
    return m


def tidy_assistant(m: dict, fixed: list, ids: set, where: str, changes: list) -> tuple:
    """一条录下的 assistant 消息 → (整理好的消息, [(调用原来的 id, 现在的 id)])；形状坏得没法用就是 (None, [])。"""
    calls = m.get("tool_calls")
    if calls is not None and not calls_ok(calls):
        changes.append(where + "的 tool_calls 形状不对：去掉了这一条（它的结果下一个问题开始时会清掉）")
        return None, []
    if not isinstance(m.get("content"), (str, list, type(None))):
        m = {**m, "content": as_text(m.get("content"))}
        changes.append(where + "的 content 不是文字：写成了文字")
    copy = json.loads(json.dumps(m))  # 拷一份再改：原来的留着比较
    for tc in copy.get("tool_calls") or []:
        tc["id"] = None if isinstance(tc.get("id"), str) and len(tc["id"]) > MAX_ID_CHARS else tc.get("id")
    after = as_history(copy, fixed, ids, notice=lambda note: changes.append(where.rstrip() + "：" + note))
    now = after.get("tool_calls") or []
    pairs = [(tc.get("id"), new["id"]) for tc, new in zip(calls or [], now, strict=False)]
    for old, new in pairs:
        long = isinstance(old, str) and len(old) > MAX_ID_CHARS
        why = f"太长（{len(old)} 个字符，OpenAI 最多收 {MAX_ID_CHARS} 个）" if long else "是空的或和前面的重复了"
        changes += [where + f"的调用 id {str(old)[:40]!r}{'…' * long} {why}：换成了 {new}"] if old != new else []
    if calls is not None and not now:
        changes.append(where + "的 tool_calls 是空的：去掉了这个字段")
    if any(tc.get("type") != "function" for tc in calls or []):
        changes.append(where + "的调用没有写 type: function：补上了")
    if any(
        tc["function"].get("arguments") != new["function"]["arguments"]
        for tc, new in zip(calls or [], now, strict=False)
    ):
        changes.append(where + "的调用 arguments 不是 JSON 对象的字符串：改成了 JSON 对象")
    return without_foreign_fields(after, where, changes), pairs


def without_foreign_fields(m: dict, where: str, changes: list) -> dict:
    """录音可能是对着另一家服务商录的（或者是别的客户端写的）：assistant 只留 ASSISTANT_KEYS 里的、值不是 null 的字段，
    name 要合规矩；refusal、audio、annotations、parsed、function_call、tool_call_id 和不认得的字段，
    调用里多出来的字段（index、function.parsed），严格的服务商都拒收，去掉。"""
    kept_null = ("content", "reasoning_content")  # DeepSeek 要求 reasoning_content 在，null 也算
    dropped = [k for k, v in m.items() if k not in ASSISTANT_KEYS or k not in kept_null and v is None]
    dropped += ["name"] if "name" in m and not named(m["name"]) else []
    m = {k: v for k, v in m.items() if k not in dropped}
    calls = []
    for tc in m.get("tool_calls") or []:
        extra = [k for k in tc if k not in CALL_KEYS] + [
            f"function.{k}" for k in tc["function"] if k not in ("name", "arguments")
        ]
        dropped += extra
        function = {k: tc["function"][k] for k in ("name", "arguments")}
        calls.append({**{k: v for k, v in tc.items() if k in CALL_KEYS}, "function": function})
    if calls:
        m["tool_calls"] = calls
    if dropped:
        names = list(dict.fromkeys(str(k)[:40] for k in dropped))
        more = f" 等 {len(names)} 个" if len(names) > 10 else ""  # 造出来的录音：几千个字段也只一行
        changes.append(where + f"有各家服务商不都收的字段 {'、'.join(names[:10])}{more}：去掉了")
    return m


def named(value) -> bool:
    return isinstance(value, str) and bool(TOOL_NAME.fullmatch(value))  # 消息的 name 和函数名是同一条规矩


def repointed(result: dict, renamed: list) -> dict:
    """一条 tool 结果回答的那个调用换了 id：它跟着换（同一个 id 有几个调用，就按顺序一条对一个）。"""
    for k, (old, new) in enumerate(renamed):
        if old == result.get("tool_call_id"):
            del renamed[k]
            return result if new == old else {**result, "tool_call_id": new}
    return result


def resumed(exchanges: list) -> list:
    """录音结束时的对话：最后一次请求的 messages，加上它的回复和已经执行完的工具结果。
    没答完的地方留着，下一个问题开始时 run() 照常修好（[修复]）。"""
    if not exchanges:
        return []
    last = exchanges[-1]
    outcome = last["outcome"] or {}
    msg, _ = recorded_message(outcome.get("reply"), last) if outcome.get("event") == "reply" else (None, None)
    messages = json.loads(json.dumps(messages_of(last)))
    if outcome.get("event") != "reply":
        return messages
    if msg is None:
        return messages  # 录下的回复本来就不能用：录制时也没进历史
    messages.append(msg)
    results = {t["id"]: t["result"] for t in last["tools"]}
    for tc in msg.get("tool_calls") or []:
        if tc["id"] in results:
            messages.append({"role": "tool", "tool_call_id": tc["id"], "content": results[tc["id"]]})
    return messages
