"""离线演示的读者：请求里的一切只在这里读成事实，别处不解析工具结果。

每个工具结果读成一个 Result：内容的行（去掉了行号、提示和截断说明，截断处的半行也去掉）和它的状态：
complete 完整、more 后面还有（工具说了从哪里接着读）、cut 只看到一部分、error 工具报错、unreadable 读不出文字、
garbled 有解不出的字（不是 UTF-8）、
not_run 没有执行、empty 空的、end 读过了末尾、missing 调用了却没有结果、no_tool 这次请求没有这个工具。
计划向 Facts 要事实：有就给；请求里还没有就抛 Missing，model.py 把它变成这一轮的工具调用。
"""

import json
import re
from dataclasses import dataclass, replace
from decimal import Decimal

from support.demo.sentences import say
from support.json_safe import loads, shallow

MAX_PAGES = 5  # 一个文件、一个目录最多翻几页：页码只往前走，不会绕回来；没读完就说只看到一部分
# 结果开头这样说的不是内容；“没有结果：”是 agent.py 给没有执行完的调用补上的
SAID = {"错误：": "error", "没有执行：": "not_run", "没有结果：": "missing"}
NUMBER = re.compile(r"(\d{1,18})\t")  # 我们的 read_file 给每行加的行号
HINT = {  # 我们的 read_file、list_files 没给完时末尾的提示：第几到第几（行、项），下一页的 offset
    "read_file": re.compile(r"\[第 (\d{1,18})–(\d{1,18}) 行；后面还有约 \d+ 字节没显示，用 offset=(\d{1,18}) 继续读\]"),
    "list_files": re.compile(r"\[第 (\d{1,18})–(\d{1,18}) 项，共 \d+ 项；用 offset=(\d{1,18}) 继续列出\]"),
}
MESSAGE = {  # 工具自己说的一句话（空的、超出末尾、读不出）；list_files 的带 [ ] 和 /，不是哪一项的名字
    "read_file": re.compile(
        r" (?:(?P<empty>是空文件)|(?P<end>只有 \d+ 行，offset=\d+ 超出了文件末尾)"
        r"|(?P<unreadable>是(?:二进制|UTF-16).*，不显示内容))$"
    ),
    "list_files": re.compile(r"\[.*/ (?:(?P<empty>是空目录)|(?P<end>只有 \d+ 项，offset=\d+ 超出了末尾))\]"),
}
CLIPPED = re.compile(r"…（中间省略了 \d+ (?:个字符|字节)）…")  # dispatch_tool、run_command 截掉中间的地方
LINE_CUT = re.compile(r" …（此行过长，只显示前 \d+ 个字符）$|…（此行过长）$")
HIT = re.compile(r"(.+?):(\d+): (.*)")
NO_HITS = re.compile(r"在 .* 里没有找到包含 .* 的内容")
SEARCH_NOTE = re.compile(  # search_files 末尾的三种说明，照它的原话：“[种类：说明]”
    r"\[(?:结果已截断：只显示了前 \d+ 条匹配；可以换更具体的 query，或用 path 缩小范围"
    r"|有 \d+ 个文件或目录没有搜：.*）(?: 等)?"
    r"|没有进去搜的 \d+ 个目录：.*（整体搜索跳过隐藏目录.*；要搜里面，把 path 指向它）)\]"
)
COMMAND_NOTE = re.compile(  # run_command 末尾附的说明，照它的原话
    r"\[(超过 [\d.e+]+ 秒，命令已被终止|命令结束时它启动的后台进程还在运行，已(结束了能结束的|一并结束)"
    r"|它启动的进程里有 \d+ 个结束不了(（.*）)?，还在运行|还有进程占着输出管道，之后的输出没有收集)\]"
)
# 别人写的截断说明，在最后一行的末尾：章节的“... (文件过长，已截断)”、[truncated]、<省略 300 行>、… and 3 more、
# [只列出了前 2 项]、Showing first 300 entries、结尾的 ...……
CUT_NOTE = re.compile(
    r"(?:\.\.\.|…|[\[(（<{]|[*=—#-]+\s).{0,60}(?:截断|截短|省略|未显示|没显示|只显示|只列|只读|过长|太长|太大|剩余|剩下|上限|"
    r"还有 ?\d|前 ?\d+ ?[项行条个]|truncat|omit|elided|clip|cut off|too long|trimm|and \d+ more\b|"
    r"more (?:lines|char|bytes)|showing (?:the )?first|showing \d+ of|remaining)"
    r"|^\s*(?:showing (?:the )?first|only showing|showing \d+ of)\b|(?:\.\.\.|…+)\s*$",
    re.I,
)


