"""离线演示的读者：请求里的一切只在这里读成事实，别处不解析工具结果。

每个工具结果读成一个 Result：内容的行（去掉了行号、提示和截断说明，截断处的半行也去掉）和它的状态：
complete 完整、more 后面还有（工具说了从哪里接着读）、cut 只看到一部分、error 工具报错、unreadable 读不出文字、
not_run 没有执行、empty 空的、end 读过了末尾、missing 调用了却没有结果、no_tool 这次请求没有这个工具。
计划向 Facts 要事实：有就给；请求里还没有就抛 Missing，model.py 把它变成这一轮的工具调用。
"""

import json
import re
from dataclasses import dataclass, replace
from decimal import Decimal

from support.json_safe import loads, shallow

MAX_PAGES = 5  # 一个文件、一个目录最多翻几页：页码只往前走，不会绕回来；没读完就说只看到一部分
INTERRUPTED = "没有结果："  # agent.py 给没有执行完的调用补上的结果：不是工具的结果
NUMBER = re.compile(r"(\d{1,18})\t")  # 我们的 read_file 给每行加的行号
READ_HINT = re.compile(r"\[第 (\d{1,18})–(\d{1,18}) 行；后面还有约 \d+ 字节没显示，用 offset=(\d{1,18}) 继续读\]")
LIST_HINT = re.compile(r"\[第 (\d{1,18})–(\d{1,18}) 项，共 (\d{1,18}) 项；用 offset=(\d{1,18}) 继续列出\]")
CLIPPED = re.compile(r"…（中间省略了 \d+ (?:个字符|字节)）…|…截断")  # dispatch_tool、run_command 截掉的地方
LINE_CUT = re.compile(r" …（此行过长，只显示前 \d+ 个字符）$|…（此行过长）$")
# 工具自己说的一句话（空的、超出末尾、读不出）；list_files 的带 [ ] 和 /，不是哪一项的名字
LIST_MESSAGE = re.compile(r"\[.*/ (是空目录|只有 \d+ 项，offset=\d+ 超出了末尾)\]")
MESSAGE = re.compile(
    r" (是空文件|是空目录|只有 \d+ [行项]，offset=\d+ 超出了(?:文件)?末尾|是(?:二进制|UTF-16).*，不显示内容)$"
)
HIT = re.compile(r"(.+?):(\d+): (.*)")
NO_HITS = re.compile(r"在 .* 里没有找到包含 .* 的内容")
SEARCH_NOTE = re.compile(  # search_files 末尾的三种说明，照它的原话
    r"\[(结果已截断)：(只显示了前 \d+ 条匹配；可以换更具体的 query，或用 path 缩小范围)\]"
    r"|\[(有 \d+ 个文件或目录没有搜)：(.*）(?: 等)?)\]"
    r"|\[(没有进去搜的 \d+ 个目录)：(.*（整体搜索跳过隐藏目录、node_modules、site-packages 和虚拟环境；"
    r"要搜里面，把 path 指向它）)\]"
)
COMMAND_NOTE = re.compile(  # run_command 末尾附的说明，照它的原话
    r"\[(超过 [\d.e+]+ 秒，命令已被终止|命令结束时它启动的后台进程还在运行，已(结束了能结束的|一并结束)"
    r"|它启动的进程里有 \d+ 个结束不了(（其中 \d+ 个没有权限结束：换了用户身份）)?，还在运行"
    r"|还有进程占着输出管道，之后的输出没有收集)\]"
)
# 别人写的截断说明，在最后一行的末尾：章节的“... (文件过长，已截断)”、[truncated]、<省略 300 行>、结尾的 ...……
CUT_NOTE = re.compile(
    r"(?:\.\.\.|…|[\[(（<{*=—#-]).{0,60}(?:截断|截短|省略|未显示|没显示|只显示|过长|太长|剩余|剩下|还有 ?\d|"
    r"truncat|omit|elided|clip|cut off|too long|more (?:lines|char|bytes)|showing (?:the )?first|remaining)"
    r"|(?:\.\.\.|…+)\s*$",
    re.I,
)


