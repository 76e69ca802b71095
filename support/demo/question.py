"""离线演示听懂问题：按关键词（words.KINDS）认出每一小句问的是哪一类事（Part），中文、英文都行；认不出的照原话记着。
没认出类的一小句接着前一件事说（“技术栈？版本呢？”）；接着上一个问题问的 followup.py 再读；商品、数量 orders.py 听。"""

import re
from dataclasses import dataclass, field, replace

from support.demo import words as w
from support.demo.manifests import is_manifest, manifest_folder
from support.demo.names import (
    EXT,
    FILE,
    FOLDER,
    NAME,
    ext_of,
    files_in,
    folders_in,
    in_last_folder,
    library_names,
    names_of,
    paths_in,
    spread,
    unresolved,
)
from support.demo.numbers import english
from support.demo.orders import NEEDS, kind_said, stock_said
from support.demo.running import about_tests, runs_them
from support.demo.writing import CONTENT, QUOTED, runs, to_write, written

MAX_QUESTION = 1000  # 一个问题最多读这么多字符：这么长的问题也没有规则读得懂
BREAK = (  # 句子之间（“版本 + 测试怎么跑”的 + 也是）；“还有多少”“还有几盒”的还有不是“另外”
    r"[，。？！；]+|[,?!;]+|\.(?=\s|$)|\b(?:also|besides)\b(?=\s*,)|^also\b|(?:^|(?<=[，。？！；,\s]))(?:另外|还有(?!多少|几)|顺便|此外)"
    r"|\s\+\s(?=(?:what|how|which|where|is|are|does|do|can)\b|[\u4e00-\u9fff]{0,6}(?:怎么|哪|什么|多少|几))"
    r"|(?<!with)(?<!containing)(?<!内容)(?<!内容是)(?<!内容为)(?<!写入)(?<!写上)(?<!如下)(?:：|:(?=\s))"  # 内容不拆
)
PASTED = r"\{[^{}]*\"(?:stock|item|unit_price)\"[^{}]*\}"  # 贴在问题里的库存记录是数据（stock.py 读它），不是问题


@dataclass
class Part:
    """问题里的一件事：哪一类，和这一类要的细节。"""

    kind: str
    text: str
    names: list = field(default_factory=list)  # 库名、文件名；库存问题是 Order
    folder: str = "."  # 在哪个目录里（搜、列、数行数）
    ext: str = ""  # 数行数：哪种文件（没说是 ""：数 .py，回答里说出来）
    content: str | None = None  # 建文件：写进去的内容
    run: bool = False  # 建文件：建好以后运行它
    asks: set = field(default_factory=set)  # 还问了什么（ASKS 里的名字）：怎么运行、加起来……
    carried: str = ""  # 从上一个问题沿用了什么（回答里说出来）：items、quantity、also
    carried_from: object = None  # 沿用的数量是哪一条（Order）
    skipped: list = field(default_factory=list)  # 超过 MAX_NAMES 没有做的目录、文件（回答里说出来）
    near: str = ""  # 只说了文件名（读、数行数）：前面说到的目录，文件可能在那里（计划按列出的结果定，定不了就两处都试）


@dataclass
class Ask:
    parts: list
    unknown: list  # 没认出的小句（原话）
    en: bool
    fresh: bool = False  # 要重新读（“重新读一下”“read it again”）：以前读到的不算
    items: list = field(default_factory=list)  # 这次对话到这里问过的商品（Order），每种一条


