"""离线演示听问题里的名字：文件（带扩展名的、引号里的）、目录（“src 目录下”“in the web folder”）、库名。"""

import re

from support.demo import words as w

FILE = (  # 带扩展名的文件（src/index.js、[id].js），引号里的可以有空格（'name with spaces.md'）
    r"""['"“`]([^'"“”`\n]*\.[A-Za-z][A-Za-z0-9]{0,7})['"”`]"""
    r"|(?<![\w./\\\[+'-])((?:[\w.\[\]+-]+/)*\.?[\w\[\]+-][\w.\[\]+'-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/])"
)
NAME = r"(?<![A-Za-z0-9_./~-])[A-Za-z0-9_.~][A-Za-z0-9_./~-]*"  # 只有 ASCII（\w 也认“和”）；只从词头开始：线性时间
CJK_NAME = r"[\u4e00-\u9fff]{1,12}"
EXPLICIT = r"(?:folder|directory|and|of|the|in)\b"  # “the web folder and of the api folder”：名字里不会有的词
VERBS = r"list|show|ls|count|what|which|files?|are|is|in|the|看看|列出|统计"  # 目录名前面的这些词不是目录名
NOT_CJK_FOLDER = r"[帮看查列统请我你这那下当项工根整所每子现目]"  # 有这些字的中文不是目录名
NOT_FOLDERS = set(  # 这些词不是目录名
    (
        "there it them total the this current each every all my our here python it project repo code codebase "
        "source dependencies devdependencies peerdependencies optionaldependencies readme dockerfile makefile "
        "license licence changelog 当前 这个 项目 工作 整个 根 所有 每个 "
    ).split()
)
DOT_EXT = r"(?<!\w)\.([A-Za-z0-9]{1,8})(?!\w)"
EXT = (  # “.js 文件”“js 文件”“Python 代码”
    rf"{DOT_EXT}|(?<![A-Za-z0-9_.])(py|js|ts|jsx|tsx|go|java|rs|rb|php|md|txt|json|sh|python|javascript|typescript)"
    r"(?=\s*(?:文件|代码|脚本|files?\b|code\b|scripts?\b))"
)
LANGUAGE_EXT = {"python": "py", "javascript": "js", "typescript": "ts"}
# 目录名按这个顺序找，用先找到的：说了“目录”“folder”的，名字可以有空格、是中文（“empty dir 目录下”“文档 目录”）
FOLDER = (
    r"""["“'`「]([^"”'`」\n]{1,100})["”'`」]\s*(?:目录|文件夹|folder|directory)""",
    rf"((?:{NAME}(?: {NAME})*\s*[和、]\s*)*{NAME}(?: {NAME})*?)/?\s*(?:这个|那个)?\s*(?:目录|文件夹)",
    r"((?<=\s)[\u4e00-\u9fff]{2,12}|^[\u4e00-\u9fff]{2,4}?)\s*(?:目录|文件夹)",  # 中文的目录名：前面有空格，或者在开头
    rf"((?:{NAME}\s*[和、]\s*)*{NAME})\s*(?:里|下|中)",  # “在 src 里”“src 和 tests 下”
    r"""\b(?:in|inside|under)\s+(?:the\s+)?["“'`]([^"”'`\n]{1,100})["”'`]""",  # in "my folder"
    rf"\b(?:in|inside|under|of)\s+(?:the\s+)?({NAME}(?: (?!{EXPLICIT}){NAME})*|{CJK_NAME})"
    r"\s+(?:folder|directory|dir)\b",
    rf"\b(?:in|inside|under)\s+(?:the\s+)?((?:{NAME}\s*(?:,|\band\b)\s*(?:in\s+)?)*{NAME})",
    rf"\bthe\s+({NAME})\s+(?:folder|directory|dir)\b",  # “and the test folder?”
)


def library_names(clause: str) -> list:
    """库名：问题里的英文词，照用户的写法；目录（in src）、路径、常用词都不算。"""
    clause = re.sub("|".join(FOLDER), " ", clause, flags=re.I)
    found = [word.rstrip(".") for word in re.findall(r"@?[A-Za-z][A-Za-z0-9_@./+-]*", clause)]  # “有用pinia吗”
    found = [n for n in found if "/" not in n[1:] or re.fullmatch(r"@[\w.-]+/[\w.-]+", n)]  # npm 的 @scope/name
    return list(dict.fromkeys(n for n in found if n.lower() not in w.NOT_NAMES and len(n) > 1))


def paths_in(text: str) -> list:
    """问题里的文件名，和跟它们连着列出来的（“blob.bin 和 pipe”）。"""
    found = [m[1] or whole_path(text, m) for m in re.finditer(FILE, text)]
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
        if found and text[: m.start()].rstrip("'\"”` ").endswith(tuple(found)) and m[1].lower() not in w.NOT_NAMES:
            found.append(m[1])  # “blob.bin 和 pipe”
    return list(dict.fromkeys(found))


def whole_path(text: str, m) -> str:
    """“数据/说明 文件.md”：前面连着一段带 / 的路径，空格也是名字的一部分（只读“文件.md”就读错了文件）。"""
    before = re.search(r"(\S*/[^\s/]+) $", text[: m.start()])
    return f"{before[1]} {m[2]}" if before else m[2]


def folders_in(clause: str) -> list:
    """问题里说的目录（“src 和 tests 目录下”是两个）；this、current、当前这样的词不算。FOLDER 里先找到的那一种算数。"""
    for pattern in FOLDER:
        found = [
            re.split(r"\s*(?:[和、,]|\band\b)\s*(?:in\s+)?", m[1]) for m in re.finditer(pattern, clause, flags=re.I)
        ]
        folders = [re.sub(rf"^(?:(?:{VERBS})\s+)+", "", f.strip(), flags=re.I).rstrip("/.") for g in found for f in g]
        folders = [f for f in folders if not re.search(NOT_CJK_FOLDER, f)]  # “帮我看看当前目录”不是目录名
        folders = [f for f in folders if not re.search(w.SOURCE_FILE, f, re.I)]  # “package.json 里”是文件
        if folders := list(dict.fromkeys(f for f in folders if f and f.lower() not in NOT_FOLDERS)):
            return folders
    return []


def ext_of(text: str) -> str:
    """问题里说的哪种文件（“.js 文件”“Python 代码”→ js、py）；没说是 ""。"""
    said = re.search(EXT, text, re.I)
    return LANGUAGE_EXT.get((said[1] or said[2]).lower(), (said[1] or said[2]).lower()) if said else ""
