"""离线演示读依赖清单：package.json、pyproject.toml、requirements.txt 里声明了哪些依赖。

只是解析文字，不调工具；调哪些工具、怎样回答在 stack.py、usage.py 里。
"""

import json
import re

# 认识的依赖清单 → 语言/运行时。只认这三种：章节的示例项目用 package.json，
# Python 项目（比如这个仓库自己）用 pyproject.toml 或 requirements.txt
MANIFESTS = {"package.json": "Node.js", "pyproject.toml": "Python", "requirements.txt": "Python"}
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
CATEGORIES_EN = {"前端": "Frontend", "后端": "Backend", "测试": "Testing", "语言": "Language"}


def dependencies(path: str, text, partial: bool = False):
    """从清单文件里找出 [(依赖名, 版本)]；解析不了返回 None。版本只保留主次版本号。
    partial：只看到了文件的一部分——package.json 写到一半的 JSON，就只取看到的那些完整的 "名字": "版本"。"""
    if text is None:
        return None
    if path == "package.json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            if not partial:
                return None
            blocks = re.findall(r'"(?:dependencies|devDependencies)"\s*:\s*\{([^}]*)', text)
            pairs = [pair for block in blocks for pair in re.findall(r'"([^"]+)"\s*:\s*"([^"]*)"', block)]
            return [(name.lower(), short_version(v)) for name, v in pairs] or None  # 一个完整的也没看到：读不了
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
