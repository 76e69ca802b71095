"""--page：把一段录音（--record 写的 JSON Lines）做成一个网页，投影和手机上都能看。一个 .html 文件，什么也不引用
（样式写在里面，不用 JavaScript，折叠用 <details>）。上面是问题、次数、每一轮输入有多大；下面按轮：送出的 messages
（送过的折叠，新增的 assistant 请求标蓝、tool 结果标绿，和 --step 一样）、回复、工具执行。录音里的文字都转义后才写进去。
"""

import contextlib
import os
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path

from support.escapes import printable
from support.recording.read import as_text, model_calls, read_recording, requests
from support.recording.replay import questions, recorded_message
from support.recording.rounds import esc, prompt_tokens, recorded_usage, round_html
from support.signals import Ended, endings_held
from support.stats import summary
from support.terminal import fail

CSS = """
:root{--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--blue:#1f5fd1;--blue-bg:#eaf2ff;--green:#1f7a36;
--green-bg:#e7f6ea;--red:#b42318;--red-bg:#fdecea;--grey-bg:#f4f5f7;--amber-bg:#fff7e0}*{box-sizing:border-box}
html{font-size:18px;-webkit-text-size-adjust:100%}body{margin:0;color:var(--ink);background:#fff;line-height:1.55;
font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{max-width:1600px;margin:0 auto;padding:1.2rem 2rem 3rem}h1{font-size:1.7rem;margin:.2rem 0 .6rem}
h2{font-size:1.35rem;margin:2.2rem 0 .6rem;padding-bottom:.3rem;border-bottom:3px solid var(--ink)}
h3{font-size:1.15rem;margin:0 0 .6rem}h4{font-size:.95rem;margin:.8rem 0 .4rem;color:var(--muted)}
h3 small,.muted{color:var(--muted);font-weight:normal;font-size:.85rem}a{color:var(--blue)}
pre,code{font-family:ui-monospace,Menlo,Consolas,"Noto Sans Mono CJK SC",monospace;font-size:.85rem}pre{
margin:.3rem 0;padding:.5rem .7rem;background:#fff;border:1px solid var(--line);border-radius:4px;
white-space:pre-wrap;overflow-wrap:anywhere;tab-size:4;word-break:break-word;max-height:36rem;overflow:auto}
code{overflow-wrap:anywhere;background:rgba(0,0,0,.05);padding:0 .25em;border-radius:3px}
summary{cursor:pointer;color:var(--muted);overflow-wrap:anywhere;font-size:.9rem}summary:hover{color:var(--ink)}
.facts,.legend{display:flex;flex-wrap:wrap;gap:.4rem 1.6rem;margin:.5rem 0}.facts b{font-size:1.2rem}
.legend{font-size:.9rem;gap:.4rem 1rem}.legend .msg{margin:0;padding:.1rem .5rem}
.qs li{margin:.15rem 0;overflow-wrap:anywhere}.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;max-width:60rem;font-size:.9rem}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}.grow{color:var(--muted);font-size:.85em}
.bar{height:.5rem;background:var(--blue);border-radius:3px;margin-top:.2rem;min-width:2px}
.round{border:1px solid var(--line);border-radius:8px;padding:1rem 1.2rem;margin:1.2rem 0;scroll-margin-top:.5rem}
.cols{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1.4rem}
.msg,.run,.call{margin:.5rem 0;padding:.45rem .7rem;border-radius:4px;border-left:6px solid var(--line)}
.msg{background:var(--grey-bg)}
.msg.added{border-left-color:var(--muted);background:#fff;box-shadow:0 0 0 1px var(--line)}
.msg.added.assistant-call,.call{background:var(--blue-bg);border-left-color:var(--blue);box-shadow:none}
.msg.added.tool-result,.run{background:var(--green-bg);border-left-color:var(--green);box-shadow:none}
.run.not-run{background:var(--amber-bg);border-left-color:#b7791f}
.head{display:flex;flex-wrap:wrap;gap:.2rem .6rem;align-items:baseline;font-size:.9rem}
.tag{font-size:.75rem;padding:0 .4rem;border-radius:3px;background:var(--ink);color:#fff}
.assistant-call .tag,.call .tag{background:var(--blue)}.tool-result .tag,.run .tag{background:var(--green)}
.earlier{margin:.3rem 0;padding:.3rem .6rem;background:var(--grey-bg);border-radius:4px}
.error,.warn{padding:.5rem .7rem;border-radius:4px;background:var(--red-bg);color:var(--red);overflow-wrap:anywhere}
.warn{background:var(--amber-bg);color:#7a4a00}.pairs{margin:.5rem 0}.pairs caption{text-align:left;
color:var(--muted);font-size:.85rem}.pairs td.call{background:var(--blue-bg)}.pairs td.run{background:var(--green-bg)}
.pairs tr.moved td,.pairs tr.missing td{outline:2px solid #b7791f}.final-note{padding:.5rem .7rem;border-radius:4px;
background:var(--green-bg);color:var(--green)}.final pre{border-color:var(--ink)}
.sofar{margin:.8rem 0 0;font-size:.9rem;color:var(--muted)}td a{white-space:nowrap}
.args::before{content:"参数 ";color:var(--muted);font-family:system-ui,sans-serif}
.note{margin:1.2rem 0;padding:.5rem .8rem;border-left:6px solid var(--ink);background:var(--grey-bg)}
@media (max-width:900px){.cols{grid-template-columns:minmax(0,1fr);gap:.4rem}}
@media (max-width:600px){html{font-size:16px}main{padding:.7rem .6rem 2rem}h1{font-size:1.35rem}
.round{padding:.6rem;border-radius:6px}.msg,.run,.call{padding:.35rem .45rem;border-left-width:4px}
pre{padding:.4rem .45rem;font-size:.8rem}th,td{padding:.25rem .3rem}}
"""


