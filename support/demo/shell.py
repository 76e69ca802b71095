"""离线演示的 shell 规则（第二篇讲义的四个例子）：看目录里有什么、查 git 分支、建一个 .py 文件再运行它、
数每个 .py 文件的行数。“这个项目是做什么的”“跑一下测试”在 project.py，也用这里的命令和读结果的办法。

命令都经过 run_command：用户先看到整条命令再批准（或者 --yes）。回答只说输出里看得到的：
没执行就说没执行，不装作知道答案；退出码不是 0 就说失败了并引用报错；输出被截掉了就说只看到一部分。
命令按所在的系统选：Windows 用 cmd 的写法，其余用 POSIX shell。每个回答都有中文和英文两种说法。
"""

import os
import re
import shlex
import subprocess
import sys

from support.demo.calls import first_new, result
from support.demo.reader import command_outcome
from support.demo.texts import reason, say

WINDOWS = os.name == "nt"
# 问题的意图（问题先转成小写）
RUN_TESTS = (
    r"(跑|运行|执行)(一下|一遍|下)?(所有的?|全部的?)?(单元)?测试|测试.{0,3}(跑|运行)"
    r"|\b(run|execute)\b.{0,20}\b(tests?|pytest|test suite)\b"
)
BRANCH = r"分支|\bbranch\b"
COUNT = r"行数|多少行|\bcount\b.{0,30}\blines?\b|\bline counts?\b|\bhow many lines\b|\blines of code\b|\bwc\b"
LISTING = (
    r"(目录|文件夹|这里|这儿)(下|里|中)?(面)?(都)?(有)?(些|哪些|什么).{0,2}(文件|东西)|列出.{0,8}文件"
    r"|\bls\b|\blist\b.{0,15}\bfiles\b|\bwhat files\b|\bwhat('s| is) in (this|the|the current) (dir|directory|folder)\b"
)
ABOUT = (
    r"(做|干)(什么|啥)的|是干嘛的|有什么用|介绍一下(这个)?(项目|仓库)|(项目|仓库)的?(简介|介绍|用途)"
    r"|\bwhat (does|is) (this|the|it)( project| repo| repository| app| codebase| program| tool)? ?(do|for|about)\b"
    r"|\bwhat('s| is) this (project|repo|repository|codebase)\b|\b(about|describe) (this|the) (project|repo|codebase)\b"
)
MAKE = r"创建|新建|建一个|写一个|写入|\b(create|make|write)\b"
PY_FILE = r"(?<![A-Za-z0-9_./\\-])([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.py)(?![A-Za-z0-9_])"
CONTENT = (
    r"(?:写入|写上|内容是|内容为|里面写)\s*[:：]?\s*(.+?)\s*[，,。；;]?\s*(?:然后|并且|并|再|接着|之后|$)",
    r"\b(?:with(?: the)?(?: content| code| contents)?|containing|that contains)\s*:?\s*(.+?)\s*[,;]?\s*"
    r"(?:and then|then|and run|and execute|$)",
    r"\bwrite\s+(.+?)\s+(?:in)?to\s+",
)
QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "「": "」"}
NOT_REPO = r"not a git repository|不是.{0,3}git ?仓库"
FOLDER = (r"([A-Za-z0-9_./\\~-]+)\s*(?:目录|文件夹)?\s*(?:下|里|中)", r"\b(?:in|under|inside)\s+([A-Za-z0-9_./\\~-]+)")
NOT_FOLDERS = ("the", "this", "current", "each", "every", "all", "my", "our", "here", "python", "it")
ERROR_WORDS = r"error|fatal|not found|no such|cannot|can't|denied|错误|失败|找不到|不是内部或外部命令"


def understand_shell(question: str):
    """问题 → (意图, 细节)；不是这几类问题返回 None。"""
    q = question.lower()
    made = re.search(PY_FILE, question)
    if made and re.search(MAKE, question[: made.start()].lower()):  # “创建 hello.py”：动词在文件名前面
        return "create", created_file(question, made.group(1))
    if re.search(RUN_TESTS, q):
        return "run_tests", None
    if re.search(BRANCH, q):
        return "branch", None
    if re.search(COUNT, q):
        return "count", count_target(question)
    if re.search(LISTING, q) and not re.search(r"测试|\btests?\b", q):  # “tests 目录下有哪些测试文件”不是这个
        return "ls", count_target(question)[0]  # “pkg 目录下都有些什么文件”：列 pkg
    if re.search(ABOUT, q):
        return "about", None
    return None


