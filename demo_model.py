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
HELP = ("离线回放只认识这几类问题（中文、英文都行）：\n"
        "- 帮我看看这个项目用了什么技术栈 / What tech stack does this project use?\n"
        "- 这个项目的入口文件是什么？ / What is the entry point?\n"
        "- 搜索一下项目里有没有用到 lodash / Is lodash used anywhere?\n"
        "- 帮我看看 tests 目录下有哪些测试文件 / Which test files are there?")
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
# 问题的意图，按这个顺序认：技术栈、入口、某个库用没用、测试文件
STACK = (r"技术栈|框架|(用了|用到了?)(什么|哪些)|(什么|哪些)(技术|依赖|库)|依赖了?(什么|哪些)"
         r"|\bstack\b|\bframeworks?\b|\btechnolog|\bdependencies\b|\blibraries\b|\bbuilt with\b")
ENTRY = r"入口|启动|\bentry|\bmain (file|script|module|program)\b|\bstarting point\b"
USE = (r"用到|用了|使用|有用|有没有|是否|搜|找|依赖"
       r"|\b(use[sd]?|using|search|find|depends?|imports?|imported|requires?|required)\b")
TESTS = r"测试|\btests?\b"
# 问题里的这些英文词不是库名
NOT_NAMES = {
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "do", "does", "did", "it", "its", "this",
    "that", "these", "those", "we", "our", "you", "your", "i", "me", "my", "project", "repo", "repository",
    "codebase", "code", "here", "there", "anywhere", "somewhere", "used", "use", "uses", "using", "search",
    "find", "for", "in", "on", "of", "at", "by", "to", "from", "any", "and", "or", "not", "if", "whether",
    "please", "can", "could", "tell", "what", "which", "where", "how", "library", "libraries", "package",
    "packages", "module", "modules", "dependency", "depend", "depends", "import", "imports", "imported",
    "require", "requires", "required", "test", "tests", "file", "files", "folder", "directory", "dir", "with",
    "check", "see", "look", "inside", "app", "application", "version",
}
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
RUNTIME = {"package.json": "Node.js", "pyproject.toml": "Python", "requirements.txt": "Python",
           "go.mod": "Go", "Cargo.toml": "Rust", "pom.xml": "Java（Maven）"}


def demo_client():
    """和 openai.OpenAI() 一样用：client.chat.completions.create(model=..., messages=..., ...)。"""
    def create(model, messages, **_):
        first_id = sum(m["role"] == "tool" for m in messages) + 1
        return reply(next_step(messages), model, first_id)

    return SimpleNamespace(base_url="离线演示", chat=SimpleNamespace(completions=SimpleNamespace(create=create)))


