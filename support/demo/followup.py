"""离线演示接着上一个问题听：没认出哪一类、却像是接着问的（“那蓝笔呢？”“要是 2 盒呢？”“那 tests 里呢？”），沿用上一个
问题的那件事；库存问题缺的商品、数量也沿用，回答里说沿用了什么。这次对话里问过的商品都记着（“两种各要 1 盒呢？”）。"""

import re
from dataclasses import replace

from support.demo import words as w
from support.demo.names import in_last_folder, names_of, spread
from support.demo.orders import carried, said_number
from support.demo.question import (
    MAX_QUESTION,
    PASTED,
    Ask,
    Part,
    about_file,
    continued,
    elsewhere,
    leftover,
    on_topic,
    unasked,
    understand,
)
from support.demo.running import about_tests, runs_them

FOLDERED = ("use", "ls", "count", "stack")
# 要重新读时说的话：说了文件改过、要再读；别的（一个数、一个字、一个名字）都不是
REREAD = (
    rf"{w.FRESH}|{w.FILLER}|{w.ASKING}|[\w.-]+\.\w+|\b(?:read|check|look at|reload|stock|files?|was|were|been|just"
    r"|someone|changed|updated|edited)\b|文件|库存|数据|记录|我把|刚才?|同事|已经|改|读|看|查|过|[\W_]+"
)


def in_context(question: str, before: Ask | None) -> Ask:
    """一个问题，和对话里它前面的那个（有内容的）问题一起读。"""
    stock = bool(before and any(p.kind == "inventory" for p in before.parts))
    ask = understand(question, stock)
    question = question[:MAX_QUESTION]  # 太长的后面不读（understand 说了没读）：每一步的时间也有上限
    if revised := revision(ask, question, before):
        ask = revised
    elif before and before.parts:
        ask = carried_on(ask, question, before)
    earlier = before.parts if before else []  # 上一个库存问题要的商品：接着问时沿用
    previous = next((p.names for p in reversed(earlier) if p.kind == "inventory" and p.names), [])
    ask = replace(ask, parts=[order_carried(p, previous, question) for p in ask.parts])
    vague = [p for p in ask.parts if p.kind == "inventory" and not p.names and "revised" not in p.asks]
    vague = [] if re.search(PASTED, question) else vague  # 贴了库存记录：问的是记录里的那一种（stock.py）
    goods = lambda p: re.search(w.GOODS_WORDS, f"{p.text} {p.content or ''}".lower())  # noqa: E731
    if vague := [p for p in vague if not goods(p)]:  # “how many routes”：不是库存问题
        kept = [p for p in ask.parts if p not in vague]
        ask = replace(ask, parts=kept, unknown=ask.unknown + [p.text[:80] for p in vague])
    if counts := [p for p in ask.parts if p.kind == "count" and "tests" in p.asks]:  # 前面没列出测试文件：不知道数哪些
        ask = replace(
            ask, parts=[p for p in ask.parts if p not in counts], unknown=ask.unknown + [p.text for p in counts]
        )
    asked = [o for p in ask.parts if p.kind == "inventory" for o in p.names]
    items = [*(before.items if before else []), *asked]  # 问过的每一种商品，最近问的在后面
    latest = {o.item: o for o in items} | {o.item: o for o in items if o.quantity}  # 每种一条：最后说的数量
    ask.items = [latest[i] for i in list(dict.fromkeys(o.item for o in reversed(items)))[::-1]]
    return ask


def revision(ask: Ask, question: str, before: Ask | None) -> Ask | None:
    """说了要多少的库存问题（或者接着这样的问题）里有改口、不要、换的词（words.REVISED：“不对，是 4 盒”“蓝笔不要了”
    “make it 4”）：订单是不是改了、改成了什么，不替用户猜，这件事只请他把整个订单再说一遍（stock.py）；否则是 None。"""
    ordered = before and any(o.quantity for o in before.items)  # 前面说过要多少
    stock = any(p.kind == "inventory" for p in ask.parts)
    said = stock and (
        said_number(question) or any(o.quantity for p in ask.parts if p.kind == "inventory" for o in p.names)
    )
    last = before.parts[-1].kind == "inventory" if before and before.parts else False  # 接着库存问题说（“蓝笔不要了”）
    again = last and (ordered or said_number(question)) and all(p.kind == "inventory" for p in ask.parts)
    again = again and not (re.search(w.CLOSING, question.lower()) and not ask.parts)  # “好的谢谢，不用了”：问完了
    if not ((said or again) and (word := revised_word(question, ask, before))):
        return None
    others = [p for p in ask.parts if p.kind != "inventory"]  # “…actually? 另外 AGENTS.md 写了什么”：别的照样做
    return Ask([Part("inventory", question, asks={"revised"}, content=word), *others], ask.unknown, ask.en, ask.fresh)


