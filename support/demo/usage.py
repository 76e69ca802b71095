"""离线演示的计划：某个库（或者一个名字）用没用到、用在哪里。

每个名字按用户的写法和小写各搜一次；看到依赖声明或引入才说用到了，都看全了才说没用到，否则说不准、说哪里没看全。
"""

import re

from support.demo.facts import HIT, Result, why_not
from support.demo.manifests import CASED, IMPORTS, KNOWN, declared_in, is_manifest
from support.demo.names import MAX_NAMES
from support.demo.project import ALIASES
from support.demo.sentences import join, say

KINDS = ("use",)
IMPORTED = {v.lower() for v in IMPORTS.values()}  # dotenv、yaml 本身就是 import 的名字：照它搜，不换成包名
TOOL_FOLDERS = {".git", ".hg", ".svn", ".venv", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".cache"}
JS_FILES = "js mjs cjs jsx ts tsx mts cts vue svelte".split()
LANGUAGES = dict.fromkeys(JS_FILES, "js") | dict.fromkeys(("py", "pyi", "ipynb"), "py")


def use(part, facts, en: bool) -> str:
    """每个名字按用户的写法和小写各搜一次（几个名字在同一轮里一起搜），整体搜索跳过的项目自己的隐藏目录再单独搜。"""
    names = [n if n.lower() in IMPORTED else ALIASES.get(n.lower(), n) for n in part.names[:MAX_NAMES]]  # PyTorch
    more = part.names[MAX_NAMES:]
    first = {n: [(s, part.folder) for s in spellings(n)] for n in names}
    searched(facts, [pair for n in names for pair in first[n]])
    hidden = {n: [(q, f) for (q, _), got in searched(facts, first[n]).items() for f in skipped(got)[0]] for n in names}
    searched(facts, [pair for pairs in hidden.values() for pair in pairs])
    extra = say("too_many", en, names=join(more, en), n=MAX_NAMES) if more else ""
    said = [verdict(facts, n, first[n] + hidden[n], part.folder, en, "files" in part.asks) for n in names]
    dotted = [n for n in names if re.fullmatch(r"\w+(\.\w+)+", n) and in_python(searched(facts, first[n]).values())]
    said += [say("dotted", en, name=n, parent=n.rpartition(".")[0], last=n.rpartition(".")[2]) for n in dotted]
    return "\n\n".join(said) + extra


def spellings(name: str) -> list:
    """search_files 区分大小写：照用户的写法搜，也按小写搜（包名都是小写）；React.js 再按 react 搜。"""
    base = name[:-3] if name.lower().endswith(".js") and len(name) > 3 else name
    bare = re.sub(r"(?<=[a-z])\d+$", "", base.lower())  # “vue3”：也搜 vue（认得的库才这样：d3、web3 不是 d、web）
    bare = bare if bare in KNOWN else base
    cased = CASED.get(name.lower(), name)  # 清单里常写成 SQLAlchemy、Django：小写搜不到
    installed = [CASED.get(k, k) for k, v in IMPORTS.items() if v.lower() == name.lower()]  # 问 jwt：清单里是 PyJWT
    snake = name.lower().replace("-", "_")  # flask-cors 引入时是 flask_cors
    return list(dict.fromkeys([name, name.lower(), base, base.lower(), IMPORTS.get(name.lower(), name), bare, cased,
                               *installed, snake]))  # fmt: skip


def searched(facts, pairs: list) -> dict:
    """(要搜的文字, 在哪里搜) → 结果；还没搜的在同一轮里一起搜。"""
    calls = [("search_files", {"query": q} if f == "." else {"query": q, "path": f}) for q, f in pairs]
    return dict(zip(pairs, facts.need(*calls), strict=True))


def skipped(got: Result) -> tuple:
    """整体搜索没进去的目录：(可能有项目自己代码的隐藏目录, 都列出来了没有, 别人的代码：版本库、依赖、虚拟环境)。"""
    said = [text.partition("（")[0] for kind, text in got.notes if kind.startswith("没有进去搜")]  # “a、b 等”
    folders = [f for text in said for f in text.removesuffix(" 等").split("、") if f]
    own = [f for f in folders if (tail := f.rsplit("/", 1)[-1]).startswith(".") and tail not in TOOL_FOLDERS]
    mine = set(own)
    return own, not any(text.endswith(" 等") for text in said), [f for f in folders if f not in mine]