class Missing(Exception):
    """计划要的事实还不在请求里：这一轮先去要它们（Missing(calls)：一组工具调用）。"""

    @property
    def calls(self) -> list:
        return self.args[0]


@dataclass(frozen=True)
class Result:
    tool: str
    args: dict
    raw: str = ""  # 原话（报错时引用）
    state: str = "complete"
    lines: tuple = ()
    more: int | None = None  # state 是 more 时：下一页从哪里开始
    notes: tuple = ()  # search_files 说哪里没搜、run_command 附的说明：(种类, 原话)
    code: int | None = None  # run_command 的退出码
    partial: str = ""  # 别人的 read_file 截断处那半行（只用来引原文，不拿它解析）

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def key(call: tuple) -> tuple:
    """调用 (工具名, 参数) 的键：参数写成排好序的 JSON。"""
    return call[0], json.dumps(call[1], sort_keys=True, ensure_ascii=False)


def read(tool: str, args: dict, raw) -> Result:
    """一个工具结果 → Result：先看报错和没执行，再去掉截掉的地方（两边的行可能只剩半行），再按工具读。"""
    raw = raw if isinstance(raw, str) else ""
    said = tool != "read_file" or "\n" not in raw.rstrip("\n")  # 章节的 read_file 原样返回：以“错误：”开头的文件也有
    said = said or bool(CLIPPED.fullmatch(raw.split("\n")[1:2][0].strip() if "\n" in raw else ""))  # 截掉中间的一句报错
    state = next((v for k, v in SAID.items() if said and raw.startswith(k)), "")
    if state or raw == "（空结果）":  # （空结果）：dispatch_tool 替什么也没返回的工具写的
        return Result(tool, args, raw, state or ("unreadable" if tool == "run_command" else "empty"))  # 没有退出码
    if not raw.strip() and tool != "read_file":  # 我们的工具不会回一个空字符串（空目录、没找到都有一句话）
        return Result(tool, args, raw, "unreadable")
    if tool == "read_file" and "\ufffd" in raw:  # 解不出的字节换成了 �（GBK 写的文件）：读到的字不可信
        return Result(tool, args, raw, "garbled")
    lines = raw.split("\n")
    cuts = [i for i, line in enumerate(lines) if CLIPPED.fullmatch(line.strip())]
    cuts += [len(lines) - 1] if lines[-1].strip() == "…截断" else []  # 只留开头时，末尾另起一行注明
    lines = lines[: cuts[0]] if tool == "read_file" and cuts else lines  # 文件被截掉中间：后面那段不接着开头，不算
    torn = {j for i in cuts for j in (i - 1, i, i + 1) if j or tool != "run_command"}  # 截断处两边的行只剩半行
    lines = [line for i, line in enumerate(lines) if i not in torn]
    cut = bool(torn) or any(LINE_CUT.search(line) for line in lines)  # 只显示了开头的行也是只看到一部分
    lines = [LINE_CUT.sub("", line) for line in lines]
    one = lines[0] if len(lines) == 1 and (tool == "list_files" or lines[0].startswith(str(args.get("path")))) else ""
    if tool in MESSAGE and len(one) < 1000 and (m := MESSAGE[tool].search(one)):  # 一句话不长：长的是内容
        return Result(tool, args, raw, m.lastgroup)
    reader = {"search_files": search_page, "run_command": output}.get(tool, page)
    return reader(Result(tool, args, raw), lines, cut)