def understand(question: str, stock_before: bool = False) -> Ask:
    """一个问题 → Ask（接着上一个问题的，followup.py 再读一遍；stock_before：上一个问题问的是库存）。"""
    parts, unknown = [], [question[MAX_QUESTION:][:40] + "…"] if len(question) > MAX_QUESTION else []  # 太长的不读
    stock, question = in_stock(re.sub(PASTED, " ", question[:MAX_QUESTION]), stock_before)
    for clause in clauses(question):
        refused = re.search(w.KIND["none"], clause.lower())  # 认得、却不做的事（“依赖有没有过时的？”）
        part = (parts and elsewhere(parts[-1], clause)) or part_of(clause)
        if part and parts and runs_them(part, clause) and about_tests(parts[-1]):  # “测试文件有哪些？怎么跑？”
            parts += [] if parts[-1].kind == "tests" else [Part("tests", clause)]  # “测试用的什么框架？怎么运行？”
            parts[-1].asks.add("how")
            continue
        if part and parts and (file := about_file(part, clause, parts[-1])):  # “打开 src/util.js。它是做什么的？”
            parts[-1] = file
            continue
        excluded = re.search(w.EXCEPT, clause.lower())  # “…, without jest”：不是添上的细节
        more = None if part or refused or excluded or w.filler(clause) or not parts else continued(parts[-1], clause)
        steps = None if folders_in(clause) else re.search(w.OTHER_STEPS, re.sub(FILE, " ", clause))  # build/ 是目录
        more = None if more and more.kind in ("entry", "tests") and steps else more  # “入口在哪？怎么编译”：不是运行
        twin = next((i for i, p in enumerate(parts) if part and same_thing(p, part)), len(parts) - 1)
        done = part or more
        if part and twin >= 0 and same_thing(parts[twin], part) or more:  # “技术栈？入口？jest 是哪个版本？”：一件事
            parts[twin] = merged(parts[twin], done)  # “技术栈？版本呢？”“怎么运行？”“and also Jest”
            # 还问了别的（“哪个测试最慢”“how long do they take”）：说没做；建文件的另有“运行两次”
            unknown += [clause[:80]] * bool(done.kind != "create" and leftover(clause, done))
        elif part:
            parts.append(part)
        elif not w.filler(clause) and (refused or not on_topic(parts, clause)):
            unknown.append(clause[:80])
        if part and (rest := unasked(clause, part)):  # “技术栈和开源协议是什么”
            unknown.append(rest[:80])
        # “入口在哪？怎么编译”：编译的那一步没有说；建好文件以后“运行两次”：只运行一次
        unknown += [steps[0]] if done and done.kind in ("tests", "entry") and steps else []
        unknown += [again[0]] if done and done.run and (again := re.search(w.REPEAT, clause.lower())) else []
        if part and part.kind == "create" and len([n for n in paths_in(clause) if n.endswith(".py")]) > 1:
            unknown.append(clause[:80])  # “创建 a.py 和 b.py，都写入 …”：只建了第一个，照原话说
        if more and more.run and re.search(r"都|全部|\b(both|all|each)\b", clause.lower()):  # “然后都运行”
            parts = [replace(p, run=p.run or p.kind == "create") for p in parts]
    parts = [filled_in(part, parts[:i], question) for i, part in enumerate(parts)]
    counted = [(p.kind, p.folder, p.ext, p.names) if p.kind in ("count", "ls") else i for i, p in enumerate(parts)]
    parts = [p for i, p in enumerate(parts) if counted[i] not in counted[:i]]  # 补全以后数的、列的是同一些文件：做一次
    unknown, parts = unknown + [p.text[:80] for p in parts if unresolved(p)], [p for p in parts if not unresolved(p)]
    needs = (p.text for p in parts if re.search(NEEDS, p.text.lower()))  # “The test team needs the same”
    if stock and (said := next(iter(unknown), None) or next(needs, None)):  # 还有没听懂、说了要什么的一句：订单不算
        stock, unknown = replace(stock, names=[], asks={"unsure"}, content=said), [u for u in unknown if u != said]
    parts = [stock] * bool(stock) + [one for part in parts for one in spread(part)]
    text = f"{stock.text}。{question}" if stock else question
    return Ask(parts, list(dict.fromkeys(unknown)), english(text), bool(re.search(w.FRESH, text.lower())))  # 重新读


def in_stock(question: str, stock_before: bool) -> tuple:
    """库存问题的那几小句（orders.stock_said）成一件事；返回 (这件事或 None, 别的小句，照旧听)。"""
    text, names, unsure, rest = stock_said(question, stock_before) or ("", [], "", question)
    asks = {"unsure"} if unsure else {a for c in text.split("，") for a in w.asks_of("inventory", c.lower())}
    return Part("inventory", text, names, asks=asks, content=unsure or None) if text else None, rest