def write_page(path: str) -> int:
    """读录音，在它旁边写 .html，说一句写到了哪里。写不了、那个 .html 已经有了（不覆盖），都是一句话，退出码 2。"""
    target = Path(path).with_suffix(".html")
    if target.resolve() == Path(path).resolve():
        fail(f"[错误] 没法写网页 {printable(target)}：它就是录音文件本身，换个文件名（比如 .jsonl）再做网页")
    if os.path.lexists(target):
        fail(f"[错误] {printable(target)} 已经有了，不覆盖：要重新做网页，先删掉它（或者把录音换个名字）")
    events = read_recording(path)
    exchanges, temp = requests(events), None
    # 先写进同一目录的临时文件（只有自己能读，和录音一样），写完再链过去：不写半个网页，不顺着符号链接写，
    # 这期间冒出来的同名文件也不覆盖
    try:
        with ending_raises("网页没有写完，写了一半的临时文件已删掉"):  # SIGTERM、SIGHUP：不留下 .page-*.html
            with endings_held():  # 文件建好、名字还没记下时来的信号：记下了再处理，finally 才删得掉它
                fd, temp = tempfile.mkstemp(dir=target.parent, prefix=".page-", suffix=".html")
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace", newline="\n") as file:  # 哪个系统上都是 LF
                for n, part in enumerate(page_parts(events, f"录音 {Path(path).name}")):
                    file.write(("\n" if n else "") + part)
            os.link(temp, target)
    except RecursionError:
        fail(f"[错误] {printable(path)} 里有嵌套太深的内容，做不了网页")
    except FileExistsError:
        fail(f"[错误] {printable(target)} 已经有了，不覆盖：要重新做网页，先删掉它（或者把录音换个名字）")
    except OSError as e:
        fail(f"[错误] 没法写网页 {printable(target)}：{printable(e.strerror or e)}")
    finally:
        with contextlib.suppress(OSError, TypeError):
            os.unlink(temp)
    calls, ran = model_calls(exchanges), tool_counts(exchanges)[0]
    counts = f"{len(questions(exchanges))} 个问题，{calls} 次模型调用，{ran} 次工具执行"
    print(printable(f"[网页] 写好了 {target}：{counts}。用浏览器打开它。"))
    return 0


