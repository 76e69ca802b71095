"""离线演示接着上一个问题听：没认出哪一类、却像是接着问的（“那蓝笔呢？”“要是 2 盒呢？”“那 tests 里呢？”），沿用上一个
问题的那件事；库存问题缺的商品、数量也沿用，回答里说沿用了什么。这次对话里问过的商品都记着（“两种各要 1 盒呢？”）。"""

import re
from dataclasses import replace

from support.demo import words as w
from support.demo.basket import lent, said_alone
from support.demo.goods import name_near
from support.demo.manifests import KNOWN
from support.demo.names import FILE_KINDS, NOT_FOLDERS, NOT_NAMES, in_last_folder, spread
from support.demo.numbers import english, number_said, quantity_in
from support.demo.orders import Order, chinese_name, orders_in, with_amount
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
    understand,
)
from support.demo.running import about_tests, runs_them

NOT_ITEM_WORDS = NOT_NAMES | NOT_FOLDERS | KNOWN.keys() | w.LANGUAGE_NAMES | {*FILE_KINDS.split("|"), "src", "lib"}
FOLDERED = ("use", "ls", "count", "stack")  # 在一个目录里做的几类事


def in_context(question: str, before: Ask | None) -> Ask:
    """一个问题，和对话里它前面的那个（有内容的）问题一起读。"""
    ask = understand(question)
    question = question[:MAX_QUESTION]  # 太长的后面不读（understand 说了没读）：每一步的时间也有上限
    if revised := revision(ask, question, before):
        ask = revised
    elif before and before.parts:
        ask = carried_on(ask, question, before)
    vague = [p for p in ask.parts if p.kind == "inventory" and not p.names and "revised" not in p.asks]
    vague = [] if re.search(PASTED, question) else vague  # 贴了库存记录：问的是记录里的那一种（stock.py）
    if vague := [p for p in vague if not re.search(w.GOODS_WORDS, p.text.lower())]:  # “how many routes”：不是库存问题
        kept = [p for p in ask.parts if p not in vague]
        ask = replace(ask, parts=kept, unknown=ask.unknown + [p.text[:80] for p in vague])
    asked = [o for p in ask.parts if p.kind == "inventory" for o in p.names]
    items = [*(before.items if before else []), *asked]  # 问过的每一种商品，最近问的在后面
    latest = {o.item: o for o in items} | {
        o.item: o for o in items if o.quantity or o.unclear
    }  # 每种一条：最后说的数量
    ask.items = [latest[i] for i in list(dict.fromkeys(o.item for o in reversed(items)))[::-1]]
    return ask


