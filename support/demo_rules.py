"""离线演示的规则：怎样一步步看项目的文件，又怎样只根据工具结果回答（技术栈、入口、某个库用没用、测试文件）。

每一步都是“还缺哪个工具结果就去要，都有了就回答”；结果是错误或者读不全时，说看了什么、缺什么，不编答案。
结果被截断（列表、搜索、文件都一样）就翻页或缩小范围接着看；没看全就不说“没有”。
en=True 时用英文回答（同样的事实、同样的规矩）；工具结果里的 […] 提示照原样。
"""

import json
import os
import re

from support.demo_calls import (
    first_new,
    give_up,
    is_cut,
    key,
    listing,
    names_in,
    pages,
    read_call,
    result,
    said,
    text_in,
    text_of,
    unlisted,
)
from support.demo_manifests import CATEGORIES_EN, KNOWN, MANIFESTS, dependencies, readme_summary
from support.search import SKIP_DIRS
from support.workspace import is_env_name

ENTRY_NAMES = (
    "index.js main.js app.js server.js index.ts main.ts main.py app.py manage.py __main__.py main.go main.rs lib.rs"
).split()
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
MAX_SEARCHES = 30  # 回答“用没用到”最多搜几次
UNREACHED = "[有 "  # search_files 结果末尾的“[有 N 个文件或目录打不开，没有搜：…]”
DOC_CUT = "[文档里的匹配没有显示全]"  # 文档里只算提到：没显示全不影响“用没用到”，只是提到的次数没数全


# ── 技术栈 ───────────────────────────────────────────────────
def stack_step(seen, en: bool = False):
    if step := first_new(seen, *listing(seen, ".")):
        return step
    names, part = names_in(seen, "."), unlisted(seen, ".", en)
    manifests = [n for n in MANIFESTS if n in names]
    readme = next((n for n in names if n.lower().startswith("readme")), None)
    reads = {path: pages(seen, path) for path in manifests}
    wanted = [call for calls in reads.values() for call in calls] + ([read_call(readme)] if readme else [])
    if step := first_new(seen, *wanted):
        return step
    if not manifests and part:
        reason = said(
            en,
            f"我{part}，里面没有 package.json、pyproject.toml 或 requirements.txt；"
            "没看全，不能说没有，所以判断不出技术栈。",
            f"{part}, and none of them is package.json, pyproject.toml or requirements.txt; I did not see "
            "the rest, so I can't say there is none, and I can't tell the tech stack.",
        )
        return give_up(seen, reason, en)
    if not manifests:
        reason = said(
            en,
            "工作目录里没有 package.json、pyproject.toml 或 requirements.txt，我判断不出技术栈。",
            "The work folder has no package.json, pyproject.toml or requirements.txt, so I can't tell the tech stack.",
        )
        return give_up(seen, reason, en)
    groups, others, parsed = {}, [], []
    for path in manifests:
        deps = dependencies(path, text_in(seen, reads[path]))
        if deps is None:
            continue
        parsed.append(path)
        for name, version in deps:
            if name in KNOWN:
                category, shown = KNOWN[name]
                runtime = said(en, f"（{MANIFESTS[path]}）", f" ({MANIFESTS[path]})") if category == "后端" else ""
                groups.setdefault(category, []).append(f"{shown} {version}".strip() + runtime)
            elif not name.startswith(("react-", "@types/")):
                others.append(f"{name} {version}".strip())
    if not parsed:
        return give_up(
            seen,
            said(
                en,
                f"{'、'.join(manifests)} 读不了或解析不了，我判断不出技术栈。",
                f"I could not read or parse {', '.join(manifests)}, so I can't tell the tech stack.",
            ),
            en,
        )
    comma = said(en, "、", ", ")
    colon = said(en, "：", ": ")
    lines = [f"- {said(en, group, CATEGORIES_EN[group])}{colon}{comma.join(items)}" for group, items in groups.items()]
    if others:
        lines.append(said(en, "- 其他依赖：", "- Other dependencies: ") + comma.join(others[:12]))
    runtimes = comma.join(dict.fromkeys(MANIFESTS[p] for p in parsed))
    lines.append(said(en, "- 语言/运行时：", "- Language/runtime: ") + runtimes)
    for path in manifests:
        if path not in parsed:
            lines.append(
                said(
                    en,
                    f"- {path} 读不了或解析不了，上面没有算它",
                    f"- {path} could not be read or parsed; not counted above",
                )
            )
    if part:  # 工作目录没列全：后面也许还有别的清单
        lines.append(said(en, f"- 我{part}，后面也许还有别的依赖清单", f"- {part}; there may be more manifests"))
    about = readme_summary(text_of(result(seen, read_call(readme))) if readme else "")
    if about:
        lines.append(said(en, f"- 项目说明（来自 {readme}）：{about}", f"- About (from {readme}): {about}"))
    evidence = comma.join(parsed + ([readme] if about else []))
    return said(
        en,
        "这个项目的技术栈如下：\n\n" + "\n".join(lines) + f"\n\n依据：{evidence}。",
        "This project's tech stack:\n\n" + "\n".join(lines) + f"\n\nBased on: {evidence}.",
    )


