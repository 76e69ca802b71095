"""离线演示听问题里的名字：文件（带扩展名的、引号里的）、目录（“src 目录下”“in the web folder”）、库名。"""

import re
from dataclasses import replace

from support.demo import words as w

MAX_NAMES = 5  # 一件事最多查几个名字（目录、文件、库名）：再多就说没查

FILE = (  # 带扩展名的文件（src/index.js、[id].js），引号里的可以有空格（'name with spaces.md'）
    r"""['"“`]([^'"“”`\n]*\.[A-Za-z][A-Za-z0-9]{0,7})['"”`]"""
    r"|(?<![\w./\\\[+'-])((?:[\w.\[\]+-]+/)*\.?[\w\[\]+-][\w.\[\]+'-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/])"
)
# 没有扩展名、却常被问到的文件
PLAIN_FILES = (
    r"(?<![\w./-])(Dockerfile|Makefile|Procfile|Gemfile|Jenkinsfile|Vagrantfile|\.nvmrc|\.python-version|\.tool-versions)"
    r"(?![\w.-])"
)
NAME = r"(?<![A-Za-z0-9_./~-])[A-Za-z0-9_.~][A-Za-z0-9_./~-]*"  # 只有 ASCII（\w 也认“和”）；只从词头开始：线性时间
CJK_NAME = r"[\u4e00-\u9fff]{1,12}"
EXPLICIT = r"(?:folder|directory|and|of|the|in)\b"  # “the web folder and of the api folder”：名字里不会有的词
VERBS = r"list|show|ls|count|what|which|files?|are|is|in|the|看看|列出|统计"  # 目录名前面的这些词不是目录名
NOT_CJK_FOLDER = r"[帮看查列统请我你这那下当项工根整所每子现目]"  # 有这些字的中文不是目录名
NOT_FOLDERS = set(  # 这些词不是目录名
    (
        "there it them total the this these those that current each every all my our your their here python it project "
        "repo repository code codebase "
        "source dependencies devdependencies peerdependencies optionaldependencies readme dockerfile makefile "
        "license licence changelog 当前 这个 项目 工作 整个 根 所有 每个 "
        "which what any some general particular advance fact short pyproject package "  # in which files、in general
    ).split()
)
DOT_EXT = r"(?<!\w)\.([A-Za-z0-9]{1,8})(?!\w)"
FILE_KINDS = r"csv|tsv|json|ya?ml|xml|html|css|vue|sql|log|toml|ini|ipynb|jsx|tsx|py|js|ts|md|txt|sh"  # 文件种类的缩写
LANGS = rf"javascript|typescript|python|markdown|shell|bash|rust|ruby|java|go|rs|rb|php|{FILE_KINDS}"
BARE_KIND = rf"(?<![A-Za-z0-9_.])({FILE_KINDS})(?![A-Za-z0-9_.])"  # 只说了缩写：“data 下的 CSV 有几行”
BARE_LANG = rf"(?<![A-Za-z0-9_.])({LANGS})(?![A-Za-z0-9_.])"  # 说了几种：“Python or Go”“js 和 ts 文件”
EXT = (  # “.js 文件”“JS 的代码”“Python 代码”“lines of JavaScript”“多少行 Go”
    rf"{DOT_EXT}|(?<![A-Za-z0-9_.])({LANGS})(?![A-Za-z0-9_.])(?=\s*的?\s*(?:文件|代码|脚本|files?\b|code\b|scripts?\b))"
    rf"|\blines? of ({LANGS})\b|行\s*({LANGS})(?![A-Za-z0-9_.])"
)
LANGUAGE_EXT = {"python": "py", "javascript": "js", "typescript": "ts", "shell": "sh", "bash": "sh", "markdown": "md"}
LANGUAGE_EXT |= {"rust": "rs", "ruby": "rb"}
# 目录名按这个顺序找，用先找到的：说了“目录”“folder”的，名字可以有空格、是中文（“empty dir 目录下”“文档 目录”）
FOLDER = (
    r"""["“'`「]([^"”'`」\n]{1,100})["”'`」]\s*(?:目录|文件夹|folder|directory)""",
    rf"((?:{NAME}(?: {NAME})*\s*[和、]\s*)*{NAME}(?: {NAME})*?)/?\s*(?:这个|那个)?\s*(?:目录|文件夹)",
    r"((?<=\s)[\u4e00-\u9fff]{2,12}|^[\u4e00-\u9fff]{2,4}?)\s*(?:目录|文件夹)",  # 中文的目录名：前面有空格，或者在开头
    rf"((?:{NAME}\s*[和、]\s*)*{NAME})\s*(?:里|下|中)",  # “在 src 里”“src 和 tests 下”
    r"""\b(?:in|inside|under)\s+(?:the\s+)?["“'`]([^"”'`\n]{1,100})["”'`]""",  # in "my folder"
    rf"\b(?:in|inside|under|of)\s+(?:the\s+)?({NAME}(?: (?!{EXPLICIT}){NAME})*|{CJK_NAME})"
    r"\s+(?:folder|directory|dir)\b",
    rf"\b(?:in|inside|under)\s+(?:the\s+)?((?:{NAME}\s*(?:,|\band\b)\s*(?:in\s+)?)*{NAME})(?![\w-]|\s+mode\b)",
    rf"\bthe\s+({NAME})\s+(?:folder|directory|dir)\b",  # “and the test folder?”
    rf"\bthe ({'|'.join(sorted(w.SUBPROJECTS))})\b(?!\.)",  # “does the client use zod?”
    rf"^\s*((?:packages|apps|services|libs|src)/[A-Za-z0-9_.-]+|{'|'.join(sorted(w.SUBPROJECTS - {'requirements'}))})"
    r"\s*(?:的(?!版本)|用了|用的|使用|\buses?\b)",  # “backend 用了什么”“packages/api 的技术栈”
)


