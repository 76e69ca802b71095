"""工具：实现、注册表、dispatch，以及模型看到的 JSON schema。

s04 建好的注册表，s05 原样使用。每个工具都返回一段非空文字：
成功是内容，失败是以“错误：”开头的说明。失败也是一条观察，要原样交给模型，
不能伪装成数据，更不能让程序崩掉。

工作目录的边界、env 文件、命名管道、命令的确认和超时这些护栏在 support/ 里，
这里按名字调用它们：名字说明它守着什么，读的时候可以跳过。
"""

import inspect
import json
import os
from pathlib import Path

from support.command_guard import SHELL_NOTE, approve, run_bounded
from support.json_safe import INVALID_JSON, json_arguments, safe_text
from support.options import Options
from support.search import coverage_note, matching_lines, walk_files
from support.stats import NotRun
from support.workspace import (
    binary_kind,
    folder_names,
    inside_workspace,
    list_entry,
    looks_binary,
    open_regular,
    quoted,
    read_line,
    remember_line,
    shown,
    skip_lines,
)

# ── 限制（练习 4 讲的就是这些）────────────────────────────────
MAX_RESULT_CHARS = 8000  # 单个工具结果最多多少字符，防止撑爆上下文
READ_LINES = 200  # read_file 默认一次读多少行
MAX_LINE_CHARS = 2000  # 超长的一行（比如压缩过的 js）只保留这么多
MAX_LIST_ENTRIES = 300  # list_files 最多列多少项
MAX_SEARCH_HITS = 50  # search_files 最多返回多少条
MAX_SEARCH_FILE_BYTES = 2_000_000  # 比这大的文件不搜（日志、数据文件）
COMMAND_TIMEOUT = 30  # run_command 超时秒数（--command-timeout）


# ── 工具实现 ─────────────────────────────────────────────────
# 每个工具的参数就是 schema 里的参数；options 是命令行决定的设置，由 dispatch_tool 传进来。
def list_files(path: str = ".", offset: int = 1, *, options: Options = Options()) -> str:
    folder = inside_workspace(path, options.env_files)
    if not folder.is_dir():
        raise NotADirectoryError(f"{quoted(path)} {'不是目录' if folder.exists() else '不存在'}")
    if offset < 1:
        raise ValueError("offset 要从 1 起")
    names = folder_names(folder, path)  # 打开检查过的那个目录再列：中途换成链接也列不到外面
    if not names:
        return f"[{quoted(path).rstrip('/')}/ 是空目录]"  # 名字里有 /：不会被当成目录里的一项
    if offset > len(names):
        return f"[{quoted(path).rstrip('/')}/ 只有 {len(names)} 项，offset={offset} 超出了末尾]"
    lines, chars = [], 0
    for name in names[offset - 1 : offset - 1 + MAX_LIST_ENTRIES]:  # 只为列出的那些项多看一眼类型
        line = list_entry(os.path.join(folder, name), name, options.env_files)
        chars += len(line) + 1
        if lines and chars > MAX_RESULT_CHARS - 100:  # 第一项总要列出：结果不能是空的
            break
        lines.append(line)
    last = offset + len(lines) - 1
    if last < len(names):  # 没列完：说清列了哪些、怎样接着列
        lines.append(f"[第 {offset}–{last} 项，共 {len(names)} 项；用 offset={last + 1} 继续列出]")
    return "\n".join(lines)


def read_file(path: str, offset: int = 1, limit: int = READ_LINES, *, options: Options = Options()) -> str:
    target = inside_workspace(path, options.env_files)
    if target.is_dir():
        raise IsADirectoryError(f"{quoted(path)} 是目录，请用 list_files")
    if offset < 1 or limit < 1:
        raise ValueError("offset 和 limit 都要从 1 起")
    with open_regular(target, path, env_files=options.env_files) as f:  # 只打开检查过的普通文件，中途换不掉
        size, head = os.fstat(f.fileno()).st_size, f.read(8192)
        if looks_binary(head):  # 二进制文件，或者 UTF-16 之类别的编码写的文本：都不显示
            return f"{quoted(path)} 是{binary_kind(head, target.name)}（{size} 字节），不显示内容"
        # 只读需要的那几行，内存与文件大小无关；前面的行按块数换行符跳过，翻页从上一页停下的地方接着读
        skipped = skip_lines(f, offset - 1)
        if skipped < offset - 1:
            return f"{quoted(path)} 只有 {skipped} 行，offset={offset} 超出了文件末尾"
        lines, chars, line_no = [], 0, offset
        budget = MAX_RESULT_CHARS - 70  # 给末尾的分页提示留出地方
        while len(lines) < limit:
            start = f.tell()
            raw, cut = read_line(f, MAX_LINE_CHARS)
            if not raw:
                break
            text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if cut:
                text += f" …（此行过长，只显示前 {MAX_LINE_CHARS} 个字符）"
            line = f"{line_no}\t{text}"
            if lines and chars + len(line) >= budget:
                f.seek(start)  # 这一行放不下了，留给下一页
                break
            lines.append(line)
            chars += len(line) + 1
            line_no += 1
        remember_line(f, line_no)  # 记下下一页从哪里开始
        left = size - f.tell()
    if not lines:
        if offset > 1:
            return f"{quoted(path)} 只有 {offset - 1} 行，offset={offset} 超出了文件末尾"
        return f"{quoted(path)} 是空文件"
    if left > 0:
        lines.append(f"[第 {offset}–{line_no - 1} 行；后面还有约 {left} 字节没显示，用 offset={line_no} 继续读]")
    return "\n".join(lines)


