"""离线演示的计划：项目文件的问题（技术栈、入口、测试文件、一个文件写了什么、项目是做什么的；某个库用没用在 usage.py）。

每个计划按顺序向 facts 要事实（列目录、读文件、搜索）：还没有就抛 Missing，这一轮去调用；都有了就用 words.py 的
句子回答。只说结果支持的话：没看全（截断、没搜的目录、读不了的文件）就不说“没有”。
"""

import re
from dataclasses import replace

from support.demo import words as w
from support.demo.facts import Result, all_pages, usable, why_not
from support.demo.manifests import (
    IMPORTS,
    KNOWN,
    MANIFESTS,
    ORDER,
    UNREAD,
    dependencies,
    json_object,
    manifests_in,
    scripts_in,
)
from support.demo.names import MAX_NAMES
from support.demo.readme import clipped, first_paragraph, readme_in
from support.demo.running import TEST_FOLDER, TEST_FOLDERS, guarded, how_to_run, installed, start_file, test_command
from support.demo.sentences import join, say

KINDS = ("stack", "entry", "tests", "file", "about")
ENTRY_NAMES = "index.js main.js app.js server.js index.ts main.ts main.py app.py manage.py __main__.py main.go".split()
ENTRY_NAMES += "index.mjs server.ts app.ts wsgi.py asgi.py run.py server.py main.rs main.jsx main.tsx index.jsx".split()
ENTRY_NAMES += ["index.tsx", "main.c", "main.cpp", "main.cc"]
TEST_NAME = r"test_.+\.py|tests?\.py|.+_test\.(py|go)|.+\.(test|spec)\.[cm]?[jt]sx?"  # 按测试命名的文件
ALIASES = {v.lower(): k for k, v in IMPORTS.items()} | {"pytorch": "torch", "opencv": "opencv-python"}  # 别的叫法
RUNTIME_ASKED = (
    r"(node|python|运行时|runtime).{0,12}(版本|version)|(版本|version).{0,12}(node|python)"  # 问要求的运行时版本
)
CODE_LANGUAGES = {"py": "Python", "js": "Node.js", "ts": "Node.js", "go": "Go", "rs": "Rust", "rb": "Ruby"}
SAID_NOTES = ("workspaces", "unread_table", "dynamic", "unread_line")  # 清单里这几种说明：技术栈的回答里各说一句


def listing(facts, folder: str = ".") -> tuple:
    """列完一个目录：(结果, 名字)。目录以 / 结尾。"""
    got = facts.pages("list_files", {"path": folder})
    return got, [re.sub(r"（[^（]*，不能读取）$", "", n) for n in got.lines if n]  # 读不了的项也在：读它时会说为什么


def seen_part(got: Result, folder: str, en: bool) -> str:
    """一个目录没列全时说看了多少、为什么；列全了是 ""。"""
    where = say("workdir", en) if folder == "." else folder
    if got.state in ("complete", "empty"):
        return ""
    if not usable(got):
        return say("list_failed", en, where=where, why=why_not(got, en))
    return say("listed_part", en, where=where, n=len(got.lines))


