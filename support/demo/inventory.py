"""离线演示的库存规则（第三篇讲义）：听懂“我需要 3 盒红笔。库存够吗？如果够，一共多少钱？”。

第一步读这个商品的库存文件 stock/<商品>.json；第二步只用两处信息算出回答：
数量来自用户的原话，库存和单价来自工具结果。缺了哪一处就说缺什么，不猜、不编，
工具报错就如实说读不到（不把“不知道”说成 0 或缺货）。这里只查询，不下单。
"""

import decimal
import json
import math
import re
from decimal import Decimal

from support.demo.calls import first_new, pages, result, text_of

# 问题里出现这些词，才可能是在问库存
ASKS = r"库存|多少钱|总价|单价|价格|够不够|够吗|够用|有货|有没有货|还剩"
UNITS = "盒支个件包瓶本只箱枝张套"
QUANTITY = rf"(\d+|[零〇一二两三四五六七八九十百千]+)\s*([{UNITS}])"
UNCLEAR_BEFORE = r"[\d.,，\-−+eE]\s*$"  # 1,000、2.5、-3、3e2：数量前面还连着数字或符号，看不准就当没说
# 商品名两边的词：动词、语气词、问库存的词，都不算商品名的一部分
AROUND = (
    r"的|和|与|跟|以及|库存|够|吗|还|有|呢|一共|总共|多少|价格|单价|是否|能|可以"
    r"|需要|想要|要|买|订|来|查|一下|帮|我们|我|请|如果"
)
NAME = r"[\u4e00-\u9fa5A-Za-z0-9]+"
STOCK_FILE = r"stock/(.+)\.json"
DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
POWERS = {"十": 10, "百": 100, "千": 1000}
CURRENCIES = {"CNY": "元", "RMB": "元", "USD": "美元", "EUR": "欧元", "JPY": "日元"}
ONLY_ASKED = "只查询，没有下单，也没有扣减库存。"