def page(found: Result, lines: list, cut: bool) -> Result:
    """read_file、list_files（和别的工具）的一页。我们的 read_file 每行带行号；末尾的翻页提示和这一页对得上
    （从 offset 起，行号、项数都对）才照着它翻页。别人的截断说明在最后一行的末尾：它前面的半行是 partial。"""
    lines = lines[:-1] if lines[-1:] == [""] else lines  # 原样返回的文件：末尾的换行不是一行
    hint = HINT[found.tool].fullmatch(lines[-1].strip()) if lines and found.tool in HINT else None
    body, more, partial = lines[:-1] if hint else lines, None, ""
    numbers = [int(m[1]) if (m := NUMBER.match(line)) else 0 for line in body]
    numbered = found.tool == "read_file" and body and 0 not in numbers and numbers == sorted(set(numbers))
    if hint and (numbered or found.tool == "list_files"):
        first, last, go_on = (int(g) for g in hint.groups())
        rows = numbers if numbered else list(range(first, first + len(body)))  # list_files 的项按位置数
        fits = not cut and first == found.args.get("offset", 1) and len(rows) == go_on - first  # 先比长度：提示里
        fits = fits and rows == list(range(first, go_on))  # 再大的数也不会建一个那么长的表
        more, cut = (go_on, cut) if fits and go_on == last + 1 > first else (None, True)
        body = body if more or numbered else lines  # 对不上的提示：可能是一个这样命名的文件，也算一项
    elif found.tool == "list_files" and lines and CUT_NOTE.search(lines[-1][-200:]):  # 别人的 list_files 说没列完
        body, cut = lines[:-1], True
    elif lines and not numbered and (m := CUT_NOTE.search(tail := lines[-1][-200:])):  # 像提示的那行也是内容
        line, own_line = lines[-1], not tail[: m.start()].strip()  # 说明单独一行：它前面那一行可能被切在半中间
        partial = lines[-2] if own_line and len(lines) > 1 else line[: len(line) - len(tail) + m.start()]
        body, cut = lines[: -2 if own_line else -1], True
    body = [line.split("\t", 1)[1] if numbered else line for line in body]
    body = [body[0].removeprefix("\ufeff"), *body[1:]] if body else []
    state = "more" if more else "cut" if cut else "complete"
    return replace(found, state=state, lines=tuple(body), more=more, partial=partial)


def trailing(lines: list, note: re.Pattern) -> tuple:
    """末尾照原话附的说明（可能有几句）：(前面的行, 说明)。说明只在末尾：内容里像说明的行照样是内容。"""
    end = len(lines)
    while (
        end and len(lines[end - 1]) < 10_000 and note.fullmatch(lines[end - 1].strip())
    ):  # 工具的说明不会这么长：线性时间
        end -= 1
    return lines[:end], [line.strip() for line in lines[end:]]


def search_page(found: Result, lines: list, cut: bool) -> Result:
    """search_files：匹配的行（文件:行号: 内容），末尾说哪里没搜；被截断、有匹配行只显示了开头，都是 cut。
    说明（和“没有找到”）也可能是一个这样命名的文件里的匹配：那就记一条 ambiguous。"""
    lines, said = trailing(lines, SEARCH_NOTE)
    notes = [tuple(line[1:-1].split("：", 1)) for line in said]
    if lines and not HIT.fullmatch(lines[-1]) and CUT_NOTE.search(lines[-1][-200:]):  # 别人的 search 说截断了
        lines, cut = lines[:-1], True
    if len(lines) == 1 and len(lines[0]) < 1000 and NO_HITS.fullmatch(lines[0]):  # “没有找到”是整个结果
        lines, said = [], said + lines
    notes += [("ambiguous", line) for line in said if HIT.fullmatch(line)]
    cut = cut or any(kind == "结果已截断" for kind, _ in notes)
    hits = tuple(line for line in lines if HIT.fullmatch(line))
    cut = cut or len(hits) < len([line for line in lines if line.strip()])  # 读不懂的行（别的格式）：不算看全了
    return replace(found, state="cut" if cut else "complete", lines=hits, notes=tuple(notes))


def output(found: Result, lines: list, cut: bool) -> Result:
    """run_command：第一行是退出码，后面是输出；末尾附的说明（超时、后台进程、没收集的输出）放进 notes。"""
    m = re.fullmatch(r"退出码：(-?\d{1,18})", lines[0]) if lines else None
    if not m:  # 不是“退出码：N”开头的：读不懂，不知道执行了没有
        return replace(found, state="unreadable")
    body, said = trailing(lines[1:], COMMAND_NOTE)
    if m[1] == "0" and any(text.startswith("[超过") for text in said):  # 超时被终止的命令退出码不是 0：这是输出
        body, said = lines[1:], []
    body = [] if body == ["（没有输出）"] else body
    cut = cut or any("没有收集" in text for text in said)
    notes = tuple(("note", text) for text in said)
    return replace(found, state="cut" if cut else "complete", lines=tuple(body), notes=notes, code=int(m[1]))