# ── 技术栈 ───────────────────────────────────────────────────
def stack(part, facts, en: bool) -> str:
    """工作目录（或问题里说的那个目录）这一层的依赖清单，按类别列出依赖；README 的第一段也说出来。"""
    top, names = listing(facts, part.folder)
    partly, base = seen_part(top, part.folder, en), "" if part.folder == "." else part.folder + "/"
    reqs = part.folder.rstrip("/").rsplit("/", 1)[-1].lower() == "requirements"  # requirements/base.txt 都是清单
    found = [n for n in names if n.endswith(".txt") and "constraint" not in n.lower()] if reqs else manifests_in(names)
    paths, skipped = [base + p for p in found][:MAX_NAMES], found[MAX_NAMES:]  # 最多读 5 份
    unread = [n for n in names if n in UNREAD]
    languages = join(dict.fromkeys(UNREAD[n] for n in unread), en)  # go.mod 是 Go 的
    unread = say("manifests_unread_kind", en, files=join(unread, en), languages=languages) if unread else ""
    if not paths and part.folder != "." and not partly:  # “tests 里用的什么测试框架”：依赖写在项目的清单里
        return say("no_manifest_in", en, folder=part.folder) + stack(replace(part, folder="."), facts, en)
    subs = [f for f in names if f.rstrip("/") in w.SUBPROJECTS]  # 子项目自己的清单没有看：说出来，不悄悄漏掉
    if not paths:  # 顶层没有清单：backend/、frontend/、scripts/ 里也许有（列出的每个目录都没有往里看）
        subs = [f for f in names if f.endswith("/") and not f.startswith(".") and f != "node_modules/"][:MAX_NAMES]
        said = say("no_manifest_part" if partly else "no_manifest", en, seen=partly) + unread
        return said + ("\n" + say("folders_unread", en, folders=join(subs, en)) if subs else "")
    deps, notes, bad, paths = with_includes(facts, paths, en)
    deps = {k: (d, p) for k, (d, p) in deps.items() if d.note != "include" or included(d, p) not in paths}  # 读了的不算
    subs = [f for f in subs if not any(p.startswith(f) for p in paths)]  # 读过里面的清单（-r requirements/base.txt）
    parsed = [p for p in paths if p not in bad]
    if not parsed:
        return say("manifests_unread", en, why=join((p + say("colon", en) + why for p, why in bad.items()), en))
    wanted = [f"{d.name} {d.version}" for d, _ in deps.values() if d.note == "runtime"]  # requires-python >=3.10
    runtimes = join(dict.fromkeys(language(p) for p in parsed), en)
    runtimes += say("runtime_of", en, runtime=join(wanted, en)) if wanted else ""
    lines = grouped(deps.values(), en) + notes + [say("runtime_line", en, runtimes=runtimes)]
    known = {plain_name(n) for d, _ in deps.values() for n in (d.name, KNOWN.get(d.name, ("", d.name))[1])}
    unsure = bool(notes or partly or unread or skipped or subs) or any(d.note == "include" for d, _ in deps.values())
    lines = asked_about(part, deps, parsed, en, unsure, known) + lines
    pinned = [n for n in names if n in (".nvmrc", ".node-version", ".python-version", ".tool-versions", "runtime.txt")]
    asked = not wanted and re.search(RUNTIME_ASKED, part.text.lower())  # 问了要哪个版本、清单里没写
    unsaid = say("runtime_unsaid", en) + say("runtime_file", en, files=join(pinned, en)) * bool(pinned)
    lines[-1] += unsaid if asked else ""
    listed = {*map(language, paths), *(UNREAD.get(n) for n in names)}  # 读了、没读的清单（setup.py、go.mod）的语言
    other = {CODE_LANGUAGES.get(n.rpartition(".")[2]) for n in names} - {None, *listed}  # 清单都没有的语言
    lines += [say("other_code", en, languages=join(sorted(other), en))] if other else []  # 顶层的 .py：清单里没有
    lines += [say("more_manifests", en, seen=partly)] if partly else []
    lines += [unread.strip()] if unread else []
    lines += [say("manifests_skipped", en, names=join(skipped, en))] if skipped else []
    lines += [say("folders_unread", en, folders=join(subs, en))] if subs else []
    inside = [p for p in parsed if "/" in p.removeprefix(base)]  # -r requirements/base.txt：那个目录里别的没看
    lines += [say("included_only", en, files=join(inside, en))] if inside else []
    readme = readme_in(names) if part.folder == "." else None
    _, _, paragraph, part_only = first_paragraph(facts, readme) if readme else (None, "", "", False)
    lines += [say("readme_start", en, readme=readme)] if part_only else []
    lines += [say("about_line", en, readme=readme, paragraph=paragraph)] if paragraph else []
    basis = say("basis", en, files=join(parsed + ([readme] if paragraph else []), en))
    return say("stack_head", en) + "\n\n" + "\n".join(lines) + "\n\n" + basis


def plain_name(name: str) -> str:
    """比较库名用的写法：React.js、ReactJS、react 是一个；PyTorch 是 torch，sklearn 是 scikit-learn。"""
    name = re.sub(r"\.?js$", "", name.lower()) or name.lower()
    return ALIASES.get(name, name)


