"""离线演示读一个问题里要的商品（整句读）：别的小句里的商品、数量（“我需要红笔。库存够吗？”），
看不准的（几种加起来一个数、每班几盒）；“黑笔呢？要 3 盒”这样分在两句里的；没认出的小句里哪些其实说了商品、数量。
question.py 听懂问题以后调用；接着问时沿用哪个数量（lent）也在这里。"""

import re
from dataclasses import replace

from support.demo import words as w
from support.demo.goods import name_near
from support.demo.names import unresolved
from support.demo.numbers import quantity_in
from support.demo.orders import Order, orders_in


def whole_order(part, question: str) -> None:
    """库存的那件事要的商品、数量按整个问题读（“Red pens x3, blue pens x1”：商品在别的小句里也算）。"""
    own, whole = orders_in(part.text), orders_in(question)  # “Red pens x3, blue pens x1”：商品在别的小句里也算
    open_ = {o.item for o in own if not (o.quantity or o.unclear)}  # “他说拿铁还剩 3 杯，我要 4 杯”：数量在别的小句里
    wider = {o.item for o in own} < {o.item for o in whole}
    wider = wider or any(o.item in open_ and o.quantity for o in whole)
    mine = {o.item for o in own if o.quantity}  # “I need 3 boxes, 2 boxes urgently”：整句看，数量就看不准了
    merged_in = part.names  # 同一个问题里“蓝笔呢？”添上的商品：整句再读时也在
    part.names = whole if wider or any(o.unclear and o.item in mine for o in whole) else own or whole
    part.names += [o for o in merged_in if o.item not in {n.item for n in part.names}]
    one = r"[一每]\s*[盒支个件包瓶本只箱]|\b(one|a|each|per) (box|pen|pack|piece|unit)"  # 单价里的那“一盒”
    if re.search(w.UNIT_PRICE, part.text.lower()) and re.search(one, part.text.lower()):  # “红笔一盒多少钱？”
        part.names = [replace(o, quantity=None) if o.quantity == 1 else o for o in part.names]
    at = sorted(i for o in part.names if (i := part.text.lower().find((o.asked or o.item).lower())) >= 0)
    if not any(re.search(w.EITHER, part.text.lower()[a:b]) for a, b in zip(at, at[1:], strict=False)):
        part.asks.discard("either")  # 挑一种：“或者”要在两种商品之间（“够还是不够”不是）
    each_said = all(o.quantity or o.unclear for o in part.names)  # “2 staplers and 1 kg of coffee cost in total”
    if (
        len(part.names) > 1 and not each_said and (total := re.search(w.IN_ALL, part.text.lower()))
    ):  # 红笔加蓝笔总共 3 盒
        part.names = [replace(o, quantity=None, unclear=total[0]) for o in part.names]
    if times := re.search(w.MULTIPLIED, question.lower()):  # “每班 3 盒，2 个班”：不知道一共要多少，照原话问
        said = lambda o: f"{o.quantity} {o.unit}".strip() + f"，{times[0]}"  # noqa: E731
        part.names = [replace(o, quantity=None, unclear=said(o)) if o.quantity else o for o in part.names]


def said_alone(text: str, item: str) -> bool:
    """text 里说到了 item 这种商品，不只是另一种商品名的开头（问过红笔，“红笔芯呢”说的是红笔芯；多出三个字以上、
    多的是虚词、动词的，是后面的话：“红笔全买下来”）。"""
    names = (name_near(text[m.start() :], True) for m in re.finditer(re.escape(item), text))
    return any(n == item or len(n) - len(item) > 2 or n[len(item) :][:1] in w.NOT_NAME for n in names)


def resolved(parts: list, unknown: list) -> tuple:
    """说不出是哪个的（“第一个有几行？”）照原话说没做；“黑笔呢？要 3 盒”：前一句只说了商品，后一句只说了数量，
    商品就是那一种。返回 (parts, unknown)。"""
    for i, part in enumerate(parts):
        named = next((u for u in unknown if item_alone(u)), None)
        if part.kind == "inventory" and not part.names and named and (amount := quantity_in(part.text)):
            item = item_alone(named)
            parts[i] = replace(part, names=[Order(item, amount[0], amount[1], item, amount[2])])
            unknown = [u for u in unknown if u != named]
    return [p for p in parts if not unresolved(p)], unknown + [p.text[:80] for p in parts if unresolved(p)]


def item_alone(clause: str) -> str:
    """“蓝笔呢？”“那黑笔呢”：接着问时只说了一种商品：这种商品；不是是 ""。"""
    bare = re.sub(w.FOLLOW_UP, "", clause).strip(" ？?")
    return bare if bare != clause and name_near(bare, after=False) == bare else ""


def not_ordered(unknown: list, parts: list) -> list:
    """没认出的小句里，库存问题的商品、数量从它读到了的不算没认出（“有黑笔吗？我想要 2 盒”）；认得却不做的照样算。"""
    items = [o.item for p in parts if p.kind == "inventory" for o in p.names]
    if not any(p.kind == "inventory" for p in parts):
        return unknown
    said = lambda c: orders_in(c) or quantity_in(c) or any(i in c for i in items)  # noqa: E731
    return [c for c in unknown if re.search(w.KIND["none"], c.lower()) or not said(c)]


def lent(part, names: list, previous: list, old: Order, quantity: bool):
    """这次说的商品没说数量：quantity 为真时沿用上一个问题唯一的那个数量，或者这一种自己的；几种里有没问过的
    （“蓝笔和红笔一共多少钱？”：蓝笔没说过数量），只沿用问过的那几种自己的。"""
    known, amounts = {o.item: o for o in previous}, {(o.quantity, o.unit, o.unclear) for o in previous}
    mixed = {o.item in known for o in names} == {True, False}
    source = [old if len(amounts) == 1 and not mixed else known.get(o.item) for o in names]
    take = [
        quantity and s and (s.quantity or s.unclear) and not (o.quantity or o.unclear)
        for o, s in zip(names, source, strict=True)
    ]
    kept = [
        replace(o, quantity=s.quantity, unit=s.unit, unclear=s.unclear) if t else o
        for o, s, t in zip(names, source, take, strict=True)
    ]
    carried = next((s for s, t in zip(source, take, strict=True) if t), None)
    return replace(part, names=kept, carried="quantity" if carried else "", carried_from=carried)
