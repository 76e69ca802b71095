"""离线演示用的“模型”：按固定规则回放，不需要 key，不发任何网络请求。

它提供和 OpenAI 客户端一样的 client.chat.completions.create(...)，返回真正的 SDK 对象
ChatCompletion，所以 run() 分不出真假。每一步怎么走由到目前为止的工具结果决定——
和真模型一样看证据，只是“思考”换成了写死的规则。
"""

import json
import re
from types import SimpleNamespace

from openai.types.chat import ChatCompletion

NOTE = "\n\n（离线回放：以上由固定规则根据工具结果生成，不是真实模型。配好 .env 后去掉 --demo 就是真模型。）"
HELP = ("离线回放只认识这几类问题：\n"
        "- 帮我看看这个项目用了什么技术栈\n- 这个项目的入口文件是什么？\n"
        "- 搜索一下项目里有没有用到 lodash\n- 帮我看看 tests 目录下有哪些测试文件")
MANIFESTS = ["package.json", "pyproject.toml", "requirements.txt", "go.mod", "Cargo.toml", "pom.xml"]
ENTRY_NAMES = ["index.js", "main.js", "app.js", "server.js", "index.ts", "main.ts", "main.py",
               "app.py", "manage.py", "__main__.py", "main.go", "main.rs", "lib.rs"]
# 认识的依赖 → (类别, 显示名)；其余的归到“其他依赖”
KNOWN = {
    "react": ("前端", "React"), "vue": ("前端", "Vue"), "svelte": ("前端", "Svelte"),
    "next": ("前端", "Next.js"), "@angular/core": ("前端", "Angular"),
    "express": ("后端", "Express"), "koa": ("后端", "Koa"), "fastify": ("后端", "Fastify"),
    "django": ("后端", "Django"), "flask": ("后端", "Flask"), "fastapi": ("后端", "FastAPI"),
    "jest": ("测试", "Jest"), "vitest": ("测试", "Vitest"), "mocha": ("测试", "Mocha"),
    "pytest": ("测试", "pytest"), "typescript": ("语言", "TypeScript"),
}
RUNTIME = {"package.json": "Node.js", "pyproject.toml": "Python", "requirements.txt": "Python",
           "go.mod": "Go", "Cargo.toml": "Rust", "pom.xml": "Java（Maven）"}


def demo_client():
    """和 openai.OpenAI() 一样用：client.chat.completions.create(model=..., messages=..., ...)。"""
    def create(model, messages, **_):
        return reply(next_step(messages), model)

    return SimpleNamespace(base_url="离线演示", chat=SimpleNamespace(completions=SimpleNamespace(create=create)))