def revision(ask: Ask, question: str, before: Ask | None) -> Ask | None:
    """说了要多少的库存问题（或者接着这样的问题）里有改口、不要、换的词（words.REVISED：“不对，是 4 盒”“蓝笔不要了”
    “make it 4”）：订单是不是改了、改成了什么，不替用户猜，这件事只请他把整个订单再说一遍（stock.py）；否则是 None。"""
    ordered = before and any(o.quantity or o.unclear for o in before.items)  # 前面说过要多少
    stock = any(p.kind == "inventory" for p in ask.parts)
    said = stock and (quantity_in(question) or any(o.quantity or o.unclear for p in ask.parts for o in p.names))
    last = before.parts[-1].kind == "inventory" if before and before.parts else False  # 接着库存问题说（“蓝笔不要了”）
    again = last and (ordered or quantity_in(question)) and all(p.kind == "inventory" for p in ask.parts)
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
    again, last = bool(re.search(w.FOLLOW_UP, question.lower())), before.parts[-1]  # “那蓝笔呢？”：接着问，数量也沿用
    if moved := elsewhere(last, question):  # “那 tests 里呢？”：上一件事，换一个目录（不是问测试文件）
        near = last.folder if last.folder != "." and "/" not in moved.folder else ""  # 可能在上一个目录里
        return Ask(spread(replace(moved, near=near)), [], ask.en, ask.fresh)  # “only in src and tests?”：各做一次
    them = r"\b(them|they|those|these|tests?|(the|that) command)\b|它们|这些|测试|这个命令|这条命令"
    them = "how" not in last.asks or re.search(them, question.lower())
    if about_tests(last) and len(ask.parts) == 1 and runs_them(ask.parts[0], question) and them:  # “and how … them?”
        tests = last if last.kind == "tests" else Part("tests", question)
        return Ask([replace(tests, text=question, asks={"how"})], ask.unknown, ask.en, ask.fresh)
    if len(ask.parts) == 1 and (file := about_file(ask.parts[0], question, last)):  # 读了一个文件，“它是干什么的？”
        return Ask([file], ask.unknown, ask.en, ask.fresh)
    if ask.parts and (counts := recounted(ask, question, before)):  # “加起来一共多少行？”：还是上一个问题数的那些文件
        return counts
    if ask.parts:
        stock = re.search(w.NOT_CARRIED, question.lower())  # 问的是库存有多少、价格：不沿用上一个数量
        said = quantity_in(question) or number_said(question)  # 说了数（哪怕没有量词：“红笔要4”）
        loose = lambda p: said and not any(o.quantity or o.unclear for o in p.names)  # noqa: E731
        only_new = lambda p: p.names and not {o.item for o in p.names} & {o.item for o in before.items}  # noqa: E731  订书机多少钱？
        carry = lambda p: (again or p.asks & {"total", "sum"} and not only_new(p)) and not stock and not loose(p)  # noqa: E731
        fixed = [with_items(p, before, carry(p), question) if p.kind == "inventory" else p for p in ask.parts]
        inside = last.folder != "." and re.search(w.DEICTIC, question.lower())  # “里面用到 express 了吗？”：上一个目录
        fixed = [in_folder(p, last.folder) if inside else in_last_folder(p, last) for p in fixed]
        how = again and "how" in last.asks  # “how do I run it?”“what about the tests?”：测试怎么跑
        fixed = [replace(p, asks=p.asks | {"how"}) if how and p.kind == "tests" else p for p in fixed]
        fixed, unsure = count_after(fixed, last)  # “入口是哪个？”“how many lines?”
        fixed = [version_of(p, question, last) for p in fixed]
        unknown = still_unknown(ask.unknown, fixed) + unsure
        return replace(ask, parts=fixed, unknown=unknown)
    news = quantity_in(question) or ask.fresh  # 新的数量、要重新读
    if not again and not news:
        return ask
    if last.kind == "inventory":
        names = with_amount(orders_in(question) or bare_item(question), question)
        said = Part("inventory", question, names, asks=w.asks_of("inventory", question.lower()))
        part = with_items(said, before, True, question)  # “那黑笔和蓝笔一共呢？”：一共也问了
        if part.carried == "items" and not news:  # 没说新的（“那 README 呢？”）
            return ask
    elif (moved := continued(last, question)) and not leftover(question, moved):  # “那 react 呢？”“怎么运行呢？”
        part = in_last_folder(replace(moved, folder=moved.folder if moved.folder != "." else last.folder), last)
    elif ask.fresh or on_topic([last], question):  # “And in which files?”：再答一次
        part = replace(last, text=question)
    else:
        return ask
    rest = [clause for clause in ask.unknown if not following(clause, part, last)]  # 别的没认出的，照样说出来
    return Ask([part], rest, ask.en, ask.fresh) if part.names or last.kind not in ("use", "inventory") else ask


def bare_item(question: str) -> list:
    """“What about tape?”“and the staplers?”：英文接着问时只说了一种商品（认不出的名字也照原话查）。"""
    m = re.fullmatch(w.ITEM_ALONE, question, re.I)
    words = m[1].lower().strip() if m and not m[1].isupper() and m[1].lower() not in NOT_ITEM_WORDS else ""
    other = re.search(w.KIND["none"], words) or re.sub(w.EN_STOP, "", words).strip() != words  # delivery、next week
    pronoun = w.EN_PRONOUNS & {*words.split()}
    return [Order(chinese_name(words), asked=words)] if words and not (pronoun or other) else []


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
        return replace(part, names=named, asks=part.asks - {"own"})
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


def still_unknown(unknown: list, parts: list) -> list:
    """没认出的小句里，用上了的不算（“那绿笔呢？有没有货？”的绿笔、“if I take both of them”）；说要全部的照样说。"""
    used = [re.escape(o.item) for p in parts if p.kind == "inventory" for o in p.names]
    used += [w.BOTH, w.EACH_ITEM] if any(p.carried == "asked" for p in parts) else []
    return [c for c in unknown if re.search(w.ALL_OF, c.lower()) or not (used and re.search("|".join(used), c.lower()))]


def named_in(text: str, before: Ask, old) -> list:
    """问题里说到的商品：对话里问过的（“要是把红笔全买下来”），或者一小句里的另一种（“那绿笔呢？有没有货？”
    “the red and blue ones”）。"""
    kept = [p for p in re.split(r"[，。？！；,.?!;]+", text) if p.strip()]
    named = lambda o: said_alone(text, o.item) or o.asked != o.item and o.asked.lower() in text.lower()  # noqa: E731
    if said := [o for o in before.items if named(o)]:  # 数量这次没说：不带上次的
        return [replace(o, quantity=None, unit="", unclear="", asked=(o.asked, o.item)[o.item in text]) for o in said]
    return next((found for piece in kept if (found := other_items(piece, old, before.items))), [])


