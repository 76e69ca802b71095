"""离线演示的规则：怎样一步步看项目的文件，又怎样只根据工具结果回答（技术栈、入口、某个库用没用、测试文件）。

每一步都是“还缺哪个工具结果就去要，都有了就回答”；结果是错误或者读不全时，说看了什么、缺什么，不编答案。
"""

import json
import re

# 认识的依赖清单 → 语言/运行时。只认这三种：章节的示例项目用 package.json，
# Python 项目（比如这个仓库自己）用 pyproject.toml 或 requirements.txt
MANIFESTS = {"package.json": "Node.js", "pyproject.toml": "Python", "requirements.txt": "Python"}
ENTRY_NAMES = (
    "index.js main.js app.js server.js index.ts main.ts main.py app.py manage.py __main__.py main.go main.rs lib.rs"
).split()
# 认识的依赖 → (类别, 显示名)；其余的归到“其他依赖”
KNOWN = {
    "react": ("前端", "React"),
    "vue": ("前端", "Vue"),
    "svelte": ("前端", "Svelte"),
    "next": ("前端", "Next.js"),
    "@angular/core": ("前端", "Angular"),
    "express": ("后端", "Express"),
    "koa": ("后端", "Koa"),
    "fastify": ("后端", "Fastify"),
    "django": ("后端", "Django"),
    "flask": ("后端", "Flask"),
    "fastapi": ("后端", "FastAPI"),
    "jest": ("测试", "Jest"),
    "vitest": ("测试", "Vitest"),
    "mocha": ("测试", "Mocha"),
    "pytest": ("测试", "pytest"),
    "typescript": ("语言", "TypeScript"),
}
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
PAGE_HINT = r"用 offset=(\d+) 继续读"


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


def give_up(seen, reason: str) -> str:
    """规则认不出这个项目：说看了什么，不编答案。"""
    looked = "、".join(f"{name}({args})" for name, args in seen)
    return (
        f"{reason}\n\n我看了：{looked}。我是按固定规则回放的替身，规则到这里就认不出来了，"
        "所以不猜答案；真模型会自己决定接着看哪些文件。"
    )


def names_in(seen, folder: str) -> list:
    """list_files 列出的 folder 里的名字；还没列过或列不了就是 []。"""
    listed = result(seen, list_call(folder))
    return [] if listed.startswith("错误：") else listed.splitlines()


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


def stack_step(seen):
    names = names_in(seen, ".")
    manifests = [n for n in MANIFESTS if n in names]
    readme = next((n for n in names if n.lower().startswith("readme")), None)
    reads = {path: pages(seen, path) for path in manifests}
    wanted = [call for calls in reads.values() for call in calls] + ([read_call(readme)] if readme else [])
    if step := first_new(seen, *wanted):
        return step
    if not manifests:
        return give_up(seen, "工作目录里没有 package.json、pyproject.toml 或 requirements.txt，我判断不出技术栈。")
    groups, others, parsed = {}, [], []
    for path in manifests:
        deps = dependencies(path, text_in(seen, reads[path]))
        if deps is None:
            continue
        parsed.append(path)
        for name, version in deps:
            if name in KNOWN:
                category, shown = KNOWN[name]
                runtime = f"（{MANIFESTS[path]}）" if category == "后端" else ""
                groups.setdefault(category, []).append(f"{shown} {version}".strip() + runtime)
            elif not name.startswith(("react-", "@types/")):
                others.append(f"{name} {version}".strip())
    if not parsed:
        return give_up(seen, f"{'、'.join(manifests)} 读不了或解析不了，我判断不出技术栈。")
    lines = [f"- {category}：{'、'.join(items)}" for category, items in groups.items()]
    if others:
        lines.append(f"- 其他依赖：{'、'.join(others[:12])}")
    lines.append(f"- 语言/运行时：{'、'.join(dict.fromkeys(MANIFESTS[p] for p in parsed))}")
    lines += [f"- {path} 读不了或解析不了，上面没有算它" for path in manifests if path not in parsed]
    about = readme_summary(text_of(result(seen, read_call(readme))) if readme else "")
    if about:
        lines.append(f"- 项目说明（来自 {readme}）：{about}")
    evidence = parsed + ([readme] if about else [])
    return "这个项目的技术栈如下：\n\n" + "\n".join(lines) + f"\n\n依据：{'、'.join(evidence)}。"