# ── 入口文件 ─────────────────────────────────────────────────
def entry_step(seen, en: bool = False):
    if step := first_new(seen, *listing(seen, ".")):
        return step
    names = names_in(seen, ".")
    if "package.json" in names:
        reads = pages(seen, "package.json")
        if step := first_new(seen, *reads):
            return step
        try:
            main = json.loads(text_in(seen, reads) or "").get("main")
        except (ValueError, AttributeError):
            main = None
        if main and isinstance(main, str):
            return said(
                en,
                f'入口文件是 {main}：package.json 的 "main" 字段写着它。',
                f'The entry point is {main}: the "main" field of package.json names it.',
            )
    folders = [folder for folder in ("src", "cmd", "app") if f"{folder}/" in names]
    if step := first_new(seen, *[call for folder in folders for call in listing(seen, folder)]):
        return step
    candidates = [n for n in ENTRY_NAMES if n in names]
    for folder in folders:
        candidates += [f"{folder}/{n}" for n in ENTRY_NAMES if n in names_in(seen, folder)]
    why, cut = "", [part for folder in [".", *folders] if (part := unlisted(seen, folder, en))]
    if not candidates and any(n.endswith(".py") for n in names):  # Python 脚本：找 if __name__ == "__main__"
        search = ("search_files", {"query": "__main__"})
        if step := first_new(seen, search):
            return step
        found = result(seen, search)
        hits = [h for h in found.splitlines() if h.partition(": ")[2].startswith("if __name__")]
        candidates = sorted(dict.fromkeys(h.split(":", 1)[0] for h in hits), key=lambda f: (f.count("/"), f))
        line = next((h.split(":")[1] for h in hits if candidates and h.startswith(candidates[0] + ":")), "")
        why = (
            said(en, f'（第 {line} 行是 if __name__ == "__main__"）', f' (line {line} is if __name__ == "__main__")')
            if line
            else ""
        )
        if is_cut(found):
            cut.append(said(en, "搜 __main__ 的结果被截断了", "the search for __main__ was cut off"))
    if not candidates and cut:
        reason = said(
            en,
            f"我只看到了一部分（{'；'.join(cut)}），里面没有常见的入口文件；没看全，不能说没有。",
            f"I saw only part of the project ({'; '.join(cut)}), and found no usual entry file in it; "
            "I did not see the rest, so I can't say there is none.",
        )
        return give_up(seen, reason, en)
    if not candidates:
        reason = said(
            en,
            "没有找到常见的入口文件（index.js、main.py、main.go 之类），"
            '也没有 if __name__ == "__main__" 的 Python 文件。',
            "I found no usual entry file (index.js, main.py, main.go and the like), and no Python file with "
            'if __name__ == "__main__".',
        )
        return give_up(seen, reason, en)
    if step := first_new(seen, read_call(candidates[0])):
        return step
    head = "\n".join(f"    {line}" for line in text_of(result(seen, read_call(candidates[0]))).strip().splitlines()[:6])
    return said(
        en,
        f"入口文件应该是 {candidates[0]}{why}。它的开头是：\n\n{head}",
        f"The entry point is probably {candidates[0]}{why}. It begins with:\n\n{head}",
    )


