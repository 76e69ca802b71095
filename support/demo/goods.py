"""离线演示在中文问题里找商品名：数量前面、后面的那几个字里哪一截是名字（“3 盒红笔和蓝笔”“红笔 3 盒”“2 张请柬”），
两边说话用的词（我要、的、吗）去掉；名字在数量前面还是后面。orders.py 用它读出要的商品和数量。"""

import re

from support.demo.numbers import NUMBER
from support.demo.words import AROUND, CJK, EN_PRONOUNS, EN_UNITS, LATER, NOT_GOODS, NOT_ITEMS, UNIT, UNITS

SYMBOL = r"(?<=[\u4e00-\u9fff])\s*[+/&＋／]\s*(?=[\u4e00-\u9fff])"  # “红笔 + 蓝笔”“红笔/蓝笔”
# 连着两种商品的词：“红笔和蓝笔”“红笔或者蓝笔”“红笔和/或蓝笔”
AND = rf"(?:和\s*/?\s*或|和|与|跟|、|以及|及|外加|另加|加上?|或者?|还是|{SYMBOL})"
# 一个商品名：“红笔和蓝笔”是两个；到下一个数量为止（“两盒红笔还有一盒蓝笔”）
# 名字前面连着写的字母、数字：2B铅笔、A4纸、5号电池、USB-C线（最多 12 个：长串的字母数字也是线性时间）
GLUED = (  # 中间可以有连字符：USB-C线
    rf"(?:(?![x×]\d)(?:(?=[A-Za-z\d-]{{0,11}}[A-Za-z])[A-Za-z\d](?:[A-Za-z\d-]{{0,10}}[A-Za-z\d])?"
    rf"|\d{{1,3}} ?号(?!送|到|前|之前|交|取|发|要|的))(?={CJK}))?"
)
WORD = rf"{GLUED}(?:(?!{AND}|[\d零〇一二两三四五六七八九十百千万亿]+\s*(?:{UNIT})){CJK})+"
FUNCTION = "还再也都就又够共吗呢了吧啊呀要得能行付花需用给让被把将在是没不帮刚"  # 这些字开头的不是名字（量词后面）
NOT_FIRST = rf"[{FUNCTION}几约]|多(?!功能|用途|肉)"  # 名字的头一个字不会是这些（3 盒多一点）


def numbers_first(text: str, found: list) -> bool:
    """数量在商品名前面（“3 盒红笔”）：最后一个数量后面还有商品名。头两个数量前面都紧挨着一个商品名（“红笔 3 盒
    笔记本 2 本”），就是名字在前；“办公室要 2 盒红笔和 1 盒蓝笔”的第二个数量前面是“和”，还是数量在前。"""
    first = not found or bool(item_after(text, found[-1]))
    if len(found) < 2:
        return first
    spans = [text[: found[0].start()], text[found[0].end() : found[1].start()]]
    named = [
        (n := name_near(t, False)) and re.search(rf"{re.escape(n)}\s*(?:要|需要|也要|来|买)?\s*$", t) for t in spans
    ]
    return first and not all(named)


def torn(text: str, found: list) -> tuple:
    """只有一个数量，前面紧挨着一种商品（“红笔 3 盒”“红笔要3盒”），后面又是一种（“蓝笔”“蓝笔也要”）：数量是哪一种的
    说不准，返回 ([这几种商品], 数量的原话)；不是这样是 ()。"""
    before = text[: found[0].start()] if len(found) == 1 else ""
    lead = name_near(before, False) if before else ""
    tight = lead and re.search(rf"{re.escape(lead)}\s*$", before)  # 名字和数量中间什么也没有
    verb = lead and re.search(rf"{re.escape(lead)}\s*(?:要|需要|来|买)\s*$", before)
    after = (tight or verb) and item_after(text, found[0])
    also = after and re.search("[也还呢都]|同上|一样", text[found[0].end() :][: after.end() + 3])  # 蓝笔也要
    after = after if after and (tight or also) else None
    names = [n for n in [lead, *(name_near(i, True) for i in re.split(AND, after[1]))] if n] if after else []
    return (names, f"{found[0][1].strip()} {found[0][2]}") if after else ()  # 照原话：“3 盒”


def side_by_side(text: str) -> list:
    """“红笔和蓝笔”“红笔、蓝笔”，也有挨着写的“红笔蓝笔”（两段都以同一个字结尾）：各是一种商品。"""
    names, pieces = [], re.split(rf"(?:{AND}|\s)+", text.strip())
    pieces = [p + pieces[-1][1:] if len(p) == 1 and len(pieces[-1]) > 1 else p for p in pieces]  # “红、蓝笔”：红笔
    for piece in pieces:
        parts = piece.split(piece[-1])[:-1] if len(piece) >= 4 else []
        names += [p + piece[-1] for p in parts] if len(parts) > 1 and all(parts) else [piece]
    return names


def item_after(text: str, m) -> re.Match | None:
    """数量后面紧跟着的商品名（“3 盒红笔和蓝笔”）；“红笔 3 盒，够吗”后面没有。"""
    if re.match(
        rf"\s*(?:{LATER}|[{FUNCTION}](?!锈|宝))", text[m.end() :]
    ):  # “2 盒今天就要”“3 盒不用包装”：后面不是商品名
        return None
    after = re.match(rf"\s*的?\s*({WORD}(?:{AND}(?!(?:{NUMBER})\s*(?:{UNIT})){WORD})*)", text[m.end() :])
    return after if after and any(name_near(i, True, True) for i in re.split(AND, after[1])) else None