def same_library(asked: str, name: str) -> bool:
    """问到的库（React.js）就是清单里的这一个：tailwindcss、beautifulsoup4、@mui/material；vitest 不是 vite。"""
    n = re.escape(plain_name(asked))
    return bool(re.fullmatch(rf"(.*/)?{n}(css|js|\d+)?|@{n}(js)?/.*", name))


def asked_about(part, deps: dict, parsed: list, en: bool, unsure: bool = False, known=frozenset()) -> list:
    """问了才说的：用了什么测试框架（没有也说；unsure：有没读到的清单），问到的语言（看的是清单）；问到的库：不在清单里
    （known：清单里的库名）就说没看到，在就照写清单里的版本。问了“版本”却没说哪个库（或者说的库不在清单里）：说项目
    自己的版本号没找。"""
    tested = any(KNOWN.get(d.name, ("",))[0] == "testing" for d, _ in deps.values())
    none = say("asked_testing_part" if unsure else "asked_testing_none", en, files=join(parsed, en))  # 没读全：不说没有
    lines = [none] if "testing" in part.asks and not tested else []
    lines += [say("asked_language", en)] if "language" in part.asks else []
    missing = [n for n in part.names if not any(same_library(n, k) for k in known)]  # Tailwind 是 tailwindcss
    q = part.text.lower()
    own = re.search(r"版本|\bversions?\b", q) and not re.search(f"{w.LANGS}|{w.OWN_VERSION}|{w.DEPS}", q)
    lines += [say("own_unsaid", en)] if own and (missing or not part.names) else []
    if missing:
        lines.append(say("asked_missing", en, names=join(missing, en), files=join(parsed, en)))
    for n in part.names:  # 问到的库：清单里写的版本照写；没有它本身、只有名字相近的（@types/react），说清楚
        exact = [(d, p) for d, p in deps.values() if d.spec and plain_name(d.name) == plain_name(n)]
        near = [(d, p) for d, p in deps.values() if d.spec and same_library(n, plain_name(d.name))] if not exact else []
        lines += [say("asked_version", en, name=n, spec=d.spec, path=p) for d, p in exact]
        lines += [say("asked_near", en, name=n, near=d.name, spec=d.spec, path=p) for d, p in near]
    return lines


def included(dep, path: str) -> str:
    """-r 引用的清单相对于引用它的那份：requirements/dev.txt 里的 -r base.txt 是 requirements/base.txt。"""
    return (path.rpartition("/")[0] + "/").lstrip("/") + dep.name.removeprefix("./")


def with_includes(facts, paths: list, en: bool) -> tuple:
    """读这几份清单，再读它们用 -r 引用的（只跟一层，再多读 MAX_NAMES 份）：(依赖, 要说的话, 读不了的, 读了的清单)。"""
    deps, notes, bad = read_manifests(facts, paths, en)
    more = [included(d, p) for d, p in deps.values() if d.note == "include" and d.spec in ("-r", "--requirement")]
    more = [m for m in dict.fromkeys(more) if m not in paths][:MAX_NAMES]
    return (*read_manifests(facts, paths + more, en), paths + more) if more else (deps, notes, bad, paths)


def read_manifests(facts, paths: list, en: bool) -> tuple:
    """几份依赖清单一起读完、解析：(依赖名 → (Dep, 清单), 要说的话, 读不了或解析不了的清单 → 为什么)。"""
    deps, notes, bad = {}, [], {}
    for path, got in zip(paths, all_pages(facts, "read_file", [{"path": p} for p in paths]), strict=True):
        found = dependencies(path, got.text, got.state != "complete") if usable(got) else None
        if found is None:  # 读不了、解析不了：说为什么，不算它（解析不了时，读全了是内容的事，没读全不怪文件）
            unparsed = say("unparsed" if got.state == "complete" else "unparsed_cut", en)
            bad[path] = why_not(got, en) if not usable(got) else unparsed
            notes.append(say("manifest_bad", en, path=path, why=bad[path]))
            continue
        notes += [say("manifest_part", en, path=path)] * (got.state != "complete")
        notes += [say(d.note, en, path=path, table=d.name) for d in found if d.note in SAID_NOTES]
        for dep in found:  # 同一个依赖写了两处：只列一次，必需的优先（不是可选的、构建用的），再是带版本的
            old = deps[dep.name][0] if dep.name in deps else None
            both = old and not old.extra and not dep.extra and old.version and dep.version  # 两条必需的（环境标记不同）
            if both and old.version != dep.version:
                deps[f"{dep.name} {dep.version}"] = (dep, path)  # 都列出来
            elif not old or old.extra and not dep.extra or old.extra == dep.extra and dep.version and not old.version:
                deps[dep.name] = (dep, path)
    return deps, notes, bad


