"""离线演示的库存规则（第三篇讲义）：“我需要 3 盒红笔。库存够吗？如果够，一共多少钱？”。

第一步读每种商品的库存文件 stock/<商品>.json：几种商品就在同一次回复里发几个 read_file 调用，各有各的 id；
第二步只用两处信息算出回答：数量来自用户的原话，库存和单价来自工具结果（按 tool_call_id 配对的那一条）。
缺了哪一处就说缺什么，不猜、不编；工具报错就如实说读不到，不把“不知道”说成 0 或缺货；
有一种不够或者不知道，就不给总价。这里只查询，不下单。问题是英文就用英文回答。
"""

import decimal
import json
import math
import re
from decimal import Decimal

from support.demo.calls import first_new, pages, partly, result, said, text_in
from support.demo.reader import read

STOCK_FILE = r"stock/(.+)\.json"
CURRENCIES = {"CNY": "元", "RMB": "元", "USD": "美元", "EUR": "欧元", "JPY": "日元"}


def stock_path(item: str) -> str:
    return f"stock/{item}.json"


def inventory_step(seen, orders: list, en: bool = False):
    """还没读的库存文件都去读（几种商品就一次发几个调用，长文件按 offset 接着读）；都读到了（或读不到）就回答。"""
    calls = [step[0] for order in orders if (step := first_new(seen, *pages(seen, stock_path(order.item))))]
    if calls:
        return calls
    facts = [fact(seen, order) for order in orders]
    answer = one_answer(facts[0], en) if len(facts) == 1 else many_answer(facts, en)
    cited = sources(facts, en)
    return answer + "\n" + only_asked(en) + ("\n" + cited if cited else "")


def fact(seen, order) -> dict:
    """一种商品：用户要的（order）和库存文件里读到的。
    kind 是 ok、error、cut、bad、other_item、other_unit、no_quantity。"""
    path, calls = stock_path(order.item), pages(seen, stock_path(order.item))
    text = text_in(seen, calls)
    name = order.item if order.asked in ("", order.item) else f"{order.asked.capitalize()} ({order.item})"  # 英文
    found = {"order": order, "path": path, "name": name}
    if text is None:
        error = next(result(seen, c) for c in calls if result(seen, c).startswith("错误："))
        return {**found, "kind": "error", "said": " ".join(error.removeprefix("错误：").split())[:160]}
    data = None if partly(seen, calls) else stock_record(text)
    if data is None:
        return {**found, "kind": "cut" if partly(seen, calls) else "bad"}
    found.update(data=data, stock=data["stock"], price=Decimal(str(data["unit_price"])), money=data.get("currency"))
    if data.get("item", order.item) != order.item:
        return {**found, "kind": "other_item"}
    if order.quantity is None:
        return {**found, "kind": "no_quantity"}
    if data.get("unit") and data["unit"] != order.unit:  # 数据说的是支，问的是箱：不能直接比
        return {**found, "kind": "other_unit"}
    with decimal.localcontext() as exact:  # 默认只有 28 位有效数字：大数相乘会被四舍五入
        exact.prec = len(str(order.quantity)) + len(found["price"].as_tuple().digits) + 2
        cost = found["price"] * order.quantity
    return {**found, "kind": "ok", "enough": data["stock"] >= order.quantity, "cost": cost}


# ── 一种商品：讲义的问题 ──────────────────────────────────────
def one_answer(f: dict, en: bool) -> str:
    order, kind = f["order"], f["kind"]
    if kind in ("error", "cut", "bad", "other_item", "other_unit", "no_quantity"):
        return problem(f, en)
    q, u, stock, price = order.quantity, order.unit, f["stock"], plain(f["price"])
    need, have, gap = amount(q, u), amount(stock, f["data"].get("unit")), amount(q - stock, u)
    if not f["enough"]:
        head = said(
            en,
            f"不够。{f['name']}库存只有 {have}，你需要 {need}：{stock} < {q}，还差 {gap}，所以没有按 {need}算总价。",
            f"Not enough. {f['name']}: only {have} in stock, you need {need}: {stock} < {q}, {gap} short, "
            f"so I did not price {need}.",
        )
    else:
        head = said(
            en,
            f"够。{f['name']}库存 {have}，你需要 {need}：{stock} ≥ {q}。\n"
            f"一共 {q} × {price} = {plain(f['cost'])} {money_word(f['money'], en)}。",
            f"Enough. {f['name']}: {have} in stock, you need {need}: {stock} ≥ {q}.\n"
            f"Total: {q} × {price} = {plain(f['cost'])} {money_word(f['money'], en)}.",
        )
    return head


