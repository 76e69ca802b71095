"""离线演示的计划里说“怎么运行”“怎么跑测试”的那一部分（入口、测试文件的计划问到时调用）：package.json 的 scripts、
README 里标题是“Usage”“运行”“测试”这样的一节的 shell 代码块（照原样说出来），再没有就按文件类型、清单里的测试框架说
一般怎么做，都没有就说不出来。README 别的写法（正文里的一句、反引号中的命令）我不读，只说没找到我读得懂的写法。"""

import re

from support.demo import words as w
from support.demo.facts import HIT, all_pages, usable, why_not
from support.demo.manifests import json_object, manifests_in
from support.demo.names import MAX_NAMES
from support.demo.readme import sections
from support.demo.sentences import join, say

GUARD = r"""^\s*if\s+(?:__name__\s*==\s*(['"])__main__\1|(['"])__main__\2\s*==\s*__name__)"""  # 行尾的冒号可能被截掉
NOT_ENTRY = r"^(?:test_.*|.*_test\.py|tests?\.py|conftest\.py|setup\.py|noxfile\.py)$"  # 写着它也不是项目的入口

TEST_FOLDERS = ("tests", "test", "__tests__", "spec")  # TEST_FOLDER 还认 integration_tests/（test-logs/ 不是）
NOT_TESTS = r"(?!tests?[_-](?:results?|data|output|out|reports?|fixtures?|logs?|images?)/)"
TEST_FOLDER = rf"{NOT_TESTS}(?:(?:tests?|__tests__|spec)/?|(?:specs?|e2e|[a-z]+[_-]tests?|tests?[_-][a-z]+)/)"
# README 里讲怎么运行、怎么跑测试的一节：标题就是这些话之一（“## Usage”“## 运行项目”“## Running the tests”）
RUN_TITLE = (
    r"(?:how to )?(?:run|running|usage|start|starting|use)(?: (?:it|the (?:app|project)))?(?: locally)?"
    r"|(?:如何|怎么|怎样)?(?:本地)?(?:运行|启动|使用|开始使用)(?:项目|方式|方法|说明|步骤)?|用法"
)
STARTED_TITLE = r"getting started|quick ?start|快速开始|快速上手"  # 没有讲运行的一节才看它（里面常常只是安装）
TEST_TITLE = (
    r"(?:how to )?(?:run(?:ning)? )?(?:the )?(?:(?:unit )?tests?|testing)"
    r"|(?:如何|怎么)?(?:运行|跑)?(?:单元)?测试(?:方法)?"
)
# 以这样的标题开头、后面是括号、介词或破折号的（“Usage (CLI)”“Running on Windows”“运行（旧的配置仍然可用）”）：
# 说到了运行、跑测试，可这一节我不读，请用户自己看，不猜（“Use cases”“Wrong usage”“Test coverage”不是）
AFTER = r"(?:\s*[(（\[]|\s+(?:with|on|in|under|via|using|for|from)\b|\s+[-–—:]\s|\s*[：，,])"
RUN_WORDS = rf"(?:{RUN_TITLE}){AFTER}"
TEST_WORDS = rf"(?:{TEST_TITLE}){AFTER}"
# package.json 的 scripts.start 用哪个文件启动：node src/app.js、nodemon server.js
START = re.compile(r"\b(?:node|nodemon|ts-node|tsx|python3?|deno run)\s+")
RUNNERS = {"pytest": "pytest", "jest": "npx jest", "vitest": "npx vitest", "mocha": "npx mocha"}  # 测试框架：一般怎么跑
STARTS = ("start", "serve", "develop", "dev")  # package.json 里启动项目的 scripts（问开发时先看 dev）


def about_tests(part) -> bool:
    """前一件事说的是测试：测试文件、测试用的框架（技术栈），或者列过、数过的测试目录（“what files are in test?”）。"""
    folder = part.kind in ("ls", "count") and re.fullmatch(TEST_FOLDER, part.folder.rsplit("/", 1)[-1].lower() + "/")
    return (
        part.kind == "tests"
        or bool(folder)
        or part.kind == "stack"
        and bool(re.search(r"测试|\btest", part.text.lower()))
    )