@contextlib.contextmanager
def ending_raises(doing: str):
    """里面收到 SIGTERM、SIGHUP 这些信号（launch() 把它们变成 signals.Ended）：finally 照常执行（比如删掉写了一半的
    临时文件），说一句正在做的事没做完（doing：“网页没有写完”），以 128 + 信号退出。"""
    try:
        yield
    except Ended as e:
        with contextlib.suppress(OSError, ValueError):  # 终端可能已经关了
            print(f"\n[已退出] 收到 {signal.Signals(e.signum).name}：{doing}。", file=sys.stderr)
        raise SystemExit(e.code) from None


def tool_counts(exchanges: list) -> tuple:
    """(执行了几次, {没执行的原因: 次数})：和终端上的 [统计] 一样分开数。"""
    tools = [t for x in exchanges for t in x["tools"]]
    skipped = Counter(str(t.get("not_run") or "原因没有录下") for t in tools if t.get("ran") is not True)
    return len(tools) - sum(skipped.values()), skipped


def request_size(exchange: dict) -> int:
    """这次请求有多少字节：和 --step 的单步视图算法一样（model、messages、tools、tool_choice）。"""
    s = exchange["session"] or {}
    body = {"model": s.get("model"), "tools": s.get("tools"), "tool_choice": "auto"}  # messages 由时间线数
    return exchange["timeline"].bytes_at(exchange["index"], body)


def page_html(events: list, title: str) -> str:
    """整个网页的 HTML。"""
    return "\n".join(page_parts(events, title))


def page_parts(events: list, title: str):
    """网页的 HTML，一段一段地给出（几万轮的录音也不用把整个网页攒在内存里）。"""
    exchanges = requests(events)
    grouped = questions(exchanges)
    bases = [esc(f"q{x['request'].get('question')}-r{x['request'].get('round')}") for x in exchanges]
    ids, seen = [], Counter()  # 每一轮的锚点；手改的录音里同一轮出现两次，第二次加 -2
    for base in bases:
        seen[base] += 1
        ids.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    starts = {id(x): ids[i] for i, x in enumerate(exchanges)}
    sizes = [request_size(x) for x in exchanges]
    yield from [
        f'<!DOCTYPE html>\n<html lang="zh-CN">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{esc(title)}</title>\n'
        f"<style>{CSS}</style>\n</head>\n<body>\n<main>\n<h1>{esc(title)}</h1>",
        overview(events, exchanges, grouped, starts),
    ]
    yield from size_table(exchanges, sizes, ids)
    heads, session = {id(g["exchanges"][0]): g for g in grouped}, exchanges[0]["session"] if exchanges else None
    lasts = {id(g["exchanges"][-1]): g for g in grouped}  # 每个问题的最后一轮：说它为什么停在这里
    origins, calls, ran, skipped = {}, 0, 0, 0  # 第几条消息是在哪一轮新增的；到这一轮为止的次数
    for i, x in enumerate(exchanges):
        if id(x) in heads:
            yield (f"<h2>问题 {esc(heads[id(x)]['number'])}：{esc(as_text(heads[id(x)]['text'], 300))}</h2>")
        if x["session"] is not session and x["session"]:
            session = x["session"]
            what = "接着录的（--resume）" if session.get("resumed") else "新的一段录音"
            yield (
                f'<p class="note">从这里起是{what}：录于 {esc(session.get("started"))}，'
                f"模型 {esc(session.get('model'))}（{esc(session.get('host'))}）。</p>"
            )
        this_ran, this_skipped = tool_counts([x])
        calls, ran, skipped = calls + model_calls([x]), ran + this_ran, skipped + sum(this_skipped.values())
        extra = f"（另有 {skipped} 次调用没有执行）" if skipped else ""
        kind, why = stop_reason(x) if id(x) in lasts else ("", "")
        try:
            yield (round_html(x, ids[i], sizes[i], origins, STOPPED.get(kind, "")))
        except RecursionError:  # 回复里有几百层嵌套（服务商这么回过，录下来了）：这一轮只说一句
            yield (f'<section class="round" id="{ids[i]}"><p class="warn">这一轮的内容嵌套太深，网页里不显示。</p>')
        yield (f'<p class="sofar">到这里：模型调用 {calls} 次，工具执行 {ran} 次{extra}。</p>')
        if kind:
            yield (stop_html(kind, why, lasts[id(x)]["exchanges"]))
        yield ("</section>")
    if not exchanges:
        yield ('<p class="warn">录音里还没有任何请求：程序在第一次调用模型之前就停了。</p>')
    yield "</main>\n</body>\n</html>\n"