def problem(f: dict, en: bool) -> str:
    """读不到、读不全、读到的不是库存记录、单位对不上、没说数量：说清楚，不算。"""
    order, path, name = f["order"], f["path"], f["name"]
    kind = f["kind"]
    if kind == "error":
        return said(
            en,
            f"没能读到{name}的库存：read_file 读 {path} 时报错（{f['said']}）。\n"
            f"没有数据，我就不知道{name}现在有多少、单价是多少，判断不了库存能否满足你的需要，也算不出总价。"
            f"请确认商品名称，或者看看 stock/ 目录里有没有 {order.item}.json。",
            f"I could not read the stock of {name}: read_file on {path} failed ({f['said']}).\n"
            f"Without the data I don't know how many there are or what they cost, so I can't tell whether the stock "
            "covers your order, and I can't give a total. "
            f"Check the item's name, or whether stock/ has {order.item}.json.",
        )
    if kind == "cut":
        return said(
            en,
            f"{path} 没能完整读到（结果在中途断了：可能是工具结果被截短了，也可能文件本身就没写完），"
            "我不拿半份数据回答："
            "判断不了库存能否满足你的需要，也算不出总价。",
            f"I could not read all of {path} (it stops mid-way: the tool result may have been cut short, "
            "or the file itself is unfinished), and I won't answer from half a record: "
            "I can't tell whether the stock covers your order, or give a total.",
        )
    if kind == "bad":
        return said(
            en,
            f"{path} 读到了，但内容不是带 stock（库存）和 unit_price（单价）的 JSON，"
            "我不拿猜的数字回答：判断不了库存能否满足你的需要，也算不出总价。",
            f"I read {path}, but it is not JSON with stock and unit_price, and I won't answer with guessed "
            "numbers: I can't tell whether the stock covers your order, or give a total.",
        )
    if kind == "other_item":
        got = f"{f['data']['item']}", f["stock"], plain(f["price"])
        return said(
            en,
            f"read_file 读 {path} 得到的记录写的是“{got[0]}”（库存 {got[1]}、单价 {got[2]}），不是你问的“{name}”："
            "要么这份数据记错了，要么这条结果配错了调用。我不拿它来算。",
            f"The record that read_file returned for {path} is about “{got[0]}” (stock {got[1]}, price {got[2]}), "
            f"not the “{name}” you asked about: either the data is wrong or this result answers another call. "
            "I won't use it.",
        )
    stock, unit = f["stock"], f["data"].get("unit")
    if kind == "other_unit":
        return said(
            en,
            f"{path} 里的库存是 {stock} {unit}，你问的是 {order.quantity} {order.unit}。"
            f"我不知道一{order.unit}是多少{unit}，所以判断不了够不够，也算不出总价。",
            f"{path} counts {stock} {unit}, and you asked for {order.quantity} {order.unit}. I don't know how many "
            f"{unit} make one {order.unit}, so I can't tell whether it is enough, or give a total.",
        )
    why = said(en, "你的问题里没有说清需要多少", "your question does not say how many you need")
    if order.unclear:  # 说了数量，只是看不准：照原话说出来
        why = said(
            en,
            f"你说的“{order.unclear}”我算不了：数量我只认 1 以上的整数",
            f"I can't work with “{order.unclear}” (I only take whole numbers from 1 up)",
        )
    return ask_quantity(name, f, why, en)