def reply(step, model) -> ChatCompletion:
    """把一步决定包装成 API 会返回的 ChatCompletion。step 是最终回答（str）或一个工具调用。"""
    if isinstance(step, str):
        message = {"role": "assistant", "content": step + NOTE}
    else:
        name, args, call_id = step
        message = {"role": "assistant", "content": None, "tool_calls": [{
            "id": call_id, "type": "function",
            "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}]}
    return ChatCompletion.model_validate({
        "id": "demo", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "stop" if isinstance(step, str) else "tool_calls"}]})


def next_step(messages):
    """看用户的问题和这个问题以来的工具结果，决定下一步：再调一个工具，或者回答。"""
    last_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
    question = messages[last_user]["content"]
    calls = {tc["id"]: tc["function"] for m in messages if m.get("tool_calls") for tc in m["tool_calls"]}
    seen = {}  # (工具名, 参数 JSON) → 结果
    for m in messages[last_user:]:
        if m["role"] == "tool":
            fn = calls[m["tool_call_id"]]
            seen[(fn["name"], fn["arguments"])] = m["content"]
    call_id = f"call_demo_{sum(m['role'] == 'tool' for m in messages) + 1}"

    def need(name, **args):
        """这个调用还没做过就返回它；做过了返回 None。"""
        key = (name, json.dumps(args, ensure_ascii=False))
        return None if key in seen else (name, args, call_id)

    def result(name, **args):
        return seen.get((name, json.dumps(args, ensure_ascii=False)), "")

    q = question.lower()
    library = re.findall(r"[a-z@][\w@./-]*", q)
    if any(w in q for w in ("技术栈", "用了什么", "依赖", "框架", "stack")):
        return need("list_files", path=".") or stack_step(need, result)
    if any(w in q for w in ("入口", "entry", "main")):
        return need("list_files", path=".") or entry_step(need, result)
    if any(w in q for w in ("测试", "test")):
        return need("list_files", path=".") or tests_step(need, result)
    if library and any(w in q for w in ("搜索", "用到", "用了", "search", "use")):
        return need("search_files", query=library[-1]) or search_answer(library[-1], result)
    return HELP


def names_in(listing: str) -> list:
    return [] if listing.startswith("错误：") else listing.splitlines()


def text_of(read_result: str) -> str:
    """去掉 read_file 加的行号和分页说明，还原文件内容。"""
    return "\n".join(line.split("\t", 1)[1] for line in read_result.splitlines() if "\t" in line)


def stack_step(need, result):
    names = names_in(result("list_files", path="."))
    manifests = [n for n in MANIFESTS if n in names]
    readme = next((n for n in names if n.lower().startswith("readme")), None)
    for path in manifests + ([readme] if readme else []):
        step = need("read_file", path=path)
        if step:
            return step
    if not manifests:
        return "在工作目录里没有找到 package.json、pyproject.toml、requirements.txt、go.mod、Cargo.toml 或 pom.xml，判断不出技术栈。"
    groups, others = {}, []
    for path in manifests:
        for name, version in dependencies(path, text_of(result("read_file", path=path))):
            if name in KNOWN:
                category, shown = KNOWN[name]
                runtime = f"（{RUNTIME[path]}）" if category == "后端" else ""
                groups.setdefault(category, []).append(f"{shown} {version}".strip() + runtime)
            elif not name.startswith(("react-", "@types/")):
                others.append(f"{name} {version}".strip())
    lines = [f"- {category}：{'、'.join(items)}" for category, items in groups.items()]
    if others:
        lines.append(f"- 其他依赖：{'、'.join(others[:12])}")
    lines.append(f"- 语言/运行时：{'、'.join(dict.fromkeys(RUNTIME[p] for p in manifests))}")
    about = readme_summary(text_of(result("read_file", path=readme)) if readme else "")
    if about:
        lines.append(f"- 项目说明（来自 {readme}）：{about}")
    return "这个项目的技术栈如下：\n\n" + "\n".join(lines) + f"\n\n依据：{'、'.join(manifests)}。"


def dependencies(path: str, text: str) -> list:
    """从清单文件里找出 (依赖名, 版本)。版本只保留主次版本号，找不到就空着。"""
    if path == "package.json":
        try:
            data = json.loads(text)
        except ValueError:
            return []
        deps = {**data.get("dependencies", {}), **data.get("devDependencies", {})}
        return [(name.lower(), short_version(v)) for name, v in deps.items()]
    if path == "requirements.txt":
        found = re.findall(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(?:[=~<>!]=?\s*([\d.]+))?", text, re.M)
    elif path == "pyproject.toml":
        block = "\n".join(re.findall(r"dependencies\s*=\s*\[(.*?)\]", text, re.S))
        found = re.findall(r"[\"']([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*(?:[=~<>!]=?\s*([\d.]+))?", block)
        poetry = re.search(r"\[tool\.poetry\.dependencies\](.*?)(?:\n\[|\Z)", text, re.S)
        if poetry:
            found += re.findall(r"^([A-Za-z0-9_.\-]+)\s*=\s*[\"'^~>=]*([\d.]*)", poetry.group(1), re.M)
    elif path == "go.mod":
        found = re.findall(r"^\s*(?:require\s+)?([\w.\-]+\.[\w.\-/]+)\s+v([\d.]+)", text, re.M)
    elif path == "Cargo.toml":
        section = re.search(r"\[dependencies\](.*?)(?:\n\[|\Z)", text, re.S)
        found = re.findall(r"^([\w\-]+)\s*=\s*.*?([\d.]+)", section.group(1), re.M) if section else []
    else:  # pom.xml
        found = re.findall(r"<dependency>.*?<artifactId>(.*?)</artifactId>(?:\s*<version>([\d.]+))?", text, re.S)
    return [(name.lower().split("[")[0], short_version(v)) for name, v in found
            if name.lower() not in ("python", "")]


def short_version(spec: str) -> str:
    numbers = re.findall(r"\d+", spec or "")
    return ".".join(numbers[:2])


def readme_summary(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "!", "[", "<", "```")):
            return line[:200]
    return ""


def entry_step(need, result):
    names = names_in(result("list_files", path="."))
    if "package.json" in names:
        step = need("read_file", path="package.json")
        if step:
            return step
        try:
            main = json.loads(text_of(result("read_file", path="package.json"))).get("main")
        except ValueError:
            main = None
        if main:
            return f"入口文件是 {main}：package.json 的 \"main\" 字段就写着它。"
    for folder in ("src", "cmd", "app"):
        if f"{folder}/" in names:
            step = need("list_files", path=folder)
            if step:
                return step
    candidates = [n for n in ENTRY_NAMES if n in names]
    for folder in ("src", "cmd", "app"):
        candidates += [f"{folder}/{n}" for n in ENTRY_NAMES if n in names_in(result("list_files", path=folder))]
    if not candidates:
        return "没有找到常见的入口文件（index.js、main.py、main.go 之类），可能要看构建配置才能确定。"
    step = need("read_file", path=candidates[0])
    if step:
        return step
    head = text_of(result("read_file", path=candidates[0])).strip().splitlines()[:6]
    return f"入口文件应该是 {candidates[0]}。它的开头是：\n\n" + "\n".join(f"    {line}" for line in head)


def tests_step(need, result):
    names = names_in(result("list_files", path="."))
    folders = [n.rstrip("/") for n in names if n in ("tests/", "test/", "__tests__/", "spec/")]
    for folder in folders:
        step = need("list_files", path=folder)
        if step:
            return step
    if not folders:
        return "工作目录下没有 tests、test、__tests__ 或 spec 目录。"
    lines = [f"- {folder}/{name}" for folder in folders
             for name in names_in(result("list_files", path=folder))]
    return "测试文件有这些：\n\n" + "\n".join(lines or ["（测试目录是空的）"])


def search_answer(library, result):
    found = result("search_files", query=library)
    if "没有找到" in found or found.startswith("错误："):
        return f"没有用到 {library}：search_files 在项目里没有搜到它。"
    hits = [line for line in found.splitlines() if not line.startswith("[")]
    files = sorted({line.split(":", 1)[0] for line in hits})
    return (f"用到了 {library}，一共 {len(hits)} 处，在这些文件里：{'、'.join(files)}。\n\n"
            + "\n".join(hits[:10]))
