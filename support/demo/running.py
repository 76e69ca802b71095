"""离线演示的计划里说“怎么运行”“怎么跑测试”的那一部分（入口、测试文件的计划问到时调用）：package.json 的 scripts、
README 里讲运行、测试的那一节（或者说到它的一句），再没有就按文件类型、清单里的测试框架说一般怎么做，都没有就说不出来。
README 里的命令要像命令（python、npm、make……开头），准备的几步（安装、建环境、迁移）不算。"""

import re

from support.demo import words as w
from support.demo.facts import all_pages, usable, why_not
from support.demo.manifests import json_object, manifests_in
from support.demo.names import MAX_NAMES
from support.demo.readme import headings
from support.demo.sentences import join, say

TEST_FOLDERS = ("tests", "test", "__tests__", "spec")  # TEST_FOLDER 还认 integration_tests/（test-logs/ 不是）
NOT_TESTS = r"(?!tests?[_-](?:results?|data|output|out|reports?|fixtures?|logs?|images?)/)"
TEST_FOLDER = rf"{NOT_TESTS}(?:(?:tests?|__tests__|spec)/?|(?:specs?|e2e|[a-z]+[_-]tests?|tests?[_-][a-z]+)/)"
RUN_SECTION = (
    r"\b(run|running|usage|start|starting|getting started|quick ?start|develop\w*|cli|command[- ]line|commands|scripts|"
    r"preview|serve)\b|运行|启动|使用|用法|怎么跑|如何跑|跑起来|快速开始|上手|开发|命令|脚本|预览"
)
# 讲怎么运行的那一节的代码块里像一条 shell 命令的一行（pyabbr 张伟、csvtool head a.csv）；代码（import、赋值、调用）不算
SHELL_LIKE = r"(?!(import|from|def|class|const|let|var|print|return|if|for)\b)[a-z][\w.-]*(?: [^=(){}<>;]*)?"
# 讲错误、过时用法的标题（错误用法、Wrong usage、Running (outdated)）；“别忘了”“(avoid …)”“(do not run as root)”不算
WRONG = (
    r"\b(wrong|incorrect|deprecated|outdated|obsolete|superseded|unsupported|removed in)\b"
    r"|\bno longer (supported|maintained)\b|[-–]\s*legacy\b|请勿使用|勿用"
    r"|\b(bad|old) (ways?|usages?|examples?|practices?)\b"
    r"|^\W*(avoid|don't|do not)\b|\b(do not|don't) use\b|错误(的)?(用法|方式|方法|示例|做法)|不正确|废弃|过时|旧版"
    r"|旧用法|老版本|不要这样|别这样|^\W*(不要|别)用|旧的?(方式|方法)"
)
# 说“以前的”“不再”的标题：以它开头，或者括号里短短一句就是它（“Running (no longer recommended)”“运行（以前的命令）”）
# 才是过时的一节；长的附注说的是别的（“Usage (no longer works on Python 2)”“Usage (archived copies are in docs/)”）
PAST = (
    r"no longer|legacy|\bprevious\b|unmaintained|archived|\bpre-|以前的?(用法|方式|方法|版本|命令)|(?<![依仍])旧|老的"
)
RUN_FIRST = r"\b(run|running|usage|start|starting)\b|运行|启动|使用"
TEST_SECTION = r"\btest(s|ing)?\b|测试"
# 像运行命令的一行：这些程序开头（后面不只是一个版本号）
RUNNER = (
    r"(\./|(sudo )?(python3?|py|node|npm|npx|yarn|pnpm|bun|deno|flask|uvicorn|gunicorn|fastapi|django-admin|make|cargo|"
    r"go|docker|docker-compose|poetry|uv|pipenv|pytest|tox|nox|jest|vitest|mocha|java|mvn|gradle|dotnet|rails|bundle|"
    r"streamlit|hugo|php|ruby|rustc|gcc|bash|sh|hatch|just)\b)(?! \d+(\.\d+)*$)"
)
# 准备的几步，不是运行的命令
SETUP = (
    r"^(pip3?|pipenv|npm|yarn|pnpm|bun|poetry|uv|conda|apt(-get)?|brew|git|bundle|cargo|make|go mod) "
    r"(install|i|add|clone|sync|ci|fetch|setup|deps|download|tidy)\b|^cd |^source |^git |\bvenv\b|-m pip\b|"
    r"setup\.py (install|develop)|"
    r"(?<!--)\b(migrate|makemigrations|collectstatic|createsuperuser|build)\b(?![/.])(?!.*&&)"
)
INSTALL = SETUP + r"|(?<![-.])\b(lint|format|fmt|black|isort|ruff|flake8|eslint|prettier|mypy|pre-commit)\b"  # 检查代码
# package.json 的 scripts.start 用哪个文件启动：node src/app.js、nodemon server.js
START = re.compile(r"\b(?:node|nodemon|ts-node|tsx|python3?|deno run)\s+")
RUNNERS = {"pytest": "pytest", "jest": "npx jest", "vitest": "npx vitest", "mocha": "npx mocha"}  # 测试框架：一般怎么跑
TESTS = (  # 跑测试的命令
    r"^((python3? -m |npx |poetry run |uv run )?(pytest|tox|nox|jest|vitest|mocha|unittest)|python3? manage\.py test|"
    r"(npm|yarn|pnpm|bun|hatch)( run)? test|(make|go|cargo|dotnet|mvn|gradle|\./gradlew|just) test)\b"
)
SHELLS = ("", "sh", "bash", "shell", "console", "zsh", "cmd", "bat", "powershell", "ps1")  # 写命令的代码块
DOCS = r"\bdocs?\b|documentation|文档"  # 说怎么看文档的一句，不是怎么运行项目
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
    """问了怎么运行：package.json 的 scripts.start（npm start）、scripts.dev（npm run dev；问的是开发时就先看它）；
    都没有就看 README 里说怎么运行的那一节；再没有就按入口文件的类型说一般怎么运行；没有入口文件就说不出来。"""
    if "how" not in part.asks:
        return ""
    dev = re.search(r"\bdev\b|开发", part.text)
    for name in sorted(STARTS, key=lambda n: not dev or n != "dev"):
        if isinstance(scripts.get(name), str):
            command = "npm start" if name == "start" else f"npm run {name}"
            also = isinstance(scripts.get("dev"), str) and name != "dev"  # next start 要先构建：开发时用的也说
            said = say("run_script", en, command=command, name=name, script=scripts[name])
            return said + (say("run_dev_too", en, script=scripts["dev"]) if also else "")
    if said := readme_command(facts, readme, RUN_FIRST) or readme_command(facts, readme, RUN_SECTION):
        return readme_said("run", said, en)  # 先看“Usage”“Running”这样的节，再看“Getting started”这样的
    runner = {"js": "node", "ts": "npx ts-node", "py": "python", "go": "go run"}.get(path.rsplit(".", 1)[-1])
    command = f"{runner} {path}" if runner and path else ""
    if line := mention(facts, readme, command, path):
        return say("run_readme_mention", en, readme=readme, line=line)
    said = say("run_guess", en, command=command) if command else say("run_unknown", en)
    return said + unread_readme(facts, readme, en)