def ask_quantity(name: str, f: dict, why: str, en: bool) -> str:
    """有库存数据，却不知道用户要多少：报数据，问数量，不拿库存当数量。"""
    stock, price, money = f["stock"], plain(f["price"]), money_word(f["money"], en)
    return said(
        en,
        f"我查到了{name}：库存 {stock}，单价 {price} {money}。\n"
        f"但{why}——库存 {stock} 是现有的数量，不是你要买的数量。"
        "请告诉我你需要多少（比如几盒），我再核对库存、算总价。",
        f"I found {name}: {stock} in stock at {price} {money} each.\n"
        f"But {why}: the stock of {stock} is what there is, not what you want to buy. "
        "Tell me how many you need and I'll check the stock and the total.",
    )


# ── 几种商品：每种各自的结论，都能买到才有总价 ──────────────────────
def many_answer(facts: list, en: bool) -> str:
    lines = [item_line(f, en) for f in facts]
    short = [f for f in facts if f["kind"] == "ok" and not f["enough"]]
    unknown = [f for f in facts if f["kind"] != "ok"]
    names = said(en, "、", ", ").join
    currencies = {f["money"] for f in facts if f["kind"] == "ok"}
    if short:
        gaps = [(f["name"], amount(f["order"].quantity - f["stock"], f["order"].unit)) for f in short]
        lines.append(
            said(
                en,
                f"{names(f'{name}还差 {gap}' for name, gap in gaps)}，所以没有算总价：不能当作都买得到。",
                f"Short: {names(f'{name} by {gap}' for name, gap in gaps)}, so I gave no grand total: "
                "the order can't be filled as asked.",
            )
        )
    elif unknown:
        lines.append(
            said(
                en,
                f"{names(f['name'] for f in unknown)}的情况不清楚（见上面），所以判断不了是不是都够，也没有算总价。",
                f"I don't know enough about {names(f['name'] for f in unknown)} (see above), so I can't tell "
                "whether everything is in stock, and I gave no grand total.",
            )
        )
    elif len(currencies) > 1:
        lines.append(said(en, "币种不一样，没有加在一起。", "The currencies differ, so I did not add them up."))
    else:
        total, sums = sum(f["cost"] for f in facts), " + ".join(plain(f["cost"]) for f in facts)
        money = money_word(currencies.pop(), en)
        lines.append(
            said(
                en,
                f"都够。一共 {sums} = {plain(total)} {money}。",
                f"All in stock. Total: {sums} = {plain(total)} {money}.",
            )
        )
    return "\n".join(lines)


def item_line(f: dict, en: bool) -> str:
    """几种商品时每种一行：名字，库存和需要的数量，够不够，这一种要多少钱。"""
    if f["kind"] == "error":
        return said(
            en,
            f"{f['name']}：没能读到库存（read_file 读 {f['path']} 时报错：{f['said']}），"
            "不知道有多少、单价多少——不是 0，也不是缺货。",
            f"{f['name']}: I could not read its stock (read_file on {f['path']} failed: {f['said']}), so I don't "
            "know how many there are or the price. That is not 0, and not out of stock.",
        )
    if f["kind"] != "ok":
        return f"{f['name']}{said(en, '：', ': ')}{problem(f, en)}".replace("\n", " ")
    q, u, stock = f["order"].quantity, f["order"].unit, f["stock"]
    need, have, gap = amount(q, u), amount(stock, f["data"].get("unit")), amount(q - stock, u)
    if not f["enough"]:
        return said(
            en,
            f"{f['name']}：库存 {have}，你需要 {need}：{stock} < {q}，不够，还差 {gap}。",
            f"{f['name']}: {have} in stock, you need {need}: {stock} < {q}, {gap} short.",
        )
    cost = f"{q} × {plain(f['price'])} = {plain(f['cost'])} {money_word(f['money'], en)}"
    return said(
        en,
        f"{f['name']}：库存 {have}，你需要 {need}：{stock} ≥ {q}，够；{cost}。",
        f"{f['name']}: {have} in stock, you need {need}: {stock} ≥ {q}, enough; {cost}.",
    )