def name_near(text: str, after: bool, measured: bool = False) -> str:
    """数量后面紧跟着的（after；measured：紧跟在量词后面），或者前面同一小句里的商品名。"""
    text = re.sub(rf"(?:多少|几|每)\s*[{UNITS}]", "多少", numbered(text))  # “多少支笔”“红笔每盒”：量词不是名字
    if after:  # 紧跟着的那一段里最长的一截
        m = re.match(rf"\s*的?\s*({GLUED}{CJK}+)", text)
        name = max((p for p in re.split(AROUND, m[1]) if not re.match(NOT_ITEMS, p)), key=len, default="") if m else ""
        name, piece = re.sub(r"(?<=..)[啦哦呗咯咧呀嘛]+$", "", name), m[1] if m else ""  # “红笔哦”：句末的语气词
    else:
        piece = re.split(rf"[\s，。？！、,.?!:：;；+]+|(?:{NUMBER})\s*(?:{UNIT})", text.strip(" \t：:"))[-1].split(
            "每"
        )[0]
        piece = re.sub(rf"^.*?(?:{CJK}|[A-Za-z])里(?={GLUED}{CJK}{{2}})", "", piece)  # “库存里红笔”（里脊肉不是）
        near = (p for p in reversed(re.split(AROUND, piece)) if re.fullmatch(f"{GLUED}{CJK}+", p) and p.strip(UNITS))
        name = next(near, "")
    short = len(name) < 2 or not re.search(CJK, name)  # 只剩字母的（Type-C数据线的 Type-C）也不是名字
    head = re.search(rf"{GLUED}(?:文件|数据|记录)(?:(?!{AROUND}){CJK}){{1,3}}", piece) if short else None
    name = head[0] if head else name  # 说话的词开头的名字：文件夹、数据线、记录本
    name = name if len(name) > 1 or not measured else peeled(piece)
    name = re.sub(rf"^(?:{CJK}{{1,3}}|[A-Za-z]+)里(?={GLUED}{CJK}{{2}})", "", numbered(name))  # “仓库里红笔”：红笔
    counted = re.fullmatch(rf"(?:{NUMBER})?\s*(?:{UNIT})", name)  # “改成一盒”“还有多少公斤”：是数量、量词
    asking = re.match(NOT_ITEMS, name) or re.search("什么|每", name)  # “总价”“用什么货币”“学生每人”不是商品名
    return "" if len(name) < 2 or asking or counted else name


def also_named(segment: str, before: str) -> list:
    """名字写在数量前面时，紧挨着数量的名字（before）前面还写着的几种商品（“红笔 3 盒 蓝笔 铅笔 2 支”的蓝笔）：
    没说数量，也不悄悄丢掉。"""
    pieces = re.split(rf"[\s，,、]+|{AND}", segment.strip())[:-1]
    return [n for n in dict.fromkeys(name_near(p, True) for p in pieces) if n and n != before]


def peeled(piece: str) -> str:
    """数量、量词后面紧跟着的、按词拆开都不到两个字的（2 张请柬、3 个文件夹）：名字从量词后面开始，到下一个两个字
    以上的说话的词（数据线多少钱）为止，去掉结尾的语气词；虚字开头的（还要花）、全是说话的词的，不是商品名。"""
    name = piece[:25] if re.match(f"{GLUED}{CJK}{{2}}", piece) and not re.match(NOT_FIRST, piece) else ""
    name = name[: next((m.start() for m in re.finditer(AROUND, name) if m.start() and len(m[0]) > 1), None)]
    while (m := re.search(rf"(?:{AROUND})$", name)) and m.start() > 1:
        name = name[: m.start()]
    return "" if re.fullmatch(rf"(?:{AROUND})+", name) else name


def numbered(text: str) -> str:
    """“5 号电池”写成 5号电池：名字里的编号和“号”连着。"""
    return re.sub(r"(?<=\d)\s+(?=号)", "", text)


def part_of_another(item: str, orders: list, text: str) -> bool:
    """问题里的 item 每一处都是另一种商品名的一截（“有线鼠标”里的“线鼠标”），或者就是已有的几种连着写：不是另一种
    （“红笔和 3 盒红笔芯”的红笔是）。"""
    text, others = numbered(text), [re.escape(x.item) for x in orders if x.item != item]
    if others and not re.sub(f"{'|'.join(others)}|{AND}", "", item):  # “红笔蓝笔各 2 盒”：红笔蓝笔是已有的两种
        return True
    return text.count(item) <= sum(text.count(x.item) for x in orders if item in x.item != item)


def bracketed(after: str, text: str) -> str:
    """紧跟着的括号里用户给的中文名（“2 erasers (橡皮)”“packs of A4 paper (A4纸)”），照原话的大小写；没有是 ""。"""
    m = re.match(rf"\s*[（(]\s*([a-z\d-]{{0,12}}{CJK}{{1,12}})\s*[)）]", after)
    if not m or name_near(m[1], True) != m[1] or re.search(r"[色的用]$", m[1]):  # “(红色)”“(急用)”：不是名字
        return ""
    return found[0] if (found := re.search(re.escape(m[1]), text, re.I)) else m[1]


def not_goods(said: str) -> bool:
    """英文里问到的这几个词不是商品：最后一个词是 files、tests、it（test tubes 是），以代词开头，或者只是量词。"""
    words = said.split()
    unit = len(words) == 1 and re.fullmatch(EN_UNITS, words[0])  # “how many boxes are left”：数的是量词
    return bool(unit) or words[-1] in EN_PRONOUNS | NOT_GOODS or words[0] in EN_PRONOUNS
