"""离线演示的规则：“项目里用没用到 X”。每个名字先整体搜一次，结果被截断、又没看到声明，就缩小范围接着搜；
只有依赖清单里的声明、代码里的 import / require 才算用到，没看全就不说“没用到”。
"""

import os
import re

from support.demo.calls import first_new, is_cut, key, listing, names_in, result, said, unlisted
from support.demo.manifests import MANIFESTS
from support.demo.reader import HIT_CUT, UNREACHED, read
from support.search import SKIP_DIRS, SKIPPED_NOTE, SKIPPED_WHY, VENV_MARK, skipped_folder

MAX_SEARCHES = 30  # 回答“用没用到”最多搜几次
DOC_CUT = "[文档里的匹配没有显示全]"  # 文档里只算提到：没显示全不影响“用没用到”，只是提到的次数没数全
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
RUNTIMES = {"node", "nodejs", "python", "python3", "deno", "bun"}  # 运行时不是依赖包：搜名字判断不了
NOT_SEARCHED = "[有的目录没有搜："  # 整体搜索跳过的目录没能一一补搜（没列全、认不出、要搜太多次），后面接着结果里的原话
NOT_OWN = "[不是项目自己代码的目录："  # 跳过的版本库、依赖、虚拟环境：回答“没用到”时说一声没搜它们
SKIPPED_LINE = re.compile(rf"^{re.escape(SKIPPED_NOTE)}(\d+) 个目录：(.*?)( 等)?{re.escape(SKIPPED_WHY)}\]$")


def use_step(seen, names, en: bool = False, scope: str = "."):
    """“项目里用没用到 X”：每个名字先整体搜一次（几个名字在同一轮里并行搜）；
    结果被截断、又没看到声明，就缩小范围接着搜（search_plan）。搜完了回答。scope：问的是哪个目录（“在 src 里”）。
    search_files 区分大小写：用户写的是 Vue，也按 vue 搜一次（npm、PyPI 的包名都是小写；见 spellings）。"""
    plans = {name: [search_plan(seen, s, scope) for s in spellings(name)] for name in names}
    calls = list({key(call): call for plan in plans.values() for todo, _ in plan for call in todo}.values())
    return calls or "\n\n".join(
        use_answer(name, [piece for _, found in plan for piece in found], en, scope) for name, plan in plans.items()
    )


def spellings(name: str) -> list:
    """要搜的几种写法：用户写的、小写的；React.js、Vue.js 再加上包名 react、vue。"""
    base = name[:-3] if name.lower().endswith(".js") and len(name) > 3 else name
    return list(dict.fromkeys([name, name.lower(), base, base.lower()]))


def search_call(name: str, path: str = "."):
    return ("search_files", {"query": name} if path == "." else {"query": name, "path": path})


def search_plan(seen, name: str, scope: str = "."):
    """搜 name 还要做的调用，和到目前为止的结果拼成的一份（调用都做完以前不作数）。

    一个目录的结果被截断、又没看到声明：先把它列出来，再分别搜它下面的每一项；
    文档被截断不要紧（文档里只算提到）。整体搜索跳过的隐藏目录（.git 除外）可能有项目自己的代码，单独搜一次。
    列不全、要搜太多次（MAX_SEARCHES）就停，截断的结果留着，回答时会说没看全。
    """
    todo, calls, found, searches = [(scope, True)], [], [], 0
    while todo:
        path, folder = todo.pop(0)
        call, searches = search_call(name, path), searches + 1
        got = result(seen, call)
        if got and folder and (note := read(got).skipped):
            own, others, complete = skipped_in(note)
            more = [(p, True) for p in own if (p, True) not in todo and search_call(name, p) not in calls]
            if not complete or searches + len(todo) + len(more) > MAX_SEARCHES:
                found.append(f"{NOT_SEARCHED}{note}]")
            else:
                todo += more
            found += [f"{NOT_OWN}{'、'.join(others)}]"] if others else []
        if not got:
            calls.append(call)
        elif not is_cut(got) or got.startswith("错误：") or any(declares(h, name) for h in hits_in(got)):
            found.append(got)
        elif not folder:  # 一个文件里匹配太多：文档不要紧，代码就只能算没看全
            found.append("\n".join([*hits_in(got), DOC_CUT]) if is_doc(path) else got)
        elif step := first_new(seen, *listing(seen, path)):
            calls += step
        elif unlisted(seen, path) or searches + len(todo) + len((parts := children(seen, path))[0]) > MAX_SEARCHES:
            found.append(got)  # 没列全，或者要搜的太多：停在这里，回答时说没看全
        else:
            todo, found = todo + [item for item in parts[0] if item not in todo], found + parts[1]  # 分别搜每一项
    return calls, found


