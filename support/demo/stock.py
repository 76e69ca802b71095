"""离线演示的计划：第三篇讲义的库存问题（“我需要 3 盒红笔。库存够吗？如果够，一共多少钱？”）。

库存在哪里要请求里说：项目的 AGENTS.md（agent 加进了 system 消息）写着 stock/<商品>.json，就照它读，几种商品就在
同一次回复里发几个 read_file；没写就说不知道在哪里，不猜文件名。用户把记录贴在问题里，那是用户给的事实：直接用，
并说数来自用户。数量来自用户的话，库存和单价来自按 tool_call_id 配对的结果；缺一处就说缺什么；读不到就说读不到，
不把“不知道”说成 0 或缺货；有一种不够或不知道就不给总价。只查询，不下单。
"""

import decimal
import re
from decimal import Decimal

from support.demo.facts import all_pages, json_records, key, loads
from support.demo.orders import Order
from support.demo.project import listing, seen_part, usable, why_not
from support.demo.question import MAX_NAMES
from support.demo.words import EN_SINGULAR, join, say

TEMPLATE = re.compile(r"([\w./-]*)<(?:商品名?|item|name)>([\w.-]*)")
CURRENCIES = {"CNY": "元", "RMB": "元", "USD": "美元", "EUR": "欧元", "JPY": "日元"}
USED = ("ok", "no_quantity", "other_unit", "report")  # 这几种回答用到了记录里的数


def inventory(part, facts, en: bool) -> str:
    # 默认只有 28 位有效数字，大数相乘、相加会被四舍五入；数量、库存不超过 100 位，单价不超过 100 位有效数字、
    # 不小于 1e-1000：2500 位加起来也不会丢位。用一个新的上下文：调用者设的（Emax、traps）不算数
    with decimal.localcontext(decimal.Context(prec=2500, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)):
        return stock_answer(part, facts, en)


def stock_answer(part, facts, en: bool) -> str:
    orders, template, unlisted = part.names, TEMPLATE.search("\n".join(facts.system)), ""
    if template and "every" in part.asks and not orders and template[1].strip("/"):  # 所有商品：列出库存所在的目录
        got, listed = listing(facts, folder := template[1].rstrip("/"))
        items = [n.removesuffix(template[2]) for n in listed if n.endswith(template[2])]
        orders = [Order(i, asked=i) for i in items]
        unlisted = say("stock_unlisted", en, seen=seen) if (seen := seen_part(got, folder, en)) else ""
    if not orders:
        return unlisted or say("which_item", en)
    orders, more = orders[: MAX_NAMES * 2], orders[MAX_NAMES * 2 :]  # 一次最多查十种
    pasted = {r.get("item"): r for text in facts.questions[-1:] for r in json_records(text) if stock_record(r)}
    pasted |= {orders[0].item: pasted[None]} if len(orders) == 1 and None in pasted else {}  # 没写商品名的就是它
    paths = {o.item: f"{template[1]}{o.item}{template[2]}" for o in orders if template and o.item not in pasted}
    all_pages(facts, "read_file", [{"path": p} for p in paths.values()])  # 几种商品：同一轮里一起读
    found = [fact(facts, o, paths.get(o.item), pasted.get(o.item), "total" in part.asks) for o in orders]
    one, first = found[0], orders[0]
    said = join((o.item for o in orders), en) if part.carried == "items" else amount(first.quantity, first.unit, en)
    answer = say(f"carried_{part.carried}", en, said=said) if part.carried else ""
    if len(found) > 1 or one["kind"] != "ok":
        answer += many_answer(found, en, part.asks) if len(found) > 1 else problem(one, en)
    else:
        answer += say("enough" if one["enough"] else "short", en, **numbers(one, en))
    if "left" in part.asks:  # 买完还剩多少
        answer += "".join(say("left_after", en, **numbers(f, en)) for f in found if f["kind"] == "ok" and f["enough"])
    answer += unlisted + "\n" + say("only_checked", en) + sources(found, en)
    extra = say("too_many", en, names=join((o.item for o in more), en), n=MAX_NAMES * 2) if more else ""
    return answer + (say("other_currency", en) if "currency" in part.asks else "") + extra


