"""离线演示听库存问题：只认几种说法，一小句整句都听懂了才算。

中文：“我需要 3 盒红笔”“3 盒红笔和 2 盒蓝笔”“红笔和蓝笔各 2 盒”“红笔 3 盒、笔记本 2 本”“红笔够 4 盒吗”“那蓝笔呢？”
“要是 2 盒呢？”“红笔还有多少？”“还剩几盒”“库存够吗？”；英文：“I need 3 boxes of red pens”“What about blue pens?”
“What about 2 boxes?”“And if it's 2 boxes?”“How many red pens are left?”“Do you have enough blue pens for 4 boxes?”
“How much would 5 boxes of red pens cost?”“Is there enough in stock?”。
说到库存、数量的一小句（words.KIND["inventory"]）不是这几种说法，问题里还有一句没听懂，或者别的一类的一句说了还要（NEEDS），整个订单都不算（unsure）：一句没听全，
猜出来的数量可能是错的。不查，照原话说哪一句没听懂，请用户换个说法。
"""

import re
from dataclasses import dataclass, replace

from support.demo import words as w
from support.demo.names import FILE
from support.demo.numbers import EN_NUMBERS, chinese_number, english
from support.demo.writing import QUOTED

# ── 中文的几种说法（数字旁边、量词后面、连词两边的空白先去掉）──────────────────────────────
NUM = r"\d{1,30}|(?![百千万亿])[零〇一二两三四五六七八九十百千万亿]{1,12}"  # “百八十”“千把”是大约
UNIT = rf"[{w.UNITS}]|公斤|千克|毫升"  # “50 块”多半是钱：不是量词
# 商品名里不会有的字：虚字，时间、地方、人，大约、一半（“红笔最好”“仓库里红笔”“3 盒半红笔”不是商品名）
BAD = "的吗呢了够要还也都就再是不没有把给用共每多少几钱价各只换改减另别先才已或及和跟与请您你我他她它们这那哪谁啥么怎半左右余来在种样些里色备急起剩其计周上买卖能到天月年时倍仓份送"  # noqa
JOIN = r"和|、|以及|及|跟|与|外加|另加|加上|\+|加(?=\d|[一二两三四五六七八九十])"
# 商品名：A4纸；名字里没有虚字，也不跨过下一个数量
CHAR = rf"(?:(?!(?:{NUM})(?:{UNIT}|打)|[{BAD}]|{JOIN}){w.CJK})"  # 一打是 12 个：不是名字
PREFIX = r"(?=[A-Za-z0-9-]{0,12}[A-Za-z])[A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,6})?|\d{1,3}号"  # A4纸、5号电池（“2盒”不是）
NAME = rf"(?:{PREFIX}){CHAR}{{1,5}}|{CHAR}{{2,5}}"  # 更长的多半连着别的话
LEAD = r"(?:那么?|嗯|好的?|请问|麻烦你?|帮我|给我来|我们?|我?想|需要|要是|如果是?|要买|想买|要|买|订购|查一?下|看一?下|看看)*"  # noqa
ASK = (
    "|".join(  # 问库存、价钱的词：跟在说法后面
        "的 库存 现货 存货 够不够用 够不够 够用吗 够吗 够 充足 足够 有货吗 有货 还有货吗 还有吗 还有多少"
        " 还剩多少 剩多少 还有 有多少 是多少 分别 多少钱 多少 一共 总共 合计 加起来 总价 单价 价格 价钱"
        " 如果 的话 要 呢 吗 啊 呀 吧".split()
    )
    + rf"|(?:还有|有|还剩|剩)几(?:{UNIT})|每(?:{UNIT})|多少钱一(?:{UNIT})|一(?:{UNIT})多少钱"  # “每盒多少钱”
)
ORDER = rf"({NUM})({UNIT}(?:的)?|块(?!的))({NAME})"  # “4 块橡皮”；“50 块的红笔”说的是钱
FIRST = rf"({NAME})(?:要|需要|买)?({NUM})({UNIT})"  # 名字在前：红笔 3 盒
EACH = rf"((?:{NAME})(?:(?:{JOIN})(?:{NAME}))+)各(?:要|买|需要)?({NUM})({UNIT})"
# 句子之间（2.5、1,000、README.md 不拆）；“and what is …”“并且”后面是另一件事
SEP = (
    r"[，。？！；：\n]+|[,?!;:](?!\d)|\.(?=\s|$)|并且|而且"
    r"|\s+and\s+(?=(?:what|which|how|where|is|are|does|do|can|tell)\b)"
)
# 贴的记录前面的话（记录已经去掉）：“最新记录是 {…}”
INTRO = (
    r"(?:这是|以下是|下面是|附上|最新的?)?(?:库存)?(?:记录|数据)(?:是|如下)?"
    r"|(?:here is|here's|this is) (?:the |my )?(?:stock )?(?:record|data|json)s?"
)
# ── 英文的几种说法（小写，句末的标点去掉）──────────────────────────
EN_NUM = rf"\d{{1,30}}|{'|'.join(EN_NUMBERS)}|an?(?= (?:{w.EN_UNITS}) of )"
EN_BAD = (
    "and|or|of|is|are|it|its|enough|in|stock|for|each|total|how|much|many|the|a|an|please|left|them|those|these|ones?|"
    "some|any|more|less|extra|instead|also|too|not|no|plus|with|without|but|if|so|there|per|cost|price|available|"
    "today|tomorrow|now|urgently|more|again|only|just|all|both|do|does|have|has|you|we|i|me|my|our|to|then|what|about|"
    "dozens?|couple|few|half|lots?|spare|backup|urgent|people|persons?|students?|weeks?|days?|months?|years?|hours?|"
    "files?|lines?|folders?|director(?:y|ies)|tests?|commits?|dependencies|packages?|readme|minutes?|seconds?|"
    "they|this|that|everything|week|month|day|year|delivery|shipping|discount|tax|size|brand|bill|order|prices?|costs?"
)
EN_WORD = rf"(?!(?:{EN_BAD})\b)(?=[a-z0-9-]*[a-z])[a-z0-9][a-z0-9-]*"  # a4、usb-c
EN_NAME = rf"{EN_WORD}(?: {EN_WORD}){{0,2}}"
EN_ORDER = rf"({EN_NUM}) (?:({w.EN_UNITS}) of )?({EN_NAME})"
EN_LEAD = (
    r"(?:(?:ok|okay|so|well|hi|hello|please|now)[ ,]+)*"  # “and 2 boxes of blue pens”是加上：不认
    r"(?:(?:i|we)(?: would like| need| want|'d like| will need|'ll need)(?: to (?:buy|order|get))? "
    r"|(?:do you have|are there|is there|can i get|could i get|is there enough(?: stock)? for|need|want"
    r"|how much (?:for|would|will)|what about|how about"
    r"|(?:and |so )?(?:what )?if (?:it'?s|it is|it were|i need|we need)) )?"
)
EN_END = r"(?: in stock| available| left| cost)?(?:,? please)?"
EN_ITEM = [  # 只说了商品：问它有多少、多少钱，或者接着上一个问题问
    rf"(?:and|what about|how about)(?: the)? ({EN_NAME})",
    rf"do you have (?:any )?({EN_NAME})(?: in stock)?",
    rf"how many (?:(?:{w.EN_UNITS}) of )?({EN_NAME}) (?:(?:are )?(?:left|in stock|available)|do you have|do we have)"
    r"(?: left| in stock)?",
    rf"how much (?:is|are|does|do) (?:a |an |one |the )?(?:(?:{w.EN_UNITS}) of )?({EN_NAME})(?: cost)?(?: each)?",
    rf"what do(?:es)? (?:a |an |one )?(?:(?:{w.EN_UNITS}) of )?({EN_NAME}) cost(?: each)?",
    rf"what(?:'s| is| are) the (?:price|unit price|stock) of (?:the |a |an |one )?({EN_NAME})",
    rf"(?:is|are) (?:there )?(?:any )?({EN_NAME}) (?:in stock|available|left)",
]
EN_AMOUNT = rf"(?:and |what about |how about |what if i need |and if i need )({EN_NUM})(?: ({w.EN_UNITS}))?"  # noqa
EN_ASK = (  # 只问了：够不够、多少钱、有没有
    r"(?:and |so |then )?(?:(?:is|are) (?:there|that|it|they|those) |(?:do you|do we) have )?enough"
    r"(?: in stock| stock)?(?: for (?:me|that|it|them|this order))?|(?:if so,? |and |then |so )?how much(?: is it"
    r"| is that| would it be| would that be| does it cost| would it cost| will it cost| do they cost)?"
    r"(?: in total| altogether| total)?|if so|(?:and |so )?(?:the )?total(?: price| cost)?|"
    r"what(?:'s| is| would be) the (?:total|total price|total cost|price|unit price|cost)|(?:is it|are they) in stock"
    r"|(?:and |so )?how many (?:are|do you have|do we have)(?: left| in stock)?|(?:and )?how much are (?:they|those)"
)


