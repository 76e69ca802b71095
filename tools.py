"""工具：实现、注册表、dispatch，以及模型看到的 JSON schema。

s04 建好的注册表，s05 原样使用。每个工具都返回一段非空文字：
成功是内容，失败是以“错误：”开头的说明。失败也是一条观察，要原样交给模型，
不能伪装成数据，更不能让程序崩掉。
"""

import errno
import json
import math
import mimetypes
import os
import re
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

try:
    import termios  # 清掉确认前敲进来的字；Windows 没有
except ImportError:
    termios = None

# ── 限制（练习 4 讲的就是这些）────────────────────────────────
MAX_RESULT_CHARS = 8000        # 单个工具结果最多多少字符，防止撑爆上下文
READ_LINES = 200               # read_file 默认一次读多少行
MAX_LINE_CHARS = 2000          # 超长的一行（比如压缩过的 js）只保留这么多
MAX_LIST_ENTRIES = 300         # list_files 最多列多少项
MAX_SEARCH_HITS = 50           # search_files 最多返回多少条
MAX_SEARCH_FILE_BYTES = 2_000_000  # 比这大的文件不搜（日志、数据文件）
COMMAND_TIMEOUT = 30           # run_command 超时秒数（--command-timeout）
SKIP_DIRS = {"node_modules", "__pycache__", "site-packages"}  # 另外：隐藏目录、虚拟环境

AUTO_APPROVE = False           # --yes：run_command 不再逐条询问
ENV_FILES: set[tuple[int, int]] = set()  # agent.py 读过的 .env 的 (st_dev, st_ino)，硬链接也认得出
ENV_TEMPLATES = {".env.example", ".env.sample", ".env.template"}  # 模板，不是密钥
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)  # 打开文件不会卡住
SPECIAL_KINDS = {stat.S_IFIFO: "命名管道 FIFO", stat.S_IFSOCK: "套接字 socket",
                 stat.S_IFCHR: "字符设备", stat.S_IFBLK: "块设备"}


# ── 工作目录：文件工具只能碰这里面的东西 ───────────────────────
def resolve_path(path: str) -> Path:
    """把模型给的路径变成工作目录内的真实路径；出界或是 env 文件就拒绝。"""
    root = Path.cwd().resolve()
    target = (root / path).resolve()  # resolve 会跟随符号链接，所以链接出界也能发现
    if target != root and root not in target.parents:
        raise PermissionError(f"{quoted(path)} 在工作目录 {root} 之外，不能访问")
    if any(map(is_env_name, target.relative_to(root).parts)) or (not target.is_dir() and is_secret(str(target))):
        raise PermissionError(f"{quoted(path)} 是（或在）保存密钥的 env 文件或目录，不能读取")
    return target


def is_secret(path: str, entry: os.DirEntry | None = None) -> bool:
    """三个工具共用的一条规则：名字像 env 文件（is_env_name），或者和读过的 .env 是同一个文件（硬链接）。
    符号链接看它指向的文件。"""
    if entry and entry.is_symlink():
        path, entry = os.path.realpath(path), None
    if is_env_name(entry.name if entry else os.path.basename(path)):
        return True
    if not ENV_FILES or (entry and all(entry.inode() != ino for _, ino in ENV_FILES)):
        return False  # scandir 白给的 inode 先排除一遍，大多数文件不用再 stat
    try:
        st = os.stat(path)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) in ENV_FILES


def is_env_name(name: str) -> bool:
    """不分大小写，去掉编辑器备份加的 # 和 ~ 以后，以 .env 开头或结尾：.env、.env.local、.envrc、
    .env-prod、.env~、#.env#、prod.env、.envs/ 都算；模板（ENV_TEMPLATES）除外。"""
    core = name.lower().strip("#~")
    return core not in ENV_TEMPLATES and (core.startswith(".env") or core.endswith(".env"))


def quoted(text: str, limit: int = 200) -> str:
    """错误里引用模型给的参数：只引开头，免得一个超长参数把结果撑爆。"""
    return text if len(text) <= limit else f"{text[:limit]}…（共 {len(text)} 个字符）"


