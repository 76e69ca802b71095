"""离线演示听懂库存问题里的商品和数量：“3 盒红笔和 2 盒蓝笔”“红笔和蓝笔各 2 盒”“3 boxes of red pens”。
看不准的数量（2.5、1,000、3 到 5、一种商品说了两个数量、落不到商品上的数量）不拿它算，照原话记下，回答时说出来。"""

import re
from dataclasses import dataclass, replace

from support.demo.goods import (
    AND,
    GLUED,
    WORD,
    also_named,
    bracketed,
    item_after,
    name_near,
    not_goods,
    numbered,
    numbers_first,
    part_of_another,
    side_by_side,
    torn,
)
from support.demo.numbers import (
    ASKED,
    EN_NUMBER,
    EN_NUMBERS,
    NUMBER,
    PRICED,
    REPORTED,
    chinese_number,
    english,
    one_for_a,
    quantity_in,
    rough,
    unit_price,
)
from support.demo.words import (
    AROUND,
    BARE_ASK,
    CJK,
    COLOUR,
    EN_BOXES,
    EN_GOODS,
    EN_NOT_ITEMS,
    EN_PRONOUNS,
    EN_STOP,
    EN_UNITS,
    GOODS,
    LATER,
    NOT_GOODS,
    NOT_ITEMS,
    NOT_ORDERED,
    OF_UNITS,
    ONE_PRICE,
    OWNED,
    PERSON,
    SCALED,
    STOCK_WORDS,
    THE_ONE,
    UNIT,
    UNITS,
    WHEN,
)

RECORD = r"记录|数据|表|信息|文件|截图|内容|(?i:json)"  # “我复制的库存记录”：说的是谁做的一份记录，不是问库存
WHO = r"(?<![给帮让替叫])(?:我|你|他|她|同事|别人)(?!们)(?:刚才?|刚刚)?"  # “给我蓝笔的库存表”的我不是做事的人
LATIN_AFTER = rf"\s*的?\s*(?!(?:{EN_UNITS})\b)([A-Za-z][A-Za-z -]{{1,40}})"  # “3 个 stapler”；“3 cups”的 cups 是量词
LATIN_BEFORE = r"(?<![A-Za-z])(?!(?:need|want|buy|get|have|json)\b)([a-z]{3,20})\s*(?:改成|换成|要|来)?\s*$"
EACH = r"(?:各|每一?[样种](?:颜色)?都?)(?:要|买|来|需要|订)?"  # 几种商品各要几盒


@dataclass(frozen=True)
class Order:
    item: str  # 库存文件名里的商品名
    quantity: int | None = None  # 没说、看不准是 None
    unit: str = ""
    asked: str = ""  # 用户的说法（英文问题里的 red pens）
    unclear: str = ""  # 说了、却看不准的数量（2.5 盒）：照原话说出来


