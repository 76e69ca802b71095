"""离线演示听懂库存问题（第三篇讲义）：要哪几种商品、各要多少、用什么单位，中文或英文。

“我需要 3 盒红笔和 2 盒蓝笔。库存够吗？如果够，一共多少钱？” → [红笔 3 盒, 蓝笔 2 盒]；
“I need 3 boxes of red pens and 2 boxes of blue pens. Enough in stock? How much in total?” 也一样。
数量看不准（2.5、1,000、-3、0、三五）就当没说：先查库存，再问到底要多少，不猜。
"""

import re
from typing import NamedTuple

# 问题里出现这些词，才可能是在问库存（“帮我下单”也只查库存，回答里说没有下单）
ASKS = r"库存|多少钱|总价|单价|价格|够不够|够吗|够用|够的话|有货|有没有货|还剩|下单|订购"
ASKS_EN = r"\b(in stock|stock|enough|how much|total|price|cost|available|left)\b"
UNITS = "盒支个件包瓶本只箱枝张套"
QUANTITY = rf"(\d+|[零〇一二两三四五六七八九十百千]+)\s*([{UNITS}])"
# 1,000、2.5、-3、3e2、3/2、3~5、3 到 5、3 或 4：数量前面还连着数字或符号，看不准就当没说
# （“3 盒红笔，2 盒蓝笔”里的逗号前面不是数字，不算）
UNCLEAR_BEFORE = r"(\d\s*[,，、/~～]|\d[.eE]|(?<![\u4e00-\u9fa5A-Za-z])[\-−+]|到|至|或)\s*$"  # “红笔+2盒蓝笔”的 + 不算
UNCLEAR_TEXT = r"(?:\d[eE]|[\d.,，、/~～\-−+到至或\s])*$"  # 照原话说出来的那一段
# 商品名两边的词：动词、语气词、问库存的词，都不算商品名的一部分
AROUND = (
    r"的|和|与|跟|以及|库存|够|吗|还|有|呢|一共|总共|多少|价格|单价|是否|能|可以"
    r"|需要|想要|要|买|订|来|查|一下|看看|帮|我们|我|请|如果|另外|顺便|还有|那|各"
)
NAME = r"[\u4e00-\u9fa5A-Za-z0-9]+"
DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
POWERS = {"十": 10, "百": 100, "千": 1000}
# 英文问法：“3 boxes of red pens”“two blue pens”；商品名按词译成库存文件用的中文名（red pens → 红笔）
EN_NUMBERS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))
EN_UNIT = r"boxes|box|packs?|packets?|pieces?|pcs|bottles?|cartons?|cases?|sets?|units?"
# 数量连着别的数字、符号（2.5、-3、1,000、1e3、3/2）也先认下来：看不准的照原话说出来，不比较、不算总价
EN_QUANTITY = (
    rf"(?<![\w.,/~-])([-−+]?\d[\d.,/~]*(?:e[-+]?\d+)?|{'|'.join(EN_NUMBERS)})\s+"
    rf"(?:({EN_UNIT})\s+of\s+)?((?:[a-z]+ ?){{1,3}})"
)
EN_STOP = (
    r"\b(and|or|in|are|is|do|does|enough|please|pls|plz|for|from|with|if|how|but|then|cost|costs|would|will|today"
    r"|tomorrow|now|each|left|available)\b.*"
)
EN_WORDS = {
    "red": "红",
    "blue": "蓝",
    "black": "黑",
    "green": "绿",
    "pen": "笔",
    "pens": "笔",
    "pencil": "铅笔",
    "pencils": "铅笔",
    "notebook": "笔记本",
    "notebooks": "笔记本",
}


class Order(NamedTuple):
    item: str  # 库存文件 stock/<item>.json 的名字
    quantity: int | None  # 用户要多少；没说、看不准就是 None
    unit: str  # 用户说的单位（盒、支、boxes……）；没说是 ""
    asked: str = ""  # 用户的说法（英文问题里的 red pens）；中文问题和 item 一样
    unclear: str = ""  # 说了、却看不准的数量（“2.5 盒”“0 boxes”）：回答时照原话说出来，不说“没说要多少”


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


def understand_orders(question: str) -> list | None:
    """问题 → [Order, …]，按用户说的顺序，同一种商品只算一次；不是在问库存返回 None。"""
    if re.search(ASKS, question):
        orders = chinese_orders(question)
    elif re.search(ASKS_EN, question, re.IGNORECASE):
        orders = english_orders(question)
    else:
        return None
    unique = list({order.item: order for order in reversed(orders)}.values())[::-1]  # 同一种商品：留第一次说的
    return unique or None


def chinese_orders(question: str) -> list:
    orders = []
    for m in re.finditer(QUANTITY, question):
        quantity = chinese_number(m.group(1))
        item = name_after(question[m.end() :]) or name_before(question[: m.start()])
        if not item:
            continue
        unclear = ""
        if not quantity or re.search(UNCLEAR_BEFORE, question[: m.start()]):
            # 0 盒、2.5 盒、-3 盒、1,000 盒、三五盒：先查库存，再问到底要多少
            before = re.search(UNCLEAR_TEXT, question[: m.start()]).group().lstrip(" ，,、")
            quantity, unclear = None, f"{before}{m.group(1)} {m.group(2)}"
        orders.append(Order(item, quantity, m.group(2), item, unclear))
    # 没说数量就提到的商品（“红笔和蓝笔的库存”“另外蓝笔还剩多少？”）：也先去查，查到了报库存、再问要几盒
    for m in re.finditer(rf"({NAME})\s*(的)?\s*(库存|单价|价格|有货|有没有货|还剩)", question):
        items = [name_before(part) for part in re.split("[和与跟、]", m.group(1))]
        orders += [Order(item, None, "", item) for item in items if item]
    wanted = re.search(rf"(?:需要|想要|要买|买|订)\s*({NAME})", question)  # “我需要红笔。库存够吗？”
    if not orders and wanted and (item := re.split(AROUND, wanted.group(1))[0]):
        orders.append(Order(item, None, "", item))
    return orders


def name_after(text: str) -> str:
    """“3 盒红笔。…” 数量后面紧跟着的商品名。"""
    m = re.match(rf"\s*的?\s*({NAME})", text)
    return re.split(AROUND, m.group(1))[0] if m else ""


def name_before(text: str) -> str:
    """“红笔要 3 盒” 数量前面、同一个小句里的商品名。"""
    clause = re.split(r"[\s，。？！、,.?!:：;；]+", text.strip())[-1]
    return next((piece for piece in reversed(re.split(AROUND, clause)) if piece), "")


def english_orders(question: str) -> list:
    """“3 boxes of red pens and two blue pens” → [红笔 3 boxes, 蓝笔 2]。商品名译不出来就按原样找它的文件。"""
    orders = []
    for m in re.finditer(EN_QUANTITY, question.lower()):
        asked = re.sub(EN_STOP, "", m.group(3)).strip().removeprefix("of ")  # “2 of blue pens”
        if not asked:
            continue
        number = m.group(1)
        quantity = int(number) if number.isdecimal() else EN_NUMBERS.get(number, 0)  # 0：看不准
        unclear = "" if quantity else f"{number} {m.group(2) or asked}"  # 0 boxes
        orders.append(Order(chinese_name(asked), quantity or None, m.group(2) or "", asked, unclear))
    return orders


def chinese_name(asked: str) -> str:
    """red pens → 红笔：每个词都认得才翻译，否则用原话（stock/stapler.json）。"""
    words = asked.split()
    return "".join(EN_WORDS[w] for w in words) if all(w in EN_WORDS for w in words) else asked