def text_of(content) -> str:
    """消息的 content：字符串，或者分段的 [{"type": "text", "text": …}]。"""
    parts = [{"text": content}] if isinstance(content, str) else content if isinstance(content, list) else []
    return "".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))


def json_records(text: str) -> list:
    """用户贴在自己话里的 JSON 对象（第三篇讲义的自测 4：库存 JSON 接在问题后面）：看前 10000 个字符里的前 20 个 {。"""
    found, text = [], text[:10000]
    for m in list(re.finditer(r"\{", text if shallow(text) else ""))[:20]:
        try:
            found.append(json.JSONDecoder(parse_float=Decimal, object_pairs_hook=unique).raw_decode(text, m.start())[0])
        except (ValueError, RecursionError):
            continue
    return [data for data in found if isinstance(data, dict)]


def unique(pairs: list) -> dict:
    """JSON 对象里同一个键写了两次（{"stock": 5, …, "stock": 500}）：不知道哪个算数，当作写坏了。"""
    if len({k for k, _ in pairs}) < len(pairs):
        raise ValueError("duplicate key")
    return dict(pairs)


def call_of(tc) -> tuple | None:
    """历史里的一个 tool_call → (工具名, 参数 dict)；形状不对是 None。"""
    fn = tc.get("function") if isinstance(tc, dict) else None
    try:
        args = loads(fn["arguments"])
    except (TypeError, KeyError, ValueError, RecursionError):
        return None
    return (fn.get("name"), args) if isinstance(args, dict) and isinstance(fn.get("name"), str) else None


class Facts:
    """请求里的事实。tool 结果按 tool_call_id 配对它的调用（by_position：按位置，第三篇讲义的实验 d）。
    以前的问题里读到的照样算数；只是后来执行过命令（可能改了文件），那以前读到的和执行过的命令都不算了。"""

    def __init__(self, messages: list, tools: list, by_position: bool = False):
        self.system, self.questions, self.results, self.asked = [], [], {}, set()
        self.earlier, read_at, ran = set(), {}, -1  # 以前的问题里读到的；第几条消息里读到的；最后执行的命令
        self.reused = []  # 回答用上的、以前的问题里读到的（回答里说出来）
        self.fresh = False  # 用户要重新读：以前的问题里贴的记录也不算了
        self.listed = {}  # 这次对话里列出过的目录 → 里面的名字（list_files、ls 的结果；只用来找文件在哪）
        functions = [t.get("function") or {} for t in tools]
        self.tools = {fn.get("name"): str(fn.get("description") or "") for fn in functions}
        calls, waiting, last = {}, [], max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        for i, m in enumerate(messages):
            role = m.get("role")
            if role == "system":
                self.system.append(text_of(m.get("content")))
            elif role == "user":
                self.questions.append(text_of(m.get("content")))
                self.asked = set()
            if i == last:  # 这个问题之前的：执行过的命令、没读成的（再试一次）、命令执行之前读到的，都不算了
                old = {k for k, r in self.results.items() if k[0] == "run_command" or r.state in ("error", "not_run")}
                self.results = {k: r for k, r in self.results.items() if read_at[k] > ran and k not in old}
                self.earlier = set(self.results)
            elif role == "assistant":
                waiting = [call_of(tc) for tc in m.get("tool_calls") or []]
                calls.update({tc.get("id"): c for tc, c in zip(m.get("tool_calls") or [], waiting, strict=True)})
                self.asked |= {key(c) for c in waiting if c}
            elif role == "tool":
                call = waiting.pop(0) if by_position and waiting else calls.get(m.get("tool_call_id"))
                result = read(*call, m.get("content")) if call else None
                if result and result.state != "missing":  # 没有执行完的调用：当作没有结果
                    self.results[key(call)], read_at[key(call)] = result, i
                    self.earlier.discard(key(call))
                    self.listed.update(entries_of(result))
                    ran = i if result.tool == "run_command" and result.state not in ("not_run", "error") else ran
        if ran > last:  # 这个问题里执行过命令（可能改了文件）：以前的问题里读到的也不算了
            self.forget_earlier()

    def places(self, name: str, near: str) -> list:
        """只说了文件名、可能在 near 目录里的文件，按可能的先后：列出过的目录里看到了它就是那里，看到了没有它就是
        另一处；都没列出过就先试 near 里的，再试顶层的。"""
        if "/" in name or not near:
            return [name]
        top, there, inside = self.listed.get("."), self.listed.get(near), f"{near}/{name}"
        if there is not None and name in there:
            return [inside]
        if top is not None and name in top or there is not None:
            return [name]
        return [inside] if top is not None else [inside, name]

    def forget_earlier(self) -> None:
        """用户要重新读（“重新读一下”“read it again”）：以前的问题里读到的都不算了。"""
        self.results = {k: r for k, r in self.results.items() if k not in self.earlier}
        self.earlier, self.fresh = set(), True

    def need(self, *calls) -> list:
        """这些调用的结果；还没做的先抛 Missing。这个问题里调用过却没有结果的（missing）、请求里没有的工具（no_tool）
        都不再调用：每个计划只会要有限的几次。"""
        todo = [c for c in calls if c[0] in self.tools and key(c) not in self.results and key(c) not in self.asked]
        if todo:
            raise Missing(todo)
        absent = {c[0]: "missing" if c[0] in self.tools else "no_tool" for c in calls}
        seen = {key(c) for c in self.reused}
        self.reused += [c for c in calls if key(c) in self.earlier and key(c) not in seen]
        return [self.results.get(key(c)) or Result(*c, state=absent[c[0]]) for c in calls]

    def already(self, tool: str, args: dict) -> "Result | None":
        """请求里已经有的这个调用的结果；没有是 None（不为它调用）。以前的问题里的，记在 reused 里（回答里说出来）。"""
        k = key((tool, args))
        got = self.results.get(k)
        self.reused += [(tool, args)] if got and k in self.earlier and k not in map(key, self.reused) else []
        return got

    def pages(self, tool: str, args: dict, enough=None) -> Result:
        """读完一个文件、列完一个目录（拼成一个 Result）：说后面还有，就从它说的 offset 接着要，最多 MAX_PAGES 页；
        enough(到目前为止的文字) 为真就不往下读了。"""
        got = self.need((tool, args))
        while got[-1].state == "more" and len(got) < MAX_PAGES and not (enough and enough(joined(got).text)):
            got += self.need((tool, {**args, "offset": got[-1].more}))
        return joined(got)