def together(part: Part, previous: list, names: list, text: str) -> Part:
    """连同上一个问题的商品一起算；这次说了数量的，用这次的（上一个问题的这次都又说了，就不说“连同”）。"""
    previous, names = bare_amount(text, previous, names)
    said = {o.item: added(o, previous, text) for o in names}
    said = {i: o for i, o in said.items() if o.quantity or o.unclear or i not in {p.item for p in previous}}
    again = all(p.item in said for p in previous)
    names = [said.pop(p.item, p) for p in previous] + list(said.values())
    return replace(part, names=names, carried="" if again else "also", carried_from=previous)  # 说出沿用的是哪几种


def bare_amount(text: str, previous: list, names: list) -> tuple:
    """“only take 3, and also add 1 blue”：一小句只说了数量、没说商品，别的小句里的新商品都说了自己的数量：那个数量
    是上一个问题的那一种的（上一个问题有几种就分不清，照原话问）。返回 (上一个问题的商品, 这次说的商品)。"""
    pieces = [c for c in re.split(r"[，。？！；,?!;]+", text) if c.strip()]
    bare = [c for c in pieces if quantity_in(c) and not orders_in(c)]
    rest = orders_in("，".join(c for c in pieces if c not in bare)) if len(bare) == 1 else []
    rest = [colour_of(o, previous[0]) for o in rest] if previous else rest  # “add 1 blue”：blue pens
    if not rest or not all(o.quantity or o.unclear for o in rest):
        return previous, names
    number, unit, unclear = quantity_in(bare[0]) if len(previous) == 1 else (None, "", bare[0].strip())
    return [replace(p, quantity=number, unit=unit or p.unit, unclear=unclear) for p in previous], rest


def added(order, previous: list, text: str):
    """“add 1 black pen too”“黑笔再加 1 盒”：上一个问题里已经有这一种、又说加上：是加在一起还是换成这个数，分不清，
    照原话问。"""
    old = next((o for o in previous if o.item == order.item and o.quantity), None)
    said = [c for c in re.split(r"[，。？！；,?!;]+", text.lower()) if (order.asked or order.item).lower() in c]
    plus = any(re.search(r"\b(add|adding|plus)\b|加(?!急)", c) for c in said)
    if not (old and order.quantity and plus):  # 说到这一种的那一小句里说了加（不是“加急”）
        return order
    return replace(
        order,
        quantity=None,
        unclear=f"{old.quantity} {old.unit}".strip() + f" + {order.quantity} {order.unit}".rstrip(),
    )


def following(clause: str, part: Part, last: Part) -> bool:
    """这一小句就是接着问的那一句（“那蓝笔呢”“what about 2 boxes”“and the blue ones”“rich”），不算没认出。"""
    said = {t for n in part.names for t in re.findall(r"\w{3,}", (n if isinstance(n, str) else n.asked).lower())}
    words = set(re.findall(r"\w{3,}", clause.lower()))
    return bool(
        re.search(w.FOLLOW_UP, clause.lower())
        or quantity_in(clause)
        or on_topic([last], clause)
        or said & words
        or not leftover(re.sub(w.FRESH, " ", clause.lower()), part)  # “重新读一下红笔”：只说了要重读、说了那件事
    )


