"""工作目录的边界：文件工具只能碰工作目录里的普通文件，碰不到保存密钥的 env 文件。"""

import errno
import mimetypes
import os
import re
import stat
from pathlib import Path

from support.escapes import escaped

ENV_TEMPLATES = {".env.example", ".env.sample", ".env.template"}  # 模板，不是密钥
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)  # 打开文件不会卡住
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # 最后一级是符号链接就打不开（ELOOP）
FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
# POSIX：按目录的 fd 一级一级打开（dir_fd），检查过的路径中途换不掉；Windows 没有 dir_fd，只能打开后再核对
BY_FD = bool(NOFOLLOW) and os.open in os.supports_dir_fd and os.scandir in os.supports_fd
SPECIAL_KINDS = {
    stat.S_IFIFO: "命名管道 FIFO",
    stat.S_IFSOCK: "套接字 socket",
    stat.S_IFCHR: "字符设备",
    stat.S_IFBLK: "块设备",
    stat.S_IFDIR: "目录",
}
SKIP_BLOCK = 1 << 20  # skip_lines 一次读 1 MB 来数换行符
LINE_STARTS = {}  # (st_dev, st_ino, st_size, st_mtime_ns, 行号) → 这一行开头的字节位置，见 remember_line
MAX_LINE_STARTS = 256


def inside_workspace(path: str, env_files: frozenset = frozenset()) -> Path:
    """把模型给的路径变成工作目录内的真实路径；出界或是 env 文件就拒绝（PermissionError）。"""
    kind = windows_form(path)
    if kind:  # 在解析路径之前：Windows 上解析 \\host\share 就已经连上了那台机器（还送去了登录凭据）
        raise PermissionError(f"{quoted(path)} 是{kind}：文件工具只碰工作目录里的文件，请写相对于工作目录的路径")
    root = Path.cwd().resolve()
    target = (root / path).resolve()  # resolve 会跟随符号链接，所以链接出界也能发现
    if target != root and root not in target.parents:
        raise PermissionError(f"{quoted(path)} 在工作目录 {root} 之外，不能访问")
    if any(map(is_env_name, target.relative_to(root).parts)) or (
        not target.is_dir() and is_secret(str(target), env_files)
    ):
        raise secret_error(path)
    return target


def windows_form(path: str) -> str:
    """Windows 上指向工作目录之外的几种写法（在哪个系统上都拒绝：Linux 上这样命名的文件也不碰），不是就返回空串。"""
    if re.match(r"[\\/]{2}", path):
        return "网络路径或设备路径（\\\\主机\\共享、//主机/共享、\\\\?\\…）"
    if re.match(r"[A-Za-z]:", path):
        return "带盘符的路径（C:\\…、C:…）"
    return "从盘的根开始的路径（\\…）" if path.startswith("\\") else ""


def is_secret(path: str, env_files: frozenset, entry: os.DirEntry | None = None) -> bool:
    """三个文件工具共用的一条规则：名字像 env 文件（is_env_name），或者和读过的 .env（env_files）
    是同一个文件（硬链接）。符号链接看它指向的文件。"""
    if entry and entry.is_symlink():
        path, entry = os.path.realpath(path), None
    if is_env_name(entry.name if entry else os.path.basename(path)):
        return True
    if not env_files or (entry and all(entry.inode() != ino for _, ino in env_files)):
        return False  # scandir 白给的 inode 先排除一遍，大多数文件不用再 stat
    try:
        st = os.stat(path)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) in env_files


def is_env_name(name: str) -> bool:
    """不分大小写，去掉编辑器备份加的 # 和 ~ 以后，以 .env 开头或结尾：.env、.env.local、.envrc、
    .env-prod、.env~、#.env#、prod.env、.envs/ 都算；模板（ENV_TEMPLATES）除外。"""
    core = name.lower().strip("#~")
    return core not in ENV_TEMPLATES and (core.startswith(".env") or core.endswith(".env"))


def quoted(text: str, limit: int = 200) -> str:
    """错误里引用模型给的参数：只引开头，免得一个超长参数把结果撑爆。"""
    return text if len(text) <= limit else f"{text[:limit]}…（共 {len(text)} 个字符）"


def shown(path: Path) -> str:
    """给模型看的相对路径，统一用 /，看不见的字符写成转义。"""
    rel = path.relative_to(Path.cwd().resolve())
    return escaped(rel.as_posix()) if rel.parts else "."


def kind_of(mode: int) -> str:
    return SPECIAL_KINDS.get(stat.S_IFMT(mode), "特殊文件")


def looks_binary(head: bytes) -> bool:
    return b"\0" in head


def utf16(head: bytes) -> bool:
    """UTF-16 写的文本（PowerShell 5.1 的 > 就写这种）：开头是字节顺序标记。"""
    return head[:2] in (b"\xff\xfe", b"\xfe\xff")


