"""离线演示的规则：“项目里用没用到 X”。每个名字先整体搜一次，结果被截断、又没看到声明，就缩小范围接着搜；
只有依赖清单里的声明、代码里的 import / require 才算用到，没看全就不说“没用到”。
"""

import os
import re

from support.demo.calls import first_new, is_cut, key, listing, names_in, result, said, unlisted
from support.demo.manifests import MANIFESTS
from support.search import SKIP_DIRS, SKIPPED_NOTE, VENV_MARK, skipped_folder

MAX_SEARCHES = 30  # 回答“用没用到”最多搜几次
UNREACHED = "[有 "  # search_files 结果末尾的“[有 N 个文件或目录没有搜：…]”
DOC_CUT = "[文档里的匹配没有显示全]"  # 文档里只算提到：没显示全不影响“用没用到”，只是提到的次数没数全
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
NOT_SEARCHED = "[有的目录没有搜]"  # 整体搜索跳过的目录没能一一补搜（没列全、认不出、要搜太多次）


def use_step(seen, names, en: bool = False):
    """“项目里用没用到 X”：每个名字先整体搜一次（几个名字在同一轮里并行搜）；
    结果被截断、又没看到声明，就缩小范围接着搜（search_plan）。搜完了回答。
    search_files 区分大小写：用户写的是 Vue，也按 vue 搜一次（npm、PyPI 的包名都是小写）。"""
    plans = {name: [search_plan(seen, s) for s in dict.fromkeys([name, name.lower()])] for name in names}
    calls = list({key(call): call for plan in plans.values() for todo, _ in plan for call in todo}.values())
    return calls or "\n\n".join(
        use_answer(name, "\n".join(found for _, found in plan), en) for name, plan in plans.items()
    )


def search_call(name: str, path: str = "."):
    return ("search_files", {"query": name} if path == "." else {"query": name, "path": path})


def search_plan(seen, name: str):
    """搜 name 还要做的调用，和到目前为止的结果拼成的一份（调用都做完以前不作数）。

    一个目录的结果被截断、又没看到声明：先把它列出来，再分别搜它下面的每一项；
    文档被截断不要紧（文档里只算提到）。整体搜索跳过的隐藏目录（.git 除外）可能有项目自己的代码，单独搜一次。
    列不全、要搜太多次（MAX_SEARCHES）就停，截断的结果留着，回答时会说没看全。
    """
    todo, calls, found, searches = [(".", True)], [], [], 0
    while todo:
        path, folder = todo.pop(0)
        call, searches = search_call(name, path), searches + 1
        got = result(seen, call)
        if got and folder:
            more, complete = skipped_in(got)
            more = [(p, True) for p in more if (p, True) not in todo and search_call(name, p) not in calls]
            if not complete or searches + len(todo) + len(more) > MAX_SEARCHES:
                found.append(NOT_SEARCHED)
            else:
                todo += more
        if not got:
            calls.append(call)
        elif not is_cut(got) or got.startswith("错误：") or any(declares(h, name) for h in hits_in(got)):
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
        if not (entry.endswith("不能读取）") or os.path.islink(path) or entry.endswith("/") and skipped_folder(path)):
            found.append((path, entry.endswith("/")))
    return found


def skipped_in(got: str) -> tuple:
    """search_files 结果末尾说整体搜索没有进去的目录里，可能放着项目自己代码的那些（隐藏目录，
    .git、依赖目录、虚拟环境除外），和：是不是都列出来了、都认得出来（不然回答时说有目录没搜）。"""
    line = next((s for s in got.splitlines() if s.startswith(SKIPPED_NOTE)), "")
    if not line:
        return [], True
    listed, _, more = line[len(SKIPPED_NOTE) :].split("（整体搜索", 1)[0].partition(" 等 ")
    own = [p for p in listed.split("、") if not not_own_code(p)]
    return own, not more and all(os.path.isdir(p) and not os.path.islink(p) for p in own)


def not_own_code(path: str) -> bool:
    """版本库、依赖、虚拟环境：不是项目自己写的代码，里面有没有 X 不影响“项目用没用到 X”。"""
    name = path.rsplit("/", 1)[-1]
    return name == ".git" or name in SKIP_DIRS or os.path.exists(os.path.join(path, VENV_MARK))