def revised_word(question: str, ask: Ask, before: Ask | None) -> str:
    """问题里改口、不要、换的词（words.REVISED）；商品名中间的不算（涂改笔、换气扇、drop cloths：名字在它后面还有字；
    “蓝笔减到 1 盒”读成的“蓝笔减到”不是），贴的记录、“库存改成 2 了”（要重读）里的也不算。没有是 ""。"""
    blank = lambda m: " " * len(m[0])  # noqa: E731  位置不变
    text = re.sub(w.FRESH, blank, re.sub(PASTED, blank, question).lower())
    items = [o for p in ask.parts if p.kind == "inventory" for o in p.names] + (before.items if before else [])
    names = {n.lower() for o in items for n in (o.item, o.asked) if len(n) > 1}
    spans = [m.span() for n in names for m in re.finditer(re.escape(n), text)]
    inside = lambda m, a, b: a <= m.start() and m.end() < b and not (m.start() - a > 1 and b - m.end() > 1)  # noqa: E731
    words = (m for m in re.finditer(w.REVISED, text) if not any(inside(m, a, b) for a, b in spans))  # 红笔换蓝笔：是换
    return next((m[0].strip(" ,.!?;:，。？！；：—–-") or m[0] for m in words), "")


def carried_on(ask: Ask, question: str, before: Ask) -> Ask:
    """没认出哪一类、却像是接着问（“那蓝笔呢？”）：沿用上一个问题最后那件事；库存问题缺的商品也沿用。"""
    again, last = bool(re.search(w.FOLLOW_UP, question.lower())), before.parts[-1]  # “那 src 呢？”：接着问

    if moved := elsewhere(last, question):  # “那 tests 里呢？”：上一件事，换一个目录（不是问测试文件）
        near = last.folder if last.folder != "." and "/" not in moved.folder else ""  # 可能在上一个目录里
        return Ask(spread(replace(moved, near=near)), [], ask.en, ask.fresh)  # “only in src and tests?”：各做一次
    them = r"\b(them|they|those|these|tests?|(the|that) command)\b|它们|这些|测试|这个命令|这条命令"
    them = "how" not in last.asks or re.search(them, question.lower())
    one = len(ask.parts) == 1 and ask.unknown == [ask.parts[0].text[:80]]  # 整句就是“how do I run them on X”
    named = one and ask.parts[0].kind == "entry" and re.search(r"\b(them|they)\b|它们", question)
    if about_tests(last) and len(ask.parts) == 1 and (runs_them(ask.parts[0], question) or named) and them:  # them？
        tests = last if last.kind == "tests" else Part("tests", question)
        return Ask([replace(tests, text=question, asks={"how"})], ask.unknown, ask.en, ask.fresh)
    if len(ask.parts) == 1 and (file := about_file(ask.parts[0], question, last)):  # 读了一个文件，“它是干什么的？”
        return Ask([file], ask.unknown, ask.en, ask.fresh)
    if ask.parts and (counts := recounted(ask, question, before)):  # “加起来一共多少行？”：还是上一个问题数的那些文件
        return counts
    if ask.parts:
        fixed = ask.parts
        inside = last.folder != "." and re.search(w.DEICTIC, question.lower())  # “里面用到 express 了吗？”：上一个目录
        fixed = [in_folder(p, last.folder) if inside else in_last_folder(p, last) for p in fixed]
        how = again and "how" in last.asks  # “how do I run it?”“what about the tests?”：测试怎么跑
        fixed = [replace(p, asks=p.asks | {"how"}) if how and p.kind == "tests" else p for p in fixed]
        fixed, unsure = count_after(fixed, last)  # “入口是哪个？”“how many lines?”
        unsure += [question[:80]] * any(p.kind == "tests" and how and unasked(question, p) for p in fixed)  # 单元测试呢
        fixed = [version_of(p, question, last) for p in fixed]
        return replace(ask, parts=fixed, unknown=ask.unknown + unsure)
    if not again and not ask.fresh:  # 要重新读
        return ask
    if ask.fresh and not ask.unknown:  # 只说了“重新读一下”：上一个问题的每一件事都再做一次
        # 上一句改了口（“不对，是 4 盒”）：再做一次也只请他把订单再说一遍，说的是上一句里的词
        again = [replace(p, asks=p.asks | {"earlier"}) if "revised" in p.asks else p for p in before.parts]
        return replace(ask, parts=[replace(p, text=question) if p.kind != "inventory" else p for p in again])
    if (moved := continued(last, question)) and not leftover(question, moved):  # “那 react 呢？”“怎么运行呢？”
        part = in_last_folder(replace(moved, folder=moved.folder if moved.folder != "." else last.folder), last)
    elif not re.sub(rf"{REREAD}|{names_of(last)}", "", question.lower()) if ask.fresh else on_topic([last], question):
        # “And in which files?”“重新读一下红笔”：再答一次（要重新读又说了别的，“Check the blue pens again”：不猜）
        part = replace(last, text=question)
    else:
        return ask
    rest = [clause for clause in ask.unknown if not following(clause, part, last)]  # 别的没认出的，照样说出来
    return Ask([part], rest, ask.en, ask.fresh) if part.names or last.kind not in ("use", "inventory") else ask