def binary_kind(head: bytes, name: str) -> str:
    """read_file 不显示的文件是什么：UTF-16 写的文本单独说，别的按扩展名猜类型。"""
    if utf16(head):
        return "UTF-16 编码的文本文件（read_file 只读 UTF-8：先把它转成 UTF-8 再读）"
    return f"二进制文件（{mimetypes.guess_type(name)[0] or '类型未知'}）"


def list_entry(path: str, name: str, env_files: frozenset) -> str:
    """list_files 的一行：目录以 / 结尾；读不了的项照样列出，注明原因。"""
    try:
        if os.path.isdir(path):
            return escaped(name) + "/"
        mode = os.stat(path).st_mode  # 跟随符号链接：坏掉的、绕成循环的在这里报错
        if stat.S_ISREG(mode) and not is_secret(os.path.realpath(path), env_files):
            return escaped(name)
        reason = "保存密钥的 env 文件" if stat.S_ISREG(mode) else kind_of(mode)
    except FileNotFoundError:
        reason = "符号链接，指向的文件不存在"
    except OSError as e:
        reason = "符号链接，指向形成了循环" if e.errno == errno.ELOOP else e.strerror
    return f"{escaped(name)}（{reason}，不能读取）"


def open_regular(target: Path, path: str, env_files: frozenset = frozenset()):
    """打开 inside_workspace 检查过的那个普通文件（二进制模式），中途换不掉它。见 open_checked。"""
    return os.fdopen(open_checked(target, path, env_files), "rb")


def open_checked(target: Path, path: str, env_files: frozenset = frozenset()) -> int:
    """打开检查过的文件 target，返回 fd；path 是模型给的原话，报错时引用。

    POSIX：从工作目录起一级一级地打开（open_folder），哪一级都不跟随符号链接，检查之后才换上的链接打不开；
    命名管道、设备先看类型，不打开。打开后用 fstat 再核对一次（verified）。
    Windows 没有 dir_fd：按路径打开，再核对打开的就是这个路径上的文件（尽力而为）。
    """
    if not BY_FD:
        if not stat.S_ISREG(mode := target.stat().st_mode):
            raise not_regular(path, mode)
        return verified(os.open(target, READ_FLAGS), path, env_files, target)
    folder = open_folder(target.parent.relative_to(Path.cwd().resolve()).parts, path, target)
    try:
        mode = os.stat(target.name, dir_fd=folder, follow_symlinks=False).st_mode
        fd = os.open(target.name, READ_FLAGS | NOFOLLOW, dir_fd=folder) if stat.S_ISREG(mode) else -1
    except OSError as e:
        raise open_error(e, folder, target.name, path, target) from None
    finally:
        os.close(folder)
    if fd < 0:
        raise not_regular(path, mode)
    return verified(fd, path, env_files)


def open_folder(parts: tuple, path: str, target: Path) -> int:
    """从工作目录起，按 parts 一级一级打开目录，返回最后一级的 fd。每一级都相对上一级的 fd 打开（dir_fd），
    不跟随符号链接：parts 来自检查过的真实路径，本来没有链接，中途被换成链接的那一级打不开。"""
    fd = os.open(".", FOLDER_FLAGS)
    for name in parts:
        try:
            sub = os.open(name, FOLDER_FLAGS, dir_fd=fd)
        except OSError as e:
            error = open_error(e, fd, name, path, target)
            os.close(fd)
            raise error from None
        os.close(fd)
        fd = sub
    return fd


def folder_names(folder: Path, path: str) -> list:
    """list_files 列的名字：和 open_checked 一样从工作目录起一级一级打开检查过的目录再列，中途换成链接也列不到外面。"""
    if not BY_FD:
        return sorted(os.listdir(folder))
    parts = folder.relative_to(Path.cwd().resolve()).parts
    fd = open_folder(parts[:-1], path, folder)
    if parts:
        try:
            sub = os.open(parts[-1], FOLDER_FLAGS, dir_fd=fd)
        except OSError as e:
            raise open_error(e, fd, parts[-1], path, folder) from None
        finally:
            os.close(fd)
        fd = sub
    try:
        return sorted(os.listdir(fd))
    finally:
        os.close(fd)


def open_error(e: OSError, folder: int, name: str, path: str, target: Path) -> OSError:
    """打开失败时的报错：那一级在检查之后变成了符号链接就直说；否则照系统的说法，带上完整路径。"""
    try:
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except OSError:
        mode = 0
    return not_regular(path, mode) if stat.S_ISLNK(mode) else OSError(e.errno, e.strerror, str(target))