class Missing(Exception):
    """计划要的事实还不在请求里：这一轮先去要它们（一组工具调用）。"""

    def __init__(self, calls: list):
        super().__init__(calls)
        self.calls = calls


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
    states = {"错误：": "error", "没有执行：": "not_run", INTERRUPTED: "missing"}
    said = tool != "read_file" or "\n" not in raw.rstrip("\n")  # 章节的 read_file 原样返回：以“错误：”开头的文件也有
    found = Result(tool, args, raw, next((v for k, v in states.items() if said and raw.startswith(k)), "complete"))
    if found.state != "complete" or raw == "（空结果）":  # （空结果）：dispatch_tool 替什么也没返回的工具写的
        return found if found.state != "complete" else replace(found, state="empty")
    lines, last = raw.split("\n"), raw.count("\n")
    cuts = [i for i, line in enumerate(lines) if CLIPPED.fullmatch(line.strip()) and ("省略" in line or i == last)]
    torn = {j for i in cuts for j in (i - 1, i, i + 1) if j or tool != "run_command"}  # 截断处两边的行只剩半行
    lines = [line for i, line in enumerate(lines) if i not in torn]
    one = lines[0] if len(lines) == 1 and (tool == "list_files" or lines[0].startswith(str(args.get("path")))) else ""
    one = one if len(one) < 1000 else ""  # 工具的一句话不长：长的是内容（也免得回溯）
    if m := (LIST_MESSAGE if tool == "list_files" else MESSAGE).search(one):
        return replace(found, state="empty" if m[1].startswith("是空") else "end" if "超出" in m[1] else "unreadable")
    reader = {"read_file": file_page, "list_files": list_page, "search_files": search_page, "run_command": output}
    return reader.get(tool, other_page)(found, lines, bool(torn))


def other_page(found: Result, lines: list, cut: bool) -> Result:
    return replace(found, state="cut" if cut else "complete", lines=tuple(lines))


def file_page(found: Result, lines: list, cut: bool) -> Result:
    """read_file 的一页：带行号的（我们的）或原样的（章节的）；末尾的翻页提示和这一页对得上才照着翻页。"""
    hint = READ_HINT.fullmatch(lines[-1].strip()) if lines else None
    body, more = (lines[:-1] if hint else lines), None
    numbers = [NUMBER.match(line) for line in body]
    if body and all(numbers) and all(int(a[1]) < int(b[1]) for a, b in zip(numbers, numbers[1:], strict=False)):
        first, last, offset = int(numbers[0][1]), int(numbers[-1][1]), found.args.get("offset", 1)
        fits = hint and not cut and [int(g) for g in hint.groups()] == [offset, last, last + 1] and first == offset
        more, cut = (last + 1, cut) if fits else (None, cut or bool(hint))  # 对不上的提示：不照着它翻页
        body = [line[m.end() :] for line, m in zip(body, numbers, strict=True)]
    elif lines and (m := CUT_NOTE.search(tail := lines[-1][-200:])):  # 不是我们的 read_file：像提示的那行也是内容
        line, own_line = lines[-1], not tail[: m.start()].strip()  # 说明单独一行：它前面那一行可能被切在半中间
        partial = lines[-2] if own_line and len(lines) > 1 else line[: len(line) - len(tail) + m.start()]
        body, cut, found = lines[: -2 if own_line else -1], True, replace(found, partial=partial)
    else:
        body = body[:-1] if body[-1:] == [""] else body  # 章节的 read_file 原样返回：文件末尾的换行不是一行
    if any(LINE_CUT.search(line) for line in body):
        body, cut = [LINE_CUT.sub("", line) for line in body], True
    body = [body[0].removeprefix("\ufeff"), *body[1:]] if body else []
    return replace(found, state="more" if more else "cut" if cut else "complete", lines=tuple(body), more=more)


def list_page(found: Result, lines: list, cut: bool) -> Result:
    """list_files 的一页：每行一项（目录以 / 结尾）；没列完时末尾的提示要和这一页对得上。"""
    hint = LIST_HINT.fullmatch(lines[-1].strip()) if lines else None
    body, more = (lines[:-1] if hint else lines), None
    if hint:
        first, last, total, go_on = (int(g) for g in hint.groups())
        fits = first == found.args.get("offset", 1) and last - first + 1 == len(body) and go_on == last + 1 > first
        more, cut = (go_on, cut) if fits and total > last and not cut else (None, True)
        body = body if fits else lines  # 对不上的提示：可能是一个这样命名的文件，也算一项
    elif lines and CUT_NOTE.search(lines[-1][-200:]):  # 别人的 list_files 说没列完（“... (truncated)”）
        body, cut = lines[:-1], True
    return replace(found, state="more" if more else "cut" if cut else "complete", lines=tuple(body), more=more)