def runs_them(part, clause: str) -> bool:
    """“怎么跑？”“and how do I run them?”：只问怎么运行，没说运行什么（入口、项目、服务）：接着前面说的测试问的。"""
    words = [w.KIND["entry"], w.HOW, w.FOLLOW_UP, w.FILLER, w.ASKING, r"\b(them|they|those|these)\b|它们|这些|[\W_]+"]
    named = re.search(r"入口|项目|程序|服务|应用|\b(app|project|program|main|server|entry|service)\b", clause.lower())
    return part.kind == "entry" and not named and not re.sub("|".join(words), "", clause.lower())


def how_to_run(part, facts, readme: str | None, scripts: dict, path: str, en: bool) -> str:
    """问了怎么运行：start_said()；问的是开发时、却没有 scripts.dev，先说一句。"""
    if "how" not in part.asks:
        return ""
    dev = bool(re.search(r"\bdev\b|开发", part.text))
    note = say("no_dev", en) if dev and not isinstance(scripts.get("dev"), str) else ""  # 问的是开发时：没有 dev
    return note + start_said(facts, readme, scripts, path, dev, en)


def start_said(facts, readme: str | None, scripts: dict, path: str, dev: bool, en: bool) -> str:
    """package.json 的 scripts.start（npm start）、scripts.dev（npm run dev；问的是开发时就先看它）；都没有就看 README
    里说怎么运行的那一节（读不懂的那一节也不猜）；再没有就按入口文件的类型说一般怎么运行；没有入口文件就说不出来。"""
    for name in sorted(STARTS, key=lambda n: not dev or n != "dev"):
        if isinstance(scripts.get(name), str):
            command = "npm start" if name == "start" else f"npm run {name}"
            also = isinstance(scripts.get("dev"), str) and name != "dev"  # next start 要先构建：开发时用的也说
            said = say("run_script", en, command=command, name=name, script=scripts[name])
            return said + (say("run_dev_too", en, script=scripts["dev"]) if also else "")
    if said := readme_command(facts, readme, (RUN_TITLE, STARTED_TITLE), RUN_WORDS):
        return readme_said("run", facts, readme, said, en)
    runner = {"js": "node", "ts": "npx ts-node", "py": "python", "go": "go run"}.get(path.rsplit(".", 1)[-1])
    command = f"{runner} {path}" + " runserver" * (path.rsplit("/", 1)[-1] == "manage.py")  # Django 的 manage.py
    said = say("run_guess", en, command=command) if runner and path else say("run_unknown", en)
    return said + unread_readme(facts, readme, en)


def unread_readme(facts, readme: str | None, en: bool) -> str:
    """README 读了却用不了（不是 UTF-8、读不了）、只读了一部分：说出来，里面也许写了怎么运行、怎么跑测试。"""
    got = facts.pages("read_file", {"path": readme}) if readme else None  # 已经读过的：不会再调用
    if got and got.state == "empty":  # 空的 README：什么也没写
        return ""
    if got and not usable(got):
        return say("readme_unusable", en, readme=readme, why=why_not(got, en))
    return say("readme_partly", en, readme=readme) if got and got.state != "complete" else ""


def bare_title(name: str) -> str:
    """标题去掉装饰：“🚀 **Usage**:”“1. 运行”“一、运行”“<a name=…></a> Usage”“![i](x.png) Usage”“[Usage](#usage)”。"""
    name = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r"<[^>]*>|!\[[^\]]*\]\([^)]*\)", "", name))
    return re.sub(r"^(?:[（(]?[一二三四五六七八九十]+[)）、.]|[\W\d_])+|[\W_]+$", "", name)


