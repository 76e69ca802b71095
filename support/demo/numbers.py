"""离线演示读一个数：阿拉伯数字、中文数字（三、十二、两百五、3万）、英文的 one 到 ten；看不准的写法（2.5、1,000、
3 到 5、3+2、3k、3-ish）整个拿下来，由 orders.py 照原话问，不拿它算。也在这里：一句里说的那个数量（quantity_in；说的是
库存、是一笔钱的不算）、一笔钱（MONEY），问题是不是英文（english）。"""

import re

from support.demo.words import CJK, CURRENCY_NAMES, EN_UNITS, KUAI_ITEM, NOT_SO, OWNED, ROUGH, SCALED, THE_ONE, UNIT

EN_NUMBERS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))
ONE = (  # 一个数：看不准的（2.5、3+2、10**200、3 千）也整个拿下来，不只取最后几位
    r"(?:(?<!\w)[-−+])?\d(?:[\d.,，/~～eE*×xX^+\-−十百千万亿]|\s(?=[\d十百千万亿]))*|[零〇一二两三四五六七八九十百千万亿]+"
)
# 3 到 5、3 或 4、3 + 2：看不准。符号两边要有空格（没有空格的 3+2 整个是一个 ONE）：一处只有一种读法，不会回溯成指数
SIGN = r"(?:\s*(?:到|至|或者?|、|加|减|乘)\s*|\s+[~～+\-−×*/]\s*|[~～+\-−×*/]\s+)"
NUMBER = rf"(?:{ONE})(?:{SIGN}(?:{ONE}))*"
EN_ONE = rf"[-−+]?\d(?:[\d.,/~*x×^+-]*\d)?(?:e[-+]?\d+)?|{'|'.join(EN_NUMBERS)}"  # 句末的点不是小数点
EN_MORE = r"(?:\s*(?:k|thousand|hundred|million|or so)\b|-?ish\b)?"  # 3k、3 or so、3-ish：看不准
EN_SIGN = r"(?:\s*\b(?:or|to|plus|times)\b\s*|\s+[-–+]\s*|[-–+]\s+|–)"  # 同上：3-4 整个是一个 EN_ONE
EN_NUMBER = rf"(?:{EN_ONE})(?:{EN_SIGN}(?:{EN_ONE}))*{EN_MORE}"
DIGITS = dict(zip("一二两三四五六七八九", (1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True))
POWERS = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "亿": 10**8}
CURRENCY = rf"元|块(?!{KUAI_ITEM})钱?|{CURRENCY_NAMES}|\b(?:cny|rmb|yuan|usd|eur|dollars?|euros?|bucks)\b"
MONEY = rf"(?<![\w.])\d+(?:\.\d+)?\s*(?:{CURRENCY})|[$¥€]\s*\d+(?:\.\d+)?"  # 一笔钱：“我有 30 元”“$50”
REPORTED, ASKED = rf"{CJK}(?<![还再没要])(?:还有|还剩|剩下?|有)\s*$", r"[^，。,;；]*?(?:够|(?<![对是])吗|多少|几|[?？])"
PRICED = rf"(?:{MONEY})\s*$"  # 数量前面是一个价钱（5元一盒）：这是单价的“一盒”


