"""离线演示读一个数：阿拉伯数字、中文数字（三、十二、两百五、3万）、英文的 one 到 ten；问题是不是英文（english）。"""

import re

from support.demo.words import CJK

EN_NUMBERS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True))
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


def english(question: str) -> bool:
    """没有中日韩文字、有拉丁字母就是英文问题（全角问号不算中文；括号、引号里注的中文也不算：“10 pencils (铅笔)”）。"""
    question = re.sub(r'[（(][^（()）]{0,40}[)）]|“[^“”]{0,40}”|"[^"]{0,40}"', " ", question)
    return not re.search(CJK, question) and bool(re.search(r"[A-Za-z]", question))