def kind_of(mode: int) -> str:
    return SPECIAL_KINDS.get(stat.S_IFMT(mode), "特殊文件")


def shown(path: Path) -> str:
    """给模型看的相对路径，统一用 /。"""
    rel = path.relative_to(Path.cwd().resolve())
    return escaped(rel.as_posix()) if rel.parts else "."


# 控制字符（ESC、回车、退格……）、改变文字方向和看不见的字符（U+202E、U+200B……）、孤立的代理字符：
# 显示时一律写成 \x1b、\u202e 这样的转义，屏幕上看到的文字才和实际的一样
INVISIBLE = [*range(32), *range(127, 160), 0xAD, 0x61C, 0x180E, *range(0x200B, 0x2010), *range(0x2028, 0x202F),
             *range(0x2060, 0x2070), *range(0xD800, 0xE000), 0xFEFF, *range(0xE0000, 0xE0080)]
ESCAPES = {c: chr(c).encode("unicode_escape").decode() for c in INVISIBLE}
ESCAPES_KEEP_LINES = {c: text for c, text in ESCAPES.items() if chr(c) not in "\n\t"}


def escaped(text, keep_lines: bool = False) -> str:
    """把看不见的字符写成转义：文件名里的换行不能伪造出一行结果，命令、模型的话也要让人看清。
    keep_lines：换行和制表符照常显示（多行的文字）。"""
    return str(text).translate(ESCAPES_KEEP_LINES if keep_lines else ESCAPES)


def looks_binary(head: bytes) -> bool:
    return b"\0" in head


# ── 工具实现 ─────────────────────────────────────────────────
def list_files(path: str = ".") -> str:
    target = resolve_path(path)
    if not target.is_dir():
        raise NotADirectoryError(f"{quoted(path)} {'不是目录' if target.exists() else '不存在'}")
    names = sorted(os.listdir(target))
    if not names:
        return f"{quoted(path)} 是空目录"
    lines, chars = [], 0
    for i, name in enumerate(names):  # 只为列出的那些项多看一眼类型
        line = list_entry(os.path.join(target, name), name)
        chars += len(line) + 1
        if i == MAX_LIST_ENTRIES or chars > MAX_RESULT_CHARS - 100:
            lines.append(f"…… 还有 {len(names) - i} 项没有列出")
            break
        lines.append(line)
    return "\n".join(lines)


def list_entry(path: str, name: str) -> str:
    """list_files 的一行：目录以 / 结尾；读不了的项照样列出，注明原因。"""
    try:
        if os.path.isdir(path):
            return escaped(name) + "/"
        mode = os.stat(path).st_mode  # 跟随符号链接：坏掉的、绕成循环的在这里报错
        if stat.S_ISREG(mode) and not is_secret(os.path.realpath(path)):
            return escaped(name)
        reason = "保存密钥的 env 文件" if stat.S_ISREG(mode) else kind_of(mode)
    except FileNotFoundError:
        reason = "符号链接，指向的文件不存在"
    except OSError as e:
        reason = "符号链接，指向形成了循环" if e.errno == errno.ELOOP else e.strerror
    return f"{escaped(name)}（{reason}，不能读取）"


def read_file(path: str, offset: int = 1, limit: int = READ_LINES) -> str:
    target = resolve_path(path)
    if target.is_dir():
        raise IsADirectoryError(f"{quoted(path)} 是目录，请用 list_files")
    if offset < 1 or limit < 1:
        raise ValueError("offset 和 limit 都要从 1 起")
    with open_regular(target, path) as f:
        size = os.fstat(f.fileno()).st_size
        if looks_binary(f.read(8192)):
            kind = mimetypes.guess_type(target.name)[0] or "类型未知"
            return f"{quoted(path)} 是二进制文件（{kind}，{size} 字节），不显示内容"
        f.seek(0)
        # 只读需要的那几行：内存和时间都与文件大小无关
        for skipped in range(offset - 1):
            if not read_line(f)[0]:
                return f"{quoted(path)} 只有 {skipped} 行，offset={offset} 超出了文件末尾"
        lines, chars, line_no = [], 0, offset
        budget = MAX_RESULT_CHARS - 70  # 给末尾的分页提示留出地方
        while len(lines) < limit:
            start = f.tell()
            raw, cut = read_line(f)
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
        left = size - f.tell()
    if not lines:
        if offset > 1:
            return f"{quoted(path)} 只有 {offset - 1} 行，offset={offset} 超出了文件末尾"
        return f"{quoted(path)} 是空文件"
    if left > 0:
        lines.append(f"[第 {offset}–{line_no - 1} 行；后面还有约 {left} 字节没显示，"
                     f"用 offset={line_no} 继续读]")
    return "\n".join(lines)


