"""离线演示里关于整个项目的两类问题：“这个项目是做什么的”（找到 README，读它的第一段）和“跑一下测试”
（从目录里看得到的文件选命令，经过 run_command 让用户批准）。

目录没列全时不说“没有”；没有合适的命令就明说什么都没有运行。命令的结果怎么读见 shell.py。
"""

import json

from support.demo.calls import (
    first_new,
    list_call,
    listing,
    names_in,
    pages,
    partly,
    readme_pages,
    result,
    text_in,
    unlisted,
)
from support.demo.reader import first_paragraph
from support.demo.shell import failed, not_run, python_command, quote, ran
from support.demo.texts import say

PYTHON_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "pytest.ini", "tox.ini", "requirements.txt")


def listed(seen):
    """工作目录的列表（翻完页）→ (还要做的一步, 名字, 列全了没有)。列目录出错也算没列全。"""
    step = first_new(seen, *listing(seen, "."))
    complete = not unlisted(seen, ".") and not result(seen, list_call(".")).startswith("错误：")
    return step, names_in(seen, "."), complete


def about_step(seen, _detail, en=False):
    step, names, complete = listed(seen)
    if step:
        return step
    readmes = [n for n in names if n.lower().startswith("readme") and not n.endswith("/")]
    if not readmes:
        return say(en, "no_readme" if complete else "listing_cut")
    if all(n.endswith("不能读取）") for n in readmes):  # list_files 注明了读不了（坏链接、env 文件……）
        return say(en, "readme_error", readme=readmes[0].split("（")[0], got=readmes[0])
    readmes = [n for n in readmes if not n.endswith("不能读取）")]
    readme = "README.md" if "README.md" in readmes else readmes[0]
    calls = readme_pages(seen, readme)  # 第一段话不在第一页里（上限改小了）：接着往下读
    if step := first_new(seen, *calls):
        return step
    if got := next((got for got in map(lambda call: result(seen, call), calls) if got.startswith("错误：")), None):
        return say(en, "readme_error", readme=readme, got=got)
    title, paragraph, settled = first_paragraph(text_in(seen, calls))
    part = partly(seen, calls) and not settled  # 被截断了，翻页也补不回来：第一段可能没读到，或者只读到一半
    if not paragraph:
        return say(en, "readme_part" if part else "no_paragraph", readme=readme)
    titled = say(en, "titled", title=title) if title else ""
    return say(en, "about", readme=readme, title=titled, paragraph=paragraph) + (
        say(en, "paragraph_part", readme=readme) if part else ""
    )


def tests_command(seen, names) -> tuple:
    """从目录里看得到的文件选跑测试的命令 → (命令, 还要做的一步, 没有命令时的原因)，三者只有一个不是空的。"""
    if "package.json" in names:
        reads = pages(seen, "package.json")
        if step := first_new(seen, *reads):
            return None, step, ""
        try:
            script = (json.loads(text_in(seen, reads) or "").get("scripts") or {}).get("test")
        except (ValueError, AttributeError):
            return None, None, "bad_package"
        if isinstance(script, str) and script and "no test specified" not in script:  # npm init 写的占位
            return "npm test", None, ""
        return None, None, "no_script"
    if any(n in names for n in PYTHON_MARKERS) or any(n.endswith(".py") for n in names):
        return python_command("-m", "pytest", "-q"), None, ""
    found = [
        command for marker, command in (("Cargo.toml", "cargo test"), ("go.mod", "go test ./...")) if marker in names
    ]
    return (found[0], None, "") if found else (None, None, "no_marker")


def run_tests_step(seen, _detail, en=False):
    step, names, complete = listed(seen)
    if step:
        return step
    command, step, why = tests_command(seen, names)
    if step:
        return step
    if not command:
        why = say(en, why) if complete else say(en, "saw_part") + say(en, why)
        return say(en, "no_test_command", why=why)
    if isinstance(got := ran(seen, command), list):
        return got
    code, lines, notes, cut = got
    if code is None:
        return not_run(lines[0], en, "what_tests")
    last = quote(lines[-1]) if lines else say(en, "no_output")
    if code == 0:
        answer = say(en, "tests_passed", command=command, last=last)
    elif code == 5 and "pytest" in command:
        answer = say(en, "no_tests", last=last)
    else:
        answer = failed(command, code, lines, notes, en)
        answer += "" if last in answer else say(en, "last_line", last=last)
        answer += say(en, "no_pytest") if any("No module named pytest" in line for line in lines) else ""
    return answer + cut * say(en, "partly")