def fact(facts, order, path: str | None, pasted: dict | None, total: bool = True) -> dict:
    """一种商品：用户要的和读到的记录。kind：ok、report、error、unknown、cut、bad、other_item、other_unit、no_quantity。"""
    name = order.item if order.asked in ("", order.item) else f"{order.asked.capitalize()} ({order.item})"
    found, data = {"order": order, "path": path or "", "name": name, "source": path}, pasted
    if not pasted and not path:
        return {**found, "kind": "unknown"}
    if not pasted:
        got = facts.pages("read_file", {"path": path})
        found["earlier"] = key(("read_file", {"path": path})) in facts.earlier
        if not usable(got):
            return {**found, "kind": "error", "said": why_not(got, False)}
        data = stock_record(got.text) if got.state == "complete" else None
        if data is None:
            return {**found, "kind": "cut" if got.state != "complete" else "bad"}
    price = Decimal(str(data["unit_price"]))
    found |= {"data": data, "stock": data["stock"], "price": price, "money": data.get("currency")}
    if data.get("item", order.item) != order.item:
        return {**found, "kind": "other_item"}
    if order.quantity is None:  # 问够不够、多少钱却没说数量：问数量；只问有多少、单价：照实说
        return {**found, "kind": "no_quantity" if total or order.unclear else "report"}
    if data.get("unit") and data["unit"] != order.unit:  # 数据说的是支，问的是箱：不能直接比
        return {**found, "kind": "other_unit"}
    return {**found, "kind": "ok", "enough": data["stock"] >= order.quantity, "cost": price * order.quantity}


def numbers(f: dict, en: bool) -> dict:
    """回答里要填的数：需要的、库存、差多少、剩多少、单价、这一种的钱。库存只带数据里写的单位，不替它安上用户的。"""
    q, u, stock, unit = f["order"].quantity, f["order"].unit, f["stock"], f["data"].get("unit")
    fields = {"name": f["name"], "q": q, "stock": stock, "have": amount(stock, unit, en), "price": plain(f["price"])}
    fields |= {"need": amount(q, u, en), "gap": amount((q or 0) - stock, u, en)}
    fields["left"] = amount(stock - (q or 0), u, en)
    return fields | {"money": money(f["money"], en), "cost": plain(f["cost"]) if "cost" in f else ""}


def problem(f: dict, en: bool) -> str:
    """只问了有多少（照数据说）；读不到、读不全、不是库存记录、记录写的是别的、单位对不上、没说数量：说清楚，不算。"""
    order, folder = f["order"], f["path"].rsplit("/", 1)[0] + "/" if "/" in f["path"] else "."
    fields = {"name": f["name"], "path": f["path"], "item": order.item, "said": f.get("said", ""), "folder": folder}
    if "data" in f:
        data = f["data"]
        fields |= numbers(f, en) | {"unit": data.get("unit"), "asked_unit": order.unit, "other": data.get("item")}
    if f["kind"] == "no_quantity":
        why = say("unclear_quantity", en, said=order.unclear) if order.unclear else say("no_quantity", en)
        return say("ask_quantity", en, why=why, **fields)
    return say(f"stock_{f['kind']}", en, **fields)


def many_answer(found: list, en: bool, asks: set) -> str:
    """几种商品：每种一行；都够才给总价，有一种不够或不清楚就说为什么没算；只问了有多少，问了加起来才加起来。"""
    lines = [line(f, en) for f in found]
    ok = [f for f in found if f["kind"] in ("ok", "report")]
    short, unknown = [f for f in ok if f.get("enough") is False], [f for f in found if f not in ok]
    currencies, units = {f["money"] for f in ok}, {f["data"].get("unit") for f in ok}
    report = ok and ok[0]["kind"] == "report"  # 只问了有多少
    money_of = money(next(iter(currencies), None), en)
    if short:
        lines.append(say("some_short", en, gaps=join((say("gap_of", en, **numbers(f, en)) for f in short), en)))
    elif unknown and (asks & {"sum", "value", "total"} or not report):
        lines.append(say("some_unknown", en, names=join((f["name"] for f in unknown), en)))
    elif ok and len(currencies) > 1 and (not report or "value" in asks) or report and "sum" in asks and len(units) > 1:
        lines.append(say("currencies_differ" if len(currencies) > 1 else "units_differ", en))
    elif report and "value" in asks:  # 这些库存一共值多少钱
        sums = " + ".join(f"{f['stock']} × {plain(f['price'])}" for f in ok)
        total = sum(f["price"] * f["stock"] for f in ok)
        lines.append(say("value_sum", en, sums=sums, total=plain(total), money=money_of))
    elif report and "sum" in asks:
        sums, total = " + ".join(str(f["stock"]) for f in ok), sum(f["stock"] for f in ok)
        lines.append(say("stock_sum", en, sums=sums, total=total))
    elif ok and not report:
        sums, total = " + ".join(plain(f["cost"]) for f in ok), plain(sum(f["cost"] for f in ok))
        lines.append(say("all_enough", en, sums=sums, total=total, money=money_of))
    return "\n".join(lines)


