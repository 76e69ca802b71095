"""离线演示的计划：第二篇讲义的四个 shell 任务：看目录、查 git 分支、建一个 .py 再运行它、数行数。

命令都经过 run_command，用户批准了才执行。用 POSIX shell 还是 cmd.exe，看请求里 run_command 的说明，不看这台机器。
回答只引用输出里看得到的：没执行就说没执行，退出码不是 0 就引用报错，输出被截掉了就说只看到一部分。
"""

import re
from dataclasses import replace

from support.demo.facts import why_not
from support.demo.project import TEST_FOLDERS, TEST_NAME
from support.demo.sentences import join, say

KINDS = ("ls", "branch", "create", "count")
ERROR_WORDS = r"error|fatal|not found|no such|cannot|can't|denied|invalid|illegal|错误|失败|找不到|不是内部或外部命令"
REASONS = ("reason_no_tty", "reason_declined", "reason_too_long")  # run_command 说的几种没执行的原因
QUOTED = 20  # 最多引用输出的前几行


def listed_files(part, facts):
    """测试目录里列出来的文件（最多 20 个，子目录不算；多的记在 skipped 里）：没说是哪个目录，就是顶层的 tests/、
    test/ 这些里第一个有的（不分大小写）；都没有，就是顶层按测试命名的文件。返回 (part, 那个目录的列表或 None)。"""
    whole = facts.pages("list_files", {"path": "."}) if part.folder == "." else None
    folder, top = part.folder, whole.lines if whole else ()
    dirs = {n.rstrip("/").lower(): n.rstrip("/") for n in top if n.endswith("/")}
    folder = next((dirs[f] for f in TEST_FOLDERS if f in dirs), folder)
    got = facts.pages("list_files", {"path": folder}) if folder != "." else None
    files = (
        [f"{folder}/{n}" for n in got.lines if n and not n.endswith(("/", "不能读取）"))] if got else []
    )  # 读不了的项
    files = files or [n for n in top if re.fullmatch(TEST_NAME, n, re.I)]  # 顶层的 test_app.py
    return replace(part, folder=folder, names=files[:20], skipped=files[20:]), got or whole  # 顶层没列全：也不说没有


def word(text: str, windows: bool) -> str:
    """命令里的一个词：只有安全的字符就原样，否则 POSIX shell 加单引号、cmd 加双引号。"""
    if re.fullmatch(r"[\w@%+=:,./\\-]+", text):
        return text
    return f'"{text}"' if windows else "'" + text.replace("'", "'\"'\"'") + "'"


def ran(facts, command: str, en: bool, what: str, quoting: bool = False, **fields) -> tuple:
    """执行 command：(结果, 问题)。问题是照实说的那句话：没执行、失败了、输出截断了一行也没看到（quoting：引用输出
    时由 quoted_output() 说）；成功了是 ""。"""
    got, what = facts.need(("run_command", {"command": command}))[0], say(what, en, **fields)
    if got.state in ("not_run", "no_tool", "missing", "error"):
        return got, say("not_run", en, reason=reason(got, en), what=what)
    if got.state == "unreadable":
        return got, say("command_odd", en, command=command, said=" ".join(got.raw.split())[:120], what=what)
    if got.code:  # 退出码不是 0：引用最像报错的那一行（超时的说明优先，没有就是最后一行）
        errors = [t for _, t in got.notes if t.startswith("[超过")] + [
            x for x in got.lines if re.search(ERROR_WORDS, x, re.I)
        ]
        line = (errors or list(got.lines) or [say("no_output", en)])[0 if errors else -1].strip()
        return got, say("failed", en, command=command, code=got.code, line=line[:200] + "…" * (len(line) > 200))
    unseen = got.state == "cut" and not got.lines and not quoting
    return got, say("cut_unseen", en, command=command, what=what) if unseen else ""


def reason(got, en: bool) -> str:
    """没执行的原因：run_command 的原话（英文回答里认得的几句换成英文）；没有结果、没有这个工具：照状态说。"""
    if got.state in ("no_tool", "missing"):
        return say(f"state_{got.state}", en, tool="run_command")
    text = got.raw.removeprefix("没有执行：")
    return next((say(k, True) for k in REASONS if en and text.startswith(say(k, False))), text)


