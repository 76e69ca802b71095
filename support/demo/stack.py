"""离线演示的规则：怎样一步步看项目的文件，又怎样只根据工具结果回答技术栈、入口文件、测试文件
（某个库用没用在 usage.py）。

每一步都是“还缺哪个工具结果就去要，都有了就回答”；结果是错误或者读不全时，说看了什么、缺什么，不编答案。
结果被截断（列表、搜索、文件都一样）就翻页或缩小范围接着看；没看全就不说“没有”。
en=True 时用英文回答（同样的事实、同样的规矩）；工具结果里的 […] 提示照原样。
"""

import json

from support.demo.calls import (
    first_new,
    give_up,
    is_cut,
    listing,
    names_in,
    pages,
    partly,
    read_call,
    readme_pages,
    result,
    said,
    text_in,
    unlisted,
)
from support.demo.manifests import CATEGORIES_EN, KNOWN, MANIFESTS, dependencies
from support.demo.reader import first_paragraph, read

ENTRY_NAMES = (
    "index.js main.js app.js server.js index.ts main.ts main.py app.py manage.py __main__.py main.go main.rs lib.rs"
).split()


# ── 技术栈 ───────────────────────────────────────────────────
def stack_step(seen, en: bool = False):
    if step := first_new(seen, *listing(seen, ".")):
        return step
    names, part = names_in(seen, "."), unlisted(seen, ".", en)
    manifests = [n for n in MANIFESTS if n in names]
    readmes = [n for n in names if n.lower().startswith("readme") and not n.endswith("/")]
    readme = "README.md" if "README.md" in readmes else next(iter(readmes), None)
    reads = {path: pages(seen, path) for path in manifests}
    readme_reads = readme_pages(seen, readme) if readme else []
    wanted = [call for calls in reads.values() for call in calls] + readme_reads
    if step := first_new(seen, *wanted):
        return step
    if not manifests and part:
        return give_up(
            seen,
            en,
            f"我{part}，里面没有 package.json、pyproject.toml 或 requirements.txt；"
            "没看全，不能说没有，所以判断不出技术栈。",
            f"{part}, and none of them is package.json, pyproject.toml or requirements.txt; I did not see "
            "the rest, so I can't say there is none, and I can't tell the tech stack.",
        )
    if not manifests:
        return give_up(
            seen,
            en,
            "工作目录里没有 package.json、pyproject.toml 或 requirements.txt，我判断不出技术栈。",
            "The work folder has no package.json, pyproject.toml or requirements.txt, so I can't tell the tech stack.",
        )
    groups, others, parsed, partial, declared = {}, [], [], [], {}
    for path in manifests:
        cut = partly(seen, reads[path])  # 只看到了一部分：用看到的，回答时说可能不全
        deps = dependencies(path, text_in(seen, reads[path]), cut)
        if deps is None:
            continue
        parsed.append(path)
        partial += [path] * cut
        for (
            name,
            version,
        ) in deps:  # 同一个依赖写在两份清单里（pyproject.toml 和 requirements.txt）：只列一次，带版本的优先
            if name.lower() not in declared or version and not declared[name.lower()][1]:
                declared[name.lower()] = (name, version, path)
    for name, version, path in declared.values():
        if name in KNOWN:
            category, shown = KNOWN[name]
            runtime = said(en, f"（{MANIFESTS[path]}）", f" ({MANIFESTS[path]})") if category == "后端" else ""
            groups.setdefault(category, []).append(f"{shown} {version}".strip() + runtime)
        elif not name.startswith(("react-", "@types/")):
            others.append(f"{name} {version}".strip())
    if not parsed and any(partly(seen, reads[path]) for path in manifests):
        return give_up(
            seen,
            en,
            f"{'、'.join(manifests)} 读不了或解析不了（在中途断了：可能被截断了、翻页也补不回来，"
            "也可能文件本身就没写完），我判断不出技术栈。",
            f"I could not read or parse {', '.join(manifests)} (it breaks off midway: cut off with no way to page "
            "on, or the file itself is unfinished), so I can't tell the tech stack.",
        )
    if not parsed:
        return give_up(
            seen,
            en,
            f"{'、'.join(manifests)} 读不了或解析不了，我判断不出技术栈。",
            f"I could not read or parse {', '.join(manifests)}, so I can't tell the tech stack.",
        )
    comma = said(en, "、", ", ")
    colon = said(en, "：", ": ")
    lines = [f"- {said(en, group, CATEGORIES_EN[group])}{colon}{comma.join(items)}" for group, items in groups.items()]
    if others:
        more = (
            said(en, f" 等（还有 {len(others) - 12} 个没列出）", f" and {len(others) - 12} more")
            if len(others) > 12
            else ""
        )
        lines.append(said(en, "- 其他依赖：", "- Other dependencies: ") + comma.join(others[:12]) + more)
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
    for path in partial:
        lines.append(
            said(
                en,
                f"- {path} 只看到了一部分（内容在中途断了，后面的没看到）：上面列的依赖可能不全",
                f"- I saw only part of {path} (it breaks off midway), so the list above may be incomplete",
            )
        )
    if part:  # 工作目录没列全：后面也许还有别的清单
        lines.append(said(en, f"- 我{part}，后面也许还有别的依赖清单", f"- {part}; there may be more manifests"))
    text = text_in(seen, readme_reads) if readme else None
    _, about, settled = first_paragraph(text or "")
    if readme and text is not None and partly(seen, readme_reads) and not settled:  # 说明没读全：说出来
        lines.append(
            said(
                en,
                f"- {readme} 只看到了开头（后面被截断了）：" + ("下面的说明可能不全" if about else "还没看到项目说明"),
                f"- I saw only the start of {readme} (it was cut off): "
                + ("the description below may be incomplete" if about else "no description yet"),
            )
        )
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
    if not candidates:  # 没有常见的文件名：整个项目里找 if __name__ == "__main__"（可能在 pkg/main.py 这样的地方）
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
        if is_cut(found) or read(found).unreached:
            cut.append(said(en, "搜 __main__ 的结果不完整", "the search for __main__ was incomplete"))
    if not candidates and cut:
        return give_up(
            seen,
            en,
            f"我只看到了一部分（{'；'.join(cut)}），里面没有常见的入口文件；没看全，不能说没有。",
            f"I saw only part of the project ({'; '.join(cut)}), and found no usual entry file in it; "
            "I did not see the rest, so I can't say there is none.",
        )
    if not candidates:
        return give_up(
            seen,
            en,
            "顶层目录" + ("和 " + "、".join(folders) if folders else "") + "里没有常见的入口文件（index.js、main.py、"
            'main.go 之类），整个项目里也没有搜到 if __name__ == "__main__" 的 Python 文件。',
            "The top folder" + (" and " + ", ".join(folders) + " have" if folders else " has") + " no usual entry file "
            "(index.js, main.py, main.go and the like), and a search of the whole project found no Python file with "
            'if __name__ == "__main__".',
        )
    if step := first_new(seen, read_call(candidates[0])):
        return step
    if not why:  # 依据：常见的入口文件名（package.json 有 main 字段的话，上面就按它回答了）
        no_main = (
            said(en, "package.json 没有 main 字段，", "package.json has no main field; ")
            if "package.json" in names
            else ""
        )
        name = candidates[0].rsplit("/", 1)[-1]
        why = said(en, f"（{no_main}{name} 是常见的入口文件名）", f" ({no_main}{name} is a usual entry file name)")
    head = "\n".join(
        f"    {line}" for line in read(result(seen, read_call(candidates[0]))).text.strip().splitlines()[:6]
    )
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
        return give_up(
            seen,
            en,
            f"我{part}，里面没有 tests、test、__tests__ 或 spec 目录；没看全，不能说没有。",
            f"{part}, and none of them is a tests, test, __tests__ or spec folder; I did not see the rest, "
            "so I can't say there is none.",
        )
    if not folders:
        return give_up(
            seen,
            en,
            "工作目录下没有 tests、test、__tests__ 或 spec 目录。",
            "The work folder has no tests, test, __tests__ or spec folder.",
        )
    lines = [f"- {folder}/{name}" for folder in folders for name in names_in(seen, folder)]
    lines = lines or [said(en, "（测试目录是空的）", "(the test folder is empty)")]
    lines += [f"（{part}）" if not en else f"({part})" for folder in folders if (part := unlisted(seen, folder, en))]
    return said(en, "测试文件有这些：\n\n", "These are the test files:\n\n") + "\n".join(lines)