def filled_in(part: Part, before: list, question: str) -> Part:
    """细节在同一个问题的别的小句里：“data.csv 里写了什么？一共有多少行？”数的是那个文件。"""
    if part.kind == "tests" and any(p.kind == "entry" and "how" in p.asks for p in before):  # “run it and its tests”
        part = replace(part, asks=part.asks | {"how"})
    inside = folders_in(part.text) if part.kind == "file" and all("/" not in n for n in part.names) else []
    negated = lambda f: re.search(rf"(?:\bnot\b|(?<!是)不是(?!很))[^,，。]{{0,15}}{re.escape(f)}(?![\w/])", part.text)  # noqa: E731
    inside = [f for f in inside if f not in part.names and not negated(f)]  # “store.js 里”：store.js 不是目录
    if len(inside) == 1:  # “the cli.py file in src/tally”“src/tally 里的 cli.py”：那个目录里的文件
        return replace(part, names=[f"{inside[0]}/{n}" for n in part.names])
    if part.names and before:  # “src/components 里有几个文件，TodoList.tsx 多少行”：是那个目录里的
        return in_last_folder(part, before[-1])
    here = re.search(r"当前|这个|顶层|\b(this|current|here|top)\b", part.text)  # 说了是顶层
    if part.kind == "ls" and before and before[-1].folder != "." and not here and not folders_in(part.text):
        return replace(part, folder=before[-1].folder)  # “tests 里有什么，一共几个文件？”：还是 tests
    every = part.kind == "count" and not (part.ext or part.names) and re.search(w.EVERY_FILE, part.text, re.I)
    if every and part.folder != ".":  # “src 下每个文件多少行”：不只一种文件，数列出来的每个文件
        return replace(part, ext="*")
    if part.kind != "count" or part.names or folders_in(part.text):
        return part
    named = next((p for p in reversed(before) if p.kind == "file" and "README" not in p.names or p.folder != "."
                  or p.kind == "tests"), None)  # fmt: skip
    if named and named.kind == "file" and not re.search(EXT, part.text, re.I):
        return replace(part, folder=named.names[0], names=named.names, ext=named.names[0].rsplit(".", 1)[-1].lower())
    if named and named.kind != "file":  # 测试文件各有几行：数列出来的那些（“*”，不知道是哪种文件）
        return replace(part, folder=named.folder, ext=part.ext or named.ext or "*" * (named.kind == "tests"))
    return replace(part, folder=next(iter(folders_in(question)), "."), ext=part.ext or ext_of(question))  # 前一句里的


def clauses(question: str) -> list:
    """按句拆开，再拆一句里连着问的几件事；引号里的不拆（print("a, b")），2.5、1,000、.py、e.g. 也不拆。"""
    out, start = [], 0
    text = re.sub(r"\b(e\.g|i\.e|etc)\.", r"\1", question, flags=re.I)
    code = written(text)
    names = rf"{NAME}(?:\s*,\s*{NAME})+,?\s+and\s+{NAME}"  # “in src, lib and tests”：一串名字不拆
    for m in re.finditer(rf"{QUOTED}|\([^()\n]*\)|{names}|(?P<sep>{BREAK})", text, flags=re.I):  # 括号里的也不拆
        digits = 0 < m.start() and m.end() < len(text) and text[m.start() - 1].isdigit() and text[m.end()].isdigit()
        if m["sep"] is not None and not digits and not code[0] <= m.start() < code[1]:
            out.append(text[start : m.start()])
            start = m.end()
    leading = r"^(?:(?:and|also|so|then|but|plus)\b|而且|并且|然后|那么)[\s,，]*"
    found = [re.sub(leading, "", c.strip(), flags=re.I).strip() for c in [*out, text[start:]]]
    return [piece for clause in found if clause for piece in pieces(clause)]


def pieces(clause: str) -> list:
    """“并且”“and what…”前后拆开；“和”“and”两边是不同的两类事才拆（“技术栈和入口文件”）。最多拆 8 次。"""
    out = []
    for _ in range(8 if len(clause) <= 300 else 0):  # 几件事连在一句里的，不会有几百个字：更长的整句算一件
        quoted = [range(q.start(), q.end()) for q in re.finditer(QUOTED, clause)]
        for m in list(re.finditer(w.JOINS, clause, re.I))[:8]:
            left, after = part_of(clause[: m.start()].strip()), clause[m.end() :].strip()
            right = part_of(after) or (kind_said(after) == "inventory" and Part("inventory", after))  # “技术栈和价格”
            other = left and right and not same_thing(left, right) and not re.fullmatch(r"[\w./-]+", after, re.A)
            folder = re.match(r"(?:in|inside|under)\s|在", after, re.I) and right and right.kind in ("tests", "ls")
            other = other and not folder  # “used in src and in tests”：后面只是另一个目录
            if after and not any(m.start() in q for q in quoted) and (m["strong"] and (left or right) or other):
                out, clause = [*out, clause[: m.start()].strip()], after
                break
        else:
            break
    lead = re.match(w.HOW_LEAD, out[0] if out else "", re.I)  # “How do I start it and run the tests”：后一半也问怎么做
    return [*out[:1], *(lead[0] + p if lead and re.match(w.VERB, p, re.I) else p for p in [*out[1:], clause])]


