"""离线演示的计划：第三篇讲义的库存问题（“我需要 3 盒红笔。库存够吗？如果够，一共多少钱？”）。

库存在哪里要请求里说：项目的 AGENTS.md（agent 加进了 system 消息）写着 stock/<商品>.json，就照它读，几种商品就在
同一次回复里发几个 read_file；没写就说不知道在哪里，不猜文件名。用户把记录贴在问题里，那是用户给的事实：直接用，
并说数来自用户。数量来自用户的话，库存和单价来自按 tool_call_id 配对的结果；缺一处就说缺什么；读不到就说读不到，
不把“不知道”说成 0 或缺货；有一种不够或不知道就不给总价。只查询，不下单。
"""

import decimal
import re
from dataclasses import replace
from decimal import Decimal

from support.demo.facts import CUT_NOTE, all_pages, json_records, key, loads, unique, usable, why_not
from support.demo.names import MAX_NAMES
from support.demo.orders import singular
from support.demo.sentences import join, say
from support.demo.words import EN_SINGULAR, SAME_UNIT

KINDS = ("inventory",)
OUTDATED = r"不要用|别用|过期|旧的?|废弃|\b(deprecated|outdated|obsolete|old|(don't|do not|never) use)\b"
CLAUSE = r"[，,。；;\n（）()]"  # 规则里一句一句地看
SLOT = re.compile(r"<(?:商品名?|item|name)>")  # AGENTS.md 写的 stock/<商品>.json 里的那一格
CURRENCIES = {"CNY": "元", "RMB": "元", "USD": "美元", "EUR": "欧元", "JPY": "日元"}
USED = ("ok", "no_quantity", "other_unit", "report")  # 这几种回答用到了记录里的数
# 默认只有 28 位有效数字，大数相乘、相加会被四舍五入；数量、库存不超过 100 位，单价不超过 100 位有效数字、
# 不小于 1e-1000：2500 位加起来也不会丢位。用一个新的上下文：调用者设的（Emax、traps）不算数
EXACT = decimal.Context(prec=2500, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def inventory(part, facts, en: bool) -> str:
    if "revised" in part.asks:  # 改了口：不替用户猜，请他再说一遍
        return say("restate_earlier" if "earlier" in part.asks else "restate", en, said=part.content)
    if "unsure" in part.asks:  # 不是认得的说法：什么也不查，请他换个说法
        return say("unsure_which" if "which" in part.asks else "unsure_order", en, said=part.content)
    if not part.names:
        return say("which_item", en)
    with decimal.localcontext(EXACT):
        template, orders = stock_path("\n".join(facts.system)), part.names[: MAX_NAMES * 2]  # 一次最多查十种
        if template and template[2]:  # 写的是 stock/<item>.json：文件名是英文的商品名（staplers → stapler.json）
            orders = [replace(o, item=singular(o.asked)) if o.asked else o for o in orders]
        pasted = pasted_in(records := pasted_records(facts.questions[-1:]))  # 用户贴的记录
        if len(orders) == 1 and None in pasted and orders[0].item not in pasted:  # 没写商品名的就是问的那一种
            pasted[orders[0].item] = pasted[None]
        before = {} if facts.fresh else pasted_in(pasted_records(facts.questions[-2:-1]))  # 上一个问题贴的
        now, pasted = pasted, {k: r for k, r in before.items() if k} | pasted  # “那 40 盒呢？”
        pasted |= {o.item: pasted[o.asked.lower()] for o in orders if o.asked.lower() in pasted}  # “sticky notes”
        paths = {o.item: file_of(template, o.item) for o in orders if template and o.item not in pasted}
        written = as_written(facts, paths, orders, template)
        orders = [
            replace(
                o, item=written.get(o.item, o.item), asked=o.asked if o.asked != o.item else written.get(o.item, o.item)
            )
            for o in orders
        ]  # 读到的是 cookie.json：商品是 cookie
        paths = {written.get(i, i): file_of(template, written.get(i, i)) for i in paths}
        total = "total" in part.asks or "price_sum" in part.asks and len(orders) == 1  # 要知道数量才答得了
        found = [fact(facts, o, paths.get(o.item), pasted.get(o.item), total) for o in orders]
        answer = carried_note(part, orders, en)
        if len(found) > 1:
            answer += many_answer(found, en, part.asks)
        elif found[0]["kind"] == "ok":
            answer += say("enough" if found[0]["enough"] else "short", en, **numbers(found[0], en))
        else:
            answer += problem(found[0], en)
        if not template and any(CUT_NOTE.search(text[-200:]) for text in facts.system):  # 写着位置的那段也许被截掉了
            answer += say("rules_cut", en)
        more = [o.item for o in part.names[MAX_NAMES * 2 :]]
        unused = len(records) - sum(
            o.item in now or o.asked.lower() in now for o in orders
        )  # 对不上、贴了两条、用不了：说出来，不悄悄丢掉
        answer += (
            "\n" + say("only_checked", en) + sources(found, en) + say("pasted_unused", en, n=unused) * bool(unused)
        )
        return answer + (say("too_many", en, names=join(more, en), n=MAX_NAMES * 2) if more else "")


def file_of(template: tuple, item: str) -> str:
    """AGENTS.md 写的 stock/<商品>.json 里填上商品名。"""
    return f"{template[0]}{item}{template[1]}"


def as_written(facts, paths: dict, orders: list, template) -> dict:
    """几种商品在同一轮里一起读；英文名按单数找不到文件的（sticky note.json、cooky.json），再按用户写的和去掉 s 的
    （sticky notes.json、cookie.json）一起读一次。返回 {商品: 读到的文件里的商品名}。"""
    got = dict(zip(paths, all_pages(facts, "read_file", [{"path": p} for p in paths.values()]), strict=True))
    said = {o.item: o.asked.lower() for o in orders if re.fullmatch(r"[a-z][a-z -]*", o.asked.lower() or "-")}
    failed = [i for i, r in got.items() if r.state == "error" and said.get(i, i) != i]
    ends = {i: [said[i], said[i][:-1]] + [said[i][:-2]] * said[i].endswith("es") for i in failed}  # buses：bus
    tries = [(i, n) for i in failed for n in dict.fromkeys(ends[i]) if n != i]
    read = all_pages(facts, "read_file", [{"path": file_of(template, n)} for _, n in tries])
    return dict(reversed([pair for pair, r in zip(tries, read, strict=True) if r.state != "error"]))  # 都有：用户写的


def carried_note(part, orders: list, en: bool) -> str:
    """沿用了前面问的什么：数量（quantity）、商品（items）或者都是（both）；没有是 ""。"""
    if not part.carried:
        return ""
    if part.carried == "quantity":
        return say("carried_quantity", en, said=amount(part.carried_from or orders[0], en))
    said = [(o.asked if en else "") or o.item for o in orders]
    if part.carried == "both":  # 商品和数量都是前面问的
        said = [f"{s} ({amount(o, en)})" if en else f"{s} {amount(o, en)}" for s, o in zip(said, orders, strict=True)]
    return say(f"carried_{part.carried}", en, said=join(said, en))


def stock_path(system: str) -> tuple | None:
    """system 规则里写着的库存文件：stock/<商品>.json → ("stock/", ".json", False)，写 <item> 的是 True；没写是 None。
    只看那一格前后各 200 个字符：很长的一串字也是线性时间。"""
    said = [c for c in re.split(CLAUSE, system) if re.search(OUTDATED, c, re.I)][:50]  # 说“不要用”“过期”的几句
    slots = [m for _, m in zip(range(20), SLOT.finditer(system), strict=False)]  # 几处都写了：说过期的那个目录不算
    if not (m := next((m for m in slots if not outdated(system, m, said)), None)):
        return None
    before = re.search(r"[\w./-]*$", system[max(0, m.start() - 200) : m.start()])[0]
    return before, re.match(r"[\w.-]*", system[m.end() : m.end() + 200])[0], m[0] in ("<item>", "<name>")


def outdated(system: str, slot, said: list) -> bool:
    """规则说这一格不算：它自己那句说过期、不要用（“旧数据在 archive/<商品>.json，已经过期”），或者别的哪句说
    它的目录过期了（“上面那个 stock/ 目录已经废弃”）。只看这一格前后各 200 个字符。"""
    folder = re.search(r"[\w./-]*$", system[max(0, slot.start() - 200) : slot.start()])[0]  # stock/
    near = re.split(CLAUSE, system[max(0, slot.start() - 200) : slot.end() + 200])
    own = next((c for c in near if slot[0] in c and folder in c), "")
    return bool(re.search(OUTDATED, own, re.I) or folder and any(folder in c for c in said))


def pasted_records(questions: list) -> list:
    return [r for text in questions for r in json_records(text) if "stock" in r]


def pasted_in(records: list) -> dict:
    """用户贴的库存记录里能用的：商品名 → 记录（没写商品名的是 None）；同一种贴了两条的不用。"""
    usable = [r for r in records if stock_record(r)]
    counts = {}
    for r in usable:
        counts[r.get("item")] = counts.get(r.get("item"), 0) + 1
    return {r.get("item"): r for r in usable if counts[r.get("item")] == 1}


def fact(facts, order, path: str | None, pasted: dict | None, total: bool) -> dict:
    """一种商品：用户要的和读到的记录。kind：ok、report、error、unknown、cut、bad、other_item、other_unit、no_quantity。"""
    name = order.item if order.asked in ("", order.item) else f"{order.asked.capitalize()} ({order.item})"
    found, data = {"order": order, "path": path or say("pasted", False), "name": name, "source": path}, pasted
    if not pasted and not path:  # 规则里说到了库存、却不是我读得懂的写法（一个文件里的数组）：说出来，不说“没写”
        ruled = re.search(r"库存|\b(?:stock|inventory)\b", "\n".join(facts.system), re.I)
        return {**found, "kind": "rules" if ruled else "unknown"}
    if not pasted:
        got = facts.pages("read_file", {"path": path})
        found["earlier"] = key(("read_file", {"path": path})) in facts.earlier
        if got.state == "empty":  # 空文件读到了，只是不是库存记录
            return {**found, "kind": "bad"}
        if not usable(got):
            return {**found, "kind": "error", "said": why_not(got, False)}
        if (data := stock_record(got.text) if got.state == "complete" else None) is None:
            return {**found, "kind": "cut" if got.state != "complete" else "bad"}
    price = Decimal(str(data["unit_price"]))
    found |= {"data": data, "stock": data["stock"], "price": price, "money": data.get("currency")}
    if (data.get("item") or order.item) not in (order.item, order.asked.lower()):  # “sticky notes”是用户的写法
        return {**found, "kind": "other_item"}
    if order.quantity is None:  # 问够不够、多少钱却没说数量：问数量；只问有多少、单价：照实说
        return {**found, "kind": "no_quantity" if total else "report"}
    units = [EN_SINGULAR.get(u) or singular(u or "") for u in (data.get("unit"), order.unit)]  # loaves 是 loaf
    units = [SAME_UNIT.get(u, u) for u in units]  # boxes 是盒
    if units[0] and units[1] and units[0] != units[1] and data["stock"] > 0:  # 支和箱不能直接比（库存是 0 就都不够）
        return {**found, "kind": "other_unit"}
    return {**found, "kind": "ok", "enough": data["stock"] >= order.quantity, "cost": price * order.quantity}


def numbers(f: dict, en: bool) -> dict:
    """回答里要填的数：需要的、库存、差多少、单价、这一种的钱。库存只带数据里写的单位，不替它安上用户的。"""
    order, stock, price = f["order"], f["stock"], plain(f["price"])
    need, gap = amount(order, en), amount(order, en, (order.quantity or 0) - stock)
    fields = {"name": f["name"], "q": order.quantity, "stock": stock, "price": price, "need": need, "gap": gap}
    fields["have"] = amount(order, en, stock, f["data"].get("unit") or "")
    return fields | {"money": money(f["money"], en), "cost": plain(f["cost"]) if "cost" in f else ""}


def problem(f: dict, en: bool) -> str:
    """只问了有多少（照数据说）；读不到、读不全、不是库存记录、记录写的是别的、单位对不上、没说数量：说清楚，不算。"""
    order, folder = f["order"], f["path"].rsplit("/", 1)[0] + "/" if "/" in f["path"] else "."
    fields = {"name": f["name"], "path": f["path"], "item": order.item, "said": f.get("said", ""), "folder": folder}
    if "data" in f:
        data = f["data"]
        fields |= numbers(f, en) | {"unit": data.get("unit"), "asked_unit": order.unit, "other": data.get("item")}
    if f["kind"] == "no_quantity":
        return say("ask_quantity", en, why=say("no_quantity", en), **fields)
    return say(f"stock_{f['kind']}", en, **fields)


def many_answer(found: list, en: bool, asks: set) -> str:
    """几种商品：每种一行；都够才给总价，有一种不够或不清楚就说为什么没算；问了库存一共多少，才把库存加起来。"""
    lines = [line(f, en) for f in found]
    ok = [f for f in found if f["kind"] in ("ok", "report")]
    short, unknown = [f for f in ok if f.get("enough") is False], [f for f in found if f not in ok]
    costs = [f for f in ok if f["kind"] == "ok"]  # 要买的（其余只问了有多少）
    if short:
        return "\n".join(
            [*lines, say("some_short", en, gaps=join((say("gap_of", en, **numbers(f, en)) for f in short), en))]
        )
    if unknown and (asks & {"sum", "total"} or costs):  # 只是没说要多少的（“红笔多少钱？”）：不说情况不清楚
        key = "not_counted" if all(f["kind"] == "no_quantity" for f in unknown) else "some_unknown"
        return "\n".join([*lines, say(key, en, names=join((f["name"] for f in unknown), en))])
    if costs and len(costs) == len(ok):  # 有的要买、有的只问了有多少：钱不加在一起
        currencies = {f["money"] for f in costs}
        sums, total = " + ".join(plain(f["cost"]) for f in costs), plain(sum(f["cost"] for f in costs))
        said = say("all_enough", en, sums=sums, total=total, money=money(next(iter(currencies)), en))
        said = said if len(currencies) == 1 else say("currencies_differ", en)  # 没写币种的：不知道是不是同一种钱
        lines.append(say("currency_unknown", en) if None in currencies and len(costs) > 1 else said)
    if len(costs) < len(ok) and "sum" in asks or "stock_sum" in asks and ok:  # 问了库存一共有多少：每一种的库存加起来
        sums, total = " + ".join(str(f["stock"]) for f in ok), sum(f["stock"] for f in ok)
        units = {f["data"].get("unit") for f in ok}
        lines.append(say("units_differ", en) if len(units) > 1 else say("stock_sum", en, sums=sums, total=total))
    lines += [say("prices_not_added", en)] * ("price_sum" in asks and len(costs) < len(ok))  # 单价不加在一起
    return "\n".join(lines)


def line(f: dict, en: bool) -> str:
    """几种商品时，一种一行。"""
    if f["kind"] == "ok":
        return say("line_enough" if f["enough"] else "line_short", en, **numbers(f, en))
    if f["kind"] == "error":
        return say("line_error", en, **f)
    return ("" if f["kind"] == "report" else f["name"] + say("colon", en)) + problem(f, en)


def sources(found: list, en: bool) -> str:
    """最后一行：哪些数来自用户的话，哪些来自工具结果（或用户贴的数据）；库存数据没写单位时，说按用户的单位比。"""
    used = [f for f in found if f["kind"] in USED]
    if not used:
        return ""
    quantities = [str(f["order"].quantity) for f in used if f["order"].quantity]
    said = [say("from_questions" if len(quantities) > 1 else "from_question", en, quantities=join(quantities, en))]
    said = said if quantities else []
    one = say("numbers_of", en, stock=used[0]["stock"], price=plain(used[0]["price"])) if len(used) == 1 else ""
    files, old = [f["source"] for f in used if f["source"]], [f["source"] for f in used if f.get("earlier")]
    again = say("earlier", en) if old and old == files else say("earlier_of", en, files=join(old, en)) if old else ""
    said += [say("from_files", en, numbers=one or say("numbers", en), files=join(files, en)) + again] if files else []
    said += [say("from_user_data", en)] * (len(files) < len(used))
    theirs = [f for f in used if f["order"].quantity and f["order"].unit and not f["data"].get("unit")]  # 数据没写单位
    ours = [f for f in used if f["order"].quantity and not f["order"].unit and f["data"].get("unit")]  # 问题没说单位
    unit = lambda f: EN_SINGULAR.get(f["order"].unit, f["order"].unit) or f["data"]["unit"]  # noqa: E731  boxes → box
    notes = [(k, list(dict.fromkeys(map(unit, f))), f) for k, f in (("unitless", theirs), ("unit_taken", ours)) if f]
    unitless = "".join(say(k, en, units=join(u, en), items=join((f["name"] for f in fs), en)) for k, u, fs in notes)
    said = say("semicolon", en).join(said)
    known = {"item", "name", "stock", "unit", "unit_price", "currency"}  # 别的字段（note）可能改了意思：说没看
    more = list(dict.fromkeys(k for f in used for k in f["data"] if k not in known))[:5]
    unitless += say("other_fields", en, fields=join(more, en)) if more else ""
    return "\n" + say("sources", en, parts=said[:1].upper() + said[1:], unitless=unitless)


def no_task(facts) -> str:
    """这次输入里没有 user 消息（原任务被删掉了）：有库存数据也只报数据、问数量。"""
    records = [(r, data) for r in facts.results.values() if r.tool == "read_file" and (data := stock_record(r.text))]
    if not records:
        return say("no_task", False)
    result, data = records[0]
    name, price = str(data.get("item") or result.args.get("path")), plain(data["unit_price"])
    said = say("ask_quantity", False, why=say("no_user", False), money=money(data.get("currency")), name=name,
               stock=data["stock"], price=price)  # fmt: skip
    return said + "\n" + say("only_checked", False)


def stock_record(text_or_data):
    """文字（或已经解析好的 dict）→ 库存记录；不是 {"stock": 整数, "unit_price": 数, …} 就是 None。"""
    try:  # 单价按原样的十进制读，不经过 float
        text = text_or_data if isinstance(text_or_data, str) else None
        data = text_or_data if text is None else loads(text, parse_float=Decimal, object_pairs_hook=unique)
    except (ValueError, RecursionError):
        return None
    stock, price = (data.get("stock"), data.get("unit_price")) if isinstance(data, dict) else (None, None)
    if type(stock) is not int or not 0 <= stock < 10**100 or type(price) not in (int, float, Decimal):
        return None
    if not 0 <= price < 10**100:  # NaN、无穷大、1e999999 都不是单价
        return None
    exact = Decimal(str(price))  # 1.000…0001、1e-1000000：看不准
    if len(exact.as_tuple().digits) > 100 or exact and exact.adjusted() < -1000:
        return None
    return data if all(isinstance(data.get(k), str | None) for k in ("item", "unit", "currency")) else None


def amount(order, en: bool, number=None, unit=None) -> str:
    """3 盒、1 box、2 boxes；没有单位就只写数。默认是用户要的数量和单位。"""
    number, unit = order.quantity if number is None else number, order.unit if unit is None else unit
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