def grouped(deps, en: bool) -> list:
    """依赖按类别一行一行：前端、后端（带运行时）、测试、语言，然后是其他依赖、引用了没读的清单、本地路径。"""
    groups = {g: [] for g in ORDER}
    for dep, path in deps:
        if dep.note in ("include", "path"):
            groups[dep.note].append(say(f"dep_{dep.note}", en, name=dep.name, path=path))
        elif dep.note not in ("runtime", *SAID_NOTES):
            category, shown = KNOWN.get(dep.name, ("other", dep.name))
            category = "build" if dep.extra == "build-system" else category  # setuptools_scm、maturin 也是构建要的
            runtime = say("runtime_of", en, runtime=language(path)) if category == "backend" else ""
            extra = (
                say("extra_of", en, group=dep.extra) if dep.extra not in ("", "build-system") else ""
            )  # （可选：dev）
            groups[category].append(f"{shown} {dep.version}".strip() + runtime + extra)
    return [say("group", en, group=say(f"group_{g}", en), items=join(groups[g], en)) for g in ORDER if groups[g]]


def language(path: str) -> str:
    return MANIFESTS.get(path.rsplit("/", 1)[-1], "Python")  # requirements-dev.txt 也是 Python 的


# ── 入口文件 ─────────────────────────────────────────────────
def entry(part, facts, en: bool) -> str:
    """package.json 的 main、scripts.start 写着的文件；都没有就在顶层和 src/、cmd/ 这些目录里找常见的入口文件名。
    问了怎么运行：how_to_run()。"""
    top, names = listing(facts)
    got = facts.pages("read_file", {"path": "package.json"}) if "package.json" in names else None
    package = json_object(got.text) if got and got.state == "complete" else None
    data = package or {}
    main = data.get("main") if isinstance(data.get("main"), str) else ""
    scripts = data["scripts"] if isinstance(data.get("scripts"), dict) else {}
    start = scripts.get("start") if isinstance(scripts.get("start"), str) else ""
    here = {n.rstrip("/") for n in names} | {n.removesuffix(".js") for n in names}  # "main": "server" 就是 server.js
    missing = lambda path: top.state == "complete" and path.removeprefix("./").split("/")[0] not in here  # noqa: E731
    gone = missing(main)  # 列全了顶层、里面又没有它（dist/ 要先构建）
    if (not main or gone) and (started := start_file(start)):  # scripts.start 写着用哪个文件启动
        said = say("entry_start", en, path=started, script=start) + say("main_missing", en) * missing(started)
        return said + how_to_run(part, facts, readme_in(names), scripts, "", en)
    if bins := [(say("package_bin", en), n, t) for n, t in commands_of(data)]:  # 命令行工具：装好以后的命令
        return installed(part, bins, "npm link", en, (facts, readme_in(names)), usual(names))
    py = facts.pages("read_file", {"path": "pyproject.toml"}) if not main and "pyproject.toml" in names else None
    cut = say("scripts_partly", en) if py and usable(py) and py.state != "complete" else ""  # 命令也许在看不到的那段
    if commands := scripts_in(py.text) if py and py.state == "complete" else []:  # [project.scripts]：装好以后的命令
        commands = [(say("pyproject_table", en, table=table), n, target) for table, n, target in commands]
        return installed(part, commands, "pip install -e .", en, (facts, readme_in(names)), usual(names))
    if main and not gone:
        path, said = main, say("entry_main", en, main=main)
    else:
        subs = [f.rstrip("/") for f in ("src/", "cmd/", "app/", "bin/") if f in names]
        lists = [(".", top, names)] + [(f, *listing(facts, f)) for f in subs]
        found = [f"{f}/{m}".removeprefix("./") for f, _, inside in lists for n in ENTRY_NAMES for m in inside
                 if m.lower() == n]  # fmt: skip
        partly = [s for f, listed, _ in lists if (s := seen_part(listed, f, en))]
        gone_main = say("main_gone", en, main=main) if main else ""  # dist/ 要先构建
        folders = say("and_folders", en, folders=join(subs, en)) if subs else ""
        guard, said = ("", "") if found or partly else guarded(facts, names, folders, en)  # if __name__ == "__main__"
        if not found:
            said = said or say(
                "entry_none_part" if partly else "entry_none", en, seen=join(partly, en), folders=folders
            )
            return gone_main + said + cut + how_to_run(part, facts, readme_in(names), scripts, guard, en)
        path = found[0]
        first = facts.pages("read_file", {"path": path}, enough=lambda text: text.count("\n") >= 6)  # 引它的开头
        no_main = say("odd_main" if "main" in data else "no_main", en) if package is not None and not main else ""
        no_main = say("package_unread", en) if got and package is None else no_main
        why = say("entry_named", en, no_main=no_main, name=path.rsplit("/", 1)[-1])
        said = gone_main + say("entry_is", en, path=path, why=why, head=opening(first, path, en))
    return said + cut + how_to_run(part, facts, readme_in(names), scripts, path, en)