def about_file(part: Part, clause: str, last: Part) -> Part | None:
    """前面说的是一个文件，这一句问“它是做什么的”：问的是那个文件（引它的内容），不是整个项目。"""
    it = re.search(r"\b(it|this|that)\b|它|这个文件|该文件|^\s*(是|用来)", clause.lower())  # “X 有几行，是干什么的”
    whole = re.search(r"\b(project|repo|repository|app|codebase)\b|项目|仓库", clause.lower())
    if part.kind == "about" and last.kind in ("file", "count") and len(last.names) == 1 and it and not whole:
        return Part("file", clause, last.names, asks=last.asks | {"purpose"})  # “X 有几行，是干什么的”：也是 X
    return None


def part_of(clause: str) -> Part | None:
    """这一小句是哪一类事；这一类要的细节没有（use 没有库名、file 没有文件名），就不是这一类。"""
    q, made = clause.lower(), re.search(FILE, clause)
    name = made and (made[1] or made[2])
    first = made and re.match(r"\s*(with|containing|写入|内容是|里面写)", q[made.end() :])  # “… and b.py with print(2)”
    if name and (re.search(w.MAKE, q[: made.start()]) or first):  # “创建 hello.py”；别的文件不建，照原话说没做
        return create_part(clause, name) if name.endswith(".py") else None
    q = re.sub(FILE, " ", q)  # 文件名里的词（stock/红笔.json）不算关键词
    tests = re.search(w.TEST_OBJECT, q) and not re.search(r"入口|\bentry\b", q)  # “测试在本地怎么跑”：不是入口
    for kind, pattern in w.KINDS:
        hit = re.search(pattern, q) if kind != "entry" or not tests else None
        if hit and kind == "inventory":  # in_stock() 拿走了的：这句没听懂，不当成别的一类
            return None
        if hit and (kind == "none" or (part := detailed(Part(kind, clause)))):
            if kind == "tests" and name:  # “tests/test_index.js 测的是什么”：问的是这个文件；“cli.py 的测试在哪”不是
                return detailed(Part("file", clause)) if re.search(w.TEST_FILE, name, re.I) else None
            return None if kind == "none" else part
    return None


def detailed(part: Part) -> Part | None:
    """给认出的一类添上细节；缺了这一类要的细节就返回 None。"""
    text, q = part.text, part.text.lower()
    named = paths_in(text)
    foldered = ("use", "stack", "ls", "count", "tests", "entry", "branch")  # 入口、分支：只在顶层看，回答里说
    part.folder = next(iter(folders_in(text)), ".") if part.kind in foldered else "."
    if part.kind == "use" and re.search(r"\b(does|do|did)\s+[\w./ -]{1,40}?\s+use\s*[?？.!]*$", q):
        return None  # “what base image does the Dockerfile use?”：问的是用了哪一个，不是某个名字用没用到
    if part.kind == "use":
        files = [n for n in files_in(text) if not is_manifest(n)]  # “or in package.json?”
        files = files or ["README.md"] * bool(re.search(r"\breadme\b", q) and not re.search(r"readme\.\w", q))
        part.names = [n for n in library_names(text) if n.lower() != part.folder.lower() and n not in files]
        if files and not part.names or all(re.search(w.SOURCE_FILE, n) for n in part.names or ["."]):  # 问的是文件
            return None
        part.folder = files[0] if part.folder == "." and files else part.folder  # “Does src/index.js use lodash?”
        searched = re.search(r"搜|提到|\b(search|grep|mention\w*)\b", q)  # “搜一下有没有提到 Rust”：照字搜
        libraries = [n for n in part.names if n.lower() not in w.LANGUAGE_NAMES]  # “Python 代码里用到 requests 了吗”
        if len(libraries) < len(part.names) and not searched:  # 还说了库名：查库；只说了语言：技术栈里答
            typed = [n for n in part.names if n.lower() == "typescript"]  # TypeScript 也是 package.json 里的一个包
            stack = replace(part, kind="stack", names=typed, asks={"language"})
            return replace(part, names=libraries) if libraries else stack
    part.folder = manifest_folder(files_in(text)) if part.kind == "stack" and part.folder == "." else part.folder
    if part.kind == "stack" and (files := [n for n in files_in(text) if not is_manifest(n)]):
        return replace(part, kind="file", names=files, asks={"value"})  # “Dockerfile 里用的是哪个 Python 版本”：读它
    if part.kind == "stack":  # “which version of React”“express是哪个版本”：问了版本的库，技术栈里没有就说没看到
        said = " ".join(name for pattern in w.VERSION_OF for name in re.findall(pattern, text, re.I))
        part.names = [n for n in library_names(said) if n.lower() not in w.LANGUAGE_NAMES | {part.folder.lower()}]
    if part.kind == "about" and (named or folders_in(text) or re.search(w.NOT_PROJECT, q)):
        return None  # “src 目录是干什么的”“这个函数是做什么的”：问的不是整个项目
    ran = named and re.search(r"(运行|执行|跑)(一下)?\s*$|\b(run|execute)\s+$", text[: text.find(named[0])])
    if part.kind in ("file", "entry") and ran:
        return None  # “运行 scripts/clean.py 看看输出”“How do I run tools/gen.py?”：要的是运行它，不是读它、不是入口
    if part.kind == "file":
        part.names = named or ["README"] * bool(re.search(r"\breadme\b", q))  # “README 里写了什么”
    if part.kind == "count" and named:  # “src/index.js 有多少行”：数这个文件（几个文件就是几件事）
        part.folder, part.names, part.ext = named[0], named, named[0].rsplit(".", 1)[-1].lower()
    elif part.kind in ("ls", "count"):
        part.ext = ext_of(text)
    part.asks = w.asks_of(part.kind, q)
    if part.kind == "count" and not named and part.folder == "." and re.search(r"测试|\btests?\b", q):
        part.asks.add("tests")  # “测试文件有几行”：接着列出的测试文件数；不然不知道是哪些文件（followup.py）
    return None if part.kind in ("use", "file") and not part.names else part