def sources(facts: list, en: bool) -> str:
    """最后一行：哪些数来自用户，哪些来自工具结果；库存数据没写单位时，说按用户的单位比的。
    只说回答里真用到的：读不到、对不上的那几条结果没有拿来算，就不说数来自它们。"""
    facts = [f for f in facts if f["kind"] in ("ok", "no_quantity", "other_unit")]
    comma = said(en, "、", ", ")
    quantities = comma.join(str(f["order"].quantity) for f in facts if f["order"].quantity)
    paths = comma.join(f["path"] for f in facts)
    if len(facts) == 1:
        stock, price = facts[0]["stock"], plain(facts[0]["price"])
        numbers = said(en, f"库存 {stock}、单价 {price} ", f"the stock {stock} and the price {price}")
    else:
        numbers = said(en, "库存和单价", "the stock and the prices")
    asked = f"the quantities {quantities} come" if "," in quantities else f"the quantity {quantities} comes"
    parts = [said(en, f"数量 {quantities} 来自你的问题", f"{asked} from your question")] if quantities else []
    parts.append(said(en, f"{numbers}来自 {paths}", f"{numbers} come from {paths}"))
    units = sorted(
        {f["order"].unit for f in facts if f["order"].quantity and f["order"].unit and not f["data"].get("unit")}
    )
    unitless = said(
        en,
        f"库存数据里没写单位：我按你说的“{'、'.join(units)}”来比。",
        f" The stock data gives no unit: I compared it with your {', '.join(units)}.",
    )
    line = said(en, "；", "; ").join(parts)
    line = said(
        en, f"（{line}。{unitless if units else ''}）", f"({line[0].upper()}{line[1:]}.{unitless if units else ''})"
    )
    return line if facts else ""


def only_asked(en: bool) -> str:
    return said(
        en, "只查询，没有下单，也没有扣减库存。", "Only checked: nothing was ordered and no stock was reserved."
    )


def no_task_answer(seen, en: bool = False) -> str:
    """这次输入里没有 user 消息（原任务被删掉了）：有库存数据也只报数据、问数量。"""
    for (name, args), got in seen.items():
        path = json.loads(args).get("path") if name == "read_file" and args.startswith("{") else None
        found = re.fullmatch(STOCK_FILE, path) if isinstance(path, str) else None
        page = read(got) if found else None
        data = stock_record(page.text) if page and not page.cut else None
        if data:
            f = {"stock": data["stock"], "price": Decimal(str(data["unit_price"])), "money": data.get("currency")}
            why = "这次输入里没有你的原话（没有 user 消息），我不知道你需要多少"
            return ask_quantity(data.get("item", found.group(1)), f, why, en) + "\n" + only_asked(en)
    return "这次输入里没有用户的问题（没有 user 消息），我不知道要做什么。请把你的问题再说一遍。"


def stock_record(text):
    """读到的文字 → 库存记录 dict；不是 {"stock": 整数, "unit_price": 数, …} 就返回 None。"""
    try:
        data = json.loads(text or "", parse_float=Decimal)  # 单价按原样的十进制读，不经过 float
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    stock, price = data.get("stock"), data.get("unit_price")
    if not isinstance(stock, int) or isinstance(stock, bool) or stock < 0:
        return None
    if not isinstance(price, (int, Decimal)) or isinstance(price, bool) or not 0 <= price < math.inf:
        return None
    return data


def amount(number, unit) -> str:
    """3 盒、3 boxes；没有单位就只写数。库存的数只带数据里写的单位，不替它安上用户的单位。"""
    return f"{number} {unit}" if unit else str(number)


def money_word(code, en: bool = False) -> str:
    """CNY → 元（CNY）；英文回答直接写 CNY；认不出的币种原样写出来；没写币种就说没写，不替它假定是元。"""
    if not code:
        return said(en, "（数据里没写币种）", "(the data gives no currency)")
    word = CURRENCIES.get(str(code).upper())
    return str(code) if en or not word else f"{word}（{code}）"


def plain(number: Decimal) -> str:
    """12 → "12"，12.50 → "12.5"：不写多余的零。"""
    exact = decimal.Context(prec=len(number.as_tuple().digits))  # 默认的 28 位会把大数四舍五入
    return format(number.normalize(exact), "f")
