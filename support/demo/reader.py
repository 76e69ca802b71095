"""离线演示读工具结果的唯一一处：不管结果长什么样，都读成同样的几件事实，规则只用这些事实。

read_file 的结果可能是带行号的（我们的 read_file）、原样的文字（章节里贴进来的 read_file）、JSON；
末尾可能有分页提示（[第 1–5 行；…用 offset=6 继续读]）、章节的截断说明（... (文件过长，已截断)）或别的截断记号；
中间可能被 dispatch_tool 截掉一段。list_files、search_files、run_command 的结果也各有提示。
被截断就是被截断：只看到了一部分，规则不能把它当成“没有”，也不拿截断处的半行当事实。
"""

import json
import re
from dataclasses import dataclass

from support.search import MISSED_NOTE as UNREACHED
from support.search import SKIPPED_NOTE

OFFSET_HINT = re.compile(r"用 offset=(\d+) 继续(?:读|列出)\]$")  # 怎样接着读、接着列（被截短时只剩结尾）
LISTED = re.compile(r"^\[第 \d+–(\d+) 项，共 (\d+) 项；")  # list_files 列到第几项、一共几项
SEARCH_CUT = "[结果已截断："  # search_files 只给了前几条匹配（前面的匹配行都是完整的）
CLIPPED = re.compile(r"^…（中间省略了 \d+ (?:个字符|字节)）…$")  # dispatch_tool、run_command 截掉了中间一段
LINE_CUT = " …（此行过长，只显示前 "  # read_file 只显示了这一行的开头
HIT_CUT = "…（此行过长）"  # search_files 只显示了这一条匹配行的开头
# 别的截断说明：章节的 “... (文件过长，已截断)”、“[truncated]”、“…省略…”：是一行短的说明，用省略号或括号开头
CUT_NOTE = re.compile(
    r"^\s*(?:\.{3}|…|\[|\(|（|<).{0,80}(截断|截短|省略|未显示|没显示|truncat|omitted|cut off|clipped)", re.I
)
NUMBERED = re.compile(r"(\d+)\t")


@dataclass(frozen=True)
class Seen:
    """一个工具结果里读得出来的事实。"""

    lines: tuple = ()  # 内容：去掉了行号、提示和截断说明；截断处可能只剩半行的那一行也去掉了
    error: str = ""  # 工具报的错（“错误：…”）；没报错是 ""
    cut: bool = False  # 只看到了一部分，而且翻页也补不回来：截断说明、中间被截掉、有一行太长、JSON 没写完
    more: int | None = None  # 后面还有，工具说了怎样接着读、接着列：offset=N
    listed: tuple | None = None  # list_files 没列完：(列到第几项, 一共几项)
    unreached: bool = False  # search_files 有文件或目录没有搜
    skipped: str = ""  # search_files 末尾说整体搜索没有进去的那些目录的一行（[没有进去搜的 N 个目录：…]）

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def read(got: str) -> Seen:
    """把一个工具结果读成 Seen。"""
    if got.startswith("错误："):
        return Seen(error=got)
    lines, cut, more, listed, unreached, skipped = got.split("\n"), False, None, None, False, ""
    while lines and (last := lines[-1].strip()):  # 末尾的提示和截断说明，可能不止一条
        if hint := OFFSET_HINT.search(last):
            more = int(hint.group(1))
            if total := LISTED.match(last):
                listed = int(total.group(1)), int(total.group(2))
        elif last.startswith(UNREACHED):
            unreached = True
        elif last.startswith(SKIPPED_NOTE):
            skipped = last
        elif last.startswith(SEARCH_CUT):
            cut = True
        elif CUT_NOTE.match(last):
            lines.pop()  # 别人写的截断说明：它前面那一行可能被切在半中间，也不要
            cut = True
        else:
            break
        lines.pop()
    if any(CLIPPED.match(line) for line in lines):  # 中间被截掉一段：截断处两边的行都可能只剩半行
        torn = {j for i, line in enumerate(lines) if CLIPPED.match(line) for j in (i - 1, i, i + 1)}
        lines, cut = [line for i, line in enumerate(lines) if i not in torn], True
    numbers = [NUMBERED.match(line) for line in lines]
    if lines and all(numbers) and all(int(m.group(1)) == int(numbers[0].group(1)) + i for i, m in enumerate(numbers)):
        lines = [line[m.end() :] for line, m in zip(lines, numbers, strict=True)]  # 我们 read_file 加的行号
    if any(LINE_CUT in line or line.endswith(HIT_CUT) for line in lines):
        lines, cut = [line.split(LINE_CUT)[0].removesuffix(HIT_CUT) for line in lines], True
    cut = cut or (more is None and unfinished_json("\n".join(lines)))  # 还有下一页的 JSON 本来就没写完
    return Seen(tuple(lines), cut=cut, more=more, listed=listed, unreached=unreached, skipped=skipped)