def usual(names: list) -> list:
    return [n for n in names if n.lower() in ENTRY_NAMES]  # 顶层的常见入口文件


def commands_of(package: dict) -> list:
    """package.json 的 bin：[(命令, 文件)]；只写了一个文件的，命令就是包名；写坏了的（不是文字）不算。"""
    name = package.get("name") if isinstance(package.get("name"), str) else ""
    bins = {name: package["bin"]} if isinstance(package.get("bin"), str) else package.get("bin")
    bins = bins if isinstance(bins, dict) else {}
    return [(n.rsplit("/", 1)[-1], t) for n, t in bins.items() if isinstance(n, str) and n and isinstance(t, str)]


def opening(first: Result, path: str, en: bool) -> str:
    """入口文件的开头几行（缩进引用）；读不到、截得只剩不到一行，就说为什么。"""
    head = first.text.strip().splitlines()[:6] if usable(first) else [f"（{why_not(first, en)}）"]
    return "\n".join(f"    {line}" for line in head or [f"（{say('file_partial', en, path=path)}）"])


# ── 测试文件、一个文件、项目是做什么的 ──────────────────────────────
def tests(part, facts, en: bool) -> str:
    """测试目录（tests/、test/……）里的文件，和顶层按测试命名的文件（test_x.py、x.test.js）。"""
    named = part.folder.rstrip("/") not in (".", *TEST_FOLDERS)  # 问题里说了别的目录（src/__tests__）：就是那个目录
    other = part.folder.rstrip("/").rsplit("/", 1)[-1] not in (".", *TEST_FOLDERS)  # 不是测试目录（src/components）
    top, names = (None, []) if named else listing(facts)
    folders = [f.rstrip("/") for f in names if re.fullmatch(TEST_FOLDER, f.lower())] or [part.folder] * named
    subs = {f: listing(facts, f) for f in folders}
    code = [f.rstrip("/") for f in names if f.lower() == "src/"][:1] if part.folder == "." else []  # src/x.test.ts
    inside = [f"{code[0]}/{n}" for n in listing(facts, code[0])[1]] if code else []
    loose = [n for n in [*names, *inside] if re.fullmatch(TEST_NAME, n.rsplit("/", 1)[-1])]
    inner = [n.rstrip("/") for n in inside if n.rstrip("/").rsplit("/", 1)[-1].lower() in TEST_FOLDERS]
    subs |= {f: listing(facts, f) for f in inner}  # src/__tests__/
    folders += inner
    if not subs and not loose:
        partly = seen_part(top, ".", en) or (seen_part(listing(facts, code[0])[0], code[0], en) if code else "")
        where = join([say("top", en), *code], en)  # 顶层，还有 src（列过的话；没列全就说只看了一部分）
        said = say("no_test_folder_part" if partly else "no_test_folder", en, seen=partly, where=where)
        how = test_command(facts, names, readme_in(names), en) if "how" in part.asks else ""  # 测试和代码在一起
        return said + how
    files = [
        f"{f}/{n}" + say("not_listed", en) * n.endswith("/")
        for f, (_, inside) in subs.items()
        for n in inside
        if not other or re.fullmatch(TEST_NAME, n)  # 不是测试目录：只列按测试命名的
    ]
    whole = all(got.state in ("complete", "empty") for got, _ in subs.values())  # 列不了的目录不说是空的
    lines = [f"- {path}" for path in loose + files] or [say("no_test_names" if other else "empty_tests", en)] * whole
    lines += [f"（{s}）" if not en else f"({s})" for f, (got, _) in subs.items() if (s := seen_part(got, f, en))]
    lines += [say("tests_scope", en, where=join([say("top", en), *folders, *code], en))] if not named else []
    read = any(facts.already("read_file", {"path": f}) for f in loose + files)  # 同一个问题里读过其中的文件
    not_done = say("tests_not_counted" if read else "tests_not_read", en) * ("every" in part.asks)
    said = say("test_files", en) + "\n\n" + "\n".join(lines) + not_done
    names = names or listing(facts)[1]
    top = say("tests_top_command", en, folder=part.folder) * (named and "how" in part.asks)  # api/ 自己的清单没读
    return said + top + (test_command(facts, names, readme_in(names), en) if "how" in part.asks else "")


