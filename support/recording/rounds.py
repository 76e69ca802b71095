"""--page 的每一轮：左边是送出的 messages（送过的折叠，新增的 assistant 请求标蓝、tool 结果标绿），
右边是模型的回复和工具执行。录音里的文字都先转义（esc）再写进网页。"""

import html

from support.escapes import escaped
from support.json_safe import paired, sent_arguments
from support.recording.read import as_text, messages_of
from support.recording.replay import recorded_message

FOLD_CHARS, FOLD_LINES = 400, 12  # 比这长的文字折叠起来


def esc(value) -> str:
    """网页里的文字：看不见的字符写成转义（和终端上一样），再做 HTML 转义（引号也转，能放进属性）。"""
    return html.escape(escaped(as_text(value), keep_lines=True))


def recorded_usage(outcome) -> dict:
    """录下的 token 用量，只留是不小于 0 的整数的（录音是别人给的也一样：别的类型当作不知道）。"""
    usage = (outcome or {}).get("usage")
    if not isinstance(usage, dict):
        return {}
    return {k: n for k in ("prompt", "completion", "cached") if type(n := usage.get(k)) is int and n >= 0}


def seconds_of(event: dict):
    """录下的秒数：0 到 10^7 之间的数，别的（造出来的录音）当作不知道（None）。"""
    n = event.get("seconds")
    return n if type(n) in (int, float) and 0 <= n <= 10**7 else None  # 一个回复最多等几分钟：更大的是造出来的


def prompt_tokens(exchange: dict):
    return recorded_usage(exchange["outcome"]).get("prompt")


def round_html(x: dict, anchor: str, size: int, origins: dict, stopped: str = "") -> str:
    """一轮：左边是送出的 messages，右边是回复和工具执行；窄屏上下排列。结尾的 </section> 由调用方写。
    stopped：这是问题的最后一轮，而且它的工具结果没有再送回模型（为什么）。"""
    messages, request = messages_of(x), x["request"]
    old = max(0, len(messages) - len(request["new"]))
    parts = [
        f'<section class="round" id="{anchor}">\n<h3>第 {esc(request.get("round"))} 轮 <small>messages '
        f"{len(messages)} 条（新增 {len(messages) - old}），请求 {size} 字节"
        f"{f'，输入 {prompt_tokens(x)} tokens' if prompt_tokens(x) is not None else ''}</small></h3>\n"
        '<div class="cols">\n<div>\n<h4>送出的 messages</h4>'
    ]
    if old:  # 前面的最多列 20 条（第一条和最近的 19 条）：网页不随轮数平方地变大
        shown = [message_html(i, messages[i], origins.get(i, "")) for i in [0, *range(max(1, old - 19), old)]]
        skipped = [f'<p class="muted">……中间 {old - 20} 条省略，见前面各轮</p>'] if old > 20 else []
        earlier = "\n".join(shown[:1] + skipped + shown[1:])
        parts.append(
            f'<details class="earlier"><summary>前面 {old} 条（上一次请求已经送过）</summary>\n{earlier}</details>'
        )
    parts += [message_html(i, m) for i, m in enumerate(messages[old:], old)]
    parts.append(pairs_html(messages, old))
    origins.update(dict.fromkeys(range(old, len(messages)), anchor))
    reply, call_ids = outcome_html(x)
    parts += ["</div>\n<div>\n<h4>模型的回复</h4>", reply]
    where = f"结果没有再送回模型：{esc(stopped)}" if stopped else "结果在下一轮送回模型"
    parts.append(f"<h4>工具执行（{where}）</h4>" if x["tools"] or call_ids else "")
    parts += [tool_html(t) for t in x["tools"]]
    missing = "、".join(c for c in call_ids if c not in {t["id"] for t in x["tools"]})
    parts.append(f'<p class="warn">调用 {esc(missing)} 没有录下结果：录音在这里停了。</p>' if missing else "")
    return "\n".join([*parts, "</div>\n</div>"])


