"""search_files 的快速搜索：像 grep 一样每个文件只花 3 次系统调用，命名管道、符号链接、env 文件都不碰。

POSIX 上按目录的 fd 往下走（scandir(fd)、openat），不跟随符号链接：扫描之后才换上的链接打不开，
搜不到工作目录外面去；路径比系统上限还长的文件也照样能搜。
"""

import errno
import os
from pathlib import Path

from support.workspace import (
    BY_FD,
    FOLDER_FLAGS,
    NOFOLLOW,
    READ_FLAGS,
    is_env_name,
    looks_binary,
    open_folder,
    quoted,
    shown,
    utf16,
    verified,
)

SKIP_DIRS = {"node_modules", "__pycache__", "site-packages"}  # 另外：隐藏目录、虚拟环境（skip_dir）
VENV_MARK = "pyvenv.cfg"  # 有它的目录是虚拟环境
SHOWN_SKIPPED = 10  # 结果里最多列出几个没有进去的目录
SHOWN_MISSED = 5  # 结果里最多列出几个没能搜的文件或目录
# 结果末尾说哪些没搜的两句的开头（离线演示认它们）：“[有 N 个文件或目录没有搜：…]”“[没有进去搜的 N 个目录：a、b（…）]”
MISSED_NOTE = "[有 "
SKIPPED_NOTE = "[没有进去搜的 "
SKIPPED_WHY = "（整体搜索跳过隐藏目录、node_modules、site-packages 和虚拟环境；要搜里面，把 path 指向它）"
COMMON_BYTES = b" etaoinsrlcd\nupmh_f.g(),=\"ybw:'vk-x/0;1T2S>A<"  # 代码里最常见的字节，越靠前越常见


MEDIA = frozenset(  # 整体搜索时这些文件里碰巧有要搜的字节，说明不了什么（数据文件 .bin、.db 不在里面：也许真存着它）
    "png jpg jpeg gif ico webp bmp tif tiff pdf zip gz tgz bz2 xz 7z tar jar woff woff2 ttf otf eot mp3 mp4 m4a wav ogg"
    " webm mov avi pyc pyo so dll dylib exe class o a".split()
)


def matching_lines(files: "FileWalk", query: str, max_file_bytes: int):
    """逐个给出 (文件, 行号, 这一行) —— 这一行包含 query。比 max_file_bytes 大的文件不搜、含有 query 的
    二进制文件不列行，都记在 files 的 missed 里（结果末尾会注明）。"""
    needle = query.encode("utf-8")
    # 锚点：query 里在代码中最少见的那个字节，用它快速排除不含 query 的文件
    offset = max(range(len(needle)), key=lambda i: rarity(needle[i]))
    for file, fd in files:
        data = small_file_bytes(fd, max_file_bytes)
        if data is None:
            files.miss(file, f"超过 {max_file_bytes / 1e6:g} MB，search_files 不搜；可以用 read_file 分页读")
            continue
        if utf16(data):  # UTF-16 写的文本（PowerShell 5.1 的 >）：搜不了，要说出来
            files.miss(file, "UTF-16 编码的文本，search_files 只搜 UTF-8")
            continue
        # 先整块找一次：大多数文件里根本没有，不必逐行拆开
        if not contains(data, needle, offset):
            continue
        if looks_binary(data[:8192]):  # 像 grep 的“Binary file matches”：不列行，要说（图片、字体这些里的字节不算）
            if file.rpartition(".")[2].lower() not in MEDIA or files.one:  # 只搜这一个文件：问的就是它
                files.miss(
                    file, "看起来是二进制文件，里面有要搜的这串字节，没有列出行；文本文件的话可以用 read_file 读"
                )
            continue
        for line_no, line in enumerate(data.split(b"\n"), 1):  # 和 read_file 一样只按 \n 分行
            if needle in line:
                yield file, line_no, line.decode("utf-8", errors="replace")


def walk_files(root: str, env_files: frozenset) -> "FileWalk":
    """要搜的文件：root 下深度优先、按名字排序（和 os.walk 的顺序一样），见 FileWalk。"""
    return FileWalk(root, env_files)