@dataclass(frozen=True)
class Order:
    item: str  # 库存文件名里的商品名（英文说的 red pens 是 红笔）；只说了数量的一句是 ""
    quantity: int | None = None  # 没说是 None
    unit: str = ""
    asked: str = ""  # 用户的说法（英文问题里的 red pens）


def stock_said(question: str, stock_before: bool) -> tuple | None:
    """问题里库存的那几小句：说到库存、数量、价钱的（words.KINDS 认作 inventory，或者听出了数量）；只问了（“如果够”）、
    只说了商品的一句，连着这样的一句说（或者上一个问题问的是库存：stock_before）才算；别的一类的话（“Are there two
    entry points?”“看看 2 个测试文件”）不算。返回 (这几句, 要的商品, 没听懂的那句, 别的小句)；没有库存问题是 None。"""
    view = re.sub(QUOTED, lambda m: "\0" * len(m[0]), question)  # 引号里的（要写进文件的内容）不是订单，也读不懂
    cuts = [0, *(i for m in re.finditer(SEP, view) for i in m.span()), len(view)]
    spans = [(a, b) for a, b in zip(cuts[::2], cuts[1::2], strict=True) if view[a:b].strip()]
    text = [view[a:b].strip() for a, b in spans]
    said, kinds = [order_in(c) for c in text], [kind_said(c) for c in text]
    intro = {i for i, c in enumerate(text) if re.fullmatch(INTRO, c.lower())}  # 贴的记录前面的话
    project = any(k not in (None, "inventory", "none") for k in kinds)  # “列出 src，一共几个？”不是库存
    other = [any(re.search(p, c.lower()) for k, p in w.KINDS if k not in ("inventory", "none")) for c in text]

    def stock(i: int) -> bool:  # “技术栈和价格”：也问了别的一类，听不懂的这句交给别的类
        counted = any(o.quantity for o in said[i] or []) and kinds[i] in (None, "inventory")
        asked = kinds[i] == "inventory" and (said[i] is not None or not (project or other[i]) or said_number(text[i]))
        return i not in intro and (counted or asked or stock_before and bool(said[i]) and kinds[i] is None)

    chosen = [stock(i) for i in range(len(text))]
    if not any(chosen):
        return None
    mine = [i for i in range(len(text)) if chosen[i] or i not in intro and said[i] is not None and kinds[i] is None]
    if project and not stock_before and not any(said[i] for i in mine):  # “技术栈 and how much does it cost”
        return None
    names, unsure = order_of([text[i] for i in mine])
    shown = {text[i]: question[a:b].strip() for i, (a, b) in enumerate(spans)}  # 说出来的是原话（引号里的也在）
    unsure = shown.get(unsure, "，".join(shown[text[i]] for i in mine)[:80]) if unsure else ""
    for i in sorted({*mine, *intro}, reverse=True):  # 别的小句照原样（标点、引号都在）交给别的类
        question = question[: spans[i][0]] + " " * (spans[i][1] - spans[i][0]) + question[spans[i][1] :]
    return "，".join(shown[text[i]] for i in mine), names, unsure, question