def orders_in(text: str) -> list:
    """“3 盒红笔和 2 盒蓝笔”“红笔 2 盒”“红笔和蓝笔各 2 盒” → [红笔 2 盒, …]；没说数量的商品数量是 None。
    最多看前 20 个数量；一个数量落不到一种商品上、一种商品说了两个数量，就都看不准（照原话问）。"""
    text = numbered(re.sub(ONE_PRICE, lambda m: unit_price(text, m), text))  # “多少钱一盒”问的是单价；5 号电池
    text = re.sub(rf"{WHO}{CJK}{{1,2}}的\s*(?=库存\s*(?:{RECORD}))", "", text)  # “我复制的库存记录”：做的事不是商品
    if english(text):
        return english_orders(text)
    orders, bare, start = [], [], 0
    found = quantities(text)
    if both := torn(text, found):  # “红笔要3盒蓝笔也要”：3 盒是哪一种的，照原话问
        return [Order(n, asked=n, unclear=both[1]) for n in both[0]]
    first = numbers_first(text, found)
    for m in found:
        said, unit, segment = m[1].strip(), re.sub(r"\s*of$", "", m[2]), text[start : m.start()]  # 上一个数量之后
        after = item_after(text, m)
        each = each_of(segment)  # 红笔和蓝笔各（每样）2 盒
        before = "" if each else name_near(segment, False)  # 红笔 2 盒
        last = after and not first and m is found[-1]  # “红笔 3 盒 笔记本 2 本 蓝笔”：最后的蓝笔也说了
        listed = side_by_side(each[1]) if each else []
        listed = listed or (re.split(AND, after[1]) if after and (first or not before or last) else [])
        counted = after and re.match(PERSON, after[1])  # “办公室有 8 个同事”：数的是人，前面的不是商品
        named = [n for n in (name_near(i, True, True) for i in listed) if n] or [before] * bool(before and not counted)
        named = [before, *named] if last and before not in named else named
        latin = None if named or each else re.match(LATIN_AFTER, text[m.end() :]) or re.search(LATIN_BEFORE, segment)
        english_item = re.sub(EN_STOP, "", f" {latin[1].lower()} ").strip() if latin else ""  # 3 个 stapler
        named = [chinese_name(english_item)] if english_item else named  # 3 盒 red pens：红笔
        owned, quantity, loose = re.search(OWNED, segment, re.I), None if m[3] else chinese_number(said), rough(text, m)
        owned = owned or re.search(REPORTED, segment) and not re.match(ASKED, text[m.end() :])  # 说库存：“还剩 5 盒”
        unclear = loose or ("" if quantity or owned else f"{said} {unit}{m[3] or ''}")
        quantity, unit = (None, "") if owned else (None if loose else quantity, unit)  # 说的是库存：不是要的
        wanted = [Order(n, quantity, unit, english_item or n, unclear) for n in named]  # erasers
        orders += wanted if each else wanted[:1] + [Order(n, asked=n) for n in named[1:]]  # 3 盒红笔和蓝笔
        between = before and not first and m is not found[0]  # “红笔 3 盒 蓝笔 铅笔 2 支”：两个数量中间的蓝笔
        orders += [Order(n, asked=n) for n in also_named(segment, before)] if between else []
        noun = re.match(rf"\s*(?!{AROUND}|{LATER})({CJK}(?:(?!每){CJK}){{0,5}})", text[m.end() :])  # “5 个人”数的是别的
        if not (wanted or owned) and noun:
            quantity, unclear = None, f"{said} {unit}{noun[1]}"
        people = noun and re.match(NOT_ITEMS, noun[1])  # “给 3 个老师买”“2 张优惠券”：不是商品（每人几盒在 MULTIPLIED）
        bare += [] if wanted or owned or people else [Order("", quantity, unit, "", unclear)]
        start = m.end() + (after.end() if after and listed and not each else 0)
    rest = re.sub(rf"({NUMBER})\s*(?:{UNIT})半?", " ", text)  # 说了数量的上面算过了
    bare += no_unit(rest)
    extra = [o for o in unmeasured(rest) if not part_of_another(o.item, orders, text)]
    orders = (orders + extra) or named_elsewhere(text, rest, bare)
    orders += mixed_items(text, orders)
    orders = [o for o in orders if len(o.item) > 1 and o.item.strip(UNITS)]  # “盒”不是商品名
    return scaled(settled(orders, bare), text)


def quantities(text: str) -> list:
    """中文问题里带量词的数量（最多 20 个）：“5元一盒”的一盒是单价，“另一个仓库”不是数量；“橡皮 3 块”的块跟在
    商品名后面，是量词（“我有 30 块”“5 块钱”是钱）。"""
    kuai = r"块(?=\s*(?:[，,、。？?！!；;]|够|$))"
    found = re.finditer(rf"({NUMBER})\s*((?:{EN_UNITS})\s+of\b|of(?=\s*{CJK})|{UNIT}|{kuai})(半)?", text)
    found = [m for m in list(found)[:20] if not re.search(PRICED, text[max(0, m.start() - 12) : m.start()])]
    found = [m for m in found if m[1].strip() != "一" or not re.search(r"[另这那哪]\s*$", text[: m.start()])]  # 另一个
    return [
        m for m in found if m[2] != "块" or re.match(UNIT, text[m.start(2) :]) or name_near(text[: m.start()], False)
    ]


def each_of(segment: str) -> re.Match | None:
    """数量前面说“各”的几种商品（“红笔和蓝笔各 2 盒”“每样”）；“2 个同事各买”说的是每人几盒（MULTIPLIED），不是。"""
    each = re.search(rf"((?:{WORD}(?:\s*{AND}\s*|\s+))*{WORD})\s*{EACH}\s*$", segment)
    return None if each and re.match(PERSON, each[1]) else each