def file(part, facts, en: bool) -> str:
    """“README.md 里写了什么”：几个文件在同一轮里一起读（分页），每个引前 40 行，没读全就说只看到了几行。"""
    paths, more = part.names[:MAX_NAMES], part.names[MAX_NAMES:]
    if "README" in paths:  # 只说了 README：列出目录，看它叫什么
        paths = [readme_in(listing(facts)[1]) or "README.md" if p == "README" else p for p in paths]
    places = [facts.places(path, part.near) for path in paths]  # 只说了文件名：可能在前面说到的目录里
    enough = lambda text: text.count("\n") >= 40  # noqa: E731
    got = all_pages(facts, "read_file", [{"path": p[0]} for p in places], enough)
    again = [i for i, (p, one) in enumerate(zip(places, got, strict=True)) if one.state == "error" and len(p) > 1]
    for i, one in zip(
        again, all_pages(facts, "read_file", [{"path": places[i][1]} for i in again], enough), strict=True
    ):
        got[i] = one  # 那个目录里没有：读顶层的
    paths = [p[1] if i in again else p[0] for i, p in enumerate(places)]
    answers = [quote_file(path, one, en) for path, one in zip(paths, got, strict=True)]
    quoted = all(usable(one) and one.state != "empty" for one in got)  # 读不了、空的：上面没有引内容
    answers[-1] += "".join(say(f"file_{a}", en) for a in ("purpose", "value") if a in part.asks and quoted)
    return "\n\n".join(answers) + (say("too_many", en, names=join(more, en), n=MAX_NAMES) if more else "")


def quote_file(path: str, got: Result, en: bool) -> str:
    if got.state == "empty":
        return say("file_empty", en, path=path)
    if not usable(got):  # 读不到：也许是文件名听错了（名字里有空格）
        hint = say("file_name_hint", en, path=path) if got.state == "error" else ""
        return say("file_unreadable", en, path=path, why=why_not(got, en)) + hint
    lines = [*got.lines, got.partial + " …"] if got.partial else list(got.lines)  # 截断处那半行也引出来
    n = len(got.lines)
    head = say("file_whole" if got.state == "complete" else "file_seen" if n else "file_partial", en, path=path, n=n)
    more = say("file_quoted", en, n=40) if len(lines) > 40 else ""
    return head + more + say("colon", en) + "\n\n" + "\n".join(f"    {clipped(line, 200)}" for line in lines[:40])


def about(part, facts, en: bool) -> str:
    top, names = listing(facts)
    readme = readme_in(names)
    if not readme:
        partly = seen_part(top, ".", en)
        return say("readme_unlisted" if partly else "no_readme", en, seen=partly)
    got, title, paragraph, part_only = first_paragraph(facts, readme)
    if not usable(got):
        return say("readme_error", en, readme=readme, why=why_not(got, en))
    if not paragraph:
        return say("readme_part" if part_only else "no_paragraph", en, readme=readme)
    said = say("about", en, readme=readme, title=say("titled", en, title=title) if title else "", paragraph=paragraph)
    return said + (say("paragraph_part", en, readme=readme) if part_only else "")