def children(seen, folder: str) -> tuple:
    """folder 下面要分别搜的项 [(路径, 是不是目录)]，和没法搜的那些的记号：读不了的、符号链接（search_files 不跟随）
    没法搜，回答时说没看全；版本库、依赖、虚拟环境不是项目自己的代码，回答“没用到”时说一声没搜它们；
    别的隐藏目录整体搜索时跳过，这里单独搜。"""
    found, marks = [], []
    for entry in names_in(seen, folder):
        name = entry.removesuffix("/")
        path = name if folder == "." else f"{folder}/{name}"
        if entry.endswith("不能读取）") or os.path.islink(path):
            marks.append(f"{NOT_SEARCHED}{path}（符号链接或读不了）]")
        elif entry.endswith("/") and not_own_code(path):
            marks.append(f"{NOT_OWN}{path}]")
        else:
            found.append((path, entry.endswith("/")))
    return found, marks


def skipped_in(note: str) -> tuple:
    """search_files 末尾那一行说整体搜索没有进去的目录 → (可能放着项目自己代码的那些（隐藏目录），
    不是项目自己代码的那些（.git、依赖目录、虚拟环境），是不是都列出来了、每个都认得出来)。
    名字里带着“、”、括号、转义过的字符时分不清：算没列全，回答时说有目录没搜，不猜。"""
    m = SKIPPED_LINE.match(note)
    if not m:
        return [], [], False
    listed = m.group(2).split("、")
    complete = not m.group(3) and len(listed) == int(m.group(1)) == len(set(listed))
    complete = complete and all(skipped_folder(p) and os.path.isdir(p) and not os.path.islink(p) for p in listed)
    others = [p for p in listed if not_own_code(p)]
    return [p for p in listed if p not in others], others, complete


def not_own_code(path: str) -> bool:
    """版本库、依赖、虚拟环境：不是项目自己写的代码，里面有没有 X 不影响“项目用没用到 X”。"""
    name = path.rsplit("/", 1)[-1]
    return name == ".git" or name in SKIP_DIRS or os.path.exists(os.path.join(path, VENV_MARK))


def hits_in(found: str) -> list:
    """search_files 结果里的匹配行（文件:行号: 内容），同一行只算一次；提示、错误、省略说明都不算。"""
    lines = found.splitlines()
    return list(dict.fromkeys(h for h in lines if not h.startswith(("[", "…", "错误：")) and h.count(":") >= 2))


def use_answer(name: str, pieces: list, en: bool = False, scope: str = ".") -> str:
    """只有依赖清单里的声明、代码里的 import / require 才算“用到”；文档、注释、字符串里出现只算提到。
    结果没给全（被截断、有的部分搜不了）又没看到声明：说没看全，不说没用到。
    pieces：search_plan 收下的各个搜索结果和记号，每个结果自己判断截没截断（拼起来就看不出了）。"""
    found = "\n".join(pieces)
    if found.startswith("错误："):
        return said(en, f"没法搜索 {name}：{found}", f"I could not search for {name}: {found}")
    hits = hits_in(found)
    if spellings(name)[-1] in RUNTIMES and not any(declares(h, s) for h in hits for s in spellings(name)):
        return said(
            en,
            f"{name} 是运行时，不是一个依赖包：项目里搜不搜得到这个名字，说明不了用没用它。"
            "问“这个项目用了什么技术栈”，我会从依赖清单（package.json、pyproject.toml……）判断运行时。",
            f"{name} is a runtime, not a package: whether its name appears in the project says nothing about "
            "whether the project runs on it. Ask about the tech stack and I will tell the runtime from the manifests "
            "(package.json, pyproject.toml…).",
        )
    cut = any(map(is_cut, pieces)) or any(s.startswith("错误：") for s in found.splitlines())
    unsearched = next((s for s in found.splitlines() if s.startswith((UNREACHED, NOT_SEARCHED))), "")
    if unsearched.startswith(NOT_SEARCHED):  # 没能补搜的目录：引结果里的原话
        unsearched = unsearched[len(NOT_SEARCHED) : -1]
    partial = cut or bool(unsearched)
    uses = [h for h in hits if any(declares(h, s) for s in spellings(name))]
    comma = said(en, "、", ", ")
    if uses:
        files = comma.join(sorted({h.split(":", 1)[0] for h in uses}))
        more = (
            said(en, "（搜索结果被截断了，可能还有更多）", " (the search results were cut off; there may be more)")
            if cut
            else said(
                en,
                "（有文件或目录没有搜，那里面可能还有）",
                " (some files or folders were not searched; there may be more)",
            )
        )
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
        why = said(
            en,
            "被截断了" + ("，也有文件或目录没有搜" if unsearched else "") if cut else "有文件或目录没有搜",
            "cut off" + (", and some files or folders were not searched" if unsearched else "")
            if cut
            else "some files or folders were not searched",
        )
        narrower = said(
            en, "可以用 path 缩小范围再搜（比如只搜 src 或 package.json）。", " Searching a narrower path would help."
        )
        if any(HIT_CUT in piece for piece in pieces):  # 一行太长、只给了开头：搜得再窄也是那半行，得读文件
            narrower = said(
                en,
                "那一行太长，只显示了开头：用 read_file 读那个文件才看得全。",
                " That line was too long and only its start was shown: reading the file with read_file would show it.",
            )
        return said(
            en,
            f"说不准是否用到了 {name}：搜索结果不完整（{why}），我只看到了 {len(hits)} 条匹配，"
            "其中没有依赖声明或 import；剩下的没看到，所以判断不了。"
            + (narrower if cut else "")
            + (f"\n结果里说：{unsearched}" if unsearched else ""),
            f"I can't tell whether {name} is used: the search results are incomplete ({why}) and I saw only "
            f"{len(hits)} match(es), none of them a declaration or import. I did not see the rest, so I can't tell."
            + (narrower if cut else "")
            + (f"\nThe result says: {unsearched}" if unsearched else ""),
        )
    marks = [s[len(NOT_OWN) : -1] for s in found.splitlines() if s.startswith(NOT_OWN)]
    others = list(dict.fromkeys(n for s in marks for n in s.split("、")))
    not_own = said(
        en,
        f"\n（没有搜 {comma.join(others)}：版本库、依赖和虚拟环境里是别人的代码，不算项目用到。）",
        f"\n(I did not search {comma.join(others)}: version control, dependencies and virtual environments "
        "hold other people's code.)",
    ) if others else ""  # fmt: skip
    if not hits:
        tried = spellings(name)  # 几种写法都搜了
        return (
            said(
                en,
                (
                    f"没有用到 {name}：search_files 在项目里没有搜到它"
                    if scope == "."
                    else f"search_files 在 {scope} 里没有搜到 {name}（只搜了 {scope}，依赖清单和别的目录不在里面）"
                )
                + (f"（区分大小写：{'、'.join(tried)} 都搜了）。" if len(tried) > 1 else "。"),
                (
                    f"{name} is not used: search_files found it nowhere in the project"
                    if scope == "."
                    else f"search_files found {name} nowhere in {scope} (I searched only {scope}; "
                    "the manifests and the other folders are not in it)"
                )
                + (f" (it is case-sensitive: I searched for {', '.join(tried)})." if len(tried) > 1 else "."),
            )
            + not_own
        )
    files = comma.join(sorted({h.split(":", 1)[0] for h in hits}))
    return (
        said(
            en,
            (
                f"没有找到 {name} 的依赖声明或 import，看来没有用到它；"
                if scope == "."
                else f"在 {scope} 里没有找到 {name} 的依赖声明或 import（只搜了 {scope}，依赖清单不在里面）；"
            )
            + f"它只是在这些文件里被提到（文档、注释或字符串）：{files}。",
            (
                f"I found no declaration or import of {name}, so it does not seem to be used; "
                if scope == "."
                else f"I found no declaration or import of {name} in {scope} (I searched only {scope}; "
                "the manifests are not in it); "
            )
            + f"it is only mentioned (in docs, comments or strings) in: {files}.",
        )
        + not_own
    )