def kind_said(clause: str) -> str | None:
    """这一小句按关键词是哪一类（words.KINDS 里第一个认出的）；文件名里的词不算。"""
    q = re.sub(FILE, " ", clause.lower())
    return next((kind for kind, pattern in w.KINDS if re.search(pattern, q)), None)


def order_in(clause: str) -> list | None:
    """一小句里要的商品：[Order]；只问了（“库存够吗”）是 []；不是认得的说法是 None。"""
    if english(clause):
        return order_in_en(re.sub(r"\s+", " ", clause.lower()).strip(" .?!"))
    if re.search(rf"\d\s+\d|{w.REVISED}", clause.lower()):  # “3 5 盒”看不准；改口的词（“其实”“不要”）
        return None
    text = re.sub(rf"\s*(\d+|{JOIN}|各|的)\s*|(?<=[{w.UNITS}块])\s+", r"\1", clause.strip())
    if re.search(r"\s", text):  # “红笔 3 盒 蓝笔 铅笔 2 支”：名字挨着名字，分不清
        return None
    if m := re.fullmatch(rf"({NAME})还?(?:够不够|够)({NUM})({UNIT})(?:吗|么|不)?", text):  # “红笔（库存）够 4 盒吗”
        name = re.sub(r"的?(?:库存|存货)$", "", m[1])
        return [Order(name, number(m[2]), m[3], name)] if number(m[2]) and re.fullmatch(NAME, name) else None
    lead = re.match(LEAD, text)
    core = text[lead.end() :]
    core = core[: re.search(rf"(?:{ASK})*$", core).start()]  # 问库存、价钱的词
    left = "剩" in text[lead.end() + len(core) :]  # “还剩多少”：只在问一种商品有多少时认（买了以后还剩几盒：不认）
    if not core:
        return [] if text and not left else None
    found = []
    if re.fullmatch(rf"{ORDER}(?:(?:{JOIN})?{ORDER})*", core):
        found = [Order(m[3], number(m[1]), m[2].rstrip("的"), m[3]) for m in re.finditer(ORDER, core)]
    elif re.fullmatch(rf"{FIRST}(?:(?:{JOIN})?{FIRST})*", core):
        found = [Order(m[1], number(m[2]), m[3], m[1]) for m in re.finditer(FIRST, core)]
    elif m := re.fullmatch(EACH, core):
        found = [Order(n, number(m[2]), m[3], n) for n in re.split(JOIN, m[1])]
    elif m := re.fullmatch(rf"({NUM})({UNIT})", core):  # 只说了数量：“要是 2 盒呢”
        found = [Order("", number(m[1]), m[2])]
    if len(found) == 1 and found[0].quantity == 1 and re.search("多少钱|单价|价格", text):  # “红笔一盒多少钱”
        return [Order(found[0].item, asked=found[0].item)]
    if found:  # 读不出的数（零、十二三）：看不准
        return found if all(o.quantity for o in found) and not left else None
    verb = re.search("想|要(?!是)|买|订", lead[0])  # “我想知道单价”“要花多少钱”：说的不是商品
    asked = core != text[lead.end() :] or "那" in lead[0]  # 后面问了库存、价钱，或者“那蓝笔呢”
    if re.fullmatch(rf"(?:{NAME})(?:(?:{JOIN})(?:{NAME}))*", core) and asked and not verb:
        return [Order(n, asked=n) for n in re.split(JOIN, core)]  # 只说了商品：“那蓝笔呢”“红笔还有多少”
    return None


