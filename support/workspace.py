"""工作目录的边界：文件工具只能碰工作目录里的普通文件，碰不到保存密钥的 env 文件。"""

import errno
import os
import stat
from pathlib import Path

from support.terminal import escaped

ENV_TEMPLATES = {".env.example", ".env.sample", ".env.template"}  # 模板，不是密钥
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)  # 打开文件不会卡住
SPECIAL_KINDS = {
    stat.S_IFIFO: "命名管道 FIFO",
    stat.S_IFSOCK: "套接字 socket",
    stat.S_IFCHR: "字符设备",
    stat.S_IFBLK: "块设备",
}


def inside_workspace(path: str, env_files: frozenset = frozenset()) -> Path:
    """把模型给的路径变成工作目录内的真实路径；出界或是 env 文件就拒绝（PermissionError）。"""
    root = Path.cwd().resolve()
    target = (root / path).resolve()  # resolve 会跟随符号链接，所以链接出界也能发现
    if target != root and root not in target.parents:
        raise PermissionError(f"{quoted(path)} 在工作目录 {root} 之外，不能访问")
    if any(map(is_env_name, target.relative_to(root).parts)) or (
        not target.is_dir() and is_secret(str(target), env_files)
    ):
        raise PermissionError(f"{quoted(path)} 是（或在）保存密钥的 env 文件或目录，不能读取")
    return target


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


def open_regular(target: Path, path: str):
    """只打开普通文件（二进制模式）：命名管道、设备一打开就可能一直等下去。
    先看类型，再以不阻塞的方式打开；打开后再看一次，防止中途被换掉。"""
    mode = target.stat().st_mode
    if stat.S_ISREG(mode):
        f = os.fdopen(os.open(target, READ_FLAGS), "rb")
        if stat.S_ISREG(mode := os.fstat(f.fileno()).st_mode):
            return f
        f.close()
    raise OSError(f"{quoted(path)} 是{kind_of(mode)}，不是普通文件，不能读取")


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