def is_doc(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return name.lower().endswith(DOC_SUFFIXES) or name.upper().startswith(("README", "CHANGELOG", "LICENSE"))


def declares(hit: str, name: str) -> bool:
    """search_files 的一行（文件:行号: 内容）是不是 name 的依赖声明或引入：依赖清单里写着 name 这个包的一行，
    或者代码里引入的正是 name 这个模块（from support.read import requests 引入的不是 requests 库，
    requests-mock 不是 requests，// ported from 'lodash' 是注释）。"""
    path, _, text = hit.split(":", 2)
    base, text, n = path.rsplit("/", 1)[-1], text.strip(), re.escape(name)
    if base in MANIFESTS or base.startswith("requirements"):  # 整个包名：前后不连着别的字母、-、.
        return bool(re.search(rf"(?<![\w.@/-]){n}(?![\w.-])", text, re.IGNORECASE))
    if is_doc(path) or re.match(r"(//|/\*|\*|#(?!\s*include)|--|;)", text):  # 文档、注释
        return False
    quoted_module = rf"['\"`]{n}(/[^'\"`]*)?['\"`]"  # "lodash"、'lodash/merge'（不是 './my-lodash'）
    if base.endswith((".py", ".pyi")):
        patterns = [rf"^import\s+([\w.]+(\s+as\s+\w+)?\s*,\s*)*{n}(?=[\s.,;]|$)", rf"^from\s+{n}(?=[\s.])"]
    else:
        patterns = [
            rf"\b(require|import)\s*\(\s*{quoted_module}",  # require("x")、import("x")
            rf"^(import|export)\b.*\bfrom\s+{quoted_module}",  # import … from "x"、export … from "x"
            rf"^import\s+{quoted_module}",  # import "x"
            rf"^(use|using|extern\s+crate)\s+{n}\b",  # Rust、PHP、C#
            rf"^#\s*include\s*[<\"]{n}\b",  # C、C++
        ]
    if base.endswith((".java", ".kt", ".kts", ".scala", ".groovy")):
        patterns.append(rf"^import\s+(static\s+)?[\w.]*\b{n}\b")
    if base.endswith(".go"):  # import "github.com/x/name"，或者 import ( … ) 块里的一行
        patterns.append(rf"^(import\s+(\w+\s+)?)?\"([^\"]*/)?{n}(/v\d+)?\"")
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)