def order_in_en(q: str) -> list | None:
    """英文的一小句，同 order_in()。"""
    if re.fullmatch(EN_ASK, q):
        return []
    if m := re.fullmatch(rf"{EN_AMOUNT}|{EN_LEAD}({EN_NUM}) ({w.EN_UNITS})", q):  # “what about 2 boxes”“I need 1 box”
        said, unit = (m[1], m[2]) if m[1] else (m[3], m[4])
        return [Order("", number(said), unit or "")] if number(said) else None
    enough = rf"(?:do you have|do we have|is there|are there) enough ({EN_NAME}) for ({EN_NUM}) ({w.EN_UNITS})"
    if m := re.fullmatch(enough, q):  # “Do you have enough blue pens for 4 boxes”
        return [english_item(m[1], number(m[2]), m[3])] if number(m[2]) and not not_an_item(m[1]) else None
    gloss = rf" [(（]({NAME})[)）]"  # “5 erasers (橡皮)”：括号里是用户给的中文名（“(明天要)”不是）
    if m := re.fullmatch(rf"{EN_LEAD}({EN_NUM}) (?:({w.EN_UNITS}) of )?({EN_NAME}){gloss}{EN_END}", q):
        return [Order(m[4], number(m[1]), m[2] or "", m[3])] if number(m[1]) else None
    if m := re.fullmatch(rf"{EN_LEAD}({EN_ORDER}(?:(?:,? and |, | plus ){EN_ORDER})*){EN_END}", q):
        found = [english_item(o[3], number(o[1]), o[2] or "") for o in re.finditer(EN_ORDER, m[1])]
        return found if all(o.quantity and not not_an_item(o.asked) for o in found) else None
    bare = re.sub(r"^(?:and|also|so|then) (?=how|what|do|is|are)", "", q)  # “…, and how many blue pens are left”
    item = next((m for pattern in EN_ITEM for t in (q, bare) if (m := re.fullmatch(pattern, t))), None)
    return [english_item(item[1], None, "")] if item and not not_an_item(item[1]) else None


def not_an_item(asked: str) -> bool:
    """英文里说的不是一种商品：只有颜色（“3 red and …”“and blue?”），或者以量词结尾（“blue pen box”“5 boxes”）。"""
    return bool(re.fullmatch(w.COLOUR, asked) or re.search(rf"\b(?:{w.EN_UNITS})$", asked))