def search_page(found: Result, lines: list, cut: bool) -> Result:
    """search_files：匹配的行（文件:行号: 内容），末尾说哪里没搜；被截断、有匹配行只显示了开头，都是 cut。"""
    notes, ambiguous = [], []
    while lines and (m := SEARCH_NOTE.fullmatch(lines[-1].strip())):
        kind, text = next((m[i], m[i + 1]) for i in (1, 3, 5) if m[i])
        ambiguous += [lines[-1].strip()] if HIT.fullmatch(lines[-1]) else []  # 也可能是一个这样命名的文件里的匹配
        notes, lines = [(kind, text), *notes], lines[:-1]
    cut = cut or any(kind == "结果已截断" for kind, _ in notes) or any(LINE_CUT.search(line) for line in lines)
    if lines and not HIT.fullmatch(lines[-1]) and CUT_NOTE.search(lines[-1][-200:]):  # 别人的 search 说截断了
        lines, cut = lines[:-1], True
    if len(lines) == 1 and len(lines[0]) < 1000 and NO_HITS.fullmatch(lines[0]):  # “没有找到”是整个结果
        ambiguous, lines = ambiguous + [lines[0]] * bool(HIT.fullmatch(lines[0])), []
    notes += [("ambiguous", n) for n in ambiguous]
    hits = tuple(LINE_CUT.sub("", line) for line in lines if HIT.fullmatch(line))
    return replace(found, state="cut" if cut else "complete", lines=hits, notes=tuple(notes))


def output(found: Result, lines: list, cut: bool) -> Result:
    """run_command：第一行是退出码，后面是输出；末尾附的说明（超时、后台进程、没收集的输出）放进 notes。"""
    m = re.fullmatch(r"退出码：(-?\d{1,18})", lines[0]) if lines else None
    if not m:
        return replace(found, state="error")
    body, notes = lines[1:], []
    while body and COMMAND_NOTE.fullmatch(body[-1]):  # 说明只在末尾：命令自己打印的像说明的行照样是输出
        notes, body = [("note", body[-1]), *notes], body[:-1]
    body = [] if body == ["（没有输出）"] else body
    cut = cut or any("没有收集" in text for _, text in notes)
    return replace(found, state="cut" if cut else "complete", lines=tuple(body), notes=tuple(notes), code=int(m[1]))


def text_of(content) -> str:
    """消息的 content：字符串，或者分段的 [{"type": "text", "text": …}]。"""
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))


def json_records(text: str) -> list:
    """用户贴在自己话里的 JSON 对象（第三篇讲义的自测 4：库存 JSON 接在问题后面）：看前 10000 个字符里的前 20 个 {。"""
    found, text = [], text[:10000]
    for m in list(re.finditer(r"\{", text if shallow(text) else ""))[:20]:
        try:
            found.append(json.JSONDecoder(parse_float=Decimal).raw_decode(text, m.start())[0])
        except (ValueError, RecursionError):
            continue
    return [data for data in found if isinstance(data, dict)]


def call_of(tc) -> tuple | None:
    """历史里的一个 tool_call → (工具名, 参数 dict)；形状不对是 None。"""
    fn = tc.get("function") if isinstance(tc, dict) else None
    try:
        args = loads(fn["arguments"])
    except (TypeError, KeyError, ValueError, RecursionError):
        return None
    return (fn.get("name"), args) if isinstance(args, dict) and isinstance(fn.get("name"), str) else None


