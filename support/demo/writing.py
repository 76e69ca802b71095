"""离线演示听“建一个文件，写进去什么，要不要运行”：写进去的那一段从“写入”“with”开始，到“然后”“运行它”、句号为止
（引号里的、代码里的标点不算）；说的是要什么代码（“a function that adds two numbers”）就不当内容写进去。"""

import re

from support.demo import words as w

QUOTED = r"\"[^\"]*\"|“[^”]*”|(?<![A-Za-z])'[^']*'(?![A-Za-z])|`[^`]*`|「[^」]*」"
CONTENT = (  # 建文件：内容从哪里开始，到哪里为止
    r"(?:写入|写上|内容是|内容为|内容写|里面写)\s*(?:以下内容|如下内容|下面的内容|以下代码)?\s*[:：]?\s*|\bwrite\s+(?!\S+\.py\b)"
    r"|\b(?:with(?: the)?(?: content| code| contents)?|containing|that contains)\s*:?\s*"
)
CONTENT_END = (  # 句号、问号，“然后”“不要”“另外”这样的词，逗号后面的“运行”“谢谢”（代码里的逗号、分号不算）
    r"\s*(?:[。？！]|[?!](?=\s|$))|\s*[，,；;]\s*(?:运行|执行|谢谢|多谢|请|\brun\b|\bthanks?\b|\bthx\b|\bplease\b)"
    r"|\s+(?:运行它|执行它|跑一下|\brun it\b|(?:in|into) (?:it|the file)\b)|\s*[，,；;]?\s*(?:先别|先不)"
    r"|\s*[，,。；;]?\s*(?:然后|并且|并|再|接着|之后|但|不要|别|不用|不需要|暂时|另外|还有|顺便|\band then\b|\bthen\b"
    r"|\band run\b|\bbut\b|\bwithout\b|\bno need\b|\bdo(?:n't| not)\b|\balso\b|\band (?=\S+\.py\b)|\s(?:in)?to\s)"
)
DESCRIBED = r"(a|an|the|some|code|function|script|program|class)\s|一个|一段|一些|代码|函数|程序|脚本"  # 说要什么代码


def written(text: str) -> tuple:
    """建文件时写进去的那一段的位置（“创建 a.py 写入 a=1；print(a) 然后运行它”）：里面的标点不拆；没有是 (0, 0)。"""
    made, start = re.search(r"\.py\b", text), re.search(CONTENT, text, re.I)
    if not (made and start and re.search(w.MAKE, text.lower())):
        return 0, 0
    quoted = [range(q.start(), q.end()) for q in re.finditer(QUOTED, text)]
    stops = (m.start() for m in re.finditer(CONTENT_END, text[start.end() :], re.I) if m.start())
    stop = next((start.end() + i for i in stops if not any(start.end() + i in q for q in quoted)), len(text))
    return start.end(), stop


def content_of(clause: str) -> str | None:
    """这一句里要写进文件的内容；没说、说的是要什么代码（不是代码本身）是 None。"""
    start = re.search(CONTENT, clause, flags=re.I)
    rest = clause[start.end() :] if start else ""
    quoted = [range(q.start(), q.end()) for q in re.finditer(QUOTED, rest)]
    stops = [m.start() for m in re.finditer(CONTENT_END, rest, re.I) if not any(m.start() in q for q in quoted)]
    content = rest[: min(stops, default=len(rest))].strip().removesuffix(".") or None
    if content and len(content) > 1 and re.fullmatch(QUOTED, content):
        content = content[1:-1]
    elif content and re.match(DESCRIBED, content, re.I):  # “a function that adds two numbers”：是说明，不是代码
        content = None
    return content


def runs(text: str) -> bool:
    """说了要运行，又没说别运行。"""
    text = text.lower()
    dont = (
        r"(不要|别|不用|无需|先不|不需要|不必|暂时不|暂不)\s*(运行|执行|跑)|(\bnot|n't|\bnever|\bwithout|\bno need)\s+"
    )
    return bool(re.search(r"运行|执行|跑|\b(run|execute)\b", text) and not re.search(dont + "(to )?(run|execut)", text))


def to_write(clause: str, name: str) -> dict:
    """建文件的一小句 → 写进去的内容（content）、建好以后要不要运行（run）。"""
    content = content_of(clause)
    return {"content": content, "run": runs(clause.replace(content or "\0", "").replace(name, ""))}