def no_unit(rest: str) -> list:
    """没有量词的数（“30 黑笔”）：不猜，照原话问；“蓝笔3够不够”“红笔要 4 呢”的数是前面那种的（unmeasured）。"""
    glued = r"(?<![A-Za-z\d.,])|(?<=[A-Za-z])(?=\d+\s)"  # A4纸的 4 是名字的一部分；“MP3 播放器”的 3 拿不准
    found = re.finditer(rf"(?:{glued})(\d+)\s*(?![元块角分钱号点%])({CJK}+)", rest)
    said = [m for m in found if not re.match(rf"(?:{NOT_ITEMS})|[呢吗吧啊呀嘛哦]+$", m[2])]
    return [Order("", unclear=f"{m[1]} {name_near(m[2], True) or m[2]}") for m in said]


def mixed_items(text: str, orders: list) -> list:
    """中英文夹着写的问题：另一种写法的商品也算（“2 staplers and 4 boxes of 铅笔”“one pack of 订书钉”），不悄悄丢掉。"""
    if not re.search(r"[A-Za-z]{3}", text) or not orders:
        return []
    found = [o for o in english_orders(text) if o.asked] + items_named(
        re.findall(rf"\b(?:of|about|and|is|the)\s+({CJK}{{2,12}})", text)
    )
    said, known = {x.item for x in orders if x.quantity or x.unclear}, {x.item for x in orders}
    found = [o for o in found if o.item not in known or o.item not in said and (o.quantity or o.unclear)]  # 带上数量
    return list({o.item: o for o in found}.values())


def named_elsewhere(text: str, rest: str, bare: list) -> list:
    """数量旁边没有商品名：商品在“有…吗”里（“有黑笔吗？我想要 2 盒”；“有优惠吗”不是商品）、“想买”后面，
    或者是英文问题里的中文名（“one pack of 订书钉”）。"""
    asked = [m[1] for m in re.finditer(rf"(?:有没有|还有|有)\s*({CJK}+?)\s*(?:吗|卖吗|[？?]|$)", rest)] if bare else []
    if found := items_named(asked):
        return found
    if (m := re.search(rf"(?:需要|想要|要买|买|订(?!书)|查)\s*({CJK}+)", text)) and (found := items_named([m[1]])):
        return found
    return items_named(re.findall(rf"{GLUED}{CJK}{{2,12}}", text)) if re.search(r"[A-Za-z]{3}", text) else []


def items_named(pieces: list) -> list:
    """几段中文里的商品名（去掉两边的词；不是商品名的不要）：“有黑笔吗”的黑笔、英文问题里夹着的“订书钉”。"""
    return [Order(n, asked=n) for c in pieces if (n := name_near(c, True))]


def unmeasured(rest: str) -> list:
    """没有带量词的数量的商品（数量都已经从 rest 里去掉了）：“红笔要4”“蓝笔库存”“红笔 3 盒和蓝笔”“还有几盒红笔”；
    “一些蓝笔”“几盒蓝笔”：要多少没说准，照原话问。"""
    vague = re.finditer(rf"(?<!还有)(?<!还剩)(一些|一点|若干|几\s*[{UNITS}])\s*({GLUED}{CJK}+)", rest)
    orders = [Order(i, asked=i, unclear=m[1]) for m in vague if (i := name_near(m[2], after=True))]
    vague = re.finditer(rf"({GLUED}{CJK}{{1,12}}?)\s*(?:要|来|买|需要)\s*(一些|一点|若干)", rest)  # “红笔要一些”
    orders += [Order(i, asked=i, unclear=m[2]) for m in vague if (i := name_near(m[1], after=False))]
    for m in re.finditer(
        rf"({GLUED}{CJK}{{1,12}})\s*(\d+)(?![\d.]|[A-Za-z]+{CJK}|[号点时]|\s*[{UNITS}元块])", rest
    ):  # “红笔要4”：没有量词的数，不猜
        said = re.search(r"(只有|只剩|有|是|为|等于|剩|了)$", m[1])  # “调用数只有 1”：说一个数，不是要的数量
        orders += [Order(i, asked=i, unclear=m[2]) for i in [name_near(m[1], after=False)] if i and not said]
    for m in re.finditer(rf"({GLUED}{CJK}{{1,12}}?)\s*的?\s*(?:{STOCK_WORDS})", rest):
        orders += [Order(i, asked=i) for p in re.split(AND, m[1]) if (i := name_near(p, after=False))]
    for m in re.finditer(rf"(?<![\w./-])([a-z]{{3,20}})\s*的?\s*(?:{STOCK_WORDS}|price|stock)", rest):  # stapler 单价
        orders += [Order(chinese_name(m[1].lower()), asked=m[1])] if m[1].lower() not in NOT_GOODS else []
    for m in re.finditer(
        rf"({GLUED}(?:(?!{AND}){CJK}){{1,12}})\s*{AND}\s*(?=({GLUED}(?:(?!{AND}){CJK}){{1,12}}))", rest
    ):  # “红笔 3 盒和蓝笔”：和连着的也是商品
        orders += [Order(i, asked=i) for i in (name_near(m[1], False), name_near(m[2], True)) if i]
    for m in re.finditer(rf"(?:还有|还剩|剩下?)\s*(?:多少|几)\s*(?:{UNIT})?\s*({GLUED}{CJK}+)", rest):  # “还有几盒红笔”
        orders += [Order(i, asked=i) for i in [name_near(m[1], after=True)] if i]
    return orders