def open_regular(target: Path, path: str):
    """只打开普通文件：命名管道、设备一打开就可能一直等下去。
    先看类型，再以不阻塞的方式打开；打开后再看一次，防止中途被换掉。"""
    mode = target.stat().st_mode
    if stat.S_ISREG(mode):
        f = os.fdopen(os.open(target, READ_FLAGS), "rb")
        if stat.S_ISREG(mode := os.fstat(f.fileno()).st_mode):
            return f
        f.close()
    raise OSError(f"{quoted(path)} 是{kind_of(mode)}，不是普通文件，不能读取")


def read_line(f) -> tuple[bytes, bool]:
    """读一行，最多保留 MAX_LINE_CHARS 字节；超长部分读过去但不保存。"""
    line = f.readline(MAX_LINE_CHARS)
    cut = bool(line) and not line.endswith(b"\n")
    if cut:
        rest = f.readline(65536)
        cut = bool(rest)
        while rest and not rest.endswith(b"\n"):
            rest = f.readline(65536)
    return line, cut


def search_files(query: str, path: str = ".") -> str:
    if not query:
        raise ValueError("query 不能为空")
    target = resolve_path(path)
    if target.is_dir():
        files = walk_files(str(target))
    else:
        open_regular(target, path).close()  # 不是普通文件就报错
        files = [str(target)]
    needle = query.encode("utf-8")
    # 锚点：query 里在代码中最少见的那个字节，用它快速排除不含 query 的文件
    offset = max(range(len(needle)), key=lambda i: rarity(needle[i]))
    hits, chars = [], 0
    for file in files:
        data = small_file_bytes(file)
        # 先整块找一次：大多数文件里根本没有，不必逐行拆开
        if not contains(data, needle, offset) or looks_binary(data[:8192]):
            continue
        for line_no, line in enumerate(data.split(b"\n"), 1):  # 和 read_file 一样只按 \n 分行
            if needle in line:
                text = line.decode("utf-8", errors="replace").strip()[:200]
                hit = f"{shown(Path(file))}:{line_no}: {text}"
                chars += len(hit) + 1
                if len(hits) == MAX_SEARCH_HITS or chars > MAX_RESULT_CHARS - 200:
                    hits.append(f"[只显示前 {len(hits)} 条匹配，结果已截断；"
                                "可以换更具体的 query 或缩小 path]")
                    return "\n".join(hits)
                hits.append(hit)
    if not hits:
        return f"在 {shown(target)} 里没有找到包含 {quoted(query)!r} 的内容"
    return "\n".join(hits)


def walk_files(root: str):
    """深度优先、按名字排序（和 os.walk 的顺序一样），给出要搜的普通文件。

    文件类型用 scandir 白给的 d_type 判断，不多花系统调用：符号链接（可能指向工作目录之外）、
    命名管道、设备都不碰；env 文件也不碰。
    """
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        subfolders = []
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if not skip_dir(folder, entry.name):
                    subfolders.append(entry.path)
            elif entry.is_file(follow_symlinks=False) and not is_secret(entry.path, entry):
                yield entry.path
        folders.extend(reversed(subfolders))


COMMON_BYTES = b" etaoinsrlcd\nupmh_f.g(),=\"ybw:'vk-x/0;1T2S>A<"  # 代码里最常见的字节，越靠前越常见


def rarity(byte: int) -> int:
    rank = COMMON_BYTES.find(bytes([byte]))
    return len(COMMON_BYTES) if rank < 0 else rank