def elsewhere(part: Part, clause: str) -> Part | None:
    """只说了另一个目录（“还有 tests 下的”“and in src?”“那 src 呢？”）：同一件事，在那个目录里再做一次。"""
    said = re.findall(r"[A-Za-z0-9_.~][\w./~-]*", clause, re.A) if re.search(w.FOLLOW_UP, clause.lower()) else []
    folders = folders_in(clause) or [f for f in said[:1] if part.kind in ("ls", "count", "tests") or f in w.SUBPROJECTS]
    same = [r"有?用到", w.KIND[part.kind]] if part.kind in ("use", "count", "ls") else []  # “tests 里有用到吗”
    rest = re.sub(
        "|".join([*FOLDER, w.FOLLOW_UP, *same, w.ALSO_THERE, *map(re.escape, folders)])
        + r"|\b(?:only|just)\b|只|仅|在|[\s?？,.，。!！的呢吗有面里下中]",
        "",
        clause,
        flags=re.I,
    )
    found = folders and not rest  # 只说了目录，同一件事在那里再做一次
    found = found and (part.kind in ("use", "stack") or part.kind in ("ls", "count", "tests") and not part.names)
    kind = "ls" if part.kind == "tests" else part.kind  # “测试文件有哪些？那 src 呢？”：列出 src
    return replace(part, kind=kind, text=clause, folder=folders[0].rstrip("/")) if found else None


def same_thing(first: Part, more: Part) -> bool:
    """同一类、又不是别的目录、别的文件：并成一件事（“技术栈？版本呢？”）。"""
    mine, theirs = (first.folder, first.ext, first.names), (more.folder, more.ext, more.names)
    elsewhere_ = first.folder != more.folder and "." not in (first.folder, more.folder)  # web 的技术栈、api 的技术栈
    same = mine == theirs or first.kind not in ("ls", "count", "create")
    return first.kind == more.kind and not elsewhere_ and same


def on_topic(parts: list, clause: str) -> bool:
    """问的本来就在前一件事的回答里（在哪里、版本……）；去掉这些词和虚词还剩别的（“税后的价格”），就不是。"""
    pattern = w.ON_TOPIC.get(parts[-1].kind) if parts else None
    rest = re.sub(f"{pattern}|{w.FILLER}|{w.ASKING}|[\\W_]+", "", clause.lower()) if pattern else "?"
    return bool(pattern and re.search(pattern, clause.lower()) and not rest)