def with_amount(orders: list, text: str) -> list:
    """只有一种商品、数量在别处（“red pens: 6?”）：这个数量是它的。"""
    amount = quantity_in(text) if len(orders) == 1 and not (orders[0].quantity or orders[0].unclear) else None
    return [replace(orders[0], quantity=amount[0], unit=amount[1], unclear=amount[2])] if amount else orders


def scaled(orders: list, text: str) -> list:
    """“红笔要翻倍”“half as many blue pens”：数量是上一个的几倍，不是一个数：照原话问。"""
    return [replace(o, quantity=None, unclear=s[0]) for o in orders] if (s := re.search(SCALED, text, re.I)) else orders


def settled(orders: list, bare: list) -> list:
    """每种商品一条。只说了数量的一处（“我要 1 盒”）给唯一没有数量的那种商品；同一种商品说了两个数量、数量落不到
    商品上，就分不清要多少：这些数量都照原话问（“我需要 4 盒红笔，另外再要 3 盒红笔”）。"""
    said = [o for o in orders if o.quantity or o.unclear]
    one = {o.item: o for o in reversed(orders)} | {o.item: o for o in reversed(said)}  # 说了数量的那一条优先
    open_ = [o for o in one.values() if o not in said]
    twice = len(said) > len({o.item for o in said})
    if len(bare) == 1 and len(open_) == 1 and not twice:
        one[open_[0].item] = replace(bare[0], item=open_[0].item, asked=open_[0].asked)
    elif bare or twice:
        quoted = " + ".join(o.unclear or f"{o.quantity} {o.unit}".strip() for o in said + bare)
        one = {i: replace(o, quantity=None, unclear=quoted) for i, o in one.items()}
    return [one[i] for i in dict.fromkeys(o.item for o in orders)]


