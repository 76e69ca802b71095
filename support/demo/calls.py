"""离线演示怎样要工具结果：哪些调用做过了、结果是什么，没列完的目录和没读完的文件怎样按 offset 翻页。

seen 是到目前为止的工具结果：(工具名, 参数 JSON) → 结果。每个函数只看 seen，不碰文件；结果怎么读在 reader.py。
"""

import json

from support.demo.reader import first_paragraph, read

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
    while len(calls) < LIST_PAGES and (more := read(result(seen, calls[-1])).more):
        calls.append(("list_files", {"path": folder, "offset": more}))
    return calls


def names_in(seen, folder: str) -> list:
    """list_files 列出的 folder 里的名字（各页拼起来）；还没列过、列不了或者是空目录就是 []。"""
    names = []
    for call in listing(seen, folder):
        page = read(result(seen, call))
        names += [n for n in page.lines if n != f"{folder} 是空目录"]
    return names


def unlisted(seen, folder: str, en: bool = False) -> str:
    """folder 没列全时说看了多少（“只列出了 src 的前 300 项（共 311 项）”）；列全了是 ""。"""
    pages = [read(result(seen, call)) for call in listing(seen, folder)]
    where = said(en, "工作目录", "the work folder") if folder == "." else folder
    if pages[-1].listed:
        n, total = pages[-1].listed
        return said(
            en, f"只列出了{where}的前 {n} 项（共 {total} 项）", f"I listed only {n} of the {total} entries in {where}"
        )
    cut = pages[-1].more or any(page.cut for page in pages)
    return said(en, f"{where}的列表被截短了", f"the listing of {where} was cut short") if cut else ""


# ── 读文件：结果说后面还有，就按它给的 offset 接着读 ─────────────
def pages(seen, path: str) -> list:
    """读完整个文件要做的 read_file 调用：结果说后面还有，就按它给的 offset 接着读。最后一个可能还没做。"""
    calls = [read_call(path)]
    while more := read(result(seen, calls[-1])).more:
        calls.append(("read_file", {"path": path, "offset": more}))
    return calls


def readme_pages(seen, path: str) -> list:
    """读 README 读到第一段话完整为止要做的 read_file 调用：第一段后面出现了空行或标题、或者文件读完了就停。
    最后一个可能还没做。"""
    calls = [read_call(path)]
    while (more := read(result(seen, calls[-1])).more) and not first_paragraph(text_in(seen, calls) or "")[2]:
        calls.append(("read_file", {"path": path, "offset": more}))
    return calls


def text_in(seen, calls: list):
    """这几页拼成的文件内容；有一页读不了就是 None。"""
    got = [read(result(seen, call)) for call in calls]
    return None if any(page.error for page in got) else "\n".join(page.text for page in got)


def partly(seen, calls: list) -> bool:
    """这几页里有被截断、翻页也补不回来的（章节的截断、中间被截掉、一行太长、JSON 没写完）：文件只看到了一部分。"""
    return any(read(result(seen, call)).cut for call in calls)


def is_cut(got: str) -> bool:
    """一个结果被截断了（search_files 只给了前几条、中间被截掉了……），翻页补不回来。"""
    return read(got).cut