def forgotten(ask: Ask) -> Ask:
    """问过的商品、说过的数量都不算了（还知道问的是库存）：没听懂的一句可能换了商品、改了数量。"""
    parts = [replace(p, names=[]) if p.kind == "inventory" else p for p in ask.parts]
    return replace(ask, parts=parts, items=[])


def order_carried(part: Part, previous: list, question: str) -> Part:
    """库存问题接着上一个库存问题问：缺的商品、数量沿用（orders.carried），回答里说沿用了什么。"""
    if part.kind != "inventory" or part.asks & {"revised", "unsure"}:
        return part
    if not (said := carried(part.names, previous, question)):  # “要是 3 盒呢？”问过两种：分不清
        return replace(part, names=[], asks={"unsure", "which"}, content=question[:80])
    names, what, source = said
    return replace(part, names=names, carried=what, carried_from=source)


def count_after(parts: list, last: Part) -> tuple:
    """数行数、没说数什么（没有文件、目录、哪种文件），上一件事说的是一个文件：数那个文件；是入口（还不知道是哪个
    文件）：说不出数哪个，照原话说没做。返回 (这几件事, 没做的小句)。"""
    plain = [p for p in parts if p.kind == "count" and not (p.names or p.ext or p.folder != ".")]
    if plain and last.kind == "file" and last.names and "README" not in last.names:
        name = last.names[0]
        return [replace(p, names=[name], folder=name, ext=name.rsplit(".", 1)[-1].lower()) if p in plain else p
                for p in parts], []  # fmt: skip
    if plain and last.kind == "entry":
        return [p for p in parts if p not in plain], [p.text[:80] for p in plain]
    return parts, []


def version_of(part: Part, question: str, last: Part) -> Part:
    """“用了 express 吗？”“哪个版本？”：问的是 express 的版本，不是项目自己的（说了项目的版本就是项目的）。"""
    bare = f"{w.FOLLOW_UP}|{w.FILLER}|{w.ASKING}|版本号?|\\b(versions?|number)\\b|[\\W_]+"  # 只问了版本
    own = re.search(w.OWN_VERSION, question.lower())  # 说了项目的版本：问的是项目自己的
    named = last.names if last.kind == "use" and not own and not re.sub(bare, "", question.lower()) else []
    if part.kind == "stack" and not part.names and named:
        return replace(part, names=named)
    return part


def in_folder(part: Part, folder: str) -> Part:
    """“里面用到 express 了吗？”“routes.py in that folder”：没说目录的那件事，在上一个目录里做。"""
    if part.kind == "file":
        return replace(part, names=[n if "/" in n else f"{folder}/{n}" for n in part.names])
    return replace(part, folder=folder) if part.folder == "." and part.kind in FOLDERED else part


def recounted(ask: Ask, question: str, before: Ask) -> Ask | None:
    """数行数却没说数什么（没有文件、目录、哪种文件），上一个问题数过或列过：数同样的那些；几处分开数的，加起来的
    总数没有算，照原话说没做。"""
    counts = [p for p in before.parts if p.kind == "count"] or [  # 列过目录、测试文件：“分别有几行？”数列出来的那些
        replace(p, kind="count", ext=p.ext or "*" * (p.kind == "tests" or p.folder != "."))
        for p in before.parts
        if p.kind in ("ls", "tests")
    ]
    if not counts or any(p.kind != "count" or p.names or p.ext or p.folder != "." for p in ask.parts):
        return None
    summed = [m[0] for m in [re.search(w.SUM, question.lower())] if m and len(counts) > 1]
    return Ask([replace(c, text=question) for c in counts], ask.unknown + summed, ask.en, ask.fresh)


def following(clause: str, part: Part, last: Part) -> bool:
    """这一小句就是接着问的那一句（“那蓝笔呢”“what about 2 boxes”“and the blue ones”“rich”），不算没认出。"""
    said = {t for n in part.names for t in re.findall(r"\w{3,}", (n if isinstance(n, str) else n.asked).lower())}
    words = set(re.findall(r"\w{3,}", clause.lower()))
    return bool(
        re.search(w.FOLLOW_UP, clause.lower())
        or said_number(clause)
        or on_topic([last], clause)
        or said & words
        or not leftover(re.sub(w.FRESH, " ", clause.lower()), part)  # “重新读一下红笔”：只说了要重读、说了那件事
    )