# 不是库名的词
NOT_NAMES = set(
    (
        "them they their theirs crate crates gem gems deps dep like need needs want wants wait listed know "
        "got get hmm um uh btw basically kinda maybe order tech stack technology technologies framework "
        "frameworks language languages programming frontend backend runtime versions version number whom when "
        "added introduced removed changed wrote by a an the is are was were be been being do does did it its "
        "this that these those we our you your i me my project repo repository codebase code here there "
        "anywhere somewhere used use uses using search find for in on of at by to from any and or not if "
        "whether please can could tell what which where how library libraries package packages module modules "
        "dependency depend depends import imports imported require requires required test tests file files "
        "folder directory dir with check see look inside app application version who wrote written author "
        "license licence upgrade update install when why made make built build run also then hello hi hey "
        "quick question so thank thanks much pls cheers thx lot great cool ok okay all still actually yes no "
        "curious include lib libs really even ever about readme dockerfile makefile changelog exactly just "
        "only more other another same again latest refresh reread re-read changed updated edited execute "
        "testing safe usage usages uninstall remove delete add fix rename replace explain tell show give now "
        "currently current terminal console shell as one ones itself themselves listed dependancy dependency code "
        "actual actually database databases db middleware hooks hook orm api apis cache caching auth "
        "authentication authorization logging notebook notebooks script scripts cli ci notes note extras extra "
        "optional mention mentions mentioned many few several should would kindly website own project's "
        "define defined defines definition declared implemented configured function functions class classes method "
        "methods variable variables constant constants component components func def fn const var let "
        "never always route routes endpoint endpoints each every"
    ).split()
)


def library_names(clause: str) -> list:
    """库名：问题里的英文词，照用户的写法；目录（in src）、路径、常用词都不算。"""
    clause = re.sub("|".join(FOLDER), " ", clause, flags=re.I)
    tests = r"[\w.-]+(?:\s+(?:tests?|specs?)\b|\s*测试)"  # unit tests、parser 测试：问的是哪些测试，不是库
    clause = re.sub(tests, " ", clause, flags=re.I)
    found = [
        word.rstrip(".") for word in re.findall(r"@?_*[A-Za-z][A-Za-z0-9_@./+-]*", clause)
    ]  # “有用pinia吗”“_parse”
    found = [n for n in found if "/" not in n[1:] or re.fullmatch(r"@[\w.-]+/[\w.-]+", n)]  # npm 的 @scope/name
    routes = re.findall(r"(?<![A-Za-z0-9_./~-])/[A-Za-z0-9_{}:.-]+(?:/[A-Za-z0-9_{}:.-]+)*", clause)  # “/api/hello”
    return list(dict.fromkeys(n for n in routes + found if n.lower() not in NOT_NAMES and len(n) > 1))


def paths_in(text: str) -> list:
    """问题里的文件名（Dockerfile、.nvmrc 这样没有扩展名的也算），和跟它们连着列出来的（“blob.bin 和 pipe”）。"""
    found = [m[1] or whole_path(text, m) for m in re.finditer(FILE, text)]
    found += [m[0] for m in re.finditer(PLAIN_FILES, text)]
    for m in re.finditer(r"(?<![\w./])([A-Za-z_][\w-]*)\s*(?:和|、|，|,|\band\b)\s*(?=['\"“`]?([\w./-]+))", text):
        if m[2] in found and m[1].lower() not in (
            "and",
            "or",
            "the",
            "a",
            "an",
            "it",
            "its",
        ):  # “Dockerfile 和 README.md”
            found.insert(found.index(m[2]), m[1])
    for m in re.finditer(r"\s*(?:和|、|，|,|\band\b)\s*([A-Za-z_][\w-]*)(?![\w./])", text):
        if found and text[: m.start()].rstrip("'\"”` ").endswith(tuple(found)) and m[1].lower() not in NOT_NAMES:
            found.append(m[1])  # “blob.bin 和 pipe”
    return list(dict.fromkeys(found))


def files_in(text: str) -> list:
    """问题里说到的项目文件（src/index.js、app.py、Dockerfile），不是库名（react.js）：带 / 的、认得的扩展名、
    没有扩展名却常被问到的。"""
    return [n for n in paths_in(text) if "/" in n or re.search(f"{w.SOURCE_FILE}|^{PLAIN_FILES}$", n, re.I)]