def with_items(part: Part, before: Ask, quantity: bool, question: str = "") -> Part:
    """只说了数量就沿用上一个问题的商品；只说了商品（或 the blue ones），quantity 为真时沿用上一个问题的数量。
    question：整个问题（商品、数量可能在别的小句里）。"""
    previous = next((p.names for p in reversed(before.parts) if p.kind == "inventory" and p.names), None)
    if previous is None:
        return part
    said_before = {o.item: o for o in before.items}  # “单价是多少？”没说数量：这种商品最后说的数量还算
    previous = [o if o.quantity or o.unclear else said_before.get(o.item, o) for o in previous]
    old, each = previous[0], re.search(w.EACH_ITEM, part.text.lower())  # “两种各要 1 盒呢？”：问过的每一种
    said = (question or part.text).lower()
    asked = before.items[-2:] if re.search(w.BOTH, said) else before.items  # both：最近问的两种
    quantity = quantity and not re.search(w.ALL_OF, said)  # “把红笔全买下来”：要的不是上一个数量
    previous, also = asked if each and before.items else previous, re.search(w.ALSO, said)
    kind = "asked" if each and before.items else "items"  # 回答里说商品从哪里来：这次对话里问过的，或上一个问题的
    noun = next((o for o in reversed(before.items) if re.search(rf"\b({w.GOODS})$", o.asked)), old)  # red pens 的 pens
    if not part.names and (amount := quantity_in(part.text)):
        number, unit, unclear = amount
        known = {o.item for o in before.items}  # “红笔的文件改过了，还够 4 盒吗？”：商品在别的小句里
        new = english(question or part.text) or also  # “what about pencils, like 50 of them”“蓝笔也要，1 盒”：新的一种
        said = [o for o in named_in(question or part.text, before, noun) if o.item in known or new] or previous
        fits = [o for o in said if unit and o.unit == unit and not each]  # 美式 2 杯、牛角包 2 个，“那 4 杯呢？”：美式
        borrowed = (
            before.parts[-1].carried == "quantity"
        )  # 上一种的量词是从别的商品沿用来的（8 bottles → notebooks）：不算
        orders = [
            replace(o, quantity=number, unit=unit or ("" if borrowed else o.unit), unclear=unclear)
            for o in fits or said
        ]
        if said is previous or not also:
            return replace(part, names=orders, carried=kind if said is previous else "")
        part = replace(part, names=orders)  # “蓝笔也要 1 盒”：连同上一个问题的（下面）
    names = [colour_of(o, noun, before.items) for o in part.names] or named_in(question or part.text, before, noun)
    if not names:  # 没说新的商品，也没说新的数量（“库存有多少？”）：就是上一个问题的那几种，数量不沿用
        kept = previous if quantity else [replace(o, quantity=None, unclear="") for o in previous]
        return replace(part, names=kept, carried=kind)
    if also:  # “蓝笔也要 1 盒”
        return together(part, previous, names, question or part.text)
    return lent(part, names, previous, old, quantity)


def colour_of(order: Order, old: Order, items: list = ()) -> Order:
    """英文只说了颜色（1 blue）：这次对话里问过这个颜色的商品（red pens 和 notebooks 里的 red）就是它；没有就沿用
    上一种商品的英文名词（red pens → blue pens，markers → blue markers）。"""
    colour = re.fullmatch(w.COLOUR, order.asked)
    same = next((o for o in items if colour and o.asked.startswith(order.asked + " ")), None)
    if same:
        return replace(order, item=same.item, asked=same.asked)
    noun = re.sub(rf"^(?:{w.COLOUR}) ", "", old.asked)  # red pens 的 pens，markers，sticky notes
    if colour and re.fullmatch(r"[a-z][a-z -]*", noun):  # 上一种是英文名才沿用它的名词：blue markers
        asked = f"{order.asked} {noun}"
        return replace(order, item=chinese_name(asked), asked=asked)
    if re.fullmatch(w.COLOUR, order.asked) and old.item[:1] in "红蓝黑绿" and len(old.item) > 1:  # 红笔 → blue：蓝笔
        return replace(order, item=w.EN_GOODS[order.asked] + old.item[1:])
    return order


def other_items(text: str, old: Order, items: list = ()) -> list:
    """“那蓝笔呢？”“and the red ones?”：另几种商品；英文只说了颜色：问过的这个颜色的，或者沿用上一种的名词。"""
    colours = dict.fromkeys(re.findall(rf"\b({w.COLOUR})\b", text.lower()))
    if colours and re.fullmatch(r"[a-z][a-z -]*", old.asked):
        return [colour_of(Order(c, asked=c), old, items) for c in colours]
    if goods := re.search(rf"\b((?:(?:{w.COLOUR}) )?(?:{w.GOODS}))\b", text.lower()):
        return [Order(chinese_name(goods[1]), asked=goods[1])]  # “what about pencils?”
    item = name_near(re.sub(w.FOLLOW_UP, "", text), after=False)
    if colour := re.fullmatch(r"([红蓝黑绿白黄紫灰])色?的?", item or re.sub(rf"{w.FOLLOW_UP}|\W", "", text)):
        same = re.fullmatch("[红蓝黑绿白黄紫灰]笔", old.item)  # 红笔 → 那蓝色的呢：蓝笔；白板笔、红酒的颜色不在名字开头
        return [Order(colour[1] + old.item[1:], asked=colour[1] + old.item[1:])] if same else []
    return [Order(item, asked=item)] if len(item) > 1 else []