def chinese_number(text: str) -> int | None:
    """正整数：3、三、十二、两百五、两万五千、3万；别的（0、2.5、三五、万）是 None。单位要从大到小。"""
    total, section, digit, small, big, last, zero = 0, 0, None, 10**4, 10**9, 1, False
    text = re.sub(r"(\d)\s+(?=[十百千万亿])", r"\1", text)  # “3 千”
    for t in re.findall(r"\d+|\D", text) if len(text) <= 100 else "?":  # 几千位的数：看不准
        if t in "零〇" and digit is None:
            zero = True
        elif (t.isdecimal() or t in DIGITS) and digit is None:
            digit = int(t) if t.isdecimal() else DIGITS[t]
        elif t in "十百千" and POWERS[t] < small:  # 一节（万以下）里从大到小
            section += (1 if digit is None else digit) * POWERS[t]
            digit, small, last, zero = None, POWERS[t], POWERS[t], False
        elif t in "万亿" and POWERS[t] < big and (section or digit):  # 一节到这里为止
            total += (section + (digit or 0)) * POWERS[t]
            section, digit, small, big, last, zero = 0, None, 10**4, POWERS[t], POWERS[t], False
        else:
            return None
    if digit is not None:  # 两百五 = 250、两万五 = 25000、一百零五 = 105
        section += digit * (last // 10 if last >= 100 and not zero else 1)
    return total + section or None


def rough(text: str, m) -> str:
    """数量前后说它不准、不是总数的词（大约、至少、几十、3 盒以上、再加 2 盒、2 more、每人）：连同数量照原话返回；
    没有是 ""。只看数量（m 的第一组）前后、量词后面十几个字符。"""
    if m.re.groups > 1 and m[2] == "打":  # “一打红笔”是 12 支：照原话问
        return text[m.start() : m.end(2)].strip()
    pre = re.search(rf"(?:{ROUGH}|{NOT_SO})\s*$", text[max(0, m.start() - 20) : m.start()], re.I)
    unit = m.end(2) if m[2] else m.end(1)  # 量词（有的话）后面
    after = [(i, re.match(rf"\s*(?:{ROUGH})", text[i : i + 12], re.I)) for i in (m.end(1), unit)]
    post = next(((i, p) for i, p in after if p), None)
    if not (pre or post):
        return ""
    start, end = m.start() - (len(pre[0]) if pre else 0), max(unit, post[0] + post[1].end() if post else 0)
    return text[start:end].strip()


def one_for_a(q: str) -> str:
    """英文里的 a、an 是一个，只在“要的是一件东西”时：“I need a stapler.”“2 red pens and a notebook”；
    “a lot”“a quote for”“a red pen or two”“a box of 4 pens”这样的不是一个数量，照旧。"""
    vague = r"lot|few|bit|little|dozen|couple|hundred|thousand|while|total|quote|look|price|minute|moment|second"
    people = r"people|persons?|students?|kids?|children|colleagues?|employees?|teachers?|guests?"  # for 5 students
    goods = rf"(?:\d+\s+)?(?:red|blue|black|green|pens?|pencils?|notebooks?|boxes)\b|\d+\s+(?!(?:{people})\b)[a-z]"
    end = rf"and\b|please\b|for\b(?!\s+{goods})|[,.?!]|$"
    single = rf"(?![a-z]* ?ones?\b)(?:[a-z]+ )?[a-z]+\s*(?:{end})"  # 一两个词的名字
    return re.sub(
        rf"(\b(?:and|plus|need|want|get|take|buy)|(?<=[a-z]),)\s+an?\s+(?!(?:{vague})\b)(?={single})", r"\1 one ", q
    )


def unit_price(text: str, m) -> str:
    """“一盒铅笔多少钱”问单价（写成“铅笔单价”）；同一小句里前面还有数量的（“两杯拿铁一个牛角包多少钱”）是要 1 个。"""
    before = re.split(r"[，。？！,.?!；;]", text[: m.start()])[-1]
    return m[0] if re.search(rf"{NUMBER}\s*(?:{UNIT})", before) else f"{m[1] or ''}单价"


def english(question: str) -> bool:
    """没有中日韩文字、有拉丁字母就是英文问题（全角问号不算中文；括号、引号里注的中文也不算：“10 pencils (铅笔)”）。"""
    question = re.sub(r'[（(][^（()）]{0,40}[)）]|“[^“”]{0,40}”|"[^"]{0,40}"', " ", question)
    return not re.search(CJK, question) and bool(re.search(r"[A-Za-z]", question))


def quantity_in(text: str, en: bool | None = None) -> tuple | None:
    """只有数量的一句（“要是 2 盒呢”“what about 2 boxes”）里的 (数量, 单位, 看不准的原话)；没有数量是 None。
    en：这一句是英文问题的一部分（“, 2”自己看不出是哪种语言）。"""
    en = english(text) if en is None else en
    m = re.search(rf"(?<![\w.,/~-])({EN_NUMBER})\s*({EN_UNITS})?\b", text.lower()) if en else None
    if m and m[1] == "one" and re.search(rf"\b({THE_ONE})\b(\s+\w+)?\s*$", text.lower()[: m.start()]):
        m = None  # “the blue one”“which one”：one 不是数量
    m = m or re.search(rf"({NUMBER})\s*({UNIT})", text)
    if not m:
        return (None, "", said[0]) if (said := re.search(SCALED, text.lower())) else None
    money = re.match(rf"\s*(?:{CURRENCY})", text.lower()[m.end(1) :])
    if stock_said(text[: m.start()], text[m.end() :]) or re.search(PRICED, text[max(0, m.start() - 12) : m.start()]):
        return None  # “我把库存改成 2 盒了”“8块钱一盒”：不是要的数量
    if money or text[: m.start()].rstrip().endswith("$"):  # “what about $50?”“50 块呢”：一笔钱
        return None
    said, loose = m[1].strip(), rough(text.lower(), m)  # “再加 2 盒呢？”“what about 2 more?”：不是新的总数
    plus = re.search(r"\b(plus|add|adding)\s*$", text.lower()[: m.start()])  # “plus 2 boxes?”：也是加上的
    loose = loose or (text[plus.start() : m.end()] if plus else "")
    number = None if loose else EN_NUMBERS.get(said) or chinese_number(said)
    return number, m[2] or "", loose or ("" if number else f"{said} {m[2] or ''}".strip())


def number_said(t: str) -> bool:
    """问题里说了一个要的数（有没有量词都算：“红笔要4”）；“库存改成 2 盒了”“他说只剩 2 盒了”里的不算。"""
    return any(not stock_said(t[max(0, m.start() - 20) : m.start()], t[m.end() :]) for m in re.finditer(r"\d+", t))


def stock_said(before: str, after: str) -> bool:
    """两段之间的数量说的是有多少（“我手上有 2 盒”“他说只剩 2 盒了”），不是要多少（“还剩 5 盒吗？”是问）。"""
    return bool(re.search(OWNED, before, re.I) or re.search(REPORTED, before) and not re.match(ASKED, after))