def chinese_number(text: str) -> int | None:
    """阿拉伯数字或中文数字（三、十二、一百零五、两百五、一千二）→ 整数；认不出或有歧义（三五）返回 None。"""
    if text.isdecimal():
        return int(text)
    total, digit, power, zero = 0, None, None, False
    for ch in text:
        if ch in "零〇":
            if digit is not None:
                return None
            zero = True
        elif ch in DIGITS:
            if digit is not None:  # 两个数字挨着（三五）：是三还是五？
                return None
            digit = DIGITS[ch]
        elif ch in POWERS:
            if power is not None and POWERS[ch] >= power:
                return None
            total += (1 if digit is None else digit) * POWERS[ch]
            power, digit, zero = POWERS[ch], None, False
        else:
            return None
    if digit is not None:  # 两百五 = 250、一千二 = 1200；一百零五 = 105
        total += digit * (power // 10 if power and power >= 100 and not zero else 1)
    return total


def understand_order(question: str):
    """问题 → (商品, 数量, 单位)；不是在问库存返回 None。没说数量时数量是 None。"""
    if not re.search(ASKS, question):
        return None
    for m in re.finditer(QUANTITY, question):
        quantity = chinese_number(m.group(1))
        item = name_after(question[m.end() :]) or name_before(question[: m.start()])
        if not item:
            continue
        if not quantity or re.search(UNCLEAR_BEFORE, question[: m.start()]):
            quantity = None  # 0 盒、2.5 盒、-3 盒、1,000 盒、三五盒：先查库存，再问到底要多少
        return item, quantity, m.group(2)
    # 没说数量：“红笔的库存还有多少？” 也先去查，查到了再问要几盒
    before = re.search(rf"({NAME})\s*(的)?\s*(库存|单价|价格|有货|有没有货|还剩)", question)
    item = name_before(before.group(1)) if before else ""
    return (item, None, "") if item else None


def name_after(text: str) -> str:
    """“3 盒红笔。…” 数量后面紧跟着的商品名。"""
    m = re.match(rf"\s*的?\s*({NAME})", text)
    return re.split(AROUND, m.group(1))[0] if m else ""


def name_before(text: str) -> str:
    """“红笔要 3 盒” 数量前面、同一个小句里的商品名。"""
    clause = re.split(r"[\s，。？！、,.?!:：;；]+", text.strip())[-1]
    return next((piece for piece in reversed(re.split(AROUND, clause)) if piece), "")


def stock_path(item: str) -> str:
    return f"stock/{item}.json"


def inventory_step(seen, order):
    """还没读这个商品的库存就去读；读到了（或读不到）就回答。"""
    item, quantity, unit = order
    calls = pages(seen, stock_path(item))  # 文件长就按结果里给的 offset 接着读完
    if step := first_new(seen, *calls):
        return step
    got = [result(seen, call) for call in calls]
    return inventory_answer(item, quantity, unit, next((g for g in got if g.startswith("错误：")), "\n".join(got)))


def inventory_answer(item: str, quantity, unit: str, got: str) -> str:
    """只用用户的数量和工具结果里的数字回答。got 是 read_file 的结果。"""
    path = stock_path(item)
    if got.startswith("错误："):
        said = " ".join(got.removeprefix("错误：").split())[:160]
        return (
            f"没能读到{item}的库存：read_file 读 {path} 时报错（{said}）。\n"
            f"没有数据，我就不知道{item}现在有多少、单价是多少，判断不了库存能否满足你的需要，也算不出总价。"
            f"请确认商品名称，或者看看 stock/ 目录里有没有 {item}.json。\n{ONLY_ASKED}"
        )
    data = stock_record(got)
    if data is None and cut_short(got):
        return (
            f"{path} 没能完整读到（工具结果被截短了），我不拿半份数据回答："
            f"判断不了库存能否满足你的需要，也算不出总价。\n{ONLY_ASKED}"
        )
    if data is None:
        return (
            f"{path} 读到了，但内容不是带 stock（库存）和 unit_price（单价）的 JSON，"
            f"我不拿猜的数字回答：判断不了库存能否满足你的需要，也算不出总价。\n{ONLY_ASKED}"
        )
    if data.get("item", item) != item:
        return f"{path} 里记的是“{data['item']}”，不是你问的“{item}”，我不拿它来算。请检查这份库存数据。\n{ONLY_ASKED}"
    stock, price = data["stock"], Decimal(str(data["unit_price"]))
    money = currency_word(data.get("currency"))
    if quantity is None:
        return ask_quantity(item, stock, price, money, "你的问题里没有说清需要多少")
    if data.get("unit") and data["unit"] != unit:  # 数据说的是支，问的是箱：不能直接比
        return (
            f"{path} 里的库存是 {stock} {data['unit']}，你问的是 {quantity} {unit}。"
            f"我不知道一{unit}是多少{data['unit']}，所以判断不了够不够，也算不出总价。\n{ONLY_ASKED}"
        )
    unit = data.get("unit") or unit
    source = f"库存 {stock}、单价 {plain(price)} 来自 {path}"
    if stock < quantity:
        return (
            f"不够。{item}库存只有 {stock} {unit}，你需要 {quantity} {unit}：{stock} < {quantity}，"
            f"还差 {quantity - stock} {unit}，所以没有按 {quantity} {unit}算总价。\n{ONLY_ASKED}\n"
            f"（数量 {quantity} 来自你的问题；{source}。）"
        )
    with decimal.localcontext() as exact:  # 默认只有 28 位有效数字：大数相乘会被四舍五入
        exact.prec = len(str(quantity)) + len(price.as_tuple().digits) + 2
        total = price * quantity
    return (
        f"够。{item}库存 {stock} {unit}，你需要 {quantity} {unit}：{stock} ≥ {quantity}。\n"
        f"一共 {quantity} × {plain(price)} = {plain(total)} {money}。\n{ONLY_ASKED}\n"
        f"（数量 {quantity} 来自你的问题；{source}。）"
    )


def ask_quantity(item: str, stock, price, money: str, why: str) -> str:
    """有库存数据，却不知道用户要多少：报数据，问数量，不拿库存当数量。"""
    return (
        f"我查到了{item}：库存 {stock}，单价 {plain(price)} {money}。\n"
        f"但{why}——库存 {stock} 是现有的数量，不是你要买的数量。"
        f"请告诉我你需要多少（比如几盒），我再核对库存、算总价。\n{ONLY_ASKED}"
    )


def no_task_answer(seen) -> str:
    """这次输入里没有 user 消息（原任务被删掉了）：有库存数据也只报数据、问数量。"""
    for (name, args), got in seen.items():
        path = json.loads(args).get("path") if name == "read_file" and args.startswith("{") else None
        found = re.fullmatch(STOCK_FILE, path) if isinstance(path, str) else None
        data = stock_record(got) if found else None
        if data:
            price, money = Decimal(str(data["unit_price"])), currency_word(data.get("currency"))
            why = "这次输入里没有你的原话（没有 user 消息），我不知道你需要多少"
            return ask_quantity(data.get("item", found.group(1)), data["stock"], price, money, why)
    return "这次输入里没有用户的问题（没有 user 消息），我不知道要做什么。请把你的问题再说一遍。"


def stock_record(got: str):
    """read_file 的结果 → 库存记录 dict；不是 {"stock": 整数, "unit_price": 数, …}、或者结果被截短了，返回 None。"""
    if cut_short(got):  # 截短的结果，头尾拼起来也可能像一份 JSON：不能拿来算
        return None
    try:
        data = json.loads(text_of(got), parse_float=Decimal)  # 单价按原样的十进制读，不经过 float
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    stock, price = data.get("stock"), data.get("unit_price")
    if not isinstance(stock, int) or isinstance(stock, bool) or stock < 0:
        return None
    if not isinstance(price, (int, Decimal)) or isinstance(price, bool) or not 0 <= price < math.inf:
        return None
    return data


def cut_short(got: str) -> bool:
    """read_file 的结果不完整：除了带行号的行和分页提示还有别的（中间省略了……），或者有一行太长被截断了。"""
    return any(not re.match(r"\d+\t|\[第 .*继续读\]$", line) or "（此行过长" in line for line in got.splitlines())


def currency_word(code) -> str:
    """CNY → 元（CNY）；认不出的币种原样写出来；没写币种就说没写，不替它假定是元。"""
    if not code:
        return "（数据里没写币种）"
    word = CURRENCIES.get(str(code).upper())
    return f"{word}（{code}）" if word else str(code)


def plain(number: Decimal) -> str:
    """12 → "12"，12.50 → "12.5"：不写多余的零。"""
    exact = decimal.Context(prec=len(number.as_tuple().digits))  # 默认的 28 位会把大数四舍五入
    return format(number.normalize(exact), "f")