# 问题最后一轮的工具结果没有再送回模型时，工具执行那一栏的标题说为什么（stop_reason 的类别）
STOPPED = {
    "limit": "用完了轮次，没有下一轮",
    "host": "宿主拦下了下一次请求",
    "interrupted": "按了 Ctrl-C",
    "cut": "录音到这里就结束了",
}


def stop_reason(x: dict) -> tuple:
    """一个问题为什么停在 x 这一轮（它的最后一轮）：(类别, 一句话)。
    类别：answered 得到回答、limit 用完了轮次、host 宿主拦下了下一次请求、error 接口出错、interrupted 按了 Ctrl-C、
    cut 录音在这里结束。"""
    outcome = x["outcome"]
    if outcome is None:
        return "cut", "录音在这里结束：请求发出去了，回复没有录下（录制时程序停在了这里）"
    if outcome["event"] == "interrupted":
        return "interrupted", "等模型回复时按了 Ctrl-C，这个问题停下了"
    if outcome["event"] == "error":
        return "error", f"接口出错，这个问题停在这里：{as_text(outcome.get('text'))}"
    msg, why = recorded_message(outcome.get("reply"), x)
    if msg is None:
        return "error", f"回复不能用（{why}），这个问题停在这里"
    if not msg.get("tool_calls"):
        return "answered", "得到了回答：这一轮的回复没有再调用工具"
    if x["stop"]:
        return "host", f"宿主检查没通过，下一次请求没有发出：{as_text(x['stop'].get('text'))}"
    session = x["session"] or {}
    limit, named = session.get("max_rounds"), session.get("limit", "--max-rounds 或 MAX_ROUNDS")
    missing = {tc["id"] for tc in msg["tool_calls"]} - {t["id"] for t in x["tools"]}
    if missing and (x.get("cut") or x["request"].get("round") != limit):
        return "interrupted", "执行工具时按了 Ctrl-C（或者程序停了）：有的调用没有结果"
    if x.get("cut"):
        return "interrupted", "工具执行完了，下一次请求之前按了 Ctrl-C（或者程序停了）"
    if x["request"].get("round") == limit:
        return (
            "limit",
            f"用完了轮次：一个问题最多 {limit} 轮（{named} {limit}），第 {limit + 1} 轮没有发出，任务可能还没有完成",
        )
    return "cut", "录音在这里结束：工具执行完了，下一次请求没有录下"


def stop_html(kind: str, why: str, rounds: list) -> str:
    """问题结束处的一段：为什么停下，和终端上 [统计] 那一行一样的数（出错、Ctrl-C 时终端上没有 [统计]）。"""
    tag = {"answered": "final-note", "limit": "warn", "host": "warn", "cut": "warn"}.get(kind, "error")
    line = f'<p class="{tag}">这个问题停下的原因：{esc(why.rstrip("。"))}。</p>'
    if kind in ("answered", "limit", "host"):
        line += f'<p class="sofar">{esc(summary(question_stats(rounds), message_count(kind, rounds[-1])))}</p>'
    if kind == "host":  # 录音只看得到进了 messages 的结果
        line += '<p class="muted">（工具执行只数了结果追加进 messages 的：没有追加的，录音看不到它执行了没有。）</p>'
    return line


def question_stats(rounds: list) -> dict:
    """一个问题的几轮 → 和 run() 里一样的 stats：模型调用、真正执行的工具、没执行的（按原因）、每次的用量。"""
    ran, not_run = tool_counts(rounds)
    replies = [x for x in rounds if (x["outcome"] or {}).get("event") == "reply"]
    usage = [recorded_usage(x["outcome"]) for x in replies]
    return {"model_calls": len(replies), "tool_runs": ran, "not_run": dict(not_run), "calls": usage}


def message_count(kind: str, last: dict) -> int:
    """问题结束时 messages 有几条：回答了是最后一次请求加上回答；宿主拦下时录下了；用完轮次时还加上工具结果。"""
    if kind == "host":
        count = last["stop"].get("messages")
        return count if type(count) is int and count > 0 else last["length"] + 1  # 造出来的录音：至少还有那条调用
    return last["length"] + 1 + (len(last["tools"]) if kind == "limit" else 0)