def contains(data: bytes, needle: bytes, offset: int) -> bool:
    """needle in data，但更快：先用 find 找锚点字节（底层是 memchr），找到再比对整个 needle。

    锚点很少见时，大多数文件一次 memchr 就排除了；锚点出现太多次就退回普通的 in。
    """
    anchor = needle[offset:offset + 1]
    i = data.find(anchor, offset)
    for _ in range(16):
        if i < 0:
            return False
        if data.startswith(needle, i - offset):
            return True
        i = data.find(anchor, i + 1)
    return needle in data


def small_file_bytes(path: str) -> bytes:
    """读整个文件；比 MAX_SEARCH_FILE_BYTES 大或读不了就返回 b""。

    用最底层的 os.open/os.read：大多数源码文件一次 read 就读完，不用先 stat，
    每个文件 3 次系统调用，和 grep 一样。O_NONBLOCK：万一文件刚被换成命名管道，也不会卡住。
    """
    try:
        fd = os.open(path, READ_FLAGS)
    except OSError:
        return b""
    try:
        data = os.read(fd, 65536)
        if len(data) < 65536:
            return data
        if os.fstat(fd).st_size > MAX_SEARCH_FILE_BYTES:
            return b""
        return data + os.read(fd, MAX_SEARCH_FILE_BYTES)
    except OSError:
        return b""
    finally:
        os.close(fd)


def skip_dir(parent: str, name: str) -> bool:
    return (name.startswith(".") or name in SKIP_DIRS or is_env_name(name)
            or os.path.exists(os.path.join(parent, name, "pyvenv.cfg")))  # 虚拟环境


def run_command(command: str) -> str:
    refused = approve(command)
    if refused:
        return refused
    # 独立进程组：超时、Ctrl-C 或命令结束时，连同它启动的子进程一起结束
    group = ({"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if os.name == "nt"
             else {"start_new_session": True})
    # 子进程看得到用户自己导出的变量，看不到 API key；.env 里的设置本来就不在 os.environ 里
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    proc = subprocess.Popen(command, shell=True, cwd=Path.cwd(), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, **group)
    kept = {"head": bytearray(), "tail": bytearray(), "dropped": 0}
    reader = threading.Thread(target=keep_ends, args=(proc.stdout, kept), daemon=True)
    note = ""
    try:  # 从这里起 Ctrl-C 都要结束整个进程组：启动读线程时机器忙，也可能正好按下
        reader.start()
        proc.wait(timeout=COMMAND_TIMEOUT)
        if kill_group(proc):  # shell 退出了，它放到后台的进程还在跑
            note = "\n[命令结束时它启动的后台进程还在运行，已一并结束]"
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.wait()
        note = f"\n[超过 {COMMAND_TIMEOUT:g} 秒，命令已被终止]"
    except KeyboardInterrupt:
        kill_group(proc)
        raise
    reader.join(timeout=5)
    if reader.is_alive():  # 有子进程逃出了进程组，还占着输出管道：不等它
        note += "\n[有子进程脱离了进程组，还在占用输出，后面的输出没有收集]"
    cut = f"\n…（中间省略了 {kept['dropped']} 字节）…\n".encode() if kept["dropped"] else b""
    text = (kept["head"] + cut + kept["tail"]).decode("utf-8", errors="replace").strip()
    return f"退出码：{proc.returncode}\n{text or '（没有输出）'}{note}"


def keep_ends(pipe, kept: dict) -> None:
    """边读边丢：只留开头和结尾各约半个 MAX_RESULT_CHARS，数着中间丢了多少。

    命令输出多少，内存都不涨；communicate() 会把全部输出先攒在内存里。
    """
    half = MAX_RESULT_CHARS // 2 - 100
    head, tail = kept["head"], kept["tail"]
    while chunk := os.read(pipe.fileno(), 65536):
        if len(head) < half:
            room = half - len(head)
            head += chunk[:room]
            chunk = chunk[room:]
        tail += chunk
        if len(tail) > half:
            kept["dropped"] += len(tail) - half
            del tail[:-half]
    pipe.close()


def approve(command: str) -> str:
    """返回空字符串表示批准；否则返回告诉模型为什么没执行的话。"""
    if AUTO_APPROVE:
        return ""
    if not (sys.stdin and sys.stdin.isatty() and sys.stdout and sys.stdout.isatty()):
        return "没有执行：需要用户确认，但当前不是交互终端（可用 --yes 参数自动批准）"
    if termios:  # 丢掉问之前就敲进来的字：批准必须是看到命令之后给的
        termios.tcflush(sys.stdin, termios.TCIFLUSH)
    # 整条命令单独成行，控制字符写成转义：用户看到的就是要执行的
    print("  [确认] 模型要执行这条命令：\n    " + escaped(command, keep_lines=True).replace("\n", "\n    "))
    prompt = "  执行吗？(y/N) "
    lines = command.split("\n")
    if len(lines) > 1:  # 命令很长时开头会滚出屏幕：问的时候再说一遍有几行、第一行是什么
        head = lines[0].strip()
        head = head if len(head) <= 24 else head[:24] + "…"
        prompt = f"  执行吗？（共 {len(lines)} 行，第一行 {head!r}）(y/N) "
    try:
        answer = input(prompt)
    except EOFError:
        answer = ""
    return "" if answer.strip().lower() in ("y", "yes") else "没有执行：用户拒绝了这条命令"


def kill_group(proc: subprocess.Popen) -> bool:
    """结束命令的整个进程组。返回组里是否还有进程（有就被结束了）。"""
    if os.name == "nt":
        return subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)],
                              capture_output=True, check=False).returncode == 0
    try:
        os.killpg(proc.pid, signal.SIGKILL)
        return True
    except OSError:  # 组里已经没有进程了
        return False


