"""离线演示怎样要工具结果：哪些调用做过了、结果是什么，被截断的列表和文件怎样按 offset 翻页。

seen 是到目前为止的工具结果：(工具名, 参数 JSON) → 结果。每个函数只看 seen，不碰文件。
"""

import json
import re

PAGE_HINT = r"用 offset=(\d+) 继续读"
LIST_HINT = r"^\[第 \d+–(\d+) 项，共 (\d+) 项；用 offset=(\d+) 继续列出\]$"  # list_files 没列完
LIST_NEXT = r"用 offset=(\d+) 继续列出\]$"  # 同一句提示的结尾：结果被从中间截短时，留下的可能只有它
SEARCH_CUT = "[结果已截断："  # search_files 没给全
CLIPPED = "…（中间省略了 "  # 结果太长，dispatch_tool 把中间截掉了
LIST_PAGES = 5  # 一个目录最多翻几页；还没列完就说只看了一部分


def key(call) -> tuple:
    """调用 (工具名, 参数) 在 seen 里的键：参数写成和发出去时一样的 JSON。"""
    name, args = call
    return name, json.dumps(args, ensure_ascii=False)


def first_new(seen, *calls):
    """calls 里第一个还没做过的调用，作为下一步 [调用] 返回；都做过了返回 None。"""
    return next(([call] for call in calls if key(call) not in seen), None)


def result(seen, call) -> str:
    """做过的调用的结果；还没做过是 ""。"""
    return seen.get(key(call), "")


def list_call(path):
    return ("list_files", {"path": path})


def read_call(path):
    return ("read_file", {"path": path})


def said(en: bool, chinese: str, english: str) -> str:
    return english if en else chinese


def give_up(seen, en: bool, chinese: str, english: str) -> str:
    """规则认不出这个项目：说为什么（中文或英文的那句），看了什么，不编答案。"""
    reason = said(en, chinese, english)
    looked = said(en, "、", ", ").join(f"{name}({args})" for name, args in seen)
    return reason + said(
        en,
        f"\n\n我看了：{looked}。我是按固定规则回放的替身，规则到这里就认不出来了，"
        "所以不猜答案；真模型会自己决定接着看哪些文件。",
        f"\n\nI looked at: {looked}. I am a stand-in that replays fixed rules, and they can't tell any more "
        "from here, so I won't guess; a real model would decide for itself which files to look at next.",
    )


# ── 列目录：结果说还有，就按它给的 offset 接着列 ─────────────────
def listing(seen, folder: str) -> list:
    """列完 folder 要做的 list_files 调用（最多 LIST_PAGES 页）。最后一个可能还没做。"""
    calls = [list_call(folder)]
    while len(calls) < LIST_PAGES and (more := re.search(LIST_NEXT, result(seen, calls[-1]), re.MULTILINE)):
        calls.append(("list_files", {"path": folder, "offset": int(more.group(1))}))
    return calls


def names_in(seen, folder: str) -> list:
    """list_files 列出的 folder 里的名字（各页拼起来）；还没列过或列不了就是 []。"""
    names = []
    for call in listing(seen, folder):
        got = result(seen, call)
        if not got.startswith("错误：") and got != f"{folder} 是空目录":
            names += [n for n in got.splitlines() if not (n.startswith(CLIPPED) or re.search(LIST_NEXT, n))]
    return names


def unlisted(seen, folder: str, en: bool = False) -> str:
    """folder 没列全时说看了多少（“只列出了 src 的前 300 项（共 311 项）”）；列全了是 ""。"""
    last = result(seen, listing(seen, folder)[-1])
    where = said(en, "工作目录", "the work folder") if folder == "." else folder
    if more := re.search(LIST_HINT, last, re.MULTILINE):
        n, total = more.group(1), more.group(2)
        return said(
            en, f"只列出了{where}的前 {n} 项（共 {total} 项）", f"I listed only {n} of the {total} entries in {where}"
        )
    cut = CLIPPED in last or re.search(LIST_NEXT, last, re.MULTILINE)
    return said(en, f"{where}的列表被截短了", f"the listing of {where} was cut short") if cut else ""


# ── 读文件：结果说后面还有，就按它给的 offset 接着读 ─────────────
def text_of(read_result: str) -> str:
    """去掉 read_file 加的行号和分页说明，还原文件内容。"""
    return "\n".join(line.split("\t", 1)[1] for line in read_result.splitlines() if "\t" in line)


def pages(seen, path: str) -> list:
    """读完整个文件要做的 read_file 调用：结果说后面还有，就按它给的 offset 接着读。最后一个可能还没做。"""
    calls = [read_call(path)]
    got = result(seen, calls[-1])
    while not got.startswith("错误：") and (more := re.search(PAGE_HINT, got)):
        calls.append(("read_file", {"path": path, "offset": int(more.group(1))}))
        got = result(seen, calls[-1])
    return calls


def text_in(seen, calls: list):
    """这几页拼成的文件内容；有一页读不了就是 None。"""
    got = [result(seen, call) for call in calls]
    return None if any(g.startswith("错误：") for g in got) else "\n".join(text_of(g) for g in got)


def is_cut(got: str) -> bool:
    """search_files 的结果没给全：只显示了前几条，或者中间被截掉了。"""
    return any(line.startswith((SEARCH_CUT, CLIPPED)) for line in got.splitlines())