def dependencies(path: str, text):
    """从清单文件里找出 [(依赖名, 版本)]；解析不了返回 None。版本只保留主次版本号。"""
    if text is None:
        return None
    if path == "package.json":
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        sections = [data.get("dependencies"), data.get("devDependencies")]
        deps = [(name, v) for section in sections if isinstance(section, dict) for name, v in section.items()]
        return [(name.lower(), short_version(str(v))) for name, v in deps]
    if path == "requirements.txt":
        found = re.findall(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(?:[=~<>!]=?\s*([\d.]+))?", text, re.MULTILINE)
    else:  # pyproject.toml
        block = "\n".join(re.findall(r"dependencies\s*=\s*\[(.*?)\]", text, re.DOTALL))
        found = re.findall(r"[\"']([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*(?:[=~<>!]=?\s*([\d.]+))?", block)
        poetry = re.search(r"\[tool\.poetry\.dependencies\](.*?)(?:\n\[|\Z)", text, re.DOTALL)
        if poetry:
            found += re.findall(r"^([A-Za-z0-9_.\-]+)\s*=\s*[\"'^~>=]*([\d.]*)", poetry.group(1), re.MULTILINE)
    return [
        (name.lower().split("[")[0], short_version(v))
        for name, v in found
        if name.lower() not in ("python", "") and not name.startswith("-")
    ]


def short_version(spec: str) -> str:
    numbers = re.findall(r"\d+", spec or "")
    return ".".join(numbers[:2])


def readme_summary(text: str) -> str:
    """README 标题下面的第一段话；紧接着标题的是代码、表格或列表就不算项目说明，返回 ""。"""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "![", "[![", "<")):  # 标题、徽章、图片
            continue
        return "" if line.startswith(("```", "|", "-", "*", ">", "$")) else line[:200]
    return ""


def entry_step(seen):
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
            return f'入口文件是 {main}：package.json 的 "main" 字段写着它。'
    folders = [folder for folder in ("src", "cmd", "app") if f"{folder}/" in names]
    if step := first_new(seen, *map(list_call, folders)):
        return step
    candidates = [n for n in ENTRY_NAMES if n in names]
    for folder in folders:
        candidates += [f"{folder}/{n}" for n in ENTRY_NAMES if n in names_in(seen, folder)]
    why = ""
    if not candidates and any(n.endswith(".py") for n in names):  # Python 脚本：找 if __name__ == "__main__"
        search = ("search_files", {"query": "__main__"})
        if step := first_new(seen, search):
            return step
        hits = [h for h in result(seen, search).splitlines() if h.partition(": ")[2].startswith("if __name__")]
        candidates = sorted(dict.fromkeys(h.split(":", 1)[0] for h in hits), key=lambda f: (f.count("/"), f))
        why = next(
            (
                f'（第 {h.split(":")[1]} 行是 if __name__ == "__main__"）'
                for h in hits
                if candidates and h.startswith(candidates[0] + ":")
            ),
            "",
        )
    if not candidates:
        return give_up(
            seen,
            "没有找到常见的入口文件（index.js、main.py、main.go 之类），"
            '也没有 if __name__ == "__main__" 的 Python 文件。',
        )
    if step := first_new(seen, read_call(candidates[0])):
        return step
    head = text_of(result(seen, read_call(candidates[0]))).strip().splitlines()[:6]
    return f"入口文件应该是 {candidates[0]}{why}。它的开头是：\n\n" + "\n".join(f"    {line}" for line in head)


def tests_step(seen):
    names = names_in(seen, ".")
    folders = [n.rstrip("/") for n in names if n in ("tests/", "test/", "__tests__/", "spec/")]
    if step := first_new(seen, *map(list_call, folders)):
        return step
    if not folders:
        return give_up(seen, "工作目录下没有 tests、test、__tests__ 或 spec 目录。")
    lines = [f"- {folder}/{name}" for folder in folders for name in names_in(seen, folder)]
    return "测试文件有这些：\n\n" + "\n".join(lines or ["（测试目录是空的）"])


def use_answer(name: str, found: str) -> str:
    """只有依赖清单里的声明、代码里的 import / require 才算“用到”；文档、注释、字符串里出现只算提到。"""
    if found.startswith("错误："):
        return f"没法搜索 {name}：{found}"
    hits = [h for h in found.splitlines() if not h.startswith("[") and h.count(":") >= 2]
    if not hits:
        return f"没有用到 {name}：search_files 在项目里没有搜到它。"
    uses = [h for h in hits if declares(h)]
    more = "（搜索结果被截断了，可能还有更多）" if "结果已截断" in found else ""
    if not uses:
        files = sorted({h.split(":", 1)[0] for h in hits})
        return (
            f"没有找到 {name} 的依赖声明或 import，看来没有用到它；它只是在这些文件里被提到"
            f"（文档、注释或字符串）：{'、'.join(files)}{more}。"
        )
    files = sorted({h.split(":", 1)[0] for h in uses})
    mentions = f"\n另有 {len(hits) - len(uses)} 处只是提到它。" if len(hits) > len(uses) else ""
    return (
        f"用到了 {name}：{len(uses)} 处依赖声明或引入，在 {'、'.join(files)}{more}：\n\n"
        + "\n".join(uses[:10])
        + mentions
    )


def declares(hit: str) -> bool:
    """search_files 的一行（文件:行号: 内容）是不是依赖声明或引入。"""
    path, _, text = hit.split(":", 2)
    name = path.rsplit("/", 1)[-1]
    if name in MANIFESTS or name.startswith("requirements"):
        return True
    if name.lower().endswith(DOC_SUFFIXES) or name.upper().startswith(("README", "CHANGELOG", "LICENSE")):
        return False
    return bool(re.search(r"\b(import|require|from|use|using|extern crate|include)\b", text))