# ── 测试文件 ─────────────────────────────────────────────────
def tests_step(seen, en: bool = False):
    if step := first_new(seen, *listing(seen, ".")):
        return step
    names = names_in(seen, ".")
    folders = [n.rstrip("/") for n in names if n in ("tests/", "test/", "__tests__/", "spec/")]
    if step := first_new(seen, *[call for folder in folders for call in listing(seen, folder)]):
        return step
    if not folders and (part := unlisted(seen, ".", en)):
        reason = said(
            en,
            f"我{part}，里面没有 tests、test、__tests__ 或 spec 目录；没看全，不能说没有。",
            f"{part}, and none of them is a tests, test, __tests__ or spec folder; I did not see the rest, "
            "so I can't say there is none.",
        )
        return give_up(seen, reason, en)
    if not folders:
        reason = said(
            en,
            "工作目录下没有 tests、test、__tests__ 或 spec 目录。",
            "The work folder has no tests, test, __tests__ or spec folder.",
        )
        return give_up(seen, reason, en)
    lines = [f"- {folder}/{name}" for folder in folders for name in names_in(seen, folder)]
    lines = lines or [said(en, "（测试目录是空的）", "(the test folder is empty)")]
    lines += [f"（{part}）" if not en else f"({part})" for folder in folders if (part := unlisted(seen, folder, en))]
    return said(en, "测试文件有这些：\n\n", "These are the test files:\n\n") + "\n".join(lines)


# ── 某个库用没用到 ────────────────────────────────────────────
def use_step(seen, names, en: bool = False):
    """“项目里用没用到 X”：每个名字先整体搜一次（几个名字在同一轮里并行搜）；
    结果被截断、又没看到声明，就缩小范围接着搜（search_plan）。搜完了回答。"""
    plans = {name: search_plan(seen, name) for name in names}
    calls = list({key(call): call for todo, _ in plans.values() for call in todo}.values())
    return calls or "\n\n".join(use_answer(name, found, en) for name, (_, found) in plans.items())


def search_call(name: str, path: str = "."):
    return ("search_files", {"query": name} if path == "." else {"query": name, "path": path})


def search_plan(seen, name: str):
    """搜 name 还要做的调用，和到目前为止的结果拼成的一份（调用都做完以前不作数）。

    一个目录的结果被截断、又没看到声明：先把它列出来，再分别搜它下面的每一项；
    文档被截断不要紧（文档里只算提到）。列不全、要搜太多次（MAX_SEARCHES）就停，截断的结果留着，回答时会说没看全。
    """
    todo, calls, found, searches = [(".", True)], [], [], 0
    while todo:
        path, folder = todo.pop(0)
        call, searches = search_call(name, path), searches + 1
        got = result(seen, call)
        if not got:
            calls.append(call)
        elif not is_cut(got) or got.startswith("错误：") or any(map(declares, hits_in(got))):
            found.append(got)
        elif not folder:  # 一个文件里匹配太多：文档不要紧，代码就只能算没看全
            found.append("\n".join([*hits_in(got), DOC_CUT]) if is_doc(path) else got)
        elif step := first_new(seen, *listing(seen, path)):
            calls += step
        elif unlisted(seen, path) or searches + len(todo) + len(children(seen, path)) > MAX_SEARCHES:
            found.append(got)  # 没列全，或者要搜的太多：停在这里，回答时说没看全
        else:
            todo += children(seen, path)
    return calls, "\n".join(found)


def children(seen, folder: str) -> list:
    """folder 下面要分别搜的项 [(路径, 是不是目录)]：跳过的和整体搜索时一样
    （读不了的、符号链接、隐藏目录、node_modules、虚拟环境）。"""
    found = []
    for entry in names_in(seen, folder):
        name = entry.removesuffix("/")
        path = name if folder == "." else f"{folder}/{name}"
        if not (entry.endswith("不能读取）") or os.path.islink(path) or entry.endswith("/") and skipped_dir(path)):
            found.append((path, entry.endswith("/")))
    return found