def leftover(question: str, part: Part) -> bool:
    """去掉这一类的词、名字和虚词还剩别的（“它启动后监听哪个端口”）；问怎么运行、问哪一些时一个字也算（慢）。"""
    q, how = question.lower(), part.kind in ("entry", "tests") and "how" in part.asks
    words = [w.DEV_MODE if part.kind == "entry" else "$^", names_of(part), w.KEYWORDS.get(part.kind, "$^")]
    words += [w.PLAIN.get(part.kind, "$^"), w.ON_TOPIC.get(part.kind, "$^")]
    words += [rf"\b(?:{w.EN_UNITS})\b" if part.kind == "inventory" else "$^"]
    words += [*w.ASKS.get(part.kind, {}).values(), w.FOLLOW_UP, w.FILLER, w.ASKING, w.ALSO_THERE, w.HOW]  # 名字先去掉
    words += [w.RUN_OBJECTS if how else "$^"]  # 问怎么运行时的对象
    words += [w.LANGS if part.kind == "stack" and re.search(r"版本|\bversions?\b", q) else "$^"]  # TypeScript 的版本
    short = how or part.kind != "entry" and re.search(w.WHICH_ONES, q)  # “哪些测试慢”“which tests are e2e”
    return bool(re.search(r"[^\W\d_]" if short else r"[\u4e00-\u9fff]{2,}|[a-z]{3,}", re.sub("|".join(words), " ", q)))


def unasked(clause: str, part: Part) -> str:
    """这一句还要了别的（“技术栈和开源协议是什么”的“开源协议是什么”、“怎么运行 with docker”）：返回它，照原话说没做。"""
    which = part.kind in ("entry", "tests") or part.kind == "stack" and re.search(w.WHICH_ONES, clause.lower())
    named = f"{FILE}|(?<![\\w/]){re.escape(part.folder)}/?(?![\\w/])"  # 问的文件、目录不算别的话
    bare = clause if "how" in part.asks or part.kind == "stack" else re.sub(named, " ", clause)  # 清单名也是条件
    if which and leftover(bare, part) or re.search(w.NOT_DONE.get(part.kind, "$^"), clause.lower()):  # 这一类答不了的
        return clause  # “run it with docker”“测试都过了吗”“哪些依赖没用上”“怎么用 express”“除了 js 文件”
    if part.kind == "ls" and not part.ext and re.search(w.THINGS, clause.lower()):
        return clause  # “how many images are in assets/”：列出来的是全部，数不出是哪一种
    joins = list(re.finditer(r"和|以及|\band\b", clause)) if part.kind not in ("inventory", "create") else []
    rest = clause[joins[-1].end() :] if joins else ""
    for folder in folders_in(clause):
        rest = rest.replace(folder, " ")
    return rest.strip() if rest.strip() and not part_of(rest) and leftover(rest, part) else ""


def continued(part: Part, clause: str) -> Part | None:
    """没认出类的一小句，给前一件事添了细节（库名、怎么运行、写什么）：返回添上的那一份。"""
    if part.kind == "create" and re.match(CONTENT, clause, re.I):  # “创建 hello.py，内容是 print(1)”
        return create_part(clause, part.names[0])
    others = [n for n in paths_in(clause) if n not in part.names]  # “然后运行 b.py”：运行的是别的文件，照原话说没做
    if part.kind == "create" and runs(clause) and not re.search(CONTENT, clause, re.I) and not others:  # “然后运行它”
        return Part("create", clause, part.names, run=True)
    names = library_names(clause)
    rest = re.sub("|".join(map(re.escape, names)) + "|" + w.FOLLOW_UP + r"|[\s?？,.，。!！]", " ", clause)
    only_names = names and not re.sub(r"[A-Za-z]+", lambda m: "" if m[0].lower() in w.LINKING else m[0], rest).strip()
    if part.kind == "stack" and only_names:  # “Jest 呢？”：技术栈的回答里列着每个依赖（没有就说没看到）
        return Part("stack", clause, names)
    more = detailed(Part(part.kind, clause)) if part.kind != "use" or only_names else None  # “and also Jest”
    more = more and replace(more, asks=more.asks | part.asks) if part.kind == "use" else more  # “and Widget?”：也问定义
    return more if more and (more.asks or more.names and part.kind != "stack") else None


def merged(first: Part, more: Part) -> Part:
    names = first.names + [n for n in more.names if n not in first.names]
    text, run, asks = f"{first.text}，{more.text}", first.run or more.run, first.asks | more.asks
    return replace(first, text=text, names=names, run=run, asks=asks, content=first.content or more.content)


def create_part(clause: str, name: str) -> Part:
    """“创建 hello.py 写入 print("hi") 然后运行它” → 文件名、内容、要不要运行（writing.py 读）。"""
    return Part("create", clause, [name], **to_write(clause, name))