def hits_in(found: str) -> list:
    """search_files 结果里的匹配行（文件:行号: 内容），同一行只算一次；提示、错误、省略说明都不算。"""
    lines = found.splitlines()
    return list(dict.fromkeys(h for h in lines if not h.startswith(("[", "…", "错误：")) and h.count(":") >= 2))


def use_answer(name: str, found: str, en: bool = False) -> str:
    """只有依赖清单里的声明、代码里的 import / require 才算“用到”；文档、注释、字符串里出现只算提到。
    结果没给全（被截断、有的部分搜不了）又没看到声明：说没看全，不说没用到。"""
    if found.startswith("错误："):
        return said(en, f"没法搜索 {name}：{found}", f"I could not search for {name}: {found}")
    hits = hits_in(found)
    partial = is_cut(found) or any(s.startswith(("错误：", UNREACHED, NOT_SEARCHED)) for s in found.splitlines())
    uses = [h for h in hits if declares(h, name)]
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
            answer += said(
                en,
                f"\n另有 {mentions} 处出现了它，但不是依赖声明或 import{maybe}。",
                f"\n{mentions} more match(es) mention it without declaring or importing it{maybe}.",
            )
        return answer
    if partial:
        unsearched = next((s for s in found.splitlines() if s.startswith(UNREACHED)), "")
        return said(
            en,
            f"说不准是否用到了 {name}：搜索结果不完整（被截断了，或者有文件、目录没能搜），"
            f"我只看到了 {len(hits)} 条匹配，其中没有依赖声明或 import；"
            "剩下的没看到，所以判断不了。可以用 path 缩小范围再搜（比如只搜 src 或 package.json）。"
            + (f"\n结果里说：{unsearched}" if unsearched else ""),
            f"I can't tell whether {name} is used: the search results are incomplete (cut off, or some files "
            f"or folders were not searched) and I saw only {len(hits)} "
            "match(es), none of them a declaration or import. I did not see the rest, so I can't tell; "
            "searching a narrower path (say, just src or package.json) would."
            + (f"\nThe result says: {unsearched}" if unsearched else ""),
        )
    if not hits:
        both = name != name.lower()  # 两种写法都搜了
        return said(
            en,
            f"没有用到 {name}：search_files 在项目里没有搜到它"
            + (f"（区分大小写：{name} 和 {name.lower()} 都搜了）。" if both else "。"),
            f"{name} is not used: search_files found it nowhere in the project"
            + (f" (it is case-sensitive: I searched for both {name} and {name.lower()})." if both else "."),
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


def declares(hit: str, name: str) -> bool:
    """search_files 的一行（文件:行号: 内容）是不是 name 的依赖声明或引入：依赖清单里的一行，
    或者代码里引入的正是 name 这个模块（from support.read import requests 引入的不是 requests 库）。"""
    path, _, text = hit.split(":", 2)
    base = path.rsplit("/", 1)[-1]
    if base in MANIFESTS or base.startswith("requirements"):
        return True
    if is_doc(path):
        return False
    n = re.escape(name)
    quoted_module = rf"['\"`]{n}(/[^'\"`]*)?['\"`]"  # "lodash"、'lodash/merge'
    patterns = (
        [rf"^import\s+([\w.]+(\s+as\s+\w+)?\s*,\s*)*{n}(?=[\s.,;]|$)", rf"^from\s+{n}(?=[\s.])"]  # Python
        if base.endswith((".py", ".pyi"))
        else [
            rf"\b(require|import)\s*\(\s*{quoted_module}",  # require("x")、import("x")
            rf"(^import|\bfrom)\s+{quoted_module}",  # import "x"、import … from "x"
            rf"^(use|using|extern\s+crate)\s+{n}\b",  # Rust、PHP、C#
            rf"^#\s*include\s*[<\"]{n}\b",  # C、C++
            rf"^import\s+(static\s+)?[\w.]*\b{n}\b",  # Java、Kotlin、Scala
        ]
    )
    if base.endswith(".go"):  # import "github.com/x/name"，或者 import ( … ) 块里的一行
        patterns.append(rf"^(import\s+(\w+\s+)?)?\"([^\"]*/)?{n}(/v\d+)?\"")
    return any(re.search(p, text.strip(), re.IGNORECASE) for p in patterns)