def clip(text: str) -> str:
    """太长就保留开头和结尾，中间注明省略了多少；结果不超过 MAX_RESULT_CHARS。"""
    if len(text) <= MAX_RESULT_CHARS:
        return text
    half = MAX_RESULT_CHARS // 2 - 30
    return f"{text[:half]}\n…（中间省略了 {len(text) - 2 * half} 个字符）…\n{text[-half:]}"


# ── 工具注册表 ───────────────────────────────────────────────
TOOL_REGISTRY = {
    "list_files": list_files,
    "read_file": read_file,
    "search_files": search_files,
    "run_command": run_command,
}


def dispatch_tool(name: str, arguments) -> str:
    """按名字找到工具并执行。任何问题都变成一条“错误：…”结果，交给模型处理。

    结果（错误也一样）统一在这里经过 safe_text 和 clip：能编码，也超不过 MAX_RESULT_CHARS。
    """
    if name not in TOOL_REGISTRY:
        result = f"错误：没有名为 {quoted(name)!r} 的工具。可用的工具：{', '.join(TOOL_REGISTRY)}"
    else:
        try:
            args, problem = check_arguments(name, arguments)
            result = f"错误：{problem}" if problem else TOOL_REGISTRY[name](**args) or "（空结果）"
        except OSError as e:  # 系统的报错会带上完整路径，只引开头
            where = f"{quoted(str(e.filename))}：" if e.filename else ""
            result = f"错误：{where}{e.strerror or e}"
        except Exception as e:  # noqa: BLE001  工具失败是一条观察，不是程序崩溃
            result = f"错误：{e}"
    return clip(safe_text(result))


LONE_SURROGATES = re.compile("[\ud800-\udfff]")


def safe_text(data):
    """把 UTF-8 编不了的字符（孤立的代理字符，比如不是 UTF-8 的文件名）换成 �，
    把 JSON 写不出的数（NaN、Infinity、1e999）换成 null。

    这些东西一进 messages，之后每次请求都会编码失败。对 dict、list 逐层处理。
    """
    if isinstance(data, str):
        return LONE_SURROGATES.sub("\ufffd", data)
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, list):
        return [safe_text(item) for item in data]
    if isinstance(data, dict):
        return {safe_text(key): safe_text(value) for key, value in data.items()}
    return data