def english_item(asked: str, quantity, unit: str) -> Order:
    """英文的商品名：red pens 是 红笔（每个词都认得才翻译），别的用单数（staplers → stapler）。"""
    parts = [p.removesuffix("s") for p in asked.split()]
    known = all(p in w.EN_GOODS for p in parts) and not re.fullmatch(w.COLOUR, parts[-1])
    return Order("".join(w.EN_GOODS[p] for p in parts) if known else singular(asked), quantity, unit, asked)


def number(said: str) -> int | None:
    """3、三、两百五、three、a（a box of）。"""
    if said.isdecimal():
        return int(said)
    return EN_NUMBERS.get(said) or (1 if said in ("a", "an") else chinese_number(said))


def order_of(clauses: list) -> tuple:
    """几小句合成一个订单：(要的商品, 没听懂的那一句)。同一种说了两次、一句只说了数量却有几种商品、数量是 0，
    都分不清要多少：没听懂的就是整个问题。“黑笔呢？要 3 盒”：只说了商品的和只说了数量的合在一起。"""
    names = []
    for clause in clauses:
        if (got := order_in(clause)) is None:
            return [], clause
        names += got
    amounts, items = [o for o in names if not o.item], [o for o in names if o.item and o.quantity is None]
    counted = [o for o in names if o.item and o.quantity is not None]
    whole = "，".join(clauses)[:80]
    if len(amounts) > 1 or amounts and (counted or len(items) > 1) or any(o.quantity == 0 for o in names):
        return [], whole
    if amounts and items:
        counted, items, amounts = [replace(items[0], quantity=amounts[0].quantity, unit=amounts[0].unit)], [], []
    names = counted + items + amounts
    return ([], whole) if len({o.item for o in names}) < len(names) else (names, "")


def carried(names: list, previous: list, question: str) -> tuple:
    """接着上一个库存问题问的：只问了（“单价是多少？”）用上一个问题的商品，问的是库存、单价就不带数量；只说了数量
    （“要是 2 盒呢？”）换上新的数量；只说了商品（“那蓝笔呢？”），上一个问题要的都是同一个数量，就沿用它。
    返回 (商品, 沿用了什么：items、quantity、both 或 "", 沿用的是哪一条)；分不清是 None。"""
    q = question.lower()
    if not previous:
        return [o for o in names if o.item], "", None
    if not names:
        kept = [o if not re.search(w.NOT_CARRIED, q) else replace(o, quantity=None, unit="") for o in previous]
        return kept, "both" if all(o.quantity for o in kept) else "items", None  # “一共多少钱？”：数量也是前面的
    if len(names) == 1 and not names[0].item:  # 上一个问题有几种：新的数量是哪一种的、是每种的还是一共的，分不清
        new = replace(previous[0], quantity=names[0].quantity, unit=names[0].unit)
        return ([new], "items", None) if len(previous) == 1 else None
    amounts = {(o.quantity, o.unit) for o in previous if o.quantity}
    asked = re.search(rf"{w.NOT_CARRIED}|库存|价|\b(?:stock|prices?|costs?)\b", q)  # 问的是库存、单价
    asked = asked and not re.search(w.SUM, q)  # “价格一共多少”：是总价
    follow = re.search(w.FOLLOW_UP, q) and not asked
    if follow and len(amounts) == 1 and all(o.quantity is None for o in names) and all(o.quantity for o in previous):
        (quantity, unit), source = amounts.pop(), previous[0]
        return [replace(o, quantity=quantity, unit=unit) for o in names], "quantity", source
    return names, "", None


NEEDS = (  # 别的一句里说了要什么（“The test team needs the same”“每个分支一份”）：可能改了订单
    r"要|需要|同样|一样|也是|每(?!个?文件|一?行)|各"
    r"|\b(?:need|needs|want|wants|same|ones?|those|them|too|each|every|also|as well)\b"
)


def said_number(text: str) -> bool:
    """问题里说了一个数（“是 4 盒”“make it 4”“改成三盒”）。"""
    return bool(re.search(rf"\d|(?:{NUM})\s*(?:{UNIT})|\b(?:{'|'.join(EN_NUMBERS)})\b", text.lower()))


def singular(words: str) -> str:
    """staplers → stapler，boxes → box，batteries → battery（只看最后一个词的词尾）。"""
    if words.endswith("ies"):
        return words[:-3] + "y"
    return words[:-2] if re.search(r"(ss|sh|ch|x)es$", words) else re.sub(r"(?<=[^s])s$", "", words)