def search_files(query: str, path: str = ".", *, options: Options = Options()) -> str:
    if not query:
        raise ValueError("query 不能为空")
    target = inside_workspace(path, options.env_files)
    if target.is_dir():
        files = walk_files(str(target), options.env_files)  # 跳过隐藏目录、node_modules、虚拟环境、env 文件
    else:
        open_regular(target, path, env_files=options.env_files).close()  # 不是普通文件就报错
        files = walk_files(str(target), options.env_files)  # 打开时再核对一次，中途换不掉
    hits, chars = [], 0
    for file, line_no, line in matching_lines(files, query, MAX_SEARCH_FILE_BYTES):
        text, room = line.strip(), min(200, MAX_RESULT_CHARS // 4)  # 上限小也放得下
        cut = "…（此行过长）" if len(text) > room else ""  # 截了就说：后半行可能正是要找的
        hit = f"{shown(Path(file))}:{line_no}: {text[:room]}{cut}"
        chars += len(hit) + 1
        if len(hits) == MAX_SEARCH_HITS or (hits and chars > MAX_RESULT_CHARS - 100):  # 第一条总要给出
            hits.append(f"[结果已截断：只显示了前 {len(hits)} 条匹配；可以换更具体的 query，或用 path 缩小范围]")
            break
        hits.append(hit)
    if not hits:
        return f"在 {shown(target)} 里没有找到包含 {quoted(query)!r} 的内容" + coverage_note(files)
    return "\n".join(hits) + coverage_note(files)  # 有没搜的文件、目录就注明：没搜到不等于没有


def run_command(command: str, *, options: Options = Options()) -> str:
    refused = approve(command, options.auto_approve)  # 先给用户看整条命令，y 才执行（--yes 不问）
    if refused:
        return NotRun(refused, "命令没有获准执行")
    # 有超时；输出只留头尾；结束时连同它启动的进程一起结束；子进程看不到 API key
    code, output = run_bounded(command, options.command_timeout or COMMAND_TIMEOUT, MAX_RESULT_CHARS)
    return f"退出码：{code}\n{output}"


def clip(text: str) -> str:
    """太长就保留开头和结尾，中间注明省略了多少；结果不超过 MAX_RESULT_CHARS。"""
    if len(text) <= MAX_RESULT_CHARS:
        return text
    half = MAX_RESULT_CHARS // 2 - 30
    if half < 1:  # 上限小得放不下头、尾和说明：只留开头，另起一行注明截断了
        return text[: max(MAX_RESULT_CHARS - 4, 0)] + "\n…截断"
    return f"{text[:half]}\n…（中间省略了 {len(text) - 2 * half} 个字符）…\n{text[-half:]}"


# ── 工具注册表 ───────────────────────────────────────────────
TOOL_REGISTRY = {
    "list_files": list_files,
    "read_file": read_file,
    "search_files": search_files,
    "run_command": run_command,
}


def dispatch_tool(name: str, arguments, options: Options = Options()) -> str:
    """按名字找到工具并执行。任何问题都变成一条“错误：…”结果，交给模型处理。

    结果（错误也一样）统一在这里经过 safe_text 和 clip：能编码，也超不过 MAX_RESULT_CHARS。
    没有执行的调用（没有这个工具、参数不对、命令没批准）结果是 NotRun：照样送回模型，统计时另算。
    """
    if name not in TOOL_REGISTRY:
        result = NotRun(f"错误：没有名为 {quoted(name)!r} 的工具。可用的：{', '.join(TOOL_REGISTRY)}", "没有这个工具")
    else:
        try:
            args, problem = check_arguments(name, arguments)
            if problem:
                result = NotRun(f"错误：{problem}", "参数不对")
            else:  # 设置只给声明了 options 参数的工具：照章节写的 read_file(path) 贴进来也能调用
                settings = {"options": options} if takes(TOOL_REGISTRY[name], "options") else {}
                result = TOOL_REGISTRY[name](**args, **settings) or "（空结果）"
        except OSError as e:  # 系统的报错会带上完整路径，只引开头
            where = f"{quoted(str(e.filename))}：" if e.filename else ""
            result = f"错误：{where}{e.strerror or e}"
        except Exception as e:  # noqa: BLE001  工具失败是一条观察，不是程序崩溃
            result = f"错误：{e}"
    text = clip(safe_text(result))  # 代理字符之类编不了码的字符换成 �
    return NotRun(text, result.reason) if isinstance(result, NotRun) else text


def check_arguments(name: str, arguments) -> tuple[dict, str]:
    """解析 arguments 并按 schema 检查。返回 (参数, 问题)，没问题时问题为空。"""
    arguments = json.loads(json_arguments(arguments))  # 历史里的样子：一律是 JSON 对象，坏的包一层 invalid_json
    if list(arguments) == [INVALID_JSON]:
        return {}, (
            f"{name} 的参数不是完整的 JSON 对象（可能是输出被截断了）：{quoted(str(arguments[INVALID_JSON]))}。"
            "工具没有执行。请重新发起这次调用，arguments 要是完整的 JSON 对象"
        )
    params = SCHEMAS[name]["parameters"]
    props = params["properties"]
    missing = [p for p in params.get("required", []) if p not in arguments]
    unknown = [p for p in arguments if p not in props]
    if missing or unknown:
        return {}, (
            f"{name} 的参数不对（缺少：{', '.join(missing) or '无'}；"
            f"多余：{', '.join(unknown) or '无'}）。它接受的参数：{', '.join(props)}"
        )
    untaken = [p for p in arguments if not takes(TOOL_REGISTRY[name], p)]  # schema 里有、函数里没有（贴进来的章节版）
    if untaken:
        return {}, (
            f"{name} 不接受参数 {', '.join(untaken)}：tools.py 里的 {name}() 没有这个参数（schema 里还写着它）。"
            "工具没有执行，不带它再调用一次"
        )
    for key, value in arguments.items():
        want = props[key]["type"]
        if want == "integer" and isinstance(value, float) and value.is_integer():
            arguments[key] = value = int(value)
        if not isinstance(value, PYTHON_TYPES[want]) or isinstance(value, bool):
            return {}, f"{name} 的参数 {key} 应该是 {want}，收到的是 {json.dumps(value, ensure_ascii=False)}"
    return arguments, ""


PYTHON_TYPES = {"string": str, "integer": int}


def takes(func, parameter: str) -> bool:
    """工具函数收不收这个参数：声明了它，或者有 **kwargs。"""
    params = inspect.signature(func).parameters
    return parameter in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


# ── 模型看到的工具说明 ───────────────────────────────────────
def function_schema(name: str, description: str, properties: dict, required: list) -> dict:
    return {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required},
    }


