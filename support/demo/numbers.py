"""离线演示读一个数：阿拉伯数字、中文数字（三、十二、两百五、3万）、英文的 one 到 ten；看不准的写法（2.5、1,000、
3 到 5、3+2、3k、3-ish）整个拿下来，由 orders.py 照原话问，不拿它算。"""

import re

from support.demo.words import NOT_SO, ROUGH, UNIT

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