def quoted_output(got, en: bool) -> str:
    """输出的前 QUOTED 行，缩进引用；中间被截掉了就说只看到头尾。"""
    lines = [f"    {line}" for line in got.lines[:QUOTED]] or [
        "    " + say("output_unseen" if got.state == "cut" else "no_output", en)
    ]
    more = say("output_first", en, n=len(got.lines), shown=QUOTED) if len(got.lines) > QUOTED else ""
    return "\n\n" + "\n".join(lines) + more + say("output_part", en) * (got.state == "cut")


def ls(part, facts, en: bool) -> str:
    """列一个目录；只说了目录名、可能在上一个目录里的（near：“prisma 下有什么？那 migrations 里面呢？”），按列出过的
    结果定在哪里，定不了就先列那个目录里的，没有再列顶层的。"""
    windows = "cmd.exe" in facts.tools.get("run_command", "").lower()
    for folder in facts.places(part.folder, part.near) if part.folder != "." else ["."]:
        here, part = folder == ".", replace(part, folder=folder)
        command = ("dir /b /a" if windows else "ls -Apq") + ("" if here else " " + word(folder, windows))
        got, problem = ran(facts, command, en, "what_ls", where=say("here", en) if here else folder)
        if not (problem and got.code):  # 那个目录里没有：再列另一处的
            break
    names = [n for n in got.lines if n.strip()]
    if problem or not names:
        return problem or say("ls_empty", en, command=command, where=say("here", en) if here else part.folder)
    head = "ls_head_part" if got.state == "cut" else "ls_head"
    inside = [n for n in names if n.endswith("/")]  # 只列了这一层：子目录里的没有列，说出来
    folders = join(inside[:5], en) + say("etc", en) * (len(inside) > 5)
    flat = say("ls_flat", en, folders=folders) if inside else ""
    listed = say(head, en, command=command, n=len(names), names=join(names, en))
    kind = [n for n in names if n.lower().endswith(f".{part.ext}")] if part.ext else []  # “src 里有几个 .py 文件”
    key = "ls_ext_top" if inside else "ls_ext"  # 有子目录：数的只是这一层，不说“一共 0 个”
    listed += say(key, en, ext=part.ext, n=len(kind), names=join(kind, en) or "—") if part.ext else ""
    return listed + say("output_part", en) * (got.state == "cut") + flat


def branch(part, facts, en: bool) -> str:
    command = "git branch --show-current"
    got, problem = ran(facts, command, en, "what_branch")
    names = [line.strip() for line in got.lines if line.strip()]
    if problem or not names:  # 不是 git 仓库：git 的报错原样引出来
        return problem or say("detached", en, command=command)
    if len(names) > 1:  # 还有别的行（git 的警告）：分不清哪一行是分支名，照原样引出来
        return say("count_head", en, command=command) + quoted_output(got, en)
    return say("branch", en, branch=names[0], command=command)


def create(part, facts, en: bool) -> str:
    """建文件（写一行内容），要运行就再运行它：两条命令，各确认一次；第一条没成功就不要第二条。"""
    name, windows = part.names[0], "cmd.exe" in facts.tools.get("run_command", "").lower()
    if not part.content:
        return say("what_content", en, name=name)
    if windows and re.search(r"[%!\n]", part.content):  # cmd 的 echo 会展开 %X%、!X!，写不了换行：不假装写对了
        return say("cmd_cannot_write", en, name=name, content=part.content)
    got, problem = ran(facts, write_command(name, part.content, windows), en, "what_created", name=name)
    if got.state == "not_run":
        return say("not_created", en, name=name, reason=reason(got, en)) + say("not_run_either", en) * part.run
    if problem:
        return problem + say("create_failed", en) * bool(got.code)
    made = say("created", en, name=name, content=part.content)
    if not part.run:
        return made + say("full_stop", en)
    go = f"{'python' if windows else 'python3'} {word(name, windows)}"
    got, problem = ran(facts, go, en, "what_printed", quoting=True)
    if got.state == "not_run":
        return made + say("run_not_run", en, reason=reason(got, en))
    if problem:
        return made + (say("run_failed", en) + problem if got.code else say("full_stop", en) + "\n\n" + problem)
    return made + say("ran", en, command=go) + quoted_output(got, en)