def pairs_html(messages: list, start: int) -> str:
    """新增的 assistant 消息一次调了几个工具：每个调用旁边是回答它的那条结果（按 tool_call_id 找，不按位置）；
    结果排的位置和调用的不一样（class="moved"），或者调用没有结果，都标出来。和 --step 的配对一样。"""
    tables = []
    for i in range(start, len(messages)):
        pairs = paired(messages, i) if isinstance(messages[i], dict) else []
        if len(pairs) < 2:
            continue
        rows = []
        for n, (tc, j, k) in enumerate(pairs):
            fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
            args = esc(sent_arguments(fn.get("arguments")))
            call = f"<code>{esc(tc.get('id'))}</code> {esc(fn.get('name'))}<code>{args}</code>"
            moved = f'<span class="warn">排在第 {k + 1} 条，调用是第 {n + 1} 个</span>' if k not in (None, n) else ""
            mark = ' class="missing"' if j is None else ' class="moved"' if moved else ""
            result = (
                '<span class="warn">没有结果</span>'
                if j is None
                else f"[{j}] <code>tool_call_id={esc(tc.get('id'))}</code> {moved}"
            )
            rows.append(f'<tr{mark}><td class="call">{call}</td><td>←</td><td class="run">{result}</td></tr>')
        tables.append(
            f'<div class="scroll"><table class="pairs"><caption>messages[{i}] 的 {len(pairs)} 个调用，'
            f"按 tool_call_id 配对的结果</caption>{''.join(rows)}</table></div>"
        )
    return "\n".join(tables)


def text_html(text, empty: str = "（空）") -> str:
    """一段文字：短的直接显示，长的（超过 400 字符或 12 行）折叠，摘要里是开头和长度。"""
    text = as_text(text)
    if not text:
        return f'<p class="muted">{empty}</p>'
    if len(text) <= FOLD_CHARS and text.count("\n") < FOLD_LINES:
        return f"<pre>{esc(text)}</pre>"
    return (
        f'<details class="long"><summary>{esc(text[:60].split(chr(10))[0])}…'
        f"（共 {text.count(chr(10)) + 1} 行，{len(text)} 字符，点开看全文）</summary><pre>{esc(text)}</pre></details>"
    )


def call_html(tc: dict, attribute: str, note: str = "") -> str:
    function = tc.get("function") if isinstance(tc.get("function"), dict) else {}
    call_id = tc.get("id")
    return (
        f'<div class="call"{f" {attribute}={chr(34)}{esc(call_id)}{chr(34)}" if attribute else ""}>'
        f'<div class="head"><span class="tag">调用</span><b>{esc(function.get("name"))}</b>'
        f"<code>id={esc(call_id)}</code>{note}</div>"
        f'<pre class="args">{esc(sent_arguments(function.get("arguments")))}</pre></div>'
    )


def message_html(index: int, m: dict, origin: str | None = None) -> str:
    """messages 里的一条：角色、内容、tool_calls（id、名字、参数）、tool 结果对应的 tool_call_id。
    origin：上一次请求已经送过的，它是在哪一轮新增的。这时长内容只留开头（全文在那一轮）：网页不随轮数平方地变大。"""
    added, content = origin is None, as_text(m.get("content"))
    role, calls = m.get("role"), m.get("tool_calls")
    calls = [tc for tc in calls if isinstance(tc, dict)] if isinstance(calls, list) else []
    kind = " assistant-call" if role == "assistant" and calls else " tool-result" if role == "tool" else ""
    kind = f"role-{role if role in ('system', 'user', 'assistant', 'tool') else 'other'}{' added' * added}{kind}"
    attribute = f' data-result-for="{esc(m.get("tool_call_id"))}"' if role == "tool" else ""
    head = f"{'<span class=tag>新增</span>' if added else ''}<b>[{index}] {esc(role)}</b>"
    head += f"<code>tool_call_id={esc(m.get('tool_call_id'))}</code>" if role == "tool" else ""
    body = text_html(content) if content or not calls else ""
    if not added and len(content) > 120:  # 送过的长内容只留开头，全文在它新增的那一轮
        link = f'<a href="#{origin}">全文在新增它的那一轮</a>'
        body = f'<p class="muted">{esc(content[:80])}…（共 {len(content)} 字符，{link}）</p>'
    body += "".join(call_html(tc, "") for tc in calls)
    return f'<div class="msg {kind}"{attribute}><div class="head">{head}</div>\n{body}</div>'