def english_orders(text: str) -> list:
    """“3 boxes of red pens and two blue pens” → [红笔 3 boxes, 蓝笔 2]；商品名按词译成中文名，译不出就用原话。"""
    orders, bare = [], []
    q = one_for_a(re.sub(rf"\b((?:{COLOUR}) (?:{GOODS}))\s*[x×]\s*(\d+(?:\.\d+)?)\b", r"\2 \1", text.lower()))  # x3；a
    word = rf"(?!(?:and|plus|or) (?:{'|'.join(EN_NUMBERS)})\b)[a-z][a-z0-9]*(?:-[a-z0-9]+)*"  # 数量后面的词（t-shirts）
    name = rf"(?<=of ){CJK}{{2,12}}|[a-z\d][a-z\d-]{{0,11}}{CJK}{{1,12}}|[\"“]{CJK}{{2,12}}[\"”]"  # 中文名：A4纸
    name += rf"|[a-z][a-z0-9]*(?:-[a-z0-9]+)* ?(?:{word} ?){{0,2}}"  # 英文名：USB-C cables
    after = rf"(?:\s+(?:(?:({OF_UNITS})\s+)?of\s+)?({name})|(?=\s*[?.!,]|\s*$))"
    found = re.finditer(rf"(?<![\w.,/~-])({EN_NUMBER}){after}", q)
    for m in [m for m in list(found)[:20] if not re.search(WHEN, q[: m.start()])]:  # “by 5 pm”“in 2 days”：是时间
        words = re.sub(EN_STOP, "", (m[3] or "").strip('"“”')).strip().split()  # “if I need 12?”：数量后面没有词
        boxed = len(words) > 1 and re.fullmatch(EN_UNITS, words[-1]) and re.fullmatch(f"{GOODS}|{COLOUR}", words[-2])
        words = words[:-1] if boxed else words  # “one blue pen box”（test tubes 是商品）
        units = OF_UNITS if len(words) == 1 and re.search(r"\benough [a-z ]+ for\s*$", q[: m.start()]) else EN_BOXES
        unit = m[2] or (words.pop(0) if words and re.fullmatch(units, words[0]) else "")
        asked = " ".join(words[1:] if words[:1] == ["of"] else words)
        asked = re.sub(rf"^({COLOUR}) ones?$", r"\1", asked)  # “2 blue ones”：颜色，名词在别处
        if re.fullmatch(NOT_ORDERED, asked) or re.search(rf"\b(?:{EN_NOT_ITEMS})s?$", (m[3] or "").strip()):
            continue
        later = q[m.end() :]  # 后面“blue pens”的名词、下一个数量之前的名词、前面说过的名词（“2 red plus 1 notebook”）
        shared = re.search(rf"\b(?:{COLOUR}) ({GOODS})\b", later) or re.match(rf"[^\d]*?\b({GOODS})\b", later)
        shared = shared or re.search(rf"\b({GOODS})\b", q[: m.start()])
        if re.fullmatch(COLOUR, asked) and shared:
            asked = f"{asked} {shared[1]}"  # “3 red and 2 blue pens”“3 boxes of blue pens and 3 of red”
        asking = m[1] in ("one", "1") and re.search(r"\b(what do(es)?|how much (is|does))\s*$", q[: m.start()])  # 单价
        orders += [Order(chinese_name(asked), asked=asked)] if asking and asked and not not_goods(asked) else []
        if m[1] == "one" and re.search(rf"\b({THE_ONE})\s*$", q[: m.start()]) or q[: m.start()].endswith("$") or asking:
            continue  # “is either one short?”“at $8 a box”：不是数量（“how much does one pack of staples cost”问单价）
        owned, loose = re.search(OWNED, q[: m.start()]), rough(q, m)  # “at least 6”“2 dozen”“2 more”：看不准
        quantity = None if owned or loose else EN_NUMBERS.get(m[1]) or chinese_number(m[1])
        unclear = loose or ("" if quantity or owned else f"{m[1]} {unit or asked}")
        named = bracketed(q[m.end() :], text)  # “2 erasers (橡皮)”：用户给的中文名；“2 USB-C线”照原话的大小写
        named = named or (re.search(re.escape(asked), text, re.I)[0] if re.search(CJK, asked) else "")
        if asked and asked.split()[0] not in EN_PRONOUNS:  # “2 of them urgent”：说的是前面的商品
            orders.append(Order(named or chinese_name(asked), quantity, unit, asked, unclear))
        elif (unit or loose or asked or re.search(r"\b(need|want|take|buy|get)\s*$", q[: m.start()])) and not owned:
            bare.append(Order("", quantity, unit, "", unclear))  # “if I need 12”：只说了数量
        elif m[3] and not owned and not re.match(r"(each|apiece|per)\b", m[3]):  # “and 3 for tomorrow”：照原话问
            bare.append(Order("", None, unit, "", f"{m[1]} {m[3]}".strip()))
    for m in re.finditer(rf"\b((?:(?:{COLOUR})(?:,? and |, | or ))*)({COLOUR}) ({GOODS})\b", q):
        if re.search(r"\b(not|no|without|except)\s+$", q[: m.start()]):  # “but not blue pens”
            continue
        said = [f"{c} {m[3]}" for c in [*re.findall(COLOUR, m[1]), m[2]]]  # red and blue pens
        orders += [Order(chinese_name(a), asked=a) for a in said if all(o.asked != a for o in orders)]
    orders += plain_goods(q, orders)
    orders += asked_alone(q, orders)
    torn_en, named = between_names(q)  # “red pens 3 boxes blue pens 2 boxes”“notebooks 2, red pens 3”：照原话问
    orders = [*orders, *(Order(chinese_name(n), asked=n) for n in named if n not in {o.asked for o in orders})]
    orders, bare = ([replace(o, quantity=None, unclear=torn_en) for o in orders], []) if torn_en else (orders, bare)
    return scaled(settled(orders, bare), text)