def readme_command(facts, readme: str | None, titles: tuple, loose: str) -> tuple | None:
    """README 里标题就是 titles 之一的一节（“## Usage”“## 测试”；按 titles 的顺序）下面第一个 shell 代码块：
    (标题, [行], 一共几行, README 是不是就断在这一节)。有这样的一节、下面没有这样的代码块，或者只有标题说到它的一节
    （loose：“Usage (CLI)”）：(那个标题, [], 0, …)，请用户自己看；都没有是 None。别的写法（正文里的一句、反引号、
    缩进的代码）我不读。"""
    got = facts.pages("read_file", {"path": readme}) if readme else None
    found = sections(got.lines) if got and usable(got) else []
    cut = bool(found) and got.state != "complete"
    named = [[s for s in found if re.fullmatch(t, bare_title(s[0]), re.I)] for t in titles]
    named += [[s for s in found if re.match(loose, bare_title(s[0]), re.I)]]
    for i, same in enumerate(named):  # 按 titles 的顺序：这样的一节有代码块就抄，没有就说出它，最后才是只说到它的
        if hit := next((s for s in same if s[1] and i < len(titles)), same[0] if same else None):
            name, lines, count, blocks = hit if hit[1] and i < len(titles) else (hit[0], [], 0, 0)
            return name, lines, count, cut and hit is found[-1], blocks  # README 读到这一节就断了：后面也许还有
    return None


def readme_said(what: str, facts, readme: str, said: tuple, en: bool) -> str:
    """readme_command() 找到的代码块照原样说出来（what：run 或 test），说是哪一节的；没读全 README 也说。"""
    heading, lines, count, cut, blocks = said
    if not lines:  # 有这一节，写法我读不懂（正文、反引号）、没读到：请用户自己看，不猜
        key = f"{what}_readme_cut" if cut else f"{what}_readme_unread"
        return say(key, en, readme=readme, heading=heading) + unread_readme(facts, readme, en)
    block = "\n".join(f"    {line[:300]}" + "…" * (len(line) > 300) for line in lines)
    more = say("block_more", en, n=count - len(lines)) if count > len(lines) else ""
    said = say(f"{what}_readme", en, readme=readme, heading=heading, block=block + more + say("block_cut", en) * cut)
    said += say("blocks_more", en, n=blocks) if blocks else ""  # 这一节还有别的代码块（第二步才是启动）
    return said + "\n\n" * bool(note := unread_readme(facts, readme, en).strip()) + note


def make_target(facts, names: list, target: str) -> tuple | None:
    """顶层的 Makefile 里有 test: 这样的目标：(目标名, 它的第一条命令)；没有 Makefile、没有这个目标是 None。"""
    if "Makefile" not in names:
        return None
    got = all_pages(facts, "read_file", [{"path": "Makefile"}])[0]
    text = got.text if usable(got) else ""
    found = (re.search(rf"^({t})\s*:[^=\n]*\n(?:\t?#.*\n)*\t(.+)", text, re.M) for t in (target, f"{target}s", "check"))
    m = next((f for f in found if f), None)  # test 在前，没有才是 tests、check
    return (m[1], m[2].strip()) if m else None


def test_command(facts, names: list, readme: str | None, en: bool) -> str:
    """怎么跑测试：package.json 的 scripts.test 写着就是 npm test；没写就看清单里认得的测试框架，只说一般怎么跑。"""
    paths = manifests_in(names)[:MAX_NAMES]
    reads = all_pages(facts, "read_file", [{"path": p} for p in paths])
    whole = {p: got.text for p, got in zip(paths, reads, strict=True) if got.state == "complete"}
    scripts = (json_object(whole.get("package.json", "")) or {}).get("scripts")
    if isinstance(scripts, dict) and isinstance(scripts.get("test"), str):
        placeholder = "no test specified" in scripts["test"]  # npm init 写的占位
        return say(
            "test_placeholder" if placeholder else "test_script",
            en,
            command="npm test",
            name="test",
            script=scripts["test"],
        )
    named = (
        [n for n in scripts if str(n).startswith("test:") and isinstance(scripts[n], str)]
        if isinstance(scripts, dict)
        else []
    )
    if named:  # “test:unit”：没有 scripts.test，有分开的几种测试
        return say("test_script", en, command=f"npm run {named[0]}", name=named[0], script=scripts[named[0]])
    if said := readme_command(facts, readme, (TEST_TITLE,), TEST_WORDS):
        return readme_said("test", facts, readme, said, en)
    if make := make_target(facts, names, "test"):
        return say("test_make", en, target=make[0], recipe=make[1]) + unread_readme(facts, readme, en)
    found = [RUNNERS[r] for text in whole.values() for r in RUNNERS if re.search(rf"(?<![\w-]){r}(?![\w-])", text)]
    if found:
        return say("test_guess", en, command=found[0]) + unread_readme(facts, readme, en)
    unread = [p for p in paths if p not in whole]
    listed = facts.pages("list_files", {"path": "."}).state == "complete"  # 顶层没列全：不说“这一层没有清单”
    none = "test_unknown" if paths else "test_none" if listed else "test_unlisted"
    said = say("test_unread", en, files=join(unread, en)) if unread else say(none, en)
    return said + unread_readme(facts, readme, en)