def line(f: dict, en: bool) -> str:
    """几种商品时，一种一行。"""
    if f["kind"] == "ok":
        return say("line_enough" if f["enough"] else "line_short", en, **numbers(f, en))
    if f["kind"] in ("error", "report"):
        return say("line_error", en, **f) if f["kind"] == "error" else problem(f, en)
    return f["name"] + say("colon", en) + problem(f, en)


def sources(found: list, en: bool) -> str:
    """最后一行：哪些数来自用户的话，哪些来自工具结果（或用户贴的数据）；库存数据没写单位时，说按用户的单位比。"""
    used = [f for f in found if f["kind"] in USED]
    quantities = [str(f["order"].quantity) for f in used if f["order"].quantity]
    files = [f["source"] for f in used if f["source"]]
    which = "from_questions" if len(quantities) > 1 else "from_question"
    said = [say(which, en, quantities=join(quantities, en))] * bool(quantities)
    numbers_of = say("numbers_of", en, stock=used[0]["stock"], price=plain(used[0]["price"])) if len(used) == 1 else ""
    again = say("earlier", en) if any(f.get("earlier") for f in used) else ""
    said += [say("from_files", en, numbers=numbers_of or say("numbers", en), files=join(files, en)) + again] * bool(
        files
    )
    said += [say("from_user_data", en)] * (len(files) < len(used))
    plain_ = [f for f in used if f["order"].quantity and f["order"].unit and not f["data"].get("unit")]  # 数据没写单位
    units, items = sorted({f["order"].unit for f in plain_}), join((f["name"] for f in plain_), en)
    unitless = say("unitless", en, units=join(units, en), items=items) if plain_ else ""
    said = say("semicolon", en).join(said)
    return "\n" + say("sources", en, parts=said[:1].upper() + said[1:], unitless=unitless) if used else ""


def no_task(facts) -> str:
    """这次输入里没有 user 消息（原任务被删掉了）：有库存数据也只报数据、问数量。"""
    records = [(r, data) for r in facts.results.values() if r.tool == "read_file" and (data := stock_record(r.text))]
    if not records:
        return say("no_task", False)
    result, data = records[0]
    name, price = str(data.get("item") or result.args.get("path")), plain(data["unit_price"])
    fields = {"name": name, "stock": data["stock"], "price": price}
    said = say("ask_quantity", False, why=say("no_user", False), money=money(data.get("currency")), **fields)
    return said + "\n" + say("only_checked", False)


def stock_record(text_or_data):
    """文字（或已经解析好的 dict）→ 库存记录；不是 {"stock": 整数, "unit_price": 数, …} 就是 None。"""
    try:  # 单价按原样的十进制读，不经过 float
        data = loads(text_or_data, parse_float=Decimal) if isinstance(text_or_data, str) else text_or_data
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    stock, price = data.get("stock"), data.get("unit_price")
    if not (isinstance(stock, int) and not isinstance(stock, bool) and 0 <= stock < 10**100):
        return None
    if not (isinstance(price, int | Decimal | float) and not isinstance(price, bool) and 0 <= price < 10**100):
        return None  # NaN、无穷大、1e999999 都不是单价
    exact = Decimal(str(price))
    if len(exact.as_tuple().digits) > 100 or exact and exact.adjusted() < -1000:  # 1.000…0001、1e-1000000：看不准
        return None
    return data if all(isinstance(data.get(k), str | None) for k in ("item", "unit", "currency")) else None


def amount(number, unit, en: bool = False) -> str:
    """3 盒、1 box、2 boxes；没有单位就只写数。"""
    if en and unit:
        unit = EN_SINGULAR.get(unit, unit) if number == 1 else {v: k for k, v in EN_SINGULAR.items()}.get(unit, unit)
    return f"{number} {unit}" if unit else str(number)


def money(code, en: bool = False) -> str:
    """CNY → 元（CNY）；英文回答直接写 CNY；认不出的币种原样写；没写币种就说没写，不替它假定是元。"""
    word = CURRENCIES.get(str(code).upper())
    return say("no_currency", en) if not code else str(code) if en or not word else f"{word}（{code}）"


def plain(number) -> str:
    """12 → "12"，12.50 → "12.5"：不写多余的零，大数也不四舍五入。"""
    number = Decimal(str(number)).copy_abs() if not number else Decimal(str(number))  # -0 就是 0
    return format(number.normalize(decimal.Context(prec=max(len(number.as_tuple().digits), 1))), "f")