def skipped_dir(path: str) -> bool:
    """整体搜索时跳过的目录：隐藏目录、node_modules 之类、env 目录、虚拟环境。"""
    name = os.path.basename(path)
    return name.startswith(".") or name in SKIP_DIRS or is_env_name(name) or os.path.exists(f"{path}/pyvenv.cfg")


def hits_in(found: str) -> list:
    """search_files 结果里的匹配行（文件:行号: 内容）；提示、错误、省略说明都不算。"""
    return [h for h in found.splitlines() if not h.startswith(("[", "…", "错误：")) and h.count(":") >= 2]


def use_answer(name: str, found: str, en: bool = False) -> str:
    """只有依赖清单里的声明、代码里的 import / require 才算“用到”；文档、注释、字符串里出现只算提到。
    结果没给全（被截断、有的部分搜不了）又没看到声明：说没看全，不说没用到。"""
    if found.startswith("错误："):
        return said(en, f"没法搜索 {name}：{found}", f"I could not search for {name}: {found}")
    hits = hits_in(found)
    partial = is_cut(found) or any(line.startswith(("错误：", UNREACHED)) for line in found.splitlines())
    uses = [h for h in hits if declares(h)]
    comma = said(en, "、", ", ")
    if uses:
        files = comma.join(sorted({h.split(":", 1)[0] for h in uses}))
        more = said(en, "（搜索结果被截断了，可能还有更多）", " (the search results were cut off; there may be more)")
        answer = said(
            en,
            f"用到了 {name}：{len(uses)} 处依赖声明或引入，在 {files}{more if partial else ''}：\n\n",
            f"Yes, {name} is used: {len(uses)} declaration(s) or import(s), in {files}{more if partial else ''}:\n\n",
        ) + "\n".join(uses[:10])
        if mentions := len(hits) - len(uses):
            maybe = said(en, "（也许还有更多）", " (maybe more)") if DOC_CUT in found else ""
            answer += said(en, f"\n另有 {mentions} 处只是提到它{maybe}。", f"\n{mentions} more only mention it{maybe}.")
        return answer
    if partial:
        return said(
            en,
            f"说不准是否用到了 {name}：搜索结果不完整（被截断了，或者有文件没能搜），"
            f"我只看到了 {len(hits)} 条匹配，其中没有依赖声明或 import；"
            "剩下的没看到，所以判断不了。可以用 path 缩小范围再搜（比如只搜 src 或 package.json）。",
            f"I can't tell whether {name} is used: the search results are incomplete (cut off, or some files "
            f"could not be searched) and I saw only {len(hits)} "
            "match(es), none of them a declaration or import. I did not see the rest, so I can't tell; "
            "searching a narrower path (say, just src or package.json) would.",
        )
    if not hits:
        return said(
            en,
            f"没有用到 {name}：search_files 在项目里没有搜到它。",
            f"{name} is not used: search_files found it nowhere in the project.",
        )
    files = comma.join(sorted({h.split(":", 1)[0] for h in hits}))
    return said(
        en,
        f"没有找到 {name} 的依赖声明或 import，看来没有用到它；"
        f"它只是在这些文件里被提到（文档、注释或字符串）：{files}。",
        f"I found no declaration or import of {name}, so it does not seem to be used; it is only mentioned "
        f"(in docs, comments or strings) in: {files}.",
    )


def is_doc(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return name.lower().endswith(DOC_SUFFIXES) or name.upper().startswith(("README", "CHANGELOG", "LICENSE"))


def declares(hit: str) -> bool:
    """search_files 的一行（文件:行号: 内容）是不是依赖声明或引入。"""
    path, _, text = hit.split(":", 2)
    name = path.rsplit("/", 1)[-1]
    if name in MANIFESTS or name.startswith("requirements"):
        return True
    if is_doc(path):
        return False
    return bool(re.search(r"\b(import|require|from|use|using|extern crate|include)\b", text))