def entries_of(found: Result) -> dict:
    """list_files 和 ls -Apq 的结果：{目录: 里面的名字}；别的结果是 {}。"""
    said = str(found.args.get("command", "")) if found.tool == "run_command" else ""
    command = re.fullmatch(r"ls -Apq(?: (\S+))?", said)
    folder = found.args.get("path", ".") if found.tool == "list_files" else command and (command[1] or ".")
    if not isinstance(folder, str) or found.state != "complete":  # 只看到一部分的：没有它也不能说不在那里
        return {}
    names = {re.sub(r"（[^（]*，不能读取）$", "", n).rstrip("/") for n in found.lines}
    return {folder.strip("'").removeprefix("./").rstrip("/") or ".": names}


def gather(plan, items: list) -> list:
    """每一项都 plan(项)：各自缺的调用放在同一次回复里要（去掉重复的）；都有了才返回各自的结果。"""
    got, calls = [], []
    for item in items:
        try:
            got.append(plan(item))
        except Missing as missing:
            calls += missing.calls
    if calls:
        raise Missing(list({key(c): c for c in calls}.values()))  # 去掉重复的（先出现的在前）：线性时间
    return got


def all_pages(facts: Facts, tool: str, arguments: list, enough=None) -> list:
    """几个文件一起读完（facts.pages）：每一轮把各自缺的那一页放在同一次回复里要。"""
    return gather(lambda args: facts.pages(tool, args, enough), arguments)


def joined(pages: list) -> Result:
    """几页拼成一个 Result（前面的页都说后面还有）：最后一页读过了末尾，前面的就是全部；出错、没有结果就算没读全。"""
    state = {"end": "complete", "more": "more", "complete": "complete"}.get(pages[-1].state, "cut")
    lines = tuple(line for p in pages for line in p.lines)  # 没读成的页没有行
    return pages[0] if len(pages) == 1 else replace(pages[0], state=state, lines=lines, partial=pages[-1].partial)


def why_not(got: Result, en: bool) -> str:
    """一个事实为什么用不了：工具报的错原样引用，其余按状态说。"""
    said = " ".join(got.raw.removeprefix("错误：").strip("[]").split())[:200]  # 工具的原话
    return said if got.state == "error" else say(f"state_{got.state}", en, tool=got.tool, said=said)


def usable(got: Result) -> bool:
    return got.state in ("complete", "cut", "more")