class FileWalk:
    """walk_files 的结果。迭代时给出 (路径, 打开的 fd)，fd 由拿到的人读完关掉（matching_lines 会关）。

    文件类型用 scandir 白给的 d_type 判断，不多花系统调用：符号链接（可能指向工作目录之外）、
    命名管道、设备都不碰；名字像 env 文件的不碰，打开后再核对不是读过的 .env（硬链接）。
    打不开、没能搜的文件或目录（搜的时候被删了、没有权限、太大）记在 missed 里；整体搜索没有进去的目录
    （skip_dir，__pycache__ 除外：里面只是搜过的 .py 编译出来的）记在 skipped 里。见 coverage_note。
    """

    def __init__(self, root: str, env_files: frozenset):
        self.root, self.env_files, self.one = root, env_files, not os.path.isdir(root)
        self.missed, self.missed_names = 0, []  # 没能搜的有几个；前 SHOWN_MISSED 个（名字和原因）
        self.skipped, self.skipped_names = 0, []  # 没有进去的目录有几个；前 SHOWN_SKIPPED 个的路径

    def __iter__(self):
        return one_file(self) if self.one else walk(self)

    def miss(self, path: str, reason: str) -> None:
        self.missed += 1
        if len(self.missed_names) < SHOWN_MISSED:
            self.missed_names.append(f"{quoted(shown(Path(path)), 80)}（{reason}）")

    def skip(self, path: str) -> None:
        self.skipped += 1
        if len(self.skipped_names) < SHOWN_SKIPPED:
            self.skipped_names.append(quoted(shown(Path(path)), 80))  # 名字再长，这一行也不挤掉匹配


def coverage_note(files: FileWalk) -> str:
    """search_files 结果末尾：哪些没有搜——没能搜的文件或目录、整体搜索跳过的目录（都搜了就是空字符串）。
    没搜到不等于没有：模型（和离线演示）靠这几句知道还有哪里没看。"""
    note = ""
    if files.missed:
        more = " 等" if files.missed > len(files.missed_names) else ""
        note += f"\n{MISSED_NOTE}{files.missed} 个文件或目录没有搜：{'、'.join(files.missed_names)}{more}]"
    if files.skipped:
        more = " 等" if files.skipped > len(files.skipped_names) else ""
        note += f"\n{SKIPPED_NOTE}{files.skipped} 个目录：{'、'.join(files.skipped_names)}{more}{SKIPPED_WHY}]"
    return note


def walk(files: FileWalk):
    stack = []  # 走到的每一级目录：(句柄, 路径, 还没进去的子目录名)；句柄在 POSIX 上是 fd，Windows 上是路径
    folder = (open_top(Path(files.root), Path(files.root)), files.root)
    try:
        while folder:
            handle, path = folder
            names, subfolders = scan(handle, path, files)
            stack.append((handle, path, iter(subfolders)))
            prefix = os.path.join(path, "")  # 以 / 结尾；每个文件拼一次字符串，不必每次 os.path.join
            for name in names:
                fd = open_file(handle, name, prefix + name, files)
                if fd is not None:
                    yield prefix + name, fd
            folder = next_folder(stack, files)
    finally:
        for handle, _, _ in stack:
            close(handle)


def one_file(files: FileWalk):
    """root 是一个文件：打开它所在的目录，只给出它。"""
    root = Path(files.root)
    handle = open_top(root.parent, root)
    try:
        fd = open_file(handle, root.name, files.root, files)
        if fd is not None:
            yield files.root, fd
    finally:
        close(handle)


def open_top(folder: Path, target: Path):
    """从工作目录起一级一级、不跟随链接地打开 folder（open_folder），返回 fd；Windows 上就是路径。"""
    if not BY_FD:
        return str(folder)
    return open_folder(folder.relative_to(Path.cwd().resolve()).parts, shown(target), target)


def scan(handle, path: str, files: FileWalk) -> tuple[list, list]:
    """一个目录里要搜的文件名和要进去的子目录名，都按名字排好。"""
    try:
        entries = sorted(os.scandir(handle), key=lambda e: e.name)
    except OSError as e:
        files.miss(path, e.strerror)
        return [], []
    names = [e.name for e in entries if e.is_file(follow_symlinks=False) and not is_env_name(e.name)]
    for e in entries:  # 存密钥的 env 文件不搜，也要说：没搜到不等于没有
        if e.is_file(follow_symlinks=False) and is_env_name(e.name):
            files.miss(os.path.join(path, e.name), "保存密钥的 env 文件，不搜")
    folders = []
    for e in entries:
        if e.is_symlink():  # 不跟随（可能指向工作目录外面），但要说：没搜到不等于没有
            files.miss(os.path.join(path, e.name), "符号链接，搜索不跟随")
        elif not e.is_dir(follow_symlinks=False):
            continue
        elif not skip_dir(handle, e.name):
            folders.append(e.name)
        elif e.name != "__pycache__":
            files.skip(os.path.join(path, e.name))
    return names, folders