def write_command(name: str, content: str, windows: bool) -> str:
    """把一行内容写进文件的命令。cmd：引号外面的 ^ & | < > 前面加 ^，重定向写在前面。"""
    if not windows:
        return f"printf '%s\\n' {word(content, False)} > {word(name, False)}"
    escaped, inside = "", False
    for c in content:
        inside ^= c == '"'
        escaped += f"^{c}" if c in "^&|<>" and not inside else c
    return f"> {word(name, True)} echo {escaped}"


def count(part, facts, en: bool) -> str:
    """数行数：一个文件，或者一个目录下的 *.扩展名（只这一层）；cmd 用 find /c，POSIX 用 wc -l。引用命令的输出。
    ext 是 *（“测试文件有哪些？各有几行？”）：先列出测试目录，数里面列出来的每个文件。只说了文件名、可能在前面说到的
    目录里的（near）：按列出过的结果定在哪里；定不了就先数那个目录里的，没有再数顶层的。"""
    windows, ext = "cmd.exe" in facts.tools.get("run_command", "").lower(), part.ext or "py"  # 没说哪种文件：数 .py
    listing = None
    if ext == "*":
        part, listing = listed_files(part, facts)
    if listing and listing.state != "complete":  # 列不出来、没列完：不说“没有”，也不只数列出来的那些
        return say("count_unlisted", en, folder=part.folder, why=why_not(listing, en))
    if ext == "*" and not part.names:
        return say("count_no_files", en, folder=part.folder)
    places = facts.places(part.names[0], part.near) if len(part.names) == 1 else [None]
    for place in places:
        part = replace(part, names=[place], folder=place) if place else part
        command = count_command(part, ext, windows)
        what = ("what_count_file", {"name": join(part.names, en)}) if part.names else ("what_count", {"ext": ext})
        got, problem = ran(facts, command, en, what[0], **what[1])
        if not (problem and got.code):  # 那个目录里没有：再数另一处的
            break
    whole = facts.already("read_file", {"path": part.names[0]}) if part.names else None
    if problem and got.state == "not_run" and whole and whole.state == "complete":  # 没执行，可这个文件已经读全了
        return problem + say("count_from_read", en, name=part.names[0], n=len(whole.lines))
    flat = "" if part.names or got.state == "not_run" else say("count_flat", en, ext=ext)  # *.py 只数这一层
    flat += say("count_guess", en) if not (part.names or part.ext or got.state == "not_run") else ""
    flat += say("too_many", en, names=join(part.skipped, en), n=20) if ext == "*" and part.skipped else ""
    listed = listing.lines if listing and part.folder != "." else ()
    folders = [f"{part.folder}/{n}" for n in listed if n.endswith("/")]
    flat += say("count_subfolders", en, folders=join(folders[:5], en)) if folders else ""  # 列出来的子目录没有数
    if problem:  # 没有这种文件时 shell 不展开 *.py：wc 的报错原样引出来
        return problem + flat
    newline = say("count_newlines", en) * (not windows)  # wc -l 数换行符：最后一行没有换行符就少数一行
    return say("count_head", en, command=command) + quoted_output(got, en) + newline + flat


def count_command(part, ext: str, windows: bool) -> str:
    """数行数的命令：几个文件，或者一个目录下的 *.扩展名。"""
    target = part.names[0] if part.names else ("" if part.folder == "." else part.folder + "/") + f"*.{ext}"
    if windows:
        targets = " ".join(f'"{n.replace("/", chr(92))}"' for n in part.names or [target])
        return f'for %f in ({targets}) do @find /c /v "" "%f"'
    if part.names:
        return "wc -l " + " ".join(word(n, False) for n in part.names)
    folder, _, name = target.rpartition("/")
    return f"wc -l {word(folder, False) + '/' if folder else ''}{name}"