def verdict(facts, name: str, pairs: list, folder: str, en: bool, files_asked: bool = False) -> str:
    """看到声明就是用到了；没看到、又都看全了，才说没用到；否则说不准，说哪里没看全。
    files_asked：问了几个文件引入它（依赖清单不算）。"""
    alias = IMPORTS.get(name.lower())  # 按 import 的名字（PIL）搜到的：只有引入才算，getattr 里的 attr 不算
    found, said_as = searched(facts, pairs), join(spellings(name), en)  # 搜过的写法：回答里说出来
    results = list(found.values())
    hits = list(dict.fromkeys(h for (q, _), r in found.items() for h in r.lines if q != alias or declares(h, name)))
    unsure = sorted({HIT.fullmatch(h)[1] for h in hits if not declares(h, name)})  # 清单里一行看不出的：读整份清单
    listed, part = declared_in(facts, [p for p in unsure if is_manifest(p)][:MAX_NAMES], name)
    declared = [h for h in hits if declares(h, name) or in_manifest(h, listed, name)]
    gaps = [say("gap_cut", en) if r.state == "cut" else why_not(r, en) for r in results if r.state != "complete"]
    gaps += [say("gap_part", en, files=join(part, en))] if part else []  # 清单只读了一部分、没读成
    for kind, text in (note for r in results for note in r.notes):
        gaps += [say("gap_unsearched", en, note=text)] if kind.startswith("有 ") else []
        gaps += [say("gap_ambiguous", en, line=text[:120])] if kind == "ambiguous" else []
    unsearched = [r for r in results if not skipped(r)[1] or set(skipped(r)[0]) - {f for _, f in pairs}]
    gaps = join(dict.fromkeys(gaps + [say("gap_skipped", en) for _ in unsearched]), en)
    others = sorted({f for r in results for f in skipped(r)[2]})
    not_own = say("not_own", en, folders=join(others, en)) if others else ""
    where = say("in_folder", en, folder=folder) if folder != "." else ""
    files = join(sorted({HIT.fullmatch(h)[1] for h in declared or hits}), en)
    if declared:
        hits_ = shown_hits(declared, en)
        only = all(is_manifest(HIT.fullmatch(h)[1]) for h in declared)  # 只有清单里的声明
        head = ("declared_part" if gaps else "declared_head") if only else "used"  # 代码里没有引入：不说“用到了”
        said = say(head, en, name=name, where=where, n=len(declared), files=files, hits=hits_, names=said_as)
        code = sorted({f for h in declared if not is_manifest(f := HIT.fullmatch(h)[1])})
        listed = say("colon", en) + join(code, en) if code else ""
        said += say("import_files", en, n=len(code), files=listed) if files_asked else ""
        other = sorted({HIT.fullmatch(h)[1] for h in hits} - {HIT.fullmatch(h)[1] for h in declared})  # setup.cfg
        said += say("also_in", en, files=join(other, en)) if other else ""
        return said + (say("maybe_more", en, gaps=gaps) if gaps else "")
    if gaps:
        seen = say("appears_in", en, files=files, names=said_as) if hits else ""
        return say("cannot_tell", en, name=name, where=where, gaps=gaps, seen=seen) + not_own
    if hits:
        return say("mentioned", en, name=name, where=where, files=files, names=said_as) + not_own
    tried = say("tried", en, names=said_as) if len(spellings(name)) > 1 else ""
    listed = facts.already("list_files", {"path": folder})  # 列过这个目录的话（不为它再调用一次）
    if files := [n for n in (listed.lines if listed else ()) if name.lower().lstrip(".") in n.lower()]:  # Dockerfile
        return say("named_files", en, name=name, files=join(files, en), tried=tried)
    routed = re.match(r"/(?!(?:usr|tmp|bin|etc|var|home|opt|dev|proc|sys|lib|mnt|root)\b)\w", name)  # 不是系统的路径
    route = say("route_parts", en) if routed else ""  # 路由常分几段写（挂载的前缀、路径、参数）
    said = say("not_used" if folder == "." else "not_found_in", en, name=name, folder=folder, tried=tried)
    return said + route + not_own