def mention(facts, readme: str | None, command: str, path: str) -> str:
    """README 里不在讲运行的一节、却写着怎么运行的一行（“Run python app.py to start.”、“## 安装与部署”里的
    flask --app app run、例子里的 python app.py --name Bob）：整行拿出来。
    没有是 ""：这时只能说没找到读得懂的启动写法。"""
    got = facts.pages("read_file", {"path": readme}) if readme else None
    for line in headings(got.lines) if got and usable(got) else []:
        text = line.strip()[:1000]  # 再长的一行也只看开头：线性时间
        spans = re.findall(r"`([^`\n]+)`", text)[:10]  # 正文里反引号中的命令（一行最多看 10 个）：那句话说的是启动它
        code = [] if spans else [text.removeprefix("$ ")]  # 代码块里的一行：不是收拾、删除的命令
        ran = [c for c in spans if starts(text, c)] + [c for c in code if not re.search(CLEAN_UP, c)]
        ran = [c for c in ran if re.match(RUNNER, c) and whole(c) and not re.search(f"{INSTALL}|{TESTS}", c[:300])]
        named = path and path in text and re.search(rf"{RUN_FIRST}|\b(launch|execute)\b|执行", text, re.I)
        setup = any(re.match(RUNNER, c) and re.search(SETUP, c[:300]) for c in spans or [text.strip("`$ ")])  # migrate
        if (command and command in text or named or ran and not text.startswith("#")) and not setup:
            return text.strip("`$ ")[:300].rstrip("。.")
    return ""


def unread_readme(facts, readme: str | None, en: bool) -> str:
    """README 读了却用不了（不是 UTF-8、读不了）、只读了一部分：说出来，里面也许写了怎么运行、怎么跑测试。"""
    got = facts.pages("read_file", {"path": readme}) if readme else None  # 已经读过的：不会再调用
    if got and not usable(got):
        return say("readme_unusable", en, readme=readme, why=why_not(got, en))
    return say("readme_partly", en, readme=readme) if got and got.state != "complete" else ""