def created_file(question: str, name: str) -> tuple:
    """“创建一个 hello.py 写入 print("hi") 然后运行它” → ("hello.py", 'print("hi")', True)。没说内容时内容是 None。"""
    content = next((m.group(1) for p in CONTENT if (m := re.search(p, question, re.IGNORECASE))), None)
    if content:
        content = re.sub(r"[,，]\s*(thanks|thank you|please|pls|谢谢|多谢|麻烦了)\W*$", "", content.strip(), flags=re.I)
        content = content.rstrip("。；;，,")  # 句末的标点、客气话不是文件内容
        if len(content) > 1 and QUOTES.get(content[0]) == content[-1]:
            content = content[1:-1]
    rest = question.replace(content, "") if content else question
    return name, content or None, bool(re.search(r"运行|执行|跑|\b(run|execute)\b", rest.lower()))


def count_target(question: str) -> tuple:
    """“统计 src 下每个 .py 文件的行数” → ("src", "py")。没说目录就是 "."，没说扩展名就是 py。"""
    ext = re.search(r"(?<![A-Za-z0-9_])\.([A-Za-z0-9]{1,8})(?![A-Za-z0-9_])", question)
    folders = [
        m.group(1)
        for pattern in FOLDER
        for m in re.finditer(pattern, question)
        if m.group(1).lower() not in NOT_FOLDERS and not re.match(r"\.\w", m.group(1))  # “.py”不是目录
    ]
    path = (folders or ["."])[0]
    if os.path.isfile(path) and "." in os.path.basename(path):  # “src/index.js 有多少行”：数这个文件
        return path, path.rsplit(".", 1)[1].lower()
    return path.rstrip("/\\") or ".", ext.group(1).lower() if ext else "py"


# ── 命令：Windows 用 cmd，其余用 POSIX shell ───────────────────
def run_call(command: str):
    return ("run_command", {"command": command})


def python_command(*args, windows=WINDOWS) -> str:
    """用正在运行 agent 的这个 Python：它一定存在；系统上的 python / python3 不一定有，也不一定是同一个。"""
    words = [sys.executable or ("python" if windows else "python3"), *args]
    return subprocess.list2cmdline(words) if windows else shlex.join(words)


def write_command(name: str, content: str, windows=WINDOWS) -> str:
    """把一行内容写进文件的命令。"""
    if not windows:
        return f"printf '%s\\n' {shlex.quote(content)} > {shlex.quote(name)}"
    escaped, quoted = "", False  # cmd：引号外面的 ^ & | < > 要加 ^；重定向写在前面，行尾不多空格
    for c in content:
        quoted ^= c == '"'
        escaped += f"^{c}" if c in "^&|<>" and not quoted else c
    return f"> {name} echo {escaped}"


def count_command(folder: str, ext: str, windows=WINDOWS) -> str:
    one = os.path.isfile(folder)  # 问的是一个文件
    if windows:
        pattern = f"*.{ext}" if folder == "." else folder.replace("/", "\\") + ("" if one else f"\\*.{ext}")
        return f'for %f in ("{pattern}") do @find /c /v "" "%f"'
    if one:
        return f"wc -l {shlex.quote(folder)}"
    return f"wc -l *.{ext}" if folder == "." else f"wc -l {shlex.quote(folder)}/*.{ext}"