def outcome_html(x: dict) -> tuple:
    """(回复的 HTML, 这次回复里的调用 id)。id 是进历史时的那个（和 tool 事件、下一轮的 tool 结果一致）。"""
    outcome = x["outcome"]
    if outcome is None:
        return '<p class="warn">回复没到录音就结束了：请求发出去了，程序在回复到之前停了。</p>', []
    waited = f"（等了 {esc(seconds_of(outcome))} 秒）" if seconds_of(outcome) is not None else ""
    if outcome["event"] == "interrupted":
        return f'<p class="warn">录制时在这里按了 Ctrl-C{waited}：这一轮没有回复。</p>', []
    if outcome["event"] == "error":
        return f'<p class="error">{esc(outcome.get("text"))}</p><p class="muted">这一轮出错了{waited}。</p>', []
    reply = outcome.get("reply")
    msg, why = recorded_message(reply, x)
    if msg is None:
        raw = text_html(reply)
        return f'<p class="error">这个回复不能用（{esc(why)}），没有进历史{waited}。收到的是：</p>{raw}', []
    usage = recorded_usage(outcome)
    prompt, completion = usage.get("prompt", "?"), usage.get("completion", "?")
    used = f"输入 {esc(prompt)} tokens，输出 {esc(completion)} tokens；" if usage else ""
    if usage.get("cached"):
        used = used.replace("tokens，", f"tokens（缓存命中 {esc(usage['cached'])}），", 1)
    waited = seconds_of(outcome)
    parts = [f'<p class="muted">{used}等了 {esc("?" if waited is None else waited)} 秒</p>']
    if msg.get("reasoning_content"):
        parts.append(f"<details><summary>思考过程</summary>{text_html(msg['reasoning_content'])}</details>")
    calls = msg.get("tool_calls") or []
    if msg.get("content") or not calls:
        label = "" if calls else '<p class="muted">最终回复（没有调用工具）：</p>'
        parts.append(f'<div class="{"" if calls else "final"}">{label}{text_html(msg.get("content"))}</div>')
    raw = ((reply.get("choices") or [{}])[0].get("message") or {}).get("tool_calls") or []  # 已经查过形状
    for n, tc in enumerate(calls):
        given = raw[n].get("id") if n < len(raw) else None
        note = f"（服务商给的 id {esc(given)} 是空的或重复了，换成了这个）" if given != tc["id"] else ""
        parts.append(call_html(tc, "data-call-id", f'<span class="muted">{note}</span>' if note else ""))
    return "\n".join(parts), [tc["id"] for tc in calls]


def tool_html(tool: dict) -> str:
    """一次工具执行：名字、参数、执行了没有（没执行的原因）、结果（以前的录音还有几秒）。"""
    seconds = f"，{esc(seconds_of(tool))} 秒" if seconds_of(tool) is not None else ""  # 以前的录音里有
    status = "执行了" if tool.get("ran") is True else f"没有执行：{esc(tool.get('not_run') or '原因没有录下')}"
    return (
        f'<div class="run{"" if tool.get("ran") is True else " not-run"}" data-result-for="{esc(tool["id"])}">'
        f'<div class="head"><span class="tag">结果</span><b>{esc(tool["name"])}</b><code>id={esc(tool["id"])}</code>'
        f"<span>{status}{seconds}</span></div>"
        f'<pre class="args">{esc(sent_arguments(tool.get("arguments")))}</pre>'
        f"{text_html(tool['result'], '（结果是空的）')}</div>"
    )