def declares(hit: str, name: str) -> bool:
    """search_files 的一行是不是 name 的依赖声明或引入：清单里以它为名的一项，或者 JS、Python 代码里引入的正是这个
    模块（from x import requests 引入的不是 requests 库，requests-mock 不是 requests；注释、文档、别的语言不算）。"""
    path, _, text = HIT.fullmatch(hit).groups()
    if not one_place(hit):
        return False
    base, text, n = path.rsplit("/", 1)[-1].lower(), code(path, text), re.escape(name)
    p = "|".join([n] + [re.escape(k) for k, v in IMPORTS.items() if v.lower() == name.lower()])  # dotenv：python-dotenv
    if base == "pyproject.toml":  # 一行看不出在哪张表里（[tool.isort] 的 known-third-party 不是依赖）：读整份清单
        return False
    if is_manifest(base):
        pattern = rf'"(?:{n})"\s*:\s*"' if base == "package.json" else rf"^(-e\s+)?(?:{p})(?![\w.-])|#egg=(?:{p})\b"
        return bool(re.search(pattern, text, re.I))
    q = rf"""['"`]@?{n}(/[^'"`]*)?['"`]"""  # 带引号的模块名，可以带子路径：'lodash/merge'；@prisma/client 是 prisma 的
    m = f"(?:{n}|{re.escape(IMPORTS.get(name.lower(), name))}|{re.escape(name.replace('-', '_'))})"  # PIL、flask_cors
    imports = {
        "py": [rf"^import\s+([\w.]+(\s+as\s+\w+)?\s*,\s*)*{m}(?=[\s.,;]|$)", rf"^from\s+{m}(?=[\s.])"],
        "js": [rf"\b(require|import)\s*\(\s*{q}", rf"^((import|export|\}}).*?\b)?from\s+{q}", rf"^import\s+{q}"],
    }
    patterns = imports.get(LANGUAGES.get(path.rsplit(".", 1)[-1]), [])  # 文档（.md、README）不是 JS、Python：不算
    found = (re.search(p, text, re.I) for p in patterns)  # 字符串里写的 require('x') 不算：前面的引号没有配成对
    return not re.match(r"(//|/\*|\*|#)", text) and any(f and not outside(text[: f.start()]) for f in found)


def outside(before: str) -> str:
    """一行里这个位置之前还没关上的引号（有就在字符串里；"Don't" 里的 ' 不算，\" 不算）；"" 是不在字符串里。"""
    open_, escaped = "", False
    for c in before:
        open_ = "" if open_ == c and not escaped else c if not open_ and c in "'\"`" else open_
        escaped = c == "\\" and not escaped
    return open_


def in_manifest(hit: str, listed: set, name: str) -> bool:
    """这一行在声明了这个库的清单里（pyproject、requirements 一行看不出在哪张表），而且写成一项依赖的样子：引号里
    以它开头（"SQLAlchemy==2.0"），或者是以它为名的键（Poetry 的 sqlalchemy = "^2"）；description 里提到它不算。
    package.json 的每一行自己看得出（"prisma:studio" 那一行是脚本，不是声明）。"""
    path, _, text = HIT.fullmatch(hit).groups()
    n = rf"(?<![\w.@/-]){re.escape(name)}(?![\w.-])"  # react-dom 那一行不是 react 的声明
    item = re.search(rf"""["']\s*{n}|^\s*["']?{n}["']?\s*=""", text[:1000], re.I)
    return bool(item) and path in listed and path.rsplit("/", 1)[-1].lower() != "package.json"


def code(path: str, text: str) -> str:
    """一行代码；笔记本（.ipynb）是 JSON，代码行写成字符串（"from x import y\\n",），取出里面的。"""
    text = text.strip().lstrip("\ufeff")  # 文件开头的 BOM
    return re.sub(r'^"(.*?)(\\n)?",?$', r"\1", text) if path.endswith(".ipynb") else text


def one_place(hit: str) -> bool:
    """search_files 的一行里只有一处“:行号: ”：文件名里也像“:1: ”的，分不清哪里是内容，不算声明或引入。"""
    return len(re.findall(r":\d+: ", hit)) == 1


def shown_hits(hits: list, en: bool) -> str:
    """搜到的行，最多列 5 行，多的说还有几行。"""
    return "\n".join(f"  {h}" for h in hits[:5]) + say("more_hits", en, n=len(hits) - 5) * (len(hits) > 5)


def in_python(results) -> bool:
    """一个点分的名字也许是 Python 模块：搜到的行里有 Python 文件的，或者一行也没搜到（socket.io、lodash.debounce
    在 package.json、JS 里搜到：是 npm 包）。"""
    lines = [h for r in results for h in r.lines]
    return not lines or any(h.split(":", 1)[0].endswith((".py", ".pyi", ".ipynb")) for h in lines)
