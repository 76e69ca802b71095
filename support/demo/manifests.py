"""离线演示读依赖清单：package.json、pyproject.toml、requirements.txt，按它们真实的写法。

只解析文字（事实已经由 facts.py 读出来了），不调工具。每个依赖是一个 Dep；看不出包名的（本地路径）、
引用了却没读的（-r base.txt）、我不读的写法（Poetry 的表）也是一个 Dep，带着说明，回答时照样说出来，不悄悄丢掉。
"""

import re
from dataclasses import dataclass, field, replace

from support.demo.facts import all_pages, loads, unique, usable

MANIFESTS = {"package.json": "Node.js", "pyproject.toml": "Python", "requirements.txt": "Python"}
# 别的依赖清单：我不读，回答时说出来（和它们是哪种语言的）
PY_UNREAD = "setup.py setup.cfg Pipfile requirements.in environment.yml"
UNREAD = dict(n.split(":") for n in "go.mod:Go Cargo.toml:Rust Gemfile:Ruby pom.xml:Java build.gradle:Java".split())
UNREAD |= {"build.gradle.kts": "Kotlin", "composer.json": "PHP"} | dict.fromkeys(PY_UNREAD.split(), "Python")
GROUPS = {  # 认识的依赖（包名:显示名）按类别；其余的归到“其他依赖”
    "frontend": "react:React vue:Vue svelte:Svelte next:Next.js @angular/core:Angular",
    "backend": "express:Express koa:Koa fastify:Fastify django:Django flask:Flask fastapi:FastAPI",
    "testing": "jest:Jest vitest:Vitest mocha:Mocha pytest:pytest",
    "language": "typescript:TypeScript",
    "build": "hatchling:Hatchling setuptools:setuptools poetry-core:poetry-core flit-core:flit-core wheel:wheel",
}
ORDER = (*GROUPS, "other", "include", "path")  # 回答里类别的顺序：最后是引用了没读的清单、本地路径
KNOWN = {n: (group, shown) for group, pairs in GROUPS.items() for n, shown in (p.split(":") for p in pairs.split())}
# 装的名字和 import 的名字不一样的常见 Python 包：两个名字都算同一个包
IMPORTS = {"pillow": "PIL", "pyyaml": "yaml", "scikit-learn": "sklearn", "python-dotenv": "dotenv"}
IMPORTS |= {"beautifulsoup4": "bs4", "opencv-python": "cv2", "python-dateutil": "dateutil", "attrs": "attr"}
IMPORTS |= {
    "djangorestframework": "rest_framework",
    "pyjwt": "jwt",
    "psycopg2-binary": "psycopg2",
    "scikit-image": "skimage",
}
CASED = {
    n.lower(): n
    for n in "SQLAlchemy PyYAML PyJWT GitPython PyMySQL Django Flask Jinja2 Markdown Pillow Werkzeug".split()
}
NPM_SECTIONS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
POETRY_SPEC = r"""["']([^"']*)|\{.*?\bversion\s*=\s*["']([^"']*)"""  # "^2.31"，或 { version = "^2.31", … }
POETRY = r"tool\.poetry\.(dev-)?dependencies|tool\.poetry\.group\.[\w-]+\.dependencies"  # Poetry 的依赖表
DEP_TABLES = ("project.optional-dependencies", "dependency-groups")  # 这两张表里的每个数组都是依赖
ARRAYS = (("project", "dependencies"), ("build-system", "requires"))  # 这两个数组也是（构建要的包）
# TOML 数组（字符串、注释里的 ] 不算括号）：正则在每一处只有一种读法，不会回溯到平方
# 数组到下一个键、下一张表为止（没有结尾的数组不会一直读到文件末尾：几千个也是线性时间）
NEXT_KEY = r"""\n(?=[ \t]*(?:\[[^\]\n]*\][ \t]*(?:#.*)?$|(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_.-]+)[ \t]*=(?!=)))"""
ARRAY = re.compile(rf"""\[(?:"(?:\\.|[^"\\\n])*"|'[^'\n]*'|#[^\n]*(?=\n|$)|(?!{NEXT_KEY})[^\]"'#])*\]""", re.M)
# 从左往右认：注释、多行字符串、一行的字符串（注释里、一行的字符串里的 \"\"\" 不开始多行字符串）
TOKENS = re.compile(r"""#[^\n]*|(\"{3}|'{3})([\s\S]*?)\1|"(?:\\.|[^"\\\n])*"|'[^'\n]*'""")
KEY_PART = r"""\"[^"\n]*\"|'[^'\n]*'|[\w-]+"""  # 键的一段：optional-dependencies.dev、"ruamel.yaml"
TOML_LINE = re.compile(  # [表]，或者 键 = 值（键可以在引号里）
    rf"^[ \t]*(?:\[\[?([^\]\n]+)\]\]?[ \t]*(?:#.*)?"
    rf"|((?:{KEY_PART})(?:[ \t]*\.[ \t]*(?:{KEY_PART}))*)[ \t]*=[ \t]*(.*))$",
    re.M,
)
# 版本要求以比较符号开头：名字和版本分得开，一处只有一种读法（名字再长也是线性时间）
PEP508 = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?(@\S+|[<>=!~(][^@]*|)")  # 去掉空格以后的一条依赖
ARCHIVE = re.compile(r"([A-Za-z0-9][\w.]*?)-(\d[\w.]*?)(?:-[^/]*)?\.(?:whl|tar\.gz|zip|tar\.bz2)$")


@dataclass(frozen=True)
class Dep:
    name: str
    version: str = ""
    # note："" 普通的依赖；path 本地路径；include 引用了别的清单（没有读）；url 来自一个地址；runtime 要的运行时版本；
    # workspaces 有子包（它们的清单没有读）；unread_table 我不读的依赖表（name 是表名）。后两种回答时各说一句；
    # dynamic 依赖写在别处（pyproject 的 dynamic）；unread_line 读不懂的一行（name 是它的开头）
    note: str = ""
    extra: str = ""  # 可选的一组（[project.optional-dependencies] 的 dev、s3；[dependency-groups] 的组）：回答里说出来
    spec: str = field(default="", compare=False)  # 清单里原样写的版本（^8.1.7）：问到这个库的版本时照写


def dependencies(path: str, text: str, partial: bool = False) -> list | None:
    """清单文件的文字 → [Dep]；解析不了是 None。partial：只看到了一部分，只取看到的完整的几项。"""
    name = path.rsplit("/", 1)[-1].lower()  # Windows 上的 Requirements.txt 也是
    if name == "package.json":
        return npm_deps(text, partial)
    return pyproject_deps(text, partial) if name == "pyproject.toml" else requirements_deps(text)


def npm_deps(text: str, partial: bool) -> list | None:
    """四张依赖表、engines.node、workspaces。不是 JSON 对象（写坏了、嵌套太深）就是 None；
    只看到了一部分：取依赖表里看到的 "名字": "版本"。"""
    data = json_object(text)
    if data is None:
        blocks = re.findall(rf'"(?:{"|".join(NPM_SECTIONS)})"\s*:\s*\{{([^}}]*)', text) if partial else []
        pairs = [pair for block in blocks for pair in re.findall(r'"([^"]+)"\s*:\s*"([^"]*)"', block)]
        return [Dep(n.lower(), short_version(v), spec=one_line(v, 300)) for n, v in pairs] or None
    sections = [data.get(s) for s in NPM_SECTIONS]
    said = lambda v: short_version(v) if isinstance(v, str) else ""  # noqa: E731  写成别的（null、表）的没有版本
    deps = [Dep(one_line(n).lower(), said(v), spec=one_line(v, 300) if isinstance(v, str) else "")
            for s in sections if isinstance(s, dict) for n, v in s.items()]  # fmt: skip
    odd = [n for n, s in zip(NPM_SECTIONS, sections, strict=True) if s and not isinstance(s, dict)]  # 不是表
    deps += [Dep(n, note="unread_line") for n in odd]
    plain = lambda v: one_line(str(v)) if isinstance(v, str | int | float) and not isinstance(v, bool) else None  # noqa: E731
    node = data["engines"].get("node") if isinstance(data.get("engines"), dict) else None  # 要的 Node.js 版本
    deps += [Dep("engines.node", plain(node), "runtime")] if plain(node) else []
    return deps + [Dep("workspaces", note="workspaces")] * bool(data.get("workspaces"))  # 各个子包的清单没有读


def json_object(text: str) -> dict | None:
    """一个 JSON 对象；写坏了、嵌套太深、同一个键写了两次、不是对象都是 None。"""
    try:
        data = loads(text, object_pairs_hook=unique)  # 同一个键写两次：不知道哪个算数
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def pyproject_deps(text: str, partial: bool = False) -> list | None:
    """[project] 的 requires-python、dependencies、optional-dependencies，[dependency-groups] 的数组（可以跨行），
    Poetry 的依赖表（一行一个，python 是运行时）；别的依赖表不读，记成 unread_table。
    数组没有结尾：只看到一部分时取看到的，否则是 None。"""
    deps, table, text = [], "", flattened(text)
    for m in TOML_LINE.finditer(text):
        at, key, name, sub, cut = key_of(table, m[2] or "")
        if m[1]:  # [表]
            table = m[1].strip()
            unread = "dependencies" in table and table not in DEP_TABLES and not re.match(rf"(?:{POETRY})(\.|$)", table)
            deps += [Dep(table, note="unread_table")] * unread
        elif cut and sub in ("", "version", "git", "path", "url"):  # Poetry：一行一个依赖
            spec = sub not in ("git", "path", "url") and re.match(POETRY_SPEC, m[3])  # mylib.git = "https://…"
            raw, name = (spec[1] or spec[2]) if spec else "", name.lower()
            said = one_line(raw)
            deps.append(
                Dep(name, said, "runtime")
                if name == "python"
                else Dep(name, short_version(said), spec=one_line(raw, 300))
            )
        elif (at, key) == ("project", "dynamic"):  # 依赖、版本写在别处（setup.py）
            deps += [Dep(table, note="dynamic")] * ("dependencies" in m[3])
        elif "dependencies" in key and at not in ("project", *DEP_TABLES):  # [tool.uv] dev-dependencies = […]
            deps.append(Dep(f"{at}.{key}".lstrip("."), note="unread_table"))
        elif (at, key) == ("project", "requires-python") and (spec := re.match(r"""["']([^"']*)""", m[3])):
            deps.append(Dep(key, spec[1].strip()[:40], "runtime"))
        elif m[3].startswith("[") and (at in DEP_TABLES or (at, key) in ARRAYS):
            array = ARRAY.match(text, m.start(3))  # 从 [ 开始，到和它配对的 ] 为止，可以跨好几行
            if not array and not partial:
                return None
            end = re.compile(NEXT_KEY, re.M).search(text, m.start(3))  # 没有结尾：看到下一个键为止
            found = strings_in(array[0] if array else text[m.start(3) : end.start() if end else len(text)])
            group = key if at in DEP_TABLES else "build-system" * (at == "build-system")  # 构建要的也说出来
            deps += [replace(d, extra=group) for d in found]
        elif (at, key) == ("project", "optional-dependencies") and m[3].startswith("{"):  # 写在一行里的表
            deps += [replace(d, extra="optional-dependencies") for d in strings_in(m[3][1:])]
        elif at in DEP_TABLES or (at, key) in ARRAYS or m[3].startswith("{") and "dependencies" in m[3]:
            deps.append(Dep(one_line(f"{m[2]} = {m[3]}"), note="unread_line"))  # 该是数组却不是；写在一行里的表
    return [d for d in deps if d]


def key_of(table: str, raw: str) -> tuple:
    """一行的键放在它的表里：(所在的表, 最后一段键, Poetry 的依赖名, 名字后面的 .version, 是不是 Poetry 的依赖)。
    引号里的点是名字的一部分（"ruamel.yaml"），不加引号的点分开几层（[project] 里的 optional-dependencies.dev）；
    Poetry 的表也可以写在键里（[tool.poetry] 的 dependencies.django）。"""
    parts = [a or b or c for a, b, c in re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'|([\w-]+)", raw)] or [""]
    segs = [*filter(None, table.split(".")), *parts][:12]
    cut = next((i for i in range(len(segs) - 1, 0, -1) if re.fullmatch(POETRY, ".".join(segs[:i]))), 0)
    return ".".join([table, *parts[:-1]]).strip("."), parts[-1], segs[cut], ".".join(segs[cut + 1 :]), bool(cut)


def flattened(text: str) -> str:
    """多行字符串换成一个空字符串（里面的 [ ] = 不是表和键；只在一行里的留下内容）；注释、一行的字符串照旧。"""
    return TOKENS.sub(lambda m: m[0] if not m[1] else "''" if "\n" in m[2] else "'" + m[2] + "'", text)


def one_line(text: str, limit: int = 40) -> str:
    """写在清单里的一个值（版本）：并成一行（里面的换行不能在回答里另起一行），最多 limit 个字符，截了就加“…”。"""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def strings_in(array: str) -> list:
    """TOML 数组里的每个字符串，读成依赖；注释和 {include-group = …} 不算。"""
    pattern = r"""\{[^{}]*\}|"((?:\\.|[^"\\\n])*)"|'([^'\n]*)'|#[^\n]*"""  # { 不嵌套：线性时间；\" 是字符串里的引号
    texts = [m[2] or re.sub(r'\\(["\\])', r"\1", m[1]) for m in re.finditer(pattern, array) if m[1] or m[2]]
    found = [requirement(t) or Dep(t[:60], note="unread_line") for t in texts]
    rest = re.sub(rf"{pattern}|[\w.-]+\s*=(?!=)|[\[\]{{}},\s]", "", array)  # 不在引号里的（[requests, flask]）：说出来
    return found + [Dep(one_line(array.strip("[]{ \t\n,")), note="unread_line")] * bool(rest)


def requirement(spec: str) -> Dep | None:
    """一条 PEP 508 依赖：uvicorn[standard]>=0.20; python_version<"3.12"、pkg @ https://…"""
    head = spec.partition(";")[0]  # 分号后面是环境标记（python_version<"3.12"）
    if len(spec) > 2000 or re.search(r"[\w.\]-]\s+[\w.-]", head):  # 名字、版本当中有空格的不是一条依赖
        return None
    if not (m := PEP508.fullmatch(re.sub(r"\s+", "", head))):
        return None
    rest, marker = m[3].strip(), " ".join(spec.partition(";")[2].split())  # 环境标记：什么时候才装（python_version…）
    extra, marker = m[2] or "", f"; {marker}" if marker else ""  # requests[socks] 的 [socks]
    version = f"{extra} {'' if rest.startswith('@') else short_version(rest)}".strip()
    said = one_line(f"{extra}{rest}{marker}", 300)  # 原样写的：~=0.23; python_version < "3.12"
    return Dep(m[1].lower(), one_line(f"{version}{marker}".lstrip("; "), 80), "url" * rest.startswith("@"), spec=said)


def requirements_deps(text: str) -> list:
    """requirements.txt：注释、续行、选项（-r、-c、-e、--index-url、--hash）、VCS 和 URL、本地路径。"""
    deps = []
    for line in re.sub(r"(?m)^(?![ \t]*#)([^\n]*)\\\n", r"\1 ", text).splitlines():  # 和 pip 一样：注释行的 \ 不接
        line = re.sub(r"^(?:-e|--editable)[\s=]+", "", re.sub(r"(^|\s)#.*", "", line).strip())
        if m := re.match(r"(-r|--requirement|-c|--constraint)[\s=]+(\S+)", line):
            deps.append(Dep(m[2], note="include", spec=m[1]))  # spec：-r 引用的是依赖，-c 只是约束
        elif line and not line.startswith("-"):  # --index-url、--hash 这样的选项：不是依赖
            deps.append(located(line) or requirement(line.split(" --")[0]) or Dep(line[:60], note="unread_line"))
    return [d for d in deps if d]


def located(line: str) -> Dep | None:
    """写成地址或路径的依赖：git+https://…#egg=x、wheel 或源码包的地址、./vendor/lib（x @ git+… 交给 PEP 508）。"""
    line = line[:2000]  # 再长的一行也不是依赖：只看开头（正则的回溯也就有了上限）
    if egg := re.search(r"#(?:[^&\s]*&)*egg=([\w.-]+)", line):
        return Dep(egg[1].lower(), note="url")
    if re.match(r"[\w.-]+\s*@", line):
        return None
    if archive := ARCHIVE.search(line.split("#")[0][-300:]):
        return Dep(archive[1].lower().replace("_", "-"), short_version(archive[2]), "url")
    return Dep(line, note="path") if re.match(r"(\.{1,2}/|/|~|file:|[a-z+]+://|[A-Za-z]:\\)", line) else None


def scripts_in(text: str) -> list:
    """pyproject.toml 里 [project.scripts]、[tool.poetry.scripts] 写的命令：[(表, 命令, 它运行的 模块:函数)]。"""
    found, table = [], ""
    for m in TOML_LINE.finditer(flattened(text)):
        table = m[1].strip() if m[1] else table
        target = re.match(r"""["']([^"'\n]+)["']""", m[3] or "")
        if not m[1] and target and table in ("project.scripts", "tool.poetry.scripts"):
            found.append((table, m[2].strip("\"'"), target[1]))
    return found


def short_version(spec: str) -> str:
    """技术栈一览里的版本：^18.2.0 → 18.2；钉死的版本照写（==2.1.4、npm 的 5.0.7）；下限照写（>=2.31：不是“2.31 版”），
    别的写法（~=0.23、<3、npm:…、file:…）原样写出来。"""
    spec = (spec or "").strip()
    if m := re.fullmatch(r"===?\s*v?(\d[\w.+!-]*)", spec):
        return m[1]
    if m := re.fullmatch(r">=\s*v?(\d[\w.+!-]*)", spec):  # 下限照写全：>=2.31.5 不是 >=2.31
        return ">=" + m[1]
    m = re.fullmatch(r"(\^|~(?!=))\s*v?(\d+(?:\.\d+)?)(?:\.[\w.-]*)?", spec)
    return m[2] if m else one_line(spec)  # 太长的截了，加“…”


def is_manifest(path: str) -> bool:
    """这个路径（src/package.json、requirements-dev.txt）是不是一份依赖清单。"""
    return bool(manifests_in([path.rsplit("/", 1)[-1]]))


def manifests_in(names: list) -> list:
    """一个目录里的依赖清单：package.json、pyproject.toml、requirements.txt，和 requirements-dev.txt、
    dev-requirements.txt 这样的。"""
    return [
        n for n in names if n.lower() in MANIFESTS or re.fullmatch(r"([\w.-]+[-_.])?requirements[\w.-]*\.txt", n, re.I)
    ]


def manifest_folder(files: list) -> str:
    """问题里说的子目录里的清单（“server/package.json 里 express 是哪个版本”）：它的目录；没有是 "."。"""
    folders = {f.rpartition("/")[0] for f in files if "/" in f and is_manifest(f)}
    return folders.pop() if len(folders) == 1 else "."  # 说了两个目录的清单：在顶层答，说出没往里看的目录


def declared_in(facts, paths: list, name: str) -> tuple:
    """这几份清单里，哪几份声明了 name（搜到的那一行看不出是不是声明：pyproject 的 dev = ["pytest>=7"]）：
    读整份清单，按解析出的依赖算；只读到开头的一部分（翻页到了上限、被截断），按读到的那部分算（读到的总是从头开始的，
    每一行在哪张表里看得出）。名字里的 -、_、. 不分（PEP 503），大小写也不分。返回 (声明了的, 没读全的)。"""
    reads = dict(zip(paths, all_pages(facts, "read_file", [{"path": p} for p in paths]), strict=True))
    seen = {p: dependencies(p, got.text, got.state != "complete") or [] for p, got in reads.items() if usable(got)}
    listed = {p for p, deps in seen.items() if any(same_package(d.name, name) for d in deps)}
    return listed, [p for p, got in reads.items() if got.state != "complete"]


def same_package(a: str, b: str) -> bool:
    return re.sub(r"[-_.]+", "-", a.lower()) == re.sub(r"[-_.]+", "-", b.lower())