def overview(events: list, exchanges: list, grouped: list, starts: dict) -> str:
    """页首：问题、模型、次数、颜色说明。"""
    first = events[0] if events else {}
    resumed = sum(1 for e in events if e["event"] == "session") - 1
    ran, not_run = tool_counts(exchanges)
    skipped = "，".join(f"{esc(reason)} {count} 次" for reason, count in not_run.items())
    items = "".join(
        f'<li><a href="#{starts[id(g["exchanges"][0])]}">问题 {esc(g["number"])}</a>：{esc(as_text(g["text"], 300))}'
        f'<span class="muted">（{len(g["exchanges"])} 轮）</span></li>'
        for g in grouped
    )
    tools = first.get("tools") if isinstance(first.get("tools"), list) else []
    tools = "、".join(
        esc(t["function"].get("name")) for t in tools if isinstance(t, dict) and isinstance(t.get("function"), dict)
    )
    return (
        f'<ol class="qs">{items}</ol>\n<div class="facts"><span>模型 <b>{esc(first.get("model"))}</b>'
        f"（{esc(first.get('host'))}）</span><span>录于 {esc(first.get('started'))}"
        f"{f'，后来接着录了 {resumed} 次' if resumed > 0 else ''}</span></div>\n"
        f'<div class="facts"><span><b>{len(grouped)}</b> 个问题</span>'
        f"<span><b>{model_calls(exchanges)}</b> 次模型调用</span>"
        f"<span><b>{ran}</b> 次工具执行</span>"
        + (f"<span>另有 <b>{sum(not_run.values())}</b> 次调用没有执行（{skipped}）</span>" if not_run else "")
        + f'</div>\n<p class="muted">工具：{tools or "（没有）"}；每个问题最多 {esc(first.get("max_rounds"))} 轮。'
        "每一轮都把整个历史重新送一遍：输入一轮比一轮大。</p>\n"
        '<div class="legend"><span class="msg added assistant-call">蓝色：新增的 assistant 请求（tool_calls）</span>'
        '<span class="msg added tool-result">绿色：新增的 tool 结果</span>'
        '<span class="msg">灰色：上一次请求已经送过的（折叠着）</span></div>'
    )


def size_table(exchanges: list, sizes: list, ids: list):  # ids：每一轮的锚点（已转义）
    """每一轮的输入有多大：服务商报告的输入 tokens（有的话），和请求的字节数（总是有），比上一次请求多了多少。
    一行一行地给出：几十万轮的录音也不把整张表攒在内存里。"""
    if not exchanges:
        return
    tokens = [prompt_tokens(x) for x in exchanges]
    widest = max(sizes)
    yield (
        '<h4>每一轮的输入有多大</h4>\n<div class="scroll"><table><thead><tr><th>请求</th>'
        "<th>输入 tokens（服务商报告）</th><th>请求字节（括号里是比上一次多的）</th></tr></thead>\n<tbody>"
    )
    for i, x in enumerate(exchanges):
        grow = [  # 比上一次请求多了（少了）多少
            f'<span class="grow">（{now[i] - now[i - 1]:+}）</span>' if i and None not in (now[i], now[i - 1]) else ""
            for now in (tokens, sizes)
        ]
        yield (
            f'<tr><td><a href="#{ids[i]}">问题 {esc(x["request"].get("question"))} 第 {esc(x["request"].get("round"))}'
            f' 轮</a> <span class="muted">{x["length"]} 条</span></td>'
            f'<td class="num">{tokens[i] if tokens[i] is not None else "—"}{grow[0]}</td>'
            f'<td class="num">{sizes[i]}{grow[1]}<div class="bar" style="width:{100 * sizes[i] / widest:.0f}%">'
            "</div></td></tr>"
        )
    note = (
        "服务商没有报告 token 用量（离线演示、有的本地服务就是这样）：“输入 tokens”一栏空着，只看请求字节。"
        if all(t is None for t in tokens)
        else "输入 tokens 是服务商在回复里报告的；请求字节是送出的 JSON（model、messages、tools）的大小。"
    )
    yield f'</tbody></table></div>\n<p class="muted">{note}</p>'