def start_file(script: str) -> str:
    """scripts.start 用哪个文件启动：node src/app.js、node ./bin/www、node -r dotenv/config src/x.js；看不出是 ""。"""
    m = START.search(script)
    words = script[m.end() :].split("&&")[0].split()[:10] if m else []
    if {"-e", "-p", "-pe", "--eval", "--print"} & set(words):  # node -e "require('./boot')"：运行的是一段代码
        return ""
    flag = ("-r", "--require", "--import", "--loader", "-m")  # 这些选项后面的不是要运行的文件
    args = [a for i, a in enumerate(words) if not a.startswith("-") and (i == 0 or words[i - 1] not in flag)]
    return next((a for a in args if re.fullmatch(r"[\w./-]+\.[a-z]{2,3}", a)), next((a for a in args if "/" in a), ""))


def installed(part, commands: list, install: str, en: bool, readme=None, usual=()) -> str:
    """装好以后的命令（package.json 的 bin、pyproject.toml 的 [project.scripts]）：[(写在哪里, 命令, 它运行的)]。
    入口是第一个命令运行的那个；问了怎么运行，就说装好以后执行它；README 里写了怎么运行（可能要带参数）也说出来
    （readme：(facts, README 的名字)）；顶层的常见入口文件（usual：manage.py）也说出来。"""
    where, name, target = commands[0]
    more = join((f"`{n}`（{t}）" if not en else f"`{n}` ({t})" for _, n, t in commands[1:]), en)
    said = say("entry_script", en, target=target, where=where, name=name) + say("more_scripts", en, more=more) * bool(
        more
    )
    said += say("entry_also", en, files=join(usual, en)) if usual else ""  # manage.py、app.py 也可能是入口
    if "how" not in part.asks:
        return said
    written = readme and readme_command(*readme, (RUN_TITLE, STARTED_TITLE), RUN_WORDS)
    run = say("run_installed", en, name=name, install=install)
    return said + run + (readme_said("run", *readme, written, en) if written else "")


def guarded(facts, names: list, folders: str, en: bool) -> tuple:
    """顶层有 .py 文件、却没有常见的入口文件名：搜 __main__，看顶层哪些 .py 文件（测试、setup.py 除外）有一行
    if __name__ == "__main__":。搜到的行去掉了缩进，在不在函数、字符串里看不出：只说“可能是”；搜索没看全也说。
    返回 (入口文件或 "", 这一句)；没有 .py 文件就不搜，是 ("", "")。"""
    if not any(n.endswith(".py") and "/" not in n for n in names):
        return "", ""
    got = facts.pages("search_files", {"query": "__main__"})
    hits = [m for line in got.lines if (m := HIT.fullmatch(line))] if usable(got) else []
    lines = {
        m[1]: m[3].strip()[:80] for m in reversed(hits) if re.fullmatch(r"[^/]+\.py", m[1]) and re.search(GUARD, m[3])
    }
    files = sorted(f for f in lines if not re.match(NOT_ENTRY, f))
    unsure = not usable(got) or got.state != "complete" or any(kind.startswith("有 ") for kind, _ in got.notes)
    fields = {"files": join(files, en), "folders": folders, "unsure": say("guard_unsure", en) * unsure}
    fields["line"] = lines[files[0]] if files else ""  # 搜到的那一行，照原样
    key = "entry_guarded" if len(files) == 1 else "entry_guards" if files else "entry_no_guard"
    return (files[0] if len(files) == 1 else ""), say(key, en, **fields)