def pick(commands: list, testing: bool, in_tests: bool) -> list:
    """一行里的命令哪些算：跑测试的（testing）或不是跑测试的；讲测试的一节里（in_tests）的都算，收拾、删数据的、
    “Don't do this”小节里的不算。"""
    last = lambda c: c.split("&&")[-1].strip()  # noqa: E731
    words = lambda c: " ".join(w for w in c.split() if not w.startswith("-"))  # noqa: E731  --rm、--clean 是选项
    return [
        c
        for c in commands
        if bool(re.match(TESTS, last(c))) == testing or in_tests and not re.search(CLEAN_UP, words(c))
    ]


def readme_command(facts, readme: str | None, section: str, names: tuple = ()) -> tuple | None:
    """README 里讲怎么运行（或怎么跑测试：section）的那一节（连同它下面更小的节）给的命令：代码块里的行、反引号里的，
    像命令的（python、npm、make……开头）才算，准备的几步（安装、建环境、迁移）不算，最多 6 条：(README, 标题, [命令])。
    没有这样的一节，就找正文里说到它、带着反引号命令的一句：(README, "", [命令])。都没有、README 读不了，是 None。"""
    got = facts.pages("read_file", {"path": readme}) if readme else None
    heading, level, block, lang, found, loose, setup, later, sub_wrong = None, 0, False, "", [], [], [], [], False
    testing = section == TEST_SECTION  # 跑测试的命令（pytest、npm test）不是启动项目的，别处的也是跑测试的
    other = "$^" if testing else TEST_SECTION  # “Running the tests”不是怎么运行项目
    lines = headings(got.lines) if got and usable(got) else []
    title = next((t.lstrip("#").strip() for t in lines if t.startswith("# ")), "")  # 项目的名字：它自己的命令
    runner = RUNNER + (f"|{re.escape(title)} " if re.fullmatch(r"[\w.-]+", title) else "")
    runner += "".join(rf"|{re.escape(n)}\b" for n in names)  # 装好以后的命令（[project.scripts] 的 wc-tool）
    for line in lines:
        text = line.strip()
        if not block and re.fullmatch(rf"\**(?:{RUN_SECTION}|{TEST_SECTION})\**\s*[:：]", text, re.I):
            text = "###### " + text.strip("*:： ")  # “Usage:”这样只有节名的一行也是一节的标题
        if text.startswith("```"):
            block, lang = not block, text[3:].strip().lower()  # 代码块的语言：shell 的才有命令
            continue
        if text.startswith("#") and not block:
            depth, title = len(text) - len(text.lstrip("#")), text.lstrip("#").strip()
            if heading and depth > level:  # 这一节下面更小的节（“Don't do this”那一小节的不算）
                sub_wrong = wrong(title)
                continue
            if found:
                break
            wanted = re.search(section, title, re.I) and not (re.search(other, title, re.I) or wrong(title))
            heading, level, setup, sub_wrong = (title, depth, [], False) if wanted else (None, 0, [], False)  # 这一节的
            continue
        code = block or line.startswith(("    ", "\t")) and not re.match(r"\s*([-*+]|\d+\.)\s", line)  # 列表项不是代码
        spans = (
            [re.sub(r"(?<!\S)#.*", "", text.removeprefix("$ ")).rstrip()] if code else re.findall(r"`([^`\n]+)`", text)
        )
        shell = block and lang in SHELLS and heading and not testing and not text.endswith(":")  # 这一节的 shell 代码块
        last = lambda c: c.split("&&")[-1].strip()  # noqa: E731  “cd backend && pytest”：看最后那条
        steps = [c for c in spans if re.search(SETUP, last(c)[:300])] if heading and code else []  # 准备的几步
        setup, later = (setup, later + steps) if found else (setup + steps, [])  # 第二种运法前面的 go build 也说
        commands = [
            c for c in spans if (re.match(runner, last(c)) or shell and re.fullmatch(SHELL_LIKE, c)) and whole(c)
        ]
        commands = [c for c in commands if not re.search(INSTALL, last(c)[:300]) and (code or not negated(text, c))]
        chosen = pick(commands, testing, heading and testing and not sub_wrong)
        if not chosen:
            continue
        said = not code and starts(text, chosen[0]) and not re.search(f"{other}|{DOCS}", before(text, chosen[0]), re.I)
        if heading:
            found, later = found + later + (chosen if testing else chosen[:1]), []  # 讲测试的一节：一行里的几条都算
        elif testing or said:
            loose = loose or chosen[:1]  # “Start it with `npm run dev`.”；“Run the tests with `pytest`.”不是启动
    return (readme, heading, found[:6], setup[:3]) if found else (readme, "", loose, []) if loose else None