def next_folder(stack: list, files: FileWalk):
    """下一个要进去的目录 (句柄, 路径)：当前目录还有子目录就进去，没有了就关掉它、退回上一级。"""
    while stack:
        handle, path, names = stack[-1]
        for name in names:
            where, dir_fd = inside(handle, name)
            try:
                sub = os.open(where, FOLDER_FLAGS, dir_fd=dir_fd) if BY_FD else where
            except OSError as e:
                if e.errno not in (errno.ENOTDIR, errno.ELOOP):  # 扫描之后换成了链接：本来就不进链接
                    files.miss(os.path.join(path, name), e.strerror)
                continue
            return sub, os.path.join(path, name)
        close(stack.pop()[0])
    return None


def open_file(handle, name: str, path: str, files: FileWalk):
    """打开要搜的文件，不跟随符号链接；打开后核对是普通文件、不是读过的 .env。打不开就返回 None。"""
    try:
        fd = os.open(name, READ_FLAGS | NOFOLLOW, dir_fd=handle) if BY_FD else os.open(path, READ_FLAGS)
    except OSError as e:
        if e.errno != errno.ELOOP:  # 扫描之后换成了符号链接：本来就不碰链接
            files.miss(path, e.strerror)
        return None
    if BY_FD and not files.env_files:  # 名字已经查过；没读过 .env 就不用再 fstat，省一次系统调用
        return fd
    try:
        return verified(fd, path, files.env_files, None if BY_FD else Path(path))
    except OSError:
        return None


def inside(handle, name: str) -> tuple:
    """目录里的 name，给 os.open、os.stat 用：(名字, dir_fd)；Windows 上是 (完整路径, None)。"""
    return (name, handle) if BY_FD else (os.path.join(handle, name), None)


def close(handle) -> None:
    if BY_FD:
        os.close(handle)


def skip_dir(handle, name: str) -> bool:
    """整体搜索时不进去的目录：隐藏目录、SKIP_DIRS、名字像 env 文件的、虚拟环境（里面有 pyvenv.cfg）。"""
    return skipped_name(name) or is_venv(handle, name)


def skipped_folder(path: str) -> bool:
    """和 skip_dir 同一条规矩，按路径（相对于工作目录）问：离线演示分开搜各个子目录时，跳过的也是这些。"""
    return skipped_name(os.path.basename(path)) or os.path.exists(os.path.join(path, VENV_MARK))


def skipped_name(name: str) -> bool:
    return name.startswith(".") or name in SKIP_DIRS or is_env_name(name)


def is_venv(handle, name: str) -> bool:
    where, dir_fd = inside(handle, os.path.join(name, VENV_MARK))
    try:
        os.stat(where, dir_fd=dir_fd)
    except OSError:
        return False
    return True


def rarity(byte: int) -> int:
    rank = COMMON_BYTES.find(bytes([byte]))
    return len(COMMON_BYTES) if rank < 0 else rank


def contains(data: bytes, needle: bytes, offset: int) -> bool:
    """needle in data，但更快：先用 find 找锚点字节（底层是 memchr），找到再比对整个 needle。

    锚点很少见时，大多数文件一次 memchr 就排除了；锚点出现太多次就退回普通的 in。
    """
    anchor = needle[offset : offset + 1]
    i = data.find(anchor, offset)
    for _ in range(16):
        if i < 0:
            return False
        if data.startswith(needle, i - offset):
            return True
        i = data.find(anchor, i + 1)
    return needle in data


def small_file_bytes(fd: int, max_bytes: int) -> bytes | None:
    """读完整个文件并关掉 fd；比 max_bytes 大就返回 None，读不了返回 b""。

    用最底层的 os.read：大多数源码文件一次 read 就读完，不用先 stat，
    每个文件 3 次系统调用（open、read、close），和 grep 一样。
    """
    try:
        data = os.read(fd, 65536)
        if len(data) < 65536:
            return data
        if os.fstat(fd).st_size > max_bytes:
            return None
        return data + os.read(fd, max_bytes)
    except OSError:
        return b""
    finally:
        os.close(fd)