def whole_path(text: str, m) -> str:
    """“数据/说明 文件.md”：前面连着一段带 / 的路径，空格也是名字的一部分（只读“文件.md”就读错了文件）。"""
    before = re.search(r"(\S*/[^\s/]+) $", text[: m.start()])
    return f"{before[1]} {m[2]}" if before else m[2]


def folders_in(clause: str) -> list:
    """问题里说的目录（“src 和 tests 目录下”是两个）；this、current、当前这样的词不算。FOLDER 里先找到的那一种算数。"""
    clause = clause[:300]  # 再长的一句也只看开头：一长串名字（“a、a、a……”）上这些正则是平方的
    for pattern in FOLDER:
        found = [
            re.split(r"\s*(?:[和、,]|\band\b)\s*(?:in\s+)?", m[1]) for m in re.finditer(pattern, clause, flags=re.I)
        ]
        found = [g for g in found if not any(re.search(NOT_CJK_FOLDER, f) for f in g)]  # “版本和根目录”不是目录名
        folders = [re.sub(rf"^(?:(?:{VERBS})\s+)+", "", f.strip(), flags=re.I).rstrip("/.") for g in found for f in g]
        folders = [f for f in folders if not re.search(w.SOURCE_FILE, f, re.I)]  # “package.json 里”是文件
        if folders := list(dict.fromkeys(f for f in folders if f and f.lower() not in NOT_FOLDERS)):
            return folders
    return []


def ext_of(text: str) -> str:
    """问题里说的哪种文件（“.js 文件”“Python 代码”→ js、py）；没说是 ""。"""
    m = re.search(EXT, text, re.I) or re.search(BARE_KIND, text, re.I)
    said = next((g.lower() for g in m.groups() if g), "") if m else ""
    return LANGUAGE_EXT.get(said, said)


def spread(part) -> list:
    """每个目录、每种文件、每个文件（“a.py 和 b.py 有几行”）各是一件事；超过 MAX_NAMES 个的不做，回答里说出来。"""
    if part.kind == "count" and part.names:
        ones = [replace(part, folder=n, names=[n], ext=n.rsplit(".", 1)[-1].lower()) for n in part.names]
    elif part.kind in ("ls", "count", "use", "stack"):
        said = [LANGUAGE_EXT.get(k.lower(), k.lower()) for k in re.findall(BARE_LANG, part.text, re.I)]  # js 和 ts
        folders = folders_in(part.text)
        kinds = [k for k in dict.fromkeys(said) if k not in folders]
        exts = (re.findall(DOT_EXT, part.text) or kinds * (len(kinds) > 1)) if part.kind == "count" else []
        exts = list(dict.fromkeys(e.lower() for e in exts)) or [part.ext]
        ones = [replace(part, folder=f, ext=e) for f in folders or [part.folder] for e in exts]
    else:
        return [part]
    skipped = [
        o.names[0] if o.names else f"{o.folder}/*.{o.ext or 'py'}" if o.kind == "count" else o.folder for o in ones[5:]
    ]
    *head, last = ones[:MAX_NAMES]
    return [*head, replace(last, skipped=skipped)]


def in_last_folder(part, last):
    """“recipes 下有哪些文件？”“models.py 里写了啥”“src/main.rs 几行？lib.rs 呢？”：只说了文件名（读、数行数），
    前一件事在某个目录里做，或者说的是那个目录里的文件：文件可能在那个目录里（near），也可能在顶层。"""
    whole = re.search(r"项目|整个|根目录|顶层|\b(project|repo|whole|top)\b", part.text, re.I)
    if part.kind == last.kind == "stack" and part.folder == "." and part.names and not whole:  # “express 是哪个版本？”
        return replace(part, folder=last.folder)
    if part.kind not in ("file", "count") or not part.names or any("/" in n for n in part.names):
        return part
    paths = [n for n in last.names if isinstance(n, str) and "/" in n] if last.kind in ("file", "count") else []
    listed = last.kind == "ls" or last.kind == "count" and not last.names  # 数的是一个文件：folder 是那个文件
    folder = paths[0].rsplit("/", 1)[0] if paths else last.folder if listed else "."
    return part if folder in (".", "") else replace(part, near=folder)


def unresolved(part) -> bool:
    """数行数，却只说了“它”“第一个”，前面也没有能接上的文件、目录：不知道数哪个。"""
    vague = re.search(
        r"它|这个|那个|第一个|\b(it|that|this one|the first one|them|they|those|these)\b", part.text.lower()
    )
    return part.kind == "count" and not (part.names or part.ext or part.folder != ".") and bool(vague)


def names_of(part) -> str:
    """这件事说到的名字（文件名、库名，商品的中英文名），写成一个正则（小写）；没有名字是 "$^"。"""
    said = [x for n in part.names for x in ([n] if isinstance(n, str) else [n.asked, n.item]) if x]
    return "|".join(re.escape(x.lower()) for x in said) or "$^"