def verified(fd: int, path: str, env_files: frozenset, target: Path | None = None) -> int:
    """打开以后用 fstat 核对：是普通文件，也不是读过的 .env（硬链接也算）；不对就关掉，报错。
    给了 target（Windows）还要核对：路径上现在没有链接，指着的正是打开的这个文件。"""
    st = os.fstat(fd)
    problem = None
    if not stat.S_ISREG(st.st_mode):
        problem = not_regular(path, st.st_mode)
    elif (st.st_dev, st.st_ino) in env_files:
        problem = secret_error(path)
    elif target and not still_there(st, target):
        problem = PermissionError(f"{quoted(path)} 在检查之后被换过了，不能读取")
    if problem:
        os.close(fd)
        raise problem
    return fd


def still_there(st: os.stat_result, target: Path) -> bool:
    try:
        return os.path.realpath(target) == str(target) and os.path.samestat(st, os.stat(target))
    except OSError:
        return False


def read_regular(path, limit: int | None = None) -> tuple:
    """(os.stat_result, 全部内容)：先不等待地（O_NONBLOCK）打开、看类型，是普通文件（且不比 limit 大）才读，
    否则内容是 None。.env、录音要是命名管道，读它会一直等；是 /dev/zero，会一直读下去。打不开、读不了照常抛 OSError。"""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (limit is not None and st.st_size > limit):
            return st, None
        with os.fdopen(fd, "rb", closefd=False) as file:
            return st, file.read(-1 if limit is None else limit + 1)
    finally:
        os.close(fd)


def not_regular(path: str, mode: int) -> OSError:
    if stat.S_ISLNK(mode):  # 检查时路径里没有链接（inside_workspace 解开了所有链接）：是中途换上的
        return PermissionError(f"{quoted(path)} 在检查之后被换成了符号链接，不能读取")
    return OSError(f"{quoted(path)} 是{kind_of(mode)}，不是普通文件，不能读取")


def secret_error(path: str) -> PermissionError:
    return PermissionError(f"{quoted(path)} 是（或在）保存密钥的 env 文件或目录，不能读取")


def skip_lines(f, count: int) -> int:
    """从文件开头跳过 count 行，停在下一行的开头；返回真跳过了几行（文件不够长就是它的总行数）。

    从记下的、不超过目标的最近一处开始（remember_line：上一页停在哪里），按 1 MB 一块数换行符
    （bytes.count，C 的速度），不逐行读：顺着 offset 翻页不用重新数。和 read_line 一样只按 \\n 分行。
    """
    key = file_key(f)
    line, pos = max(((k[4], p) for k, p in LINE_STARTS.items() if k[:4] == key and k[4] <= count + 1), default=(1, 0))
    f.seek(pos)
    skipped, last = line - 1, b""
    while skipped < count:
        block = f.read(SKIP_BLOCK)
        if not block:  # 到了文件末尾：最后一行没有 \n 也算一行
            return skipped + (last not in (b"", b"\n"))
        newlines = block.count(b"\n")
        if skipped + newlines >= count:
            f.seek(f.tell() - len(block) + after_newline(block, count - skipped))
            remember_line(f, count + 1)
            return count
        skipped, last = skipped + newlines, block[-1:]
    return skipped


def after_newline(block: bytes, k: int) -> int:
    """block 里第 k 个换行符之后的位置。先二分着数（每次只数一半），剩下几 KB 再逐个找。"""
    lo, hi = 0, len(block)
    while hi - lo > 4096:
        mid = (lo + hi) // 2
        left = block.count(b"\n", lo, mid)
        if left >= k:
            hi = mid
        else:
            lo, k = mid, k - left
    i = lo - 1
    for _ in range(k):
        i = block.find(b"\n", i + 1)
    return i + 1


def remember_line(f, line_no: int) -> None:
    """记下第 line_no 行从 f 的当前位置开始，下一页（offset=line_no）直接从这里读。
    键里有文件的大小和修改时间：文件改过，记的就不再用。最多记 MAX_LINE_STARTS 处，最早记的先丢。"""
    LINE_STARTS[(*file_key(f), line_no)] = f.tell()
    if len(LINE_STARTS) > MAX_LINE_STARTS:
        del LINE_STARTS[next(iter(LINE_STARTS))]


def file_key(f) -> tuple:
    st = os.fstat(f.fileno())
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def read_line(f, max_chars: int) -> tuple[bytes, bool]:
    """读一行，最多保留 max_chars 字节；超长部分读过去但不保存。返回 (这一行, 是否截断)。"""
    line = f.readline(max_chars)
    cut = bool(line) and not line.endswith(b"\n")
    if cut:
        rest = f.readline(65536)
        cut = bool(rest)
        while rest and not rest.endswith(b"\n"):
            rest = f.readline(65536)
    return line, cut