SCHEMAS = {
    s["name"]: s
    for s in [
        function_schema(
            "list_files",
            "列出目录下的文件和子目录（目录名以 / 结尾）。",
            {
                "path": {"type": "string", "description": "目录路径，相对于工作目录，默认 ."},
                "offset": {"type": "integer", "description": "从第几项开始列，从 1 起，默认 1"},
            },
            [],
        ),
        function_schema(
            "read_file",
            "读取文本文件的一段，每行带行号。文件长时按 offset/limit 分页读。",
            {
                "path": {"type": "string", "description": "文件路径，相对于工作目录"},
                "offset": {"type": "integer", "description": "从第几行开始读，从 1 起，默认 1"},
                "limit": {"type": "integer", "description": f"最多读多少行，默认 {READ_LINES}"},
            },
            ["path"],
        ),
        function_schema(
            "search_files",
            f"在文件内容里搜索一段文字，返回 文件:行号: 内容，最多 {MAX_SEARCH_HITS} 条。",
            {
                "query": {"type": "string", "description": "要搜索的文字（区分大小写）"},
                "path": {"type": "string", "description": "在哪个目录下搜索，默认 ."},
            },
            ["query"],
        ),
        function_schema(
            "run_command",
            f"在工作目录里执行一条 shell 命令，返回退出码和输出。每条命令需要用户确认。{SHELL_NOTE}。",
            {
                "command": {"type": "string", "description": "要执行的 shell 命令"},
            },
            ["command"],
        ),
    ]
}

TOOLS = [{"type": "function", "function": schema} for schema in SCHEMAS.values()]