class Facts:
    """请求里的事实。每条 tool 结果按 tool_call_id 找到它回答的调用（by_position：按位置，第三篇讲义的实验 d）。

    以前的问题里读到的照样算数，不再去读；只有一样例外：后来执行过命令（命令可能改了文件），那以前读到的就不算了，
    以前执行的命令也不算，新的问题要再执行一次。
    """

    def __init__(self, messages: list, tools: list, by_position: bool = False):
        self.system, self.questions, self.results, self.asked = [], [], {}, set()
        self.born, self.count, self.ran = {}, 0, 0  # 每个结果是第几个读到的；最后一次执行命令是第几个
        self.earlier = set()  # 以前的问题里读到的（还算数的那些）
        functions = [t.get("function") or {} for t in tools]
        self.tools = {fn.get("name"): str(fn.get("description") or "") for fn in functions}
        calls, waiting = {}, []
        for m in messages:
            role = m.get("role")
            if role == "system":
                self.system.append(text_of(m.get("content")))
            elif role == "user":
                self.questions.append(text_of(m.get("content")))
                self.new_question()
            elif role == "assistant":
                waiting = [call_of(tc) for tc in m.get("tool_calls") or []]
                calls.update({tc.get("id"): c for tc, c in zip(m.get("tool_calls") or [], waiting, strict=True)})
                self.asked |= {key(c) for c in waiting if c}
            elif role == "tool":
                call = waiting.pop(0) if by_position and waiting else calls.get(m.get("tool_call_id"))
                result = read(*call, m.get("content")) if call else None
                if result and result.state != "missing":  # 没有执行完的调用：当作没有结果
                    self.add(result)

    def add(self, result: Result) -> None:
        k = key((result.tool, result.args))
        self.count += 1
        self.results[k], self.born[k] = result, self.count
        self.earlier.discard(k)
        if result.tool == "run_command" and result.code is not None:  # 命令执行过：之前读到的，下个问题不再算数
            self.ran = self.born[k]

    def new_question(self) -> None:
        kept = {k: r for k, r in self.results.items() if k[0] != "run_command" and self.born[k] > self.ran}
        kept = {k: r for k, r in kept.items() if r.state not in ("error", "not_run")}  # 没读成的，新问题里再试
        self.results, self.asked, self.earlier = kept, set(), set(kept)

    def forget_earlier(self) -> None:
        """用户要重新读（“重新读一下”“read it again”）：以前的问题里读到的都不算了。"""
        self.results = {k: r for k, r in self.results.items() if k not in self.earlier}
        self.earlier = set()

    def need(self, *calls) -> list:
        """这些调用的结果；有还没做的就抛 Missing。这个问题里调用过却没有结果的不再调用（state 是 missing），
        请求里没有的工具也不调用（no_tool）：每个计划只会要有限的几次。"""
        todo = [c for c in calls if c[0] in self.tools and key(c) not in self.results and key(c) not in self.asked]
        if todo:
            raise Missing(todo)
        absent = {c[0]: "missing" if c[0] in self.tools else "no_tool" for c in calls}
        return [self.results.get(key(c)) or Result(*c, state=absent[c[0]]) for c in calls]

    def pages(self, tool: str, args: dict, enough=None) -> Result:
        """读完一个文件、列完一个目录：结果说后面还有，就从它说的 offset 接着要，最多 MAX_PAGES 页；
        enough(到目前为止的文字) 为真就不往下读了。返回拼起来的一个 Result。"""
        got = self.need((tool, args))
        while got[-1].state == "more" and len(got) < MAX_PAGES and not (enough and enough(joined(got).text)):
            got += self.need((tool, {**args, "offset": got[-1].more}))
        return joined(got)


def all_pages(facts: Facts, tool: str, arguments: list, enough=None) -> list:
    """几个文件一起读完（facts.pages）：每一轮把各自缺的那一页放在同一次回复里要。"""
    got, missing = [], []
    for args in arguments:
        try:
            got.append(facts.pages(tool, args, enough))
        except Missing as m:
            missing += m.calls
    if missing:
        raise Missing(missing)
    return got


def joined(pages: list) -> Result:
    """几页拼成一个 Result：后面一页出错、没有结果就算没读全；读过了末尾，前面的就是全部。"""
    ok = [p for p in pages if p.state in ("more", "complete", "cut")]
    if len(pages) == 1 or not ok:
        return pages[0]
    state = "cut" if any(p.state == "cut" for p in ok) or pages[-1].state in ("error", "missing") else ok[-1].state
    state = "complete" if state == "more" and pages[-1].state == "end" else state
    return replace(pages[0], state=state, lines=tuple(line for p in ok for line in p.lines), partial=ok[-1].partial)