def unfinished_json(text: str) -> bool:
    """看起来是 JSON，却在写完之前就没了（被截断了）：不是 JSON 写错了，是没看全。"""
    text = text.strip()
    if text[:1] not in ("{", "["):
        return False
    try:
        json.loads(text)
    except json.JSONDecodeError as e:  # 在末尾才出错，或者字符串一直没有结束：是写到一半没了
        return e.pos >= len(text) - 1 or e.msg.startswith("Unterminated string")
    except RecursionError:
        return False
    return False


def first_paragraph(text: str) -> tuple:
    """README 的标题、标题下面的第一段话（几行连成一行，最多 400 字符；第一段是代码、表格或列表时是 ""），
    和这段话在 text 里是不是已经完整了：后面有空行或标题、或者第一段不是文字，再往下读也不会变。
    text 在这之前就完了（只读了一页、被截断了），段落就可能还没读到或者只读到一半。"""
    title, paragraph = "", []
    for line in text.splitlines():
        line = line.strip()
        if not paragraph and line.startswith("#"):
            title = title or line.lstrip("#").strip()
        elif not paragraph and (not line or line.startswith(("![", "[![", "<"))):  # 空行、徽章、图片
            continue
        elif not line or line.startswith("#"):
            return title, clipped(paragraph), True
        elif not paragraph and line.startswith(("```", "|", "-", "*", ">", "$", "1.")):
            return title, "", True
        else:
            paragraph.append(line)
    return title, clipped(paragraph), False


def clipped(lines: list) -> str:
    text = " ".join(lines)
    return text if len(text) <= 400 else text[:400] + "…"


def search_hits(got: str) -> list:
    """search_files 结果里的匹配行（文件:行号: 内容）；提示、错误、截断说明都不算。"""
    return [h for h in read(got).lines if not h.startswith(("[", "…")) and h.count(":") >= 2]


# ── run_command 的结果 ───────────────────────────────────────
NOTE_LINE = r"^\[(超过|命令结束时|它启动的进程|还有进程|有子进程).*\]$"  # run_command 加的说明
UNCOLLECTED = "没有收集"  # 说明里有这句：后面的输出没有收集到


def command_outcome(got: str) -> tuple:
    """run_command 的结果 → (退出码, 输出的行, 附加说明, 是否只看到一部分)。
    没有执行时退出码是 None，行是 [没执行的原因]。"""
    m = re.match(r"退出码：(-?\d+)\n?", got)
    if not m:
        return None, [re.sub(r"^(没有执行|错误)：", "", got)], [], False
    raw = got[m.end() :].splitlines()
    cuts = [i for i, line in enumerate(raw) if CLIPPED.match(line)]
    torn = {j for i in cuts for j in (i - 1, i, i + 1)}  # 截断处两边的行可能只剩半行：不算
    lines = [line for i, line in enumerate(raw) if i not in torn and line.strip() and line != "（没有输出）"]
    notes = [line for line in lines if re.match(NOTE_LINE, line)]
    partial = bool(cuts) or any(UNCOLLECTED in n for n in notes)
    return int(m.group(1)), [line for line in lines if line not in notes], notes, partial