def quote(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 200 else line[:200] + "…"


def not_run(why: str, en: bool, what: str, **fields) -> str:
    return say(en, "not_run", reason=reason(why, en), what=say(en, what, **fields))


def failed(command: str, code: int, lines: list, notes: list, en: bool) -> str:
    """命令失败了：说退出码，引用最像报错的那一行（超时的说明优先，没有就引最后一行）。"""
    errors = [n for n in notes if n.startswith("[超过")] + [x for x in lines if re.search(ERROR_WORDS, x, re.I)]
    line = errors[0] if errors else (lines or [say(en, "no_output")])[-1]
    return say(en, "failed", command=command, code=code, line=quote(line))


def ran(seen, command: str):
    """执行 command：还没执行就返回这一步 [调用]；执行过了返回 command_outcome(结果)。"""
    return first_new(seen, run_call(command)) or command_outcome(result(seen, run_call(command)))


# ── 每类问题一步步怎么走：还缺哪个结果就去要，都有了就回答 ─────────────
def ls_step(seen, folder, en=False):
    command = "dir /b /a" if WINDOWS else "ls -Ap"
    if folder and folder != ".":
        command += " " + (subprocess.list2cmdline([folder.replace("/", "\\")]) if WINDOWS else shlex.quote(folder))
    if isinstance(got := ran(seen, command), list):
        return got
    code, lines, notes, cut = got
    if code is None:
        return not_run(lines[0], en, "what_ls")
    if code:
        return failed(command, code, lines, notes, en)
    if not lines:
        return say(en, "ls_empty", command=command)
    dirs, files = [n for n in lines if n.endswith("/")], [n for n in lines if not n.endswith("/")]
    groups = [("ls_entries", lines)] if WINDOWS else [("ls_dirs", dirs), ("ls_files", files)]
    shown = [say(en, kind, n=len(names), names=few(names, en)) for kind, names in groups if names]
    head = say(en, "ls_head_cut" if cut else "ls_head", command=command, n=len(lines))
    return head + "\n\n" + "\n".join(shown) + cut * say(en, "partly")


def few(names: list, en: bool) -> str:
    """名字太多时只写开头 20 个和结尾 20 个，中间说省略了几个。"""
    if len(names) > 40:
        names = [*names[:20], say(en, "more", n=len(names) - 40), *names[-20:]]
    return ("、" if not en else ", ").join(names)


def branch_step(seen, _detail, en=False):
    command = "git branch --show-current"
    if isinstance(got := ran(seen, command), list):
        return got
    code, lines, notes, _ = got
    if code is None:
        return not_run(lines[0], en, "what_branch")
    wrong = next((line for line in lines if re.search(NOT_REPO, line, re.I)), None)
    if code and wrong:
        return say(en, "not_repo", line=quote(wrong), code=code)
    if code:
        return failed(command, code, lines, notes, en)
    if not lines:
        return say(en, "detached", command=command)
    return say(en, "branch", branch=lines[0].strip(), command=command)


def create_step(seen, detail, en=False):
    name, content, then_run = detail
    if not content:
        return say(en, "what_content", name=name)
    make, go = write_command(name, content), python_command(name)
    if isinstance(got := ran(seen, make), list):
        return got
    code, lines, notes, _ = got
    if code is None:
        return say(en, "not_created", name=name, reason=reason(lines[0], en)) + then_run * say(en, "not_run_either")
    if code:
        return failed(make, code, lines, notes, en) + say(en, "create_failed")
    made = say(en, "created", name=name, content=content)
    if not then_run:
        return made + say(en, "full_stop")
    if isinstance(got := ran(seen, go), list):
        return got
    code, lines, notes, cut = got
    if code is None:
        return made + say(en, "run_not_run", reason=reason(lines[0], en))
    if code:
        return made + say(en, "run_failed") + failed(go, code, lines, notes, en)
    if not lines:
        return made + say(en, "ran_silent", command=go)
    out = "\n".join(f"    {line}" for line in lines[:20])
    return made + say(en, "ran", command=go) + "\n\n" + out + cut * say(en, "partly")


def count_step(seen, detail, en=False):
    folder, ext = detail
    command = count_command(folder, ext)
    if isinstance(got := ran(seen, command), list):
        return got
    code, lines, notes, cut = got
    if code is None:
        return not_run(lines[0], en, "what_count", ext=ext)
    pattern = r"^-{10} (.+): (\d+)$" if WINDOWS else r"^\s*(\d+)\s+(.+?)\s*$"
    rows = [m.groups()[:: -1 if WINDOWS else 1] for line in lines if (m := re.match(pattern, line))]
    files = [(n, name) for n, name in rows if name.lower().endswith(f".{ext}")]
    total = next((n for n, name in rows if not name.lower().endswith(f".{ext}")), None)
    where = say(en, "here") if folder == "." else folder
    if code and not files:
        no_glob = any(f"*.{ext}" in line and re.search(r"no such|没有那个", line, re.I) for line in lines)
        return failed(command, code, lines, notes, en) + no_glob * say(en, "no_glob", ext=ext, where=where)
    if not files:
        return say(en, "count_none", command=command, ext=ext)
    answer = say(en, "count_head", where=where, ext=ext, command=command) + "\n\n"
    answer += "\n".join(say(en, "count_row", name=name, n=n) for n, name in files)
    if total and len(files) > 1:
        answer += say(en, "count_total", n=total)
    if not WINDOWS and any(n == "0" for n, _ in files):  # 0 行的文件可能有一行，只是末尾没有换行符
        answer += say(en, "wc_newlines")
    if code:
        answer += "\n\n" + failed(command, code, lines, notes, en)
    return answer + cut * say(en, "partly")


SHELL_STEPS = {"ls": ls_step, "branch": branch_step, "create": create_step, "count": count_step}