def before(text: str, command: str) -> str:
    """一句话里这条命令前面的那一段（“Run it with `x` and run the tests with `pytest`”：说测试的在后面）。"""
    return text[: text.find(command)] if command in text else text


CLEAN_UP = r"\b(down|stop|rm|clean\w*|reset\w*|wipe\w*|drop|delete|purge|prune|kill|uninstall)\b"  # 收拾、删除的命令
STARTS_IT = (  # 说的是启动项目的一句（命令本身不算：scripts/wipe_cache.py 里的 scripts 不算）
    r"\b(start|starts|starting|launch|launches|serve|run (it|this|the (app|application|project|server|service|tool|"
    r"program|bot|cli)))\b|启动|运行(它|项目|程序|服务|这个)|跑起来"
)


def wrong(title: str) -> bool:
    """标题讲的是错误、过时的用法（“Wrong usage”“运行（已废弃）”；“Testing (avoid the production database)”不是）。"""
    notes = re.findall(r"[(（\[]([^)）\]]*)[)）\]]", title)
    short = [n for n in notes if len(re.findall(r"[A-Za-z]+", n)) <= 3 and len(re.findall(r"[\u4e00-\u9fff]", n)) <= 6]
    return bool(
        re.search(WRONG, title, re.I)
        or re.match(rf"\W*(?:{PAST}|old\b|以前)", title, re.I)
        or any(re.search(PAST, n, re.I) for n in short)
    )


def negated(text: str, command: str) -> bool:
    """这句话在命令前面说别这样运行、已经不用了（“Do not run `x`”“不要直接运行 `x`”“~~Run `x`~~”）。"""
    lead = re.split(r"[.。;；!?！？]", text[: text.find(command)])[-1]
    return bool(re.search(r"\b(do not|don't|never|avoid|deprecated|no longer)\b|不要|别|不用|不再|废弃|~~", lead, re.I))


def starts(text: str, command: str) -> bool:
    """正文里的一句话说用 command 启动项目：“Start it with `npm run dev`”“Run it with `go run .`”、只有一个
    “Run `python app.py`”；“To wipe every note, run `python reset_db.py`”“缓存坏了的话，执行 `…`”不是。"""
    at, ends = text.find(command), r"[.。;；!?！？](?:\s|$)"
    lead, tail = re.split(ends, text[:at])[-1], re.split(ends, text[at + len(command) :])[0]  # 这句话里命令前后
    tail = re.split(r"\band\b|[,，]|然后|再", tail)[0]  # “… and run the tests with `pytest`”：后面说的是另一件事
    bare = re.fullmatch(r"[\s`$>*-]*(run|运行|执行)\s*(with|:|：)?\s*`?", lead, re.I)  # 只有一个“Run”
    other = re.search(f"{DOCS}|{TEST_SECTION}", f"{lead} {tail}", re.I)  # 怎么看文档、怎么跑测试
    return bool(bare or re.search(STARTS_IT, f"{lead} {tail}", re.I)) and not other and not negated(text, command)


def whole(command: str) -> bool:
    """一条完整的命令：不只是一个要参数的程序名（“用 `python` 运行”里的 python 不是命令）；pytest、make 一个词就是。"""
    alone = "python python3 py node npm npx yarn pnpm bun deno java ruby php sh bash go cargo docker poetry uv sudo"
    return len(command.split()) > 1 or command not in alone.split()


def readme_said(what: str, said: tuple, en: bool) -> str:
    """readme_command() 找到的命令说成一句（what：run 或 test）：在哪一节，或者在正文的哪一句。"""
    readme, heading, commands, setup = said
    key, sep = f"{what}_readme" if heading else f"{what}_readme_line", "`, `" if en else "`、`"
    first = say("run_setup", en, setup=sep.join(setup)) if setup and what == "run" else ""  # “How to run”里的安装
    return say(key, en, readme=readme, heading=heading, command=sep.join(commands)) + first


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
    if said := readme_command(facts, readme, TEST_SECTION):
        return readme_said("test", said, en)
    if make := make_target(facts, names, "test"):
        return say("test_make", en, target=make[0], recipe=make[1])
    found = [RUNNERS[r] for text in whole.values() for r in RUNNERS if re.search(rf"(?<![\w-]){r}(?![\w-])", text)]
    if found:
        return say("test_guess", en, command=found[0])
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
    shown = tuple(n for _, n, _ in commands)  # README 里写的“wc-tool FILE”也是运行它的命令
    written = readme and (readme_command(*readme, RUN_FIRST, shown) or readme_command(*readme, RUN_SECTION, shown))
    run = say("run_installed", en, name=name, install=install)
    return said + run + (readme_said("run", written, en) if written else "")