def json_arguments(arguments) -> str:
    """arguments 存进历史的样子：一律是 JSON 对象的字符串。

    空白 → "{}"（有的服务商无参数时给 ""）；对象 → json.dumps；
    不是 JSON 对象的（比如输出在 token 上限处被截断）→ {"invalid_json": 原文}。
    vLLM 会对历史里的 arguments 做 json.loads，坏的会让之后每个请求都失败；
    check_arguments 认得 invalid_json：回一条请模型重发的错误，工具不执行。
    """
    if isinstance(arguments, dict):
        return json.dumps(arguments, ensure_ascii=False)
    if arguments is None or (isinstance(arguments, str) and not arguments.strip()):
        return "{}"
    try:  # 只认严格的 JSON：NaN、孤立的 \ud800 之类 Python 收，别的服务端不收
        parsed = json.loads(arguments, parse_constant=not_json)
        if isinstance(parsed, dict) and not LONE_SURROGATES.search(json.dumps(parsed, ensure_ascii=False)):
            return arguments
    except (TypeError, ValueError, RecursionError):
        pass
    return json.dumps({INVALID_JSON: str(arguments)[:MAX_LINE_CHARS]}, ensure_ascii=False)


INVALID_JSON = "invalid_json"


def not_json(word: str):
    raise ValueError(f"{word} 不是 JSON")


def check_arguments(name: str, arguments) -> tuple[dict, str]:
    """解析 arguments 并按 schema 检查。返回 (参数, 问题)，没问题时问题为空。"""
    arguments = json.loads(json_arguments(arguments))
    if list(arguments) == [INVALID_JSON]:
        return {}, (f"{name} 的参数不是完整的 JSON 对象（可能是输出被截断了）：{quoted(str(arguments[INVALID_JSON]))}。"
                    "工具没有执行。请重新发起这次调用，arguments 要是完整的 JSON 对象")
    params = SCHEMAS[name]["parameters"]
    props = params["properties"]
    missing = [p for p in params.get("required", []) if p not in arguments]
    unknown = [p for p in arguments if p not in props]
    if missing or unknown:
        return {}, (f"{name} 的参数不对（缺少：{', '.join(missing) or '无'}；"
                    f"多余：{', '.join(unknown) or '无'}）。它接受的参数：{', '.join(props)}")
    for key, value in arguments.items():
        want = props[key]["type"]
        if want == "integer" and isinstance(value, float) and value.is_integer():
            arguments[key] = value = int(value)
        if not isinstance(value, PYTHON_TYPES[want]) or isinstance(value, bool):
            return {}, f"{name} 的参数 {key} 应该是 {want}，收到的是 {json.dumps(value, ensure_ascii=False)}"
    return arguments, ""


PYTHON_TYPES = {"string": str, "integer": int}


# ── 模型看到的工具说明 ───────────────────────────────────────
def function_schema(name: str, description: str, properties: dict, required: list) -> dict:
    return {"name": name, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}


SCHEMAS = {s["name"]: s for s in [
    function_schema("list_files", "列出目录下的文件和子目录（目录名以 / 结尾）。", {
        "path": {"type": "string", "description": "目录路径，相对于工作目录，默认 ."},
    }, []),
    function_schema("read_file", "读取文本文件的一段，每行带行号。文件长时按 offset/limit 分页读。", {
        "path": {"type": "string", "description": "文件路径，相对于工作目录"},
        "offset": {"type": "integer", "description": "从第几行开始读，从 1 起，默认 1"},
        "limit": {"type": "integer", "description": f"最多读多少行，默认 {READ_LINES}"},
    }, ["path"]),
    function_schema("search_files", "在文件内容里搜索一段文字，返回 文件:行号: 内容，最多 50 条。", {
        "query": {"type": "string", "description": "要搜索的文字（区分大小写）"},
        "path": {"type": "string", "description": "在哪个目录下搜索，默认 ."},
    }, ["query"]),
    function_schema("run_command", "在工作目录里执行一条 shell 命令，返回退出码和输出。每条命令需要用户确认。", {
        "command": {"type": "string", "description": "要执行的 shell 命令"},
    }, ["command"]),
]}

TOOLS = [{"type": "function", "function": schema} for schema in SCHEMAS.values()]