def reply(step, model, first_id=1) -> ChatCompletion:
    """把一步决定包装成 API 会返回的 ChatCompletion。step 是最终回答（str）或一组工具调用。"""
    if isinstance(step, str):
        message = {"role": "assistant", "content": step + NOTE}
    else:
        message = {"role": "assistant", "content": None, "tool_calls": [{
            "id": f"call_demo_{first_id + i}", "type": "function",
            "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}
            for i, (name, args) in enumerate(step)]}
    return ChatCompletion.model_validate({
        "id": "demo", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": "stop" if isinstance(step, str) else "tool_calls"}]})


def understand(question: str) -> tuple:
    """问题 → (意图, 要搜的名字)。意图是 stack、entry、use、tests 或 help。"""
    q = question.lower()
    words = [w.strip("./-") for w in re.findall(r"[a-z@][a-z0-9@._/-]*", q)]
    names = list(dict.fromkeys(w for w in words if len(w) > 1 and w not in NOT_NAMES))
    if re.search(STACK, q):
        return "stack", []
    if re.search(ENTRY, q):
        return "entry", []
    if names and re.search(USE, q):
        return "use", names
    if re.search(TESTS, q):
        return "tests", []
    return ("stack", []) if re.search(USE, q) else ("help", [])  # “这个项目用了啥？”


def next_step(messages):
    """看用户的问题和这个问题以来的工具结果，决定下一步：再调工具，或者回答。"""
    last_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
    calls = {tc["id"]: tc["function"] for m in messages if m.get("tool_calls") for tc in m["tool_calls"]}
    seen = {}  # (工具名, 参数 JSON) → 结果
    for m in messages[last_user:]:
        if m["role"] == "tool":
            fn = calls[m["tool_call_id"]]
            seen[(fn["name"], fn["arguments"])] = m["content"]

    def need(name, **args):
        """这个调用还没做过就返回 [这个调用]；做过了返回 None。"""
        return None if (name, json.dumps(args, ensure_ascii=False)) in seen else [(name, args)]

    def result(name, **args):
        return seen.get((name, json.dumps(args, ensure_ascii=False)), "")

    ctx = SimpleNamespace(need=need, result=result, seen=seen)
    intent, names = understand(messages[last_user]["content"])
    if intent == "help":
        return HELP
    if intent == "use":  # 几个名字就在同一轮里并行搜几次
        searches = [call for name in names for call in need("search_files", query=name) or []]
        return searches or "\n\n".join(use_answer(name, result("search_files", query=name)) for name in names)
    step = {"stack": stack_step, "entry": entry_step, "tests": tests_step}[intent]
    return need("list_files", path=".") or step(ctx)


def give_up(ctx, reason: str) -> str:
    """规则认不出这个项目：说看了什么，不编答案。"""
    looked = "、".join(f"{name}({args})" for name, args in ctx.seen)
    return (f"{reason}\n\n我看了：{looked}。我是按固定规则回放的替身，规则到这里就认不出来了，"
            "所以不猜答案；真模型会自己决定接着看哪些文件。")


def names_in(listing: str) -> list:
    return [] if listing.startswith("错误：") else listing.splitlines()


def text_of(read_result: str) -> str:
    """去掉 read_file 加的行号和分页说明，还原文件内容。"""
    return "\n".join(line.split("\t", 1)[1] for line in read_result.splitlines() if "\t" in line)


def read_all(ctx, path: str) -> tuple:
    """读完整个文件：结果说后面还有，就按它给的 offset 接着读。返回 (下一步, 内容)，读不了内容是 None。"""
    args, parts = {"path": path}, []
    while True:
        step = ctx.need("read_file", **args)
        if step:
            return step, None
        got = ctx.result("read_file", **args)
        if got.startswith("错误："):
            return None, None
        parts.append(text_of(got))
        more = re.search(r"用 offset=(\d+) 继续读", got)
        if not more:
            return None, "\n".join(parts)
        args = {"path": path, "offset": int(more.group(1))}


def stack_step(ctx):
    names = names_in(ctx.result("list_files", path="."))
    manifests = [n for n in MANIFESTS if n in names]
    readme = next((n for n in names if n.lower().startswith("readme")), None)
    texts = {}
    for path in manifests:
        step, texts[path] = read_all(ctx, path)
        if step:
            return step
    if readme and ctx.need("read_file", path=readme):
        return ctx.need("read_file", path=readme)
    if not manifests:
        return give_up(ctx, "工作目录里没有 package.json、pyproject.toml、requirements.txt、go.mod、"
                            "Cargo.toml 或 pom.xml，我判断不出技术栈。")
    groups, others, parsed = {}, [], []
    for path in manifests:
        deps = dependencies(path, texts[path])
        if deps is None:
            continue
        parsed.append(path)
        for name, version in deps:
            if name in KNOWN:
                category, shown = KNOWN[name]
                runtime = f"（{RUNTIME[path]}）" if category == "后端" else ""
                groups.setdefault(category, []).append(f"{shown} {version}".strip() + runtime)
            elif not name.startswith(("react-", "@types/")):
                others.append(f"{name} {version}".strip())
    if not parsed:
        return give_up(ctx, f"{'、'.join(manifests)} 读不了或解析不了，我判断不出技术栈。")
    lines = [f"- {category}：{'、'.join(items)}" for category, items in groups.items()]
    if others:
        lines.append(f"- 其他依赖：{'、'.join(others[:12])}")
    lines.append(f"- 语言/运行时：{'、'.join(dict.fromkeys(RUNTIME[p] for p in parsed))}")
    lines += [f"- {path} 读不了或解析不了，上面没有算它" for path in manifests if path not in parsed]
    about = readme_summary(text_of(ctx.result("read_file", path=readme)) if readme else "")
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
        deps = {**data.get("dependencies", {}), **data.get("devDependencies", {})}
        return [(name.lower(), short_version(v)) for name, v in deps.items()]
    if path == "requirements.txt":
        found = re.findall(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(?:[=~<>!]=?\s*([\d.]+))?", text, re.MULTILINE)
    elif path == "pyproject.toml":
        block = "\n".join(re.findall(r"dependencies\s*=\s*\[(.*?)\]", text, re.DOTALL))
        found = re.findall(r"[\"']([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*(?:[=~<>!]=?\s*([\d.]+))?", block)
        poetry = re.search(r"\[tool\.poetry\.dependencies\](.*?)(?:\n\[|\Z)", text, re.DOTALL)
        if poetry:
            found += re.findall(r"^([A-Za-z0-9_.\-]+)\s*=\s*[\"'^~>=]*([\d.]*)", poetry.group(1), re.MULTILINE)
    elif path == "go.mod":
        found = re.findall(r"^\s*(?:require\s+)?([\w.\-]+\.[\w.\-/]+)\s+v([\d.]+)", text, re.MULTILINE)
    elif path == "Cargo.toml":
        section = re.search(r"\[dependencies\](.*?)(?:\n\[|\Z)", text, re.DOTALL)
        found = re.findall(r"^([\w\-]+)\s*=\s*.*?([\d.]+)", section.group(1), re.MULTILINE) if section else []
    else:  # pom.xml
        found = re.findall(r"<dependency>.*?<artifactId>(.*?)</artifactId>(?:\s*<version>([\d.]+))?", text, re.DOTALL)
    return [(name.lower().split("[")[0], short_version(v)) for name, v in found
            if name.lower() not in ("python", "") and not name.startswith("-")]


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


def entry_step(ctx):
    names = names_in(ctx.result("list_files", path="."))
    if "package.json" in names:
        step, text = read_all(ctx, "package.json")
        if step:
            return step
        try:
            main = json.loads(text or "").get("main")
        except (ValueError, AttributeError):
            main = None
        if main:
            return f"入口文件是 {main}：package.json 的 \"main\" 字段写着它。"
    for folder in ("src", "cmd", "app"):
        if f"{folder}/" in names and ctx.need("list_files", path=folder):
            return ctx.need("list_files", path=folder)
    candidates = [n for n in ENTRY_NAMES if n in names]
    for folder in ("src", "cmd", "app"):
        candidates += [f"{folder}/{n}" for n in ENTRY_NAMES if n in names_in(ctx.result("list_files", path=folder))]
    why = ""
    if not candidates and any(n.endswith(".py") for n in names):  # Python 脚本：找 if __name__ == "__main__"
        step = ctx.need("search_files", query="__main__")
        if step:
            return step
        hits = [h for h in ctx.result("search_files", query="__main__").splitlines()
                if h.partition(": ")[2].startswith("if __name__")]
        candidates = sorted(dict.fromkeys(h.split(":", 1)[0] for h in hits), key=lambda f: (f.count("/"), f))
        why = next((f"（第 {h.split(':')[1]} 行是 if __name__ == \"__main__\"）" for h in hits
                    if candidates and h.startswith(candidates[0] + ":")), "")
    if not candidates:
        return give_up(ctx, "没有找到常见的入口文件（index.js、main.py、main.go 之类），"
                            "也没有 if __name__ == \"__main__\" 的 Python 文件。")
    step = ctx.need("read_file", path=candidates[0])
    if step:
        return step
    head = text_of(ctx.result("read_file", path=candidates[0])).strip().splitlines()[:6]
    return (f"入口文件应该是 {candidates[0]}{why}。它的开头是：\n\n"
            + "\n".join(f"    {line}" for line in head))


def tests_step(ctx):
    names = names_in(ctx.result("list_files", path="."))
    folders = [n.rstrip("/") for n in names if n in ("tests/", "test/", "__tests__/", "spec/")]
    for folder in folders:
        step = ctx.need("list_files", path=folder)
        if step:
            return step
    if not folders:
        return give_up(ctx, "工作目录下没有 tests、test、__tests__ 或 spec 目录。")
    lines = [f"- {folder}/{name}" for folder in folders
             for name in names_in(ctx.result("list_files", path=folder))]
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
        return (f"没有找到 {name} 的依赖声明或 import，看来没有用到它；它只是在这些文件里被提到"
                f"（文档、注释或字符串）：{'、'.join(files)}{more}。")
    files = sorted({h.split(":", 1)[0] for h in uses})
    mentions = f"\n另有 {len(hits) - len(uses)} 处只是提到它。" if len(hits) > len(uses) else ""
    return (f"用到了 {name}：{len(uses)} 处依赖声明或引入，在 {'、'.join(files)}{more}：\n\n"
            + "\n".join(uses[:10]) + mentions)


def declares(hit: str) -> bool:
    """search_files 的一行（文件:行号: 内容）是不是依赖声明或引入。"""
    path, _, text = hit.split(":", 2)
    name = path.rsplit("/", 1)[-1]
    if name in MANIFESTS or name.startswith("requirements"):
        return True
    if name.lower().endswith(DOC_SUFFIXES) or name.upper().startswith(("README", "CHANGELOG", "LICENSE")):
        return False
    return bool(re.search(r"\b(import|require|from|use|using|extern crate|include)\b", text))