def between_names(q: str) -> tuple:
    """商品名写在数量前面（“red pens 3 boxes blue pens 2 boxes”“notebooks 2, red pens 3”）：数量是前一种的还是后一种的
    说不准。返回 (说过的几个数量，照原话问, 写在数量前面的商品名)；不是这样是 ("", [])。"""
    verb = r"(?!(?:has|was|does|gets|needs|wants|costs|makes|takes|comes|holds|lasts|its|yes|this|thus|plus|less)\b)"
    first = re.finditer(rf"\b((?:(?:{COLOUR}) )?(?!(?:{EN_UNITS})\b){verb}[a-z]{{3,}}s)\s*[(:]?\s*\d+\b", q)
    first = [m for m in first if not not_goods(m[1]) and re.sub(EN_STOP, "", f" {m[1]} ").strip() == m[1]]
    first = first if len(re.findall(r"\b\d+\b", q)) > 1 else []  # “red pens: 6?”：只有一个数，是它的
    if not first and not re.search(
        rf"\b(?:{GOODS})\s+\d+\s+(?:(?:{EN_UNITS})\s+)?(?:(?:{COLOUR})\s+)?(?:{GOODS})\b", q
    ):
        return "", []
    said = " + ".join(m[0].strip() for m in re.finditer(rf"\b\d+(?:\s+(?:{EN_UNITS})\b)?", q))
    return said, [m[1] for m in first]


def asked_alone(q: str, orders: list) -> list:
    """没带数量问到的一种商品（“how much is a stapler?”“the price of markers (马克笔)”：括号里是用户给的中文名）；
    “the stock”“test files”不是商品（test tubes 是）。"""
    found = []
    asked = [m for m in re.finditer(BARE_ASK, q) if not orders or re.search(r"enough| and ", m[0])]  # A and B
    asks = [(m, g) for m in asked for g in m.groups() if g]
    for m, said in asks:
        named = re.search(rf"\b{re.escape(said)}\s*[（(]\s*({CJK}{{2,12}})\s*[)）]", q)
        stocked = " and " in m[0] and not re.fullmatch(EN_UNITS, said)  # “how many markers and folders are left”
        stop = re.sub(EN_STOP, "", said).strip() != said or not_goods(said) and not stocked
        found += [] if stop else [Order(named[1] if named else chinese_name(said), asked=said)]
    return found


def plain_goods(q: str, orders: list) -> list:
    """没带颜色的商品词（notebooks、pencils）挨着带颜色的（“notebooks and red pens”）：也是一种；red pens 的
    pens 自己不算（“the pens”说的是它们），说了不要的（“not notebooks”）不算。"""
    nouns = {singular(o.asked.split()[-1]) for o in orders if o.asked}
    listed = r"(?:\band|,|&|:|\bplus|\bwith|\balso|\bas well as)\s*$"  # 并列着说的：notebooks and red pens
    found = (
        m[1]
        for m in re.finditer(rf"\b({GOODS})\b", q)
        if (re.search(listed, q[: m.start()]) or re.match(r"\s*(?:and\b|,|&)", q[m.end() :]))
        and not re.search(
            rf"\b(?:{COLOUR}|not|no|without|(?<!do you )(?<!do we )have|had|got|instead of|rather than)\W*$",
            q[: m.start()],
        )
    )
    said = [singular(g) for g in found if singular(g) not in nouns]
    return [Order(chinese_name(g), asked=g) for g in dict.fromkeys(said)] if orders else []


def chinese_name(asked: str) -> str:
    """red pens → 红笔：每个词都认得才翻译，否则用原话（只说颜色 blue 不是商品名）。"""
    parts = [p.removesuffix("s") for p in asked.split()]  # pens → pen
    known = parts and all(p in EN_GOODS for p in parts) and not re.fullmatch(COLOUR, parts[-1])
    return "".join(EN_GOODS[p] for p in parts) if known else singular(asked)


def singular(words: str) -> str:
    """staplers → stapler，boxes → box，batteries → battery（只看最后一个词的词尾）。"""
    if words.endswith("ies"):
        return words[:-3] + "y"
    return words[:-2] if re.search(r"(ss|sh|ch|x)es$", words) else re.sub(r"(?<=[^s])s$", "", words)
